//! The run-result JSON, declared once: the types serde writes and reads, in the order their
//! keys appear. [`RunResult::to_json`](super::RunResult::to_json) builds a [`RunJson`] of a
//! run and serialises it (the *plain* form: what the page publishes, the CLI prints and the
//! exports save); [`RunResult::to_loadable_json`](super::RunResult::to_loadable_json) fills
//! in the structured fields too (the *loadable* form, which `static/py/virtual_asyncio` also
//! writes for an own program); [`super::load_run`] deserialises a [`RunJson`] and builds the
//! run from its structured fields. A field only one form has is an `Option`, left out when
//! empty; a key no type declares is an error.
//!
//! Plain: `{scenario, params, clock, elapsed, end, tasks: [{id, name, label, start, end,
//! state, error?}], events: [{t, task, kind, detail, iter, line?, stack?, awaited_by?}],
//! outcome, scale?, wall?, diagnostics?}`. Loadable adds each event's fields of its kind ([`EventJson`]),
//! each task's `func` and `line`, the run's end as data (`ended`, a [`RunEnd`]) and how the
//! main task ended (`main`, a [`MainJson`]). The `detail` sentences and `end` are for
//! people, written from [`Trace::detail`](crate::runtime::Trace::detail) and [`RunEnd`]'s
//! English, and never read back.

mod event;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use event::{EventJson, Graph, Kind, Why, SUSPEND_KEYS};

use super::ClockKind;
use crate::runtime::{Exc, RunEnd, TaskEnd};

/// A whole run-result. Its events are a list of [`EventJson`] when read; written, they may
/// be anything that serialises as that list (the executor writes each event as it goes,
/// [`super::RunResult::to_json`], so a big run's JSON needs no second copy of its events).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunJson<Events = Vec<EventJson>> {
    /// The scenario's id, or `code` for an own program.
    pub scenario: String,
    /// The parameters, each as its natural JSON value (`"tasks": 5`, `"mode": "both"`).
    pub params: Map<String, Value>,
    /// `virtual` or `real`.
    pub clock: ClockKind,
    /// Loop time when the main task finished (or when the run was cut short), in seconds.
    pub elapsed: f64,
    /// How the run ended, in English (`completed`, `deadlock at t=2`, `stopped at t=3: …`);
    /// written by the executor, not read (the loadable `ended` says it as data).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// Every task, in creation order (`id` 1, 2, …).
    pub tasks: Vec<TaskJson>,
    /// Every event, in the order it happened.
    pub events: Events,
    /// The scenario's outcome values, or `{"error": "Type: message"}`.
    pub outcome: Map<String, Value>,
    /// Real clock: wall seconds per guide-second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<f64>,
    /// Real clock: what the wall clock measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<WallJson>,
    /// Loadable: how the run ended, as data (`{"how": "stopped", "at": 3.0, "reason":
    /// {"horizon": 3.0}}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<RunEnd>,
    /// Loadable: how the main task ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main: Option<MainJson>,
    /// What the run says about the program's mistakes (`super::diagnostics`), left out when
    /// there are none; worked out from the trace, so never read back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<DiagnosticJson>,
}

/// One diagnostic: `{"kind": "deadlock", "line": 9, "task": "Task-2", "at": 0.0, "text": …}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagnosticJson {
    /// What it is about: `never-awaited`, `never-retrieved`, `dropped-task`, `blocking-call`,
    /// `slow-step`, `cpu-bound`, `no-timeout` or `deadlock`.
    pub kind: String,
    /// The program's line (0: none).
    pub line: u32,
    /// The task, as asyncio names it (`Task-2`).
    pub task: String,
    /// Loop time, in seconds.
    pub at: f64,
    /// What it says, in English.
    pub text: String,
}

/// How the main task ended: `"returned"` (its outcome is `outcome`), `{"raised": {…}}`, or
/// `"unfinished"` (the run was stopped first: the run's result is
/// [`RunEnd::unfinished_error`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MainJson {
    /// It returned.
    Returned,
    /// It raised this.
    Raised(ExcJson),
    /// It had not finished when the run ended.
    Unfinished,
}

/// A task's entry in `tasks`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskJson {
    /// `Task-{id}`'s number, counted from 1 in creation order.
    pub id: u32,
    /// asyncio's name of it, `Task-3`.
    pub name: String,
    /// What it runs, `fetch(3)`.
    pub label: String,
    /// When it was created (`null`: not in this trace).
    pub start: Option<f64>,
    /// When it ended (`null`: it had not).
    pub end: Option<f64>,
    /// How it ended.
    pub state: TaskState,
    /// The exception it raised (`failed`), as `Type: message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Loadable: the coroutine function it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub func: Option<String>,
    /// Loadable: the line of that function's `def`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

/// How a task ended, as the task table records it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskState {
    /// Not finished when the run ended.
    #[default]
    Pending,
    /// It returned.
    Done,
    /// It raised.
    Failed,
    /// It ended with `CancelledError`.
    Cancelled,
}

impl From<Option<TaskEnd>> for TaskState {
    /// A task's state in the task table: how it ended, or pending.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::runtime::TaskEnd;
    /// use asyncio_playground::scenarios::wire::TaskState;
    /// assert_eq!(TaskState::from(Some(TaskEnd::Failed)), TaskState::Failed);
    /// assert_eq!(TaskState::from(None), TaskState::Pending);
    /// ```
    fn from(end: Option<TaskEnd>) -> TaskState {
        match end {
            None => TaskState::Pending,
            Some(TaskEnd::Done) => TaskState::Done,
            Some(TaskEnd::Failed) => TaskState::Failed,
            Some(TaskEnd::Cancelled) => TaskState::Cancelled,
        }
    }
}

/// What a real-clock run measured on the wall clock.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallJson {
    /// Wall time of the whole run, in seconds.
    pub elapsed: f64,
    /// The largest delay between a timer's deadline and the moment it ran, in guide-seconds.
    pub max_lateness: f64,
    /// The requests sent with `fetch()`.
    pub requests: RequestsJson,
    /// Web Workers started for `to_thread`.
    pub workers_started: u64,
}

/// `wall.requests`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestsJson {
    /// Requests sent.
    pub sent: u64,
    /// Requests aborted while in flight.
    pub aborted: u64,
    /// Of those, the ones the browser confirmed cancelled (`AbortError`) by the end.
    pub abort_confirmed: u64,
}

/// An exception as data: `{"type": "ValueError", "message": "boom"}`; a group lists its
/// members in `exceptions`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcJson {
    /// `type(exc).__name__`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `str(exc)`; a group's own message (without its count of sub-exceptions).
    pub message: String,
    /// A group's members, in the order they were raised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exceptions: Option<Vec<ExcJson>>,
}

impl From<&Exc> for ExcJson {
    fn from(exc: &Exc) -> Self {
        match exc {
            Exc::Group { message, exceptions } => {
                ExcJson { kind: exc.type_name().into(), message: message.clone(), exceptions: Some(exceptions.iter().map(ExcJson::from).collect()) }
            }
            other => ExcJson { kind: other.type_name().into(), message: other.to_string(), exceptions: None },
        }
    }
}

impl From<&ExcJson> for Exc {
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::runtime::Exc;
    /// use asyncio_playground::scenarios::wire::ExcJson;
    /// for exc in [Exc::value_error("boom"), Exc::Timeout, Exc::Cancelled(Some("bye".into()))] {
    ///     assert_eq!(Exc::from(&ExcJson::from(&exc)), exc);
    /// }
    /// ```
    fn from(json: &ExcJson) -> Self {
        match (json.kind.as_str(), &json.exceptions) {
            (_, Some(members)) => Exc::Group { message: json.message.clone(), exceptions: members.iter().map(Exc::from).collect() },
            ("CancelledError", None) => Exc::Cancelled((!json.message.is_empty()).then(|| json.message.clone())),
            ("TimeoutError", None) if json.message.is_empty() => Exc::Timeout,
            (kind, None) => Exc::new(kind, json.message.clone()),
        }
    }
}
