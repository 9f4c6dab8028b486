//! [`IdMap`]: a map from task ids (or other small counters: request ids) to values, in id
//! order — what the executor and the diagnostics key by task (a TaskGroup's tasks, a
//! gather's distinct children, a deadlock's waits). Ids are numbered from 1 in the order
//! things are created, so a slot per id from the smallest one held is all it takes, with
//! every operation but a lower id than any held in O(1). A `BTreeMap` would do the same
//! work with its tree code compiled once per value type, about 5 KB of the run chunk each.

/// A map from `u32` ids to values, iterated in id order.
///
/// # Examples
///
/// ```
/// use asyncio_playground::runtime::IdMap;
///
/// let mut waits = IdMap::new();
/// waits.insert(3, "lock");
/// waits.insert(1, "sleep");
/// assert_eq!(waits.remove(3), Some("lock"));
/// waits.insert(2, "event");
/// assert_eq!(waits.iter().collect::<Vec<_>>(), [(1, &"sleep"), (2, &"event")]);
/// ```
#[derive(Clone, Debug)]
pub struct IdMap<V> {
    /// The id of `slots[0]`.
    base: u32,
    slots: Vec<Option<V>>,
    len: usize,
}

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap::new()
    }
}

impl<V> IdMap<V> {
    /// An empty map.
    ///
    /// # Examples
    ///
    /// ```
    /// let map = asyncio_playground::runtime::IdMap::<()>::new();
    /// assert!(map.is_empty());
    /// ```
    pub const fn new() -> Self {
        IdMap { base: 0, slots: Vec::new(), len: 0 }
    }

    /// How many ids it holds.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(7, ());
    /// map.insert(7, ());
    /// assert_eq!(map.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when it holds no id.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(1, 'a');
    /// map.remove(1);
    /// assert!(map.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn slot(&self, id: u32) -> Option<usize> {
        id.checked_sub(self.base).map(|i| i as usize).filter(|i| *i < self.slots.len())
    }

    /// The value of `id`, if held.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(4, "four");
    /// assert_eq!(map.get(4), Some(&"four"));
    /// assert_eq!(map.get(5), None);
    /// ```
    pub fn get(&self, id: u32) -> Option<&V> {
        self.slot(id).and_then(|i| self.slots[i].as_ref())
    }

    /// The value of `id` to change, if held.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(2, 1.0);
    /// *map.get_mut(2).unwrap() += 0.5;
    /// assert_eq!(map.get(2), Some(&1.5));
    /// ```
    pub fn get_mut(&mut self, id: u32) -> Option<&mut V> {
        self.slot(id).and_then(|i| self.slots[i].as_mut())
    }

    /// True when it holds `id`.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(9, ());
    /// assert!(map.contains(9) && !map.contains(8));
    /// ```
    pub fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    /// Holds `value` for `id`; the value it held before, if any.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// assert_eq!(map.insert(1, "a"), None);
    /// assert_eq!(map.insert(1, "b"), Some("a"));
    /// ```
    pub fn insert(&mut self, id: u32, value: V) -> Option<V> {
        let i = self.place(id);
        let old = self.slots[i].replace(value);
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    /// The index of `id`'s slot, made if there is none.
    fn place(&mut self, id: u32) -> usize {
        if self.slots.is_empty() {
            self.base = id;
        } else if id < self.base {
            // (A lower id than any held: the slots move up, once per new lowest id.)
            let mut slots = Vec::new();
            slots.resize_with((self.base - id) as usize, || None);
            slots.extend(std::mem::take(&mut self.slots));
            self.slots = slots;
            self.base = id;
        }
        let i = (id - self.base) as usize;
        if i >= self.slots.len() {
            self.slots.resize_with(i + 1, || None);
        }
        i
    }

    /// The value of `id`, inserted with `make` if not held.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut held = asyncio_playground::runtime::IdMap::new();
    /// *held.get_or_insert_with(3, || 0) += 1;
    /// *held.get_or_insert_with(3, || 0) += 1;
    /// assert_eq!(held.get(3), Some(&2));
    /// ```
    pub fn get_or_insert_with(&mut self, id: u32, make: impl FnOnce() -> V) -> &mut V {
        let i = self.place(id);
        let slot = &mut self.slots[i];
        if slot.is_none() {
            self.len += 1;
        }
        slot.get_or_insert_with(make)
    }

    /// Lets go of `id`: its value, if it was held.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(5, "five");
    /// assert_eq!(map.remove(5), Some("five"));
    /// assert_eq!(map.remove(5), None);
    /// ```
    pub fn remove(&mut self, id: u32) -> Option<V> {
        let old = self.slot(id).and_then(|i| self.slots[i].take());
        if old.is_some() {
            self.len -= 1;
            if self.len == 0 {
                self.slots.clear();
            }
        }
        old
    }

    /// Lets go of every id.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(1, ());
    /// map.clear();
    /// assert!(map.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.slots.clear();
        self.len = 0;
    }

    /// Each id held and its value, in id order.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(2, 'b');
    /// map.insert(1, 'a');
    /// assert_eq!(map.iter().collect::<Vec<_>>(), [(1, &'a'), (2, &'b')]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (u32, &V)> + '_ {
        let base = self.base;
        self.slots.iter().enumerate().filter_map(move |(i, v)| v.as_ref().map(|v| (base + i as u32, v)))
    }

    /// Each id held, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(8, ());
    /// map.insert(3, ());
    /// assert_eq!(map.ids().collect::<Vec<_>>(), [3, 8]);
    /// ```
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.iter().map(|(id, _)| id)
    }

    /// Each value, in id order.
    ///
    /// # Examples
    ///
    /// ```
    /// let mut map = asyncio_playground::runtime::IdMap::new();
    /// map.insert(8, "late");
    /// map.insert(3, "early");
    /// assert_eq!(map.values().collect::<Vec<_>>(), [&"early", &"late"]);
    /// ```
    pub fn values(&self) -> impl Iterator<Item = &V> + '_ {
        self.iter().map(|(_, v)| v)
    }
}

impl<V> IntoIterator for IdMap<V> {
    type Item = (u32, V);
    type IntoIter = IntoIter<V>;

    /// Each id held and its value, in id order.
    fn into_iter(self) -> IntoIter<V> {
        IntoIter { base: self.base, slots: self.slots.into_iter().enumerate() }
    }
}

/// An [`IdMap`]'s ids and values, taken in id order.
pub struct IntoIter<V> {
    base: u32,
    slots: std::iter::Enumerate<std::vec::IntoIter<Option<V>>>,
}

impl<V> Iterator for IntoIter<V> {
    type Item = (u32, V);

    fn next(&mut self) -> Option<(u32, V)> {
        let base = self.base;
        self.slots.find_map(|(i, v)| v.map(|v| (base + i as u32, v)))
    }
}

impl<V> FromIterator<(u32, V)> for IdMap<V> {
    fn from_iter<I: IntoIterator<Item = (u32, V)>>(items: I) -> Self {
        let mut map = IdMap::new();
        for (id, v) in items {
            map.insert(id, v);
        }
        map
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::IdMap;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    proptest! {
        /// Whatever is inserted and removed, in whatever order, it holds what a BTreeMap
        /// would, in the same order.
        #[test]
        fn it_holds_what_a_btree_map_would(ops in proptest::collection::vec((any::<bool>(), 0u32..200, any::<u8>()), 0..300)) {
            let (mut ours, mut theirs) = (IdMap::new(), BTreeMap::new());
            for (insert, id, v) in ops {
                if insert {
                    prop_assert_eq!(ours.insert(id, v), theirs.insert(id, v));
                } else {
                    prop_assert_eq!(ours.remove(id), theirs.remove(&id));
                }
                prop_assert_eq!(ours.len(), theirs.len());
                prop_assert_eq!(ours.get(id), theirs.get(&id));
            }
            prop_assert_eq!(ours.iter().map(|(k, v)| (k, *v)).collect::<Vec<_>>(), theirs.iter().map(|(k, v)| (*k, *v)).collect::<Vec<_>>());
            prop_assert_eq!(ours.clone().into_iter().collect::<Vec<_>>(), theirs.into_iter().collect::<Vec<_>>());
        }
    }

    #[test]
    fn ids_near_the_top_of_the_range_and_a_new_lowest_one() {
        let mut map = IdMap::new();
        map.insert(u32::MAX, 'z');
        map.insert(u32::MAX - 2, 'x');
        assert_eq!(map.iter().collect::<Vec<_>>(), [(u32::MAX - 2, &'x'), (u32::MAX, &'z')]);
        assert_eq!(map.get(0), None);
        assert_eq!(map.remove(u32::MAX), Some('z'));
        assert_eq!(map.len(), 1);
    }
}
