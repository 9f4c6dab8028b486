//! What a finished run says about the program's mistakes, read from its trace alone, so a
//! scenario's run and an own program's (on CPython, through `load_run`) are diagnosed the
//! same way:
//!
//! - **never-awaited**: a coroutine called without `await` (CPython's `RuntimeWarning:
//!   coroutine '…' was never awaited`), at the line of the call;
//! - **never-retrieved**: a task's exception nobody retrieved, at the line that raised it, in
//!   the words CPython's default exception handler logs (`Task exception was never
//!   retrieved` and `future: <Task finished … exception=ValueError('x')>`; the traceback
//!   left out);
//! - **dropped-task**: `asyncio.create_task(...)` (or `ensure_future`, `loop.create_task`)
//!   as a statement of its own, its task kept by nobody — the loop holds only a weak
//!   reference — at the line that created it;
//! - **slow-step**: asyncio's debug mode's slow step — a task step (or, in an own program,
//!   a callback of `call_soon` / `call_later`) that held the loop at least
//!   `loop.slow_callback_duration` (0.1 s unless the program sets it): an own
//!   program's in CPython's words (`Executing <Task …> took 0.150 seconds`, recorded by
//!   `static/py/virtual_asyncio` with the task's own repr), a scenario's read from its
//!   trace (a step's time on the virtual clock is what blocked it), in the same words (the
//!   task's repr written from the trace: `task_repr`);
//! - **cpu-bound**: an own program's step that computed at least
//!   `loop.slow_callback_duration` without awaiting — debug mode's slow step (its text is
//!   CPython's), named as the guide's CPU-bound mistake, at the line of the task's coroutine
//!   the computing went to; measured in the run (`static/py/virtual_asyncio/cpu.py`: on the
//!   virtual clock computing takes no loop time), so never found in a scenario's run;
//! - **blocking-call**: a blocking call on the loop's thread — `time.sleep`, a `requests`
//!   call — at its line, with the seconds it held the loop and the fix;
//! - **no-timeout**: a request (the `aiohttp` and `requests` stand-ins) with no time limit of
//!   its own and under no `asyncio.timeout`, at its line;
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

mod blocking;
mod deadlock;
mod task_repr;
mod timeouts;

use super::RunResult;
use crate::i18n::Msg;
use crate::runtime::EventKind;
#[cfg(test)]
use blocking::handle_callback;
pub use blocking::SLOW_STEP;
use blocking::{blocking_calls, own_slow_step, slow_step_secs, slow_steps};
use deadlock::deadlock;
pub use task_repr::{Stdlib, PROGRAM_FILE};
use timeouts::requests_without_timeout;

/// What a diagnostic is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A coroutine was called and never awaited.
    NeverAwaited,
    /// A task's exception was never retrieved.
    NeverRetrieved,
    /// A task created and kept by nobody.
    DroppedTask,
    /// A step (a task's, or a callback's) held the loop at least
    /// `loop.slow_callback_duration`.
    SlowStep,
    /// A step computed at least `loop.slow_callback_duration` without awaiting.
    CpuBound,
    /// A blocking call held the loop's thread.
    BlockingCall,
    /// A request that may wait for ever: no timeout of its own, under no deadline.
    NoTimeout,
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
            Kind::CpuBound => "cpu-bound",
            Kind::BlockingCall => "blocking-call",
            Kind::NoTimeout => "no-timeout",
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
    /// for kind in [Kind::NeverAwaited, Kind::DroppedTask, Kind::BlockingCall, Kind::SlowStep, Kind::CpuBound, Kind::NoTimeout] {
    ///     assert!(mistakes.values([("variant", kind.mistake().unwrap())]).is_ok());
    /// }
    /// ```
    pub fn mistake(self) -> Option<&'static str> {
        match self {
            Kind::NeverAwaited => Some("forgot_await"),
            Kind::DroppedTask => Some("dangling_task"),
            Kind::BlockingCall => Some("blocking_driver"),
            Kind::SlowStep | Kind::CpuBound => Some("cpu_bound"),
            Kind::NoTimeout => Some("no_timeout"),
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
    out.extend(requests_without_timeout(run));
    out.extend(warnings(run));
    if run.scenario.id != super::code::CODE.id {
        out.extend(slow_steps(run));
    }
    out.sort_by(|a, b| a.at.total_cmp(&b.at));
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

/// How CPython's default exception handler logs a task's exception nobody retrieved, up to
/// the task's repr: `Task exception was never retrieved\nfuture: <Task finished …>`.
const NEVER_RETRIEVED_LOG: &str = "Task exception was never retrieved\nfuture: ";

/// What asyncio warned of: coroutines never awaited, exceptions never retrieved, and (an
/// own program's) slow steps — those that computed named cpu-bound.
fn warnings(run: &RunResult) -> Vec<Diagnostic> {
    let trace = &run.report.trace;
    let code = |line: u32| without_comment(run.source.line_text(line)).to_string();
    trace
        .events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let EventKind::Warning(text) = &e.kind else { return None };
            // (Under debug mode CPython adds where the coroutine was created, a traceback on
            // the lines after: the warning is its first line.)
            let first = text.lines().next().unwrap_or_default();
            if let Some(name) = first.strip_prefix("RuntimeWarning: coroutine '").and_then(|t| t.strip_suffix("' was never awaited")) {
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
                return Some(Diagnostic { kind: Kind::NeverAwaited, task: e.task, line, at: e.t, event: i, msg, cpython: Some(first.to_string()) });
            }
            if let Some(took) = slow_step_secs(text) {
                // Recorded right after the step's end: the task's last step began at its
                // latest Resumed event; a callback's (task 0) after the last event of a task.
                let from = if e.task == 0 {
                    trace.events[..i].iter().rposition(|x| x.task != 0).map_or(0, |p| p + 1)
                } else {
                    trace.events[..i].iter().rposition(|x| x.task == e.task && matches!(x.kind, EventKind::Resumed(_))).unwrap_or(i)
                };
                return Some(own_slow_step(run, from, i, took, text.clone()));
            }
            // The task that raised it, and its text in CPython's words: an own program's run
            // has both (the warning is of that task, its text what CPython logs); a
            // scenario's names the exception (`…: ValueError: x`), raised by the last task to
            // fail with it by then, whose repr is written from the trace.
            let (failed, cpython) = if text.starts_with(NEVER_RETRIEVED_LOG) {
                (trace.events[..i].iter().rev().find(|f| f.task == e.task && matches!(f.kind, EventKind::Failed { .. })), text.clone())
            } else {
                let error = text.strip_prefix("Task exception was never retrieved: ")?;
                let failed = trace.events.iter().take_while(|f| f.t <= e.t).filter(|f| matches!(&f.kind, EventKind::Failed { error: x } if x == error)).last();
                let logged = failed.and_then(|f| task_repr::never_retrieved_text(trace, run.params.python(), f.task, i));
                (failed, logged.unwrap_or_else(|| text.clone()))
            };
            let (task, line) = failed.map_or((e.task, e.line), |f| (f.task, f.line));
            let error = match failed.map(|f| &f.kind) {
                Some(EventKind::Failed { error }) => error.clone(),
                _ => text.strip_prefix("Task exception was never retrieved: ")?.to_string(),
            };
            let msg = Msg::new("diag-never-retrieved").arg("task", trace.task_name(task)).code("error", error);
            Some(Diagnostic { kind: Kind::NeverRetrieved, task, line, at: e.t, event: i, msg, cpython: Some(cpython) })
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

#[cfg(test)]
mod tests {
    use super::{calls, handle_callback, slow_step_secs, without_comment};

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
        // A callback's names its callback.
        assert_eq!(handle_callback("Executing <Handle blocking_cb() at main.py:4> took 0.150 seconds"), Some("blocking_cb()"));
        assert_eq!(handle_callback("Executing <TimerHandle when=0.5 f(1, 'x') at main.py:4 created at main.py:9> took 0.2 seconds"), Some("f(1, 'x')"));
        assert_eq!(handle_callback("Executing <Handle Task.task_wakeup()> took 0.2 seconds"), Some("Task.task_wakeup()"));
        assert_eq!(handle_callback(text), None);
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
