//! `asyncio.Event`: a flag tasks can wait for.
//!
//! Models CPython 3.11's Event: `set()` sets the result of every waiting future (each
//! waiter then runs one iteration later, in the order it started waiting); `wait()` on a set
//! event returns at once without yielding.

use std::cell::Cell;
use std::rc::Rc;

use super::super::exception::PyResult;
use super::super::executor::Loop;
use super::super::future::{suspend_on, FutureCell, State};
use super::super::trace::{EventKind, WaitOn};
use super::{WaiterSlot, Waiters};

#[derive(Default)]
struct EventState {
    value: Cell<bool>,
    waiters: Waiters,
}

/// `asyncio.Event()`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, create_task, sleep, Event};
/// let report = run(async {
///     let ev = Event::new();
///     let setter = ev.clone();
///     create_task(async move { sleep(1.0).await?; setter.set(); Ok(()) });
///     ev.wait().await
/// });
/// assert_eq!(report.elapsed, 1.0);
/// ```
#[derive(Clone, Default)]
pub struct Event {
    state: Rc<EventState>,
}

impl Event {
    /// A cleared event.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Event;
    /// assert!(!Event::new().is_set());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// `event.is_set()`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Event;
    /// let ev = Event::new();
    /// ev.set();
    /// assert!(ev.is_set());
    /// ```
    pub fn is_set(&self) -> bool {
        self.state.value.get()
    }

    /// `event.set()`: wakes every waiter.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Event;
    /// let ev = Event::new();
    /// ev.set();
    /// ev.set(); // setting twice is harmless
    /// assert!(ev.is_set());
    /// ```
    pub fn set(&self) {
        if !self.state.value.replace(true) {
            if let Some(lp) = Loop::current() {
                lp.note(EventKind::EventSet);
            }
            let waiters: Vec<_> = self.state.waiters.borrow().iter().cloned().collect();
            for fut in waiters.into_iter().filter(|f| !f.is_done()) {
                fut.finish(State::Value(()));
            }
        }
    }

    /// `event.clear()`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::Event;
    /// let ev = Event::new();
    /// ev.set();
    /// ev.clear();
    /// assert!(!ev.is_set());
    /// ```
    pub fn clear(&self) {
        self.state.value.set(false);
    }

    /// `await event.wait()`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, Event};
    /// let report = run(async { let ev = Event::new(); ev.set(); ev.wait().await });
    /// assert_eq!(report.result, Ok(()));
    /// ```
    ///
    /// # Cancellation
    /// A cancelled waiter leaves the queue and gets `Err(Cancelled)`; the event is unchanged.
    pub async fn wait(&self) -> PyResult<()> {
        if self.is_set() {
            return Ok(());
        }
        let lp = Loop::running()?;
        let fut = Rc::new(FutureCell::new(&lp, WaitOn::Event));
        self.state.waiters.borrow_mut().push_back(fut.clone());
        let _slot = WaiterSlot { waiters: &self.state.waiters, fut: fut.clone() };
        suspend_on(fut).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, gather, print, run, sleep, Exc};

    #[test]
    fn set_wakes_every_waiter_in_order_one_iteration_later() {
        let report = run(async {
            let ev = Event::new();
            let waiters = (0..3)
                .map(|n| {
                    let ev = ev.clone();
                    create_task(async move {
                        ev.wait().await?;
                        print(format!("waiter {n} woke"));
                        Ok(())
                    })
                })
                .collect();
            sleep(1.0).await?;
            ev.set();
            print("set");
            gather(waiters).await
        });
        assert_eq!(report.trace.prints(), vec!["1: set", "1: waiter 0 woke", "1: waiter 1 woke", "1: waiter 2 woke"]);
    }

    #[test]
    fn a_cancelled_waiter_leaves_the_queue() {
        let report = run(async {
            let ev = Event::new();
            let e2 = ev.clone();
            let waiter = create_task(async move { e2.wait().await });
            sleep(0.1).await?;
            waiter.cancel();
            let r = waiter.await;
            let queued = ev.state.waiters.borrow().len();
            Ok((r, queued))
        });
        assert_eq!(report.result, Ok((Err(Exc::cancelled()), 0)));
    }
}
