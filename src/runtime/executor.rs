//! The event loop: asyncio's `BaseEventLoop` without the I/O.
//!
//! It owns a FIFO ready queue of callbacks and a heap of timers, and runs
//! [`Loop::run_once`] — one iteration of asyncio's `_run_once`: move every due timer to the
//! ready queue, then run exactly the callbacks that were ready when the iteration began.
//! Callbacks scheduled meanwhile wait for the next iteration, which is why a new task's
//! first step, a `sleep(0)` and every wake-up land one iteration later, as in CPython.
//!
//! Waiting is not the loop's business: a driver asks [`Loop::next_wake`] and either jumps a
//! virtual clock (`runner.rs`) or arms one browser timer (`crate::platform`).
//!
//! The loop running on this thread is found through [`Loop::current`], like
//! `asyncio.get_running_loop()`; several loops may exist (the page's Compare view runs two),
//! and whichever is being driven is entered for the duration of the iteration.

use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
use std::rc::{Rc, Weak};

use super::callbacks::Callback;
use super::exception::Exc;
use super::frames::Code;
use super::http::Http;
use super::offload::Workers;
use super::recorder::Recorder;
use super::schedule::{Handle, Schedule};
use super::seam::{Platform, VirtualClock};
use super::services::Services;
use super::trace::{EventKind, Resume, TaskInfo, Trace, TraceEvent};
use super::version::PyVersion;
use super::waiting::{AnyTask, Suspend};

/// A timer: ordered by deadline, then by the order it was scheduled in.
struct Timer {
    when: f64,
    seq: u64,
    handle: Rc<Handle>,
}

impl PartialEq for Timer {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Timer {}
impl PartialOrd for Timer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Timer {
    // Reversed: BinaryHeap is a max-heap and we pop the earliest.
    fn cmp(&self, other: &Self) -> Ordering {
        other.when.total_cmp(&self.when).then(other.seq.cmp(&self.seq))
    }
}

/// When the loop needs to run next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NextWake {
    /// Ready work is queued: run an iteration now.
    Now,
    /// Nothing is ready; the earliest timer is due at this loop time.
    At(f64),
    /// Nothing is ready and no timer is armed: only an outside event can wake the loop.
    Idle,
}

/// An entry of the ready queue: a plain callback (most of them, one allocation), a task's
/// step with nothing thrown in — its first, or after a bare yield (no allocation: the task
/// itself) — or a handle that can still be cancelled (due timers, `call_soon_cancellable`).
enum Ready {
    Call(Callback),
    Step(Rc<dyn AnyTask>, Resume),
    Handle(Rc<Handle>),
}

/// What the running step may read and write (current task, the exception thrown in, how it
/// suspended).
#[derive(Default)]
struct StepContext {
    task: Option<Rc<dyn AnyTask>>,
    throw: Option<Exc>,
    suspend: Option<Suspend>,
}

/// A task step set aside while an eagerly started task takes its first step.
pub(crate) struct SetAside(StepContext);

pub(crate) struct LoopInner {
    platform: Rc<dyn Platform>,
    ready: RefCell<VecDeque<Ready>>,
    timers: RefCell<BinaryHeap<Timer>>,
    timer_cancels: Rc<Cell<usize>>,
    next_seq: Cell<u64>,
    step: RefCell<StepContext>,
    tasks: RefCell<Vec<Rc<dyn AnyTask>>>,
    /// The run's trace and who awaits whom.
    recorder: Recorder,
    /// The line the program's module-level code is on (`asyncio.run(main())`): where tasks
    /// created outside any task come from.
    module_line: Cell<u32>,
    /// Time the longest single task step took, in loop seconds (0 unless measured).
    longest_step: Cell<f64>,
    measure_steps: Cell<bool>,
    stopping: Cell<bool>,
    iterations: Cell<u64>,
    /// Callbacks of the current iteration not run yet (a driver paused mid-iteration).
    remaining: Cell<usize>,
    max_lateness: Cell<f64>,
    services: Services,
    /// Whose asyncio semantics the primitives follow.
    python: Cell<PyVersion>,
}

/// A handle to an event loop (cheap to clone).
#[derive(Clone)]
pub struct Loop(Rc<LoopInner>);

thread_local! {
    static RUNNING: RefCell<Vec<Loop>> = const { RefCell::new(Vec::new()) };
}

/// Keeps a loop current until dropped.
pub struct Entered(());

impl Drop for Entered {
    fn drop(&mut self) {
        RUNNING.with(|r| r.borrow_mut().pop());
    }
}

/// How many callbacks an iteration runs between two questions to its driver whether to hand
/// control back (a huge iteration — 100 000 first steps — must not hold the page for long;
/// asking after every callback would cost more than the callbacks).
pub const CALLBACKS_PER_PAUSE_CHECK: usize = 32;

/// asyncio's `MIN_SCHEDULED_TIMER_HANDLES`: below this, cancelled timers are left in the
/// heap until they surface.
const MIN_TIMERS_FOR_CLEANUP: usize = 100;

impl Loop {
    /// A loop on `platform`.
    pub fn new(platform: Rc<dyn Platform>) -> Loop {
        Loop(Rc::new(LoopInner {
            platform,
            ready: RefCell::new(VecDeque::new()),
            timers: RefCell::new(BinaryHeap::new()),
            timer_cancels: Rc::new(Cell::new(0)),
            next_seq: Cell::new(0),
            step: RefCell::new(StepContext::default()),
            tasks: RefCell::new(Vec::new()),
            recorder: Recorder::default(),
            module_line: Cell::new(0),
            longest_step: Cell::new(0.0),
            measure_steps: Cell::new(false),
            stopping: Cell::new(false),
            iterations: Cell::new(0),
            remaining: Cell::new(0),
            max_lateness: Cell::new(0.0),
            services: Services::default(),
            python: Cell::new(PyVersion::default()),
        }))
    }

    /// `asyncio.get_running_loop()`: the loop being driven on this thread, or
    /// `RuntimeError: no running event loop`.
    pub fn running() -> Result<Loop, Exc> {
        Self::current().ok_or_else(Exc::no_running_loop)
    }

    /// The loop being driven on this thread, if any (`asyncio.get_running_loop()`).
    pub fn current() -> Option<Loop> {
        RUNNING.with(|r| r.borrow().last().cloned())
    }

    /// A loop that is never driven, for futures made outside any loop: they can still be
    /// set and inspected, and nothing ever runs their callbacks.
    pub(crate) fn detached() -> Loop {
        Loop::new(Rc::new(VirtualClock::new()))
    }

    pub(crate) fn downgrade(&self) -> Weak<LoopInner> {
        Rc::downgrade(&self.0)
    }

    pub(crate) fn from_weak(weak: &Weak<LoopInner>) -> Option<Loop> {
        weak.upgrade().map(Loop)
    }

    /// Makes this loop current (for callbacks from the host that touch its futures).
    pub fn enter(&self) -> Entered {
        RUNNING.with(|r| r.borrow_mut().push(self.clone()));
        Entered(())
    }

    /// The platform the loop runs on.
    pub fn platform(&self) -> &Rc<dyn Platform> {
        &self.0.platform
    }

    /// Where `to_thread` jobs run (virtual workers unless the host set its own).
    pub fn workers(&self) -> Rc<dyn Workers> {
        self.0.services.workers()
    }

    /// Sets where `to_thread` jobs run (the browser's worker pool, or a pool of another size).
    pub fn set_workers(&self, workers: Rc<dyn Workers>) {
        self.0.services.set_workers(workers);
    }

    /// Where requests go (a simulated endpoint on the virtual clock unless the host set its own).
    pub fn http(&self) -> Rc<dyn Http> {
        self.0.services.http()
    }

    /// Sets where requests go (the browser's `fetch`).
    pub fn set_http(&self, http: Rc<dyn Http>) {
        self.0.services.set_http(http);
    }

    /// `to_thread` jobs and requests started and not finished: with nothing ready and no
    /// timer, the loop is waiting for these, not deadlocked.
    pub fn outside_in_flight(&self) -> usize {
        self.0.services.in_flight()
    }

    /// The CPython version whose asyncio this loop follows (the newest unless set).
    pub fn python(&self) -> PyVersion {
        self.0.python.get()
    }

    /// Follows `version`'s asyncio from now on (set before the first task starts).
    pub fn set_python(&self, version: PyVersion) {
        self.0.python.set(version);
    }

    /// `loop.time()`, in seconds.
    pub fn time(&self) -> f64 {
        self.0.platform.now()
    }

    /// The largest delay seen between a timer's deadline and the iteration that ran it
    /// (0 on the virtual clock; scheduling lateness on the browser's).
    pub fn max_lateness(&self) -> f64 {
        self.0.max_lateness.get()
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u64 {
        self.0.iterations.get()
    }

    /// `loop.call_soon(f)`: runs `f` in the next iteration, after what is already queued.
    pub fn call_soon(&self, f: impl FnOnce() + 'static) {
        self.call_soon_boxed(Box::new(f));
    }

    /// [`Loop::call_soon`] returning a [`Handle`] that can cancel the call before it runs.
    pub fn call_soon_cancellable(&self, f: impl FnOnce() + 'static) -> Rc<Handle> {
        let handle = Handle::new(Box::new(f), None);
        self.push_ready(Ready::Handle(handle.clone()));
        handle
    }

    /// Queues a step of `task` with nothing thrown in, as `call_soon(task.__step)` does for
    /// a new task and after a bare yield.
    pub(crate) fn call_soon_step(&self, task: Rc<dyn AnyTask>, why: Resume) {
        self.push_ready(Ready::Step(task, why));
    }

    pub(crate) fn call_soon_boxed(&self, f: Callback) {
        self.push_ready(Ready::Call(f));
    }

    fn push_ready(&self, entry: Ready) {
        let was_empty = {
            let mut ready = self.0.ready.borrow_mut();
            ready.push_back(entry);
            ready.len() == 1
        };
        if was_empty {
            self.0.platform.poll_soon();
        }
    }

    /// `loop.call_at(when, f)`: runs `f` in the first iteration at or after loop time `when`.
    /// Timers with equal deadlines run in the order they were scheduled.
    pub fn call_at(&self, when: f64, f: impl FnOnce() + 'static) -> Rc<Handle> {
        let handle = Handle::new(Box::new(f), Some(self.0.timer_cancels.clone()));
        let seq = self.0.next_seq.get();
        self.0.next_seq.set(seq + 1);
        self.0.timers.borrow_mut().push(Timer { when, seq, handle: handle.clone() });
        handle
    }

    /// `loop.call_later(delay, f)` = `call_at(time() + delay, f)`.
    pub fn call_later(&self, delay: f64, f: impl FnOnce() + 'static) -> Rc<Handle> {
        self.call_at(self.time() + delay, f)
    }

    /// Ends the run after the current iteration (`loop.stop()`).
    pub fn stop(&self) {
        self.0.stopping.set(true);
    }

    /// True (once) if `stop()` was called; clears the flag.
    pub fn take_stopping(&self) -> bool {
        self.0.stopping.replace(false)
    }

    /// Drops cancelled timers from the top of the heap, and rebuilds the heap when more
    /// than half of a large heap is cancelled (as asyncio does).
    fn purge_cancelled_timers(&self) {
        let mut timers = self.0.timers.borrow_mut();
        let cancelled = self.0.timer_cancels.get();
        if timers.len() > MIN_TIMERS_FOR_CLEANUP && cancelled * 2 > timers.len() {
            let (live, dead): (Vec<Timer>, Vec<Timer>) = std::mem::take(&mut *timers).into_iter().partition(|t| !t.handle.cancelled());
            dead.iter().for_each(|t| t.handle.unschedule());
            *timers = BinaryHeap::from(live);
            self.0.timer_cancels.set(0);
            return;
        }
        while let Some(t) = timers.peek().filter(|t| t.handle.cancelled()) {
            t.handle.unschedule();
            timers.pop();
            self.0.timer_cancels.set(self.0.timer_cancels.get().saturating_sub(1));
        }
    }

    /// When the loop must run next (the timeout asyncio would pass to `select`).
    pub fn next_wake(&self) -> NextWake {
        if self.0.stopping.get() || self.0.remaining.get() > 0 || !self.0.ready.borrow().is_empty() {
            return NextWake::Now;
        }
        self.purge_cancelled_timers();
        match self.0.timers.borrow().peek() {
            Some(t) => NextWake::At(t.when),
            None => NextWake::Idle,
        }
    }

    /// One loop iteration: due timers join the ready queue, then the callbacks that were
    /// ready at this moment run, in order.
    pub fn run_once(&self) {
        self.run_iteration(|| false);
    }

    /// Runs one iteration, or the rest of one a previous call paused. Every
    /// [`CALLBACKS_PER_PAUSE_CHECK`] callbacks
    /// `pause()` is asked whether to hand control back; if it says yes, the iteration stays
    /// open — no new timers are taken in, nothing is reordered — and the next call goes on
    /// with it. True when the iteration completed.
    pub fn run_iteration(&self, mut pause: impl FnMut() -> bool) -> bool {
        let _entered = self.enter();
        if self.0.remaining.get() == 0 {
            self.start_iteration();
        }
        let mut since_check = 0;
        while self.0.remaining.get() > 0 {
            self.0.remaining.set(self.0.remaining.get() - 1);
            let Some(entry) = self.0.ready.borrow_mut().pop_front() else {
                self.0.remaining.set(0);
                break;
            };
            match entry {
                Ready::Call(f) => f(),
                Ready::Step(task, why) => task.step_queued(why),
                Ready::Handle(handle) => {
                    if let Some(callback) = handle.take_callback() {
                        callback();
                    }
                }
            }
            since_check += 1;
            if since_check == CALLBACKS_PER_PAUSE_CHECK && self.0.remaining.get() > 0 {
                since_check = 0;
                if pause() {
                    return false;
                }
            }
        }
        true
    }

    /// The start of `_run_once`: due timers move to the ready queue, and the callbacks
    /// ready now are the ones this iteration runs.
    fn start_iteration(&self) {
        self.0.iterations.set(self.0.iterations.get() + 1);
        self.purge_cancelled_timers();
        let end = self.time() + self.0.platform.resolution();
        loop {
            let due = {
                let mut timers = self.0.timers.borrow_mut();
                match timers.peek() {
                    Some(t) if t.when < end => timers.pop(),
                    _ => None,
                }
            };
            let Some(timer) = due else { break };
            let late = self.time() - timer.when;
            if late > self.0.max_lateness.get() {
                self.0.max_lateness.set(late);
            }
            timer.handle.unschedule();
            if timer.handle.cancelled() {
                self.0.timer_cancels.set(self.0.timer_cancels.get().saturating_sub(1));
            } else {
                self.0.ready.borrow_mut().push_back(Ready::Handle(timer.handle));
            }
        }
        self.0.remaining.set(self.0.ready.borrow().len());
    }

    /// Blocks the loop's thread for `secs` (`time.sleep` on the loop), recording it.
    pub fn block(&self, secs: f64, what: &str) {
        let task = self.current_task_id().unwrap_or(0);
        self.record(task, EventKind::Blocked { secs, what: what.to_string() });
        self.0.platform.block(secs);
    }

    // ---- the running step -------------------------------------------------------------

    pub(crate) fn begin_step(&self, task: Rc<dyn AnyTask>, throw: Option<Exc>) {
        *self.0.step.borrow_mut() = StepContext { task: Some(task), throw, suspend: None };
    }

    /// Sets the running step aside (an eager task's first step runs inside it) and gives it
    /// back with [`Loop::resume_step`].
    pub(crate) fn set_step_aside(&self) -> SetAside {
        SetAside(std::mem::take(&mut *self.0.step.borrow_mut()))
    }

    /// The step set aside by [`Loop::set_step_aside`] runs on.
    pub(crate) fn resume_step(&self, aside: SetAside) {
        *self.0.step.borrow_mut() = aside.0;
    }

    pub(crate) fn end_step(&self) -> Option<Suspend> {
        std::mem::take(&mut *self.0.step.borrow_mut()).suspend
    }

    /// The exception thrown into the current task at its await point, if any.
    pub(crate) fn take_throw(&self) -> Option<Exc> {
        self.0.step.borrow_mut().throw.take()
    }

    pub(crate) fn suspend(&self, how: Suspend) {
        let mut step = self.0.step.borrow_mut();
        step.suspend = Some(match step.suspend {
            None => how,
            Some(_) => Suspend::Invalid("a task awaited two things at once; await one at a time or use gather()"),
        });
    }

    pub(crate) fn current_task(&self) -> Option<Rc<dyn AnyTask>> {
        self.0.step.borrow().task.clone()
    }

    /// The id of the task whose step is running.
    pub fn current_task_id(&self) -> Option<u32> {
        self.0.step.borrow().task.as_ref().map(|t| t.info().id)
    }

    // ---- tasks and the trace -------------------------------------------------------

    pub(crate) fn register_task(&self, label: String, code: Code, task_for: impl FnOnce(TaskInfo) -> Rc<dyn AnyTask>) -> Rc<dyn AnyTask> {
        let id = self.0.tasks.borrow().len() as u32 + 1;
        let info = TaskInfo { id, label, func: code.func.into(), line: code.line };
        self.0.recorder.add_task(info.clone());
        let task = task_for(info);
        self.0.tasks.borrow_mut().push(task.clone());
        task
    }

    pub(crate) fn tasks(&self) -> Vec<Rc<dyn AnyTask>> {
        self.0.tasks.borrow().clone()
    }

    /// Records an event of task `task` at the current loop time, in the current iteration,
    /// on the line the task is on as its await chain reaches it (a suspension also names its
    /// await stack).
    pub(crate) fn record(&self, task: u32, mut kind: EventKind) {
        let recorder = &self.0.recorder;
        if let EventKind::Suspended { awaited_by, unstarted, .. } = &mut kind {
            *awaited_by = recorder.awaited_by(task);
            *unstarted = recorder.unstarted_awaited();
        }
        let line = self.with_task(task, |t| {
            if let EventKind::Suspended { stack, .. } = &mut kind {
                if !t.frames().is_flat() {
                    *stack = recorder.intern_stack(t.frames().inline_stack());
                }
            }
            t.frames().shown_line()
        });
        self.record_at(task, kind, line.unwrap_or(0));
    }

    /// `future_add_to_awaited_by(task, waiter)`: `waiter` now awaits `task` (awaiting it,
    /// gathering it, or as its TaskGroup's parent).
    pub(crate) fn add_awaited_by(&self, task: u32, waiter: Option<u32>) {
        self.0.recorder.add_awaited_by(task, waiter);
    }

    /// `future_discard_from_awaited_by(task, waiter)`.
    pub(crate) fn discard_awaited_by(&self, task: u32, waiter: Option<u32>) {
        self.0.recorder.discard_awaited_by(task, waiter);
    }

    /// The tasks awaiting `task` now, in creation order.
    pub fn awaited_by(&self, task: u32) -> Vec<u32> {
        self.0.recorder.awaited_by(task)
    }

    /// The line the module-level code is on (the `asyncio.run(...)` call).
    pub fn set_module_line(&self, line: u32) {
        self.0.module_line.set(line);
    }

    /// Turns the trace off (or on again): the benchmarks measure what recording costs. A run
    /// without a trace has nothing to show; the page never turns it off.
    pub fn set_recording(&self, on: bool) {
        self.0.recorder.set_recording(on);
    }

    /// Measures how long each task step takes on the loop's clock (the benchmarks separate
    /// the loop's own slices from the longest single step of a program).
    pub fn measure_steps(&self, on: bool) {
        self.0.measure_steps.set(on);
    }

    /// The longest single task step so far, in loop seconds (0 unless measured).
    pub fn longest_step(&self) -> f64 {
        self.0.longest_step.get()
    }

    pub(crate) fn steps_measured(&self) -> bool {
        self.0.measure_steps.get()
    }

    pub(crate) fn step_took(&self, secs: f64) {
        if secs > self.0.longest_step.get() {
            self.0.longest_step.set(secs);
        }
    }

    /// Records `kind` for the task whose step is running, if any (nothing is recorded for
    /// what happens outside a step, e.g. locks released while a stopped run is torn down).
    pub(crate) fn note(&self, kind: EventKind) {
        if let Some(task) = self.current_task_id() {
            self.record(task, kind);
        }
    }

    /// Records a task's creation, on the line the creating task is on.
    pub(crate) fn record_created(&self, task: u32) {
        let parent = self.current_task_id();
        let line = self.current_task().map_or(self.0.module_line.get(), |t| t.frames().line());
        self.record_at(task, EventKind::Created { parent, awaited_by: Vec::new() }, line);
    }

    /// Records an event of `task` at `line`, at the current loop time and iteration; returns
    /// its index in the trace (`None`: not recording).
    pub(crate) fn record_at(&self, task: u32, kind: EventKind, line: u32) -> Option<usize> {
        let iter = u32::try_from(self.0.iterations.get()).unwrap_or(u32::MAX);
        self.0.recorder.push(TraceEvent { t: self.time(), task, line, iter, kind })
    }

    /// The `exception` event at `index` was handled on `line`: the next line its task ran.
    pub(crate) fn set_handled(&self, index: usize, line: u32) {
        self.0.recorder.set_handled(index, line);
    }

    /// The type of the `exception` event at `index`.
    pub(crate) fn exception_type(&self, index: usize) -> Option<std::borrow::Cow<'static, str>> {
        self.0.recorder.exception_type(index)
    }

    fn with_task<R>(&self, id: u32, f: impl FnOnce(&dyn AnyTask) -> R) -> Option<R> {
        let tasks = self.0.tasks.borrow();
        let task = id.checked_sub(1).and_then(|i| tasks.get(i as usize))?;
        Some(f(&**task))
    }

    /// Records a line printed by the running task (the program's `print`).
    pub fn print(&self, line: impl Into<String>) {
        let task = self.current_task_id().unwrap_or(0);
        self.record(task, EventKind::Print(line.into()));
    }

    /// Records a warning asyncio would report (e.g. "coroutine ... was never awaited").
    pub fn warn(&self, message: impl Into<String>) {
        let task = self.current_task_id().unwrap_or(0);
        self.record(task, EventKind::Warning(message.into()));
    }

    /// Reads what has been recorded so far without copying it (a live run's timeline).
    pub fn with_trace<R>(&self, f: impl FnOnce(&Trace) -> R) -> R {
        self.0.recorder.with_trace(f)
    }

    /// Everything recorded, moved out (the loop's own record is left empty): how a
    /// finished run hands its trace over without copying it.
    pub fn take_trace(&self) -> Trace {
        self.0.recorder.take_trace()
    }

    // ---- what tests and drivers may observe (read-only) ------------------------------

    /// Timers still armed: scheduled with `call_at`/`call_later`, not cancelled, not run.
    /// After [`Loop::close`] this is 0.
    pub fn armed_timers(&self) -> usize {
        self.0.timers.borrow().iter().filter(|t| !t.handle.cancelled()).count()
    }

    /// Callbacks waiting in the ready queue (cancelled handles included until they surface).
    pub fn ready_callbacks(&self) -> usize {
        self.0.ready.borrow().len()
    }

    /// Tasks that could still run: their program is still held (not finished, not dropped
    /// by [`Loop::close`]).
    pub fn live_tasks(&self) -> usize {
        self.0.tasks.borrow().iter().filter(|t| t.is_alive()).count()
    }

    /// Ends the loop for good: drops queued callbacks, timers and every task's suspended
    /// program (which releases what it held). Used by Stop and at the end of a run.
    pub fn close(&self) {
        self.0.remaining.set(0);
        self.0.services.shutdown();
        self.0.ready.borrow_mut().clear();
        self.0.timers.borrow_mut().clear();
        self.0.timer_cancels.set(0);
        let tasks = std::mem::take(&mut *self.0.tasks.borrow_mut());
        let _entered = self.enter();
        for task in &tasks {
            task.teardown();
        }
        *self.0.tasks.borrow_mut() = tasks;
        *self.0.step.borrow_mut() = StepContext::default();
        // Teardown may release locks and wake waiters; nothing of that runs any more.
        self.0.ready.borrow_mut().clear();
    }
}

/// The seams' view of the loop ([`Schedule`]).
impl Schedule for Loop {
    fn time(&self) -> f64 {
        Loop::time(self)
    }
    fn call_at(&self, when: f64, f: Box<dyn FnOnce()>) -> Rc<Handle> {
        Loop::call_at(self, when, f)
    }
    fn current_task_id(&self) -> Option<u32> {
        Loop::current_task_id(self)
    }
    fn record(&self, task: u32, kind: EventKind) {
        Loop::record(self, task, kind)
    }
    fn keep(&self) -> Rc<dyn Schedule> {
        Rc::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    fn virtual_loop() -> (Rc<VirtualClock>, Loop) {
        let clock = Rc::new(VirtualClock::new());
        (clock.clone(), Loop::new(clock))
    }

    /// The log the callbacks write to.
    type Log = Rc<RefCell<Vec<String>>>;

    fn recorder() -> (Log, impl Fn(&str) -> Box<dyn FnOnce()>) {
        let log = Rc::new(RefCell::new(Vec::new()));
        let l = log.clone();
        (log, move |s: &str| {
            let (l, s) = (l.clone(), s.to_string());
            Box::new(move || l.borrow_mut().push(s)) as Box<dyn FnOnce()>
        })
    }

    #[test]
    fn callbacks_scheduled_during_an_iteration_wait_for_the_next() {
        let (_clock, lp) = virtual_loop();
        let (log, rec) = recorder();
        let inner = lp.clone();
        let rec2 = rec("second iteration");
        lp.call_soon(move || {
            inner.call_soon_boxed(rec2);
        });
        lp.call_soon_boxed(rec("first iteration"));
        lp.run_once();
        assert_eq!(*log.borrow(), vec!["first iteration"]);
        lp.run_once();
        assert_eq!(*log.borrow(), vec!["first iteration", "second iteration"]);
    }

    #[test]
    fn equal_deadlines_fire_in_scheduling_order_and_cancelled_timers_are_skipped() {
        let (clock, lp) = virtual_loop();
        let (log, rec) = recorder();
        let mut handles = Vec::new();
        for i in 0..10 {
            let cb = rec(&i.to_string());
            handles.push(lp.call_at(1.0, cb));
        }
        lp.call_at(0.5, rec("early"));
        handles[3].cancel();
        assert_eq!(lp.next_wake(), NextWake::At(0.5));
        clock.advance_to(0.5);
        lp.run_once();
        assert_eq!(lp.next_wake(), NextWake::At(1.0));
        clock.advance_to(1.0);
        lp.run_once();
        assert_eq!(*log.borrow(), vec!["early", "0", "1", "2", "4", "5", "6", "7", "8", "9"]);
        assert_eq!(lp.next_wake(), NextWake::Idle);
    }

    #[test]
    fn a_mostly_cancelled_heap_is_rebuilt_and_keeps_its_order() {
        let (clock, lp) = virtual_loop();
        let (log, rec) = recorder();
        let handles: Vec<_> = (0..300).map(|i| lp.call_at(f64::from(i % 7), rec(&i.to_string()))).collect();
        for (i, h) in handles.iter().enumerate() {
            if i % 3 != 0 {
                h.cancel();
            }
        }
        assert_eq!(lp.next_wake(), NextWake::At(0.0));
        assert!(lp.0.timers.borrow().len() <= 100, "cancelled timers were purged");
        clock.advance_to(10.0);
        lp.run_once();
        let expected: Vec<String> = {
            let mut live: Vec<(i32, i32)> = (0..300).filter(|i| i % 3 == 0).map(|i| (i % 7, i)).collect();
            live.sort();
            live.into_iter().map(|(_, i)| i.to_string()).collect()
        };
        assert_eq!(*log.borrow(), expected);
    }

    #[test]
    fn a_paused_iteration_resumes_without_taking_in_new_work() {
        let (clock, lp) = virtual_loop();
        let (log, rec) = recorder();
        for i in 0..100 {
            let (inner, again) = (lp.clone(), rec(&format!("next-{i}")));
            let first = rec(&i.to_string());
            lp.call_soon(move || {
                first();
                inner.call_soon_boxed(again);
            });
        }
        lp.call_at(0.5, rec("timer"));
        assert!(!lp.run_iteration(|| true), "paused after 32 callbacks");
        assert_eq!(log.borrow().len(), 32);
        clock.advance_to(1.0); // time passes while the page has control
        assert_eq!(lp.next_wake(), NextWake::Now, "the open iteration is due at once");
        assert!(lp.run_iteration(|| false));
        let done: Vec<String> = log.borrow().clone();
        assert_eq!(done, (0..100).map(|i| i.to_string()).collect::<Vec<_>>(), "only this iteration's callbacks ran");
        lp.run_once();
        assert_eq!(log.borrow()[100], "next-0");
        assert_eq!(log.borrow().last().unwrap(), "timer", "the due timer joined the next iteration, after what was already queued (as asyncio appends it)");
        assert_eq!(log.borrow().len(), 201);
    }

    #[test]
    fn stop_and_idle_are_reported() {
        let (_clock, lp) = virtual_loop();
        assert_eq!(lp.next_wake(), NextWake::Idle);
        lp.stop();
        assert_eq!(lp.next_wake(), NextWake::Now);
        assert!(lp.take_stopping());
        assert!(!lp.take_stopping());
    }
}
