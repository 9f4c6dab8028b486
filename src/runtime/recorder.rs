//! The run's record: the trace of events a loop writes as it runs (what the page replays and
//! the test suite checks against CPython), with what it needs to write each event whole —
//! who awaits whom (CPython 3.14's `future_add_to_awaited_by`), the await stacks by content,
//! the tasks that have begun a step. The loop (`super::executor`) owns one and says *what*
//! happened; this says how it is written down.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use super::awaited_by::AwaitedBy;
use super::id_map::IdMap;
use super::trace::{EventKind, StackFrame, TaskInfo, Trace, TraceEvent};

/// A loop's record of its run.
pub(crate) struct Recorder {
    trace: RefCell<Trace>,
    /// Who awaits whom.
    awaited_by: RefCell<AwaitedBy>,
    /// The `Created` events whose `awaited_by` is filled in at the next event that is not a
    /// creation (their indexes in the trace).
    unsettled: RefCell<Vec<usize>>,
    /// The tasks whose waiters changed since the last suspension, and whether each task
    /// has begun a step (by id): for [`EventKind::Suspended`]'s `unstarted`.
    touched: RefCell<IdMap<()>>,
    started: RefCell<Vec<bool>>,
    /// False: nothing is recorded (what tracing costs, measured by the benchmarks).
    recording: Cell<bool>,
    /// Await stacks already in `trace.stacks`, by content.
    stack_ids: RefCell<HashMap<Vec<StackFrame>, u32>>,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            trace: RefCell::default(),
            awaited_by: RefCell::default(),
            unsettled: RefCell::default(),
            touched: RefCell::default(),
            started: RefCell::default(),
            recording: Cell::new(true),
            stack_ids: RefCell::default(),
        }
    }
}

impl Recorder {
    /// Appends `event`; returns its index in the trace (`None`: not recording). A creation's
    /// `awaited_by` is filled in at the next event that is not one.
    pub(crate) fn push(&self, event: TraceEvent) -> Option<usize> {
        if !self.recording.get() {
            return None;
        }
        let created = matches!(event.kind, EventKind::Created { .. });
        if !created {
            self.settle_created();
        }
        if let EventKind::Resumed(_) = event.kind {
            let task = event.task as usize;
            let mut started = self.started.borrow_mut();
            if started.len() <= task {
                started.resize(task + 1, false);
            }
            started[task] = true;
        }
        let mut trace = self.trace.borrow_mut();
        trace.events.push(event);
        let index = trace.events.len() - 1;
        if created {
            self.unsettled.borrow_mut().push(index);
        }
        Some(index)
    }

    /// A task was created: its row in the trace's table of tasks (recorded whether or not
    /// events are).
    pub(crate) fn add_task(&self, info: TaskInfo) {
        self.trace.borrow_mut().tasks.push(info);
    }

    /// Turns recording off or on.
    pub(crate) fn set_recording(&self, on: bool) {
        self.recording.set(on);
    }

    /// `waiter` now awaits `task`.
    pub(crate) fn add_awaited_by(&self, task: u32, waiter: Option<u32>) {
        if let Some(waiter) = waiter.filter(|w| *w != task) {
            self.awaited_by.borrow_mut().add(task, waiter);
            self.touched.borrow_mut().insert(task, ());
        }
    }

    /// `waiter` no longer awaits `task`.
    pub(crate) fn discard_awaited_by(&self, task: u32, waiter: Option<u32>) {
        if let Some(waiter) = waiter {
            self.awaited_by.borrow_mut().discard(task, waiter);
            self.touched.borrow_mut().insert(task, ());
        }
    }

    /// The tasks awaiting `task` now, in creation order.
    pub(crate) fn awaited_by(&self, task: u32) -> Vec<u32> {
        self.awaited_by.borrow().of(task)
    }

    /// The tasks that have not begun a step and whose waiters changed since the last
    /// suspension, with their waiters now, leaving out those whose `Created` event is yet
    /// to be settled (it carries them); forgets them all.
    pub(crate) fn unstarted_awaited(&self) -> Vec<(u32, Vec<u32>)> {
        let touched = std::mem::take(&mut *self.touched.borrow_mut());
        if touched.is_empty() {
            return Vec::new();
        }
        let fresh: IdMap<()> = {
            let trace = self.trace.borrow();
            self.unsettled.borrow().iter().filter_map(|&i| trace.events.get(i).map(|e| (e.task, ()))).collect()
        };
        let started = self.started.borrow();
        touched
            .into_iter()
            .map(|(id, ())| id)
            .filter(|id| !started.get(*id as usize).copied().unwrap_or(false) && !fresh.contains(*id))
            .map(|id| (id, self.awaited_by(id)))
            .collect()
    }

    /// Fills in the `awaited_by` of the tasks created since the last event that was not a
    /// creation: their waiters are in place by now.
    fn settle_created(&self) {
        let unsettled = std::mem::take(&mut *self.unsettled.borrow_mut());
        if unsettled.is_empty() {
            return;
        }
        let mut trace = self.trace.borrow_mut();
        for index in unsettled {
            if let Some(TraceEvent { task, kind: EventKind::Created { awaited_by, .. }, .. }) = trace.events.get_mut(index) {
                *awaited_by = self.awaited_by(*task);
            }
        }
    }

    /// The `exception` event at `index` was handled on `line`.
    pub(crate) fn set_handled(&self, index: usize, line: u32) {
        if let Some(TraceEvent { kind: EventKind::Exception { handled, .. }, .. }) = self.trace.borrow_mut().events.get_mut(index) {
            *handled = line;
        }
    }

    /// The type of the `exception` event at `index`.
    pub(crate) fn exception_type(&self, index: usize) -> Option<Cow<'static, str>> {
        match self.trace.borrow().events.get(index) {
            Some(TraceEvent { kind: EventKind::Exception { ty, .. }, .. }) => Some(ty.clone()),
            _ => None,
        }
    }

    /// The id of `stack` in the trace's table of await stacks, adding it if it is new.
    pub(crate) fn intern_stack(&self, stack: Vec<StackFrame>) -> u32 {
        let mut ids = self.stack_ids.borrow_mut();
        if let Some(id) = ids.get(&stack) {
            return *id;
        }
        let mut trace = self.trace.borrow_mut();
        if trace.stacks.is_empty() {
            trace.stacks.push(Vec::new());
        }
        let id = trace.stacks.len() as u32;
        trace.stacks.push(stack.clone());
        ids.insert(stack, id);
        id
    }

    /// Reads the trace so far without copying it.
    pub(crate) fn with_trace<R>(&self, f: impl FnOnce(&Trace) -> R) -> R {
        f(&self.trace.borrow())
    }

    /// The trace, moved out (the record is left empty).
    pub(crate) fn take_trace(&self) -> Trace {
        self.stack_ids.borrow_mut().clear();
        std::mem::take(&mut *self.trace.borrow_mut())
    }
}
