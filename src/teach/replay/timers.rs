//! A task's timers in the replay: its first timer kept inline (a task mostly has one, its
//! sleep, or none), the others in a list shared between the states of its history until
//! one changes — so recording the task's state after an event allocates nothing.

use std::rc::Rc;

use super::super::TimerView;

/// A task's armed timers, oldest first, each with the event that armed it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Timers {
    first: Option<(u32, TimerView)>,
    /// The timers after `first`; `None` rather than empty.
    rest: Option<Rc<Vec<(u32, TimerView)>>>,
}

impl Timers {
    /// Arms `timer` at event `armed`.
    pub(super) fn push(&mut self, armed: u32, timer: TimerView) {
        if self.is_empty() {
            self.first = Some((armed, timer));
        } else {
            Rc::make_mut(self.rest.get_or_insert_with(Rc::default)).push((armed, timer));
        }
    }

    /// The timers, oldest first.
    pub(super) fn iter(&self) -> impl Iterator<Item = &(u32, TimerView)> {
        self.first.iter().chain(self.rest.iter().flat_map(|rest| rest.iter()))
    }

    pub(super) fn is_empty(&self) -> bool {
        self.first.is_none() && self.rest.is_none()
    }

    /// Keeps the timers for which `keep` is true.
    pub(super) fn retain(&mut self, keep: impl Fn(&TimerView) -> bool) {
        if self.first.as_ref().is_some_and(|(_, t)| !keep(t)) {
            self.first = None;
        }
        if let Some(rest) = &mut self.rest {
            if !rest.iter().all(|(_, t)| keep(t)) {
                Rc::make_mut(rest).retain(|(_, t)| keep(t));
            }
            if rest.is_empty() {
                self.rest = None;
            }
        }
    }

    /// Disarms the latest deadline (a timeout block left).
    pub(super) fn remove_last_deadline(&mut self) {
        if let Some(rest) = &mut self.rest {
            if let Some(pos) = rest.iter().rposition(|(_, t)| t.deadline) {
                Rc::make_mut(rest).remove(pos);
                if rest.is_empty() {
                    self.rest = None;
                }
                return;
            }
        }
        if self.first.as_ref().is_some_and(|(_, t)| t.deadline) {
            self.first = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timer(at: f64, deadline: bool) -> TimerView {
        TimerView { at, task: 1, deadline }
    }

    #[test]
    fn timers_keep_their_order_whatever_leaves() {
        let mut timers = Timers::default();
        timers.push(1, timer(5.0, true));
        timers.push(2, timer(1.0, false));
        timers.push(3, timer(4.0, true));
        timers.retain(|t| t.deadline); // the sleep fired
        assert_eq!(timers.iter().map(|(armed, _)| *armed).collect::<Vec<_>>(), vec![1, 3]);
        timers.remove_last_deadline();
        assert_eq!(timers.iter().map(|(armed, _)| *armed).collect::<Vec<_>>(), vec![1]);
        timers.remove_last_deadline();
        assert!(timers.is_empty());
        timers.push(4, timer(2.0, false));
        assert_eq!(timers.iter().count(), 1);
    }
}
