//! A run that ended with tasks nothing can wake (**deadlock**): each stuck task with the line
//! it waits at and what on, and the cycle when tasks await each other.

use super::{without_comment, Diagnostic, Kind};
use crate::i18n::Msg;
use crate::runtime::{EventKind, IdMap, Prim, RunEnd, Trace, WaitOn};
use crate::scenarios::RunResult;

/// What a stuck task waits on.
#[derive(Clone, Debug, PartialEq)]
enum On {
    /// A Lock, held by these tasks (none known: nobody releases it), whether each has ended.
    Lock(Vec<(u32, bool)>),
    Event,
    Semaphore,
    /// Another task.
    Task(u32),
    Gather,
    TaskGroup,
    /// Any other future (a Queue's `get()` is one).
    Future,
}

/// A deadlock's stuck tasks, and the cycle when they await each other.
pub(super) fn deadlock(run: &RunResult) -> Vec<Diagnostic> {
    let RunEnd::Deadlock { at } = run.report.end else { return Vec::new() };
    let trace = &run.report.trace;
    let last = trace.events.len().saturating_sub(1);
    let ended = ended_tasks(trace);
    let holders = lock_holders(trace);
    let mut waits: IdMap<(u32, On)> = IdMap::new();
    for e in &trace.events {
        match &e.kind {
            EventKind::Suspended { on, .. } => {
                let on = match on {
                    WaitOn::Lock => On::Lock(holders.iter().filter(|h| **h != e.task).map(|h| (*h, ended.contains(h))).collect()),
                    WaitOn::Event => On::Event,
                    WaitOn::Semaphore => On::Semaphore,
                    WaitOn::Join { task } => On::Task(*task),
                    WaitOn::Gather => On::Gather,
                    WaitOn::TaskGroup => On::TaskGroup,
                    _ => On::Future,
                };
                waits.insert(e.task, (e.line, on));
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                waits.remove(e.task);
            }
            _ => {}
        }
    }
    let name = |id: u32| trace.task_name(id);
    let code = |line: u32| without_comment(run.source.line_text(line)).to_string();
    let mut out: Vec<Diagnostic> = waits
        .iter()
        .map(|(task, (line, on))| {
            let what = match on {
                On::Lock(held) => match held.first() {
                    Some((holder, true)) => Msg::new("diag-on-lock-held-ended").arg("holder", name(*holder)),
                    Some((holder, false)) => Msg::new("diag-on-lock-held").arg("holder", name(*holder)),
                    None => Msg::new("diag-on-lock"),
                },
                On::Event => Msg::new("diag-on-event"),
                On::Semaphore => Msg::new("diag-on-semaphore"),
                On::Task(other) => Msg::new("diag-on-task").arg("other", name(*other)),
                On::Gather => Msg::new("diag-on-gather"),
                On::TaskGroup => Msg::new("diag-on-taskgroup"),
                On::Future => Msg::new("diag-on-future"),
            };
            let msg = Msg::new("diag-deadlock").arg("task", name(task)).arg("line", *line).code("code", code(*line)).arg("on", what);
            Diagnostic { kind: Kind::Deadlock, task, line: *line, at, event: last, msg, cpython: None }
        })
        .collect();
    if let Some(cycle) = cycle(&waits) {
        let first = cycle[0];
        let names: Vec<String> = cycle.iter().chain(std::iter::once(&first)).map(|t| name(*t)).collect();
        let line = waits.get(first).map_or(0, |w| w.0);
        out.push(Diagnostic {
            kind: Kind::Deadlock,
            task: first,
            line,
            at,
            event: last,
            msg: Msg::new("diag-deadlock-cycle").arg("cycle", names.join(" → ")),
            cpython: None,
        });
    }
    out
}

/// The tasks that returned, raised or were cancelled by the end of the trace.
fn ended_tasks(trace: &Trace) -> Vec<u32> {
    trace.events.iter().filter(|e| matches!(e.kind, EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled)).map(|e| e.task).collect()
}

/// The tasks holding a Lock at the end: more acquisitions of a lock than releases.
fn lock_holders(trace: &Trace) -> Vec<u32> {
    let mut held: IdMap<i64> = IdMap::new();
    for e in &trace.events {
        match e.kind {
            EventKind::Acquire(Prim::Lock) => *held.get_or_insert_with(e.task, || 0) += 1,
            EventKind::Release(Prim::Lock) => *held.get_or_insert_with(e.task, || 0) -= 1,
            _ => {}
        }
    }
    held.into_iter().filter(|(_, n)| *n > 0).map(|(t, _)| t).collect()
}

/// The first cycle of tasks awaiting each other (each awaits the next, the last the first).
fn cycle(waits: &IdMap<(u32, On)>) -> Option<Vec<u32>> {
    let next = |t: u32| match waits.get(t) {
        Some((_, On::Task(other))) => Some(*other),
        _ => None,
    };
    for start in waits.ids() {
        let mut path = vec![start];
        let mut at = start;
        while let Some(n) = next(at) {
            if let Some(i) = path.iter().position(|p| *p == n) {
                let mut found = path[i..].to_vec();
                // The same cycle whatever task it was reached from: its smallest id first.
                let min = found.iter().enumerate().min_by_key(|(_, t)| **t).map_or(0, |(i, _)| i);
                found.rotate_left(min);
                return Some(found);
            }
            path.push(n);
            at = n;
        }
    }
    None
}
