//! Decimal text to `f64`: what `str::parse::<f64>` accepts and the value it gives — the
//! nearest `f64`, ties to even — computed without its table of 651 128-bit powers of five
//! (10 KB that brotli cannot shrink: 5 % of the page's first load, which needs a float parser
//! for the parameters typed into the form and read from the URL).
//!
//! Short numbers, the ones people type (up to 15 significant digits, a power of ten up to
//! 22), take Clinger's fast path: both the digits and the power of ten are exact in an `f64`,
//! so one multiplication or division rounds correctly. Any other number is converted exactly:
//! its digits (the first 800, the rest kept as a sticky bit: more than enough to round any
//! `f64` right) are halved or doubled, digit by digit, into [½, 1) × 2ᵉ, and the 53 bits (fewer
//! for a subnormal) are read off and rounded to nearest, ties to even. `tests/prop_params.rs`
//! holds it to `str::parse::<f64>` bit for bit.

use std::fmt;

/// The text is not a number `str::parse::<f64>` would read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseDecimalError;

impl fmt::Display for ParseDecimalError {
    /// `invalid float literal`, as `std::num::ParseFloatError` says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid float literal")
    }
}

impl std::error::Error for ParseDecimalError {}

/// The digits kept; the rest only say whether they were all zeros.
const MAX_DIGITS: usize = 800;

/// `s` as `str::parse::<f64>` reads it: an optional sign, then `inf`, `infinity` or `nan` (in
/// any case), or digits with an optional point and an optional exponent (`1`, `-2.5`, `.5`,
/// `5.`, `1e-3`, `+1E22`); no spaces.
///
/// # Examples
/// ```
/// use asyncio_playground::decimal::parse_f64;
/// assert_eq!(parse_f64("0.15"), Ok(0.15));
/// assert_eq!(parse_f64("-2.5e3"), Ok(-2500.0));
/// // (2^53 + 1: halfway between two f64s, to the even one, as str::parse gives it)
/// assert_eq!(parse_f64("9007199254740993").ok(), "9007199254740993".parse::<f64>().ok());
/// assert_eq!(parse_f64("1e400"), Ok(f64::INFINITY));
/// assert!(parse_f64("NaN").unwrap().is_nan());
/// assert!(parse_f64(" 1").is_err() && parse_f64("1,5").is_err() && parse_f64("").is_err());
/// ```
pub fn parse_f64(s: &str) -> Result<f64, ParseDecimalError> {
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        Decimal::parse(body).ok_or(ParseDecimalError)?.into_f64()
    };
    Ok(if negative { -magnitude } else { magnitude })
}

/// A non-negative decimal number: 0.d₁d₂… × 10^`point` (`digits` without leading zeros;
/// none for zero), and whether nonzero digits were dropped past [`MAX_DIGITS`].
struct Decimal {
    digits: Vec<u8>,
    point: i64,
    truncated: bool,
}

impl Decimal {
    /// Digits with an optional point and exponent, or `None` when not of that form.
    fn parse(body: &str) -> Option<Decimal> {
        let (mantissa, exponent) = match body.find(['e', 'E']) {
            Some(at) => (&body[..at], Some(&body[at + 1..])),
            None => (body, None),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if whole.is_empty() && fraction.is_empty() || !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let exponent = match exponent {
            None => 0,
            Some(e) => {
                let (negative, digits) = match e.as_bytes().first() {
                    Some(b'-') => (true, &e[1..]),
                    Some(b'+') => (false, &e[1..]),
                    _ => (false, e),
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                // (Past a million the number is 0 or infinite whatever its digits: saturate.)
                let n = digits.bytes().fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(1_000_000));
                if negative {
                    -n
                } else {
                    n
                }
            }
        };
        let mut digits = Vec::new();
        let mut point = whole.len() as i64;
        let mut truncated = false;
        for b in whole.bytes().chain(fraction.bytes()) {
            if digits.is_empty() && b == b'0' {
                point -= 1; // a leading zero
            } else if digits.len() < MAX_DIGITS {
                digits.push(b - b'0');
            } else if b != b'0' {
                truncated = true;
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        Some(Decimal { digits, point: point + exponent, truncated })
    }

    /// The nearest `f64`, ties to even.
    fn into_f64(mut self) -> f64 {
        if self.digits.is_empty() {
            return 0.0;
        }
        // (0.1 × 10^-323 is below half the smallest subnormal; 0.1 × 10^310 above the largest.)
        if self.point < -323 {
            return 0.0;
        }
        if self.point > 310 {
            return f64::INFINITY;
        }
        if let Some(fast) = self.fast_path() {
            return fast;
        }
        // Into [½, 1) × 2^e.
        let mut e: i64 = 0;
        while self.point > 0 {
            self.halve();
            e += 1;
        }
        while self.point < 0 || self.digits[0] < 5 {
            self.double();
            e -= 1;
        }
        // The bits below the leading one: 52 for a normal number (2^(e-1) ≥ 2^-1022), fewer for
        // a subnormal, in units of 2^-1074.
        let bits = if e > -1022 { 53 } else { e + 1074 };
        if bits < 0 {
            return 0.0; // below a quarter of the smallest subnormal
        }
        let mut m: u64 = 0;
        for _ in 0..bits {
            m = (m << 1) | u64::from(self.double_fraction());
        }
        if self.rounds_up(m) {
            m += 1;
        }
        if bits < 53 {
            return f64::from_bits(m); // a subnormal (2^52 units: the smallest normal)
        }
        if m == 1 << 53 {
            m >>= 1;
            e += 1;
        }
        let biased = e - 1 + 1023;
        if biased >= 2047 {
            return f64::INFINITY;
        }
        f64::from_bits(((biased as u64) << 52) | (m & ((1 << 52) - 1)))
    }

    /// Clinger's fast path: up to 15 digits times or over a power of ten up to 22, each exact
    /// in an `f64`, so the one operation rounds correctly.
    fn fast_path(&self) -> Option<f64> {
        const POWERS_OF_TEN: [f64; 23] =
            [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
        if self.truncated || self.digits.len() > 15 {
            return None;
        }
        let m = self.digits.iter().fold(0u64, |m, d| m * 10 + u64::from(*d)) as f64;
        // value = m × 10^(point - len)
        let power = self.point - self.digits.len() as i64;
        match power {
            0..=22 => Some(m * POWERS_OF_TEN[power as usize]),
            -22..=-1 => Some(m / POWERS_OF_TEN[(-power) as usize]),
            _ => None,
        }
    }

    /// Halves the number (its point moves left when its first digit was 1).
    fn halve(&mut self) {
        let mut out = Vec::with_capacity(self.digits.len() + 1);
        let mut rest = 0u8;
        for d in self.digits.iter().copied().chain(std::iter::repeat(0)) {
            let n = rest * 10 + d;
            out.push(n / 2);
            rest = n % 2;
            if out.len() >= self.digits.len() && rest == 0 {
                break;
            }
        }
        if out[0] == 0 {
            out.remove(0);
            self.point -= 1;
        }
        while out.last() == Some(&0) {
            out.pop();
        }
        self.digits = out;
    }

    /// Doubles the number (its point moves right when it carries into a new first digit).
    fn double(&mut self) {
        if self.double_fraction() == 1 {
            self.digits.insert(0, 1);
            self.point += 1;
        }
    }

    /// Doubles the digits as a fraction 0.d₁d₂…, returning what carries out of it (0 or 1);
    /// the point stays.
    fn double_fraction(&mut self) -> u8 {
        let mut carry = 0;
        for d in self.digits.iter_mut().rev() {
            let n = *d * 2 + carry;
            *d = n % 10;
            carry = n / 10;
        }
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        carry
    }

    /// Whether `m`, the bits read so far, rounds up: what is left (0.d₁d₂…, the point at 0) is
    /// more than a half, or exactly a half and `m` odd.
    fn rounds_up(&self, m: u64) -> bool {
        match self.digits.first() {
            None => false,
            Some(&d) if d != 5 => d > 5,
            Some(_) => self.digits.len() > 1 || self.truncated || m & 1 == 1,
        }
    }
}
