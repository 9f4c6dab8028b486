//! Tasks: asyncio's `Task`, stepping a Rust future the way CPython steps a coroutine.
//!
//! [`create_task`] wraps a future and schedules its first step with `call_soon` — it never
//! runs inline. Each step polls the future once. The future either finishes (the task is
//! done, failed or cancelled), yields bare (`sleep(0)`: the next step is scheduled at once),
//! or awaits a pending loop future, whose done-callback wakes the task one iteration after
//! the future is set. This is `Task.__step` / `Task.__wakeup` from CPython's `tasks.py`,
//! cancellation included:
//!
//! # Cancellation
//! [`TaskHandle::cancel`] cancels the future the task is waiting on (a sleep, a lock, a task
//! it joins — which is cancelled in turn); if there is none, the `CancelledError` is
//! delivered at the next step. The task sees `Err(Exc::Cancelled)` at its await point and
//! may clean up, or even carry on. A task that never started is cancelled without running.

use std::cell::{Cell, RefCell};
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use super::callbacks::Callback;
use super::exception::{Exc, PyResult};
use super::executor::Loop;
use super::frames::{Code, Frames};
use super::future::{suspend_on, FutureCell, State};
use super::lines;
use super::trace::{EventKind, Resume, TaskInfo, WaitOn};
use super::waiting::{AnyTask, Suspend, Waitable};

/// A task's coroutine: the boxed async body it steps.
type Coroutine<T> = Pin<Box<dyn Future<Output = PyResult<T>>>>;

pub(crate) struct TaskCell<T> {
    fut: FutureCell<T>,
    info: TaskInfo,
    program: RefCell<Option<Coroutine<T>>>,
    started: Cell<bool>,
    must_cancel: Cell<bool>,
    cancel_message: RefCell<Option<String>>,
    cancels_requested: Cell<u32>,
    fut_waiter: RefCell<Option<Rc<dyn Waitable>>>,
    frames: Frames,
}

impl<T: Clone + 'static> TaskCell<T> {
    fn lp(&self) -> Option<Loop> {
        Loop::current()
    }

    /// `Task.__step`: runs the program up to its next await point.
    fn step(self: &Rc<Self>, exc: Option<Exc>, why: Resume) {
        let Some(lp) = self.lp() else { return };
        if self.fut.is_done() {
            return;
        }
        let mut exc = exc;
        let mut why = why;
        if self.must_cancel.replace(false) {
            if !matches!(exc, Some(Exc::Cancelled(_))) {
                exc = Some(Exc::Cancelled(self.cancel_message.borrow().clone()));
            }
            if why == Resume::Yield {
                why = Resume::Cancel;
            }
        }
        self.fut_waiter.replace(None);
        lp.record(self.info.id, EventKind::Resumed(why));

        let first = !self.started.replace(true);
        if let Some(e) = &exc {
            // `coro.throw(exc)`: the exception arrives in the program frame the task is at
            // (an unstarted coroutine: at its `def`, whatever line it reports afterwards).
            lines::thrown(&lp, &self.frames, self.info.id, e.type_name().to_string().into());
            if first {
                self.frames.thrown_before_start(lp.python());
            }
        }
        let outcome = if first && exc.is_some() {
            // Throwing into a coroutine that never started raises at once.
            Poll::Ready(Err(exc.take().unwrap_or_else(Exc::cancelled)))
        } else {
            lp.begin_step(self.clone(), exc);
            let started = lp.steps_measured().then(|| lp.time());
            let polled = match self.program.borrow_mut().as_mut() {
                Some(program) => program.as_mut().poll(&mut Context::from_waker(Waker::noop())),
                None => Poll::Ready(Err(Exc::runtime_error("task has no program"))),
            };
            if let Some(t0) = started {
                lp.step_took(lp.time() - t0);
            }
            match (polled, lp.end_step()) {
                (Poll::Ready(r), _) => Poll::Ready(r),
                (Poll::Pending, Some(Suspend::On(w))) => {
                    self.wait_for(&lp, w);
                    return;
                }
                (Poll::Pending, Some(Suspend::Yield)) => {
                    lp.record(self.info.id, EventKind::Suspended { on: WaitOn::Yield, stack: 0, awaited_by: Vec::new(), unstarted: Vec::new() });
                    lp.call_soon_step(self.clone(), Resume::Yield);
                    return;
                }
                (Poll::Pending, Some(Suspend::Invalid(why))) => Poll::Ready(Err(Exc::runtime_error(why))),
                (Poll::Pending, None) => Poll::Ready(Err(Exc::runtime_error("a task awaited something that is not driven by this event loop"))),
            }
        };
        let Poll::Ready(result) = outcome else { return };
        self.program.replace(None);
        match result {
            Ok(_) if self.must_cancel.replace(false) => self.finish_cancelled(self.cancel_message.borrow().clone()),
            Ok(value) => {
                lp.record(self.info.id, EventKind::Done { result: String::new() });
                self.fut.finish(State::Value(value));
            }
            Err(Exc::Cancelled(msg)) => self.finish_cancelled(msg),
            Err(e) => {
                lp.record(self.info.id, EventKind::Failed { error: e.describe() });
                self.fut.finish(State::Error(e));
            }
        }
    }

    fn finish_cancelled(&self, msg: Option<String>) {
        if let Some(lp) = self.lp() {
            lp.record(self.info.id, EventKind::Cancelled);
        }
        self.fut.finish(State::Cancelled(msg));
    }

    /// The task awaits `w`: its wake-up becomes `w`'s done-callback.
    fn wait_for(self: &Rc<Self>, lp: &Loop, w: Rc<dyn Waitable>) {
        let on = w.wait_on();
        if let Some(task) = w.as_task() {
            lp.add_awaited_by(task, Some(self.info.id)); // Task.__step: awaiting a task
        }
        lp.record(self.info.id, EventKind::Suspended { on, stack: 0, awaited_by: Vec::new(), unstarted: Vec::new() });
        let me = self.clone();
        w.add_wakeup(self.info.id, Box::new(move || me.wakeup()));
        self.fut_waiter.replace(Some(w.clone()));
        if self.must_cancel.get() && w.cancel(self.cancel_message.borrow().clone()) {
            self.must_cancel.set(false);
        }
    }

    /// `Task.__wakeup`: the awaited future is done; step with its exception, if any.
    fn wakeup(self: &Rc<Self>) {
        let waiter = self.fut_waiter.borrow().clone();
        if let (Some(task), Some(lp)) = (waiter.as_ref().and_then(|w| w.as_task()), self.lp()) {
            lp.discard_awaited_by(task, Some(self.info.id)); // Task.__wakeup
        }
        let (exc, by) = match waiter {
            Some(w) => (w.exception_to_raise(), w.finished_by()),
            None => (None, None),
        };
        self.step(exc, Resume::Woken { by });
    }
}

impl<T: Clone + 'static> AnyTask for TaskCell<T> {
    fn info(&self) -> &TaskInfo {
        &self.info
    }
    fn step_queued(self: Rc<Self>, why: Resume) {
        self.step(None, why);
    }
    fn uncancel(&self) -> u32 {
        let before = self.cancels_requested.get();
        if before > 0 {
            self.cancels_requested.set(before - 1);
            if before == 1 && self.lp().is_some_and(|lp| lp.python().uncancel_clears_pending_cancel()) {
                self.must_cancel.set(false);
            }
        }
        self.cancels_requested.get()
    }
    fn cancelling(&self) -> u32 {
        self.cancels_requested.get()
    }
    fn exception(&self) -> Option<Exc> {
        match self.fut.state() {
            State::Error(e) => Some(e),
            _ => None,
        }
    }
    fn is_cancelled(&self) -> bool {
        self.fut.is_cancelled()
    }
    fn add_done_callback(&self, cb: Callback) -> u64 {
        self.fut.add_callback(cb)
    }
    fn frames(&self) -> &Frames {
        &self.frames
    }
    fn is_alive(&self) -> bool {
        self.program.try_borrow().map_or(true, |p| p.is_some())
    }
    fn teardown(&self) {
        self.program.replace(None);
        self.fut_waiter.replace(None);
        self.fut.clear_callbacks();
    }
}

impl<T: Clone + 'static> Waitable for TaskCell<T> {
    fn done(&self) -> bool {
        self.fut.is_done()
    }
    /// `Task.cancel(msg)`: cancels what the task waits on, or delivers `CancelledError` at
    /// its next step; false if it is done.
    fn cancel(&self, msg: Option<String>) -> bool {
        if self.fut.is_done() {
            return false;
        }
        if let Some(lp) = self.lp() {
            lp.record(self.info.id, EventKind::CancelRequested { by: lp.current_task_id() });
        }
        self.cancels_requested.set(self.cancels_requested.get() + 1);
        let waiter = self.fut_waiter.borrow().clone();
        if let Some(w) = waiter {
            if w.cancel(msg.clone()) {
                return true;
            }
        }
        self.must_cancel.set(true);
        self.cancel_message.replace(msg);
        true
    }
    fn add_wakeup(&self, task: u32, cb: Callback) -> u64 {
        self.fut.add_wakeup(task, cb)
    }
    fn remove_done_callback(&self, id: u64) -> bool {
        self.fut.remove_callback(id)
    }
    fn exception_to_raise(&self) -> Option<Exc> {
        self.fut.exception_to_raise()
    }
    fn finished_by(&self) -> Option<u32> {
        Some(self.info.id)
    }
    fn wait_on(&self) -> WaitOn {
        WaitOn::Join { task: self.info.id }
    }
    fn as_task(&self) -> Option<u32> {
        Some(self.info.id)
    }
}

/// A running task: await it for its result, or cancel it (asyncio's `Task` object).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, sleep};
/// let report = run(async {
///     let task = create_task(async { sleep(1.0).await?; Ok(21 * 2) });
///     task.await
/// });
/// assert_eq!(report.result, Ok(42));
/// assert_eq!(report.elapsed, 1.0);
/// ```
pub struct TaskHandle<T> {
    cell: Rc<TaskCell<T>>,
}

impl<T> Clone for TaskHandle<T> {
    fn clone(&self) -> Self {
        TaskHandle { cell: self.cell.clone() }
    }
}

/// `asyncio.create_task(coro)`: schedules `program` to start on the next loop iteration.
///
/// Outside a running loop the task fails at once with `RuntimeError`, as in asyncio.
pub fn create_task<T: Clone + 'static>(program: impl Future<Output = PyResult<T>> + 'static) -> TaskHandle<T> {
    spawn("", program)
}

/// [`create_task`] with a label for the timeline, e.g. `fetch(3)`; the task's name stays
/// asyncio's default `Task-N`.
pub fn spawn<T: Clone + 'static>(label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> TaskHandle<T> {
    spawn_at(Code::default(), label, program)
}

/// [`spawn`] for a coroutine of the simulated program: `code` names its function and `def`
/// line, where the task's first step begins. The task's `create` event carries the line the
/// creating task is on.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, spawn_at, Code};
/// let report = run(async { spawn_at(Code::new("fetch", 4), "fetch(0)", async { Ok(0) }).await });
/// let first_step = report.trace.events.iter().find(|e| e.task == 2 && e.kind.name() == "step").unwrap();
/// assert_eq!(first_step.line, 4);
/// ```
pub fn spawn_at<T: Clone + 'static>(code: Code, label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> TaskHandle<T> {
    let Some(lp) = Loop::current() else {
        let lp = Loop::detached();
        let handle = new_task(&lp, code, label, Box::pin(program));
        handle.cell.fut.finish(State::Error(Exc::no_running_loop()));
        return handle;
    };
    let handle = new_task(&lp, code, label, Box::pin(program));
    let cell = handle.cell.clone();
    lp.record_created(cell.info.id);
    lp.call_soon_step(cell, Resume::Start);
    handle
}

/// `asyncio.create_task(coro, eager_start=True)` (3.14; on 3.12–3.13 what
/// `loop.set_task_factory(asyncio.eager_task_factory)` makes of every `create_task`): the
/// task's first step runs now, inside the calling task's step and its loop iteration, up to
/// its first await; a task that finishes there is never scheduled. 3.11 has no eager start:
/// there (and outside a running loop) it is [`spawn_at`].
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, print, spawn_eager_at, Code};
/// let report = run(async {
///     let t = spawn_eager_at(Code::new("quick", 3), "quick()", async { print("quick runs"); Ok(1) });
///     print(format!("created, done: {}", t.done()));
///     t.await
/// });
/// let prints: Vec<_> = report.trace.events.iter().filter_map(|e| match &e.kind {
///     asyncio_playground::runtime::EventKind::Print(p) => Some(p.as_str()),
///     _ => None,
/// }).collect();
/// assert_eq!(prints, ["quick runs", "created, done: true"]);
/// ```
pub fn spawn_eager_at<T: Clone + 'static>(code: Code, label: &str, program: impl Future<Output = PyResult<T>> + 'static) -> TaskHandle<T> {
    let Some(lp) = Loop::current().filter(|lp| lp.python() >= crate::runtime::PyVersion::V3_12) else {
        return spawn_at(code, label, program);
    };
    let handle = new_task(&lp, code, label, Box::pin(program));
    let cell = handle.cell.clone();
    lp.record_created(cell.info.id);
    let aside = lp.set_step_aside();
    cell.step(None, Resume::Start);
    lp.resume_step(aside);
    handle
}

fn new_task<T: Clone + 'static>(lp: &Loop, code: Code, label: &str, program: Coroutine<T>) -> TaskHandle<T> {
    let mut cell = None;
    lp.register_task(label.to_string(), code, |info| {
        let c = Rc::new(TaskCell {
            fut: FutureCell::new(lp, WaitOn::Future),
            info,
            program: RefCell::new(Some(program)),
            started: Cell::new(false),
            must_cancel: Cell::new(false),
            cancel_message: RefCell::new(None),
            cancels_requested: Cell::new(0),
            fut_waiter: RefCell::new(None),
            frames: Frames::new(code),
        });
        cell = Some(c.clone());
        c
    });
    TaskHandle { cell: cell.expect("register_task calls back") }
}

impl<T: Clone + 'static> TaskHandle<T> {
    /// The task's id (1, 2, …, in creation order).
    pub fn id(&self) -> u32 {
        self.cell.info.id
    }

    /// asyncio's name for it: `Task-<id>`.
    pub fn name(&self) -> String {
        self.cell.info.name()
    }

    /// `task.done()`.
    pub fn done(&self) -> bool {
        self.cell.fut.is_done()
    }

    /// `task.cancelled()`.
    pub fn cancelled(&self) -> bool {
        self.cell.fut.is_cancelled()
    }

    /// `task.cancel()`: false if the task is already done.
    pub fn cancel(&self) -> bool {
        Waitable::cancel(&*self.cell, None)
    }

    /// `task.cancelling()`: cancellation requests not yet withdrawn by `uncancel()`.
    pub fn cancelling(&self) -> u32 {
        self.cell.cancels_requested.get()
    }

    /// `task.uncancel()`: withdraws one cancellation request; since 3.13 the last one also
    /// drops a cancellation not delivered yet.
    pub fn uncancel(&self) -> u32 {
        AnyTask::uncancel(&*self.cell)
    }

    /// The outcome once done (`task.result()` / `task.exception()`), `None` while running.
    pub fn result(&self) -> Option<PyResult<T>> {
        self.done().then(|| self.cell.fut.result())
    }

    /// `task.add_done_callback(f)`: `f` runs on the loop after the task finishes.
    pub fn add_done_callback(&self, f: impl FnOnce() + 'static) {
        self.cell.fut.add_callback(Box::new(f));
    }

    pub(crate) fn any(&self) -> Rc<dyn AnyTask> {
        self.cell.clone()
    }
}

impl<T: Clone + 'static> IntoFuture for TaskHandle<T> {
    type Output = PyResult<T>;
    type IntoFuture = Pin<Box<dyn Future<Output = PyResult<T>>>>;

    /// `await task`.
    ///
    /// # Cancellation
    /// Cancelling the awaiting task cancels this task too, as asyncio does.
    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            suspend_on(self.cell.clone()).await?;
            self.cell.fut.result()
        })
    }
}

/// The task whose step is running (`asyncio.current_task()`), type-erased.
pub(crate) fn current_task() -> Option<Rc<dyn AnyTask>> {
    Loop::current().and_then(|lp| lp.current_task())
}

/// A value the lesson is about changed in the running task: a global of the program
/// (`counter = 3`, `global: true`) or one of the task's locals (`current = 2`). Recorded as a
/// `var` event, for the step-through view. `name` is one of
/// [`LESSON_VARS`](super::trace::LESSON_VARS).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, var, EventKind};
/// let report = run(async { var("counter", 1, true); Ok(()) });
/// assert!(report.trace.events.iter().any(|e| e.kind == EventKind::Var { name: "counter", value: 1, global: true }));
/// ```
pub fn var(name: &'static str, value: i64, global: bool) {
    if let Some(lp) = Loop::current() {
        debug_assert!(super::trace::LESSON_VARS.contains(&name), "{name} is not in LESSON_VARS");
        lp.note(EventKind::Var { name, value, global });
    }
}

/// `print(...)` from the running task, recorded in the trace with the loop time.
pub fn print(line: impl Into<String>) {
    if let Some(lp) = Loop::current() {
        lp.print(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{run, sleep, yield_now, EventKind};

    #[test]
    fn first_step_runs_on_a_later_iteration_in_creation_order() {
        let report = run(async {
            print("main before");
            let tasks: Vec<_> = (0..3)
                .map(|n| {
                    create_task(async move {
                        print(format!("task {n} step 1"));
                        yield_now().await?;
                        print(format!("task {n} step 2"));
                        Ok(())
                    })
                })
                .collect();
            print("main after create");
            for t in tasks {
                t.await?;
            }
            Ok(())
        });
        let lines: Vec<String> = report.trace.prints();
        assert_eq!(
            lines,
            ["main before", "main after create", "task 0 step 1", "task 1 step 1", "task 2 step 1", "task 0 step 2", "task 1 step 2", "task 2 step 2"]
                .map(|l| format!("0: {l}"))
        );
    }

    #[test]
    fn cancelling_a_task_that_never_started_skips_its_program() {
        let report = run(async {
            let t = create_task(async {
                print("never printed");
                Ok(())
            });
            assert!(t.cancel());
            let joined = t.clone().await;
            Ok((joined, t.cancelled()))
        });
        assert_eq!(report.result, Ok((Err(Exc::cancelled()), true)));
        assert!(report.trace.prints().is_empty());
    }

    #[test]
    fn a_cancelled_task_runs_cleanup_and_may_even_carry_on() {
        let report = run(async {
            let stubborn = create_task(async {
                match sleep(10.0).await {
                    Err(e) if e.is_cancelled() => print("caught CancelledError, carrying on"),
                    other => other?,
                }
                sleep(1.0).await?;
                Ok("finished anyway")
            });
            sleep(2.0).await?;
            stubborn.cancel();
            stubborn.await
        });
        assert_eq!(report.result, Ok("finished anyway"));
        assert_eq!(report.elapsed, 3.0);
        assert_eq!(report.trace.prints(), vec!["2: caught CancelledError, carrying on"]);
    }

    #[test]
    fn cancel_on_a_finished_task_is_false_and_twice_is_counted() {
        let report = run(async {
            let quick = create_task(async { Ok(1) });
            sleep(0.0).await?;
            sleep(0.0).await?;
            let finished = quick.cancel();
            let sleeper = create_task(sleep(5.0));
            sleep(0.0).await?;
            let first = sleeper.cancel();
            let second = sleeper.cancel();
            let count = sleeper.cancelling();
            let outcome = sleeper.clone().await;
            Ok((finished, first, second, count, outcome, sleeper.cancelled()))
        });
        assert_eq!(report.result, Ok((false, true, true, 2, Err(Exc::cancelled()), true)));
    }

    #[test]
    fn cancelling_a_joining_task_cancels_the_task_it_joins() {
        let report = run(async {
            let inner = create_task(sleep(10.0));
            let inner2 = inner.clone();
            let outer = create_task(async move { inner2.await });
            sleep(1.0).await?;
            outer.cancel();
            let _ = outer.clone().await;
            Ok((outer.cancelled(), inner.cancelled()))
        });
        assert_eq!(report.result, Ok((true, true)));
    }

    #[test]
    fn a_future_not_driven_by_the_loop_fails_the_task_instead_of_hanging() {
        let report = run(async {
            std::future::pending::<()>().await;
            Ok(())
        });
        let err = report.result.unwrap_err();
        assert_eq!(err.type_name(), "RuntimeError");
        assert!(err.to_string().contains("not driven by this event loop"), "{err}");
    }

    #[test]
    fn awaiting_two_loop_futures_at_once_is_an_error_not_a_hang() {
        let report = run(async {
            let mut a = Box::pin(sleep(1.0));
            let mut b = Box::pin(sleep(2.0));
            std::future::poll_fn(|cx| {
                let _ = a.as_mut().poll(cx);
                b.as_mut().poll(cx)
            })
            .await
        });
        assert!(report.result.unwrap_err().to_string().contains("two things at once"));
    }

    #[test]
    fn steps_record_who_woke_the_task() {
        let report = run(async {
            let child = create_task(async { Ok(5) });
            child.await
        });
        let woken: Vec<_> = report
            .trace
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Resumed(Resume::Woken { by }) => Some((e.task, *by)),
                _ => None,
            })
            .collect();
        assert_eq!(woken, vec![(1, Some(2))]);
    }
}
