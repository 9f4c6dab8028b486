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
use super::timers::Timers;
use crate::runtime::WaitOn;
use crate::teach::{LaneState, Primitive, TimerView};

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
    /// Per primitive (the lock, the semaphore, the event): (event its wait began, task).
    pub(super) waiters: BTreeMap<Primitive, BTreeSet<(u32, u32)>>,
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

/// What a task's state puts in the indexes (nothing, for a task not created yet).
#[derive(Default, PartialEq)]
struct Entries<'a> {
    queued: Option<u32>,
    timers: Option<&'a Timers>,
    live: bool,
    /// Which primitive's waiters it is among, and since when.
    waiter: Option<(Primitive, u32)>,
    join: bool,
    request: bool,
    /// How many locals it has.
    locals: usize,
    line: Option<u32>,
    awaiters: &'a [u32],
}

impl<'a> Entries<'a> {
    /// The entries of a task in state `s`.
    fn of(core: &'a Core, s: Option<&'a TaskState>) -> Entries<'a> {
        let Some(s) = s else { return Entries::default() };
        let mut entries = Entries { queued: s.queued, timers: Some(&s.timers), ..Entries::default() };
        if s.alive {
            let waits = s.waiting.and_then(|n| core.waits.get(n as usize));
            entries.live = true;
            entries.waiter = s.state.and_then(LaneState::primitive).map(|p| (p, s.since));
            entries.join = waits.is_some_and(WaitOn::awaits_tasks);
            entries.request = matches!(waits, Some(WaitOn::Fetch { .. }));
            entries.locals = s.locals.len();
            entries.line = Some(s.line);
            entries.awaiters = core.awaiters_of(s);
        }
        entries
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
            self.change(id, &Entries::default(), &Entries::of(core, core.state(k, id)));
        }
        let awaiting: Vec<u32> = self.awaits.keys().copied().collect();
        for id in awaiting {
            self.refresh(core, k, id);
        }
    }

    /// From right after event `from` to right after event `to`, one apart.
    fn step(&mut self, core: &Core, from: usize, to: usize) {
        let k = from.max(to);
        let Some(&id) = core.changed.get(k) else { return };
        self.step_task(core, from, to, id);
        for &other in core.also(k) {
            self.step_task(core, from, to, other);
        }
    }

    /// [`Cursor::step`] for task `id`, one of those the event changed.
    fn step_task(&mut self, core: &Core, from: usize, to: usize, id: u32) {
        let (was, is) = (Entries::of(core, core.state(from, id)), Entries::of(core, core.state(to, id)));
        if was == is {
            return;
        }
        self.change(id, &was, &is);
        // Whose place in the call graph may have changed, if the task began, ended or is
        // awaited by others: the task, who awaited it before and after, and — when it began
        // or ended — the tasks it awaits.
        if was.live == is.live && was.awaiters == is.awaiters {
            return;
        }
        self.refresh(core, to, id);
        for &a in was.awaiters.iter().chain(is.awaiters) {
            self.refresh(core, to, a);
        }
        if was.live != is.live {
            let under: Vec<u32> = self.awaits.get(&id).into_iter().flatten().copied().collect();
            for t in under {
                self.refresh(core, to, t);
            }
        }
    }

    /// Takes task `id`'s entries that changed out of the indexes as they were (`was`) and
    /// puts them in as they are (`is`).
    fn change(&mut self, id: u32, was: &Entries, is: &Entries) {
        if was.queued != is.queued {
            if let Some(at) = was.queued {
                self.ready.remove(&(at, id));
            }
            if let Some(at) = is.queued {
                self.ready.insert((at, id));
            }
        }
        if was.timers != is.timers {
            for (n, (armed, timer)) in was.timers.iter().flat_map(|t| t.iter()).enumerate() {
                self.timers.remove(&(time_key(timer.at), *armed, id, n));
            }
            for (n, (armed, timer)) in is.timers.iter().flat_map(|t| t.iter()).enumerate() {
                self.timers.insert((time_key(timer.at), *armed, id, n), timer.clone());
            }
        }
        if was.live != is.live {
            put(&mut self.live, id, is.live);
        }
        if was.waiter != is.waiter {
            if let Some((p, since)) = was.waiter {
                self.waiters.entry(p).or_default().remove(&(since, id));
            }
            if let Some((p, since)) = is.waiter {
                self.waiters.entry(p).or_default().insert((since, id));
            }
        }
        if was.join != is.join {
            put(&mut self.joins, id, is.join);
        }
        if was.request != is.request {
            put(&mut self.requests, id, is.request);
        }
        if was.locals != is.locals {
            put(&mut self.locals, id, is.locals > 0);
            self.local_count = (self.local_count + is.locals).saturating_sub(was.locals);
        }
        if was.line != is.line {
            if let Some(line) = was.line {
                put_in(&mut self.lines, line, id, false);
            }
            if let Some(line) = is.line {
                put_in(&mut self.lines, line, id, true);
            }
        }
        if was.awaiters != is.awaiters {
            for &a in was.awaiters {
                put_in(&mut self.awaits, a, id, false);
            }
            for &a in is.awaiters {
                put_in(&mut self.awaits, a, id, true);
            }
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
