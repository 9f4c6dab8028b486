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
    crate::decimal::parse_f64(&format!("{x:.places$}")).unwrap_or(x)
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
pub const PY_STATE: &str = r#"def state(task):⟦state⟧
    if not task.done():⟦state.if_done⟧
        return "running"⟦state.running⟧
    if task.cancelled():⟦state.if_cancelled⟧
        return "cancelled"⟦state.cancelled⟧
    return "failed" if task.exception() else "done"⟦state.last⟧
"#;

/// [`state_of`] as the running task calls the rendered programs' `state(task)`: its frame
/// runs the lines of [`PY_STATE`] that decide the answer.
pub fn state_in<T: Clone + 'static>(src: &super::Source, task: &TaskHandle<T>) -> &'static str {
    let _frame = crate::runtime::enter("state", "state(task)", src.line("state"));
    let state = state_of(task);
    src.at("state.if_done");
    if state == "running" {
        src.at("state.running");
        return state;
    }
    src.at("state.if_cancelled");
    src.at(if state == "cancelled" { "state.cancelled" } else { "state.last" });
    state
}
