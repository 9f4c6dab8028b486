//! The call graph at the playhead, the tree `python -m asyncio pstree` draws (CPython
//! 3.14): the root tasks — those no live task awaits — that await others, and under each
//! task the tasks it awaits (`await task`, the tasks it gathers, its TaskGroup's
//! children), read from who awaited each task at its latest suspension. The replay keeps
//! who awaits whom at the playhead ([`StepView::graph`](super::StepView::graph)); this
//! draws the trees from it, a window of each level.

use std::collections::{BTreeMap, BTreeSet};

use super::Window;

/// A task and, under it, the tasks it awaits.
#[derive(Clone, Debug, PartialEq)]
pub struct CallTree {
    pub task: u32,
    /// The tasks it awaits, by id.
    pub awaits: Window<CallTree>,
}

/// How deep a tree goes: a chain of tasks each awaiting the next deeper than this is cut
/// (it would not fit on a screen, and a tree walked without end would never return).
pub const MAX_DEPTH: usize = 64;

/// The tree under `task`, `awaits` giving each live task the live tasks it awaits, by id;
/// the first `n` of each level, each over its own. A task that awaits itself through
/// others (which asyncio refuses) is drawn once per path, not forever.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::Replay;
/// let s = find("gather").unwrap();
/// let run = run_virtual(s, &s.values([("mode", "concurrent"), ("tasks", "2")]).unwrap());
/// let replay = Replay::of(&run.report.trace);
/// // Some moment at which main() awaits its gathered tasks.
/// let gathered = (0..replay.len()).filter(|&k| {
///     let graph = replay.view(k).graph;
///     graph.len() == 1 && graph.shown[0].awaits.len() == 2
/// });
/// assert!(gathered.count() > 0);
/// ```
pub(super) fn tree(awaits: &BTreeMap<u32, BTreeSet<u32>>, task: u32, n: usize) -> CallTree {
    walk(awaits, task, n, &mut Vec::new())
}

/// [`tree`], `path` holding the tasks above `task`.
fn walk(awaits: &BTreeMap<u32, BTreeSet<u32>>, task: u32, n: usize, path: &mut Vec<u32>) -> CallTree {
    let mut node = CallTree { task, awaits: Window::default() };
    if path.len() >= MAX_DEPTH {
        return node;
    }
    path.push(task);
    if let Some(under) = awaits.get(&task) {
        node.awaits.total = under.len() - path.iter().filter(|id| under.contains(id)).count();
        for &id in under {
            if node.awaits.shown.len() >= n {
                break;
            }
            if !path.contains(&id) {
                let below = walk(awaits, id, n, path);
                node.awaits.shown.push(below);
            }
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
            flat(&t.awaits.shown, depth + 1, out);
        }
    }

    #[test]
    fn every_live_task_is_in_the_graph_under_each_task_awaiting_it() {
        for (s, case, run) in every_case_run() {
            let replay = Replay::of(&run.report.trace);
            for k in 0..replay.len() {
                let view = replay.view_with(k, usize::MAX);
                let mut seen = Vec::new();
                flat(&view.graph.shown, 0, &mut seen);
                let tasks: Vec<_> = view.tasks.iter().filter_map(|id| view.task(*id)).collect();
                for t in &tasks {
                    let live_awaiters = t.awaited_by.iter().filter(|a| view.task(**a).is_some()).count();
                    let awaits_some = tasks.iter().any(|u| u.awaited_by.contains(&t.id));
                    let places = seen.iter().filter(|(id, _)| *id == t.id).count();
                    if live_awaiters > 0 || awaits_some {
                        assert!(places >= live_awaiters.max(1), "{} {case} event {k}: Task-{} drawn {places} times, awaited by {live_awaiters}", s.id, t.id);
                    }
                    if live_awaiters == 0 && awaits_some {
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
            (0..replay.len()).map(|k| replay.view(k).graph).find(|g| g.len() == 1 && g.shown[0].awaits.len() >= 2).expect("a moment main() awaits its group");
        assert_eq!(deepest.shown[0].task, 1);
        assert!(deepest.shown[0].awaits.iter().all(|c| c.task > 1 && c.awaits.is_empty()));
    }

    /// The tasks under `task` in the graph at `k`.
    fn under(replay: &Replay, k: usize, task: u32) -> Vec<u32> {
        let graph = replay.view_with(k, usize::MAX).graph;
        graph.shown.iter().find(|t| t.task == task).map(|t| t.awaits.iter().map(|c| c.task).collect()).unwrap_or_default()
    }

    /// Whether task `id` has begun a step by event `k`.
    fn started(trace: &crate::runtime::Trace, k: usize, id: u32) -> bool {
        trace.events[..=k].iter().any(|e| e.task == id && matches!(e.kind, crate::runtime::EventKind::Resumed(_)))
    }

    #[test]
    fn gathered_tasks_are_under_their_gatherer_before_their_first_step() {
        use crate::runtime::{EventKind, WaitOn};
        let s = crate::scenarios::find("gather").unwrap();
        let run = crate::scenarios::run_virtual(s, &s.values([("mode", "concurrent"), ("tasks", "3")]).unwrap());
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        let k = trace.events.iter().position(|e| e.task == 1 && matches!(e.kind, EventKind::Suspended { on: WaitOn::Gather, .. })).unwrap();
        assert!(!(2..=4).any(|id| started(trace, k, id)), "the children have not begun yet");
        assert_eq!(under(&replay, k, 1), [2, 3, 4], "CPython 3.14: gather() adds main() as each child's waiter");
        // Made by create_task(), they are awaited by nobody until the gather: as in CPython.
        let created = trace.events.iter().rposition(|e| e.task == 4 && matches!(e.kind, EventKind::Created { .. })).unwrap();
        assert_eq!(under(&replay, created, 1), Vec::<u32>::new());
        // gather() of coroutines makes the tasks itself and is their waiter from the start.
        let s = crate::scenarios::find("lock").unwrap();
        let run = crate::scenarios::run_virtual(s, &s.values([("workers", "3")]).unwrap());
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        let last = trace.events.iter().rposition(|e| matches!(e.kind, EventKind::Created { parent: Some(1), .. })).unwrap();
        assert!(!(2..=4).any(|id| started(trace, last, id)));
        assert_eq!(under(&replay, last, 1), [2, 3, 4], "each gathered coroutine's task, from its creation");
    }

    #[test]
    fn a_taskgroups_children_are_under_its_parent_from_their_creation() {
        use crate::runtime::EventKind;
        let s = crate::scenarios::find("taskgroup").unwrap();
        let run = crate::scenarios::run_virtual(s, &s.defaults());
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        let mut children = Vec::new();
        for (k, e) in trace.events.iter().enumerate() {
            if let EventKind::Created { parent: Some(1), .. } = e.kind {
                children.push(e.task);
                if !started(trace, k, e.task) {
                    let shown = under(&replay, k, 1);
                    let live: Vec<u32> = children.iter().copied().filter(|c| replay.view_with(k, usize::MAX).task(*c).is_some()).collect();
                    assert_eq!(shown, live, "event {k}: every live child created so far is under Task-1");
                }
            }
        }
        assert!(children.len() >= 2, "the lesson's group has children: {children:?}");
    }

    #[test]
    fn a_level_holds_a_window_of_the_tasks_it_awaits_and_counts_them_all() {
        let awaits: BTreeMap<u32, BTreeSet<u32>> = [(1, (2..=30).collect()), (2, [1, 31].into_iter().collect())].into_iter().collect();
        let t = tree(&awaits, 1, 3);
        assert_eq!((t.awaits.len(), t.awaits.shown.len()), (29, 3));
        // Task-2 awaits Task-1 (above it: not drawn again) and Task-31.
        assert_eq!(t.awaits.shown[0].awaits.total, 1);
        assert_eq!(t.awaits.shown[0].awaits.shown[0].task, 31);
    }
}
