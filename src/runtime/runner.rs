//! `asyncio.run` on the virtual clock.
//!
//! [`Runner`] creates a loop on a [`VirtualClock`], runs the main program as a task, and
//! drives the loop: whenever nothing is ready, the clock jumps to the next timer. When the
//! main task finishes, the loop stops after that iteration and, like `asyncio.run`, cancels
//! the tasks still pending and runs until they have finished. Same program, same bytes out.
//!
//! A program waiting on something that can never happen ends the run as a deadlock; a
//! horizon (`until`) ends it like the user pressing Stop.

use std::cell::Cell;
use std::future::Future;
use std::rc::Rc;

use super::exception::{Exc, PyResult};
use super::executor::{Loop, Wake};
use super::platform::VirtualClock;
use super::task::spawn;
use super::trace::Trace;

/// Why a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEnd {
    /// The main task finished.
    Completed,
    /// Nothing could make progress at loop time `at` (every task waits on something that
    /// no timer or task will ever set).
    Deadlock { at: f64 },
    /// The horizon was reached at loop time `at` (or the iteration limit).
    Stopped { at: f64, reason: String },
}

/// What a run produced.
#[derive(Debug)]
pub struct RunReport<T> {
    /// The main program's result, or what it raised.
    pub result: PyResult<T>,
    /// Loop time when the main task finished (or when the run was cut short).
    pub elapsed: f64,
    pub end: RunEnd,
    pub trace: Trace,
}

/// Runs programs on a fresh loop with a virtual clock.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{Runner, RunEnd, sleep};
/// let report = Runner::new().until(5.0).run(async { sleep(10.0).await });
/// assert!(matches!(report.end, RunEnd::Stopped { at, .. } if at == 5.0));
/// ```
pub struct Runner {
    clock: Rc<VirtualClock>,
    lp: Loop,
    until: Option<f64>,
    max_iterations: u64,
}

impl Default for Runner {
    fn default() -> Self {
        Self::new()
    }
}

impl Runner {
    /// A runner whose loop starts at t = 0.
    pub fn new() -> Self {
        let clock = Rc::new(VirtualClock::new());
        let lp = Loop::new(clock.clone());
        Runner { clock, lp, until: None, max_iterations: 20_000_000 }
    }

    /// Stops the run when loop time would pass `t`.
    pub fn until(mut self, t: f64) -> Self {
        self.until = Some(t);
        self
    }

    /// Stops the run after this many loop iterations (a program that yields forever).
    pub fn max_iterations(mut self, n: u64) -> Self {
        self.max_iterations = n;
        self
    }

    /// The loop, e.g. to read its trace while running.
    pub fn event_loop(&self) -> &Loop {
        &self.lp
    }

    /// `asyncio.run(main)`.
    pub fn run<T: Clone + 'static>(self, main: impl Future<Output = PyResult<T>> + 'static) -> RunReport<T> {
        let lp = self.lp.clone();
        let task = {
            let _entered = lp.enter();
            spawn("main()", main)
        };
        let stopper = lp.clone();
        task.add_done_callback(move || stopper.stop());
        let mut end = self.drive();
        let elapsed = self.clock_now();
        if end == RunEnd::Completed {
            end = self.cancel_leftovers();
        }
        let result = task.result().unwrap_or_else(|| Err(stopped_error(&end)));
        lp.close();
        RunReport { result, elapsed, end, trace: lp.trace() }
    }

    fn clock_now(&self) -> f64 {
        use super::platform::Platform;
        self.clock.now()
    }

    /// Runs iterations until `stop()`; jumps the clock when nothing is ready.
    fn drive(&self) -> RunEnd {
        loop {
            match self.lp.next_wake() {
                Wake::Now => {}
                Wake::At(t) => {
                    if let Some(until) = self.until.filter(|u| t > *u) {
                        self.clock.advance_to(until);
                        return RunEnd::Stopped { at: until, reason: "the horizon was reached".into() };
                    }
                    self.clock.advance_to(t);
                }
                Wake::Idle => return RunEnd::Deadlock { at: self.clock_now() },
            }
            self.lp.run_once();
            if self.lp.take_stopping() {
                return RunEnd::Completed;
            }
            if self.lp.iterations() >= self.max_iterations {
                return RunEnd::Stopped { at: self.clock_now(), reason: "too many loop iterations".into() };
            }
        }
    }

    /// `asyncio.run`'s shutdown: cancel what is still pending and let it finish.
    fn cancel_leftovers(&self) -> RunEnd {
        let pending: Vec<_> = self.lp.tasks().into_iter().filter(|t| !t.is_done()).collect();
        if pending.is_empty() {
            return RunEnd::Completed;
        }
        let _entered = self.lp.enter();
        for task in &pending {
            task.cancel(None);
        }
        let remaining = Rc::new(Cell::new(pending.len()));
        for task in &pending {
            let (remaining, lp) = (remaining.clone(), self.lp.clone());
            task.add_done_callback(Box::new(move || {
                remaining.set(remaining.get() - 1);
                if remaining.get() == 0 {
                    let stopper = lp.clone();
                    lp.call_soon(move || stopper.stop());
                }
            }));
        }
        drop(_entered);
        self.drive()
    }
}

fn stopped_error(end: &RunEnd) -> Exc {
    match end {
        RunEnd::Deadlock { at } => Exc::runtime_error(format!("deadlock: no task can make progress at t={at}")),
        RunEnd::Stopped { at, reason } => Exc::runtime_error(format!("stopped at t={at}: {reason}")),
        RunEnd::Completed => Exc::runtime_error("the run ended before the main task finished"),
    }
}

/// `asyncio.run(main)` on a virtual clock.
pub fn run<T: Clone + 'static>(main: impl Future<Output = PyResult<T>> + 'static) -> RunReport<T> {
    Runner::new().run(main)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, sleep, LoopFuture, WaitOn};

    #[test]
    fn a_program_waiting_forever_ends_as_a_deadlock() {
        let report = run(async {
            sleep(1.0).await?;
            LoopFuture::<()>::new(WaitOn::Future).wait().await
        });
        assert_eq!(report.end, RunEnd::Deadlock { at: 1.0 });
        assert!(report.result.unwrap_err().to_string().contains("deadlock"));
    }

    #[test]
    fn the_horizon_stops_a_run_like_the_stop_button() {
        let report = Runner::new().until(3.0).run(sleep(100.0));
        assert!(matches!(report.end, RunEnd::Stopped { at, .. } if at == 3.0));
    }

    #[test]
    fn a_program_that_yields_forever_hits_the_iteration_limit() {
        let report = Runner::new().max_iterations(1000).run(async {
            loop {
                sleep(0.0).await?;
            }
            #[allow(unreachable_code)]
            Ok(())
        });
        assert!(matches!(report.end, RunEnd::Stopped { .. }));
    }

    #[test]
    fn tasks_left_pending_are_cancelled_at_shutdown() {
        let report = run(async {
            let orphan = create_task(sleep(100.0));
            sleep(1.0).await?;
            Ok(orphan)
        });
        let orphan = report.result.unwrap();
        assert!(orphan.cancelled());
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn virtual_runs_are_identical_every_time() {
        let once = || {
            let report = run(async {
                let tasks: Vec<_> = (0..50).map(|n| create_task(async move { sleep(f64::from(n % 7) * 0.1).await })).collect();
                for t in tasks {
                    t.await?;
                }
                Ok(())
            });
            format!("{:?}", report.trace.events)
        };
        assert_eq!(once(), once());
    }
}
