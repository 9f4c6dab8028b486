//! Running a scenario and the run-result JSON — one shape everywhere (page, CLI, exports,
//! embeds):
//! `{scenario, params, clock, elapsed, end, tasks: [{id, name, label, start, end, state,
//! error?}], events: [{t, task, kind, detail, iter, line?, stack?}], outcome: {…}}`, times
//! in seconds. Its loadable form adds structured fields ([`RunResult::to_loadable_json`]),
//! which [`super::load_run`] reads back.

use serde_json::{json, Map, Value};

use super::{Outcome, Scenario, Values};
use crate::runtime::{EventKind, Resume, RunEnd, RunReport, Runner, Trace, TraceEvent, VirtualRun, WaitOn};

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

/// The two clocks, as a reader picks one (the page's radio buttons, the URL's `clock=`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClockKind {
    /// Deterministic virtual time.
    Virtual,
    /// The browser's timers.
    Real,
}

impl ClockKind {
    /// The name used in URLs and run-results.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::scenarios::{Clock, ClockKind};
    /// assert_eq!(Clock::Real { scale: 0.1 }.kind().as_str(), "real");
    /// assert_eq!(ClockKind::Virtual.as_str(), "virtual");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ClockKind::Virtual => "virtual",
            ClockKind::Real => "real",
        }
    }

    /// The clock named `virtual` or `real`; `None` for any other text.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::scenarios::ClockKind;
    /// assert_eq!(ClockKind::parse("real"), Some(ClockKind::Real));
    /// assert_eq!(ClockKind::parse("fast"), None);
    /// ```
    pub fn parse(name: &str) -> Option<ClockKind> {
        [ClockKind::Virtual, ClockKind::Real].into_iter().find(|k| k.as_str() == name)
    }
}

/// What a real-clock run measured on the wall clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WallStats {
    /// Wall time of the whole run, in seconds.
    pub wall: f64,
    /// The largest delay between a timer's deadline and the moment it ran, in guide-seconds.
    pub max_lateness: f64,
    /// Requests sent with `fetch()`, aborted while in flight, and of those, confirmed
    /// cancelled by the browser (`AbortError`) by the end of the run.
    pub requests: (u64, u64, u64),
    /// Web Workers started for `to_thread`.
    pub workers_started: u64,
}

/// A finished run of a scenario.
pub struct RunResult {
    pub scenario: &'static Scenario,
    pub params: Values,
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
    VirtualRunning { scenario, params: values.clone(), run: runner.start_with(&start.entry, start.program) }
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
        let report = self.run.finish("stopped by the user");
        RunResult { scenario: self.scenario, params: self.params, clock: Clock::Virtual, report, wall: None }
    }
}

impl RunResult {
    /// The run-result JSON.
    pub fn to_json(&self) -> Value {
        self.json(true)
    }

    /// The run-result JSON with `events` empty: what [`super::export`] writes around the
    /// events, which it writes a slice at a time.
    pub fn to_json_without_events(&self) -> Value {
        self.json(false)
    }

    fn json(&self, with_events: bool) -> Value {
        let trace = &self.report.trace;
        // Each task's start, end, state and error, from one pass over the events (the
        // last of each kind wins, as it would in the task's own order).
        let mut lives = vec![Life::default(); trace.tasks.len()];
        for e in &trace.events {
            let Some(life) = (e.task as usize).checked_sub(1).and_then(|i| lives.get_mut(i)) else { continue };
            match &e.kind {
                EventKind::Created { .. } => life.start = Some(e.t),
                EventKind::Done { .. } => (life.end, life.state) = (Some(e.t), "done"),
                EventKind::Failed { error } => (life.end, life.state, life.error) = (Some(e.t), "failed", Some(error.as_str())),
                EventKind::Cancelled => (life.end, life.state) = (Some(e.t), "cancelled"),
                _ => {}
            }
        }
        let mut tasks = Vec::with_capacity(trace.tasks.len());
        for (info, life) in trace.tasks.iter().zip(lives) {
            let mut task = json!({"id": info.id, "name": info.name(), "label": info.label, "start": life.start, "end": life.end, "state": life.state});
            if let Some(error) = life.error {
                task["error"] = json!(error);
            }
            tasks.push(task);
        }
        let events: Vec<Value> = if with_events { trace.events.iter().map(|e| event_json(trace, e)).collect() } else { Vec::new() };
        let params: Map<String, Value> = self.params.iter().map(|(n, v)| (n.to_string(), param_json(v))).collect();
        let outcome = match &self.report.result {
            Ok(outcome) => Value::Object(outcome.clone()),
            Err(e) => json!({"error": e.describe()}),
        };
        let mut out = json!({
            "scenario": self.scenario.id,
            "params": params,
            "clock": self.clock.kind().as_str(),
            "elapsed": self.report.elapsed,
            "end": match &self.report.end {
                RunEnd::Completed => "completed".to_string(),
                RunEnd::Deadlock { at } => format!("deadlock at t={at}"),
                RunEnd::Stopped { at, reason } => format!("stopped at t={at}: {reason}"),
            },
            "tasks": tasks,
            "events": events,
            "outcome": outcome,
        });
        if let (Clock::Real { scale }, Some(wall)) = (self.clock, self.wall) {
            out["scale"] = json!(scale);
            out["wall"] = json!({
                "elapsed": wall.wall,
                "max_lateness": wall.max_lateness,
                "requests": {"sent": wall.requests.0, "aborted": wall.requests.1, "abort_confirmed": wall.requests.2},
                "workers_started": wall.workers_started,
            });
        }
        out
    }

    /// The run-result JSON with what [`super::load_run`] needs to rebuild the run: every
    /// event's structured fields (see [`event_fields`]) and each task's `func` and `line`
    /// (its `def`). `static/py/virtual_asyncio` writes this form for an own program; the
    /// page publishes the plain [`RunResult::to_json`] of what it loaded.
    pub fn to_loadable_json(&self) -> Value {
        let trace = &self.report.trace;
        let mut out = self.to_json();
        if let Some(events) = out["events"].as_array_mut() {
            for (json, e) in events.iter_mut().zip(&trace.events) {
                if let (Value::Object(map), Value::Object(fields)) = (json, event_fields(trace, e)) {
                    map.extend(fields);
                }
            }
        }
        if let Some(tasks) = out["tasks"].as_array_mut() {
            for (json, info) in tasks.iter_mut().zip(&trace.tasks) {
                if !info.func.is_empty() {
                    json["func"] = json!(info.func);
                }
                if info.line != 0 {
                    json["line"] = json!(info.line);
                }
            }
        }
        out
    }

    /// The last moment of the run (the timeline's right edge).
    pub fn end_time(&self) -> f64 {
        self.report.trace.events.last().map_or(0.0, |e| e.t).max(self.report.elapsed)
    }
}

/// A task's life as the run-result's `tasks` entry tells it.
#[derive(Clone, Copy)]
struct Life<'a> {
    start: Option<f64>,
    end: Option<f64>,
    state: &'static str,
    error: Option<&'a str>,
}

impl Default for Life<'_> {
    fn default() -> Self {
        Life { start: None, end: None, state: "pending", error: None }
    }
}

/// One event: `{t, task, kind, detail, iter, line?, stack?, awaited_by?}` — `line` where
/// the task's program line is known, `stack` (the await stack as calls) and `awaited_by`
/// (the names of the tasks awaiting it then, CPython 3.14's
/// `capture_call_graph(task).awaited_by`) on suspensions.
pub(super) fn event_json(trace: &Trace, e: &TraceEvent) -> Value {
    let mut out = json!({"t": e.t, "task": e.task, "kind": e.kind.name(), "detail": trace.detail(&e.kind), "iter": e.iter});
    if e.line != 0 {
        out["line"] = json!(e.line);
    }
    if let EventKind::Suspended { stack, awaited_by, .. } = &e.kind {
        out["stack"] = json!(trace.stack_calls(e.task, *stack));
        out["awaited_by"] = json!(awaited_by.iter().map(|t| trace.task_name(*t)).collect::<Vec<_>>());
    }
    out
}

/// The structured fields of an event's kind (the `detail` says the same for people):
/// `parent` (create), `by` (wake, step, cancel: a task id; absent for the loop), `why`
/// (step: `start`, `yield`, `woken`, `cancel`), `on` (suspend: `sleep`, `yield`, `lock`,
/// `semaphore`, `event`, `join`, `gather`, `taskgroup`, `worker`, `fetch`, `future`) with
/// `until` / `target` / `job` / `url`, and `stack` (the await stack as calls), `secs` and
/// `what` (blocked), `worker`, `job`, `ok` (job-start, job-end), `prim` (acquire, release),
/// `at` (deadline), `name`, `value`, `global` (var).
fn event_fields(trace: &Trace, e: &TraceEvent) -> Value {
    let by = |by: &Option<u32>| by.map_or(json!({}), |b| json!({"by": b}));
    match &e.kind {
        EventKind::Created { parent: Some(p) } => json!({"parent": p}),
        EventKind::Wake { by: b } | EventKind::CancelRequested { by: b } => by(b),
        EventKind::Resumed(why) => {
            let (word, b) = match why {
                Resume::Start => ("start", None),
                Resume::Yield => ("yield", None),
                Resume::Woken { by } => ("woken", *by),
                Resume::Cancel => ("cancel", None),
            };
            let mut out = by(&b);
            out["why"] = json!(word);
            out
        }
        EventKind::Suspended { on, stack, .. } => {
            let mut out = match on {
                WaitOn::Sleep { until } => json!({"on": "sleep", "until": until}),
                WaitOn::Join { task } => json!({"on": "join", "target": task}),
                WaitOn::Worker { job } => json!({"on": "worker", "job": job}),
                WaitOn::Fetch { url } => json!({"on": "fetch", "url": url}),
                other => json!({"on": other.word()}),
            };
            out["stack"] = json!(trace.stack_calls(e.task, *stack));
            out
        }
        EventKind::Blocked { secs, what } => json!({"secs": secs, "what": what}),
        EventKind::JobStart { worker, job } => json!({"worker": worker, "job": job}),
        EventKind::JobEnd { worker, ok } => json!({"worker": worker, "ok": ok}),
        EventKind::Acquire(prim) | EventKind::Release(prim) => json!({"prim": prim.name()}),
        EventKind::Deadline { at } => json!({"at": at}),
        EventKind::Var { name, value, global } => json!({"name": name, "value": value, "global": global}),
        _ => json!({}),
    }
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
