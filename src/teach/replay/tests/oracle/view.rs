//! The step view as it was computed before the replay: from event 0 on every call, every
//! list in full and every live task in full ([`OldView`]). Kept for the tests only, as the
//! oracle the replay's views must equal (see [`super::full`] for the replay's side).

use std::collections::VecDeque;

use crate::runtime::{EventKind, Prim, Trace, WaitOn};
use crate::teach::{GlobalView, TaskView, TimerView};
use crate::teach::{LaneState, Primitive};

/// The step view as it was: every list in full, every live task in full, by id.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct OldView {
    pub(crate) index: usize,
    pub(crate) t: f64,
    pub(crate) iter: u32,
    pub(crate) running: Option<u32>,
    pub(crate) tasks: Vec<TaskView>,
    pub(crate) ready: Vec<u32>,
    pub(crate) timers: Vec<TimerView>,
    pub(crate) lock_holder: Option<u32>,
    pub(crate) permit_holders: Vec<u32>,
    /// The tasks waiting on each primitive, in the order they began to wait.
    pub(crate) waiters: Vec<(Primitive, Vec<u32>)>,
    pub(crate) joins: Vec<(u32, WaitOn)>,
    pub(crate) workers: Vec<(u32, u32, String)>,
    pub(crate) requests: Vec<(u32, String)>,
    pub(crate) output: Vec<(f64, u32, String)>,
    pub(crate) globals: Vec<GlobalView>,
    pub(crate) lost_updates: u32,
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

/// The view right after event `k` (clamped to the last event).
pub(crate) fn step_view(trace: &Trace, k: usize) -> OldView {
    let Some(last) = trace.events.len().checked_sub(1) else { return OldView::default() };
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
            // the line tracing: the running task is on the line it executes
            EventKind::Line { .. } | EventKind::Return { .. } | EventKind::Exception { .. } => {
                if let Some(s) = slot {
                    s.line = e.line;
                }
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

    let waiting = |p: Primitive| {
        let mut w: Vec<(usize, u32)> = slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.alive && s.state.and_then(LaneState::primitive) == Some(p))
            .map(|(n, s)| (s.since, n as u32 + 1))
            .collect();
        w.sort();
        (p, w.into_iter().map(|(_, id)| id).collect::<Vec<u32>>())
    };
    let waiters = Primitive::ALL.map(waiting).to_vec();
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
            awaited_by: Vec::new(),
        });
    }
    let e = &trace.events[k];
    OldView {
        index: k,
        t: e.t,
        iter: e.iter,
        running,
        tasks,
        ready: ready.into_vec(),
        timers,
        lock_holder,
        permit_holders,
        waiters,
        joins,
        workers,
        requests,
        output,
        globals,
        lost_updates,
    }
}
