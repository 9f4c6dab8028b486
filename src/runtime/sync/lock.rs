//! `asyncio.Lock`: mutual exclusion between tasks of one loop.
//!
//! Models CPython 3.11's Lock: FIFO waiters; `release()` wakes the first waiter, which takes
//! the lock when it next runs; a newcomer cannot barge in while a woken waiter is queued.
//! Differs in one way: the lock is released by dropping the [`LockGuard`] (the end of the
//! `async with` block), so an early `return` or `?` cannot leave it locked.

use std::cell::Cell;
use std::rc::Rc;

use super::super::exception::PyResult;
use super::super::executor::Loop;
use super::super::future::{suspend_on, FutureCell, State};
use super::super::trace::{EventKind, Prim, WaitOn};
use super::{WaiterSlot, Waiters};

#[derive(Default)]
struct LockState {
    locked: Cell<bool>,
    waiters: Waiters,
}

/// `asyncio.Lock()`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, gather, sleep, Lock};
/// let report = run(async {
///     let lock = Lock::new();
///     let tasks = (0..3).map(|_| {
///         let lock = lock.clone();
///         create_task(async move {
///             let _held = lock.acquire().await?;
///             sleep(1.0).await
///         })
///     }).collect();
///     gather(tasks).await
/// });
/// assert_eq!(report.elapsed, 3.0); // one at a time
/// ```
#[derive(Clone, Default)]
pub struct Lock {
    state: Rc<LockState>,
}

/// Holds a [`Lock`]; dropping it releases the lock (`async with lock:` ends).
pub struct LockGuard {
    lock: Option<Lock>,
}

impl Lock {
    /// An unlocked lock.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Lock;
    /// assert!(!Lock::new().locked());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// `lock.locked()`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Lock};
    /// let report = run(async {
    ///     let lock = Lock::new();
    ///     let guard = lock.acquire().await?;
    ///     let inside = lock.locked();
    ///     drop(guard);
    ///     Ok((inside, lock.locked()))
    /// });
    /// assert_eq!(report.result, Ok((true, false)));
    /// ```
    pub fn locked(&self) -> bool {
        self.state.locked.get()
    }

    /// `await lock.acquire()`: waits until the lock is free and this task is first in line.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Lock};
    /// let report = run(async { let lock = Lock::new(); let _g = lock.acquire().await?; Ok(lock.locked()) });
    /// assert_eq!(report.result, Ok(true));
    /// ```
    ///
    /// # Cancellation
    /// A waiter cancelled while queued leaves the queue; if it had already been woken, the
    /// wake-up passes to the next waiter, so the lock is never stranded.
    pub async fn acquire(&self) -> PyResult<LockGuard> {
        let s = &self.state;
        if !s.locked.get() && s.waiters.borrow().iter().all(|w| w.is_cancelled()) {
            return Ok(self.take());
        }
        let lp = Loop::running()?;
        let fut = Rc::new(FutureCell::new(&lp, WaitOn::Lock));
        s.waiters.borrow_mut().push_back(fut.clone());
        let slot = WaiterSlot { waiters: &s.waiters, fut: fut.clone() };
        let waited = suspend_on(fut).await;
        drop(slot);
        if let Err(exc) = waited {
            if exc.is_cancelled() && !s.locked.get() {
                self.wake_up_first();
            }
            return Err(exc);
        }
        Ok(self.take())
    }

    fn take(&self) -> LockGuard {
        self.state.locked.set(true);
        if let Some(lp) = Loop::current() {
            lp.note(EventKind::Acquire(Prim::Lock));
        }
        LockGuard { lock: Some(self.clone()) }
    }

    fn release(&self) {
        if self.state.locked.replace(false) {
            if let Some(lp) = Loop::current() {
                lp.note(EventKind::Release(Prim::Lock));
            }
            self.wake_up_first();
        }
    }

    fn wake_up_first(&self) {
        let first = self.state.waiters.borrow().front().cloned();
        if let Some(fut) = first.filter(|f| !f.is_done()) {
            fut.finish(State::Value(()));
        }
    }
}

impl LockGuard {
    /// `lock.release()`, explicitly (dropping the guard does the same).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Lock};
    /// let report = run(async {
    ///     let lock = Lock::new();
    ///     lock.acquire().await?.release();
    ///     Ok(lock.locked())
    /// });
    /// assert_eq!(report.result, Ok(false));
    /// ```
    pub fn release(mut self) {
        if let Some(lock) = self.lock.take() {
            lock.release();
        }
    }
}

impl Drop for LockGuard {
    fn drop(&mut self) {
        if let Some(lock) = self.lock.take() {
            lock.release();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, gather, print, run, sleep};

    #[test]
    fn waiters_get_the_lock_in_arrival_order() {
        let report = run(async {
            let lock = Lock::new();
            let tasks = (0..5)
                .map(|n| {
                    let lock = lock.clone();
                    create_task(async move {
                        let _held = lock.acquire().await?;
                        print(format!("worker {n} has the lock"));
                        sleep(0.1).await
                    })
                })
                .collect();
            gather(tasks).await
        });
        let order: Vec<String> = report.trace.prints();
        assert_eq!(order.len(), 5);
        for (n, line) in order.iter().enumerate() {
            assert!(line.ends_with(&format!("worker {n} has the lock")), "{order:?}");
        }
        assert!((report.elapsed - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_woken_waiter_that_is_cancelled_passes_the_lock_on() {
        let report = run(async {
            let lock = Lock::new();
            let held = lock.acquire().await?;
            let (l1, l2) = (lock.clone(), lock.clone());
            let first = create_task(async move { l1.acquire().await.map(drop) });
            let second = create_task(async move { l2.acquire().await.map(drop) });
            sleep(0.0).await?; // both are queued now
            drop(held); // wakes `first`…
            first.cancel(); // …which is cancelled before it runs
            let second_result = second.await;
            Ok((first.cancelled(), second_result.is_ok(), lock.locked()))
        });
        assert_eq!(report.result, Ok((true, true, false)));
    }
}
