//! Each scenario's Predict-first questions, found by its id: the registry of the scenarios'
//! `PREDICT`s (what a question is: [`super::question`]). Reached by the teaching views only.

use super::question::Predict;

/// The questions of `scenario` (its id), if it asks any.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{all, questions};
/// // Every scenario asks something at its defaults.
/// for s in all() {
///     assert!(!(questions::of(s.id).unwrap().questions)(&s.defaults()).is_empty(), "{}", s.id);
/// }
/// assert!(questions::of("code").is_none());
/// ```
pub fn of(scenario: &str) -> Option<&'static Predict> {
    Some(match scenario {
        "sleep" => &super::sleep::PREDICT,
        "gather" => &super::gather::PREDICT,
        "taskgroup" => &super::taskgroup::PREDICT,
        "lock" => &super::lock::PREDICT,
        "blocking" => &super::blocking::PREDICT,
        "timeout" => &super::timeout::PREDICT,
        "bounded-fetch" => &super::bounded_fetch::PREDICT,
        "mistakes" => &super::mistakes::PREDICT,
        _ => return None,
    })
}
