//! The one replay of a trace: one forward pass over the events works out, for every event,
//! the state of every task (alive, lane state, line, what it waits on, await stack, locals,
//! who awaits it), the ready queue, the timers, the lock's holder and waiters, the
//! semaphore's, the event's waiters, joins, busy workers, requests in flight, the output,
//! the globals and the lost updates — and, on the way, the timeline's lanes, each event's
//! place on the iteration axis and the [`Fact`]s the narration and the marks need. Every
//! view of a finished run reads it; nothing else replays a trace.
//!
//! It is stored as deltas: every value keeps its own history of changes (`History`), by the
//! event that made each — one per task (an event changes at most one task), one per shared
//! value (the running task, the lock, the permits, the workers, the globals), the output as
//! a list. There are no periodic snapshots of the whole state: a snapshot holds every task,
//! so one every N events would cost `tasks × events / N` (a 10 000-task run of 120 000
//! events, at N = 256, holds 4.7 million task states), where a history per task holds one
//! small state per event that changes it — memory linear in the events — and is its own
//! snapshot at every change.
//!
//! [`Replay::view`] finds each shared value at event `k` by a binary search, and the live
//! set — the lists of tasks the panels show a window of — from a cursor of ordered indexes
//! that a move of the playhead by one event changes for one task only. So moving the
//! playhead costs the same at event 100 000 as at event 10, with 10 live tasks or 2 000;
//! a task in full is read from its history when a panel asks for it.

mod cursor;
mod facts;
mod histories;
mod history;
mod state;
mod timers;
mod windows;

#[cfg(test)]
mod tests;

pub use facts::{Fact, Woken};
pub use histories::Histories;

use std::cell::RefCell;
use std::rc::Rc;

use self::cursor::Cursor;
use self::facts::FactFinder;
use self::histories::Core;
use self::history::History;
use self::state::{Live, TaskState};
use super::lanes::positions_and_widths;
use super::{Lane, LaneBuilder, StepView, Until, WINDOW};
use crate::runtime::{EventKind, Trace};

/// A finished run's trace, replayed once.
pub struct Replay {
    /// The histories, shared with the views read from them.
    core: Rc<Core>,
    /// The live set at the event last viewed, moved to the next one asked for.
    cursor: RefCell<Cursor>,
    positions: Vec<f64>,
    facts: Vec<Fact>,
    /// Every wake-up's facts: (event, what came before it).
    wakes: Vec<(u32, Woken)>,
}

impl Replay {
    /// Replays `trace`, in one pass (the lanes it makes on the way are dropped: see
    /// [`Replay::with_lanes`]).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{create_task, run, sleep};
    /// use asyncio_playground::teach::Replay;
    /// let report = run(async { let t = create_task(sleep(1.0)); sleep(0.5).await?; t.await });
    /// let replay = Replay::of(&report.trace);
    /// let view = replay.view(3); // Task-1 suspended on its 0.5 s sleep
    /// assert_eq!(view.ready.shown, vec![2]);
    /// assert_eq!(view.timers.shown[0].at, 0.5);
    /// ```
    pub fn of(trace: &Trace) -> Replay {
        Replay::with_lanes(trace, Until::end_of(trace, trace.events.last().map_or(0.0, |e| e.t))).0
    }

    /// Replays `trace`, in one pass, and makes its lanes on the way, the segments still open
    /// closed at `until`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, sleep};
    /// use asyncio_playground::teach::{lanes, Replay, Until};
    /// let report = run(async { sleep(1.0).await });
    /// let (replay, lanes_made) = Replay::with_lanes(&report.trace, Until::end_of(&report.trace, 1.0));
    /// assert_eq!(lanes_made, lanes(&report.trace, 1.0));
    /// assert_eq!(replay.len(), report.trace.events.len());
    /// ```
    pub fn with_lanes(trace: &Trace, until: Until) -> (Replay, Vec<Lane>) {
        let (positions, widths) = positions_and_widths(trace);
        // Each task's events, counted first, so that its history and its lane are allocated
        // once rather than grown.
        let mut per_task = vec![0usize; trace.tasks.len() + 1];
        for e in &trace.events {
            if let Some(n) = per_task.get_mut(e.task as usize) {
                *n += 1;
            }
        }
        let mut lanes = LaneBuilder::sized(trace, &per_task[1..]);
        let mut live = Live::new(trace.tasks.iter().map(|t| t.line));
        let mut tasks: Vec<History<TaskState>> = per_task.iter().map(|n| History::with_capacity(*n)).collect();
        let mut core = Core {
            times: trace.events.iter().map(|e| (e.t, e.iter)).collect(),
            changed: trace.events.iter().map(|e| e.task).collect(),
            also: Vec::new(),
            labels: trace.tasks.iter().map(|t| t.label.clone()).collect(),
            stacks: trace.stacks.iter().map(|s| s.iter().map(|f| f.call.clone()).collect()).collect(),
            tasks: Vec::new(),
            waits: Vec::new(),
            awaiters: Vec::new(),
            spans: Vec::new(),
            running: History::default(),
            lock_holder: History::default(),
            permit_holders: History::default(),
            workers: History::default(),
            globals: History::default(),
            output: Vec::new(),
        };
        let mut facts = FactFinder::new(trace.tasks.len(), trace.events.len());
        for (i, e) in trace.events.iter().enumerate() {
            let previous_write = match &e.kind {
                EventKind::Var { name, global: true, .. } => live.globals.iter().find(|g| g.name == *name).map(|g| (g.value, g.writer)),
                _ => None,
            };
            let changed = live.apply(i, e);
            if let Some(s) = live.tasks.get(e.task as usize) {
                if let Some(history) = tasks.get_mut(e.task as usize) {
                    history.set_from(i, s);
                }
            }
            if let EventKind::Suspended { unstarted, .. } = &e.kind {
                let others: Vec<u32> = unstarted.iter().map(|(id, _)| *id).filter(|id| *id != e.task && *id != 0).collect();
                for &id in &others {
                    if let (Some(s), Some(history)) = (live.tasks.get(id as usize), tasks.get_mut(id as usize)) {
                        history.set_from(i, s);
                    }
                }
                if !others.is_empty() {
                    core.also.push((i, others));
                }
            }
            let me = live.tasks.get(e.task as usize).is_some_and(|s| s.alive);
            facts.see(i, e, previous_write, (live.alive, me));
            if changed.running {
                core.running.set(i, live.running);
            }
            if changed.lock {
                core.lock_holder.set(i, live.lock_holder);
            }
            if changed.permits {
                core.permit_holders.set(i, live.permit_holders.clone());
            }
            if changed.workers {
                core.workers.set(i, live.workers.clone());
            }
            if changed.globals {
                core.globals.set(i, (live.globals.clone(), live.lost_updates));
            }
            if let EventKind::Print(text) = &e.kind {
                core.output.push((i, (e.t, e.task, text.clone())));
            }
            lanes.feed(trace, e, positions[i], widths[i]);
        }
        core.spans = tasks
            .iter()
            .map(|h| {
                let (first, last) = h.span().unwrap_or((u32::MAX, u32::MAX));
                let gone = h.last().is_some_and(|s| !s.alive && s.queued.is_none() && s.timers.is_empty());
                (first, last, gone)
            })
            .collect();
        core.tasks = tasks;
        core.waits = live.waits;
        core.awaiters = live.awaiters;
        let replay = Replay { core: Rc::new(core), cursor: RefCell::default(), positions, facts: facts.facts, wakes: facts.wakes };
        (replay, lanes.finish(until))
    }

    /// The number of events replayed.
    pub fn len(&self) -> usize {
        self.core.times.len()
    }

    /// True for an empty trace.
    pub fn is_empty(&self) -> bool {
        self.core.times.is_empty()
    }

    /// Each event's place on the loop-iteration axis (see [`super::iteration_positions`]).
    pub fn positions(&self) -> &[f64] {
        &self.positions
    }

    /// The facts of event `k` ([`Fact::None`] past the end).
    pub fn fact(&self, k: usize) -> &Fact {
        self.facts.get(k).unwrap_or(&Fact::None)
    }

    /// What came before the wake-up that is event `k` (`None` if it is not a wake-up).
    pub fn woken(&self, k: usize) -> Option<&Woken> {
        let k = u32::try_from(k).ok()?;
        let n = self.wakes.binary_search_by_key(&k, |(at, _)| *at).ok()?;
        self.wakes.get(n).map(|(_, woken)| woken)
    }

    /// The view right after event `k` (clamped to the last event; the empty view for an
    /// empty trace), each list a window of its first [`WINDOW`] entries. Asked for the
    /// event next to the one viewed last (the playhead moved by one), it costs the same
    /// whatever the event and however many tasks are live.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// use asyncio_playground::teach::Replay;
    /// let s = find("lock").unwrap();
    /// let run = run_virtual(s, &s.values([("workers", "3"), ("use_lock", "false")]).unwrap());
    /// let end = Replay::of(&run.report.trace).view(usize::MAX);
    /// assert_eq!(end.lost_updates, 2); // three tasks wrote 1
    /// ```
    pub fn view(&self, k: usize) -> StepView {
        self.view_with(k, WINDOW)
    }

    /// [`Replay::view`] with windows of `n` entries (`usize::MAX`: every entry).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// use asyncio_playground::teach::Replay;
    /// let s = find("lock").unwrap();
    /// let run = run_virtual(s, &s.values([("workers", "30"), ("use_lock", "true")]).unwrap());
    /// let replay = Replay::of(&run.report.trace);
    /// let k = replay.len() / 2;
    /// let (some, all) = (replay.view_with(k, 3), replay.view_with(k, usize::MAX));
    /// assert_eq!(some.tasks.len(), all.tasks.shown.len());
    /// assert_eq!(some.tasks.shown, all.tasks.shown[..3]);
    /// ```
    pub fn view_with(&self, k: usize, n: usize) -> StepView {
        let Some(last) = self.len().checked_sub(1) else { return StepView::default() };
        let k = k.min(last);
        match self.cursor.try_borrow_mut() {
            Ok(mut cursor) => {
                cursor.move_to(&self.core, k);
                cursor.view(&self.core, k, n)
            }
            // Only a view asked for while one is being made (never): a cursor of its own.
            Err(_) => {
                let mut cursor = Cursor::default();
                cursor.move_to(&self.core, k);
                cursor.view(&self.core, k, n)
            }
        }
    }
}
