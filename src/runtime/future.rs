//! Loop futures — asyncio's `Future` — and the two ways a task suspends.
//!
//! A [`LoopFuture`] holds a result that is set later, and a list of done-callbacks that the
//! loop runs with `call_soon` when it is set: exactly asyncio's `Future`. Every await point
//! of the playground (sleep, lock, join, gather, worker, fetch) is one of these, so wake-ups
//! are ordered as asyncio orders them — through the ready queue, one iteration later.
//!
//! A task suspends in one of two ways, as in CPython's `Task.__step`: it awaits a pending
//! future ([`LoopFuture::wait`], the task's wake-up is added as the future's done-callback),
//! or it yields bare for one iteration ([`yield_now`], which is `sleep(0)`). Rust `Waker`s
//! play no part: a Rust future that returns `Pending` without one of these is an error.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::{Rc, Weak};
use std::task::{Context, Poll};

use super::callbacks::{Callback, Callbacks, DoneCallback};
use super::exception::{Exc, PyResult};
use super::executor::{Loop, LoopInner};
use super::trace::WaitOn;
use super::waiting::{Suspend, Waitable};

/// Where a future stands.
#[derive(Clone, Debug)]
pub(crate) enum State<T> {
    Pending,
    Value(T),
    Error(Exc),
    Cancelled(Option<String>),
}

/// The shared part of a future and of a task (a task *is* a future in asyncio).
pub(crate) struct FutureCell<T> {
    lp: Weak<LoopInner>,
    state: RefCell<State<T>>,
    callbacks: RefCell<Callbacks>,
    next_callback: Cell<u64>,
    finished_by: Cell<Option<u32>>,
    on: WaitOn,
}

impl<T: Clone + 'static> FutureCell<T> {
    pub(crate) fn new(lp: &Loop, on: WaitOn) -> Self {
        FutureCell {
            lp: lp.downgrade(),
            state: RefCell::new(State::Pending),
            callbacks: RefCell::new(Callbacks::default()),
            next_callback: Cell::new(1),
            finished_by: Cell::new(None),
            on,
        }
    }

    pub(crate) fn is_done(&self) -> bool {
        !matches!(*self.state.borrow(), State::Pending)
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        matches!(*self.state.borrow(), State::Cancelled(_))
    }

    pub(crate) fn state(&self) -> State<T> {
        self.state.borrow().clone()
    }

    /// Finishes the future; false if it was already done. Schedules the callbacks.
    pub(crate) fn finish(&self, state: State<T>) -> bool {
        if self.is_done() {
            return false;
        }
        *self.state.borrow_mut() = state;
        let lp = Loop::from_weak(&self.lp);
        let by = lp.as_ref().and_then(Loop::current_task_id);
        self.finished_by.set(by);
        let callbacks = std::mem::take(&mut *self.callbacks.borrow_mut());
        if let Some(lp) = lp {
            for c in callbacks.into_ordered() {
                schedule(&lp, c.task, by, c.call);
            }
        }
        true
    }

    pub(crate) fn add_callback(&self, cb: Callback) -> u64 {
        self.add_wakeup(0, cb)
    }

    /// Adds `cb`, the wake-up of task `task` (0: not a task's), recorded as a `wake` event
    /// when it is queued.
    pub(crate) fn add_wakeup(&self, task: u32, cb: Callback) -> u64 {
        if self.is_done() {
            if let Some(lp) = Loop::from_weak(&self.lp) {
                schedule(&lp, task, lp.current_task_id(), cb);
            }
            return 0;
        }
        let id = self.next_callback.get();
        self.next_callback.set(id + 1);
        self.callbacks.borrow_mut().push(DoneCallback { id, task, call: cb });
        id
    }

    pub(crate) fn remove_callback(&self, id: u64) -> bool {
        self.callbacks.borrow_mut().remove(id)
    }

    /// Drops the callbacks without running them (loop teardown).
    pub(crate) fn clear_callbacks(&self) {
        let callbacks = std::mem::take(&mut *self.callbacks.borrow_mut());
        drop(callbacks);
    }

    /// What `await` on this future returns.
    pub(crate) fn result(&self) -> PyResult<T> {
        match &*self.state.borrow() {
            State::Pending => Err(Exc::new("InvalidStateError", "Result is not set.")),
            State::Value(v) => Ok(v.clone()),
            State::Error(e) => Err(e.clone()),
            State::Cancelled(msg) => Err(Exc::Cancelled(msg.clone())),
        }
    }

    pub(crate) fn exception_to_raise(&self) -> Option<Exc> {
        self.result().err()
    }

    pub(crate) fn finished_by(&self) -> Option<u32> {
        self.finished_by.get()
    }

    pub(crate) fn wait_on(&self) -> WaitOn {
        self.on.clone()
    }
}

/// Queues a done-callback; a task's wake-up is recorded as that task's `wake` event.
fn schedule(lp: &Loop, task: u32, by: Option<u32>, cb: Callback) {
    if task != 0 {
        lp.record(task, super::trace::EventKind::Wake { by });
    }
    lp.call_soon_boxed(cb);
}

impl<T: Clone + 'static> Waitable for FutureCell<T> {
    fn done(&self) -> bool {
        self.is_done()
    }
    fn cancel(&self, msg: Option<String>) -> bool {
        self.finish(State::Cancelled(msg))
    }
    fn add_wakeup(&self, task: u32, cb: Callback) -> u64 {
        FutureCell::add_wakeup(self, task, cb)
    }
    fn remove_done_callback(&self, id: u64) -> bool {
        self.remove_callback(id)
    }
    fn exception_to_raise(&self) -> Option<Exc> {
        FutureCell::exception_to_raise(self)
    }
    fn finished_by(&self) -> Option<u32> {
        FutureCell::finished_by(self)
    }
    fn wait_on(&self) -> WaitOn {
        FutureCell::wait_on(self)
    }
}

/// asyncio's `Future`: a result set later by someone else.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, LoopFuture, WaitOn};
/// let report = run(async {
///     let fut = LoopFuture::<u32>::new(WaitOn::Future);
///     let setter = fut.clone();
///     create_task(async move { setter.set_result(7); Ok(()) });
///     fut.wait().await
/// });
/// assert_eq!(report.result, Ok(7));
/// ```
///
/// # Cancellation
/// `cancel()` finishes the future as cancelled; a task awaiting it gets `CancelledError` at
/// that await point.
pub struct LoopFuture<T>(Rc<FutureCell<T>>);

impl<T> Clone for LoopFuture<T> {
    fn clone(&self) -> Self {
        LoopFuture(self.0.clone())
    }
}

impl<T: Clone + 'static> LoopFuture<T> {
    /// A pending future on the running loop, labelled with what awaiting it means.
    pub fn new(on: WaitOn) -> Self {
        let lp = Loop::current().unwrap_or_else(Loop::detached);
        LoopFuture(Rc::new(FutureCell::new(&lp, on)))
    }

    /// Sets the result; false if the future was already done (a cancelled sleep, say).
    pub fn set_result(&self, value: T) -> bool {
        self.0.finish(State::Value(value))
    }

    /// Sets an exception; false if the future was already done.
    pub fn set_exception(&self, exc: Exc) -> bool {
        self.0.finish(State::Error(exc))
    }

    /// Sets the result or the exception, whichever `outcome` holds; false if the future
    /// was already done (e.g. cancelled while the work ran).
    pub fn settle(&self, outcome: PyResult<T>) -> bool {
        match outcome {
            Ok(v) => self.set_result(v),
            Err(e) => self.set_exception(e),
        }
    }

    /// Cancels the future; false if it was already done.
    pub fn cancel(&self) -> bool {
        self.0.finish(State::Cancelled(None))
    }

    /// True once a result, an exception or a cancellation is set.
    pub fn done(&self) -> bool {
        self.0.is_done()
    }

    /// True if cancelled.
    pub fn cancelled(&self) -> bool {
        self.0.is_cancelled()
    }

    /// `await fut`: suspends the current task until the future is done.
    ///
    /// # Cancellation
    /// Cancelling the awaiting task cancels this future (asyncio does the same) and the
    /// await returns `Err(Cancelled)`.
    pub fn wait(&self) -> impl Future<Output = PyResult<T>> + 'static + use<T> {
        let cell = self.0.clone();
        let on: Rc<dyn Waitable> = cell.clone();
        async move {
            suspend_on(on).await?;
            cell.result()
        }
    }
}

/// The await point itself: suspends the current task on `target` unless it is done.
pub(crate) fn suspend_on(target: Rc<dyn Waitable>) -> SuspendOn {
    SuspendOn { target, registered: false }
}

pub(crate) struct SuspendOn {
    target: Rc<dyn Waitable>,
    registered: bool,
}

impl Future for SuspendOn {
    type Output = PyResult<()>;

    fn poll(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<PyResult<()>> {
        let Some(lp) = Loop::current() else {
            return Poll::Ready(Err(Exc::no_running_loop()));
        };
        if self.registered {
            if let Some(exc) = lp.take_throw() {
                return Poll::Ready(Err(exc));
            }
        }
        if self.target.done() {
            return Poll::Ready(self.target.exception_to_raise().map_or(Ok(()), Err));
        }
        self.registered = true;
        lp.suspend(Suspend::On(self.target.clone()));
        Poll::Pending
    }
}

/// `await asyncio.sleep(0)`: gives every other ready task one turn, then resumes.
///
/// # Cancellation
/// A cancellation requested meanwhile is raised here as `Err(Cancelled)`.
pub fn yield_now() -> YieldNow {
    YieldNow { yielded: false }
}

/// The future of [`yield_now`].
pub struct YieldNow {
    yielded: bool,
}

impl Future for YieldNow {
    type Output = PyResult<()>;

    fn poll(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<PyResult<()>> {
        let Some(lp) = Loop::current() else {
            return Poll::Ready(Err(Exc::no_running_loop()));
        };
        if self.yielded {
            return Poll::Ready(lp.take_throw().map_or(Ok(()), Err));
        }
        self.yielded = true;
        lp.suspend(Suspend::Yield);
        Poll::Pending
    }
}
