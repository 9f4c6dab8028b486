//! The page's digit keys: `1` chooses the first scenario of [`crate::scenarios::all`], and
//! so on for as many as there are (nine at most), as the help dialog lists them.

use crate::scenarios::{all, Scenario};

/// The scenario a key chooses, if it is a digit that names one.
///
/// # Examples
/// ```
/// use asyncio_playground::page::keys::scenario_of_key;
/// use asyncio_playground::scenarios::all;
/// assert_eq!(scenario_of_key("1").map(|s| s.id), Some(all()[0].id));
/// assert!(scenario_of_key("0").is_none() && scenario_of_key("r").is_none());
/// ```
pub fn scenario_of_key(key: &str) -> Option<&'static Scenario> {
    let n: usize = key.parse().ok().filter(|_| key.len() == 1)?;
    all().get(n.checked_sub(1)?)
}

/// The keys that choose a scenario, as the help lists them: `1 – 8` for eight scenarios.
///
/// # Examples
/// ```
/// use asyncio_playground::page::keys::scenario_keys;
/// assert!(scenario_keys().starts_with("1"));
/// ```
pub fn scenario_keys() -> String {
    match all().len().min(9) {
        0 | 1 => "1".into(),
        n => format!("1 – {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_up_to_nine_has_its_digit_and_no_other_digit_chooses() {
        let n = all().len();
        for (i, s) in all().iter().enumerate().take(9) {
            assert_eq!(scenario_of_key(&(i + 1).to_string()).map(|c| c.id), Some(s.id));
        }
        for digit in (n + 1).min(10)..10 {
            assert!(scenario_of_key(&digit.to_string()).is_none(), "{digit}");
        }
        assert!(scenario_of_key("10").is_none() && scenario_of_key("").is_none());
        assert_eq!(scenario_keys(), format!("1 – {}", n.min(9)));
    }
}
