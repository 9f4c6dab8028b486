//! The replay's side of the comparison with the oracles: a view with every entry of every
//! list ([`Replay::view_with`](crate::teach::Replay::view_with) at `usize::MAX`), put in
//! the old shape — every live task asked for in full, by id — and what the panels used to
//! work out from the full list of tasks (the locals, the tasks on each line, the call
//! graph), worked out again from it the old way, to equal what the view holds.

use std::collections::BTreeMap;

use super::view::OldView;
use crate::teach::call_graph::MAX_DEPTH;
use crate::teach::{CallTree, Primitive, StepView, TaskView, Window};

/// `view` (every entry of every list) in the old shape.
pub(crate) fn full(view: &StepView) -> OldView {
    let whole = |w: &Window<u32>| {
        assert_eq!(w.more(), 0, "a view with every entry");
        w.shown.clone()
    };
    OldView {
        index: view.index,
        t: view.t,
        iter: view.iter,
        running: view.running,
        tasks: view.tasks.iter().map(|id| view.task(*id).expect("a live task in full")).collect(),
        ready: whole(&view.ready),
        timers: view.timers.shown.clone(),
        lock_holder: view.lock_holder,
        permit_holders: whole(&view.permit_holders),
        waiters: Primitive::ALL.map(|p| (p, whole(view.waiters.get(p)))).to_vec(),
        joins: view.joins.shown.clone(),
        workers: view.workers.clone(),
        requests: view.requests.shown.clone(),
        output: view.output.shown.clone(),
        globals: view.globals.clone(),
        lost_updates: view.lost_updates,
    }
}

/// The locals, the tasks on each line and the call graph, as a view holds them.
pub(crate) type Derived = (Window<(u32, &'static str, i64)>, Vec<(u32, Window<u32>)>, Window<CallTree>);

/// What the panels worked out from the full list of live `tasks`, the old way: the locals,
/// the tasks on each line, and the call graph's trees whose root awaits others.
pub(crate) fn derived(view: &StepView, tasks: &[TaskView]) -> Derived {
    fn all<T>(v: Vec<T>) -> Window<T> {
        Window { total: v.len(), shown: v }
    }
    let locals = all(tasks.iter().flat_map(|t| t.locals.iter().map(move |(n, v)| (t.id, *n, *v))).collect());
    let mut lines: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for t in tasks {
        lines.entry(t.line).or_default().push(t.id);
    }
    // The call graph as `call_graph` drew it from every live task.
    let live = |id: &u32| view.task(*id).is_some();
    let mut awaits: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut roots = Vec::new();
    for t in tasks {
        let mut awaited = false;
        for a in t.awaited_by.iter().filter(|a| live(a)) {
            awaits.entry(*a).or_default().push(t.id);
            awaited = true;
        }
        if !awaited {
            roots.push(t.id);
        }
    }
    fn tree(awaits: &BTreeMap<u32, Vec<u32>>, task: u32, path: &mut Vec<u32>) -> CallTree {
        let mut node = CallTree { task, awaits: Window::default() };
        if path.len() >= MAX_DEPTH {
            return node;
        }
        path.push(task);
        let ids: Vec<u32> = awaits.get(&task).into_iter().flatten().filter(|id| !path.contains(id)).copied().collect();
        let under: Vec<CallTree> = ids.into_iter().map(|id| tree(awaits, id, path)).collect();
        node.awaits = Window { total: under.len(), shown: under };
        path.pop();
        node
    }
    let trees = roots.into_iter().map(|id| tree(&awaits, id, &mut Vec::new())).filter(|t| !t.awaits.is_empty()).collect();
    (locals, lines.into_iter().map(|(line, ids)| (line, all(ids))).collect(), all(trees))
}
