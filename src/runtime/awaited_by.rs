//! Who awaits whom (CPython 3.14's `future_add_to_awaited_by`): for each task, the tasks
//! awaiting it — awaiting it directly, gathering it, or as its TaskGroup's parent.
//!
//! Task ids are dense, from 1, so the lists are indexed by id. Almost every task has at
//! most one waiter (the task that awaits or gathers it); that one is kept inline, and only
//! a second waiter makes a list: a hundred thousand gathered tasks cost no allocation here.

/// The tasks awaiting one task, ascending.
#[derive(Clone, Debug, Default, PartialEq)]
enum Waiters {
    #[default]
    None,
    One(u32),
    Many(Vec<u32>),
}

/// For every task id, the ids of the tasks awaiting it.
#[derive(Debug, Default)]
pub(crate) struct AwaitedBy {
    by_task: Vec<Waiters>,
}

impl AwaitedBy {
    /// `future_add_to_awaited_by(task, waiter)`: `waiter` now awaits `task` (once however
    /// often it is added).
    pub(crate) fn add(&mut self, task: u32, waiter: u32) {
        let slot = task as usize;
        if self.by_task.len() <= slot {
            self.by_task.resize_with(slot + 1, Waiters::default);
        }
        let Some(waiters) = self.by_task.get_mut(slot) else { return };
        *waiters = match std::mem::take(waiters) {
            Waiters::None => Waiters::One(waiter),
            Waiters::One(w) if w == waiter => Waiters::One(w),
            Waiters::One(w) => Waiters::Many(if w < waiter { vec![w, waiter] } else { vec![waiter, w] }),
            Waiters::Many(mut list) => {
                if let Err(at) = list.binary_search(&waiter) {
                    list.insert(at, waiter);
                }
                Waiters::Many(list)
            }
        };
    }

    /// `future_discard_from_awaited_by(task, waiter)`.
    pub(crate) fn discard(&mut self, task: u32, waiter: u32) {
        let Some(waiters) = self.by_task.get_mut(task as usize) else { return };
        match waiters {
            Waiters::One(w) if *w == waiter => *waiters = Waiters::None,
            Waiters::Many(list) => list.retain(|w| *w != waiter),
            _ => {}
        }
    }

    /// The tasks awaiting `task` now, ascending.
    pub(crate) fn of(&self, task: u32) -> Vec<u32> {
        match self.by_task.get(task as usize) {
            Some(Waiters::One(w)) => vec![*w],
            Some(Waiters::Many(list)) => list.clone(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AwaitedBy;

    #[test]
    fn waiters_are_kept_once_each_ascending_and_discarded() {
        let mut a = AwaitedBy::default();
        assert_eq!(a.of(5), Vec::<u32>::new());
        a.add(5, 3);
        a.add(5, 3);
        assert_eq!(a.of(5), [3], "one waiter, added twice, is there once");
        a.add(5, 1);
        a.add(5, 4);
        a.add(5, 1);
        assert_eq!(a.of(5), [1, 3, 4]);
        a.discard(5, 3);
        assert_eq!(a.of(5), [1, 4]);
        a.discard(5, 9);
        assert_eq!(a.of(5), [1, 4], "discarding a task that does not wait changes nothing");
        assert_eq!(a.of(4), Vec::<u32>::new(), "other tasks have none");
        a.add(2, 7);
        a.discard(2, 7);
        assert_eq!(a.of(2), Vec::<u32>::new());
        a.discard(99, 1);
        assert_eq!(a.of(99), Vec::<u32>::new(), "an unknown task has none");
    }
}
