//! A value's changes over a run, by the event that made each: the replay's deltas. The
//! value right after any event is found by a binary search, so reading it costs the same
//! at event 100 000 as at event 10.

/// The changes of one value: `(event, value from that event on)`, in event order.
#[derive(Clone, Debug)]
pub(super) struct History<T> {
    changes: Vec<(u32, T)>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History { changes: Vec::new() }
    }
}

impl<T: PartialEq> History<T> {
    /// No changes yet, room for `n`.
    pub(super) fn with_capacity(n: usize) -> Self {
        History { changes: Vec::with_capacity(n) }
    }

    /// Records that the value is `value` from event `k` on (nothing when it is unchanged).
    pub(super) fn set(&mut self, k: usize, value: T) {
        let k = u32::try_from(k).unwrap_or(u32::MAX);
        match self.changes.last_mut() {
            Some((_, last)) if *last == value => {}
            Some((at, last)) if *at == k => *last = value,
            _ => self.changes.push((k, value)),
        }
    }

    /// [`History::set`] from a borrowed value, cloned only when it changed.
    pub(super) fn set_from(&mut self, k: usize, value: &T)
    where
        T: Clone,
    {
        if self.changes.last().map(|(_, last)| last) != Some(value) {
            self.set(k, value.clone());
        }
    }

    /// The events of its first and its last change (`None`: it never changed).
    pub(super) fn span(&self) -> Option<(u32, u32)> {
        Some((self.changes.first()?.0, self.changes.last()?.0))
    }

    /// Its value after its last change.
    pub(super) fn last(&self) -> Option<&T> {
        self.changes.last().map(|(_, v)| v)
    }

    /// The value right after event `k` (`None` before its first change).
    pub(super) fn at(&self, k: usize) -> Option<&T> {
        // The common cases without a search: nothing yet, or no change since event `k`.
        let (first, last) = (self.changes.first()?, self.changes.last()?);
        if first.0 as usize > k {
            return None;
        }
        if last.0 as usize <= k {
            return Some(&last.1);
        }
        let n = self.changes.partition_point(|(at, _)| *at as usize <= k);
        n.checked_sub(1).map(|n| &self.changes[n].1)
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn the_value_at_an_event_is_the_last_change_at_or_before_it() {
        let mut h = History::default();
        h.set(3, 'a');
        h.set(5, 'a'); // unchanged: no entry
        h.set(7, 'b');
        h.set(7, 'c'); // the same event: the later value wins
        assert_eq!((h.at(2), h.at(3), h.at(6), h.at(7), h.at(1000)), (None, Some(&'a'), Some(&'a'), Some(&'c'), Some(&'c')));
        assert_eq!(h.changes.len(), 2);
    }
}
