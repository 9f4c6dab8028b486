//! The workers seam: where `asyncio.to_thread`'s blocking work runs, off the loop.
//!
//! In CPython the work runs in a thread of the default executor; in the browser the loop is
//! the page's main thread and a Web Worker stands in for the thread. The loop sees only
//! the [`Workers`] seam: *start this job, call me back with its result*. Two implementations:
//! - [`VirtualWorkers`] (here): a pool whose jobs take their declared duration of virtual
//!   time — deterministic, like the CPython harness, where `time.sleep(d)` inside
//!   `to_thread` completes `d` virtual seconds later while the loop keeps running.
//! - the browser's worker pool (`crate::platform`, wasm32 only).
//!
//! As in CPython, the result reaches the awaiting task through a loop future set by a loop
//! callback, so the task resumes one iteration after the job is done.
//!
//! # Cancellation
//! Cancelling the awaiting task does not stop the job (a Python thread cannot be stopped
//! either); its result is dropped. Stopping the whole run does stop it: unlike a thread, a
//! worker can be terminated, and [`Workers::shutdown`] does so.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::exception::{Exc, PyResult};
use super::schedule::Schedule;
use super::seam::OutsideWork;
use super::trace::EventKind;

/// Work for a thread: what the playground's programs hand to `to_thread`.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// `time.sleep(secs)`: blocks its thread (a busy-wait in a worker).
    BlockingSleep {
        /// Seconds the thread is blocked.
        secs: f64,
    },
    /// CPU-bound: count the primes below `below`. `secs` is its declared duration on the
    /// virtual clock (real runs take what they take).
    CountPrimes {
        /// Count the primes below this number.
        below: u64,
        /// Its duration on the virtual clock, in seconds.
        secs: f64,
    },
    /// A job that raises `ValueError(message)` after `secs`.
    Fail {
        /// The `ValueError`'s message.
        message: String,
        /// Seconds of work before it raises.
        secs: f64,
    },
}

impl Job {
    /// How the job reads in a timeline: `time.sleep(2)`, `count_primes(200000)`.
    pub fn describe(&self) -> String {
        match self {
            Job::BlockingSleep { secs } => format!("time.sleep({secs})"),
            Job::CountPrimes { below, .. } => format!("count_primes({below})"),
            Job::Fail { message, .. } => format!("failing_job({message:?})"),
        }
    }

    /// Its duration on the virtual clock.
    pub fn virtual_secs(&self) -> f64 {
        match self {
            Job::BlockingSleep { secs } | Job::CountPrimes { secs, .. } | Job::Fail { secs, .. } => *secs,
        }
    }

    /// The job's result, computed where it runs (busy-waits are the caller's business).
    pub fn compute(&self) -> PyResult<String> {
        match self {
            Job::BlockingSleep { .. } => Ok("None".into()),
            Job::CountPrimes { below, .. } => Ok(count_primes(*below).to_string()),
            Job::Fail { message, .. } => Err(Exc::value_error(message.clone())),
        }
    }
}

pub use asyncio_playground_jobs::count_primes;

/// Called with the job's outcome, on the loop's thread.
pub type JobDone = Box<dyn FnOnce(PyResult<String>)>;

/// Where `to_thread` jobs run; [`OutsideWork`] counts the jobs running and ends them all on
/// Stop.
pub trait Workers: OutsideWork {
    /// Starts `job` for the running task; `done` is called on the loop's thread when it ends.
    fn submit(&self, lp: &dyn Schedule, job: Job, done: JobDone);
    /// How many jobs can run at once.
    fn pool_size(&self) -> usize;
    /// Asks for `n` workers (the browser caps it at its core count).
    fn set_pool_size(&self, n: usize);
}

/// Workers on the virtual clock: a pool of `size` whose jobs take their declared duration;
/// a job waits for a free worker when all are busy.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, to_thread, Job};
/// let report = run(async { to_thread(Job::BlockingSleep { secs: 2.0 }).await });
/// assert_eq!(report.elapsed, 2.0);
/// ```
pub struct VirtualWorkers {
    busy_until: RefCell<Vec<f64>>,
    in_flight: Rc<Cell<usize>>,
}

impl VirtualWorkers {
    /// A pool of `size` workers (at least one).
    pub fn new(size: usize) -> Self {
        VirtualWorkers { busy_until: RefCell::new(vec![f64::NEG_INFINITY; size.max(1)]), in_flight: Rc::new(Cell::new(0)) }
    }
}

impl Workers for VirtualWorkers {
    fn submit(&self, lp: &dyn Schedule, job: Job, done: JobDone) {
        let now = lp.time();
        let (worker, free_at) = {
            let busy = self.busy_until.borrow();
            let (i, t) = busy.iter().enumerate().fold((0, f64::INFINITY), |best, (i, &t)| if t < best.1 { (i, t) } else { best });
            (i, t)
        };
        let task = lp.current_task_id().unwrap_or(0);
        let worker_id = worker as u32 + 1;
        let describe = job.describe();
        let start = move |lp: &dyn Schedule| lp.record(task, EventKind::JobStart { worker: worker_id, job: describe });
        let end = if free_at <= now {
            start(lp);
            now + job.virtual_secs()
        } else {
            let starter = lp.keep();
            lp.call_at(free_at, Box::new(move || start(&*starter)));
            free_at + job.virtual_secs()
        };
        self.busy_until.borrow_mut()[worker] = end;
        let finisher = lp.keep();
        let in_flight = self.in_flight.clone();
        in_flight.set(in_flight.get() + 1);
        lp.call_at(
            end,
            Box::new(move || {
                in_flight.set(in_flight.get().saturating_sub(1));
                let result = job.compute();
                finisher.record(task, EventKind::JobEnd { worker: worker_id, ok: result.is_ok() });
                done(result);
            }),
        );
    }

    fn pool_size(&self) -> usize {
        self.busy_until.borrow().len()
    }

    fn set_pool_size(&self, n: usize) {
        self.busy_until.borrow_mut().resize(n.max(1), f64::NEG_INFINITY);
    }
}

impl OutsideWork for VirtualWorkers {
    fn in_flight(&self) -> usize {
        self.in_flight.get()
    }

    /// Stop: the loop's timers are dropped, so no job will end; none is busy any more.
    fn shutdown(&self) {
        self.in_flight.set(0);
        self.busy_until.borrow_mut().fill(f64::NEG_INFINITY);
    }
}

/// The default pool for a loop: as many virtual workers as CPython's default executor has
/// threads on a 2-core machine (`min(32, cpu_count + 4)`).
pub(crate) fn default_workers() -> Rc<dyn Workers> {
    Rc::new(VirtualWorkers::new(6))
}
