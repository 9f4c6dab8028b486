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

use super::end::{RunEnd, StopReason};
use super::exception::PyResult;
use super::executor::{Loop, NextWake};
use super::frames::Code;
use super::seam::{Platform, VirtualClock};
use super::task::{spawn_at, TaskHandle};
use super::trace::Trace;
use super::version::PyVersion;

/// How `asyncio.run(main())` starts the program: the main coroutine's function and `def`
/// line, its label on the timeline, the line of the `asyncio.run(...)` call, and which
/// CPython's asyncio the run follows.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The main coroutine's function name and `def` line.
    pub code: Code,
    /// `main()`, or `say_hello()`.
    pub label: String,
    /// The line of `asyncio.run(...)` in the program (0: not known).
    pub line: u32,
    /// The version whose semantics the loop follows for this run.
    pub python: PyVersion,
}

impl Default for Entry {
    /// `main()`, lines not known, the newest Python.
    fn default() -> Self {
        Entry { code: Code::new("main", 0), label: "main()".into(), line: 0, python: PyVersion::default() }
    }
}

/// What a run produced.
#[derive(Debug)]
pub struct RunReport<T> {
    /// The main program's result, or what it raised.
    pub result: PyResult<T>,
    /// Loop time when the main task finished (or when the run was cut short).
    pub elapsed: f64,
    /// Why the run ended.
    pub end: RunEnd,
    /// Every lifecycle event of the run, in order.
    pub trace: Trace,
}

/// One `asyncio.run(main)` in progress on some loop, advanced by a driver.
///
/// The session owns what every driver shares: the main task, the stop after the iteration
/// in which it finished, and `asyncio.run`'s shutdown (cancel what is still pending, run
/// until it has finished, then wait for `to_thread` jobs still running, as
/// `shutdown_default_executor` waits for the executor's threads). Drivers differ only in how they wait: the virtual [`Runner`]
/// jumps its clock, the browser driver arms one timer.
pub struct Session<T> {
    lp: Loop,
    main: TaskHandle<T>,
    phase: Phase,
    elapsed: Option<f64>,
}

#[derive(Clone, Copy, PartialEq)]
enum Phase {
    Main,
    /// Leftover tasks were cancelled; running until they have finished.
    Shutdown,
    /// Waiting for `to_thread` jobs still running (`shutdown_default_executor`).
    Drain,
    Done,
}

/// What a driver must do after [`Session::run_due`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Wait as told, then call `run_due` again (`NextWake::Now`: the session handed control
    /// back while work was still due).
    Wait(NextWake),
    /// The main task and the shutdown are over.
    Finished,
}

impl<T: Clone + 'static> Session<T> {
    /// Starts `main` as the loop's first task.
    pub fn start(lp: &Loop, main: impl Future<Output = PyResult<T>> + 'static) -> Self {
        Self::start_with(lp, &Entry::default(), main)
    }

    /// Starts `main` as the loop's first task, named and placed in the program by `entry`;
    /// from now on the loop follows `entry.python`'s asyncio.
    pub fn start_with(lp: &Loop, entry: &Entry, main: impl Future<Output = PyResult<T>> + 'static) -> Self {
        lp.set_python(entry.python);
        let task = {
            let _entered = lp.enter();
            lp.set_module_line(entry.line);
            spawn_at(entry.code, &entry.label, main)
        };
        let stopper = lp.clone();
        task.add_done_callback(move || stopper.stop());
        Session { lp: lp.clone(), main: task, phase: Phase::Main, elapsed: None }
    }

    /// The loop the session runs on.
    pub fn event_loop(&self) -> &Loop {
        &self.lp
    }

    /// Runs every loop iteration that is due now. Between iterations `hand_back` is asked
    /// whether to return control to the driver (a time budget, an iteration limit).
    pub fn run_due(&mut self, mut hand_back: impl FnMut() -> bool) -> Progress {
        loop {
            if self.phase == Phase::Drain && self.lp.workers().in_flight() == 0 {
                self.phase = Phase::Done;
            }
            if self.phase == Phase::Done {
                return Progress::Finished;
            }
            let wake = self.lp.next_wake();
            let due = match wake {
                NextWake::Now => true,
                NextWake::At(t) => t < self.lp.time() + self.lp.platform().resolution(),
                NextWake::Idle => false,
            };
            if !due {
                return Progress::Wait(wake);
            }
            if !self.lp.run_iteration(&mut hand_back) {
                return Progress::Wait(NextWake::Now);
            }
            if self.lp.take_stopping() {
                self.phase = match self.phase {
                    Phase::Main => {
                        self.elapsed = Some(self.lp.time());
                        if self.cancel_leftovers() {
                            Phase::Shutdown
                        } else {
                            Phase::Drain
                        }
                    }
                    _ => Phase::Drain,
                };
                continue;
            }
            if self.phase != Phase::Done && hand_back() {
                return Progress::Wait(NextWake::Now);
            }
        }
    }

    /// `asyncio.run`'s shutdown: cancel what is still pending, stop when it has finished.
    /// False if nothing was pending.
    fn cancel_leftovers(&self) -> bool {
        let pending: Vec<_> = self.lp.tasks().into_iter().filter(|t| !t.done()).collect();
        if pending.is_empty() {
            return false;
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
        true
    }

    /// Ends the session (finished, or cut short by `end`) and closes the loop: nothing of
    /// it runs afterwards, and every task's program is dropped.
    pub fn finish(self, end: RunEnd) -> RunReport<T> {
        let elapsed = self.elapsed.unwrap_or_else(|| self.lp.time());
        let result = self.main.result().unwrap_or_else(|| Err(end.unfinished_error()));
        self.lp.close();
        RunReport { result, elapsed, end, trace: self.lp.take_trace() }
    }
}

/// The iterations a virtual run may take before it is stopped as "too many loop iterations"
/// (a program that yields forever): far more than any scenario's largest run needs.
pub const MAX_ITERATIONS: u64 = 20_000_000;

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
        Runner { clock, lp, until: None, max_iterations: MAX_ITERATIONS }
    }

    /// Stops the run when loop time would pass `t`.
    pub fn until(mut self, t: f64) -> Self {
        self.until = Some(t);
        self
    }

    /// Follows `version`'s asyncio semantics in [`Runner::run`] ([`Runner::run_with`] takes
    /// the version from its [`Entry`]).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{Runner, PyVersion, wait_for, sleep};
    /// let tasks = |v| Runner::new().python(v).run(async { wait_for(sleep(5.0), Some(1.0)).await }).trace.tasks.len();
    /// assert_eq!((tasks(PyVersion::V3_11), tasks(PyVersion::V3_12)), (2, 1)); // 3.11's wait_for runs a task
    /// ```
    pub fn python(self, version: PyVersion) -> Self {
        self.lp.set_python(version);
        self
    }

    /// Stops the run after this many loop iterations (a program that yields forever).
    pub fn max_iterations(mut self, n: u64) -> Self {
        self.max_iterations = n;
        self
    }

    /// The loop, e.g. to give it other workers before running.
    pub fn event_loop(&self) -> &Loop {
        &self.lp
    }

    /// `asyncio.run(main)`.
    pub fn run<T: Clone + 'static>(self, main: impl Future<Output = PyResult<T>> + 'static) -> RunReport<T> {
        let entry = Entry { python: self.lp.python(), ..Entry::default() };
        self.run_with(&entry, main)
    }

    /// `asyncio.run(main)`, with the main coroutine named and placed by `entry`.
    pub fn run_with<T: Clone + 'static>(self, entry: &Entry, main: impl Future<Output = PyResult<T>> + 'static) -> RunReport<T> {
        let mut run = self.start_with(entry, main);
        run.advance(|| false);
        run.finish(StopReason::User)
    }

    /// Starts `asyncio.run(main)` to be computed a slice at a time ([`VirtualRun::advance`]).
    pub fn start_with<T: Clone + 'static>(self, entry: &Entry, main: impl Future<Output = PyResult<T>> + 'static) -> VirtualRun<T> {
        let session = Session::start_with(&self.lp, entry, main);
        VirtualRun { session, clock: self.clock, until: self.until, max_iterations: self.max_iterations, end: None }
    }
}

/// A virtual run computed a slice at a time: the page advances a long run between frames,
/// shows how far it got, and can stop it between slices. The same run, slice by slice or
/// at once ([`Runner::run_with`]).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{sleep, Entry, Runner, RunEnd, StopReason};
/// let mut run = Runner::new().start_with(&Entry::default(), async { for _ in 0..100 { sleep(1.0).await?; } Ok(()) });
/// let mut slices = 0;
/// while !run.advance({ let mut n = 0; move || { n += 1; n > 10 } }) {
///     slices += 1;
/// }
/// assert!(slices > 3);
/// let report = run.finish(StopReason::User);
/// assert_eq!((report.end, report.elapsed), (RunEnd::Completed, 100.0));
/// ```
pub struct VirtualRun<T> {
    session: Session<T>,
    clock: Rc<VirtualClock>,
    until: Option<f64>,
    max_iterations: u64,
    end: Option<RunEnd>,
}

impl<T: Clone + 'static> VirtualRun<T> {
    /// Runs until the run ends (true), or until `pause`, asked between loop iterations,
    /// says to hand back (false: call again to go on).
    pub fn advance(&mut self, mut pause: impl FnMut() -> bool) -> bool {
        while self.end.is_none() {
            let lp = self.session.event_loop().clone();
            let limit = self.max_iterations;
            let mut paused = false;
            let progress = self.session.run_due(|| {
                if lp.iterations() >= limit {
                    return true;
                }
                paused = pause();
                paused
            });
            self.end = match progress {
                Progress::Finished => Some(RunEnd::Completed),
                Progress::Wait(NextWake::Now) if paused => return false,
                Progress::Wait(NextWake::Now) => Some(RunEnd::Stopped { at: self.clock.now(), reason: StopReason::MaxIterations(limit) }),
                Progress::Wait(NextWake::At(t)) => match self.until.filter(|u| t > *u) {
                    Some(until) => {
                        self.clock.advance_to(until);
                        Some(RunEnd::Stopped { at: until, reason: StopReason::Horizon(until) })
                    }
                    None => {
                        self.clock.advance_to(t);
                        None
                    }
                },
                Progress::Wait(NextWake::Idle) => Some(RunEnd::Deadlock { at: self.clock.now() }),
            };
        }
        true
    }

    /// Loop time so far.
    pub fn now(&self) -> f64 {
        self.clock.now()
    }

    /// The run's report: how it ended, or, if it has not, stopped now for `reason`.
    pub fn finish(self, reason: StopReason) -> RunReport<T> {
        let end = self.end.unwrap_or(RunEnd::Stopped { at: self.clock.now(), reason });
        self.session.finish(end)
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
        assert_eq!(report.end, RunEnd::Stopped { at: 3.0, reason: StopReason::Horizon(3.0) });
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
        assert!(matches!(report.end, RunEnd::Stopped { reason: StopReason::MaxIterations(1000), .. }), "{:?}", report.end);
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
