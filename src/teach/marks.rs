//! Cause-and-effect marks for the timeline: a timeout's deadline and the cancellation it
//! delivers, an exception reaching the caller while orphans run on, timers that fire late
//! behind a blocking call, lock and semaphore hand-overs.

use super::iteration_positions;
use crate::i18n::Msg;
use crate::runtime::{EventKind, Prim, Trace, WaitOn};

/// What a mark shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A timeout's deadline (drawn where it is due).
    Deadline,
    /// A cancellation requested (by a task, a deadline, a group or `asyncio.run`).
    Cancel,
    /// An exception handed to the task that awaited a gather / TaskGroup / task.
    Raise,
    /// A sleep that ended later than it should have (the loop was busy or blocked).
    Late,
    /// A lock or permit taken.
    Acquire,
    /// A lock or permit given back.
    Release,
}

impl MarkKind {
    /// A glyph that does not rely on colour.
    pub fn glyph(self) -> &'static str {
        match self {
            MarkKind::Deadline => "⏰",
            MarkKind::Cancel => "✂",
            MarkKind::Raise => "⚡",
            MarkKind::Late => "⌛",
            MarkKind::Acquire => "▼",
            MarkKind::Release => "▲",
        }
    }

    /// The CSS class suffix.
    pub fn css(self) -> &'static str {
        match self {
            MarkKind::Deadline => "deadline",
            MarkKind::Cancel => "cancel",
            MarkKind::Raise => "raise",
            MarkKind::Late => "late",
            MarkKind::Acquire => "acquire",
            MarkKind::Release => "release",
        }
    }
}

/// One mark on a task's lane.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    pub task: u32,
    /// Where on the time axis.
    pub t: f64,
    /// Where on the iteration axis.
    pub pos: f64,
    /// The event it belongs to (the playhead jumps there).
    pub event: usize,
    /// What it says on hover: `deadline 2 s`, `ValueError: boom at 2 reaches Task-1; 3 still
    /// running`.
    pub label: Msg,
}

/// The marks of a run.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{marks, MarkKind};
/// let s = find("timeout").unwrap();
/// let run = run_virtual(s, &s.defaults());
/// let m = marks(&run.report.trace);
/// assert!(m.iter().any(|m| m.kind == MarkKind::Deadline && m.t == 2.0));
/// assert!(m.iter().any(|m| m.kind == MarkKind::Cancel && m.t == 2.0 && m.task == 1));
/// ```
pub fn marks(trace: &Trace) -> Vec<Mark> {
    let positions = iteration_positions(trace);
    let mut out = Vec::new();
    // Per task: what it last waited on, since when, and the failures seen since.
    let mut waits: Vec<Option<(WaitOn, f64, usize)>> = vec![None; trace.tasks.len()];
    for (i, e) in trace.events.iter().enumerate() {
        let pos = positions[i];
        let mut mark = |kind, label: Msg| out.push(Mark { kind, task: e.task, t: e.t, pos, event: i, label });
        let slot = (e.task as usize).checked_sub(1).filter(|n| *n < waits.len());
        match &e.kind {
            EventKind::Deadline { at } => {
                // Drawn where it fires; a deadline that never fires (the work finished in
                // time, or the run ended first) has no mark: it would sit past the run's end.
                let fired = (i..trace.events.len()).find(|&j| {
                    let c = &trace.events[j];
                    c.task == e.task && c.t >= *at && matches!(c.kind, EventKind::CancelRequested { by: None })
                });
                if let Some(j) = fired {
                    let (t, p) = (trace.events[j].t, positions[j]);
                    out.push(Mark { kind: MarkKind::Deadline, task: e.task, t, pos: p, event: j, label: Msg::new("mark-label-deadline").arg("at", *at) });
                }
            }
            EventKind::CancelRequested { by } => {
                let label = match by {
                    Some(b) => Msg::new("mark-label-cancel").arg("by", trace.task_name(*b)),
                    None => Msg::new("mark-label-cancel-loop"),
                };
                mark(MarkKind::Cancel, label);
            }
            EventKind::Suspended { on, .. } => {
                if let Some(n) = slot {
                    waits[n] = Some((on.clone(), e.t, i));
                }
            }
            EventKind::Wake { .. } => {
                let Some(n) = slot else { continue };
                let Some((on, _since, from)) = waits[n].take() else { continue };
                match on {
                    WaitOn::Sleep { until } if e.t > until + 1e-9 => {
                        mark(MarkKind::Late, Msg::new("mark-label-late").arg("secs", e.t - until));
                    }
                    WaitOn::Gather | WaitOn::TaskGroup | WaitOn::Join { .. } => {
                        let failure = trace.events[from..i].iter().rev().find_map(|f| match &f.kind {
                            EventKind::Failed { error } if f.task != e.task => Some(error.clone()),
                            _ => None,
                        });
                        if let Some(error) = failure {
                            let what = if on == WaitOn::TaskGroup { "ExceptionGroup".to_string() } else { error };
                            let still = running_after(trace, i, e.task);
                            mark(MarkKind::Raise, Msg::new("mark-label-raise").arg("error", what).arg("task", trace.task_name(e.task)).arg("still", still));
                        }
                    }
                    _ => {}
                }
            }
            EventKind::Acquire(prim) => mark(MarkKind::Acquire, Msg::new(if *prim == Prim::Lock { "ev-acquire-lock" } else { "ev-acquire-permit" })),
            EventKind::Release(prim) => mark(MarkKind::Release, Msg::new(if *prim == Prim::Lock { "ev-release-lock" } else { "ev-release-permit" })),
            _ => {}
        }
    }
    out
}

/// Tasks other than `task` still alive right after event `k`.
fn running_after(trace: &Trace, k: usize, task: u32) -> usize {
    let mut alive = vec![false; trace.tasks.len()];
    for e in &trace.events[..=k] {
        let Some(n) = (e.task as usize).checked_sub(1).filter(|n| *n < alive.len()) else { continue };
        match e.kind {
            EventKind::Created { .. } => alive[n] = true,
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => alive[n] = false,
            _ => {}
        }
    }
    alive.iter().enumerate().filter(|(n, a)| **a && *n as u32 + 1 != task).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    #[test]
    fn gather_hands_the_first_failure_to_main_while_orphans_run_on() {
        let s = find("taskgroup").unwrap();
        let run = run_virtual(s, &s.values([("mode", "gather")]).unwrap());
        let raise = marks(&run.report.trace).into_iter().find(|m| m.kind == MarkKind::Raise).expect("a raise mark");
        assert_eq!(raise.task, 1);
        assert_eq!(raise.label.en(), "ValueError: boom at 2 reaches Task-1; 3 still running");
    }

    #[test]
    fn deadlines_are_marked_only_where_they_fire_inside_the_run() {
        for (s, case, run) in crate::scenarios::every_case_run() {
            let trace = &run.report.trace;
            for m in marks(trace).iter().filter(|m| m.kind == MarkKind::Deadline) {
                assert!(m.t <= run.report.elapsed + 1e-9, "{} {case}: a deadline mark at {} after the run's end {}", s.id, m.t, run.report.elapsed);
                assert!(
                    matches!(trace.events[m.event].kind, EventKind::CancelRequested { by: None }),
                    "{} {case}: a mark for a deadline that never fired",
                    s.id
                );
            }
        }
        let fetch = find("bounded-fetch").unwrap();
        let run = run_virtual(fetch, &fetch.defaults());
        assert!(run.report.result.as_ref().unwrap()["errors"].as_array().unwrap().is_empty());
        assert!(marks(&run.report.trace).iter().all(|m| m.kind != MarkKind::Deadline), "no request timed out: no deadline mark");
    }

    #[test]
    fn heartbeats_behind_a_blocking_call_are_marked_late() {
        let s = find("blocking").unwrap();
        let run = run_virtual(s, &s.defaults());
        let late: Vec<Mark> = marks(&run.report.trace).into_iter().filter(|m| m.kind == MarkKind::Late).collect();
        assert_eq!(late.len(), 1, "{late:?}");
        assert_eq!(late[0].label.en(), "woke 1.9 s late");
    }
}
