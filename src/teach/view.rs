//! The playhead view: what the loop and its tasks look like right after event `k` of a
//! run — a pure function of the trace and `k`, read from the run's [`Replay`].
//!
//! It is what a debugger would show for asyncio: the task holding the loop, the ready
//! queue in order, the timers, who waits on which lock / semaphore / event / task, busy
//! workers, requests in flight, the output printed so far, the values the lesson is about
//! (with lost updates counted), the tasks on each program line and who awaits whom.
//!
//! A run can have thousands of live tasks, and no panel shows thousands of rows: every
//! list is a [`Window`] — its first [`WINDOW`] entries and how many there are — and a task
//! in full ([`StepView::task`]) is read from the replay's histories when a panel asks for
//! it. So a view costs the same whatever the number of live tasks (`Replay::view_with`
//! gives wider windows; the tests ask for every entry).

use super::replay::Histories;
use super::{ByPrimitive, CallTree, LaneState, Replay};
use crate::runtime::{EventKind, Trace, WaitOn};

/// How many entries of each list a view holds (a panel shows them and "and N more").
pub const WINDOW: usize = 12;

/// How many of the last printed lines a view holds.
pub const OUTPUT_LINES: usize = 200;

/// The first entries of a list at the playhead (for the output, the last ones), and how
/// many entries the whole list has.
#[derive(Clone, Debug, PartialEq)]
pub struct Window<T> {
    pub shown: Vec<T>,
    pub total: usize,
}

impl<T> Default for Window<T> {
    fn default() -> Self {
        Window { shown: Vec::new(), total: 0 }
    }
}

impl<T> Window<T> {
    /// The first `n` of `all` (an iterator of `total` entries).
    pub fn first(all: impl Iterator<Item = T>, total: usize, n: usize) -> Window<T> {
        Window { shown: all.take(n).collect(), total }
    }

    /// How many entries the whole list has.
    pub fn len(&self) -> usize {
        self.total
    }

    /// True when the whole list is empty.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The entries held.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.shown.iter()
    }

    /// How many entries of the list are not held ("and N more").
    pub fn more(&self) -> usize {
        self.total.saturating_sub(self.shown.len())
    }
}

/// A live task at the playhead.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskView {
    pub id: u32,
    /// `Task-3`.
    pub name: String,
    /// `fetch(2)`.
    pub label: String,
    /// The program line it is on (its `def` line before its first step; 0: not known).
    pub line: u32,
    pub state: LaneState,
    /// What it waits on, if it is suspended.
    pub waiting: Option<WaitOn>,
    /// Its await stack as calls, outermost first: `main()`, `sequential()`, `fetch(2)`.
    pub stack: Vec<String>,
    /// Its locals the lesson shows (`current = 0`).
    pub locals: Vec<(&'static str, i64)>,
    /// The tasks awaiting it, as its latest suspension recorded them (CPython 3.14's
    /// `capture_call_graph(task).awaited_by`): a task awaiting it, the task gathering it,
    /// its TaskGroup's parent.
    pub awaited_by: Vec<u32>,
}

/// A timer in the loop's heap.
#[derive(Clone, Debug, PartialEq)]
pub struct TimerView {
    /// Loop time it fires at.
    pub at: f64,
    pub task: u32,
    /// A timeout's deadline (it cancels the task) rather than a sleep (it wakes it).
    pub deadline: bool,
}

/// A global of the program the lesson is about.
#[derive(Clone, Debug, PartialEq)]
pub struct GlobalView {
    pub name: &'static str,
    pub value: i64,
    /// The task that wrote it last.
    pub writer: u32,
}

/// Everything shown at the playhead.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepView {
    /// The event the playhead is on.
    pub index: usize,
    pub t: f64,
    pub iter: u32,
    /// The task whose step is running (the one holding the loop), if any.
    pub running: Option<u32>,
    /// Live tasks (created, not finished), by id.
    pub tasks: Window<u32>,
    /// Task ids in the ready queue, first to run first.
    pub ready: Window<u32>,
    /// The timer heap, earliest first.
    pub timers: Window<TimerView>,
    /// The task holding `asyncio.Lock`.
    pub lock_holder: Option<u32>,
    /// Tasks holding a semaphore permit.
    pub permit_holders: Window<u32>,
    /// The tasks waiting on each primitive (the lock, a semaphore permit, an `asyncio.Event`),
    /// in the order they began to wait.
    pub waiters: ByPrimitive<Window<u32>>,
    /// (waiting task, what it awaits: a task, a gather, a TaskGroup), by task.
    pub joins: Window<(u32, WaitOn)>,
    /// (worker, task, job) for every busy worker.
    pub workers: Vec<(u32, u32, String)>,
    /// (task, url) for every request in flight, by task.
    pub requests: Window<(u32, String)>,
    /// The program's output so far: (time, task, line of text) — the last lines.
    pub output: Window<(f64, u32, String)>,
    /// The program's globals the lesson shows.
    pub globals: Vec<GlobalView>,
    /// Writes so far that overwrote another task's update (`counter` read before it was
    /// written by someone else).
    pub lost_updates: u32,
    /// The live tasks' locals the lesson shows: (task, name, value), by task.
    pub locals: Window<(u32, &'static str, i64)>,
    /// Per program line that live tasks are on, by line: those tasks, by id.
    pub lines: Vec<(u32, Window<u32>)>,
    /// The call graph: the trees whose root task awaits others (see [`CallTree`]).
    pub graph: Window<CallTree>,
    /// The replay it was read from, for the tasks asked for in full.
    pub(in crate::teach) histories: Histories,
}

impl StepView {
    /// The live task `id`, in full (read from the replay's histories: a search, not a scan).
    pub fn task(&self, id: u32) -> Option<TaskView> {
        self.histories.task(self.index, id)
    }

    /// The label of the live task `id` (`fetch(2)`).
    pub fn label(&self, id: u32) -> Option<&str> {
        self.histories.label(self.index, id)
    }

    /// The live tasks on program line `line`.
    pub fn on_line(&self, line: u32) -> Option<&Window<u32>> {
        let n = self.lines.binary_search_by_key(&line, |(l, _)| *l).ok()?;
        self.lines.get(n).map(|(_, w)| w)
    }
}

/// The view right after event `k` (clamped to the last event; the empty view for an empty
/// trace), for a one-off look: it replays the whole trace. A page that moves a playhead
/// keeps the [`Replay`] and asks it for each view.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{create_task, run, sleep};
/// use asyncio_playground::teach::step_view;
/// let report = run(async { let t = create_task(sleep(1.0)); sleep(0.5).await?; t.await });
/// let view = step_view(&report.trace, 3); // Task-1 suspended on its 0.5 s sleep
/// assert_eq!(view.ready.shown, vec![2]);
/// assert_eq!(view.timers.shown[0].at, 0.5);
/// ```
pub fn step_view(trace: &Trace, k: usize) -> StepView {
    Replay::of(trace).view(k)
}

/// The locals of a task's frame as one of its lines starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameLocals<'a> {
    /// The task.
    pub task: u32,
    /// The line whose start they are of.
    pub line: u32,
    /// `(name, short repr)`, as the run recorded them.
    pub locals: &'a [(String, String)],
}

/// The locals of the frame the running task is executing at event `k` — an own program's
/// line events carry them (`sys.settrace`'s frame, as the line starts), the scenarios' do
/// not — with the task and the line: what a debugger's frames panel shows. `None` when no
/// task is running there or its run recorded no locals.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{EventKind, Trace, TraceEvent};
/// use asyncio_playground::teach::frame_locals;
/// let ev = |kind| TraceEvent { t: 0.0, task: 1, line: 4, iter: 1, kind };
/// let trace = Trace {
///     events: vec![
///         ev(EventKind::Resumed(asyncio_playground::runtime::Resume::Start)),
///         ev(EventKind::Line { locals: Some(vec![("i".into(), "0".into())]) }),
///         ev(EventKind::Line { locals: None }), // the same locals
///     ],
///     ..Trace::default()
/// };
/// assert_eq!(frame_locals(&trace, 2).map(|f| (f.task, f.line, f.locals.len())), Some((1, 4, 1)));
/// assert_eq!(frame_locals(&trace, 0), None);
/// ```
pub fn frame_locals(trace: &Trace, k: usize) -> Option<FrameLocals<'_>> {
    let task = trace.events.get(k)?.task;
    if task == 0 {
        return None;
    }
    for e in trace.events[..=k].iter().rev().filter(|e| e.task == task) {
        match &e.kind {
            EventKind::Line { locals: Some(locals) } => return Some(FrameLocals { task, line: e.line, locals }),
            EventKind::Resumed(_) | EventKind::Suspended { .. } | EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::EventKind;
    use crate::scenarios::{find, run_virtual};
    use crate::teach::Primitive;

    fn lock_run(use_lock: &str) -> Trace {
        let s = find("lock").unwrap();
        let v = s.values([("workers", "3"), ("use_lock", use_lock)]).unwrap();
        run_virtual(s, &v).report.trace
    }

    #[test]
    fn an_unlocked_counter_loses_every_update_but_the_last_and_the_view_counts_them() {
        let trace = lock_run("false");
        let end = step_view(&trace, usize::MAX);
        assert_eq!(end.globals, vec![GlobalView { name: "counter", value: 1, writer: 4 }]);
        assert_eq!(end.lost_updates, 2, "three tasks wrote 1: two updates lost");
        assert_eq!(end.output.shown.last().map(|o| o.2.as_str()), Some("1"));
    }

    #[test]
    fn with_the_lock_the_waiters_queue_behind_the_holder() {
        let trace = lock_run("true");
        // The first moment a task waits for the lock.
        let k = trace.events.iter().position(|e| matches!(&e.kind, EventKind::Suspended { on: WaitOn::Lock, .. })).unwrap();
        let view = step_view(&trace, k);
        assert_eq!(view.lock_holder, Some(2));
        assert_eq!(view.waiters.get(Primitive::Lock).shown, vec![3]);
        assert_eq!(view.task(3).unwrap().state, LaneState::WaitingLock);
        let end = step_view(&trace, usize::MAX);
        assert_eq!(end.lost_updates, 0);
        assert_eq!(end.globals[0].value, 3);
    }

    #[test]
    fn a_big_run_shows_a_window_of_each_list_and_counts_the_rest() {
        let s = find("lock").unwrap();
        let trace = run_virtual(s, &s.values([("workers", "40"), ("use_lock", "true")]).unwrap()).report.trace;
        let replay = Replay::of(&trace);
        // The moment most tasks wait for the lock.
        let k = (0..replay.len()).max_by_key(|&k| replay.view(k).waiters.get(Primitive::Lock).len()).unwrap();
        let (view, all) = (replay.view(k), replay.view_with(k, usize::MAX));
        let (waiting, all_waiting) = (view.waiters.get(Primitive::Lock), all.waiters.get(Primitive::Lock));
        assert!(waiting.len() > WINDOW, "{} waiters", waiting.len());
        assert_eq!(waiting.shown, all_waiting.shown[..WINDOW]);
        assert_eq!(waiting.more(), all_waiting.len() - WINDOW);
        assert_eq!((view.tasks.len(), view.tasks.shown.len()), (all.tasks.shown.len(), WINDOW));
        // Every live task is on some line; each line shows at most a window of them.
        assert_eq!(view.lines.iter().map(|(_, w)| w.len()).sum::<usize>(), view.tasks.len());
        assert!(view.lines.iter().all(|(_, w)| w.shown.len() <= WINDOW));
        // main() awaits the gathered workers: a window of them under it, the rest counted.
        let main = &view.graph.shown[0];
        assert_eq!((main.task, main.awaits.shown.len(), main.awaits.len()), (1, WINDOW, view.tasks.len() - 1));
        // Any live task in full, on demand; a finished one is not live.
        let last = *all.tasks.shown.last().unwrap();
        assert_eq!(view.task(last).map(|t| t.id), Some(last));
        let end = replay.view(usize::MAX);
        assert!(end.task(2).is_none() && end.label(2).is_none(), "every task finished");
    }

    #[test]
    fn each_task_is_on_the_line_of_its_last_event_with_its_await_stack() {
        let s = find("gather").unwrap();
        let trace = run_virtual(s, &s.values([("tasks", "2")]).unwrap()).report.trace;
        let src = s.source(&s.values([("tasks", "2")]).unwrap());
        let k = trace.events.iter().position(|e| e.kind.name() == "suspend").unwrap();
        let view = step_view(&trace, k);
        let main = view.task(1).unwrap();
        assert_eq!(main.stack, vec!["main()", "sequential()", "fetch(0)"]);
        assert_eq!(src.line_text(main.line), "await asyncio.sleep(1)");
        assert_eq!(view.timers.shown, vec![TimerView { at: 1.0, task: 1, deadline: false }]);
        assert_eq!(view.running, None);
    }

    #[test]
    fn a_timeout_shows_its_deadline_until_it_fires() {
        let s = find("timeout").unwrap();
        let trace = run_virtual(s, &s.defaults()).report.trace;
        let k = trace.events.iter().position(|e| matches!(e.kind, EventKind::Deadline { .. })).unwrap();
        let armed = step_view(&trace, k + 2);
        assert!(armed.timers.iter().any(|t| t.deadline && t.at == 2.0), "{:?}", armed.timers);
        let fired = trace.events.iter().position(|e| matches!(e.kind, EventKind::CancelRequested { by: None })).unwrap();
        assert!(step_view(&trace, fired).timers.iter().all(|t| !t.deadline));
    }
}
