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
//! a list. [`Replay::view`] finds each value at event `k` by a binary search, so the view at
//! event 100 000 costs what the view at event 10 costs (the live tasks it lists aside).
//! There are no periodic snapshots of the whole state: a snapshot holds every task, so one
//! every N events would cost `tasks × events / N` (a 10 000-task run of 120 000 events, at
//! N = 256, holds 4.7 million task states), where a history per task holds one small state
//! per event that changes it — memory linear in the events — and is its own snapshot at
//! every change.

mod facts;
mod history;
mod state;
mod timers;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;

pub use facts::{Fact, Woken};

use self::facts::FactFinder;
use self::history::History;
use self::state::{Live, TaskState};
use super::lanes::positions_and_widths;
use super::{GlobalView, Lane, LaneBuilder, LaneState, StepView, TaskView, TimerView, Until};
use crate::runtime::{EventKind, Trace, WaitOn};

/// A finished run's trace, replayed once.
pub struct Replay {
    /// Per event: its time and loop iteration.
    times: Vec<(f64, u32)>,
    /// Per task (index `id - 1`): its label, `fetch(2)`.
    labels: Vec<String>,
    /// The trace's await stacks, as calls.
    stacks: Vec<Vec<String>>,
    /// Per task id (entry 0: the loop's own events).
    tasks: Vec<History<TaskState>>,
    /// What each suspension waited on, in order (a task's state names its wait by index).
    waits: Vec<WaitOn>,
    /// Who awaited a suspended task, for the suspensions that recorded someone (by index).
    awaiters: Vec<Vec<u32>>,
    /// Per task id, side by side so that a view skips the tasks it need not look at
    /// without touching their histories: the events of its first and last change (`MAX`:
    /// none), and whether after the last it is gone for good (ended, nothing queued or armed).
    spans: Vec<(u32, u32, bool)>,
    running: History<Option<u32>>,
    lock_holder: History<Option<u32>>,
    permit_holders: History<Vec<u32>>,
    workers: History<Vec<(u32, u32, String)>>,
    globals: History<(Vec<GlobalView>, u32)>,
    /// Every print: (event, (time, task, text)).
    output: Vec<(usize, (f64, u32, String))>,
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
    /// assert_eq!(view.ready, vec![2]);
    /// assert_eq!(view.timers[0].at, 0.5);
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
        let mut replay = Replay {
            times: trace.events.iter().map(|e| (e.t, e.iter)).collect(),
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
            positions: Vec::new(),
            facts: Vec::new(),
            wakes: Vec::new(),
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
            let me = live.tasks.get(e.task as usize).is_some_and(|s| s.alive);
            facts.see(i, e, previous_write, (live.alive, me));
            if changed.running {
                replay.running.set(i, live.running);
            }
            if changed.lock {
                replay.lock_holder.set(i, live.lock_holder);
            }
            if changed.permits {
                replay.permit_holders.set(i, live.permit_holders.clone());
            }
            if changed.workers {
                replay.workers.set(i, live.workers.clone());
            }
            if changed.globals {
                replay.globals.set(i, (live.globals.clone(), live.lost_updates));
            }
            if let EventKind::Print(text) = &e.kind {
                replay.output.push((i, (e.t, e.task, text.clone())));
            }
            lanes.feed(trace, e, positions[i], widths[i]);
        }
        replay.spans = tasks
            .iter()
            .map(|h| {
                let (first, last) = h.span().unwrap_or((u32::MAX, u32::MAX));
                let gone = h.last().is_some_and(|s| !s.alive && s.queued.is_none() && s.timers.is_empty());
                (first, last, gone)
            })
            .collect();
        replay.tasks = tasks;
        replay.waits = live.waits;
        replay.awaiters = live.awaiters;
        replay.wakes = facts.wakes;
        replay.positions = positions;
        replay.facts = facts.facts;
        (replay, lanes.finish(until))
    }

    /// The number of events replayed.
    pub fn len(&self) -> usize {
        self.times.len()
    }

    /// True for an empty trace.
    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
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
    /// empty trace).
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
        let Some(last) = self.times.len().checked_sub(1) else { return StepView::default() };
        let k = k.min(last);
        let mut ready: Vec<(u32, u32)> = Vec::new();
        let mut timers: Vec<(u32, TimerView)> = Vec::new();
        let mut waiters: Vec<(LaneState, u32, u32)> = Vec::new();
        let mut joins = Vec::new();
        let mut requests = Vec::new();
        let mut tasks = Vec::new();
        let k32 = u32::try_from(k).unwrap_or(u32::MAX);
        for (id, (history, &(first, last, gone))) in self.tasks.iter().zip(&self.spans).enumerate() {
            if first > k32 || (gone && last <= k32) {
                continue;
            }
            let Some(s) = history.at(k) else { continue };
            let id = id as u32;
            ready.extend(s.queued.map(|at| (at, id)));
            timers.extend(s.timers.iter().cloned());
            if !s.alive {
                continue;
            }
            let state = s.state.unwrap_or(LaneState::Ready);
            if matches!(s.state, Some(LaneState::WaitingLock | LaneState::WaitingSemaphore | LaneState::WaitingEvent)) {
                waiters.push((state, s.since, id));
            }
            let waiting = s.waiting.and_then(|n| self.waits.get(n as usize)).cloned();
            match &waiting {
                Some(on) if on.awaits_tasks() => joins.push((id, on.clone())),
                Some(WaitOn::Fetch { url }) => requests.push((id, url.clone())),
                _ => {}
            }
            let label = (id as usize).checked_sub(1).and_then(|n| self.labels.get(n)).cloned().unwrap_or_default();
            let stack = std::iter::once(label.clone()).chain(self.stacks.get(s.stack as usize).into_iter().flatten().cloned()).collect();
            tasks.push(TaskView {
                id,
                name: crate::runtime::trace::task_name(id),
                label,
                line: s.line,
                state,
                waiting,
                stack,
                locals: s.locals.to_vec(),
                awaited_by: s.awaited_by.and_then(|n| self.awaiters.get(n as usize)).cloned().unwrap_or_default(),
            });
        }
        ready.sort_unstable();
        timers.sort_by(|a, b| a.1.at.total_cmp(&b.1.at).then(a.0.cmp(&b.0)));
        waiters.sort_by_key(|&(_, since, id)| (since, id));
        let waiting = |state: LaneState| waiters.iter().filter(|w| w.0 == state).map(|w| w.2).collect::<Vec<u32>>();
        let (globals, lost_updates) = self.globals.at(k).cloned().unwrap_or_default();
        let printed = self.output.partition_point(|(at, _)| *at <= k);
        let (t, iter) = self.times[k];
        StepView {
            index: k,
            t,
            iter,
            running: self.running.at(k).copied().flatten(),
            tasks,
            ready: ready.into_iter().map(|(_, id)| id).collect(),
            timers: timers.into_iter().map(|(_, t)| t).collect(),
            lock_holder: self.lock_holder.at(k).copied().flatten(),
            lock_waiters: waiting(LaneState::WaitingLock),
            permit_holders: self.permit_holders.at(k).cloned().unwrap_or_default(),
            permit_waiters: waiting(LaneState::WaitingSemaphore),
            event_waiters: waiting(LaneState::WaitingEvent),
            joins,
            workers: self.workers.at(k).cloned().unwrap_or_default(),
            requests,
            output: self.output[..printed].iter().map(|(_, o)| o.clone()).collect(),
            globals,
            lost_updates,
        }
    }
}
