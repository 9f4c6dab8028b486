//! Running a scenario, and a run as the run-result JSON — one shape everywhere (page, CLI,
//! exports, embeds), declared in [`super::wire`]: the task table is worked out in one pass
//! over the events, every event is written from the trace ([`EventJson`]). Its loadable
//! form adds structured fields ([`RunResult::to_loadable_json`]), which [`super::load_run`]
//! reads back.

use std::rc::Rc;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::wire::{self, EventJson, TaskJson, TaskState};
pub use crate::choices::ClockKind;
pub use crate::runtime::WallStats;

use super::{Outcome, Scenario, Source, Values};
use crate::runtime::{EventKind, RunEnd, RunReport, Runner, StopReason, TaskEnd, Trace, TraceEvent, VirtualRun};

/// Which clock a run used.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Clock {
    /// Deterministic virtual time.
    Virtual,
    /// The browser's timers; `scale` wall seconds per guide-second.
    Real { scale: f64 },
}

impl Clock {
    /// Which of the two clocks this is, without its scale.
    pub fn kind(self) -> ClockKind {
        match self {
            Clock::Virtual => ClockKind::Virtual,
            Clock::Real { .. } => ClockKind::Real,
        }
    }
}

/// A finished run of a scenario.
pub struct RunResult {
    pub scenario: &'static Scenario,
    pub params: Values,
    /// The Python program the run followed, as rendered when it started.
    pub source: Rc<Source>,
    pub clock: Clock,
    pub report: RunReport<Outcome>,
    pub wall: Option<WallStats>,
}

/// Runs `scenario` with `values` on the virtual clock: instant and deterministic.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// let gather = find("gather").unwrap();
/// let run = run_virtual(gather, &gather.defaults());
/// assert_eq!(run.report.elapsed, 6.0); // 5 s sequential, then 1 s concurrent
/// ```
pub fn run_virtual(scenario: &'static Scenario, values: &Values) -> RunResult {
    let mut run = start_virtual(scenario, values);
    run.advance(|| false);
    run.finish()
}

/// A scenario's virtual run computed a slice at a time (the page: a long run between
/// frames, with its progress shown and Stop working between slices).
pub struct VirtualRunning {
    scenario: &'static Scenario,
    params: Values,
    source: Rc<Source>,
    run: VirtualRun<Outcome>,
}

/// Starts `scenario` with `values` on the virtual clock, to be advanced by
/// [`VirtualRunning::advance`].
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual, start_virtual};
/// let lock = find("lock").unwrap();
/// let values = lock.values([("workers", "300")]).unwrap();
/// let mut run = start_virtual(lock, &values);
/// let mut slices = 1;
/// while !run.advance({ let mut n = 0; move || { n += 1; n > 50 } }) {
///     slices += 1;
/// }
/// assert!(slices > 1);
/// assert_eq!(run.finish().to_json(), run_virtual(lock, &values).to_json());
/// ```
pub fn start_virtual(scenario: &'static Scenario, values: &Values) -> VirtualRunning {
    let mut runner = Runner::new();
    if let Some(h) = scenario.horizon(values) {
        runner = runner.until(h);
    }
    let start = scenario.start_checked(values);
    VirtualRunning { scenario, params: values.clone(), source: start.source, run: runner.start_with(&start.entry, start.program) }
}

impl VirtualRunning {
    /// Runs until the run ends (true) or `pause`, asked between loop iterations, says to
    /// hand back (false).
    pub fn advance(&mut self, pause: impl FnMut() -> bool) -> bool {
        self.run.advance(pause)
    }

    /// Loop time so far.
    pub fn now(&self) -> f64 {
        self.run.now()
    }

    /// The run: as it ended, or stopped now by the reader (`stopped by the user`).
    pub fn finish(self) -> RunResult {
        let report = self.run.finish(StopReason::User);
        RunResult { scenario: self.scenario, params: self.params, source: self.source, clock: Clock::Virtual, report, wall: None }
    }
}

impl RunResult {
    /// The run-result JSON (its plain form, [`wire::RunJson`]).
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let gather = find("gather").unwrap();
    /// let json = run_virtual(gather, &gather.defaults()).to_json();
    /// assert_eq!((&json["end"], &json["tasks"][0]["state"], &json["events"][0]["kind"]), (&"completed".into(), &"done".into(), &"create".into()));
    /// assert!(json.get("ended").is_none(), "the structured fields are the loadable form's");
    /// ```
    pub fn to_json(&self) -> Value {
        to_value(&self.written(Form::Plain))
    }

    /// The run-result JSON as pretty-printed text (what `asyncio-playground run … --json`
    /// prints): the same as `format!("{:#}", run.to_json())`, written straight from the
    /// declared types.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let run = run_virtual(find("sleep").unwrap(), &find("sleep").unwrap().defaults());
    /// assert_eq!(run.to_json_text(), format!("{:#}", run.to_json()));
    /// ```
    pub fn to_json_text(&self) -> String {
        serde_json::to_string_pretty(&self.written(Form::Plain)).unwrap_or_default()
    }

    /// The run-result JSON as compact text (what the page publishes): the same as
    /// `run.to_json().to_string()`, written straight from the declared types, without the
    /// tree of values in between.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let run = run_virtual(find("gather").unwrap(), &find("gather").unwrap().defaults());
    /// assert_eq!(run.to_json_compact(), run.to_json().to_string());
    /// ```
    pub fn to_json_compact(&self) -> String {
        serde_json::to_string(&self.written(Form::Plain)).unwrap_or_default()
    }

    /// Writes [`RunResult::to_json_text`] to `out`, each event as it goes.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let run = run_virtual(find("sleep").unwrap(), &find("sleep").unwrap().defaults());
    /// let mut out = Vec::new();
    /// run.write_json_text(&mut out).unwrap();
    /// assert_eq!(String::from_utf8(out).unwrap(), run.to_json_text());
    /// ```
    pub fn write_json_text(&self, out: impl std::io::Write) -> std::io::Result<()> {
        serde_json::to_writer_pretty(out, &self.written(Form::Plain)).map_err(std::io::Error::from)
    }

    /// The run-result JSON with `events` empty: what [`crate::teach::export`] writes around the
    /// events, which it writes a slice at a time.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let run = run_virtual(find("sleep").unwrap(), &find("sleep").unwrap().defaults());
    /// let mut json = run.to_json();
    /// json["events"] = serde_json::json!([]);
    /// assert_eq!(run.to_json_without_events(), json);
    /// ```
    pub fn to_json_without_events(&self) -> Value {
        to_value(&self.written(Form::Head))
    }

    /// The run-result JSON with what [`super::load_run`] needs to rebuild the run: every
    /// event's structured fields, each task's `func` and `line` (its `def`), the end as data
    /// (`ended`) and how the main task ended (`main`). `static/py/virtual_asyncio` writes
    /// this form for an own program; the page publishes the plain [`RunResult::to_json`] of
    /// what it loaded.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual};
    /// let timeout = find("timeout").unwrap();
    /// let json = run_virtual(timeout, &timeout.defaults()).to_loadable_json();
    /// assert_eq!((&json["ended"]["how"], &json["main"]), (&"completed".into(), &"returned".into()));
    /// assert!(json["events"].as_array().unwrap().iter().any(|e| e["kind"] == "deadline" && e["at"] == 2.0));
    /// ```
    pub fn to_loadable_json(&self) -> Value {
        to_value(&self.written(Form::Loadable))
    }

    /// The run as the declared run-result types, in `form`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::{find, run_virtual, Form};
    /// let sleep = find("sleep").unwrap();
    /// let run = run_virtual(sleep, &sleep.defaults());
    /// let json = run.wire(Form::Plain);
    /// assert_eq!((json.events.len(), json.tasks[0].label.as_str()), (run.report.trace.events.len(), "say_hello()"));
    /// assert_eq!(serde_json::to_value(&json).unwrap(), run.to_json());
    /// ```
    pub fn wire(&self, form: Form) -> wire::RunJson {
        let trace = &self.report.trace;
        let events = match form {
            Form::Head => Vec::new(),
            Form::Plain => trace.events.iter().map(|e| EventJson::plain(trace, e)).collect(),
            Form::Loadable => trace.events.iter().map(|e| EventJson::loadable(trace, e)).collect(),
        };
        self.with_events(form, events)
    }

    /// The run as the declared types, each event written as it is serialised.
    fn written(&self, form: Form) -> wire::RunJson<Events<'_>> {
        self.with_events(form, Events { trace: &self.report.trace, form })
    }

    /// The run-result with `events` for its events.
    fn with_events<E>(&self, form: Form, events: E) -> wire::RunJson<E> {
        let trace = &self.report.trace;
        let loadable = form == Form::Loadable;
        let tasks = task_table(trace)
            .into_iter()
            .zip(&trace.tasks)
            .map(|(mut task, info)| {
                if loadable {
                    task.func = (!info.func.is_empty()).then(|| info.func.to_string());
                    task.line = (info.line != 0).then_some(info.line);
                }
                task
            })
            .collect();
        let outcome = match &self.report.result {
            Ok(outcome) => outcome.clone(),
            Err(e) => Map::from_iter([("error".to_string(), Value::String(e.describe()))]),
        };
        let (scale, wall) = match (self.clock, self.wall) {
            (Clock::Real { scale }, Some(w)) => (
                Some(scale),
                Some(wire::WallJson {
                    elapsed: w.wall,
                    max_lateness: w.max_lateness,
                    requests: wire::RequestsJson { sent: w.requests.0, aborted: w.requests.1, abort_confirmed: w.requests.2 },
                    workers_started: w.workers_started,
                }),
            ),
            _ => (None, None),
        };
        wire::RunJson {
            scenario: self.scenario.id.to_string(),
            params: self.params.iter().map(|(n, v)| (n.to_string(), param_json(v))).collect(),
            clock: self.clock.kind(),
            elapsed: self.report.elapsed,
            end: Some(self.report.end.to_string()),
            tasks,
            events,
            outcome,
            scale,
            wall,
            ended: loadable.then(|| self.report.end.clone()),
            main: loadable.then(|| match &self.report.result {
                Ok(_) => wire::MainJson::Returned,
                Err(e) if self.report.end != RunEnd::Completed && *e == self.report.end.unfinished_error() => wire::MainJson::Unfinished,
                Err(e) => wire::MainJson::Raised(e.into()),
            }),
            diagnostics: super::diagnostics::of(self)
                .into_iter()
                .map(|d| wire::DiagnosticJson { kind: d.kind.name().into(), line: d.line, task: trace.task_name(d.task), at: d.at, text: d.text() })
                .collect(),
        }
    }

    /// The last moment of the run (the timeline's right edge).
    pub fn end_time(&self) -> f64 {
        self.report.trace.events.last().map_or(0.0, |e| e.t).max(self.report.elapsed)
    }
}

/// Which form of the run-result [`RunResult::wire`] makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The plain form, for people and tools.
    Plain,
    /// The plain form without its events (the exports write them a slice at a time).
    Head,
    /// The plain form and the structured fields [`super::load_run`] reads.
    Loadable,
}

/// A run's events in `form`, each made into an [`EventJson`] as it is serialised.
struct Events<'a> {
    trace: &'a Trace,
    form: Form,
}

impl Serialize for Events<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let trace = self.trace;
        match self.form {
            Form::Head => serializer.collect_seq(std::iter::empty::<EventJson>()),
            Form::Plain => serializer.collect_seq(trace.events.iter().map(|e| EventJson::plain(trace, e))),
            Form::Loadable => serializer.collect_seq(trace.events.iter().map(|e| EventJson::loadable(trace, e))),
        }
    }
}

/// The task table: each task's start, end, state and error, from one pass over the events
/// (the last of each kind wins, as it would in the task's own order).
fn task_table(trace: &Trace) -> Vec<TaskJson> {
    let mut tasks: Vec<TaskJson> = trace
        .tasks
        .iter()
        .map(|info| TaskJson {
            id: info.id,
            name: info.name(),
            label: info.label.clone(),
            start: None,
            end: None,
            state: TaskState::Pending,
            error: None,
            func: None,
            line: None,
        })
        .collect();
    for e in &trace.events {
        let Some(task) = (e.task as usize).checked_sub(1).and_then(|i| tasks.get_mut(i)) else { continue };
        match &e.kind {
            EventKind::Created { .. } => task.start = Some(e.t),
            kind => {
                if let Some(end) = TaskEnd::of(kind) {
                    (task.end, task.state) = (Some(e.t), TaskState::from(Some(end)));
                    if let EventKind::Failed { error } = kind {
                        task.error = Some(error.clone());
                    }
                }
            }
        }
    }
    tasks
}

/// One event in the plain form (the exports write the events one at a time).
pub(crate) fn event_json(trace: &Trace, e: &TraceEvent) -> Value {
    to_value(&EventJson::plain(trace, e))
}

/// A declared run-result type as a JSON value (it has only string keys: it cannot fail).
fn to_value(json: &impl serde::Serialize) -> Value {
    serde_json::to_value(json).unwrap_or_default()
}

fn param_json(v: &super::Value) -> Value {
    use super::Value as V;
    match v {
        V::Int(i) => json!(i),
        V::Float(f) => json!(f),
        V::Bool(b) => json!(b),
        V::Choice(s) | V::Text(s) => json!(s),
        V::IntList(l) => json!(l),
    }
}

/// The JSON the page publishes for a run, as compact text: the run-result, or
/// `{"compare":[A,B]}` in Compare mode, each written straight from its declared types (a big
/// run's tree of values would cost as much again).
///
/// # Examples
/// ```
/// use std::rc::Rc;
/// use asyncio_playground::scenarios::{find, published_json, run_virtual};
/// let lock = find("lock").unwrap();
/// let (a, b) = (run_virtual(lock, &lock.defaults()), run_virtual(lock, &lock.values([("use_lock", "true")]).unwrap()));
/// let both = serde_json::json!({"compare": [a.to_json(), b.to_json()]});
/// assert_eq!(published_json(&[Rc::new(a), Rc::new(b)]), both.to_string());
/// ```
pub fn published_json(results: &[std::rc::Rc<RunResult>]) -> String {
    match results {
        [one] => one.to_json_compact(),
        many => format!("{{\"compare\":[{}]}}", many.iter().map(|r| r.to_json_compact()).collect::<Vec<_>>().join(",")),
    }
}
