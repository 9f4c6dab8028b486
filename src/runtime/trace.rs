//! Lifecycle events: what every task did, when, where in its program, and why.
//!
//! The executor records a [`TraceEvent`] at each step of a task's life — created, queued to
//! run (and by whom), resumed, suspended (on what), cancel requested, done / failed /
//! cancelled — plus the program's own `print` lines, blocking calls, lock and semaphore
//! hand-overs, timeout deadlines and the values a scenario shows. Each event carries the
//! loop time, the loop iteration it happened in (CPython's `_run_once`, counted from 1; 0
//! before the first) and the line of the simulated Python program the task was on.
//! Recording is a push onto a `Vec`, cheap enough to leave on. The run-result JSON, the
//! timeline, the step-through view and the Chrome Trace export are all views of this list.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// What a suspended task is waiting for.
///
/// In run-results it is `on` (its [`word`](WaitOn::word)) and its one field, if it has one:
/// `{"on": "sleep", "until": 1.5}`, `{"on": "join", "target": 3}`, `{"on": "lock"}` — the
/// loadable form of a `suspend` event carries these keys among its own. A new wait state is
/// a variant here, its arm in `word` and `Display`, and (if it carries data) its one field.
///
/// # Examples
///
/// ```
/// use asyncio_playground::runtime::WaitOn;
/// let join = WaitOn::Join { task: 3 };
/// assert_eq!(serde_json::to_value(&join).unwrap(), serde_json::json!({"on": "join", "target": 3}));
/// assert_eq!(serde_json::from_value::<WaitOn>(serde_json::json!({"on": "join", "target": 3})).unwrap(), join);
/// assert!(serde_json::from_value::<WaitOn>(serde_json::json!({"on": "sleep"})).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "on", rename_all = "lowercase", deny_unknown_fields)]
pub enum WaitOn {
    /// `asyncio.sleep`, until loop time `until`.
    Sleep {
        /// The loop time it wakes at.
        until: f64,
    },
    /// `sleep(0)`: a bare yield, one loop iteration.
    Yield,
    /// `Lock.acquire()`.
    Lock,
    /// `Semaphore.acquire()`.
    Semaphore,
    /// `Event.wait()`.
    Event,
    /// Awaiting another task (task id; `target` in run-results).
    Join {
        /// The awaited task's id.
        #[serde(rename = "target")]
        task: u32,
    },
    /// `gather(...)`.
    Gather,
    /// The end of an `async with TaskGroup()` block, waiting for its children.
    TaskGroup,
    /// `to_thread(...)`: a job in a worker.
    Worker {
        /// The job, as Python writes it.
        job: String,
    },
    /// A `fetch()` of `url`.
    Fetch {
        /// The URL requested.
        url: String,
    },
    /// Any other future.
    Future,
}

impl WaitOn {
    /// One of each wait state, for the tests that go through every one (the match makes a new
    /// variant a compile error here until it is listed in the `vec!` above it).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// assert!(WaitOn::one_of_each().contains(&WaitOn::Lock));
    /// ```
    #[doc(hidden)]
    pub fn one_of_each() -> Vec<WaitOn> {
        let every = vec![
            WaitOn::Sleep { until: 1.5 },
            WaitOn::Yield,
            WaitOn::Lock,
            WaitOn::Semaphore,
            WaitOn::Event,
            WaitOn::Join { task: 3 },
            WaitOn::Gather,
            WaitOn::TaskGroup,
            WaitOn::Worker { job: "crunch(2)".into() },
            WaitOn::Fetch { url: "https://example.com".into() },
            WaitOn::Future,
        ];
        for on in &every {
            match on {
                WaitOn::Sleep { .. }
                | WaitOn::Yield
                | WaitOn::Lock
                | WaitOn::Semaphore
                | WaitOn::Event
                | WaitOn::Join { .. }
                | WaitOn::Gather
                | WaitOn::TaskGroup
                | WaitOn::Worker { .. }
                | WaitOn::Fetch { .. }
                | WaitOn::Future => {}
            }
        }
        every
    }

    /// Its name in run-results (the `on` of a `suspend` event): `sleep`, `lock`, `taskgroup`…
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// assert_eq!(WaitOn::Sleep { until: 1.0 }.word(), "sleep");
    /// assert_eq!(WaitOn::TaskGroup.word(), "taskgroup");
    /// ```
    pub fn word(&self) -> &'static str {
        match self {
            WaitOn::Sleep { .. } => "sleep",
            WaitOn::Yield => "yield",
            WaitOn::Lock => "lock",
            WaitOn::Semaphore => "semaphore",
            WaitOn::Event => "event",
            WaitOn::Join { .. } => "join",
            WaitOn::Gather => "gather",
            WaitOn::TaskGroup => "taskgroup",
            WaitOn::Worker { .. } => "worker",
            WaitOn::Fetch { .. } => "fetch",
            WaitOn::Future => "future",
        }
    }
}

impl fmt::Display for WaitOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WaitOn::Sleep { until } => write!(f, "sleep until {}", fmt_secs(*until)),
            WaitOn::Yield => f.write_str("sleep(0)"),
            WaitOn::Lock => f.write_str("lock"),
            WaitOn::Semaphore => f.write_str("semaphore"),
            WaitOn::Event => f.write_str("event"),
            WaitOn::Join { task } => write!(f, "join task {task}"),
            WaitOn::Gather => f.write_str("gather"),
            WaitOn::TaskGroup => f.write_str("task group"),
            WaitOn::Worker { job } => write!(f, "worker: {job}"),
            WaitOn::Fetch { url } => write!(f, "fetch {url}"),
            WaitOn::Future => f.write_str("future"),
        }
    }
}

/// Why a task step started.
#[derive(Clone, Debug, PartialEq)]
pub enum Resume {
    /// The task's first step.
    Start,
    /// After a bare yield (`sleep(0)`).
    Yield,
    /// The awaited future finished; `by` is the task that finished it (`None`: a timer or
    /// the loop itself).
    Woken {
        /// The task that finished the future (`None`: a timer or the loop).
        by: Option<u32>,
    },
    /// A cancellation is delivered without a future to wake it (it was ready anyway).
    Cancel,
}

/// A synchronisation primitive whose hand-overs are recorded (`lock` or `semaphore` in
/// run-results).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Prim {
    /// `asyncio.Lock`.
    Lock,
    /// `asyncio.Semaphore`.
    Semaphore,
}

impl Prim {
    /// `lock` or `semaphore`.
    pub fn name(self) -> &'static str {
        match self {
            Prim::Lock => "lock",
            Prim::Semaphore => "semaphore",
        }
    }
}

/// One kind of lifecycle event.
#[derive(Clone, Debug, PartialEq)]
pub enum EventKind {
    /// The task was created (by `parent`, or by the loop / `asyncio.run`); its first step is
    /// queued.
    Created {
        /// The creating task (`None`: the loop or `asyncio.run`).
        parent: Option<u32>,
        /// The tasks awaiting it once its creation is settled (ids, in creation order):
        /// `gather()`, `TaskGroup.create_task()`, `shield()` and `wait()` add the waiter
        /// right after creating it, so this is CPython 3.14's
        /// `capture_call_graph(task).awaited_by` at the next event that is not a creation
        /// (filled in by the loop then) — the call graph has the task before its first step.
        awaited_by: Vec<u32>,
    },
    /// The task's wake-up joined the ready queue: the future it awaited is done (set by
    /// task `by`, or by a timer or the loop when `None`).
    Wake {
        /// The task that set the future (`None`: a timer or the loop).
        by: Option<u32>,
    },
    /// A step of the task began.
    Resumed(Resume),
    /// The step ended at an await point: the task waits on `on` (a bare yield is queued
    /// again at once). `stack` names its await stack in [`Trace::stacks`] (0: only the
    /// task's own coroutine).
    Suspended {
        /// What the task waits on.
        on: WaitOn,
        /// Its await stack: an index into [`Trace::stacks`].
        stack: u32,
        /// The tasks awaiting this one at that moment (ids, in creation order): a task that
        /// awaits it, the task that gathers it, its TaskGroup's parent — CPython 3.14's
        /// `capture_call_graph(task).awaited_by` (filled in by the loop when recorded).
        awaited_by: Vec<u32>,
        /// The tasks that have not begun a step and whose waiters changed since the last
        /// suspension, each with its waiters now (ids, in creation order) — `await task`,
        /// or `gather()` of tasks made by `create_task()`: the call graph has them before
        /// their first step. (A task created since the last event that was not a creation
        /// is left out: its `Created` event carries its waiters.)
        unstarted: Vec<(u32, Vec<u32>)>,
    },
    /// `task.cancel()` was called on the task (by task `by`, or by the loop / a timeout).
    CancelRequested {
        /// The cancelling task (`None`: a timer, a timeout or the loop).
        by: Option<u32>,
    },
    /// The task returned.
    Done {
        /// What it returned, when a run records it ("" when not recorded).
        result: String,
    },
    /// The task raised.
    Failed {
        /// The exception, as `Type: message` (a group lists its members).
        error: String,
    },
    /// The task ended with `CancelledError`.
    Cancelled,
    /// A line the program printed.
    Print(String),
    /// A blocking call held the loop's thread for `secs`.
    Blocked {
        /// How long, in seconds.
        secs: f64,
        /// The call, e.g. `time.sleep`.
        what: String,
    },
    /// The task sent a request through a stand-in of an HTTP client (an own program's
    /// `aiohttp` or `requests`): the call as Python writes it, its URL, and the time limit
    /// the request has of its own.
    Request {
        /// The call, `session.get` or `requests.get`.
        what: String,
        /// The URL requested.
        url: String,
        /// Its own time limit, in seconds: its `timeout=`, or its session's (`None`: none
        /// given — `requests` waits for ever, aiohttp for its default 5 minutes).
        limit: Option<f64>,
        /// True when it is made under a deadline: an `asyncio.timeout` (or `wait_for`) of its
        /// task, or of a task that created it, still open.
        guarded: bool,
    },
    /// A `to_thread` job started on worker `worker` (1-based) for this task.
    JobStart {
        /// The worker, 1-based.
        worker: u32,
        /// The job, as Python writes it.
        job: String,
    },
    /// That job ended (`ok`: it returned rather than raised).
    JobEnd {
        /// The worker, 1-based.
        worker: u32,
        /// True if the job returned, false if it raised.
        ok: bool,
    },
    /// A problem asyncio reports through the loop's exception handler, e.g. "Task exception
    /// was never retrieved" or "coroutine was never awaited".
    Warning(String),
    /// The task took the lock, or a semaphore permit.
    Acquire(Prim),
    /// The task gave the lock, or a permit, back.
    Release(Prim),
    /// The task set an `asyncio.Event`, waking its waiters.
    EventSet,
    /// A timeout armed for the task (`asyncio.timeout`, `wait_for`): at loop time `at` the
    /// loop cancels it.
    Deadline {
        /// The loop time at which the loop cancels the task.
        at: f64,
    },
    /// The task's timeout block ended: its deadline timer is cancelled (or has fired).
    DeadlineOff,
    /// The task started executing the event's line (what `sys.settrace` reports as a `line`
    /// event in the program's own frames; a line equal to the task's previous one is not
    /// recorded again).
    Line {
        /// The locals of the frame running it, as `(name, short repr)`, when they differ from
        /// those of the task's previous line in this step (`None`: the same; an own program's
        /// runs record them, the scenarios' do not).
        locals: Option<Vec<(String, String)>>,
    },
    /// A coroutine function of the program returned, at the event's line.
    Return {
        /// The function, `fetch`.
        func: Cow<'static, str>,
        /// A short repr of what it returned, `0`.
        value: String,
    },
    /// An exception was thrown into, raised in, or propagated through a program frame at the
    /// event's line.
    Exception {
        /// Its type, `CancelledError`.
        ty: Cow<'static, str>,
        /// The next line that frame executed — the `except` or `except*` clause, the
        /// `finally`, the `async with` whose exit turned it into another exception — or 0 when
        /// it propagated out of the frame.
        handled: u32,
    },
    /// A value the lesson is about changed: a global of the program (`counter`), or a local
    /// of the task (`current`).
    Var {
        /// The variable's name in the program, one of [`LESSON_VARS`].
        name: &'static str,
        /// Its new value.
        value: i64,
        /// True for a global of the program, false for a local of the task.
        global: bool,
    },
}

impl EventKind {
    /// The event's kind as a short word (the `kind` field of the run-result JSON).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Created { .. } => "create",
            EventKind::Wake { .. } => "wake",
            EventKind::Resumed(_) => "step",
            EventKind::Suspended { .. } => "suspend",
            EventKind::CancelRequested { .. } => "cancel",
            EventKind::Done { .. } => "done",
            EventKind::Failed { .. } => "failed",
            EventKind::Cancelled => "cancelled",
            EventKind::Print(_) => "print",
            EventKind::Blocked { .. } => "blocked",
            EventKind::Request { .. } => "request",
            EventKind::JobStart { .. } => "job-start",
            EventKind::JobEnd { .. } => "job-end",
            EventKind::Warning(_) => "warning",
            EventKind::Acquire(_) => "acquire",
            EventKind::Release(_) => "release",
            EventKind::EventSet => "event-set",
            EventKind::Deadline { .. } => "deadline",
            EventKind::DeadlineOff => "deadline-off",
            EventKind::Var { .. } => "var",
            EventKind::Line { .. } => "line",
            EventKind::Return { .. } => "return",
            EventKind::Exception { .. } => "exception",
        }
    }
}

/// The variables the lessons show (the names [`crate::runtime::var`] records): a run read
/// back from JSON takes its `var` events' names from this list, so that every name stays
/// the program's own `&'static str`.
pub const LESSON_VARS: &[&str] = &["counter", "current"];

/// How a task ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaskEnd {
    /// It returned.
    Done,
    /// It raised.
    Failed,
    /// It ended with `CancelledError`.
    Cancelled,
}

impl TaskEnd {
    /// The end an event records (`None` for the events that end nothing).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{EventKind, TaskEnd};
    /// assert_eq!(TaskEnd::of(&EventKind::Cancelled), Some(TaskEnd::Cancelled));
    /// assert_eq!(TaskEnd::of(&EventKind::EventSet), None);
    /// ```
    pub fn of(kind: &EventKind) -> Option<TaskEnd> {
        match kind {
            EventKind::Done { .. } => Some(TaskEnd::Done),
            EventKind::Failed { .. } => Some(TaskEnd::Failed),
            EventKind::Cancelled => Some(TaskEnd::Cancelled),
            _ => None,
        }
    }

    /// The end's word, as the run-result's event kinds spell it: `done`, `failed`, `cancelled`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::TaskEnd;
    /// assert_eq!(TaskEnd::Failed.word(), "failed");
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            TaskEnd::Done => "done",
            TaskEnd::Failed => "failed",
            TaskEnd::Cancelled => "cancelled",
        }
    }
}

/// One recorded event.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEvent {
    /// Loop time, in seconds.
    pub t: f64,
    /// The task id (0: no task, the loop itself).
    pub task: u32,
    /// The line of the simulated Python program the task is on (0: not known). For
    /// `create`, the line that created the task; for the others, the innermost frame of the
    /// task's await chain that belongs to the program.
    pub line: u32,
    /// The loop iteration the event happened in (counted from 1; 0 before the first).
    pub iter: u32,
    /// What happened.
    pub kind: EventKind,
}

/// A task as the trace knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskInfo {
    /// The task's number: `Task-{id}`, counted from 1 in creation order.
    pub id: u32,
    /// What it runs, e.g. `fetch(3)`.
    pub label: String,
    /// The name of the coroutine function it runs (`fetch`), "" if not known (a run read
    /// back from JSON owns its names; the executor's are the program's own).
    pub func: Cow<'static, str>,
    /// The line of that function's `def` (0: not known): where the task starts.
    pub line: u32,
}

impl TaskInfo {
    /// asyncio's default name: `Task-1`, `Task-2`, … (made when asked for, not per task).
    pub fn name(&self) -> String {
        task_name(self.id)
    }
}

/// asyncio's default name of task `id`: `Task-3`.
pub fn task_name(id: u32) -> String {
    format!("Task-{id}")
}

/// A coroutine awaited inline inside a task (`await sequential()` in `main()`): one entry
/// of an await stack.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StackFrame {
    /// The function's name, `sequential`.
    pub func: Cow<'static, str>,
    /// The call as shown, `sequential()` or `fetch(2)`.
    pub call: String,
}

/// Everything a run recorded.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Every event, in the order it happened.
    pub events: Vec<TraceEvent>,
    /// Every task, in creation order (`tasks[id - 1]`).
    pub tasks: Vec<TaskInfo>,
    /// Await stacks below a task's own coroutine, outermost first; `Suspended::stack` is an
    /// index here, and entry 0 is the empty stack.
    pub stacks: Vec<Vec<StackFrame>>,
}

impl Trace {
    /// The name of task `id` (`""` for the loop).
    pub fn task_name(&self, id: u32) -> String {
        self.task(id).map_or(String::new(), TaskInfo::name)
    }

    /// The task with this id.
    pub fn task(&self, id: u32) -> Option<&TaskInfo> {
        id.checked_sub(1).and_then(|i| self.tasks.get(i as usize))
    }

    /// The await stack of task `task` as calls, outermost first: `main()`, `sequential()`,
    /// `fetch(2)`.
    pub fn stack_calls(&self, task: u32, stack: u32) -> Vec<String> {
        let own = self.task(task).map(|t| t.label.clone()).into_iter();
        let inner = self.stacks.get(stack as usize).into_iter().flatten().map(|f| f.call.clone());
        own.chain(inner).collect()
    }

    /// The await stack as function names joined with ` > ` (`main > sequential > fetch`),
    /// the form the CPython harness reports.
    pub fn stack_funcs(&self, task: u32, stack: u32) -> String {
        let own = self.task(task).map(|t| &*t.func).into_iter();
        let inner = self.stacks.get(stack as usize).into_iter().flatten().map(|f| &*f.func);
        own.chain(inner).filter(|f| !f.is_empty()).collect::<Vec<_>>().join(" > ")
    }

    /// A one-line human description of an event's detail.
    pub fn detail(&self, kind: &EventKind) -> String {
        let who = |by: &Option<u32>| by.map_or("the loop".to_string(), |id| self.task_name(id));
        match kind {
            EventKind::Created { parent, .. } => parent.map_or(String::new(), |p| format!("by {}", self.task_name(p))),
            EventKind::Wake { by } => format!("woken by {}", who(by)),
            EventKind::Resumed(Resume::Start) => "first step".into(),
            EventKind::Resumed(Resume::Yield) => "after sleep(0)".into(),
            EventKind::Resumed(Resume::Woken { by }) => format!("woken by {}", who(by)),
            EventKind::Resumed(Resume::Cancel) => "to deliver CancelledError".into(),
            EventKind::Suspended { on, .. } => match on {
                WaitOn::Join { task } => format!("join {}", self.task_name(*task)),
                other => other.to_string(),
            },
            EventKind::CancelRequested { by } => format!("by {}", who(by)),
            EventKind::Done { result } => result.clone(),
            EventKind::Failed { error } => error.clone(),
            EventKind::Cancelled => String::new(),
            EventKind::Print(line) => line.clone(),
            EventKind::Blocked { secs, what } => format!("{what} for {}", fmt_secs(*secs)),
            EventKind::Request { what, url, limit: Some(limit), .. } => format!("{what}({url}) with a timeout of {}", fmt_secs(*limit)),
            EventKind::Request { what, url, limit: None, guarded: true } => format!("{what}({url}) under a deadline"),
            EventKind::Request { what, url, limit: None, guarded: false } => format!("{what}({url}) without a timeout"),
            EventKind::JobStart { worker, job } => format!("{job} on worker {worker}"),
            EventKind::JobEnd { worker, ok } => format!("worker {worker} {}", if *ok { "returned" } else { "raised" }),
            EventKind::Warning(message) => message.clone(),
            EventKind::Acquire(prim) => format!("took the {}", prim.name()),
            EventKind::Release(prim) => format!("released the {}", prim.name()),
            EventKind::EventSet => "set the event".into(),
            EventKind::Deadline { at } => format!("cancelled at {} unless done", fmt_secs(*at)),
            EventKind::DeadlineOff => "timeout block left".into(),
            EventKind::Var { name, value, .. } => format!("{name} = {value}"),
            EventKind::Line { .. } => String::new(),
            EventKind::Return { func, value } => format!("{func} -> {value}"),
            EventKind::Exception { ty, handled: 0 } => ty.to_string(),
            EventKind::Exception { ty, handled } => format!("{ty} -> {handled}"),
        }
    }
}

/// Seconds for people: `1`, `0.5`, `2.25 s` style without trailing zeros (`1.000` → `1 s`).
pub fn fmt_secs(t: f64) -> String {
    let s = format!("{:.6}", t);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} s")
}

/// One event as the CPython harness reports it, for the kinds both sides record
/// (`create`, `step`, `suspend`, `done`, `failed`, `cancelled`, `print`, and the line
/// tracing's `line`, `return` and `exception`).
#[derive(Clone, Debug, PartialEq)]
pub struct ComparableEvent {
    /// Loop time, in seconds.
    pub t: f64,
    /// `Task-N`, or "" for the loop.
    pub task: String,
    /// The event's name: `create`, `step`, `suspend`, `done`, `failed`, `cancelled`, `print`,
    /// `line`, `return`, `exception`.
    pub kind: &'static str,
    /// `failed`: the exception; `print`: the line printed; `suspend`: the await stack as
    /// function names; `return`: `func -> value`; `exception`: `Type -> handler line` (or
    /// `Type` when it propagated out); otherwise "".
    pub detail: String,
    /// The program line (0: none).
    pub line: u32,
    /// The loop iteration.
    pub iter: u32,
}

impl Trace {
    /// The events the CPython harness also records, in the harness's format. `done` carries
    /// no detail (results are compared through the programs' prints).
    pub fn comparable(&self) -> Vec<ComparableEvent> {
        self.events
            .iter()
            .filter_map(|e| {
                let detail = match &e.kind {
                    EventKind::Created { .. } | EventKind::Resumed(_) | EventKind::Done { .. } | EventKind::Cancelled => String::new(),
                    EventKind::Suspended { stack, .. } => self.stack_funcs(e.task, *stack),
                    EventKind::Failed { error } => error.clone(),
                    EventKind::Print(line) => line.clone(),
                    kind @ (EventKind::Line { .. } | EventKind::Return { .. } | EventKind::Exception { .. }) => self.detail(kind),
                    _ => return None,
                };
                Some(ComparableEvent { t: e.t, task: self.task_name(e.task), kind: e.kind.name(), detail, line: e.line, iter: e.iter })
            })
            .collect()
    }

    /// The program's printed lines as `t: text`, for quick assertions.
    pub fn prints(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Print(line) => Some(format!("{}: {line}", e.t)),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::WaitOn;

    #[test]
    fn a_wait_is_written_as_its_word_and_its_one_field_and_read_back() {
        for on in WaitOn::one_of_each() {
            let json = serde_json::to_value(&on).unwrap();
            let keys = json.as_object().map_or(0, serde_json::Map::len);
            assert_eq!((json["on"].as_str(), keys <= 2), (Some(on.word()), true), "{json}");
            assert_eq!(serde_json::from_value::<WaitOn>(json).unwrap(), on);
        }
    }

    #[test]
    fn a_wait_with_a_field_it_does_not_take_or_without_the_one_it_needs_is_refused() {
        let refused = |json: serde_json::Value| serde_json::from_value::<WaitOn>(json).unwrap_err().to_string();
        assert_eq!(refused(serde_json::json!({"on": "sleep"})), "missing field `until`");
        assert!(refused(serde_json::json!({"on": "join", "task": 3})).starts_with("unknown field `task`, expected `target`"));
        assert!(refused(serde_json::json!({"on": "nap"})).starts_with("unknown variant `nap`, expected one of `sleep`, `yield`"));
    }
}
