//! The playhead view: what the loop and every task look like right after event `k` of a
//! run — a pure function of the trace and `k`, computed by replaying the events up to `k`.
//!
//! It is what a debugger would show for asyncio: the line each live task is on and its
//! await stack, the task holding the loop, the ready queue in order, the timers, who waits
//! on which lock / semaphore / event / task, busy workers, requests in flight, the output
//! printed so far, and the values the lesson is about (with lost updates counted).

use std::collections::VecDeque;

use super::LaneState;
use crate::runtime::{EventKind, Prim, Trace, WaitOn};

/// A live task at the playhead.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskView {
    pub id: u32,
    /// `Task-3`.
    pub name: String,
    /// `fetch(2)`.
    pub label: String,
    /// The program line it is on (its `def` line before its first step; 0: not known).
    pub line: u32,
    pub state: LaneState,
    /// What it waits on, if it is suspended.
    pub waiting: Option<WaitOn>,
    /// Its await stack as calls, outermost first: `main()`, `sequential()`, `fetch(2)`.
    pub stack: Vec<String>,
    /// Its locals the lesson shows (`current = 0`).
    pub locals: Vec<(&'static str, i64)>,
}

/// A timer in the loop's heap.
#[derive(Clone, Debug, PartialEq)]
pub struct TimerView {
    /// Loop time it fires at.
    pub at: f64,
    pub task: u32,
    /// A timeout's deadline (it cancels the task) rather than a sleep (it wakes it).
    pub deadline: bool,
}

/// A global of the program the lesson is about.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalView {
    pub name: &'static str,
    pub value: i64,
    /// The task that wrote it last.
    pub writer: u32,
}

/// Everything shown at the playhead.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepView {
    /// The event the playhead is on.
    pub index: usize,
    pub t: f64,
    pub iter: u32,
    /// The task whose step is running (the one holding the loop), if any.
    pub running: Option<u32>,
    /// Live tasks (created, not finished), by id.
    pub tasks: Vec<TaskView>,
    /// Task ids in the ready queue, first to run first.
    pub ready: Vec<u32>,
    /// The timer heap, earliest first.
    pub timers: Vec<TimerView>,
    /// The task holding `asyncio.Lock`, and the tasks waiting for it in order.
    pub lock_holder: Option<u32>,
    pub lock_waiters: Vec<u32>,
    /// Tasks holding a semaphore permit, and the tasks waiting for one in order.
    pub permit_holders: Vec<u32>,
    pub permit_waiters: Vec<u32>,
    /// Tasks waiting for an `asyncio.Event`.
    pub event_waiters: Vec<u32>,
    /// (waiting task, what it awaits: a task, a gather, a TaskGroup).
    pub joins: Vec<(u32, WaitOn)>,
    /// (worker, task, job) for every busy worker.
    pub workers: Vec<(u32, u32, String)>,
    /// (task, url) for every request in flight.
    pub requests: Vec<(u32, String)>,
    /// The program's output so far: (time, task, line of text).
    pub output: Vec<(f64, u32, String)>,
    /// The program's globals the lesson shows.
    pub globals: Vec<GlobalView>,
    /// Writes so far that overwrote another task's update (`counter` read before it was
    /// written by someone else).
    pub lost_updates: u32,
}

impl StepView {
    /// The live task `id`.
    pub fn task(&self, id: u32) -> Option<&TaskView> {
        self.tasks.iter().find(|t| t.id == id)
    }
}

/// Per task, while replaying.
#[derive(Clone, Default)]
struct Slot {
    alive: bool,
    line: u32,
    state: Option<LaneState>,
    waiting: Option<WaitOn>,
    stack: u32,
    locals: Vec<(&'static str, i64)>,
    /// The event index at which it began its current wait (orders waiters).
    since: usize,
}

/// The ready queue in order; a task leaves it (every entry of it) in constant time.
struct Ready {
    /// `(task, generation)` in the order they were queued.
    queue: VecDeque<(u32, u32)>,
    /// Per task (index `id - 1`): entries of an older generation have left the queue.
    generation: Vec<u32>,
}

impl Ready {
    fn new(tasks: usize) -> Ready {
        Ready { queue: VecDeque::new(), generation: vec![0; tasks + 1] }
    }

    fn slot(&mut self, id: u32) -> &mut u32 {
        let i = id as usize;
        if i >= self.generation.len() {
            self.generation.resize(i + 1, 0);
        }
        &mut self.generation[i]
    }

    fn push_back(&mut self, id: u32) {
        let g = *self.slot(id);
        self.queue.push_back((id, g));
    }

    fn remove(&mut self, id: u32) {
        let g = self.slot(id);
        *g = g.wrapping_add(1);
    }

    fn into_vec(self) -> Vec<u32> {
        let generation = self.generation;
        self.queue.into_iter().filter(|&(id, g)| generation.get(id as usize) == Some(&g)).map(|(id, _)| id).collect()
    }
}

/// The timers in the order they were armed; each task's own are found without a scan of
/// everyone's.
struct Timers {
    all: Vec<Option<TimerView>>,
    /// Per task id: the indices into `all` of its timers still armed, oldest first.
    of: Vec<Vec<usize>>,
}

impl Timers {
    fn new(tasks: usize) -> Timers {
        Timers { all: Vec::new(), of: vec![Vec::new(); tasks + 1] }
    }

    fn push(&mut self, timer: TimerView) {
        let task = timer.task as usize;
        if task >= self.of.len() {
            self.of.resize(task + 1, Vec::new());
        }
        self.of[task].push(self.all.len());
        self.all.push(Some(timer));
    }

    /// Keeps those of task `id`'s timers for which `keep` is true.
    fn retain_of(&mut self, id: u32, mut keep: impl FnMut(&TimerView) -> bool) {
        let Some(mine) = self.of.get_mut(id as usize) else { return };
        let all = &mut self.all;
        mine.retain(|&i| {
            let kept = all[i].as_ref().is_some_and(&mut keep);
            if !kept {
                all[i] = None;
            }
            kept
        });
    }

    /// Disarms task `id`'s latest deadline (a timeout block left).
    fn remove_last_deadline_of(&mut self, id: u32) {
        let Some(mine) = self.of.get_mut(id as usize) else { return };
        if let Some(pos) = mine.iter().rposition(|&i| self.all[i].as_ref().is_some_and(|t| t.deadline)) {
            self.all[mine.remove(pos)] = None;
        }
    }

    fn into_vec(self) -> Vec<TimerView> {
        self.all.into_iter().flatten().collect()
    }
}

/// The view right after event `k` (clamped to the last event; the empty view for an empty
/// trace).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{create_task, run, sleep};
/// use asyncio_playground::teach::step_view;
/// let report = run(async { let t = create_task(sleep(1.0)); sleep(0.5).await?; t.await });
/// let view = step_view(&report.trace, 3); // Task-1 suspended on its 0.5 s sleep
/// assert_eq!(view.ready, vec![2]);
/// assert_eq!(view.timers[0].at, 0.5);
/// ```
pub fn step_view(trace: &Trace, k: usize) -> StepView {
    let Some(last) = trace.events.len().checked_sub(1) else { return StepView::default() };
    let k = k.min(last);
    let mut slots: Vec<Slot> = trace.tasks.iter().map(|t| Slot { line: t.line, ..Slot::default() }).collect();
    // The ready queue and the timer heap, in time linear in the events however many tasks
    // wait: an entry leaves by being marked (`None`, or a stale generation) rather than by a
    // scan of the whole queue at every step.
    let mut ready = Ready::new(trace.tasks.len());
    let mut timers = Timers::new(trace.tasks.len());
    let mut running = None;
    let mut lock_holder = None;
    let mut permit_holders: Vec<u32> = Vec::new();
    let mut workers: Vec<(u32, u32, String)> = Vec::new();
    let mut output = Vec::new();
    let mut globals: Vec<GlobalView> = Vec::new();
    let mut lost_updates = 0;

    for (i, e) in trace.events[..=k].iter().enumerate() {
        let id = e.task;
        let slot = (id as usize).checked_sub(1).and_then(|n| slots.get_mut(n));
        match &e.kind {
            EventKind::Created { .. } => {
                if let Some(s) = slot {
                    s.alive = true;
                    s.state = Some(LaneState::Ready);
                }
                ready.push_back(id);
            }
            EventKind::Wake { .. } => {
                timers.retain_of(id, |t| t.deadline);
                if let Some(s) = slot {
                    s.state = Some(LaneState::Ready);
                    s.waiting = None;
                }
                ready.push_back(id);
            }
            EventKind::Resumed(_) => {
                ready.remove(id);
                running = Some(id);
                if let Some(s) = slot {
                    s.state = Some(LaneState::Running);
                    s.waiting = None;
                    s.line = e.line;
                }
            }
            EventKind::Suspended { on, stack, .. } => {
                running = None;
                if let Some(s) = slot {
                    s.line = e.line;
                    s.stack = *stack;
                    s.state = Some(on.lane_state());
                    s.waiting = (!matches!(on, WaitOn::Yield)).then(|| on.clone());
                    s.since = i;
                }
                match on {
                    WaitOn::Yield => ready.push_back(id),
                    WaitOn::Sleep { until } => timers.push(TimerView { at: *until, task: id, deadline: false }),
                    _ => {}
                }
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                if running == Some(id) {
                    running = None;
                }
                if let Some(s) = slot {
                    s.alive = false;
                    s.line = e.line;
                }
                ready.remove(id);
                timers.retain_of(id, |_| false);
                permit_holders.retain(|h| *h != id);
                if lock_holder == Some(id) {
                    lock_holder = None;
                }
            }
            EventKind::CancelRequested { by: None } => {
                // A deadline that fired is no longer in the heap.
                timers.retain_of(id, |t| !(t.deadline && t.at <= e.t));
            }
            EventKind::Print(text) => {
                if let Some(s) = slot {
                    s.line = e.line;
                }
                output.push((e.t, id, text.clone()));
            }
            EventKind::Acquire(Prim::Lock) => lock_holder = Some(id),
            EventKind::Release(Prim::Lock) => lock_holder = None,
            EventKind::Acquire(Prim::Semaphore) => permit_holders.push(id),
            EventKind::Release(Prim::Semaphore) => {
                if let Some(pos) = permit_holders.iter().position(|h| *h == id) {
                    permit_holders.remove(pos);
                }
            }
            EventKind::Deadline { at } => timers.push(TimerView { at: *at, task: id, deadline: true }),
            EventKind::DeadlineOff => {
                timers.remove_last_deadline_of(id);
            }
            EventKind::JobStart { worker, job } => workers.push((*worker, id, job.clone())),
            EventKind::JobEnd { worker, .. } => workers.retain(|w| w.0 != *worker),
            EventKind::Var { name, value, global: true } => {
                match globals.iter_mut().find(|g| g.name == *name) {
                    Some(g) => {
                        if *value <= g.value && g.writer != id {
                            lost_updates += 1;
                        }
                        (g.value, g.writer) = (*value, id);
                    }
                    None => globals.push(GlobalView { name, value: *value, writer: id }),
                }
                if let Some(s) = slot {
                    s.line = e.line;
                }
            }
            EventKind::Var { name, value, global: false } => {
                if let Some(s) = slot {
                    s.line = e.line;
                    match s.locals.iter_mut().find(|(n, _)| n == name) {
                        Some(local) => local.1 = *value,
                        None => s.locals.push((name, *value)),
                    }
                }
            }
            _ => {}
        }
    }
    let mut timers = timers.into_vec();
    timers.sort_by(|a, b| a.at.total_cmp(&b.at));

    let waiting = |state: LaneState| {
        let mut w: Vec<(usize, u32)> =
            slots.iter().enumerate().filter(|(_, s)| s.alive && s.state == Some(state)).map(|(n, s)| (s.since, n as u32 + 1)).collect();
        w.sort();
        w.into_iter().map(|(_, id)| id).collect::<Vec<u32>>()
    };
    let lock_waiters = waiting(LaneState::WaitingLock);
    let permit_waiters = waiting(LaneState::WaitingSemaphore);
    let event_waiters = waiting(LaneState::WaitingEvent);
    let mut joins = Vec::new();
    let mut requests = Vec::new();
    let mut tasks = Vec::new();
    for (n, s) in slots.iter().enumerate() {
        if !s.alive {
            continue;
        }
        let id = n as u32 + 1;
        match &s.waiting {
            Some(on @ (WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup)) => joins.push((id, on.clone())),
            Some(WaitOn::Fetch { url }) => requests.push((id, url.clone())),
            _ => {}
        }
        tasks.push(TaskView {
            id,
            name: trace.task_name(id),
            label: trace.task(id).map(|t| t.label.clone()).unwrap_or_default(),
            line: s.line,
            state: s.state.unwrap_or(LaneState::Ready),
            waiting: s.waiting.clone(),
            stack: trace.stack_calls(id, s.stack),
            locals: s.locals.clone(),
        });
    }
    let e = &trace.events[k];
    StepView {
        index: k,
        t: e.t,
        iter: e.iter,
        running,
        tasks,
        ready: ready.into_vec(),
        timers,
        lock_holder,
        lock_waiters,
        permit_holders,
        permit_waiters,
        event_waiters,
        joins,
        workers,
        requests,
        output,
        globals,
        lost_updates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    fn lock_run(use_lock: &str) -> Trace {
        let s = find("lock").unwrap();
        let v = s.values([("workers", "3"), ("use_lock", use_lock)]).unwrap();
        run_virtual(s, &v).report.trace
    }

    #[test]
    fn an_unlocked_counter_loses_every_update_but_the_last_and_the_view_counts_them() {
        let trace = lock_run("false");
        let end = step_view(&trace, usize::MAX);
        assert_eq!(end.globals, vec![GlobalView { name: "counter", value: 1, writer: 4 }]);
        assert_eq!(end.lost_updates, 2, "three tasks wrote 1: two updates lost");
        assert_eq!(end.output.last().map(|o| o.2.as_str()), Some("1"));
    }

    #[test]
    fn with_the_lock_the_waiters_queue_behind_the_holder() {
        let trace = lock_run("true");
        // The first moment a task waits for the lock.
        let k = trace.events.iter().position(|e| matches!(&e.kind, EventKind::Suspended { on: WaitOn::Lock, .. })).unwrap();
        let view = step_view(&trace, k);
        assert_eq!(view.lock_holder, Some(2));
        assert_eq!(view.lock_waiters, vec![3]);
        assert_eq!(view.task(3).unwrap().state, LaneState::WaitingLock);
        let end = step_view(&trace, usize::MAX);
        assert_eq!(end.lost_updates, 0);
        assert_eq!(end.globals[0].value, 3);
    }

    #[test]
    fn each_task_is_on_the_line_of_its_last_event_with_its_await_stack() {
        let s = find("gather").unwrap();
        let trace = run_virtual(s, &s.values([("tasks", "2")]).unwrap()).report.trace;
        let src = s.source(&s.values([("tasks", "2")]).unwrap());
        let k = trace.events.iter().position(|e| e.kind.name() == "suspend").unwrap();
        let view = step_view(&trace, k);
        let main = view.task(1).unwrap();
        assert_eq!(main.stack, vec!["main()", "sequential()", "fetch(0)"]);
        assert_eq!(src.line_text(main.line), "await asyncio.sleep(1)");
        assert_eq!(view.timers, vec![TimerView { at: 1.0, task: 1, deadline: false }]);
        assert_eq!(view.running, None);
    }

    #[test]
    fn a_timeout_shows_its_deadline_until_it_fires() {
        let s = find("timeout").unwrap();
        let trace = run_virtual(s, &s.defaults()).report.trace;
        let k = trace.events.iter().position(|e| matches!(e.kind, EventKind::Deadline { .. })).unwrap();
        let armed = step_view(&trace, k + 2);
        assert!(armed.timers.iter().any(|t| t.deadline && t.at == 2.0), "{:?}", armed.timers);
        let fired = trace.events.iter().position(|e| matches!(e.kind, EventKind::CancelRequested { by: None })).unwrap();
        assert!(step_view(&trace, fired).timers.iter().all(|t| !t.deadline));
    }
}
