//! The state machine of the replay: what each event changes in the loop, its tasks and its
//! primitives — the one place that knows it. [`Live`] is the state right after the events
//! applied so far; the replay records what each event changed into its histories.

use std::rc::Rc;

use super::super::{GlobalView, LaneState, TimerView};
use super::timers::Timers;
use crate::runtime::{EventKind, Prim, TraceEvent, WaitOn};

/// One task's state. Small, and its lists shared between the states of a task's history
/// until one changes, so that recording it after every event of the task is cheap.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct TaskState {
    /// Created and not finished.
    pub(super) alive: bool,
    /// The program line it is on.
    pub(super) line: u32,
    pub(super) state: Option<LaneState>,
    /// What it waits on while suspended (not a bare yield): an index into [`Live::waits`].
    pub(super) waiting: Option<u32>,
    /// Its await stack: an index into the trace's stacks.
    pub(super) stack: u32,
    pub(super) locals: Rc<Vec<(&'static str, i64)>>,
    /// The event at which it began its current wait (orders waiters).
    pub(super) since: u32,
    /// Its place in the ready queue: the event that queued it, since it last left it.
    pub(super) queued: Option<u32>,
    /// Its timers still armed.
    pub(super) timers: Timers,
    /// The tasks awaiting it at its latest suspension: an index into [`Live::awaiters`].
    pub(super) awaited_by: Option<u32>,
}

impl TaskState {
    /// Joins the ready queue (a task already in it keeps its place).
    fn queue(&mut self, at: u32) {
        self.queued.get_or_insert(at);
    }
}

/// The loop's state right after the events applied so far.
#[derive(Default)]
pub(super) struct Live {
    /// By task id (entry 0: the loop's own events).
    pub(super) tasks: Vec<TaskState>,
    pub(super) running: Option<u32>,
    pub(super) lock_holder: Option<u32>,
    pub(super) permit_holders: Vec<u32>,
    /// (worker, task, job) for every busy worker.
    pub(super) workers: Vec<(u32, u32, String)>,
    pub(super) globals: Vec<GlobalView>,
    pub(super) lost_updates: u32,
    /// Tasks alive now.
    pub(super) alive: usize,
    /// What the suspensions so far waited on, in order (tasks name theirs by index).
    pub(super) waits: Vec<WaitOn>,
    /// Who awaited the suspended task, for the suspensions that recorded someone.
    pub(super) awaiters: Vec<Vec<u32>>,
}

/// What an event changed besides its task (so that only those histories record it).
#[derive(Clone, Copy, Default)]
pub(super) struct Changed {
    pub(super) running: bool,
    pub(super) lock: bool,
    pub(super) permits: bool,
    pub(super) workers: bool,
    pub(super) globals: bool,
}

impl Live {
    /// No events yet: `tasks` tasks, each on its `def` line.
    pub(super) fn new(lines: impl Iterator<Item = u32>) -> Live {
        let tasks = std::iter::once(0).chain(lines).map(|line| TaskState { line, ..TaskState::default() }).collect();
        Live { tasks, ..Live::default() }
    }

    /// Applies event `e`, the `i`th. The loop's own events (task 0) change its queue
    /// entries and timers only; those of a task the trace does not list, nothing of theirs.
    pub(super) fn apply(&mut self, i: usize, e: &TraceEvent) -> Changed {
        let id = e.task;
        let known = id != 0 && (id as usize) < self.tasks.len();
        let mut changed = Changed::default();
        // A task id the trace does not list has no state to keep: its changes go nowhere.
        let mut nowhere = TaskState::default();
        let s = self.tasks.get_mut(id as usize).unwrap_or(&mut nowhere);
        let at = u32::try_from(i).unwrap_or(u32::MAX);
        match &e.kind {
            EventKind::Created { awaited_by, .. } => {
                if known {
                    self.alive += usize::from(!s.alive);
                    s.alive = true;
                    s.state = Some(LaneState::Ready);
                    // Gathered, or a TaskGroup's child: awaited before its first step.
                    s.awaited_by = None;
                    if !awaited_by.is_empty() {
                        s.awaited_by = u32::try_from(self.awaiters.len()).ok();
                        self.awaiters.push(awaited_by.clone());
                    }
                }
                s.queue(at);
            }
            EventKind::Wake { .. } => {
                s.timers.retain(|t| t.deadline);
                if known {
                    s.state = Some(LaneState::Ready);
                    s.waiting = None;
                }
                s.queue(at);
            }
            EventKind::Resumed(_) => {
                s.queued = None;
                (self.running, changed.running) = (Some(id), true);
                if known {
                    s.state = Some(LaneState::Running);
                    s.waiting = None;
                    s.line = e.line;
                }
            }
            EventKind::Suspended { on, stack, awaited_by, .. } => {
                (self.running, changed.running) = (None, true);
                if known {
                    s.line = e.line;
                    s.stack = *stack;
                    s.state = Some(on.lane_state());
                    s.waiting = None;
                    if !matches!(on, WaitOn::Yield) {
                        s.waiting = u32::try_from(self.waits.len()).ok();
                        self.waits.push(on.clone());
                    }
                    s.since = at;
                    s.awaited_by = None;
                    if !awaited_by.is_empty() {
                        s.awaited_by = u32::try_from(self.awaiters.len()).ok();
                        self.awaiters.push(awaited_by.clone());
                    }
                }
                match on {
                    WaitOn::Yield => s.queue(at),
                    WaitOn::Sleep { until } => s.timers.push(at, TimerView { at: *until, task: id, deadline: false }),
                    _ => {}
                }
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                if self.running == Some(id) {
                    (self.running, changed.running) = (None, true);
                }
                if known {
                    self.alive -= usize::from(s.alive);
                    s.alive = false;
                    s.line = e.line;
                }
                s.queued = None;
                s.timers = Timers::default();
                if self.permit_holders.contains(&id) {
                    self.permit_holders.retain(|h| *h != id);
                    changed.permits = true;
                }
                if self.lock_holder == Some(id) {
                    (self.lock_holder, changed.lock) = (None, true);
                }
            }
            EventKind::CancelRequested { by: None } => {
                // A deadline that fired is no longer in the heap.
                s.timers.retain(|t| !(t.deadline && t.at <= e.t));
            }
            // the line tracing's events: the running task is on the line it executes
            EventKind::Print(_) | EventKind::Line { .. } | EventKind::Return { .. } | EventKind::Exception { .. } if known => s.line = e.line,
            EventKind::Acquire(Prim::Lock) => (self.lock_holder, changed.lock) = (Some(id), true),
            EventKind::Release(Prim::Lock) => (self.lock_holder, changed.lock) = (None, true),
            EventKind::Acquire(Prim::Semaphore) => {
                self.permit_holders.push(id);
                changed.permits = true;
            }
            EventKind::Release(Prim::Semaphore) => {
                if let Some(pos) = self.permit_holders.iter().position(|h| *h == id) {
                    self.permit_holders.remove(pos);
                    changed.permits = true;
                }
            }
            EventKind::Deadline { at: due } => s.timers.push(at, TimerView { at: *due, task: id, deadline: true }),
            EventKind::DeadlineOff => s.timers.remove_last_deadline(),
            EventKind::JobStart { worker, job } => {
                self.workers.push((*worker, id, job.clone()));
                changed.workers = true;
            }
            EventKind::JobEnd { worker, .. } => {
                self.workers.retain(|w| w.0 != *worker);
                changed.workers = true;
            }
            EventKind::Var { name, value, global: true } => {
                match self.globals.iter_mut().find(|g| g.name == *name) {
                    Some(g) => {
                        if *value <= g.value && g.writer != id {
                            self.lost_updates += 1;
                        }
                        (g.value, g.writer) = (*value, id);
                    }
                    None => self.globals.push(GlobalView { name, value: *value, writer: id }),
                }
                changed.globals = true;
                if known {
                    s.line = e.line;
                }
            }
            EventKind::Var { name, value, global: false } if known => {
                s.line = e.line;
                if !s.locals.contains(&(name, *value)) {
                    let locals = Rc::make_mut(&mut s.locals);
                    match locals.iter_mut().find(|(n, _)| n == name) {
                        Some(local) => local.1 = *value,
                        None => locals.push((name, *value)),
                    }
                }
            }
            _ => {}
        }
        // A suspension that began awaiting tasks not yet begun (`await task`, `gather()` of
        // created tasks) changes who awaits them too: the call graph has them at once.
        if let EventKind::Suspended { unstarted, .. } = &e.kind {
            for (task, by) in unstarted {
                if let Some(t) = self.tasks.get_mut(*task as usize).filter(|_| *task != 0) {
                    t.awaited_by = None;
                    if !by.is_empty() {
                        t.awaited_by = u32::try_from(self.awaiters.len()).ok();
                        self.awaiters.push(by.clone());
                    }
                }
            }
        }
        changed
    }
}
