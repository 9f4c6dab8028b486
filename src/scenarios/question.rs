//! Predict first's questions, as each scenario declares them beside its program: the
//! scenario module's `PREDICT` (each mistake's file its own) says which questions its
//! parameters make, what a finished run answers to each, the event that decides it, and the
//! misconception a wrong answer suggests, by how it is wrong.
//!
//! This module is what a question is, with the helpers the declarations share;
//! `super::questions` finds a scenario's (so that each scenario imports this module and
//! nothing imports a scenario back). Only the teaching views reach them (`teach::predict`
//! judges the answers), so no question is compiled into the first chunk.

use serde_json::{json, Value};

use super::{RunResult, Values};
use crate::i18n::Msg;
use crate::runtime::{EventKind, Trace, TraceEvent};

/// How a question is answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A number (`secs`: a time in seconds, else a count).
    Number {
        /// True for a time in seconds.
        secs: bool,
    },
    /// Yes or no.
    YesNo,
    /// One of these (value, label).
    Choice(Vec<(&'static str, Msg)>),
}

/// One question, made from the parameters before the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    /// The run-result `outcome` key it asks about (or `elapsed`, or a trace-derived name);
    /// the form control's `name`.
    pub id: &'static str,
    /// The question, in the reader's language.
    pub prompt: Msg,
    pub kind: Kind,
}

/// A scenario's questions: what it asks, and how its runs answer.
pub struct Predict {
    /// The questions at these values, in the order the page asks them.
    pub questions: fn(&Values) -> Vec<Question>,
    /// What the finished run answers to question `id` (`None`: the run has no such value).
    pub answer: fn(&RunResult, &str) -> Option<Value>,
    /// The event that decides question `id`: an index into the run's events.
    pub step: fn(&RunResult, &str) -> Option<usize>,
    /// The catalogue's message id for a wrong answer, by how it is wrong (`None`: a plain
    /// "too high / too low / not what happens").
    pub why: fn(&Wrong) -> Option<&'static str>,
}

/// A wrong answer, as a scenario's catalogue reads it.
pub struct Wrong<'a> {
    pub run: &'a RunResult,
    /// The question.
    pub id: &'a str,
    pub given: &'a Value,
    pub expected: &'a Value,
}

impl Wrong<'_> {
    /// The run's parameter `name` as a number (0 if it has none).
    pub fn p(&self, name: &str) -> f64 {
        self.run.params.float(name).unwrap_or(0.0)
    }

    /// The run's parameter `name` as text ("" if it has none).
    pub fn text(&self, name: &str) -> &str {
        self.run.params.text(name).unwrap_or("")
    }

    /// True if the answer is a number that counts as `target` ([`close`]).
    pub fn near(&self, target: f64) -> bool {
        self.given.as_f64().is_some_and(|g| close(g, target))
    }

    /// The run's outcome value `key`, when it is `true`.
    pub fn outcome_true(&self, key: &str) -> bool {
        outcome(self.run, key).and_then(|v| v.as_bool()).unwrap_or(false)
    }
}

/// True if `given` counts as `expected`: within 5 % of it, or within 0.05.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::question::close;
/// assert!(close(1.04, 1.0) && close(0.04, 0.0) && close(102.0, 100.0));
/// assert!(!close(1.2, 1.0) && !close(5.0, 1.0));
/// ```
pub fn close(given: f64, expected: f64) -> bool {
    (given - expected).abs() <= (0.05 * expected.abs()).max(0.05)
}

/// The parameter `name` as a number (0 if there is none).
pub fn num(v: &Values, name: &str) -> f64 {
    v.float(name).unwrap_or(0.0)
}

/// A question answered by a time in seconds.
pub fn secs(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::Number { secs: true } }
}

/// A question answered by a count.
pub fn count(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::Number { secs: false } }
}

/// A question answered by yes or no.
pub fn yes_no(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::YesNo }
}

/// The run's outcome value `key` (`None`: the run did not complete, or has no such key).
pub fn outcome(run: &RunResult, key: &str) -> Option<Value> {
    run.report.result.as_ref().ok()?.get(key).cloned()
}

/// The run's measured time, as a question's answer.
pub fn elapsed(run: &RunResult) -> Option<Value> {
    Some(json!(run.report.elapsed))
}

/// The first event of `trace` that `f` picks.
pub fn first(trace: &Trace, f: impl Fn(&TraceEvent) -> bool) -> Option<usize> {
    trace.events.iter().position(f)
}

/// The last event of `trace` that `f` picks.
pub fn last(trace: &Trace, f: impl Fn(&TraceEvent) -> bool) -> Option<usize> {
    trace.events.iter().rposition(f)
}

/// The events at which `task` printed.
pub fn prints_of(trace: &Trace, task: u32) -> Vec<usize> {
    trace.events.iter().enumerate().filter(|(_, e)| e.task == task && matches!(e.kind, EventKind::Print(_))).map(|(i, _)| i).collect()
}
