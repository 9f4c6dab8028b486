//! `asyncio.Semaphore`: at most `value` holders at once.
//!
//! Models CPython's Semaphore (3.11.7 and 3.12 alike, 3.13 where it differs): FIFO
//! waiters; a release wakes the first waiter that is not already woken and hands it the
//! permit at once (`_value -= 1` on wake-up). A woken waiter that is cancelled before it
//! runs gives its permit back, so cancellations neither lose nor leak permits. A waiter that
//! resumes (or is cancelled) while permits are still free wakes the next waiter — one, or
//! since 3.13 as many as there are free permits
//! ([`PyVersion::semaphore_wakes_all_free`](crate::runtime::PyVersion::semaphore_wakes_all_free)).
//! The permit is returned by dropping the [`SemaphoreGuard`] (the end of `async with
//! semaphore:`).

use std::cell::Cell;
use std::rc::Rc;

use super::super::exception::{Exc, PyResult};
use super::super::executor::Loop;
use super::super::future::{suspend_on, FutureCell, State};
use super::super::trace::{EventKind, Prim, WaitOn};
use super::{WaiterSlot, Waiters};

struct SemaphoreState {
    value: Cell<i64>,
    waiters: Waiters,
}

/// `asyncio.Semaphore(value)`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, gather, sleep, Semaphore};
/// let report = run(async {
///     let sem = Semaphore::new(2)?;
///     let tasks = (0..4).map(|_| {
///         let sem = sem.clone();
///         create_task(async move { let _permit = sem.acquire().await?; sleep(1.0).await })
///     }).collect();
///     gather(tasks).await
/// });
/// assert_eq!(report.elapsed, 2.0); // two at a time
/// ```
#[derive(Clone)]
pub struct Semaphore {
    state: Rc<SemaphoreState>,
}

/// A permit of a [`Semaphore`]; dropping it releases the permit.
pub struct SemaphoreGuard {
    sem: Option<Semaphore>,
}

impl Semaphore {
    /// A semaphore with `value` permits; `ValueError` if negative.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Semaphore;
    /// assert!(Semaphore::new(-1).is_err());
    /// assert_eq!(Semaphore::new(3).unwrap().value(), 3);
    /// ```
    pub fn new(value: i64) -> PyResult<Self> {
        if value < 0 {
            return Err(Exc::value_error("Semaphore initial value must be >= 0"));
        }
        Ok(Semaphore { state: Rc::new(SemaphoreState { value: Cell::new(value), waiters: Default::default() }) })
    }

    /// Permits currently free (`sem._value`).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Semaphore};
    /// let report = run(async { let s = Semaphore::new(2)?; let _p = s.acquire().await?; Ok(s.value()) });
    /// assert_eq!(report.result, Ok(1));
    /// ```
    pub fn value(&self) -> i64 {
        self.state.value.get()
    }

    /// `sem.locked()`: true if an acquire would wait.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Semaphore;
    /// assert!(Semaphore::new(0).unwrap().locked());
    /// ```
    pub fn locked(&self) -> bool {
        self.state.value.get() == 0 || self.state.waiters.borrow().iter().any(|w| !w.is_cancelled())
    }

    /// `await sem.acquire()`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Semaphore};
    /// let report = run(async { let s = Semaphore::new(1)?; let _p = s.acquire().await?; Ok(s.locked()) });
    /// assert_eq!(report.result, Ok(true));
    /// ```
    ///
    /// # Cancellation
    /// A queued waiter that is cancelled leaves the queue. One cancelled after being handed
    /// a permit returns it and wakes the next waiter.
    pub async fn acquire(&self) -> PyResult<SemaphoreGuard> {
        let s = &self.state;
        if !self.locked() {
            s.value.set(s.value.get() - 1);
            return Ok(self.granted());
        }
        let lp = Loop::running()?;
        let fut = Rc::new(FutureCell::new(&lp, WaitOn::Semaphore));
        s.waiters.borrow_mut().push_back(fut.clone());
        let slot = WaiterSlot { waiters: &s.waiters, fut: fut.clone() };
        let waited = suspend_on(fut.clone()).await;
        drop(slot);
        let handed_back = matches!(&waited, Err(exc) if exc.is_cancelled() && fut.is_done() && !fut.is_cancelled());
        if handed_back {
            s.value.set(s.value.get() + 1);
        }
        if lp.python().semaphore_wakes_all_free() {
            // 3.13: `finally: while self._value > 0: if not self._wake_up_next(): break`
            while s.value.get() > 0 && self.wake_up_next() {}
        } else if handed_back || (waited.is_ok() && s.value.get() > 0) {
            self.wake_up_next();
        }
        waited?;
        Ok(self.granted())
    }

    /// The running task holds a permit now.
    fn granted(&self) -> SemaphoreGuard {
        if let Some(lp) = Loop::current() {
            lp.note(EventKind::Acquire(Prim::Semaphore));
        }
        SemaphoreGuard { sem: Some(self.clone()) }
    }

    fn release(&self) {
        if let Some(lp) = Loop::current() {
            lp.note(EventKind::Release(Prim::Semaphore));
        }
        self.state.value.set(self.state.value.get() + 1);
        self.wake_up_next();
    }

    /// Hands a permit to the first waiter not woken yet; false if there is none.
    fn wake_up_next(&self) -> bool {
        let next = self.state.waiters.borrow().iter().find(|w| !w.is_done()).cloned();
        let Some(fut) = next else { return false };
        self.state.value.set(self.state.value.get() - 1);
        fut.finish(State::Value(()));
        true
    }
}

impl SemaphoreGuard {
    /// `sem.release()`, explicitly (dropping the guard does the same).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Semaphore};
    /// let report = run(async {
    ///     let sem = Semaphore::new(1)?;
    ///     sem.acquire().await?.release();
    ///     Ok(sem.value())
    /// });
    /// assert_eq!(report.result, Ok(1));
    /// ```
    pub fn release(mut self) {
        if let Some(sem) = self.sem.take() {
            sem.release();
        }
    }
}

impl Drop for SemaphoreGuard {
    fn drop(&mut self) {
        if let Some(sem) = self.sem.take() {
            sem.release();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, print, run, sleep};

    #[test]
    fn cancelled_waiters_neither_lose_nor_leak_permits() {
        let report = run(async {
            let sem = Semaphore::new(1)?;
            let holder = {
                let sem = sem.clone();
                create_task(async move {
                    let _p = sem.acquire().await?;
                    sleep(1.0).await
                })
            };
            let waiters: Vec<_> = (0..3)
                .map(|n| {
                    let sem = sem.clone();
                    create_task(async move {
                        let _p = sem.acquire().await?;
                        print(format!("waiter {n} got the permit"));
                        sleep(0.5).await
                    })
                })
                .collect();
            sleep(0.5).await?;
            waiters[1].cancel();
            holder.await?;
            for w in waiters {
                let _ = w.await;
            }
            Ok(sem.value())
        });
        assert_eq!(report.result, Ok(1));
        assert_eq!(report.trace.prints(), vec!["1: waiter 0 got the permit", "1.5: waiter 2 got the permit"]);
    }

    #[test]
    fn a_waiter_cancelled_after_being_handed_the_permit_gives_it_back() {
        let report = run(async {
            let sem = Semaphore::new(1)?;
            let held = sem.acquire().await?;
            let (s1, s2) = (sem.clone(), sem.clone());
            let first = create_task(async move { s1.acquire().await.map(drop) });
            let second = create_task(async move { s2.acquire().await.map(drop) });
            sleep(0.0).await?;
            drop(held); // hands the permit to `first`
            first.cancel();
            second.await?;
            Ok(sem.value())
        });
        assert_eq!(report.result, Ok(1));
    }
}
