//! What the replay keeps of a run: every value's history of changes ([`Core`]), shared by
//! the replay and every view read from it ([`Histories`]), so that a view can give any
//! live task in full when a panel asks for it, by a search of that task's history.

use std::rc::Rc;

use super::history::History;
use super::state::TaskState;
use crate::runtime::trace::task_name;
use crate::runtime::WaitOn;
use crate::teach::{GlobalView, LaneState, TaskView};

/// The histories of one run.
pub(super) struct Core {
    /// Per event: its time and loop iteration.
    pub(super) times: Vec<(f64, u32)>,
    /// Per event: the task it changed — the only one, but for a suspension that began
    /// awaiting tasks not yet begun, which changes who awaits them too ([`Core::also`]).
    pub(super) changed: Vec<u32>,
    /// The events that changed other tasks than their own, ascending, with those tasks.
    pub(super) also: Vec<(usize, Vec<u32>)>,
    /// Per task (index `id - 1`): its label, `fetch(2)`.
    pub(super) labels: Vec<String>,
    /// The trace's await stacks, as calls.
    pub(super) stacks: Vec<Vec<String>>,
    /// Per task id (entry 0: the loop's own events).
    pub(super) tasks: Vec<History<TaskState>>,
    /// What each suspension waited on, in order (a task's state names its wait by index).
    pub(super) waits: Vec<WaitOn>,
    /// Who awaited a suspended task, for the suspensions that recorded someone (by index).
    pub(super) awaiters: Vec<Vec<u32>>,
    /// Per task id, side by side so that a rebuild of the live set skips the tasks it need
    /// not look at without touching their histories: the events of its first and last
    /// change (`MAX`: none), and whether after the last it is gone for good (ended,
    /// nothing queued or armed).
    pub(super) spans: Vec<(u32, u32, bool)>,
    pub(super) running: History<Option<u32>>,
    pub(super) lock_holder: History<Option<u32>>,
    pub(super) permit_holders: History<Vec<u32>>,
    pub(super) workers: History<Vec<(u32, u32, String)>>,
    pub(super) globals: History<(Vec<GlobalView>, u32)>,
    /// Every print: (event, (time, task, text)).
    pub(super) output: Vec<(usize, (f64, u32, String))>,
}

impl Core {
    /// Task `id`'s state right after event `k` (`None` before its first change).
    pub(super) fn state(&self, k: usize, id: u32) -> Option<&TaskState> {
        self.tasks.get(id as usize)?.at(k)
    }

    /// The tasks event `k` changed besides its own (who awaits them).
    pub(super) fn also(&self, k: usize) -> &[u32] {
        self.also.binary_search_by_key(&k, |(at, _)| *at).map_or(&[], |n| self.also[n].1.as_slice())
    }

    /// Who awaits the task in state `s`, as its latest suspension recorded them.
    pub(super) fn awaiters_of(&self, s: &TaskState) -> &[u32] {
        s.awaited_by.and_then(|n| self.awaiters.get(n as usize)).map_or(&[], Vec::as_slice)
    }

    /// The label of task `id`.
    fn label(&self, id: u32) -> Option<&String> {
        (id as usize).checked_sub(1).and_then(|n| self.labels.get(n))
    }
}

/// The histories a view was read from (none for the empty view). Two views' histories are
/// equal when they are the same run's.
#[derive(Clone, Default)]
pub struct Histories(pub(super) Option<Rc<Core>>);

impl PartialEq for Histories {
    fn eq(&self, other: &Histories) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl std::fmt::Debug for Histories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Histories(run)" } else { "Histories(none)" })
    }
}

impl Histories {
    /// The live task `id` right after event `k`, in full.
    pub(crate) fn task(&self, k: usize, id: u32) -> Option<TaskView> {
        let core = self.0.as_deref()?;
        let s = core.state(k, id).filter(|s| s.alive)?;
        let label = core.label(id).cloned().unwrap_or_default();
        let stack = std::iter::once(label.clone()).chain(core.stacks.get(s.stack as usize).into_iter().flatten().cloned()).collect();
        Some(TaskView {
            id,
            name: task_name(id),
            label,
            line: s.line,
            state: s.state.unwrap_or(LaneState::Ready),
            waiting: s.waiting.and_then(|n| core.waits.get(n as usize)).cloned(),
            stack,
            locals: s.locals.to_vec(),
            awaited_by: core.awaiters_of(s).to_vec(),
        })
    }

    /// The label of the live task `id` right after event `k`.
    pub(crate) fn label(&self, k: usize, id: u32) -> Option<&str> {
        let core = self.0.as_deref()?;
        core.state(k, id).filter(|s| s.alive)?;
        core.label(id).map(String::as_str)
    }
}
