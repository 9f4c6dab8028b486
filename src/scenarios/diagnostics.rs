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
//! - **slow-step**: asyncio's debug mode's slow step — a task step that held the loop at
//!   least `loop.slow_callback_duration` (0.1 s unless the program sets it): an own
//!   program's in CPython's words (`Executing <Task …> took 0.150 seconds`, recorded by
//!   `static/py/virtual_asyncio` with the task's own repr), a scenario's read from its
//!   trace (a step's time on the virtual clock is what blocked it);
//! - **blocking-call**: a blocking call on the loop's thread — `time.sleep`, a `requests`
//!   call — at its line, with the seconds it held the loop and the fix;
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

use super::common::py_round;
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
    /// A step held the loop at least `loop.slow_callback_duration`.
    SlowStep,
    /// A blocking call held the loop's thread.
    BlockingCall,
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
            Kind::SlowStep => "slow-step",
            Kind::BlockingCall => "blocking-call",
            Kind::Deadlock => "deadlock",
        }
    }
}

impl Kind {
    /// The `mistakes` scenario's variant that shows this mistake next to its fix, if one does.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{diagnostics::Kind, find};
    /// assert_eq!(Kind::BlockingCall.mistake(), Some("blocking_driver"));
    /// assert_eq!(Kind::Deadlock.mistake(), None);
    /// // Each is one of the scenario's variants.
    /// let mistakes = find("mistakes").unwrap();
    /// for kind in [Kind::NeverAwaited, Kind::DroppedTask, Kind::BlockingCall, Kind::SlowStep] {
    ///     assert!(mistakes.values([("variant", kind.mistake().unwrap())]).is_ok());
    /// }
    /// ```
    pub fn mistake(self) -> Option<&'static str> {
        match self {
            Kind::NeverAwaited => Some("forgot_await"),
            Kind::DroppedTask => Some("dangling_task"),
            Kind::BlockingCall => Some("blocking_driver"),
            Kind::SlowStep => Some("cpu_bound"),
            Kind::NeverRetrieved | Kind::Deadlock => None,
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
    /// The event of the run's trace it is seen at (stepping there tells it).
    pub event: usize,
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
/// // The guide's examples make no mistake, but for the ones they show on purpose.
/// for s in all() {
///     let found = diagnostics::of(&run_virtual(s, &s.defaults()));
///     let kinds: Vec<&str> = found.iter().map(|d| d.kind.name()).collect();
///     let shown: &[&str] = match s.id {
///         "mistakes" => &["never-awaited"],
///         "blocking" => &["blocking-call", "slow-step"], // its BAD half: time.sleep(2) in main()
///         _ => &[],
///     };
///     assert_eq!(kinds, shown, "{}", s.id);
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
    out.extend(blocking_calls(run));
    out.extend(warnings(run));
    if run.scenario.id != super::code::CODE.id {
        out.extend(slow_steps(run));
    }
    out.sort_by(|a, b| a.at.total_cmp(&b.at));
    out.extend(deadlock(run));
    out
}

/// asyncio's `BaseEventLoop.slow_callback_duration`: debug mode reports a step that takes
/// at least this long.
pub const SLOW_STEP: f64 = 0.1;

/// Blocking calls on the loop's thread, made by a task's step (a `to_thread` job's are on a
/// worker and not recorded as blocking the loop).
fn blocking_calls(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    trace
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let EventKind::Blocked { secs, what } = &e.kind else { return None };
            if *secs <= 0.0 || e.task == 0 {
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
/// work is not the program's. (An own program's are CPython's own warnings: see
/// [`warnings`].)
fn slow_steps(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    let mut began: BTreeMap<u32, (usize, f64)> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, e) in trace.events.iter().enumerate() {
        match e.kind {
            EventKind::Resumed(_) => {
                began.insert(e.task, (i, 0.0));
            }
            EventKind::Blocked { secs, .. } => {
                if let Some((_, held)) = began.get_mut(&e.task) {
                    *held += secs;
                }
            }
            EventKind::Suspended { .. } | EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                if let Some((from, held)) = began.remove(&e.task) {
                    if held >= SLOW_STEP - 1e-9 {
                        out.push(slow_step(run, from, i, held, None));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A slow step of the task of `trace.events[end]`, begun at `from`: at the line of its
/// longest blocking call (else where it ended).
fn slow_step(run: &RunResult, from: usize, end: usize, took: f64, cpython: Option<String>) -> Diagnostic {
    let trace = &run.report.trace;
    let e = &trace.events[end];
    let longest = trace.events[from..=end]
        .iter()
        .filter(|b| b.task == e.task)
        .filter_map(|b| match b.kind {
            EventKind::Blocked { secs, .. } => Some((secs, b.line)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let line = longest.map_or(e.line, |(_, line)| line);
    let msg = Msg::new("diag-slow-step")
        .arg("task", trace.task_name(e.task))
        .arg("secs", py_round(took, 3))
        .arg("line", line)
        .code("code", without_comment(run.source.line_text(line)).to_string());
    Diagnostic { kind: Kind::SlowStep, task: e.task, line, at: e.t, event: end, msg, cpython }
}

/// The seconds of CPython's `Executing <…> took 0.150 seconds`.
fn slow_step_secs(text: &str) -> Option<f64> {
    let rest = text.strip_prefix("Executing ")?.strip_suffix(" seconds")?;
    rest.rsplit_once(" took ")?.1.parse().ok()
}

/// The tasks created by a statement that keeps them nowhere: `asyncio.create_task(...)`
/// (`ensure_future`, `loop.create_task`) alone on its line — not assigned, awaited, returned,
/// passed on or collected (a TaskGroup's `tg.create_task` is kept by its group).
fn dropped_tasks(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    trace
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, EventKind::Created { parent: Some(_), .. }))
        .filter(|(_, e)| {
            let text = run.source.line_text(e.line);
            let code = without_comment(text).trim();
            ["asyncio.create_task(", "asyncio.ensure_future(", "loop.create_task("].iter().any(|call| code.starts_with(call)) && code.ends_with(')')
        })
        .map(|(i, e)| {
            let msg = Msg::new("diag-dropped-task")
                .arg("line", e.line)
                .arg("task", trace.task_name(e.task))
                .code("code", without_comment(run.source.line_text(e.line)).to_string());
            Diagnostic { kind: Kind::DroppedTask, task: e.task, line: e.line, at: e.t, event: i, msg, cpython: None }
        })
        .collect()
}

/// What asyncio warned of: coroutines never awaited, exceptions never retrieved, and (an
/// own program's) slow steps.
fn warnings(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    let code = |line: u32| without_comment(run.source.line_text(line)).to_string();
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
                return Some(Diagnostic { kind: Kind::NeverAwaited, task: e.task, line, at: e.t, event: i, msg, cpython: Some(text.clone()) });
            }
            if let Some(took) = slow_step_secs(text) {
                // Recorded right after the step's end: the task's last step began at its
                // latest Resumed event.
                let from = trace.events[..i].iter().rposition(|x| x.task == e.task && matches!(x.kind, EventKind::Resumed(_))).unwrap_or(i);
                return Some(slow_step(run, from, i, took, Some(text.clone())));
            }
            let error = text.strip_prefix("Task exception was never retrieved: ")?;
            // The task that raised it: the last to fail with that exception by then.
            let failed = trace.events.iter().take_while(|f| f.t <= e.t).filter(|f| matches!(&f.kind, EventKind::Failed { error: x } if x == error)).last();
            let (task, line) = failed.map_or((e.task, e.line), |f| (f.task, f.line));
            let msg = Msg::new("diag-never-retrieved").arg("task", trace.task_name(task)).code("error", error.to_string());
            Some(Diagnostic { kind: Kind::NeverRetrieved, task, line, at: e.t, event: i, msg, cpython: Some(text.clone()) })
        })
        .collect()
}

/// True if the line of code calls `name(` — outside its strings and its comment, and not as
/// the end of a longer name.
fn calls(line: &str, name: &str) -> bool {
    let mut code = String::new();
    let mut quote = None;
    for c in without_comment(line).chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None => code.push(c),
        }
    }
    let called = format!("{name}(");
    code.match_indices(&called).any(|(at, _)| !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// The line without its comment (a `#` outside its strings) and the spaces before it: what a
/// finding quotes of the line.
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    for (at, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return line[..at].trim_end(),
            None => {}
        }
    }
    line.trim_end()
}

/// A deadlock's stuck tasks, and the cycle when they await each other.
fn deadlock(run: &RunResult) -> Vec<Diagnostic> {
    let RunEnd::Deadlock { at } = run.report.end else { return Vec::new() };
    let trace = &run.report.trace;
    let last = trace.events.len().saturating_sub(1);
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
            let msg = Msg::new("diag-deadlock").arg("task", name(*task)).arg("line", *line).code("code", code(*line)).arg("on", what);
            Diagnostic { kind: Kind::Deadlock, task: *task, line: *line, at, event: last, msg, cpython: None }
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
    use super::{calls, slow_step_secs, without_comment};

    #[test]
    fn a_finding_quotes_the_line_without_its_comment_but_keeps_a_hash_in_a_string() {
        assert_eq!(without_comment("time.sleep(2)  # BAD: blocks the whole event loop"), "time.sleep(2)");
        assert_eq!(without_comment("print('#1', x)  # first"), "print('#1', x)");
        assert_eq!(without_comment("await asyncio.sleep(1)"), "await asyncio.sleep(1)");
    }

    #[test]
    fn the_seconds_of_cpythons_slow_step_are_read_and_other_text_is_not_taken_for_one() {
        let text = "Executing <Task finished name='Task-1' coro=<main() done, defined at main.py:7> result=None> took 0.200 seconds";
        assert_eq!(slow_step_secs(text), Some(0.2));
        assert_eq!(slow_step_secs("Executing <Handle f() took x> took soon seconds"), None);
        assert_eq!(slow_step_secs("RuntimeWarning: coroutine 'f' was never awaited"), None);
    }

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
