//! A task as CPython writes it — `repr(task)`, `<Task pending name='Task-1' coro=<main()
//! running at main.py:31> wait_for=<…> cb=[…]>` — at one moment of a scenario's run, read
//! from its trace: what asyncio's debug mode prints of a slow step (`Executing <Task …> took
//! 2.000 seconds`) and its handler of an exception never retrieved, so a scenario's findings
//! carry the same text as an own program's.
//!
//! Written as asyncio's `base_tasks._task_repr_info` and `base_futures._future_repr_info`
//! write it (without debug mode's `created at`: the scenarios' programs do not ask for debug
//! mode): the state; the name; the coroutine, `running at` the line its own frame is on or
//! `done, defined at` its `def`; what it awaits (`wait_for=`: the future of a sleep, a lock,
//! an event or a TaskGroup's end, gather's `_GatheringFuture`, or the awaited task's own
//! repr); a finished task's result; and the callbacks waiting for it (`cb=[…]`: a task's
//! wake-up, gather's `_done_callback`, a TaskGroup's `_on_task_done`, `asyncio.run`'s
//! `_run_until_complete_cb`). A file of the program is `main.py`, as Run my code names it;
//! a file of asyncio is where the page's CPython (Pyodide's) has it, at that version's line.
//!
//! What the trace cannot tell exactly — a task stopped in a coroutine it awaits inline (the
//! line of its own frame is not recorded), a cancellation under way, a waiter of an unknown
//! kind, a result cut short — gives `None`: the finding then keeps its own sentence rather
//! than a text CPython would not print. `tests/diagnostics.rs` holds every scenario's slow
//! steps to CPython's text.

use crate::runtime::{EventKind, PyVersion, Trace, WaitOn};

/// The program's file, as Run my code names it (`coro=<main() running at main.py:31>`).
pub const PROGRAM_FILE: &str = "main.py";

/// Debug mode's slow step for the step of `trace.events[end]`'s task that ended there,
/// `took` seconds long: `Executing <Task …> took 2.000 seconds`, or `None` when the task's
/// repr at that moment is not known exactly.
pub fn slow_step_text(trace: &Trace, python: PyVersion, end: usize, took: f64) -> Option<String> {
    let repr = task_repr(trace, python, trace.events[end].task, end)?;
    Some(format!("Executing {repr} took {took:.3} seconds"))
}

/// What CPython's default exception handler logs of task `task`'s exception nobody
/// retrieved, at `trace.events[at]` (the traceback left out): `Task exception was never
/// retrieved\nfuture: <Task finished name='Task-2' coro=<boom() done, defined at main.py:4>
/// exception=ValueError('x')>`, or `None` when the task's repr is not known exactly.
pub fn never_retrieved_text(trace: &Trace, python: PyVersion, task: u32, at: usize) -> Option<String> {
    Some(format!("Task exception was never retrieved\nfuture: {}", task_repr(trace, python, task, at)?))
}

/// Where a task stands at a moment of the run.
enum Stand<'a> {
    /// Created, its first step not run.
    Unstarted,
    /// Suspended at `line`, awaiting `on` (`stack`: coroutines it awaits inline).
    Suspended { on: &'a WaitOn, line: u32, stack: u32 },
    /// In a step (not a moment a repr is taken of another task).
    Running,
    /// Returned.
    Done,
    /// Raised `error` (`Type: message`).
    Failed(&'a str),
    /// Cancelled.
    Cancelled,
}

/// Where task `task` stands just after `trace.events[at]`, and whether a cancellation of it
/// is under way (asked for since its last step began).
fn stand(trace: &Trace, task: u32, at: usize) -> (Stand<'_>, bool) {
    let mut stand = Stand::Unstarted;
    let mut cancelling = false;
    for e in trace.events[..=at].iter().filter(|e| e.task == task) {
        match &e.kind {
            EventKind::Resumed(_) => (stand, cancelling) = (Stand::Running, false),
            EventKind::Suspended { on, stack, .. } => stand = Stand::Suspended { on, line: e.line, stack: *stack },
            EventKind::Done { .. } => stand = Stand::Done,
            EventKind::Failed { error } => stand = Stand::Failed(error),
            EventKind::Cancelled => stand = Stand::Cancelled,
            EventKind::CancelRequested { .. } => cancelling = true,
            _ => {}
        }
    }
    (stand, cancelling)
}

/// `repr(task)` just after `trace.events[at]`.
fn task_repr(trace: &Trace, python: PyVersion, task: u32, at: usize) -> Option<String> {
    let info = trace.task(task)?;
    if info.func.is_empty() || info.line == 0 {
        return None;
    }
    let func = &info.func;
    let defined = format!("{func}() done, defined at {PROGRAM_FILE}:{}", info.line);
    let (stand, cancelling) = stand(trace, task, at);
    let mut parts = Vec::new();
    match stand {
        Stand::Unstarted | Stand::Suspended { .. } if cancelling => return None,
        Stand::Unstarted => {
            parts.push("pending".to_string());
            parts.push(format!("coro=<{func}() running at {PROGRAM_FILE}:{}>", info.line));
        }
        Stand::Suspended { on, line, stack } => {
            if stack != 0 || line == 0 {
                return None;
            }
            parts.push("pending".to_string());
            parts.push(format!("coro=<{func}() running at {PROGRAM_FILE}:{line}>"));
            if let Some(waiter) = awaited(trace, python, on, at)? {
                parts.push(format!("wait_for={waiter}"));
            }
        }
        Stand::Running => return None,
        Stand::Done => {
            parts.push("finished".to_string());
            parts.push(format!("coro=<{defined}>"));
            parts.push(format!("result={}", returned(trace, task, func, at)?));
        }
        Stand::Failed(error) => {
            parts.push("finished".to_string());
            parts.push(format!("coro=<{defined}>"));
            parts.push(format!("exception={}", exception_repr(error)?));
        }
        Stand::Cancelled => {
            parts.push("cancelled".to_string());
            parts.push(format!("coro=<{defined}>"));
        }
    }
    if matches!(stand, Stand::Unstarted | Stand::Suspended { .. }) {
        if let Some(cb) = callbacks(trace, python, task, at)? {
            parts.push(cb);
        }
    }
    // (The name goes second, as `_task_repr_info` inserts it.)
    parts.insert(1, format!("name='{}'", info.name()));
    Some(format!("<Task {}>", parts.join(" ")))
}

/// The repr of the future a task suspended on `on` waits for (`wait_for=`; `Some(None)`: it
/// waits on none, a bare yield), or `None` when not known.
fn awaited(trace: &Trace, python: PyVersion, on: &WaitOn, at: usize) -> Option<Option<String>> {
    const FUTURE: &str = "<Future pending cb=[Task.task_wakeup()]>";
    Some(Some(match on {
        WaitOn::Yield => return Some(None),
        WaitOn::Sleep { .. } | WaitOn::Lock | WaitOn::Semaphore | WaitOn::Event | WaitOn::TaskGroup | WaitOn::Future => FUTURE.to_string(),
        WaitOn::Gather => "<_GatheringFuture pending cb=[Task.task_wakeup()]>".to_string(),
        WaitOn::Join { task } => task_repr(trace, python, *task, at)?,
        // (A job's future is chained to a worker's; a request's belongs to its client.)
        WaitOn::Worker { .. } | WaitOn::Fetch { .. } => return None,
    }))
}

/// The callbacks waiting for a pending task, as `_format_callbacks` writes them (`Some(None)`:
/// none), or `None` when a waiter's kind is not known: `asyncio.run`'s for its main task,
/// then a wake-up for each task awaiting it, gather's or a TaskGroup's for the task that
/// gathers it or runs its group.
fn callbacks(trace: &Trace, python: PyVersion, task: u32, at: usize) -> Option<Option<String>> {
    let mut cbs = Vec::new();
    let created = trace.events.iter().find_map(|e| match &e.kind {
        EventKind::Created { parent, awaited_by } if e.task == task => Some((parent, awaited_by)),
        _ => None,
    })?;
    if created.0.is_none() {
        cbs.push(format!("_run_until_complete_cb() at {}", Stdlib::RunUntilCompleteCb.at(python)));
    }
    // The tasks recorded as awaiting it, at its creation and its last suspension.
    let mut waiters: Vec<u32> = created.1.clone();
    if let Some(listed) = trace.events[..=at].iter().rev().find_map(|e| match &e.kind {
        EventKind::Suspended { awaited_by, .. } if e.task == task => Some(awaited_by),
        _ => None,
    }) {
        waiters.extend(listed);
    }
    // And those suspended on it now: each task's latest step end, up to the moment.
    let mut joined = crate::runtime::IdMap::new();
    for e in &trace.events[..=at] {
        match &e.kind {
            EventKind::Suspended { on: WaitOn::Join { task: t }, .. } => joined.insert(e.task, *t == task),
            EventKind::Resumed(_) | EventKind::Suspended { .. } => joined.insert(e.task, false),
            _ => None,
        };
    }
    waiters.extend(joined.into_iter().filter(|(_, on_it)| *on_it).map(|(w, _)| w));
    waiters.sort_unstable();
    waiters.dedup();
    let mut kinds = Vec::new();
    for waiter in waiters {
        let cb = match stand(trace, waiter, at).0 {
            Stand::Suspended { on: WaitOn::Join { task: t }, .. } if *t == task => "Task.task_wakeup()".to_string(),
            Stand::Suspended { on: WaitOn::Gather, .. } => format!("_done_callback() at {}", Stdlib::GatherDoneCallback.at(python)),
            Stand::Suspended { on: WaitOn::TaskGroup, .. } => "TaskGroup._on_task_done()".to_string(),
            _ => return None,
        };
        kinds.push(cb);
    }
    // (Their order among themselves is the order they were added in, which the trace does
    // not keep: only one waiter, or waiters of one kind, are written.)
    kinds.dedup();
    if kinds.len() > 1 {
        return None;
    }
    cbs.extend(kinds);
    Some(match cbs.len() {
        0 => None,
        1 => Some(format!("cb=[{}]", cbs[0])),
        2 => Some(format!("cb=[{}, {}]", cbs[0], cbs[1])),
        n => Some(format!("cb=[{}, <{} more>, {}]", cbs[0], n - 2, cbs[n - 1])),
    })
}

/// What the task's own coroutine returned (its `return` event's short repr), as `reprlib`
/// writes it, or `None` when not recorded or cut short.
fn returned(trace: &Trace, task: u32, func: &str, at: usize) -> Option<String> {
    let value = trace.events[..=at].iter().rev().find_map(|e| match &e.kind {
        EventKind::Return { func: f, value } if e.task == task && f == func => Some(value),
        _ => None,
    })?;
    // (reprlib shortens a repr past 30 characters; the recorded one is cut at 40.)
    (value.chars().count() <= 30).then(|| value.clone())
}

/// An exception's repr from its `Type: message` (`ValueError('boom')`), or `None` for one
/// that is not a plain one-argument exception.
fn exception_repr(error: &str) -> Option<String> {
    let (ty, message) = error.split_once(": ")?;
    if ty.is_empty() || !ty.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.') || message.contains(" [") {
        return None;
    }
    Some(format!("{}({})", ty.rsplit('.').next()?, py_str_repr(message)))
}

/// Python's `repr()` of a string.
fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A function of asyncio a repr names with its source (`_run_until_complete_cb() at
/// /lib/python314.zip/asyncio/base_events.py:181`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stdlib {
    /// `base_events._run_until_complete_cb`: `asyncio.run`'s callback on its main task.
    RunUntilCompleteCb,
    /// `tasks.gather`'s `_done_callback`, on each task it gathers.
    GatherDoneCallback,
}

impl Stdlib {
    /// Every one, for the test that reads each from the page's Pythons.
    pub const ALL: [Stdlib; 2] = [Stdlib::RunUntilCompleteCb, Stdlib::GatherDoneCallback];

    /// Its module's file in `asyncio/`.
    pub fn file(self) -> &'static str {
        match self {
            Stdlib::RunUntilCompleteCb => "base_events.py",
            Stdlib::GatherDoneCallback => "tasks.py",
        }
    }

    /// How its `def` line begins (after its indentation).
    pub fn def(self) -> &'static str {
        match self {
            Stdlib::RunUntilCompleteCb => "def _run_until_complete_cb(",
            Stdlib::GatherDoneCallback => "def _done_callback(",
        }
    }

    /// The line of its `def` in the asyncio of the page's CPython of `python`: Pyodide 0.25
    /// (3.11.3), 0.27 (3.12.7), 0.28 (3.13.2) and 314 (3.14.2). (`tests/diagnostics.rs`
    /// reads each from that Pyodide's standard library.)
    pub fn line(self, python: PyVersion) -> u32 {
        match (self, python) {
            (Stdlib::RunUntilCompleteCb, PyVersion::V3_11) => 180,
            (Stdlib::RunUntilCompleteCb, PyVersion::V3_12) => 182,
            (Stdlib::RunUntilCompleteCb, PyVersion::V3_13 | PyVersion::V3_14) => 181,
            (Stdlib::GatherDoneCallback, PyVersion::V3_11) => 754,
            (Stdlib::GatherDoneCallback, PyVersion::V3_12) => 767,
            (Stdlib::GatherDoneCallback, PyVersion::V3_13) => 820,
            (Stdlib::GatherDoneCallback, PyVersion::V3_14) => 810,
        }
    }

    /// Where the page's CPython of `python` defines it, as its frames name the file (the
    /// standard library is a zip in Pyodide): `/lib/python314.zip/asyncio/base_events.py:181`.
    pub fn at(self, python: PyVersion) -> String {
        format!("/lib/python{}.zip/asyncio/{}:{}", python.as_str().replace('.', ""), self.file(), self.line(python))
    }
}

#[cfg(test)]
mod tests {
    use super::{exception_repr, py_str_repr};

    #[test]
    fn a_plain_exception_is_written_as_python_writes_its_repr_and_a_group_is_not_guessed() {
        assert_eq!(exception_repr("ValueError: boom").as_deref(), Some("ValueError('boom')"));
        assert_eq!(exception_repr("ValueError: it's 3").as_deref(), Some("ValueError(\"it's 3\")"));
        assert_eq!(exception_repr("ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions) [ValueError: a; ValueError: b]"), None);
        assert_eq!(exception_repr("no type here"), None);
        assert_eq!(py_str_repr("a\nb'\"c"), "'a\\nb\\'\"c'");
    }
}
