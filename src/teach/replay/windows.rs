//! The view at the playhead, read from the cursor's indexes and the histories: the first
//! entries of every list and its count, the shared values (the running task, the lock,
//! the permits, the workers, the globals) and the last lines printed — nothing that grows
//! with the number of live tasks.

use std::collections::BTreeSet;
use std::rc::Rc;

use super::cursor::Cursor;
use super::histories::{Core, Histories};
use crate::runtime::WaitOn;
use crate::teach::call_graph::tree;
use crate::teach::{ByPrimitive, Primitive, StepView, Window, OUTPUT_LINES};

impl Cursor {
    /// The view right after event `k`, where the cursor is: `n` entries of each list.
    pub(super) fn view(&self, core: &Rc<Core>, k: usize, n: usize) -> StepView {
        let waiters = ByPrimitive::from_fn(|p: Primitive| {
            let of = self.waiters.get(&p);
            Window::first(of.into_iter().flatten().map(|(_, id)| *id), of.map_or(0, BTreeSet::len), n)
        });
        // The waits of the tasks shown, from their states.
        let waiting = |id: u32| core.state(k, id).and_then(|s| s.waiting).and_then(|w| core.waits.get(w as usize));
        let joins = self.joins.iter().filter_map(|&id| waiting(id).map(|on| (id, on.clone())));
        let requests = self.requests.iter().filter_map(|&id| match waiting(id) {
            Some(WaitOn::Fetch { url }) => Some((id, url.clone())),
            _ => None,
        });
        let locals =
            self.locals.iter().filter_map(|&id| core.state(k, id).map(|s| (id, s))).flat_map(|(id, s)| s.locals.iter().map(move |(name, v)| (id, *name, *v)));
        let permits = core.permit_holders.at(k).map(Vec::as_slice).unwrap_or_default();
        let (globals, lost_updates) = core.globals.at(k).cloned().unwrap_or_default();
        let printed = core.output.partition_point(|(at, _)| *at <= k);
        let from = printed.saturating_sub(n.max(OUTPUT_LINES));
        let (t, iter) = core.times.get(k).copied().unwrap_or_default();
        StepView {
            index: k,
            t,
            iter,
            running: core.running.at(k).copied().flatten(),
            tasks: Window::first(self.live.iter().copied(), self.live.len(), n),
            ready: Window::first(self.ready.iter().map(|(_, id)| *id), self.ready.len(), n),
            timers: Window::first(self.timers.values().cloned(), self.timers.len(), n),
            lock_holder: core.lock_holder.at(k).copied().flatten(),
            permit_holders: Window::first(permits.iter().copied(), permits.len(), n),
            waiters,
            joins: Window::first(joins, self.joins.len(), n),
            workers: core.workers.at(k).cloned().unwrap_or_default(),
            requests: Window::first(requests, self.requests.len(), n),
            output: Window { shown: core.output[from..printed].iter().map(|(_, o)| o.clone()).collect(), total: printed },
            globals,
            lost_updates,
            locals: Window::first(locals, self.local_count, n),
            lines: self.lines.iter().map(|(line, ids)| (*line, Window::first(ids.iter().copied(), ids.len(), n))).collect(),
            graph: Window::first(self.roots.iter().map(|&id| tree(&self.awaits, id, n)), self.roots.len(), n),
            histories: Histories(Some(Rc::clone(core))),
        }
    }
}
