//! Helpers for the Python side of a scenario: values printed the way Python prints them,
//! and literals written the way Python reads them.
//!
//! A scenario's program prints the same lines its rendered Python prints, so the two can
//! be compared line by line under the CPython harness.

use crate::runtime::Exc;

/// `repr(x)` / `str(x)` of a float as Python writes it: `1.0`, `0.5`, `0.30000000000000004`.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::python::py_float;
/// assert_eq!(py_float(1.0), "1.0");
/// assert_eq!(py_float(0.1 + 0.2), "0.30000000000000004");
/// ```
pub fn py_float(x: f64) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        }
    } else if x.fract() == 0.0 && x.abs() < 1e16 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// A number literal for Python source: `1`, `0.5` (integral values without `.0`, as the
/// guide writes `asyncio.sleep(1)`).
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::python::py_num;
/// assert_eq!(py_num(1.0), "1");
/// assert_eq!(py_num(0.25), "0.25");
/// ```
pub fn py_num(x: f64) -> String {
    format!("{x}")
}

/// `True` / `False`.
pub fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// `repr(s)` of a string without quotes or backslashes inside: `'text'`.
pub fn py_str(s: &str) -> String {
    if s.contains('\'') && !s.contains('"') {
        format!("\"{s}\"")
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// `repr(exc)`: `ValueError('boom at 2')`, `TimeoutError()`, `CancelledError()`.
pub fn py_repr_exc(e: &Exc) -> String {
    let msg = e.to_string();
    if msg.is_empty() {
        format!("{}()", e.type_name())
    } else {
        format!("{}({})", e.type_name(), py_str(&msg))
    }
}

/// `repr(list)` of already-formatted items: `[0, 2, 4]`.
pub fn py_list<I: IntoIterator<Item = String>>(items: I) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reprs_match_python() {
        assert_eq!(py_float(5.0), "5.0");
        assert_eq!(py_float(1.5), "1.5");
        assert_eq!(py_str("it's"), "\"it's\"");
        assert_eq!(py_repr_exc(&Exc::value_error("boom at 2")), "ValueError('boom at 2')");
        assert_eq!(py_repr_exc(&Exc::Timeout), "TimeoutError()");
        assert_eq!(py_list(["1".to_string(), "2".to_string()]), "[1, 2]");
    }
}
