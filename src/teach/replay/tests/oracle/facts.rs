//! The facts the narration reads, found the way the narration once found them: by scanning
//! back (or, for a deadline, forward) over the events from each one. Kept for the tests only,
//! as the oracle of the replay's `FactFinder`, which finds them event by event; the sentences
//! themselves are written once, in `teach::narrate`, from whichever facts it is given.

use crate::runtime::{EventKind, Trace, TraceEvent};
use crate::teach::{Fact, Woken};

fn ended(e: &TraceEvent) -> bool {
    matches!(e.kind, EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled)
}

/// The fact of event `k`.
pub(crate) fn fact(trace: &Trace, k: usize) -> Fact {
    let e = &trace.events[k];
    let before = &trace.events[..k];
    let mine = || before.iter().enumerate().rev().filter(move |(_, p)| p.task == e.task);
    match &e.kind {
        EventKind::Resumed(_) => Fact::Step { cancelled: cancelled_since_suspend(trace, k) },
        EventKind::CancelRequested { by: None } => {
            let deadline = mine().find_map(|(_, p)| match p.kind {
                EventKind::Deadline { at } => Some((at, p.t)),
                _ => None,
            });
            let main_done = before.iter().any(|p| p.task == 1 && ended(p));
            let failed_now: Vec<u32> =
                before.iter().rev().take_while(|p| p.t == e.t).filter(|p| matches!(p.kind, EventKind::Failed { .. })).map(|p| p.task).collect();
            let parent_of = |t: u32| {
                before.iter().find_map(|p| match p.kind {
                    EventKind::Created { parent, .. } if p.task == t => Some(parent.unwrap_or(0)),
                    _ => None,
                })
            };
            Fact::LoopCancel {
                deadline,
                main_done,
                sibling_failed: failed_now.iter().any(|t| *t != e.task),
                child_failed: failed_now.iter().any(|t| parent_of(*t) == Some(e.task)),
            }
        }
        EventKind::Deadline { at } => Fact::Deadline {
            fires: trace
                .events
                .iter()
                .enumerate()
                .skip(k + 1)
                .find(|(_, p)| p.task == e.task && p.t >= *at && matches!(p.kind, EventKind::CancelRequested { by: None }))
                .map(|(j, _)| j),
        },
        EventKind::Var { name, global: true, .. } => Fact::Write {
            previous: before.iter().rev().find_map(|p| match &p.kind {
                EventKind::Var { name: n, value, global: true } if n == name => Some((*value, p.task)),
                _ => None,
            }),
        },
        _ => Fact::None,
    }
}

/// True if the task of event `k` was asked to cancel since it last suspended.
fn cancelled_since_suspend(trace: &Trace, k: usize) -> bool {
    let task = trace.events[k].task;
    for p in trace.events[..k].iter().rev().filter(|p| p.task == task) {
        match p.kind {
            EventKind::Suspended { .. } => return false,
            EventKind::CancelRequested { .. } => return true,
            _ => {}
        }
    }
    false
}

/// What came before the wake-up that is event `k` (`None` if it is not one).
pub(crate) fn woken(trace: &Trace, k: usize) -> Option<Woken> {
    let e = &trace.events[k];
    if !matches!(e.kind, EventKind::Wake { .. }) {
        return None;
    }
    let before = &trace.events[..k];
    let suspended = before.iter().enumerate().rev().find_map(|(i, p)| match &p.kind {
        EventKind::Suspended { on, .. } if p.task == e.task => Some((i, on.clone(), p.t)),
        _ => None,
    });
    // The wait is still open unless a wake-up of the task came after the suspension.
    let ends = suspended.as_ref().filter(|(i, _, _)| !before[i + 1..].iter().any(|p| p.task == e.task && matches!(p.kind, EventKind::Wake { .. })));
    let failure = ends.filter(|(_, on, _)| on.awaits_tasks()).and_then(|(from, _, _)| {
        before[*from..].iter().rev().find_map(|p| match &p.kind {
            EventKind::Failed { error } if p.task != e.task => Some(error.clone()),
            _ => None,
        })
    });
    let alive = |t: u32| {
        before.iter().any(|p| p.task == t && matches!(p.kind, EventKind::Created { .. })) && !trace.events[..=k].iter().any(|p| p.task == t && ended(p))
    };
    let others_alive = trace.tasks.iter().filter(|t| t.id != e.task && alive(t.id)).count();
    Some(Woken {
        waited: suspended.as_ref().map(|(_, on, t)| (on.clone(), *t)),
        cancelled: cancelled_since_suspend(trace, k),
        ends: ends.map(|(_, on, _)| on.clone()),
        failure,
        others_alive,
    })
}
