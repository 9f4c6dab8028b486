//! What a scenario's program says about where it is: the line it is on ([`at`]), the inline
//! coroutines it enters and leaves ([`enter`], [`inline`]), what it returns ([`returned`])
//! and raises ([`raised`], [`reached`]) — each moving the running task's [`Frames`] and
//! recording the `line`, `return` and `exception` events CPython's line tracing sees.
//!
//! A scenario's program says where it is with [`at`] before each statement that matters
//! (an await, a print, a return) and enters an inline coroutine with [`enter`]; every event
//! the loop records for the task carries the innermost frame's line. The executor itself
//! never needs this to run: it is what the page highlights and what the test suite checks
//! against CPython's own frames.
//!
//! # Examples
//! ```
//! use asyncio_playground::runtime::{at, enter, run, sleep, EventKind};
//! let report = run(async {
//!     at(10);
//!     let _frame = enter("fetch", "fetch(2)", 4);
//!     at(5);
//!     sleep(1.0).await
//! });
//! let suspend = report.trace.events.iter().find(|e| matches!(e.kind, EventKind::Suspended { .. })).unwrap();
//! assert_eq!(suspend.line, 5);
//! ```

use std::borrow::Cow;
use std::future::Future;
use std::rc::{Rc, Weak};

use super::executor::Loop;
use super::frames::{Code, Frames, Inline};
use super::trace::{EventKind, StackFrame};
use super::waiting::AnyTask;

/// An exception of type `ty` is thrown into task `task` at the line it is on (the
/// executor's `coro.throw`): an `exception` event, whose handler is the next line the task
/// runs.
pub(crate) fn thrown(lp: &Loop, frames: &Frames, task: u32, ty: Cow<'static, str>) {
    if frames.in_asyncio.get() > 0 {
        return;
    }
    exception(lp, frames, task, ty, true);
}

/// An `exception` event at the innermost frame's line; `rereported`: 3.13+ reports that
/// line again before the handler's.
fn exception(lp: &Loop, frames: &Frames, task: u32, ty: Cow<'static, str>, rereported: bool) {
    let line = frames.line();
    let event = lp.record_at(task, EventKind::Exception { ty, handled: 0 }, line);
    frames.pending.set(event.map(|i| (i, line, rereported)));
}

/// The running task, if a loop is running one.
fn current_task() -> Option<Rc<dyn AnyTask>> {
    Loop::current()?.current_task()
}

/// The running task's program is now on `line` (a no-op outside a task).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{at, print, run};
/// let report = run(async { at(3); print("hello"); Ok(()) });
/// assert_eq!(report.trace.events.iter().find(|e| e.kind.name() == "print").unwrap().line, 3);
/// ```
pub fn at(line: u32) {
    let Some(lp) = Loop::current() else { return };
    let Some(task) = lp.current_task() else { return };
    let frames = task.frames();
    frames.set_line(line);
    if line == 0 {
        return;
    }
    let id = task.info().id;
    if let Some((event, raised_at, rereported)) = frames.pending.get() {
        if line != raised_at {
            frames.pending.set(None);
            lp.set_handled(event, line);
            if rereported && lp.python().handler_reports_raising_line() && frames.traced.replace(raised_at) != raised_at {
                lp.record_at(id, EventKind::Line { locals: None }, raised_at);
            }
        }
    }
    if frames.traced.replace(line) != line {
        lp.record_at(id, EventKind::Line { locals: None }, line);
    }
}

/// The running task's innermost coroutine returns `value` (its repr, as Python shows it;
/// cut to [`RETURN_REPR_CHARS`] characters as the harness cuts it) from the line it is on: a
/// `return` event. A task's own coroutine says so too, before it finishes.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{at, returned, run};
/// let report = run(async { at(5); returned("10"); Ok(10) });
/// let ret = report.trace.events.iter().find(|e| e.kind.name() == "return").unwrap();
/// assert_eq!((ret.line, report.trace.detail(&ret.kind)), (5, "main -> 10".to_string()));
/// ```
pub fn returned(value: impl Into<String>) {
    let Some(lp) = Loop::current() else { return };
    let Some(task) = lp.current_task() else { return };
    let frames = task.frames();
    let func = frames.inner_func().unwrap_or_else(|| task.info().func.clone());
    let value = short_repr(value.into());
    lp.record_at(task.info().id, EventKind::Return { func, value }, frames.line());
}

/// The longest repr a `return` event keeps: a longer one is cut to 37 characters and `...`
/// (`short_repr(value, 40)` in `static/py/virtual_asyncio/lines.py`).
pub const RETURN_REPR_CHARS: usize = 40;

fn short_repr(text: String) -> String {
    if text.chars().count() <= RETURN_REPR_CHARS {
        return text;
    }
    text.chars().take(RETURN_REPR_CHARS - 3).chain("...".chars()).collect()
}

/// An exception of type `ty` is raised in the running task's innermost frame at the line it
/// is on (a `raise`, or what an awaited call raised into it): an `exception` event, whose
/// handler is the next line the task executes — unless the loop has just thrown that very
/// exception in there (an awaited future that failed while the task waited), which the
/// executor recorded already. Leaving an inline frame while it is
/// unhandled propagates it: the frame below records it too, at its own line. (An exception
/// the loop throws in — a cancellation delivered at an await — is recorded by the executor.)
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{at, raised, run, Exc, PyResult};
/// let report = run(async {
///     at(4);
///     raised("ValueError");
///     at(6); // the except clause
///     Ok::<(), Exc>(())
/// });
/// let trace = &report.trace;
/// let exc = trace.events.iter().find(|e| e.kind.name() == "exception").unwrap();
/// assert_eq!((exc.line, trace.detail(&exc.kind)), (4, "ValueError -> 6".to_string()));
/// ```
pub fn raised(ty: impl Into<Cow<'static, str>>) {
    let Some(lp) = Loop::current() else { return };
    let Some(task) = lp.current_task() else { return };
    record_exception(&lp, &*task, ty.into());
}

fn record_exception(lp: &Loop, task: &dyn AnyTask, ty: Cow<'static, str>) {
    let frames = task.frames();
    // Already recorded where it is: thrown in by the loop at this await (a failed future
    // that woke the task), before the program sees the error.
    if let Some((event, line, _)) = frames.pending.get() {
        if line == frames.line() && lp.exception_type(event).as_deref() == Some(&*ty) {
            return;
        }
    }
    exception(lp, frames, task.info().id, ty, true);
}

/// An exception of type `ty` that a call *returned* into the running task's innermost frame
/// (it propagated out of a callee that the frame resumed with a value, not a throw passing
/// through the frame — a connection error out of an `async with`'s `__aenter__`): an
/// `exception` event like [`raised`]'s, except that 3.13+ does not report the frame's line
/// again before its handler's
/// ([`PyVersion::handler_reports_raising_line`](super::PyVersion::handler_reports_raising_line)).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{at, reached, run, Exc};
/// let report = run(async {
///     at(4);
///     reached("ValueError");
///     at(6);
///     Ok::<(), Exc>(())
/// });
/// let exc = report.trace.events.iter().find(|e| e.kind.name() == "exception").unwrap();
/// assert_eq!((exc.line, report.trace.detail(&exc.kind)), (4, "ValueError -> 6".to_string()));
/// ```
pub fn reached(ty: impl Into<Cow<'static, str>>) {
    let Some(lp) = Loop::current() else { return };
    let Some(task) = lp.current_task() else { return };
    exception(&lp, task.frames(), task.info().id, ty.into(), false);
}

/// Enters an inline coroutine `func` (shown as `call`, defined at `def_line`) in the running
/// task; the returned guard leaves it when dropped — when the coroutine returns or raises.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{enter, run, sleep};
/// let report = run(async {
///     let _frame = enter("sequential", "sequential()", 7);
///     sleep(1.0).await
/// });
/// assert_eq!(report.trace.stack_calls(1, 1), vec!["main()", "sequential()"]);
/// ```
pub fn enter(func: &'static str, call: impl Into<String>, def_line: u32) -> FrameGuard {
    enter_frame(func, call.into(), def_line, false)
}

/// Enters a frame of the program that the task's await chain does not reach: an async
/// generator behind `contextlib.asynccontextmanager`'s `__aenter__`, and the coroutines it
/// awaits (the chain ends at the generator's `asend`). Its lines, returns and exceptions
/// are the task's like any inline frame's, and an exception the loop throws in arrives at
/// its line; but a suspension, a step or a print is reported at the frame below it, and the
/// await stack stops there. Frames entered above a hidden one are hidden too.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{at, enter_hidden, run, sleep, EventKind};
/// let report = run(async {
///     at(10);
///     let _frame = enter_hidden("get", "get(url)", 4);
///     at(5);
///     sleep(1.0).await
/// });
/// let suspend = report.trace.events.iter().find(|e| matches!(e.kind, EventKind::Suspended { .. })).unwrap();
/// let EventKind::Suspended { stack, .. } = suspend.kind else { unreachable!() };
/// assert_eq!((suspend.line, report.trace.stack_funcs(1, stack)), (10, "main".to_string()));
/// ```
pub fn enter_hidden(func: &'static str, call: impl Into<String>, def_line: u32) -> FrameGuard {
    enter_frame(func, call.into(), def_line, true)
}

fn enter_frame(func: &'static str, call: String, def_line: u32, hidden: bool) -> FrameGuard {
    let Some(task) = current_task() else { return FrameGuard { task: None, depth: 0 } };
    let depth = {
        let mut inline = task.frames().inline.borrow_mut();
        let hidden = hidden || inline.last().is_some_and(|f| f.hidden);
        inline.push(Inline { frame: StackFrame { func: func.into(), call }, line: def_line, hidden });
        inline.len() - 1
    };
    let weak: Weak<dyn AnyTask> = Rc::downgrade(&task);
    FrameGuard { task: Some(weak), depth }
}

/// `await coroutine()` without a task: runs `body` as the inline coroutine `code` (shown as
/// `call`), entered when it starts and left when it returns or raises.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{inline, run, sleep, Code, EventKind};
/// let report = run(async { inline(Code::new("fetch", 4), "fetch(0)", sleep(1.0)).await });
/// let suspend = report.trace.events.iter().find(|e| matches!(e.kind, EventKind::Suspended { .. })).unwrap();
/// let EventKind::Suspended { stack, .. } = suspend.kind else { unreachable!() };
/// assert_eq!(report.trace.stack_funcs(1, stack), "main > fetch");
/// ```
pub async fn inline<T>(code: Code, call: impl Into<String>, body: impl Future<Output = T>) -> T {
    let _frame = enter(code.func, call, code.line);
    body.await
}

/// Runs `body` as asyncio's own code above the running task's program frames: what the loop
/// throws into the task meanwhile reaches that code first, not the program (a TaskGroup's
/// `__aexit__` catches the cancellation it asked for itself), so it is no `exception` event.
pub(crate) async fn in_asyncio<T>(body: impl Future<Output = T>) -> T {
    let _inside = AsyncioGuard::enter();
    body.await
}

/// Marks the running task as inside asyncio's own code until dropped (weakly: the guard
/// lives in the task's own future).
struct AsyncioGuard(Option<Weak<dyn AnyTask>>);

impl AsyncioGuard {
    fn enter() -> AsyncioGuard {
        let task = current_task();
        if let Some(t) = &task {
            t.frames().in_asyncio.set(t.frames().in_asyncio.get() + 1);
        }
        AsyncioGuard(task.as_ref().map(Rc::downgrade))
    }
}

impl Drop for AsyncioGuard {
    fn drop(&mut self) {
        if let Some(t) = self.0.as_ref().and_then(Weak::upgrade) {
            t.frames().in_asyncio.set(t.frames().in_asyncio.get().saturating_sub(1));
        }
    }
}

/// Leaves an inline frame (and any left open above it) when dropped.
///
/// # Cancellation
/// Dropping a suspended coroutine (a cancelled run's teardown) leaves its frames too.
pub struct FrameGuard {
    task: Option<Weak<dyn AnyTask>>,
    depth: usize,
}

impl Drop for FrameGuard {
    fn drop(&mut self) {
        if let Some(task) = self.task.as_ref().and_then(Weak::upgrade) {
            let frames = task.frames();
            frames.inline.borrow_mut().truncate(self.depth);
            // An exception leaving the frame unhandled passes through the one below.
            if let (Some((event, _, _)), Some(lp)) = (frames.pending.take(), Loop::current()) {
                if let Some(ty) = lp.exception_type(event) {
                    record_exception(&lp, &*task, ty);
                }
            }
        }
    }
}
