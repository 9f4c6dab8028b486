//! Small helpers the scenarios' programs share: Python's `round()`, the rendered programs'
//! `elapsed()`, and a task's state as the rendered Python's `state(task)` reports it.

use super::python::py_float;
use crate::runtime::{now, TaskHandle};

/// Python's `round(x, places)` for a float: correctly rounded, ties to even on the exact
/// binary value — which is what Rust's fixed-precision formatting does too.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::common::py_round;
/// assert_eq!(py_round(0.30000000000000004, 2), 0.3);
/// assert_eq!(py_round(0.125, 2), 0.12); // like Python: 0.125 is exact, ties go to even
/// assert_eq!(py_round(2.675, 2), 2.67); // 2.675 is really 2.67499999…
/// ```
pub fn py_round(x: f64, places: usize) -> f64 {
    format!("{x:.places$}").parse().unwrap_or(x)
}

/// What the rendered programs' `elapsed()` prints: the seconds since `start` (their
/// `START`), rounded to 2 places as `round(…, 2)` does, written as Python writes a float.
pub fn elapsed(start: f64) -> String {
    py_float(py_round(now() - start, 2))
}

/// The rendered programs' `elapsed()` called by the running task: its frame runs its one line
/// (the anchor `elapsed.return`; its `def` carries `elapsed`), then [`elapsed`]'s text.
pub fn elapsed_in(src: &super::Source, start: f64) -> String {
    let _frame = crate::runtime::enter("elapsed", "elapsed()", src.line("elapsed"));
    src.at("elapsed.return");
    elapsed(start)
}

/// `"running"`, `"done"`, `"failed"` or `"cancelled"`: the rendered programs' `state(task)`.
pub fn state_of<T: Clone + 'static>(task: &TaskHandle<T>) -> &'static str {
    match task.result() {
        None => "running",
        Some(Ok(_)) => "done",
        Some(Err(e)) if e.is_cancelled() => "cancelled",
        Some(Err(_)) => "failed",
    }
}

/// The Python source of `state(task)`, matching [`state_of`].
pub const PY_STATE: &str = r#"def state(task):
    if not task.done():
        return "running"
    if task.cancelled():
        return "cancelled"
    return "failed" if task.exception() else "done"
"#;
