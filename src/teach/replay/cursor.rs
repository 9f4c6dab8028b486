//! The live set at the playhead, as ordered indexes — the live tasks, the ready queue, the
//! timer heap, the waiters of each primitive, the joins, the requests in flight, the
//! tasks with locals, the tasks on each line, who awaits whom — so that a view reads the
//! first entries of each and their counts, whatever the number of live tasks.
//!
//! An event changes at most one task, so moving the cursor by one event takes that task's
//! entries out of the indexes as its state was and puts them back as its state is: a few
//! searches of ordered sets, forwards or backwards alike. A jump further than
//! [`STEPS`] events builds the indexes anew from every task's history at the new event.

use std::collections::{BTreeMap, BTreeSet};

use super::histories::Core;
use super::state::TaskState;
use crate::runtime::WaitOn;
use crate::teach::{LaneState, TimerView};

/// The furthest move made one event at a time (beyond it, the indexes are built anew).
const STEPS: usize = 512;

/// A timer's place in the heap: its time (ordered as [`f64::total_cmp`] orders it), the
/// event that armed it, its task, its place among the task's timers.
type TimerKey = (u64, u32, u32, usize);

/// The indexes of the live set right after one event.
#[derive(Default)]
pub(super) struct Cursor {
    /// The event they are at (`None`: not built yet).
    at: Option<usize>,
    pub(super) live: BTreeSet<u32>,
    /// (event that queued it, task).
    pub(super) ready: BTreeSet<(u32, u32)>,
    pub(super) timers: BTreeMap<TimerKey, TimerView>,
    /// (event its wait began, task), for the lock, the semaphore and the event.
    pub(super) waiters: [BTreeSet<(u32, u32)>; 3],
    pub(super) joins: BTreeSet<u32>,
    pub(super) requests: BTreeSet<u32>,
    /// The live tasks with locals, and how many locals they have in all.
    pub(super) locals: BTreeSet<u32>,
    pub(super) local_count: usize,
    /// Per program line, the live tasks on it.
    pub(super) lines: BTreeMap<u32, BTreeSet<u32>>,
    /// Per task, the live tasks whose latest suspension recorded it as awaiting them.
    pub(super) awaits: BTreeMap<u32, BTreeSet<u32>>,
    /// The roots of the call graph that await others: live, awaiting a task, awaited by no
    /// live task.
    pub(super) roots: BTreeSet<u32>,
}

/// Which waiters' index a lane state goes in.
fn waiter_kind(state: Option<LaneState>) -> Option<usize> {
    match state? {
        LaneState::WaitingLock => Some(0),
        LaneState::WaitingSemaphore => Some(1),
        LaneState::WaitingEvent => Some(2),
        _ => None,
    }
}

/// `at` as a key ordered as [`f64::total_cmp`] orders times.
fn time_key(at: f64) -> u64 {
    let bits = at.to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
}

/// Puts `key` in `set` or takes it out.
fn put<K: Ord>(set: &mut BTreeSet<K>, key: K, add: bool) {
    if add {
        set.insert(key);
    } else {
        set.remove(&key);
    }
}

/// Puts `id` in the set of `key` in `map` or takes it out (an emptied set goes).
fn put_in<K: Ord + Copy>(map: &mut BTreeMap<K, BTreeSet<u32>>, key: K, id: u32, add: bool) {
    if add {
        map.entry(key).or_default().insert(id);
    } else if let Some(set) = map.get_mut(&key) {
        set.remove(&id);
        if set.is_empty() {
            map.remove(&key);
        }
    }
}

impl Cursor {
    /// Moves the indexes to right after event `k` (at most the last event of `core`).
    pub(super) fn move_to(&mut self, core: &Core, k: usize) {
        match self.at {
            Some(mut at) if at.abs_diff(k) <= STEPS => {
                while at < k {
                    self.step(core, at, at + 1);
                    at += 1;
                }
                while at > k {
                    self.step(core, at, at - 1);
                    at -= 1;
                }
            }
            _ => self.rebuild(core, k),
        }
        self.at = Some(k);
    }

    /// Builds the indexes anew at event `k`.
    fn rebuild(&mut self, core: &Core, k: usize) {
        *self = Cursor::default();
        let k32 = u32::try_from(k).unwrap_or(u32::MAX);
        for (id, &(first, last, gone)) in core.spans.iter().enumerate() {
            if first > k32 || (gone && last <= k32) {
                continue;
            }
            let id = id as u32;
            if let Some(s) = core.state(k, id) {
                self.enter(core, id, s, true);
            }
        }
        let awaiting: Vec<u32> = self.awaits.keys().copied().collect();
        for id in awaiting {
            self.refresh(core, k, id);
        }
    }

    /// From right after event `from` to right after event `to`, one apart.
    fn step(&mut self, core: &Core, from: usize, to: usize) {
        let Some(&id) = core.changed.get(from.max(to)) else { return };
        let (was, is) = (core.state(from, id), core.state(to, id));
        if match (was, is) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        } {
            return;
        }
        if let Some(s) = was {
            self.enter(core, id, s, false);
        }
        if let Some(s) = is {
            self.enter(core, id, s, true);
        }
        // Whose place in the call graph may have changed: the task, who awaited it before
        // and after, and — when it began or ended — the tasks it awaits.
        let mut touched: Vec<u32> = vec![id];
        touched.extend(was.into_iter().chain(is).flat_map(|s| core.awaiters_of(s)));
        if was.is_some_and(|s| s.alive) != is.is_some_and(|s| s.alive) {
            touched.extend(self.awaits.get(&id).into_iter().flatten());
        }
        for t in touched {
            self.refresh(core, to, t);
        }
    }

    /// Puts task `id`'s entries as of state `s` in the indexes (`add`) or takes them out.
    fn enter(&mut self, core: &Core, id: u32, s: &TaskState, add: bool) {
        if let Some(at) = s.queued {
            put(&mut self.ready, (at, id), add);
        }
        for (n, (armed, timer)) in s.timers.iter().enumerate() {
            let key = (time_key(timer.at), *armed, id, n);
            if add {
                self.timers.insert(key, timer.clone());
            } else {
                self.timers.remove(&key);
            }
        }
        if !s.alive {
            return;
        }
        put(&mut self.live, id, add);
        if let Some(kind) = waiter_kind(s.state) {
            put(&mut self.waiters[kind], (s.since, id), add);
        }
        match s.waiting.and_then(|n| core.waits.get(n as usize)) {
            Some(on) if on.awaits_tasks() => put(&mut self.joins, id, add),
            Some(WaitOn::Fetch { .. }) => put(&mut self.requests, id, add),
            _ => {}
        }
        if !s.locals.is_empty() {
            put(&mut self.locals, id, add);
            self.local_count = if add { self.local_count + s.locals.len() } else { self.local_count.saturating_sub(s.locals.len()) };
        }
        put_in(&mut self.lines, s.line, id, add);
        for &a in core.awaiters_of(s) {
            put_in(&mut self.awaits, a, id, add);
        }
    }

    /// Whether task `id` is a root of the call graph that awaits others, right after `k`.
    fn refresh(&mut self, core: &Core, k: usize, id: u32) {
        let root = self.live.contains(&id)
            && self.awaits.contains_key(&id)
            && !core.state(k, id).is_some_and(|s| core.awaiters_of(s).iter().any(|a| self.live.contains(a)));
        put(&mut self.roots, id, root);
    }
}
