//! One event of the run-result JSON ([`EventJson`]): the fields every event has, then the
//! structured fields of its kind (the loadable form), and the conversions from a
//! [`TraceEvent`] and back to an [`EventKind`].

use serde::{Deserialize, Serialize};

use crate::runtime::{EventKind, Prim, Resume, Trace, TraceEvent, WaitOn, LESSON_VARS};

/// One event: `{t, task, kind, detail, iter, line?, stack?, awaited_by?}`, and in the
/// loadable form the fields of its kind: `parent` (create), `by` (wake, step, cancel),
/// `why` (step), `funcs` and `on` with `until` / `target` / `job` / `url` (suspend), `secs` and `what`
/// (blocked), `worker`, `job`, `ok` (job-start, job-end), `prim` (acquire, release), `at`
/// (deadline), `name`, `value`, `global` (var).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventJson {
    /// Loop time, in seconds.
    pub t: f64,
    /// The task id (0: the loop).
    pub task: u32,
    /// What happened.
    pub kind: Kind,
    /// The event for people ([`Trace::detail`]). Read back only where it is the event's own
    /// text: the line printed (print), the warning (warning), the result (done), the
    /// exception (failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The loop iteration (from 1; 0 before the first).
    pub iter: u32,
    /// The program line the task is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// Suspend: the await stack as calls, the task's own coroutine first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<Vec<String>>,
    /// Suspend: the names of the tasks awaiting it then (CPython 3.14's
    /// `capture_call_graph(task).awaited_by`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaited_by: Option<Vec<String>>,
    /// Loadable, suspend: the function of each call of `stack` after the first (the frames
    /// below the task's own coroutine): `sequential` of `sequential()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub funcs: Option<Vec<String>>,
    /// Create: the task that created it (absent: the loop or `asyncio.run`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<u32>,
    /// Wake, step (woken), cancel: the task that caused it (absent: the loop or a timer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<u32>,
    /// Step: why it began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
    /// Suspend: what it waits on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<Wait>,
    /// Suspend on sleep: the loop time it wakes at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<f64>,
    /// Suspend on join: the awaited task.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    /// Blocked: how long, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secs: Option<f64>,
    /// Blocked: the call (`time.sleep`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// Job-start, job-end: the worker, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<u32>,
    /// Job-start, suspend on worker: the job, as Python writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
    /// Suspend on fetch: the URL requested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Job-end: the job returned (rather than raised).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ok: Option<bool>,
    /// Acquire, release: `lock` or `semaphore`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prim: Option<Prim>,
    /// Deadline: the loop time at which the task is cancelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<f64>,
    /// Var: the variable's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Var: its new value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// Var: a global of the program (rather than a local of the task).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global: Option<bool>,
}

/// An event's kind: the `kind` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum Kind {
    Create,
    Wake,
    Step,
    Suspend,
    Cancel,
    Done,
    Failed,
    Cancelled,
    Print,
    Blocked,
    JobStart,
    JobEnd,
    Warning,
    Acquire,
    Release,
    EventSet,
    Deadline,
    DeadlineOff,
    Var,
}

impl Kind {
    /// The kind of an event of the trace.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::EventKind;
    /// use asyncio_playground::scenarios::wire::Kind;
    /// assert_eq!(Kind::of(&EventKind::DeadlineOff), Kind::DeadlineOff);
    /// assert_eq!(serde_json::to_value(Kind::DeadlineOff).unwrap(), EventKind::DeadlineOff.name());
    /// ```
    pub fn of(kind: &EventKind) -> Kind {
        match kind {
            EventKind::Created { .. } => Kind::Create,
            EventKind::Wake { .. } => Kind::Wake,
            EventKind::Resumed(_) => Kind::Step,
            EventKind::Suspended { .. } => Kind::Suspend,
            EventKind::CancelRequested { .. } => Kind::Cancel,
            EventKind::Done { .. } => Kind::Done,
            EventKind::Failed { .. } => Kind::Failed,
            EventKind::Cancelled => Kind::Cancelled,
            EventKind::Print(_) => Kind::Print,
            EventKind::Blocked { .. } => Kind::Blocked,
            EventKind::JobStart { .. } => Kind::JobStart,
            EventKind::JobEnd { .. } => Kind::JobEnd,
            EventKind::Warning(_) => Kind::Warning,
            EventKind::Acquire(_) => Kind::Acquire,
            EventKind::Release(_) => Kind::Release,
            EventKind::EventSet => Kind::EventSet,
            EventKind::Deadline { .. } => Kind::Deadline,
            EventKind::DeadlineOff => Kind::DeadlineOff,
            EventKind::Var { .. } => Kind::Var,
        }
    }
}

/// Why a step began: the `why` of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Why {
    /// The task's first step.
    Start,
    /// After `sleep(0)`.
    Yield,
    /// The awaited future finished.
    Woken,
    /// To deliver a cancellation.
    Cancel,
}

/// What a suspended task waits on: the `on` of a suspend ([`WaitOn::word`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)]
pub enum Wait {
    Sleep,
    Yield,
    Lock,
    Semaphore,
    Event,
    Join,
    Gather,
    #[serde(rename = "taskgroup")]
    TaskGroup,
    Worker,
    Fetch,
    Future,
}

impl EventJson {
    /// The plain form of `e`: what happened, for people, and where.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, sleep};
    /// use asyncio_playground::scenarios::wire::{EventJson, Kind};
    /// let trace = run(sleep(1.5)).trace;
    /// let suspend = EventJson::plain(&trace, &trace.events[2]);
    /// assert_eq!((suspend.kind, suspend.detail.as_deref(), suspend.until), (Kind::Suspend, Some("sleep until 1.5 s"), None));
    /// ```
    pub fn plain(trace: &Trace, e: &TraceEvent) -> EventJson {
        let (stack, awaited_by) = match &e.kind {
            EventKind::Suspended { stack, awaited_by, .. } => {
                (Some(trace.stack_calls(e.task, *stack)), Some(awaited_by.iter().map(|t| trace.task_name(*t)).collect()))
            }
            _ => (None, None),
        };
        EventJson {
            t: e.t,
            task: e.task,
            kind: Kind::of(&e.kind),
            detail: Some(trace.detail(&e.kind)),
            iter: e.iter,
            line: (e.line != 0).then_some(e.line),
            stack,
            awaited_by,
            ..EventJson::bare(e.t, e.task, Kind::of(&e.kind), e.iter)
        }
    }

    /// The loadable form of `e`: the plain form and the structured fields of its kind.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, sleep};
    /// use asyncio_playground::scenarios::wire::{EventJson, Wait};
    /// let trace = run(sleep(1.5)).trace;
    /// let suspend = EventJson::loadable(&trace, &trace.events[2]);
    /// assert_eq!((suspend.on, suspend.until, suspend.funcs), (Some(Wait::Sleep), Some(1.5), Some(vec![])));
    /// ```
    pub fn loadable(trace: &Trace, e: &TraceEvent) -> EventJson {
        let mut out = EventJson::plain(trace, e);
        match &e.kind {
            EventKind::Created { parent } => out.parent = *parent,
            EventKind::Wake { by } | EventKind::CancelRequested { by } => out.by = *by,
            EventKind::Resumed(why) => {
                (out.why, out.by) = match why {
                    Resume::Start => (Some(Why::Start), None),
                    Resume::Yield => (Some(Why::Yield), None),
                    Resume::Woken { by } => (Some(Why::Woken), *by),
                    Resume::Cancel => (Some(Why::Cancel), None),
                }
            }
            EventKind::Suspended { on, stack, .. } => {
                out.funcs = Some(trace.stacks.get(*stack as usize).into_iter().flatten().map(|f| f.func.to_string()).collect());
                out.on = Some(Wait::of(on));
                match on {
                    WaitOn::Sleep { until } => out.until = Some(*until),
                    WaitOn::Join { task } => out.target = Some(*task),
                    WaitOn::Worker { job } => out.job = Some(job.clone()),
                    WaitOn::Fetch { url } => out.url = Some(url.clone()),
                    _ => {}
                }
            }
            EventKind::Blocked { secs, what } => (out.secs, out.what) = (Some(*secs), Some(what.clone())),
            EventKind::JobStart { worker, job } => (out.worker, out.job) = (Some(*worker), Some(job.clone())),
            EventKind::JobEnd { worker, ok } => (out.worker, out.ok) = (Some(*worker), Some(*ok)),
            EventKind::Acquire(prim) | EventKind::Release(prim) => out.prim = Some(*prim),
            EventKind::Deadline { at } => out.at = Some(*at),
            EventKind::Var { name, value, global } => (out.name, out.value, out.global) = (Some(name.to_string()), Some(*value), Some(*global)),
            _ => {}
        }
        out
    }

    /// An event with only the fields every event has.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::wire::{EventJson, Kind};
    /// let text = serde_json::to_string(&EventJson::bare(0.5, 1, Kind::EventSet, 3)).unwrap();
    /// assert_eq!(text, r#"{"t":0.5,"task":1,"kind":"event-set","iter":3}"#);
    /// ```
    pub fn bare(t: f64, task: u32, kind: Kind, iter: u32) -> EventJson {
        EventJson {
            t,
            task,
            kind,
            detail: None,
            iter,
            line: None,
            stack: None,
            awaited_by: None,
            funcs: None,
            parent: None,
            by: None,
            why: None,
            on: None,
            until: None,
            target: None,
            secs: None,
            what: None,
            worker: None,
            job: None,
            url: None,
            ok: None,
            prim: None,
            at: None,
            name: None,
            value: None,
            global: None,
        }
    }

    /// The trace's kind of this event, from its structured fields; a suspension's await
    /// stack (an index into [`Trace::stacks`]) and the ids of the tasks awaiting it are
    /// worked out by the caller. `at` names the event in errors (`events[3].`).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{EventKind, Prim};
    /// use asyncio_playground::scenarios::wire::{EventJson, Kind};
    /// let mut acquire = EventJson::bare(0.0, 2, Kind::Acquire, 1);
    /// assert_eq!(acquire.to_kind(0, vec![], "events[7].").unwrap_err(), "events[7].prim: missing");
    /// acquire.prim = Some(Prim::Lock);
    /// assert_eq!(acquire.to_kind(0, vec![], "events[7].").unwrap(), EventKind::Acquire(Prim::Lock));
    /// ```
    pub fn to_kind(&self, stack: u32, awaited_by: Vec<u32>, at: &str) -> Result<EventKind, String> {
        fn need<T: Clone>(v: &Option<T>, at: &str, field: &str) -> Result<T, String> {
            v.clone().ok_or_else(|| format!("{at}{field}: missing"))
        }
        let text = || need(&self.detail, at, "detail");
        Ok(match self.kind {
            Kind::Create => EventKind::Created { parent: self.parent },
            Kind::Wake => EventKind::Wake { by: self.by },
            Kind::Step => EventKind::Resumed(match need(&self.why, at, "why")? {
                Why::Start => Resume::Start,
                Why::Yield => Resume::Yield,
                Why::Woken => Resume::Woken { by: self.by },
                Why::Cancel => Resume::Cancel,
            }),
            Kind::Suspend => {
                let on = match need(&self.on, at, "on")? {
                    Wait::Sleep => WaitOn::Sleep { until: need(&self.until, at, "until")? },
                    Wait::Yield => WaitOn::Yield,
                    Wait::Lock => WaitOn::Lock,
                    Wait::Semaphore => WaitOn::Semaphore,
                    Wait::Event => WaitOn::Event,
                    Wait::Join => WaitOn::Join { task: need(&self.target, at, "target")? },
                    Wait::Gather => WaitOn::Gather,
                    Wait::TaskGroup => WaitOn::TaskGroup,
                    Wait::Worker => WaitOn::Worker { job: need(&self.job, at, "job")? },
                    Wait::Fetch => WaitOn::Fetch { url: need(&self.url, at, "url")? },
                    Wait::Future => WaitOn::Future,
                };
                EventKind::Suspended { on, stack, awaited_by }
            }
            Kind::Cancel => EventKind::CancelRequested { by: self.by },
            Kind::Done => EventKind::Done { result: self.detail.clone().unwrap_or_default() },
            Kind::Failed => EventKind::Failed { error: text()? },
            Kind::Cancelled => EventKind::Cancelled,
            Kind::Print => EventKind::Print(text()?),
            Kind::Blocked => EventKind::Blocked { secs: need(&self.secs, at, "secs")?, what: need(&self.what, at, "what")? },
            Kind::JobStart => EventKind::JobStart { worker: need(&self.worker, at, "worker")?, job: need(&self.job, at, "job")? },
            Kind::JobEnd => EventKind::JobEnd { worker: need(&self.worker, at, "worker")?, ok: need(&self.ok, at, "ok")? },
            Kind::Warning => EventKind::Warning(text()?),
            Kind::Acquire => EventKind::Acquire(need(&self.prim, at, "prim")?),
            Kind::Release => EventKind::Release(need(&self.prim, at, "prim")?),
            Kind::EventSet => EventKind::EventSet,
            Kind::Deadline => EventKind::Deadline { at: need(&self.at, at, "at")? },
            Kind::DeadlineOff => EventKind::DeadlineOff,
            Kind::Var => EventKind::Var {
                name: {
                    let name = need(&self.name, at, "name")?;
                    LESSON_VARS.iter().copied().find(|v| *v == name).ok_or_else(|| format!("{at}name: not a variable a lesson shows ({name:?})"))?
                },
                value: need(&self.value, at, "value")?,
                global: need(&self.global, at, "global")?,
            },
        })
    }
}

impl Wait {
    /// What a suspension waits on, without its data.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// use asyncio_playground::scenarios::wire::Wait;
    /// let on = WaitOn::TaskGroup;
    /// assert_eq!(serde_json::to_value(Wait::of(&on)).unwrap(), on.word());
    /// ```
    pub fn of(on: &WaitOn) -> Wait {
        match on {
            WaitOn::Sleep { .. } => Wait::Sleep,
            WaitOn::Yield => Wait::Yield,
            WaitOn::Lock => Wait::Lock,
            WaitOn::Semaphore => Wait::Semaphore,
            WaitOn::Event => Wait::Event,
            WaitOn::Join { .. } => Wait::Join,
            WaitOn::Gather => Wait::Gather,
            WaitOn::TaskGroup => Wait::TaskGroup,
            WaitOn::Worker { .. } => Wait::Worker,
            WaitOn::Fetch { .. } => Wait::Fetch,
            WaitOn::Future => Wait::Future,
        }
    }
}
