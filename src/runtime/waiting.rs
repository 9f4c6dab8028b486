//! What the loop holds of the tasks and futures it drives, as traits: a [`Waitable`] (what a
//! task can suspend on), an [`AnyTask`] (a task, whatever its result type) and how a step
//! ended ([`Suspend`]). The loop (`super::executor`) knows tasks and futures only through
//! these; `super::task` and `super::future` implement them.

use std::rc::Rc;

use super::callbacks::Callback;
use super::exception::Exc;
use super::frames::Frames;
use super::trace::{Resume, TaskInfo, WaitOn};

/// How a task step ended, as reported by the await point that suspended it.
pub(crate) enum Suspend {
    On(Rc<dyn Waitable>),
    Yield,
    Invalid(&'static str),
}

/// Something a task can suspend on: a future, or another task.
pub(crate) trait Waitable {
    fn done(&self) -> bool;
    /// `fut.cancel()`; for a task, `Task.cancel()`.
    fn cancel(&self, msg: Option<String>) -> bool;
    /// The done-callback that wakes task `task` (recorded as its `wake` when queued).
    fn add_wakeup(&self, task: u32, cb: Callback) -> u64;
    fn remove_done_callback(&self, id: u64) -> bool;
    /// The exception `await` would raise now (an error, or `CancelledError`).
    fn exception_to_raise(&self) -> Option<Exc>;
    fn finished_by(&self) -> Option<u32>;
    fn wait_on(&self) -> WaitOn;
    /// The task this is, when it is one: awaiting it makes the awaiting task its waiter in
    /// the call graph (a future that only reports on a task, such as `_cancel_and_wait`'s
    /// waiter, does not).
    fn as_task(&self) -> Option<u32> {
        None
    }
}

/// A task, whatever its result type (what the loop and the primitives hold). A task is
/// something a task can await ([`Waitable`]: done, cancel, done-callbacks), and more.
pub(crate) trait AnyTask: Waitable {
    fn info(&self) -> &TaskInfo;
    fn uncancel(&self) -> u32;
    fn cancelling(&self) -> u32;
    fn exception(&self) -> Option<Exc>;
    fn is_cancelled(&self) -> bool;
    fn add_done_callback(&self, cb: Callback) -> u64;
    /// Where the task is in its program.
    fn frames(&self) -> &Frames;
    /// Drops the suspended program and pending callbacks (loop teardown).
    fn teardown(&self);
    /// True while the program is held: not finished and not torn down (a step in
    /// progress counts as alive).
    fn is_alive(&self) -> bool;
    /// A step of the task with nothing thrown in: its first (what `create_task` queues) or
    /// the one after a bare yield.
    fn step_queued(self: Rc<Self>, why: Resume);
}
