//! Synchronisation primitives for tasks on one loop: [`Lock`], [`Semaphore`], [`Event`].
//!
//! Each follows CPython 3.11's `asyncio/locks.py` line by line: waiters are loop futures in
//! a FIFO deque, a release wakes the first waiter by setting its future (so the woken task
//! runs one iteration later), and a cancelled waiter removes itself and hands a pending
//! wake-up on, so no permit is lost or leaked.

mod event;
mod lock;
mod semaphore;

pub use event::Event;
pub use lock::{Lock, LockGuard};
pub use semaphore::{Semaphore, SemaphoreGuard};

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use super::future::FutureCell;

type Waiters = RefCell<VecDeque<Rc<FutureCell<()>>>>;

/// Removes a waiter's future from the deque when the acquire ends, however it ends (the
/// `finally: self._waiters.remove(fut)` of asyncio), including when the task is torn down.
struct WaiterSlot<'a> {
    waiters: &'a Waiters,
    fut: Rc<FutureCell<()>>,
}

impl Drop for WaiterSlot<'_> {
    fn drop(&mut self) {
        let mut waiters = self.waiters.borrow_mut();
        if let Some(pos) = waiters.iter().position(|w| Rc::ptr_eq(w, &self.fut)) {
            waiters.remove(pos);
        }
    }
}
