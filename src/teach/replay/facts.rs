//! What the narration and the marks need to know about an event beyond the event itself,
//! worked out once in the replay's pass instead of by scanning back over the events: what
//! a woken task had waited on, whether a cancellation came meanwhile, the failure that
//! reached it, the deadline a loop cancellation delivers, the write a write overwrote.

use crate::runtime::{EventKind, TraceEvent, WaitOn};

/// Facts about one event.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Fact {
    /// Nothing beyond the event.
    #[default]
    None,
    /// A step began.
    Step {
        /// A cancellation was requested since the task last suspended.
        cancelled: bool,
    },
    /// The loop requested a cancellation (a deadline, `asyncio.run`'s clean-up, a group).
    LoopCancel {
        /// The task's last deadline before it: (due at, armed at).
        deadline: Option<(f64, f64)>,
        /// Task 1 (`main()`) had ended.
        main_done: bool,
        /// Another task failed at this same instant, earlier.
        sibling_failed: bool,
        /// One of the tasks it created failed at this same instant, earlier: the group it
        /// runs cancels its parent.
        child_failed: bool,
    },
    /// A timeout's deadline was armed.
    Deadline {
        /// The loop cancellation that delivers it (`None`: it never fires in the run).
        fires: Option<usize>,
    },
    /// A global was written.
    Write {
        /// The write before it of the same global: (value, writer).
        previous: Option<(i64, u32)>,
    },
}

/// What came before a wake-up (kept apart from [`Fact`]: few events are wake-ups, and
/// every event has a fact).
#[derive(Clone, Debug, PartialEq)]
pub struct Woken {
    /// What the task last suspended on, and when.
    pub waited: Option<(WaitOn, f64)>,
    /// A cancellation was requested since it last suspended.
    pub cancelled: bool,
    /// The wait this wake-up ends (`None`: an earlier wake-up ended it already).
    pub ends: Option<WaitOn>,
    /// For a wait on tasks (a task, a gather, a TaskGroup): the last failure of another
    /// task during the wait, which reaches this one.
    pub failure: Option<String>,
    /// The other tasks alive right after the wake-up.
    pub others_alive: usize,
}

/// Per task, what the facts are made of.
#[derive(Clone, Default)]
struct Watch {
    last_suspend: Option<(WaitOn, f64)>,
    cancel_since_suspend: bool,
    /// The suspension not yet ended by a wake-up: what, and its event.
    open_wait: Option<(WaitOn, usize)>,
    last_deadline: Option<(f64, f64)>,
    /// Deadlines armed and not yet delivered: (event, due at).
    pending_deadlines: Vec<(usize, f64)>,
    /// The task that created this one (0: the loop or `asyncio.run`).
    parent: u32,
}

/// The facts, made event by event.
pub(super) struct FactFinder {
    watch: Vec<Watch>,
    main_done: bool,
    /// Tasks that failed at the current instant so far, and that instant.
    failed_now: (f64, Vec<u32>),
    /// Every failure: (event, task, exception).
    failures: Vec<(usize, u32, String)>,
    pub(super) facts: Vec<Fact>,
    /// Every wake-up's facts: (event, what came before it).
    pub(super) wakes: Vec<(u32, Woken)>,
}

impl FactFinder {
    pub(super) fn new(tasks: usize, events: usize) -> FactFinder {
        FactFinder {
            watch: vec![Watch::default(); tasks + 1],
            main_done: false,
            failed_now: (f64::NAN, Vec::new()),
            failures: Vec::new(),
            facts: Vec::with_capacity(events),
            wakes: Vec::new(),
        }
    }

    /// The facts of event `e`, the `i`th, given the previous write of the global it writes
    /// (if it writes one) and, once it is applied, how many tasks are alive and whether its
    /// own task is one of them.
    pub(super) fn see(&mut self, i: usize, e: &TraceEvent, previous_write: Option<(i64, u32)>, alive_after: (usize, bool)) {
        if e.t != self.failed_now.0 {
            self.failed_now = (e.t, Vec::new());
        }
        let mut nobody = Watch::default();
        let w = self.watch.get_mut(e.task as usize).unwrap_or(&mut nobody);
        let fact = match &e.kind {
            EventKind::Created { parent, .. } => {
                w.parent = parent.unwrap_or(0);
                Fact::None
            }
            EventKind::Wake { .. } => {
                let ends = w.open_wait.take();
                let failure = match &ends {
                    Some((on, from)) if on.awaits_tasks() => {
                        self.failures.iter().rev().take_while(|f| f.0 >= *from).find(|f| f.1 != e.task).map(|f| f.2.clone())
                    }
                    _ => None,
                };
                let (alive, me) = alive_after;
                let woken = Woken {
                    waited: w.last_suspend.clone(),
                    cancelled: w.cancel_since_suspend,
                    ends: ends.map(|(on, _)| on),
                    failure,
                    others_alive: alive.saturating_sub(usize::from(me)),
                };
                self.wakes.push((u32::try_from(i).unwrap_or(u32::MAX), woken));
                Fact::None
            }
            EventKind::Resumed(_) => Fact::Step { cancelled: w.cancel_since_suspend },
            EventKind::Suspended { on, .. } => {
                w.last_suspend = Some((on.clone(), e.t));
                w.cancel_since_suspend = false;
                w.open_wait = Some((on.clone(), i));
                Fact::None
            }
            EventKind::CancelRequested { by } => {
                w.cancel_since_suspend = true;
                match by {
                    Some(_) => Fact::None,
                    None => {
                        let (fired, pending): (Vec<_>, Vec<_>) = w.pending_deadlines.iter().partition(|(_, due)| *due <= e.t);
                        w.pending_deadlines = pending;
                        for (armed, _) in fired {
                            if let Some(f) = self.facts.get_mut(armed) {
                                *f = Fact::Deadline { fires: Some(i) };
                            }
                        }
                        let deadline = w.last_deadline;
                        let sibling_failed = self.failed_now.1.iter().any(|t| *t != e.task);
                        let parent_of = |t: &u32| self.watch.get(*t as usize).map_or(0, |w| w.parent);
                        let child_failed = self.failed_now.1.iter().any(|t| parent_of(t) == e.task);
                        Fact::LoopCancel { deadline, main_done: self.main_done, sibling_failed, child_failed }
                    }
                }
            }
            EventKind::Deadline { at } => {
                w.last_deadline = Some((*at, e.t));
                w.pending_deadlines.push((i, *at));
                Fact::Deadline { fires: None }
            }
            EventKind::Var { global: true, .. } => Fact::Write { previous: previous_write },
            _ => Fact::None,
        };
        if let EventKind::Failed { error } = &e.kind {
            self.failed_now.1.push(e.task);
            self.failures.push((i, e.task, error.clone()));
        }
        if e.task == 1 && matches!(e.kind, EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled) {
            self.main_done = true;
        }
        self.facts.push(fact);
    }
}
