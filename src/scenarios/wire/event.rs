//! One event of the run-result JSON ([`EventJson`]): the fields every event has, then the
//! structured fields of its kind (the loadable form), and the conversions from a
//! [`TraceEvent`] and back to an [`EventKind`]. What a suspension waits on is the runtime's
//! own [`WaitOn`], written among the event's keys (`"on": "sleep", "until": 1.5`), so a new
//! wait state needs nothing here.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::runtime::{EventKind, Prim, Resume, Trace, TraceEvent, WaitOn, LESSON_VARS};

/// One event: `{t, task, kind, detail, iter, line?, stack?, awaited_by?}`, and in the
/// loadable form the fields of its kind: `parent` (create), `by` (wake, step, cancel),
/// `why` (step), `funcs` and the keys of its [`WaitOn`] — `on`, and `until` / `target` / `job`
/// / `url` for the waits that carry one (suspend), `secs` and `what` (blocked), `what`,
/// `address`, `limit` and `guarded` (request), `worker`,
/// `job`, `ok` (job-start, job-end), `prim` (acquire, release), `at` (deadline), `name`,
/// `value`, `global` (var), `func`, `repr` (return), `type`, `handled` (exception), `locals`
/// (line).
///
/// Read, an event with an `on` is a suspension: its keys other than [`SUSPEND_KEYS`] are
/// its wait's, read by [`WaitOn`]'s own deserialiser (so a suspend's `job` is its worker's,
/// a job-start's `job` this struct's); any key left over is an error. Read it through the
/// trait (`serde_json::from_value`, `<EventJson as Deserialize>::deserialize`): the inherent
/// `EventJson::deserialize` that `remote = "Self"` makes reads only the event's own keys.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
// `remote = "Self"`: the derives are inherent functions that the trait impls below call,
// reading the wait's keys apart first.
#[serde(remote = "Self", deny_unknown_fields)]
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
    /// `capture_call_graph(task).awaited_by`); create: the same once its creation is settled
    /// (at the next event that is not a creation), present only when some task awaits it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaited_by: Option<Vec<String>>,
    /// Suspend: the tasks that have not begun a step and whose waiters changed since the
    /// last suspension, each with the names of its waiters now (`await task`, `gather()` of
    /// created tasks: the call graph has them before their first step); present only when
    /// there are some.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unstarted: Option<Vec<(String, Vec<String>)>>,
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
    /// Suspend: what it waits on (`on` and its field, among the event's keys).
    #[serde(flatten, skip_deserializing)]
    pub on: Option<WaitOn>,
    /// Blocked: how long, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secs: Option<f64>,
    /// Blocked, request: the call (`time.sleep`, `session.get`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// Request: the URL requested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// Request: its own time limit, in seconds (absent: none given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<f64>,
    /// Request: made under a deadline (absent: not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarded: Option<bool>,
    /// Job-start, job-end: the worker, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<u32>,
    /// Job-start: the job, as Python writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<String>,
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
    /// Return: the coroutine function that returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub func: Option<String>,
    /// Return: a short repr of what it returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repr: Option<String>,
    /// Exception: its type.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub exc_type: Option<String>,
    /// Exception: the next line its frame executed (absent: it propagated out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handled: Option<u32>,
    /// Line: the locals of the frame running it, `[name, short repr]` each, when they changed
    /// since the task's previous line in its step (an own program's runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locals: Option<Vec<(String, String)>>,
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
    Request,
    JobStart,
    JobEnd,
    Warning,
    Acquire,
    Release,
    EventSet,
    Deadline,
    DeadlineOff,
    Var,
    Line,
    Return,
    Exception,
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
            EventKind::Request { .. } => Kind::Request,
            EventKind::JobStart { .. } => Kind::JobStart,
            EventKind::JobEnd { .. } => Kind::JobEnd,
            EventKind::Warning(_) => Kind::Warning,
            EventKind::Acquire(_) => Kind::Acquire,
            EventKind::Release(_) => Kind::Release,
            EventKind::EventSet => Kind::EventSet,
            EventKind::Deadline { .. } => Kind::Deadline,
            EventKind::DeadlineOff => Kind::DeadlineOff,
            EventKind::Var { .. } => Kind::Var,
            EventKind::Line { .. } => Kind::Line,
            EventKind::Return { .. } => Kind::Return,
            EventKind::Exception { .. } => Kind::Exception,
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

impl EventJson {
    /// The plain form of `e`: what happened, for people, and where.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, sleep};
    /// use asyncio_playground::scenarios::wire::{EventJson, Kind};
    /// let trace = run(sleep(1.5)).trace;
    /// let suspend = EventJson::plain(&trace, &trace.events[2]);
    /// assert_eq!((suspend.kind, suspend.detail.as_deref(), suspend.on), (Kind::Suspend, Some("sleep until 1.5 s"), None));
    /// ```
    pub fn plain(trace: &Trace, e: &TraceEvent) -> EventJson {
        let (stack, awaited_by) = match &e.kind {
            EventKind::Suspended { stack, awaited_by, .. } => {
                (Some(trace.stack_calls(e.task, *stack)), Some(awaited_by.iter().map(|t| trace.task_name(*t)).collect()))
            }
            // A creation carries them only when some task awaits the new one already.
            EventKind::Created { awaited_by, .. } if !awaited_by.is_empty() => (None, Some(awaited_by.iter().map(|t| trace.task_name(*t)).collect())),
            _ => (None, None),
        };
        let unstarted = match &e.kind {
            EventKind::Suspended { unstarted, .. } if !unstarted.is_empty() => {
                Some(unstarted.iter().map(|(id, by)| (trace.task_name(*id), by.iter().map(|t| trace.task_name(*t)).collect())).collect())
            }
            _ => None,
        };
        EventJson {
            detail: Some(trace.detail(&e.kind)),
            line: (e.line != 0).then_some(e.line),
            stack,
            awaited_by,
            unstarted,
            ..EventJson::bare(e.t, e.task, Kind::of(&e.kind), e.iter)
        }
    }

    /// The loadable form of `e`: the plain form and the structured fields of its kind.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{run, sleep, WaitOn};
    /// use asyncio_playground::scenarios::wire::EventJson;
    /// let trace = run(sleep(1.5)).trace;
    /// let suspend = EventJson::loadable(&trace, &trace.events[2]);
    /// assert_eq!((suspend.on, suspend.funcs), (Some(WaitOn::Sleep { until: 1.5 }), Some(vec![])));
    /// let text = serde_json::to_string(&EventJson::loadable(&trace, &trace.events[2])).unwrap();
    /// assert!(text.ends_with(r#""funcs":[],"on":"sleep","until":1.5}"#), "{text}");
    /// ```
    pub fn loadable(trace: &Trace, e: &TraceEvent) -> EventJson {
        let mut out = EventJson::plain(trace, e);
        match &e.kind {
            EventKind::Created { parent, .. } => out.parent = *parent,
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
                out.on = Some(on.clone());
            }
            EventKind::Blocked { secs, what } => (out.secs, out.what) = (Some(*secs), Some(what.clone())),
            EventKind::Request { what, url, limit, guarded } => {
                (out.what, out.address, out.limit, out.guarded) = (Some(what.clone()), Some(url.clone()), *limit, guarded.then_some(true))
            }
            EventKind::JobStart { worker, job } => (out.worker, out.job) = (Some(*worker), Some(job.clone())),
            EventKind::JobEnd { worker, ok } => (out.worker, out.ok) = (Some(*worker), Some(*ok)),
            EventKind::Acquire(prim) | EventKind::Release(prim) => out.prim = Some(*prim),
            EventKind::Deadline { at } => out.at = Some(*at),
            EventKind::Var { name, value, global } => (out.name, out.value, out.global) = (Some(name.to_string()), Some(*value), Some(*global)),
            EventKind::Line { locals } => out.locals = locals.clone(),
            EventKind::Return { func, value } => (out.func, out.repr) = (Some(func.to_string()), Some(value.clone())),
            EventKind::Exception { ty, handled } => (out.exc_type, out.handled) = (Some(ty.to_string()), (*handled != 0).then_some(*handled)),
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
            unstarted: None,
            funcs: None,
            parent: None,
            by: None,
            why: None,
            on: None,
            secs: None,
            what: None,
            address: None,
            limit: None,
            guarded: None,
            worker: None,
            job: None,
            ok: None,
            prim: None,
            at: None,
            name: None,
            value: None,
            global: None,
            func: None,
            repr: None,
            exc_type: None,
            handled: None,
            locals: None,
        }
    }

    /// The trace's kind of this event, from its structured fields; a suspension's await
    /// stack (an index into [`Trace::stacks`]) and the ids of the tasks awaiting it are
    /// worked out by the caller. `at` names the event in errors (`events[3].`).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::{EventKind, Prim};
    /// use asyncio_playground::scenarios::wire::{EventJson, Graph, Kind};
    /// let mut acquire = EventJson::bare(0.0, 2, Kind::Acquire, 1);
    /// assert_eq!(acquire.to_kind(0, Graph::default(), "events[7].").unwrap_err(), "events[7].prim: missing");
    /// acquire.prim = Some(Prim::Lock);
    /// assert_eq!(acquire.to_kind(0, Graph::default(), "events[7].").unwrap(), EventKind::Acquire(Prim::Lock));
    /// ```
    pub fn to_kind(&self, stack: u32, graph: Graph, at: &str) -> Result<EventKind, String> {
        let Graph { awaited_by, unstarted } = graph;
        fn need<T: Clone>(v: &Option<T>, at: &str, field: &str) -> Result<T, String> {
            v.clone().ok_or_else(|| format!("{at}{field}: missing"))
        }
        let text = || need(&self.detail, at, "detail");
        Ok(match self.kind {
            Kind::Create => EventKind::Created { parent: self.parent, awaited_by },
            Kind::Wake => EventKind::Wake { by: self.by },
            Kind::Step => EventKind::Resumed(match need(&self.why, at, "why")? {
                Why::Start => Resume::Start,
                Why::Yield => Resume::Yield,
                Why::Woken => Resume::Woken { by: self.by },
                Why::Cancel => Resume::Cancel,
            }),
            Kind::Suspend => EventKind::Suspended { on: need(&self.on, at, "on")?, stack, awaited_by, unstarted },
            Kind::Cancel => EventKind::CancelRequested { by: self.by },
            Kind::Done => EventKind::Done { result: self.detail.clone().unwrap_or_default() },
            Kind::Failed => EventKind::Failed { error: text()? },
            Kind::Cancelled => EventKind::Cancelled,
            Kind::Print => EventKind::Print(text()?),
            Kind::Blocked => EventKind::Blocked { secs: need(&self.secs, at, "secs")?, what: need(&self.what, at, "what")? },
            Kind::Request => EventKind::Request {
                what: need(&self.what, at, "what")?,
                url: need(&self.address, at, "address")?,
                limit: self.limit,
                guarded: self.guarded.unwrap_or(false),
            },
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
            Kind::Line => EventKind::Line { locals: self.locals.clone() },
            Kind::Return => EventKind::Return { func: need(&self.func, at, "func")?.into(), value: need(&self.repr, at, "repr")? },
            Kind::Exception => EventKind::Exception { ty: need(&self.exc_type, at, "type")?.into(), handled: self.handled.unwrap_or(0) },
        })
    }
}

/// The keys a suspend event has besides those of its wait (every event's, then a
/// suspension's own).
pub const SUSPEND_KEYS: [&str; 10] = ["t", "task", "kind", "detail", "iter", "line", "stack", "awaited_by", "unstarted", "funcs"];

/// An event's part of the call graph, as task ids read from its names: who awaits its task
/// (a suspension, a creation) and the unstarted tasks' waiters (a suspension).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    pub awaited_by: Vec<u32>,
    pub unstarted: Vec<(u32, Vec<u32>)>,
}

impl Serialize for EventJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The derived (inherent) serialiser: the wait's keys are flattened in.
        EventJson::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for EventJson {
    /// An event; a suspension's wait read from its keys other than [`SUSPEND_KEYS`].
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::WaitOn;
    /// use asyncio_playground::scenarios::wire::EventJson;
    /// use serde_json::{from_value, json};
    /// let worker = json!({"t": 0.0, "task": 2, "kind": "suspend", "iter": 1, "on": "worker", "job": "crunch()"});
    /// assert_eq!(from_value::<EventJson>(worker).unwrap().on, Some(WaitOn::Worker { job: "crunch()".into() }));
    /// let job_start = json!({"t": 0.0, "task": 2, "kind": "job-start", "iter": 1, "worker": 1, "job": "crunch()"});
    /// assert_eq!(from_value::<EventJson>(job_start).unwrap().job.as_deref(), Some("crunch()"));
    /// let stray = json!({"t": 0.0, "task": 2, "kind": "suspend", "iter": 1, "on": "lock", "until": 1.0});
    /// assert_eq!(from_value::<EventJson>(stray).unwrap_err().to_string(), "unknown field `until`");
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut keys = Map::<String, Value>::deserialize(deserializer)?;
        let on = if keys.contains_key("on") {
            let (wait, own): (Map<String, Value>, Map<String, Value>) =
                std::mem::take(&mut keys).into_iter().partition(|(key, _)| !SUSPEND_KEYS.contains(&key.as_str()));
            keys = own;
            let on = WaitOn::deserialize(Value::Object(wait.clone())).map_err(de::Error::custom)?;
            // A wait without data reads past other keys: whatever it would not write is refused.
            let written = serde_json::to_value(&on).map_err(de::Error::custom)?;
            if let Some(extra) = wait.keys().find(|key| written.get(key.as_str()).is_none()) {
                return Err(de::Error::custom(format_args!("unknown field `{extra}`")));
            }
            Some(on)
        } else {
            None
        };
        // The derived (inherent) deserialiser, for the event's own keys.
        let mut event = EventJson::deserialize(Value::Object(keys)).map_err(de::Error::custom)?;
        event.on = on;
        Ok(event)
    }
}
