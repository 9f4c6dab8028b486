//! Cause-and-effect marks for the timeline: a timeout's deadline and the cancellation it
//! delivers, an exception reaching the caller while orphans run on, timers that fire late
//! behind a blocking call, lock and semaphore hand-overs.

use super::{Fact, Replay};
use crate::i18n::Msg;
use crate::runtime::{EventKind, Prim, Trace, WaitOn};
use crate::scenarios::diagnostics::Diagnostic;

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
    /// What the run found in the program there (`scenarios::diagnostics`: a blocking call,
    /// a slow step, a coroutine never awaited…), on the task it is about.
    Finding,
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
            MarkKind::Finding => "⚠",
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
            MarkKind::Finding => "finding",
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

/// The marks of a run, read from its [`Replay`].
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{marks, MarkKind, Replay};
/// let s = find("timeout").unwrap();
/// let run = run_virtual(s, &s.defaults());
/// let m = marks(&run.report.trace, &Replay::of(&run.report.trace));
/// assert!(m.iter().any(|m| m.kind == MarkKind::Deadline && m.t == 2.0));
/// assert!(m.iter().any(|m| m.kind == MarkKind::Cancel && m.t == 2.0 && m.task == 1));
/// ```
pub fn marks(trace: &Trace, replay: &Replay) -> Vec<Mark> {
    let positions = replay.positions();
    let mut out = Vec::new();
    for (i, (e, &pos)) in trace.events.iter().zip(positions).enumerate() {
        let mut mark = |kind, label: Msg| out.push(Mark { kind, task: e.task, t: e.t, pos, event: i, label });
        match (&e.kind, replay.fact(i)) {
            // Drawn where it fires; a deadline that never fires (the work finished in time, or
            // the run ended first) has no mark: it would sit past the run's end.
            (EventKind::Deadline { at }, Fact::Deadline { fires: Some(j) }) => {
                if let (Some(fired), Some(&p)) = (trace.events.get(*j), positions.get(*j)) {
                    out.push(Mark {
                        kind: MarkKind::Deadline,
                        task: e.task,
                        t: fired.t,
                        pos: p,
                        event: *j,
                        label: Msg::new("mark-label-deadline").arg("at", *at),
                    });
                }
            }
            (EventKind::CancelRequested { by }, _) => {
                let label = match by {
                    Some(b) => Msg::new("mark-label-cancel").arg("by", trace.task_name(*b)),
                    None => Msg::new("mark-label-cancel-loop"),
                };
                mark(MarkKind::Cancel, label);
            }
            (EventKind::Wake { .. }, _) if trace.task(e.task).is_some() => match replay.woken(i).and_then(|w| w.ends.as_ref().map(|on| (w, on))) {
                Some((_, WaitOn::Sleep { until })) if e.t > until + 1e-9 => mark(MarkKind::Late, Msg::new("mark-label-late").arg("secs", e.t - until)),
                Some((woken, on)) => {
                    if let Some(error) = &woken.failure {
                        let what = if *on == WaitOn::TaskGroup { "ExceptionGroup".to_string() } else { error.clone() };
                        mark(
                            MarkKind::Raise,
                            Msg::new("mark-label-raise").arg("error", what).arg("task", trace.task_name(e.task)).arg("still", woken.others_alive),
                        );
                    }
                }
                None => {}
            },
            (EventKind::Acquire(prim), _) => mark(MarkKind::Acquire, Msg::new(if *prim == Prim::Lock { "ev-acquire-lock" } else { "ev-acquire-permit" })),
            (EventKind::Release(prim), _) => mark(MarkKind::Release, Msg::new(if *prim == Prim::Lock { "ev-release-lock" } else { "ev-release-permit" })),
            _ => {}
        }
    }
    out
}

/// The marks of what the run found in its program (`findings`, as `diagnostics::of` gives
/// them): each on its task's lane at its moment, saying it; the first 100, as the results
/// list them.
pub fn finding_marks(findings: &[Diagnostic], replay: &Replay) -> Vec<Mark> {
    let positions = replay.positions();
    findings
        .iter()
        .take(100)
        .map(|d| Mark {
            kind: MarkKind::Finding,
            task: d.task,
            t: d.at,
            pos: positions.get(d.event).copied().unwrap_or(0.0),
            event: d.event,
            label: d.msg.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    #[test]
    fn what_a_run_finds_is_marked_on_its_tasks_lane_at_its_moment() {
        let s = find("blocking").unwrap();
        let run = std::rc::Rc::new(run_virtual(s, &s.defaults()));
        let trace = &run.report.trace;
        let found = crate::scenarios::diagnostics::of(&run);
        let m = finding_marks(&found, &Replay::of(trace));
        let seen: Vec<(u32, f64, &str)> = m.iter().map(|m| (m.task, m.t, m.label.id)).collect();
        assert_eq!(seen, [(1, 0.0, "diag-blocking-sleep"), (1, 2.0, "diag-slow-step")]);
        assert!(matches!(trace.events[m[0].event].kind, EventKind::Blocked { .. }));
        // Its run's study carries them after the cause-and-effect marks.
        let study = crate::teach::Study::of(run.clone());
        assert_eq!(study.marks.iter().filter(|m| m.kind == MarkKind::Finding).count(), 2);
        // The guide's clean programs have none.
        let sleep = find("sleep").unwrap();
        let run = run_virtual(sleep, &sleep.defaults());
        assert!(finding_marks(&crate::scenarios::diagnostics::of(&run), &Replay::of(&run.report.trace)).is_empty());
    }

    #[test]
    fn gather_hands_the_first_failure_to_main_while_orphans_run_on() {
        let s = find("taskgroup").unwrap();
        let run = run_virtual(s, &s.values([("mode", "gather")]).unwrap());
        let raise = marks(&run.report.trace, &Replay::of(&run.report.trace)).into_iter().find(|m| m.kind == MarkKind::Raise).expect("a raise mark");
        assert_eq!(raise.task, 1);
        assert_eq!(raise.label.en(), "ValueError: boom at 2 reaches Task-1; 3 still running");
    }

    #[test]
    fn deadlines_are_marked_only_where_they_fire_inside_the_run() {
        for (s, case, run) in crate::scenarios::every_case_run() {
            let trace = &run.report.trace;
            for m in marks(trace, &Replay::of(trace)).iter().filter(|m| m.kind == MarkKind::Deadline) {
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
        assert!(
            marks(&run.report.trace, &Replay::of(&run.report.trace)).iter().all(|m| m.kind != MarkKind::Deadline),
            "no request timed out: no deadline mark"
        );
    }

    #[test]
    fn heartbeats_behind_a_blocking_call_are_marked_late() {
        let s = find("blocking").unwrap();
        let run = run_virtual(s, &s.defaults());
        let late: Vec<Mark> = marks(&run.report.trace, &Replay::of(&run.report.trace)).into_iter().filter(|m| m.kind == MarkKind::Late).collect();
        assert_eq!(late.len(), 1, "{late:?}");
        assert_eq!(late[0].label.en(), "woke 1.9 s late");
    }
}
