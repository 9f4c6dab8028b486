//! What outside work needs of the loop it reports to: the loop's time, a callback at a
//! time, the task running now, and the trace — the [`Schedule`] trait, which the loop
//! ([`super::Loop`]) implements and the seams it hands work to ([`super::Http`],
//! [`super::Workers`]) take, the way tokio's task side declares its `Schedule`. With it the
//! seams sit below the loop: they never name it.
//!
//! Also here: [`Handle`], a callback the loop will run unless it is cancelled first.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::callbacks::Callback;
use super::trace::EventKind;

/// A scheduled callback; cancelling it before it runs skips it (asyncio's `Handle`).
pub struct Handle {
    callback: RefCell<Option<Callback>>,
    cancelled: Cell<bool>,
    /// For a timer still in the heap: the loop's count of cancelled timers in the heap
    /// (asyncio's `_timer_cancelled_count`, which only counts handles still `_scheduled`).
    timer_cancels: RefCell<Option<Rc<Cell<usize>>>>,
}

impl Handle {
    pub(crate) fn new(callback: Callback, timer_cancels: Option<Rc<Cell<usize>>>) -> Rc<Handle> {
        Rc::new(Handle { callback: RefCell::new(Some(callback)), cancelled: Cell::new(false), timer_cancels: RefCell::new(timer_cancels) })
    }

    /// Skips the callback if it has not run yet.
    pub fn cancel(&self) {
        if !self.cancelled.replace(true) {
            self.callback.borrow_mut().take();
            if let Some(count) = &*self.timer_cancels.borrow() {
                count.set(count.get() + 1);
            }
        }
    }

    /// The timer left the heap (it is due, or purged): its cancellation no longer counts.
    pub(crate) fn unschedule(&self) {
        self.timer_cancels.borrow_mut().take();
    }

    /// The callback, to run it now (`None`: cancelled, or run already).
    pub(crate) fn take_callback(&self) -> Option<Callback> {
        self.callback.borrow_mut().take()
    }

    /// True once cancelled.
    pub fn cancelled(&self) -> bool {
        self.cancelled.get()
    }
}

/// What a seam ([`super::Http`], [`super::Workers`]) may ask of the loop it works for.
///
/// # Examples
/// ```
/// use std::rc::Rc;
/// use asyncio_playground::runtime::{Loop, Schedule, VirtualClock};
/// let lp = Loop::new(Rc::new(VirtualClock::default()));
/// let ran = Rc::new(std::cell::Cell::new(false));
/// let seen = ran.clone();
/// let schedule: &dyn Schedule = &lp;
/// schedule.call_later(0.5, Box::new(move || seen.set(true)));
/// assert_eq!(schedule.time(), 0.0);
/// lp.run_once(); // nothing is due yet
/// assert!(!ran.get());
/// ```
pub trait Schedule {
    /// The loop's time, in seconds.
    fn time(&self) -> f64;
    /// Runs `f` once the loop's time reaches `when` (asyncio's `loop.call_at`).
    fn call_at(&self, when: f64, f: Box<dyn FnOnce()>) -> Rc<Handle>;
    /// Runs `f` after `delay` seconds of the loop's time (asyncio's `loop.call_later`).
    fn call_later(&self, delay: f64, f: Box<dyn FnOnce()>) -> Rc<Handle> {
        self.call_at(self.time() + delay, f)
    }
    /// The task whose step is running, if any.
    fn current_task_id(&self) -> Option<u32>;
    /// Records `kind` for `task` in the run's trace.
    fn record(&self, task: u32, kind: EventKind);
    /// The same loop, kept for later (work that reports when it ends).
    fn keep(&self) -> Rc<dyn Schedule>;
}
