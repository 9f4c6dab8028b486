//! The marks as they were before the replay (a forward scan per deadline, a replay per
//! raise), kept for the tests only as the oracle.

use crate::i18n::Msg;
use crate::runtime::{EventKind, Prim, Trace, WaitOn};
use crate::teach::iteration_positions;
use crate::teach::{Mark, MarkKind};

/// The marks of a run.
pub(crate) fn marks(trace: &Trace) -> Vec<Mark> {
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
