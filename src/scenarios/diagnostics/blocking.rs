//! The loop held by one step: a blocking call (**blocking-call**), the step it held
//! (**slow-step**, asyncio's debug mode's), and a step that held it by computing
//! (**cpu-bound**: debug mode's slow step, named as the guide's mistake), from a run's trace.

use super::task_repr::slow_step_text;
use super::{without_comment, Diagnostic, Kind};
use crate::i18n::Msg;
use crate::runtime::{EventKind, IdMap};
use crate::scenarios::common::py_round;
use crate::scenarios::RunResult;

/// asyncio's `BaseEventLoop.slow_callback_duration`: debug mode reports a step that takes
/// at least this long.
pub const SLOW_STEP: f64 = 0.1;

/// Blocking calls on the loop's thread, made by a task's step or by a callback the loop runs
/// (an own program's `call_soon` / `call_later`; a `to_thread` job's are on a worker and not
/// recorded as blocking the loop).
pub(super) fn blocking_calls(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    trace
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let EventKind::Blocked { secs, what } = &e.kind else { return None };
            if *secs <= 0.0 {
                return None;
            }
            let key = if what == "time.sleep" {
                "diag-blocking-sleep"
            } else if what.starts_with("requests.") {
                "diag-blocking-request"
            } else {
                return None;
            };
            let msg = Msg::new(key).arg("line", e.line).arg("secs", py_round(*secs, 3)).code("code", without_comment(run.source.line_text(e.line)).to_string());
            Some(Diagnostic { kind: Kind::BlockingCall, task: e.task, line: e.line, at: e.t, event: i, msg, cpython: None })
        })
        .collect()
}

/// The steps of a scenario's run that held the loop at least [`SLOW_STEP`]: the blocking
/// calls between a step's start and its end (its suspension or outcome) — on the virtual
/// clock nothing else takes time inside a step, and on the real clock the executor's own
/// work is not the program's — each in CPython's words, the task's repr read from the trace
/// (`task_repr`). (An own program's are CPython's own warnings: see [`warnings`].)
pub(super) fn slow_steps(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    let mut began: IdMap<(usize, f64)> = IdMap::new();
    let mut out = Vec::new();
    for (i, e) in trace.events.iter().enumerate() {
        match e.kind {
            EventKind::Resumed(_) => {
                began.insert(e.task, (i, 0.0));
            }
            EventKind::Blocked { secs, .. } => {
                if let Some((_, held)) = began.get_mut(e.task) {
                    *held += secs;
                }
            }
            EventKind::Suspended { .. } | EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                if let Some((from, held)) = began.remove(e.task) {
                    if held >= SLOW_STEP - 1e-9 {
                        let cpython = slow_step_text(trace, run.params.python(), i, held);
                        out.push(slow_step(run, from, i, held, cpython));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A slow step of the task of `trace.events[end]`, begun at `from`: at the line of its
/// longest blocking call (else where it ended). Of no task (task 0): a callback the loop ran,
/// named as CPython's text names it.
fn slow_step(run: &RunResult, from: usize, end: usize, took: f64, cpython: Option<String>) -> Diagnostic {
    let trace = &run.report.trace;
    let e = &trace.events[end];
    let longest = blocking_calls_in(run, from, end).max_by(|a, b| a.0.total_cmp(&b.0));
    let line = longest.map_or(e.line, |(_, line)| line);
    let msg = match cpython.as_deref().and_then(handle_callback).filter(|_| e.task == 0) {
        Some(callback) => Msg::new("diag-slow-callback").code("callback", callback.to_string()),
        None => Msg::new("diag-slow-step").arg("task", trace.task_name(e.task)),
    };
    let msg = msg.arg("secs", py_round(took, 3)).arg("line", line).code("code", without_comment(run.source.line_text(line)).to_string());
    Diagnostic { kind: Kind::SlowStep, task: e.task, line, at: e.t, event: end, msg, cpython }
}

/// An own program's slow step, in CPython's words (`took`: its seconds), from the `Resumed`
/// event at `from` to the warning at `end`: **cpu-bound** when it took longer than its
/// blocking calls slept — the harness adds a step's measured computing to its seconds only
/// when that alone reached `loop.slow_callback_duration` (`static/py/virtual_asyncio/cpu.py`),
/// and then records the warning at the line the computing went to — else **slow-step**.
pub(super) fn own_slow_step(run: &RunResult, from: usize, end: usize, took: f64, cpython: String) -> Diagnostic {
    let trace = &run.report.trace;
    let e = &trace.events[end];
    let blocked: f64 = blocking_calls_in(run, from, end).map(|(secs, _)| secs).sum();
    // (The text's seconds have three decimals: a step that only blocked is within 0.0005.)
    let computed = took - blocked;
    if computed < 0.001 {
        return slow_step(run, from, end, took, Some(cpython));
    }
    let msg = Msg::new("diag-cpu-bound")
        .arg("task", trace.task_name(e.task))
        .arg("secs", py_round(computed, 2))
        .arg("line", e.line)
        .code("code", without_comment(run.source.line_text(e.line)).to_string());
    Diagnostic { kind: Kind::CpuBound, task: e.task, line: e.line, at: e.t, event: end, msg, cpython: Some(cpython) }
}

/// The blocking calls (seconds, line) of the task of `trace.events[end]` between `from` and
/// `end`: what one of its steps slept holding the loop.
fn blocking_calls_in(run: &RunResult, from: usize, end: usize) -> impl Iterator<Item = (f64, u32)> + '_ {
    let events = &run.report.trace.events;
    let task = events[end].task;
    events[from..=end].iter().filter(move |b| b.task == task).filter_map(|b| match b.kind {
        EventKind::Blocked { secs, .. } => Some((secs, b.line)),
        _ => None,
    })
}

/// The callback of CPython's `Executing <Handle cb() at main.py:4> took 0.150 seconds` (a
/// timer's: `<TimerHandle when=0.5 cb() at …>`): `cb()`.
pub(super) fn handle_callback(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("Executing <")?;
    let rest = match rest.strip_prefix("TimerHandle when=") {
        Some(timer) => timer.split_once(' ')?.1,
        None => rest.strip_prefix("Handle ")?,
    };
    let end = rest.find(" at ").or_else(|| rest.find('>'))?;
    Some(&rest[..end])
}

/// The seconds of CPython's `Executing <…> took 0.150 seconds`.
pub(super) fn slow_step_secs(text: &str) -> Option<f64> {
    let rest = text.strip_prefix("Executing ")?.strip_suffix(" seconds")?;
    crate::decimal::parse_f64(rest.rsplit_once(" took ")?.1).ok()
}
