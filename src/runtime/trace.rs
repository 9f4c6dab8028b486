//! Lifecycle events: what every task did, when, and why.
//!
//! The executor records an [`Event`] at each step of a task's life — created, resumed (and
//! by whom), suspended (on what), cancel requested, done / failed / cancelled — plus the
//! program's own `print` lines and blocking calls. Recording is a push onto a `Vec`, cheap
//! enough to leave on. The run-result JSON, the timeline and the Chrome Trace export are all
//! views of this list.

use std::fmt;

/// What a suspended task is waiting for.
#[derive(Clone, Debug, PartialEq)]
pub enum WaitOn {
    /// `asyncio.sleep`, until loop time `until`.
    Sleep { until: f64 },
    /// `sleep(0)`: a bare yield, one loop iteration.
    Yield,
    /// `Lock.acquire()`.
    Lock,
    /// `Semaphore.acquire()`.
    Semaphore,
    /// `Event.wait()`.
    Event,
    /// Awaiting another task (task id).
    Join { task: u32 },
    /// `gather(...)`.
    Gather,
    /// The end of an `async with TaskGroup()` block, waiting for its children.
    TaskGroup,
    /// `to_thread(...)`: a job in a worker.
    Worker { job: String },
    /// A `fetch()` of `url`.
    Fetch { url: String },
    /// Any other future.
    Future,
}

impl WaitOn {
    /// A short name of the state, used for timeline colours and CSS classes.
    pub fn state_name(&self) -> &'static str {
        match self {
            WaitOn::Sleep { .. } => "sleeping",
            WaitOn::Yield => "ready",
            WaitOn::Lock => "waiting-lock",
            WaitOn::Semaphore => "waiting-semaphore",
            WaitOn::Event => "waiting-event",
            WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup => "waiting-join",
            WaitOn::Worker { .. } => "in-worker",
            WaitOn::Fetch { .. } => "fetching",
            WaitOn::Future => "waiting",
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
    Woken { by: Option<u32> },
    /// A cancellation is delivered without a future to wake it (it was ready anyway).
    Cancel,
}

/// One kind of lifecycle event.
#[derive(Clone, Debug, PartialEq)]
pub enum EventKind {
    Created { parent: Option<u32> },
    Resumed(Resume),
    Suspended(WaitOn),
    CancelRequested { by: Option<u32> },
    Done { result: String },
    Failed { error: String },
    Cancelled,
    /// A line the program printed.
    Print(String),
    /// A blocking call held the loop's thread for `secs`.
    Blocked { secs: f64, what: String },
    /// A `to_thread` job started on worker `worker` (1-based) for this task.
    JobStart { worker: u32, job: String },
    /// That job ended (`ok`: it returned rather than raised).
    JobEnd { worker: u32, ok: bool },
    /// A problem asyncio reports through the loop's exception handler, e.g. "Task exception
    /// was never retrieved" or "coroutine was never awaited".
    Warning(String),
}

impl EventKind {
    /// The event's kind as a short word (the `kind` field of the run-result JSON).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::Created { .. } => "create",
            EventKind::Resumed(_) => "step",
            EventKind::Suspended(_) => "suspend",
            EventKind::CancelRequested { .. } => "cancel",
            EventKind::Done { .. } => "done",
            EventKind::Failed { .. } => "failed",
            EventKind::Cancelled => "cancelled",
            EventKind::Print(_) => "print",
            EventKind::Blocked { .. } => "blocked",
            EventKind::JobStart { .. } => "job-start",
            EventKind::JobEnd { .. } => "job-end",
            EventKind::Warning(_) => "warning",
        }
    }
}

/// One recorded event. `task` is the task id (0: no task, the loop itself).
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEvent {
    pub t: f64,
    pub task: u32,
    pub kind: EventKind,
}

/// A task as the trace knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskInfo {
    pub id: u32,
    /// What it runs, e.g. `fetch(3)`.
    pub label: String,
}

impl TaskInfo {
    /// asyncio's default name: `Task-1`, `Task-2`, … (made when asked for, not per task).
    pub fn name(&self) -> String {
        format!("Task-{}", self.id)
    }
}

/// Everything a run recorded.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub events: Vec<TraceEvent>,
    pub tasks: Vec<TaskInfo>,
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

    /// A one-line human description of an event's detail.
    pub fn detail(&self, kind: &EventKind) -> String {
        let who = |by: &Option<u32>| by.map_or("the loop".to_string(), |id| self.task_name(id));
        match kind {
            EventKind::Created { parent } => parent.map_or(String::new(), |p| format!("by {}", self.task_name(p))),
            EventKind::Resumed(Resume::Start) => "first step".into(),
            EventKind::Resumed(Resume::Yield) => "after sleep(0)".into(),
            EventKind::Resumed(Resume::Woken { by }) => format!("woken by {}", who(by)),
            EventKind::Resumed(Resume::Cancel) => "to deliver CancelledError".into(),
            EventKind::Suspended(on) => match on {
                WaitOn::Join { task } => format!("join {}", self.task_name(*task)),
                other => other.to_string(),
            },
            EventKind::CancelRequested { by } => format!("by {}", who(by)),
            EventKind::Done { result } => result.clone(),
            EventKind::Failed { error } => error.clone(),
            EventKind::Cancelled => String::new(),
            EventKind::Print(line) => line.clone(),
            EventKind::Blocked { secs, what } => format!("{what} for {}", fmt_secs(*secs)),
            EventKind::JobStart { worker, job } => format!("{job} on worker {worker}"),
            EventKind::JobEnd { worker, ok } => format!("worker {worker} {}", if *ok { "returned" } else { "raised" }),
            EventKind::Warning(message) => message.clone(),
        }
    }
}

/// Seconds for people: `1`, `0.5`, `2.25 s` style without trailing zeros (`1.000` → `1 s`).
pub fn fmt_secs(t: f64) -> String {
    let s = format!("{:.6}", t);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} s")
}

/// One event as the CPython harness reports it: `(t, task name, kind, detail)`, for the
/// kinds both sides record (`create`, `step`, `done`, `failed`, `cancelled`, `print`).
pub type ComparableEvent = (f64, String, &'static str, String);

impl Trace {
    /// The events the CPython harness also records, in the harness's format. `done` carries
    /// no detail (results are compared through the programs' prints).
    pub fn comparable(&self) -> Vec<ComparableEvent> {
        self.events
            .iter()
            .filter_map(|e| {
                let detail = match &e.kind {
                    EventKind::Created { .. } | EventKind::Resumed(_) | EventKind::Done { .. } | EventKind::Cancelled => String::new(),
                    EventKind::Failed { error } => error.clone(),
                    EventKind::Print(line) => line.clone(),
                    _ => return None,
                };
                Some((e.t, self.task_name(e.task), e.kind.name(), detail))
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
