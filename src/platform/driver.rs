//! Runs a scenario on the browser's clock.
//!
//! The driver owns one [`Session`] (one `asyncio.run`) and one [`BrowserClock`]. Each tick
//! runs the loop iterations that are due, for at most [`SLICE_MS`] of wall time, then hands
//! control back to the browser — arming the one timer for the next deadline, or posting a
//! message if work is still due. Stop ends the session at once: the loop is closed (its
//! tasks dropped, workers and requests shut down) and the clock disarmed.
//!
//! The driver runs any program (its main task's result is `T`) and reports what happened:
//! the session's [`RunReport`] and what the wall clock measured ([`WallStats`]). What the
//! run was (a scenario, its parameters) is its owner's to know: the page turns the report
//! into a run-result (`ui::runs`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::clock::BrowserClock;
use super::http::BrowserHttp;
use super::perf_now;
use super::workers::WorkerPool;
use std::future::Future;

use crate::runtime::RunReport;
use crate::runtime::{Entry, Loop, NextWake, Platform, Progress, PyResult, RunEnd, Session, StopReason, WallStats};

/// The longest stretch of loop work before the page gets control back, in milliseconds.
pub const SLICE_MS: f64 = 8.0;

/// After Stop, how long the report waits for aborted requests to settle (so that it can say
/// the browser really cancelled them): this many polls, this many milliseconds apart.
const ABORT_SETTLE_POLLS: u32 = 50;
const ABORT_SETTLE_POLL_MS: u32 = 10;

/// What a run tells its owner.
pub enum RunUpdate<T> {
    /// Iterations ran; the trace grew.
    Progress,
    /// The run is over (finished, stopped, or deadlocked): what happened, and the wall
    /// clock's measurements.
    Finished(RunReport<T>, WallStats),
}

/// The program a run starts: how `asyncio.run` enters it, and its main coroutine.
pub struct RealProgram<F> {
    pub entry: Entry,
    pub main: F,
    /// The loop time at which the run stops (`None`: when the program ends).
    pub horizon: Option<f64>,
}

struct Inner<T> {
    on_update: Box<dyn Fn(RunUpdate<T>)>,
    clock: Rc<BrowserClock>,
    lp: Loop,
    session: RefCell<Option<Session<T>>>,
    horizon: Option<f64>,
    longest_slice_ms: Cell<f64>,
    http: Rc<BrowserHttp>,
    workers: Rc<WorkerPool>,
}

/// A program running on the real clock. Dropping the handle does not stop the run; call
/// [`RealRun::stop`].
pub struct RealRun<T: 'static> {
    inner: Rc<Inner<T>>,
}

impl<T: 'static> Clone for RealRun<T> {
    fn clone(&self) -> Self {
        RealRun { inner: self.inner.clone() }
    }
}

/// A handle that does not keep its run alive: what the run's own progress callback holds,
/// so a finished run (its loop, trace and clock) is freed once nothing else needs it.
pub struct WeakRun<T: 'static>(std::rc::Weak<Inner<T>>);

impl<T: 'static> Clone for WeakRun<T> {
    fn clone(&self) -> Self {
        WeakRun(self.0.clone())
    }
}

impl<T: 'static> WeakRun<T> {
    /// The run, while something else still holds it.
    pub fn upgrade(&self) -> Option<RealRun<T>> {
        self.0.upgrade().map(|inner| RealRun { inner })
    }
}

impl<T: Clone + 'static> RealRun<T> {
    /// Starts `program` on the real clock, `scale` wall seconds per guide-second:
    /// `on_update` hears of every slice of loop work, and of the end.
    pub fn start<F>(program: RealProgram<F>, scale: f64, on_update: impl Fn(RunUpdate<T>) + 'static) -> Result<RealRun<T>, String>
    where
        F: Future<Output = PyResult<T>> + 'static,
    {
        let clock = BrowserClock::new(scale).map_err(|e| format!("cannot start the browser clock: {e:?}"))?;
        let lp = Loop::new(clock.clone());
        let workers = WorkerPool::new(scale);
        let http = BrowserHttp::new(scale);
        lp.set_workers(workers.clone());
        lp.set_http(http.clone());
        let session = Session::start_with(&lp, &program.entry, program.main);
        let inner = Rc::new(Inner {
            on_update: Box::new(on_update),
            clock: clock.clone(),
            lp,
            session: RefCell::new(Some(session)),
            horizon: program.horizon,
            longest_slice_ms: Cell::new(0.0),
            http,
            workers,
        });
        let weak = Rc::downgrade(&inner);
        clock.set_wake(Some(Rc::new(move || {
            if let Some(inner) = weak.upgrade() {
                tick(&inner);
            }
        })));
        clock.poll_soon();
        Ok(RealRun { inner })
    }

    /// A handle that does not keep the run alive.
    pub fn downgrade(&self) -> WeakRun<T> {
        WeakRun(Rc::downgrade(&self.inner))
    }

    /// Ends the run now, as the user's Stop button does.
    pub fn stop(&self) {
        let at = self.inner.lp.time();
        finish(&self.inner, RunEnd::Stopped { at, reason: StopReason::User });
    }

    /// The loop, for live snapshots of the trace.
    pub fn event_loop(&self) -> &Loop {
        &self.inner.lp
    }

    /// Loop time now, in guide-seconds.
    pub fn now(&self) -> f64 {
        self.inner.clock.now()
    }

    /// True until the run has finished or was stopped.
    pub fn is_running(&self) -> bool {
        self.inner.session.borrow().is_some()
    }

    /// The clock (for its timer statistics).
    pub fn clock(&self) -> &Rc<BrowserClock> {
        &self.inner.clock
    }

    /// The longest single stretch of loop work so far, in wall milliseconds.
    pub fn longest_slice_ms(&self) -> f64 {
        self.inner.longest_slice_ms.get()
    }
}

fn tick<T: Clone + 'static>(inner: &Rc<Inner<T>>) {
    let slice_start = perf_now();
    if let Some(h) = inner.horizon.filter(|h| inner.lp.time() >= *h) {
        finish(inner, RunEnd::Stopped { at: h, reason: StopReason::Horizon(h) });
        return;
    }
    let progress = {
        let mut session = inner.session.borrow_mut();
        let Some(session) = session.as_mut() else { return };
        session.run_due(|| perf_now() - slice_start >= SLICE_MS)
    };
    let slice = perf_now() - slice_start;
    if slice > inner.longest_slice_ms.get() {
        inner.longest_slice_ms.set(slice);
    }
    match progress {
        Progress::Finished => {
            finish(inner, RunEnd::Completed);
            return;
        }
        Progress::Wait(NextWake::Now) => inner.clock.poll_soon(),
        Progress::Wait(NextWake::At(t)) => {
            let target = inner.horizon.map_or(t, |h| t.min(h));
            // The last millisecond before a deadline goes by in message-channel hops: setTimeout
            // only counts whole milliseconds, the hops are precise and still yield to the page.
            if inner.clock.wall_ms_until(target) < 1.0 {
                inner.clock.arm(None);
                inner.clock.poll_soon();
            } else {
                inner.clock.arm(Some(target));
            }
        }
        Progress::Wait(NextWake::Idle) => {
            let outside = inner.lp.outside_in_flight();
            if let Some(h) = inner.horizon {
                inner.clock.arm(Some(h));
            } else if outside == 0 {
                finish(inner, RunEnd::Deadlock { at: inner.lp.time() });
                return;
            }
        }
    }
    (inner.on_update)(RunUpdate::Progress);
}

fn finish<T: Clone + 'static>(inner: &Rc<Inner<T>>, end: RunEnd) {
    let Some(session) = inner.session.borrow_mut().take() else { return };
    inner.clock.shut_down();
    let wall_secs = inner.clock.wall_ms() / 1000.0;
    let report = session.finish(end);
    if inner.http.aborts_pending() == 0 {
        report_run(&inner.clone(), report, wall_secs);
        return;
    }
    // Report once every aborted request has settled (so the report can say that the browser
    // really cancelled them): 10 ms at a time, half a second at most.
    let inner = inner.clone();
    wasm_bindgen_futures::spawn_local(async move {
        for _ in 0..ABORT_SETTLE_POLLS {
            if inner.http.aborts_pending() == 0 {
                break;
            }
            gloo_timers::future::TimeoutFuture::new(ABORT_SETTLE_POLL_MS).await;
        }
        report_run(&inner, report, wall_secs);
    });
}

fn report_run<T: Clone + 'static>(inner: &Rc<Inner<T>>, report: RunReport<T>, wall_secs: f64) {
    let http = &inner.http;
    let wall = WallStats {
        wall: wall_secs,
        max_lateness: inner.lp.max_lateness(),
        requests: (http.started(), http.aborted(), http.abort_confirmed()),
        workers_started: inner.workers.workers_started(),
    };
    (inner.on_update)(RunUpdate::Finished(report, wall));
}
