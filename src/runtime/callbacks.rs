//! A future's done-callbacks, in the order they were added.
//!
//! Almost every future has one — the wake-up of the task awaiting it, or gather's callback
//! on a child — so the first is held inline and only a second one makes a list: a hundred
//! thousand gathered tasks cost no allocation here.

/// A callback the loop runs later.
pub(crate) type Callback = Box<dyn FnOnce()>;

/// One done-callback: its id (to remove it), the task whose wake-up it is (0: none), and
/// what to call.
pub(crate) struct DoneCallback {
    pub(crate) id: u64,
    pub(crate) task: u32,
    pub(crate) call: Callback,
}

/// The done-callbacks of one future, in the order they were added.
#[derive(Default)]
pub(crate) struct Callbacks {
    /// The first, while no other was added before it that is still here.
    first: Option<DoneCallback>,
    /// The others, in order, after `first`.
    rest: Vec<DoneCallback>,
}

impl Callbacks {
    /// Adds `entry` after the others.
    pub(crate) fn push(&mut self, entry: DoneCallback) {
        if self.first.is_none() && self.rest.is_empty() {
            self.first = Some(entry);
        } else {
            self.rest.push(entry);
        }
    }

    /// Removes the callback `id`; false if it is not here.
    pub(crate) fn remove(&mut self, id: u64) -> bool {
        if self.first.as_ref().is_some_and(|f| f.id == id) {
            self.first = None;
            return true;
        }
        let before = self.rest.len();
        self.rest.retain(|c| c.id != id);
        self.rest.len() != before
    }

    /// All of them, in order.
    pub(crate) fn into_ordered(self) -> impl Iterator<Item = DoneCallback> {
        self.first.into_iter().chain(self.rest)
    }
}

#[cfg(test)]
mod tests {
    use super::{Callbacks, DoneCallback};

    fn entry(id: u64) -> DoneCallback {
        DoneCallback { id, task: 0, call: Box::new(|| ()) }
    }

    fn ids(c: &mut Callbacks) -> Vec<u64> {
        std::mem::take(c).into_ordered().map(|e| e.id).collect()
    }

    #[test]
    fn callbacks_keep_their_order_through_removals() {
        let mut c = Callbacks::default();
        assert_eq!(ids(&mut c), Vec::<u64>::new());
        for id in 1..=4 {
            c.push(entry(id));
        }
        assert!(c.remove(1), "the first, held inline");
        assert!(!c.remove(1), "removed once");
        assert!(c.remove(3));
        c.push(entry(5));
        assert_eq!(ids(&mut c), [2, 4, 5], "a callback added after a removal still comes last");
        assert_eq!(ids(&mut c), Vec::<u64>::new(), "taking leaves none");
        c.push(entry(6));
        assert!(!c.remove(7));
        assert_eq!(ids(&mut c), [6]);
    }
}
