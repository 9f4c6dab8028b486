//! The call graph at the playhead, the tree `python -m asyncio pstree` draws (CPython
//! 3.14): the root tasks — those no live task awaits — and under each task the tasks it
//! awaits (`await task`, the tasks it gathers, its TaskGroup's children), read from who
//! awaited each task at its latest suspension.

use std::collections::BTreeMap;

use super::StepView;

/// A task and, under it, the tasks it awaits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallTree {
    pub task: u32,
    /// The tasks it awaits, by id.
    pub awaits: Vec<CallTree>,
}

/// How deep a tree goes: a chain of tasks each awaiting the next deeper than this is cut
/// (it would not fit on a screen, and a tree walked without end would never return).
pub const MAX_DEPTH: usize = 64;

/// The call graph of the live tasks of `view`: one tree per root task, by id. A task that
/// awaits itself through others (which asyncio refuses) is drawn once per path, not forever.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{call_graph, Replay};
/// let s = find("gather").unwrap();
/// let run = run_virtual(s, &s.values([("mode", "concurrent"), ("tasks", "2")]).unwrap());
/// let replay = Replay::of(&run.report.trace);
/// // Some moment at which main() awaits its gathered tasks.
/// let graphs = (0..replay.len()).map(|k| call_graph(&replay.view(k)));
/// let gathered = graphs.filter(|g| g.len() == 1 && g[0].awaits.len() == 2).count();
/// assert!(gathered > 0);
/// ```
pub fn call_graph(view: &StepView) -> Vec<CallTree> {
    // Each live task's awaiters that are alive, and from them, per task, the tasks it awaits.
    let mut awaits: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut roots = Vec::new();
    for t in &view.tasks {
        let mut awaited = false;
        for a in t.awaited_by.iter().filter(|a| view.task(**a).is_some()) {
            awaits.entry(*a).or_default().push(t.id);
            awaited = true;
        }
        if !awaited {
            roots.push(t.id);
        }
    }
    roots.into_iter().map(|id| tree(&awaits, id, &mut Vec::new())).collect()
}

/// The tree under `task`; `path` holds the tasks above it.
fn tree(awaits: &BTreeMap<u32, Vec<u32>>, task: u32, path: &mut Vec<u32>) -> CallTree {
    let mut node = CallTree { task, awaits: Vec::new() };
    if path.len() >= MAX_DEPTH {
        return node;
    }
    path.push(task);
    for &id in awaits.get(&task).into_iter().flatten() {
        if !path.contains(&id) {
            node.awaits.push(tree(awaits, id, path));
        }
    }
    path.pop();
    node
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::every_case_run;
    use crate::teach::Replay;

    /// Every task in the trees, with how deep it is.
    fn flat(trees: &[CallTree], depth: usize, out: &mut Vec<(u32, usize)>) {
        for t in trees {
            out.push((t.task, depth));
            flat(&t.awaits, depth + 1, out);
        }
    }

    #[test]
    fn every_live_task_is_in_the_graph_under_each_task_awaiting_it() {
        for (s, case, run) in every_case_run() {
            let replay = Replay::of(&run.report.trace);
            for k in 0..replay.len() {
                let view = replay.view(k);
                let mut seen = Vec::new();
                flat(&call_graph(&view), 0, &mut seen);
                for t in &view.tasks {
                    let live_awaiters = t.awaited_by.iter().filter(|a| view.task(**a).is_some()).count();
                    let places = seen.iter().filter(|(id, _)| *id == t.id).count();
                    assert!(places >= live_awaiters.max(1), "{} {case} event {k}: Task-{} drawn {places} times, awaited by {live_awaiters}", s.id, t.id);
                    if live_awaiters == 0 {
                        assert!(seen.contains(&(t.id, 0)), "{} {case} event {k}: Task-{} awaited by nobody is a root", s.id, t.id);
                    }
                }
            }
        }
    }

    #[test]
    fn a_taskgroup_parent_is_the_root_over_its_children() {
        let s = crate::scenarios::find("taskgroup").unwrap();
        let run = crate::scenarios::run_virtual(s, &s.defaults());
        let replay = Replay::of(&run.report.trace);
        let deepest =
            (0..replay.len()).map(|k| call_graph(&replay.view(k))).find(|g| g.len() == 1 && g[0].awaits.len() >= 2).expect("a moment main() awaits its group");
        assert_eq!(deepest[0].task, 1);
        assert!(deepest[0].awaits.iter().all(|c| c.task > 1 && c.awaits.is_empty()));
    }
}
