//! What a finished run says about the program's mistakes, read from its trace alone, so a
//! scenario's run and an own program's (on CPython, through `load_run`) are diagnosed the
//! same way:
//!
//! - **never-awaited**: a coroutine called without `await` (CPython's `RuntimeWarning:
//!   coroutine '…' was never awaited`), at the line of the call;
//! - **never-retrieved**: a task's exception nobody retrieved (CPython's `Task exception was
//!   never retrieved`), at the line that raised it;
//! - **dropped-task**: `asyncio.create_task(...)` (or `ensure_future`, `loop.create_task`)
//!   as a statement of its own, its task kept by nobody — the loop holds only a weak
//!   reference — at the line that created it;
//! - **deadlock**: the run ended because no task was ready, no timer armed and no worker or
//!   request running, while tasks still waited (CPython would hang for ever, silently). Each
//!   waiting task is named with the line it waits at and what on: a Lock and the task that
//!   holds it, an Event nobody sets, a Semaphore with no permit left, another stuck task, a
//!   `gather()` or TaskGroup of stuck tasks, a Future nobody resolves (a Queue nobody fills);
//!   tasks that await each other are named as a cycle.
//!
//! Each finding is a [`Diagnostic`]: its kind, task, line, loop time and sentence (a
//! [`Msg`], in the reader's language on the page); the run-result's `diagnostics` carry
//! CPython's own words where it has some, else the sentence's English.

use std::collections::BTreeMap;

use super::RunResult;
use crate::i18n::Msg;
use crate::runtime::{EventKind, Prim, RunEnd, Trace, WaitOn};

/// What a diagnostic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A coroutine was called and never awaited.
    NeverAwaited,
    /// A task's exception was never retrieved.
    NeverRetrieved,
    /// A task created and kept by nobody.
    DroppedTask,
    /// Nothing can ever wake the waiting tasks.
    Deadlock,
}

impl Kind {
    /// Its name in run-results.
    pub fn name(self) -> &'static str {
        match self {
            Kind::NeverAwaited => "never-awaited",
            Kind::NeverRetrieved => "never-retrieved",
            Kind::DroppedTask => "dropped-task",
            Kind::Deadlock => "deadlock",
        }
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub kind: Kind,
    /// The task it is about.
    pub task: u32,
    /// The program's line it is about (0: none).
    pub line: u32,
    /// Loop time, in seconds.
    pub at: f64,
    /// What it says.
    pub msg: Msg,
    /// What CPython itself prints for it, if anything.
    pub cpython: Option<String>,
}

impl Diagnostic {
    /// Its text in the run-result: CPython's words, else the sentence in English.
    pub fn text(&self) -> String {
        self.cpython.clone().unwrap_or_else(|| self.msg.en())
    }
}

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

/// The diagnostics of `run`: what asyncio warned of, in the order it did, then a deadlock's
/// stuck tasks in the order they were created.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{all, diagnostics, find, run_virtual};
/// // The guide's examples make no mistake, but for the one they show on purpose.
/// for s in all() {
///     let found = diagnostics::of(&run_virtual(s, &s.defaults()));
///     let kinds: Vec<&str> = found.iter().map(|d| d.kind.name()).collect();
///     assert_eq!(kinds, if s.id == "mistakes" { vec!["never-awaited"] } else { vec![] }, "{}", s.id);
/// }
/// let mistakes = find("mistakes").unwrap();
/// let run = run_virtual(mistakes, &mistakes.defaults());
/// let found = diagnostics::of(&run);
/// assert_eq!(run.source.line_text(found[0].line), "coroutine = fetch(1)  # only creates a coroutine object: fetch's body does not run");
/// assert_eq!(found[0].text(), "RuntimeWarning: coroutine 'fetch' was never awaited");
/// // The dangling task: created, kept by nobody.
/// let run = run_virtual(mistakes, &mistakes.values([("variant", "dangling_task")]).unwrap());
/// let found = diagnostics::of(&run);
/// assert_eq!(found.iter().map(|d| d.kind.name()).collect::<Vec<_>>(), ["dropped-task"]);
/// assert!(run.source.line_text(found[0].line).starts_with("asyncio.create_task(save(\"bad\"))"));
/// ```
pub fn of(run: &RunResult) -> Vec<Diagnostic> {
    let mut out = dropped_tasks(run);
    out.extend(warnings(run));
    out.extend(deadlock(run));
    out
}

/// The tasks created by a statement that keeps them nowhere: `asyncio.create_task(...)`
/// (`ensure_future`, `loop.create_task`) alone on its line — not assigned, awaited, returned,
/// passed on or collected (a TaskGroup's `tg.create_task` is kept by its group).
fn dropped_tasks(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    trace
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Created { parent: Some(_), .. }))
        .filter(|e| {
            let text = run.source.line_text(e.line);
            let code = text.split('#').next().unwrap_or("").trim();
            ["asyncio.create_task(", "asyncio.ensure_future(", "loop.create_task("].iter().any(|call| code.starts_with(call)) && code.ends_with(')')
        })
        .map(|e| {
            let msg =
                Msg::new("diag-dropped-task").arg("line", e.line).arg("task", trace.task_name(e.task)).code("code", run.source.line_text(e.line).to_string());
            Diagnostic { kind: Kind::DroppedTask, task: e.task, line: e.line, at: e.t, msg, cpython: None }
        })
        .collect()
}

/// What asyncio warned of: coroutines never awaited, exceptions never retrieved.
fn warnings(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    let code = |line: u32| run.source.line_text(line).to_string();
    trace
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let EventKind::Warning(text) = &e.kind else { return None };
            if let Some(name) = text.strip_prefix("RuntimeWarning: coroutine '").and_then(|t| t.strip_suffix("' was never awaited")) {
                // CPython warns where the coroutine object is dropped (`del`, the end of a
                // statement); the mistake is the call: the latest line of that task, up to the
                // warning, that calls it.
                let short = name.rsplit('.').next().unwrap_or(name);
                let line = trace.events[..=i]
                    .iter()
                    .rev()
                    .filter(|x| x.task == e.task && x.line != 0)
                    .map(|x| x.line)
                    .find(|l| calls(run.source.line_text(*l), short))
                    .unwrap_or(e.line);
                let msg = Msg::new("diag-never-awaited").arg("line", line).arg("coroutine", name.to_string()).code("code", code(line));
                return Some(Diagnostic { kind: Kind::NeverAwaited, task: e.task, line, at: e.t, msg, cpython: Some(text.clone()) });
            }
            let error = text.strip_prefix("Task exception was never retrieved: ")?;
            // The task that raised it: the last to fail with that exception by then.
            let failed = trace.events.iter().take_while(|f| f.t <= e.t).filter(|f| matches!(&f.kind, EventKind::Failed { error: x } if x == error)).last();
            let (task, line) = failed.map_or((e.task, e.line), |f| (f.task, f.line));
            let msg = Msg::new("diag-never-retrieved").arg("task", trace.task_name(task)).code("error", error.to_string());
            Some(Diagnostic { kind: Kind::NeverRetrieved, task, line, at: e.t, msg, cpython: Some(text.clone()) })
        })
        .collect()
}

/// True if the line of code calls `name(` — outside its strings and its comment, and not as
/// the end of a longer name.
fn calls(line: &str, name: &str) -> bool {
    let mut code = String::new();
    let mut quote = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => break,
            None => code.push(c),
        }
    }
    let called = format!("{name}(");
    code.match_indices(&called).any(|(at, _)| !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// A deadlock's stuck tasks, and the cycle when they await each other.
fn deadlock(run: &RunResult) -> Vec<Diagnostic> {
    let RunEnd::Deadlock { at } = run.report.end else { return Vec::new() };
    let trace = &run.report.trace;
    let ended = ended_tasks(trace);
    let holders = lock_holders(trace);
    let mut waits: BTreeMap<u32, (u32, On)> = BTreeMap::new();
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
                waits.remove(&e.task);
            }
            _ => {}
        }
    }
    let name = |id: u32| trace.task_name(id);
    let code = |line: u32| run.source.line_text(line).to_string();
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
            let msg = Msg::new("diag-deadlock").arg("task", name(*task)).arg("line", *line).code("code", code(*line)).arg("on", what);
            Diagnostic { kind: Kind::Deadlock, task: *task, line: *line, at, msg, cpython: None }
        })
        .collect();
    if let Some(cycle) = cycle(&waits) {
        let first = cycle[0];
        let names: Vec<String> = cycle.iter().chain(std::iter::once(&first)).map(|t| name(*t)).collect();
        let line = waits.get(&first).map_or(0, |w| w.0);
        out.push(Diagnostic {
            kind: Kind::Deadlock,
            task: first,
            line,
            at,
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
    let mut held: BTreeMap<u32, i64> = BTreeMap::new();
    for e in &trace.events {
        match e.kind {
            EventKind::Acquire(Prim::Lock) => *held.entry(e.task).or_default() += 1,
            EventKind::Release(Prim::Lock) => *held.entry(e.task).or_default() -= 1,
            _ => {}
        }
    }
    held.into_iter().filter(|(_, n)| *n > 0).map(|(t, _)| t).collect()
}

/// The first cycle of tasks awaiting each other (each awaits the next, the last the first).
fn cycle(waits: &BTreeMap<u32, (u32, On)>) -> Option<Vec<u32>> {
    let next = |t: u32| match waits.get(&t) {
        Some((_, On::Task(other))) => Some(*other),
        _ => None,
    };
    for start in waits.keys() {
        let mut path = vec![*start];
        let mut at = *start;
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

#[cfg(test)]
mod tests {
    use super::calls;

    #[test]
    fn a_call_is_told_from_a_string_a_comment_and_a_longer_name() {
        assert!(calls("coroutine = fetch(1)  # only creates a coroutine object", "fetch"));
        assert!(calls("    fetch()", "fetch"));
        assert!(!calls("print(\"BAD: got a\", type(coroutine).__name__, \"- did fetch(1) run?\")", "fetch"));
        assert!(!calls("x = 1  # fetch(1) would", "fetch"));
        assert!(!calls("prefetch(1)", "fetch"));
        assert!(calls("await asyncio.gather(fetch(1), fetch(2))", "fetch"));
    }
}
