//! Predict first: questions asked before a run, answered by the run alone, and a verdict that
//! teaches.
//!
//! - [`questions`] are made from a scenario's current parameters (so any values make a fair
//!   question); each has an id — the run-result `outcome` key it asks about, or `elapsed`
//!   for the run's own time, or a name for a value read from the trace
//!   (`heartbeats_while_waiting`);
//! - [`judge`] reads every expected value from the finished run (its outcome or its trace —
//!   never a value written here), counts a number right within 5 % or 0.05, and for a wrong
//!   answer picks the likely misconception from a catalogue by *how* it is wrong (an answer
//!   equal to tasks × delay for the concurrent gather: "you added the sleeps"), with the step
//!   that decides it: an index into the run's events, where "Show me" puts the playhead;
//! - [`compare_output`]: an own program's expected output against what it printed, line by
//!   line;
//! - [`Progress`]: which scenarios' questions were all answered right (kept on the device).
//!
//! Everything here is plain Rust over a [`RunResult`]; the page only displays it.

use serde_json::{json, Value};

use crate::i18n::Msg;
use crate::runtime::{EventKind, Prim, Trace, WaitOn};
use crate::scenarios::{RunResult, Scenario, Values};

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

/// The judgement of one answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub question: &'static str,
    /// What was answered, read (`null`: nothing, or nothing readable).
    pub given: Value,
    /// What the run says.
    pub expected: Value,
    pub correct: bool,
    /// The event that decides it, where "Show me" goes.
    pub step: Option<usize>,
    /// The misconception a wrong answer suggests: its message id (the catalogue's entry)
    /// and the sentence.
    pub why: Option<(&'static str, Msg)>,
}

impl Verdict {
    /// `{"question", "given", "expected", "correct", "step"}`: one entry of
    /// `#prediction-result` and of the embed's `prediction-checked` message.
    pub fn to_json(&self) -> Value {
        json!({"question": self.question, "given": self.given, "expected": self.expected, "correct": self.correct, "step": self.step})
    }
}

/// `{"answers": [...]}`, as `#prediction-result` holds it.
pub fn to_json(verdicts: &[Verdict]) -> Value {
    json!({"answers": verdicts.iter().map(Verdict::to_json).collect::<Vec<_>>()})
}

fn num(v: &Values, name: &str) -> f64 {
    v.float(name).unwrap_or(0.0)
}

fn secs(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::Number { secs: true } }
}

fn count(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::Number { secs: false } }
}

fn yes_no(id: &'static str, prompt: Msg) -> Question {
    Question { id, prompt, kind: Kind::YesNo }
}

/// The states the tasks that did not raise can be in, as the taskgroup question offers them.
const STATES: [&str; 4] = ["done", "running", "cancelled", "mixed"];
/// What main()'s handler can catch in the taskgroup scenario.
const CAUGHT: [&str; 3] = ["ValueError", "ExceptionGroup", "nothing"];

/// The questions for `scenario` at `values`, in the order the page asks them.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::find;
/// use asyncio_playground::teach::predict::questions;
/// let gather = find("gather").unwrap();
/// let ids: Vec<&str> = questions(gather, &gather.defaults()).iter().map(|q| q.id).collect();
/// assert_eq!(ids, ["sequential_elapsed", "concurrent_elapsed"]);
/// ```
pub fn questions(scenario: &Scenario, v: &Values) -> Vec<Question> {
    let text = |name: &str| v.text(name).unwrap_or("").to_string();
    match scenario.id {
        "sleep" => vec![secs("elapsed", Msg::new("predict-q-sleep-elapsed").arg("delay", num(v, "delay")))],
        "gather" => {
            let (n, d) = (num(v, "tasks"), num(v, "delay"));
            let mode = text("mode");
            let mut out = Vec::new();
            if mode != "concurrent" {
                out.push(secs("sequential_elapsed", Msg::new("predict-q-gather-sequential").arg("tasks", n).arg("delay", d)));
            }
            if mode != "sequential" {
                out.push(secs("concurrent_elapsed", Msg::new("predict-q-gather-concurrent").arg("tasks", n).arg("delay", d)));
            }
            out
        }
        "taskgroup" => {
            let api = text("mode");
            let states = STATES.iter().map(|s| (*s, Msg::new(state_label(s)))).collect();
            let caught =
                CAUGHT.iter().map(|c| (*c, if *c == "nothing" { Msg::new("predict-caught-nothing") } else { Msg::new("text").arg("text", *c) })).collect();
            let everyone_fails = v.list("fail").is_ok_and(|f| f.len() as f64 >= num(v, "tasks"));
            let mut out = vec![
                Question { id: "states", prompt: Msg::new("predict-q-taskgroup-states").arg("api", api.clone()), kind: Kind::Choice(states) },
                Question { id: "raised", prompt: Msg::new("predict-q-taskgroup-raised").arg("api", api), kind: Kind::Choice(caught) },
            ];
            if everyone_fails {
                // No task is left to ask about.
                out.remove(0);
            }
            out
        }
        "lock" => {
            let prompt = Msg::new("predict-q-lock-counter")
                .arg("workers", num(v, "workers"))
                .arg("lock", Msg::new(if v.bool("use_lock").unwrap_or(true) { "yes" } else { "no" }));
            vec![count("counter", prompt)]
        }
        "blocking" => vec![
            count("heartbeats_while_waiting", Msg::new("predict-q-blocking-heartbeats").arg("mode", text("mode")).arg("block", num(v, "block"))),
            secs("elapsed", Msg::new("predict-q-blocking-elapsed")),
        ],
        "timeout" => {
            let (t, d) = (num(v, "timeout"), num(v, "duration"));
            vec![
                yes_no("timed_out", Msg::new("predict-q-timeout-timed-out").arg("timeout", t).arg("duration", d)),
                secs("elapsed", Msg::new("predict-q-timeout-elapsed")),
                yes_no("cleanup_ran", Msg::new("predict-q-timeout-cleanup")),
            ]
        }
        "bounded-fetch" => {
            let (n, m) = (num(v, "urls"), num(v, "max_concurrent"));
            vec![
                count("max_in_flight", Msg::new("predict-q-fetch-in-flight").arg("urls", n).arg("max", m)),
                secs("elapsed", Msg::new("predict-q-fetch-elapsed").arg("urls", n).arg("latency", num(v, "latency"))),
            ]
        }
        "mistakes" => match text("variant").as_str() {
            "forgot_await" => vec![yes_no("ran", Msg::new("predict-q-forgot-await-ran"))],
            "dangling_task" => vec![yes_no("bad_saved", Msg::new("predict-q-dangling-saved"))],
            "blocking_driver" => vec![
                secs("blocking_elapsed", Msg::new("predict-q-driver-blocking").arg("jobs", num(v, "jobs")).arg("work", num(v, "work"))),
                secs("async_elapsed", Msg::new("predict-q-driver-async")),
            ],
            "no_timeout" => {
                let mut out = vec![yes_no("bad_waiting", Msg::new("predict-q-no-timeout-bad"))];
                if num(v, "hang") > num(v, "timeout") {
                    // (A call that answers before its timeout raises nothing to ask about.)
                    out.insert(0, secs("good_at", Msg::new("predict-q-no-timeout-good").arg("timeout", num(v, "timeout"))));
                }
                out
            }
            "cpu_bound" => vec![
                secs("on_loop_elapsed", Msg::new("predict-q-cpu-loop").arg("jobs", num(v, "jobs")).arg("work", num(v, "work"))),
                secs("parallel_elapsed", Msg::new("predict-q-cpu-parallel").arg("cores", num(v, "cores"))),
            ],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn state_label(s: &str) -> &'static str {
    match s {
        "done" => "predict-state-done",
        "running" => "predict-state-running",
        "cancelled" => "predict-state-cancelled",
        _ => "predict-state-mixed",
    }
}

/// What the run says for question `id`, and the event that decides it: read from the run's
/// outcome or trace alone. `None` when the run has no such value (it did not complete).
pub fn expected(run: &RunResult, id: &str) -> Option<(Value, Option<usize>)> {
    let outcome = run.report.result.as_ref().ok()?;
    let trace = &run.report.trace;
    let key = |k: &str| outcome.get(k).cloned();
    let scenario = run.scenario.id;
    let value = match (scenario, id) {
        ("sleep", "elapsed") | ("blocking", "elapsed") => json!(run.report.elapsed),
        ("taskgroup", "states") => json!(others_state(outcome)?),
        ("taskgroup", "raised") => json!(caught(outcome)),
        ("blocking", "heartbeats_while_waiting") => json!(heartbeats_while_waiting(trace)?),
        ("mistakes", "bad_saved") => json!(key("saved")?.as_array()?.iter().any(|s| s == "bad")),
        _ => key(id)?,
    };
    Some((value, step(run, id)))
}

/// The state of the tasks that did not raise, as main() sees them after the await
/// (`outcome.states` without the failing ones): all the same, or `mixed`.
fn others_state(outcome: &crate::scenarios::Outcome) -> Option<&'static str> {
    let states = outcome.get("states")?.as_array()?;
    let others: Vec<&str> = states.iter().filter_map(Value::as_str).filter(|s| *s != "failed").collect();
    let first = *others.first()?;
    let all_same = others.iter().all(|s| *s == first);
    Some(if all_same { STATES.iter().find(|s| **s == first).copied().unwrap_or("mixed") } else { "mixed" })
}

/// What main()'s `except` caught: the exception's type (`outcome.raised`), or `nothing`.
fn caught(outcome: &crate::scenarios::Outcome) -> String {
    match outcome.get("raised").and_then(Value::as_str) {
        None => "nothing".into(),
        Some(text) => text.split(':').next().unwrap_or(text).trim().to_string(),
    }
}

/// Heartbeats printed between main()'s first print (it starts waiting) and its second (done
/// waiting), in the order the run printed them.
fn heartbeats_while_waiting(trace: &Trace) -> Option<i64> {
    let main_prints: Vec<usize> = prints_of(trace, 1);
    let (from, to) = (*main_prints.first()?, *main_prints.get(1)?);
    Some(trace.events[from..to].iter().filter(|e| e.task != 1 && matches!(e.kind, EventKind::Print(_))).count() as i64)
}

fn prints_of(trace: &Trace, task: u32) -> Vec<usize> {
    trace.events.iter().enumerate().filter(|(_, e)| e.task == task && matches!(e.kind, EventKind::Print(_))).map(|(i, _)| i).collect()
}

fn first(trace: &Trace, f: impl Fn(&crate::runtime::TraceEvent) -> bool) -> Option<usize> {
    trace.events.iter().position(f)
}

fn last(trace: &Trace, f: impl Fn(&crate::runtime::TraceEvent) -> bool) -> Option<usize> {
    trace.events.iter().rposition(f)
}

/// The event that decides question `id` of `run`: the lost update's write, the moment all
/// the tasks are asleep at once, the deadline's cancellation…
fn step(run: &RunResult, id: &str) -> Option<usize> {
    let trace = &run.report.trace;
    let child_created = |e: &crate::runtime::TraceEvent| matches!(e.kind, EventKind::Created { parent: Some(_), .. });
    let any_event = trace.events.len().checked_sub(1);
    let found = match (run.scenario.id, id) {
        ("sleep", _) => last(trace, |e| matches!(e.kind, EventKind::Wake { .. })),
        ("gather", "sequential_elapsed") => {
            let children = first(trace, child_created).unwrap_or(trace.events.len());
            trace.events[..children].iter().rposition(|e| e.task == 1 && matches!(e.kind, EventKind::Wake { .. }))
        }
        ("gather", "concurrent_elapsed") => {
            // The moment every task is asleep at once: the last child to suspend before any wakes.
            let first_wake = first(trace, |e| e.task != 1 && matches!(e.kind, EventKind::Wake { .. })).unwrap_or(trace.events.len());
            trace.events[..first_wake].iter().rposition(|e| e.task != 1 && matches!(e.kind, EventKind::Suspended { on: WaitOn::Sleep { .. }, .. }))
        }
        ("taskgroup", "states") => first(trace, |e| matches!(e.kind, EventKind::CancelRequested { by: Some(_) }))
            .or_else(|| first(trace, |e| matches!(e.kind, EventKind::Failed { .. }) && e.task != 1))
            .or_else(|| last(trace, |e| e.task == 1 && matches!(e.kind, EventKind::Resumed(_)))),
        ("taskgroup", "raised") => first(trace, |e| matches!(e.kind, EventKind::Failed { .. }) && e.task != 1),
        ("lock", _) => lost_update(trace).or_else(|| last(trace, |e| matches!(e.kind, EventKind::Var { name: "counter", .. }))),
        ("blocking", "heartbeats_while_waiting") => first(trace, |e| matches!(e.kind, EventKind::Blocked { .. })).or_else(|| {
            let main_prints = prints_of(trace, 1);
            let from = *main_prints.first()?;
            trace.events.iter().enumerate().skip(from).find(|(_, e)| e.task != 1 && matches!(e.kind, EventKind::Print(_))).map(|(i, _)| i)
        }),
        ("blocking", "elapsed") => last(trace, |e| e.task == 1 && matches!(e.kind, EventKind::Resumed(_))),
        ("timeout", "cleanup_ran") => first(trace, |e| matches!(&e.kind, EventKind::Print(p) if p.contains("finally")))
            .or_else(|| first(trace, |e| matches!(e.kind, EventKind::CancelRequested { .. }))),
        ("timeout", _) | ("mistakes", "good_at") => {
            first(trace, |e| matches!(e.kind, EventKind::CancelRequested { by: None })).or_else(|| first(trace, |e| matches!(e.kind, EventKind::DeadlineOff)))
        }
        ("bounded-fetch", "max_in_flight") => {
            let most = run.report.result.as_ref().ok()?.get("max_in_flight")?.as_i64()?;
            let mut held = 0i64;
            trace.events.iter().position(|e| {
                match e.kind {
                    EventKind::Acquire(Prim::Semaphore) => held += 1,
                    EventKind::Release(Prim::Semaphore) => held -= 1,
                    _ => {}
                }
                held == most && matches!(e.kind, EventKind::Acquire(_))
            })
        }
        ("bounded-fetch", "elapsed") => last(trace, |e| e.task != 1 && matches!(e.kind, EventKind::Done { .. } | EventKind::Failed { .. })),
        ("mistakes", "ran") => first(trace, |e| matches!(e.kind, EventKind::Warning(_))),
        ("mistakes", "bad_saved") => last(trace, |e| matches!(e.kind, EventKind::Cancelled | EventKind::CancelRequested { .. })),
        ("mistakes", "blocking_elapsed") | ("mistakes", "on_loop_elapsed") => last(trace, |e| matches!(e.kind, EventKind::Blocked { .. })),
        ("mistakes", "parallel_elapsed") => last(trace, |e| matches!(e.kind, EventKind::JobEnd { .. })),
        ("mistakes", "async_elapsed") => last(trace, |e| e.task != 1 && matches!(e.kind, EventKind::Done { .. })),
        ("mistakes", "bad_waiting") => last(trace, |e| matches!(e.kind, EventKind::CancelRequested { .. })),
        _ => None,
    };
    found.or(any_event)
}

/// The first write of `counter` that does not raise it above every earlier write: an update
/// lost.
fn lost_update(trace: &Trace) -> Option<usize> {
    let mut highest = i64::MIN;
    for (i, e) in trace.events.iter().enumerate() {
        if let EventKind::Var { name: "counter", value, global: true } = e.kind {
            if value <= highest {
                return Some(i);
            }
            highest = value;
        }
    }
    None
}

/// A number as the learner typed it: `5`, `5.0`, ` 5 s`, `2,5` (a comma as the decimal
/// point); `None` for text with no number in front.
///
/// # Examples
/// ```
/// use asyncio_playground::teach::predict::read_number;
/// assert_eq!(read_number(" 5 s"), Some(5.0));
/// assert_eq!(read_number("2,5"), Some(2.5));
/// assert_eq!(read_number("soon"), None);
/// ```
pub fn read_number(raw: &str) -> Option<f64> {
    let text = raw.trim().replace(',', ".");
    let end = text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')).unwrap_or(text.len());
    (1..=end).rev().find_map(|n| text.get(..n)?.parse::<f64>().ok()).filter(|v| v.is_finite())
}

/// True if `given` counts as `expected`: within 5 % of it, or within 0.05.
///
/// # Examples
/// ```
/// use asyncio_playground::teach::predict::close;
/// assert!(close(1.04, 1.0) && close(0.04, 0.0) && close(102.0, 100.0));
/// assert!(!close(1.2, 1.0) && !close(5.0, 1.0));
/// ```
pub fn close(given: f64, expected: f64) -> bool {
    (given - expected).abs() <= (0.05 * expected.abs()).max(0.05)
}

fn number_json(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        json!(v as i64)
    } else {
        json!(v)
    }
}

/// Reads an answer as the question takes it: a number, `true`/`false`, or an option.
fn read_given(q: &Question, raw: Option<&str>) -> Value {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else { return Value::Null };
    match &q.kind {
        Kind::Number { .. } => read_number(raw).map_or(Value::Null, number_json),
        Kind::YesNo => crate::contract::flag(raw)
            .or(match raw {
                "yes" => Some(true),
                "no" => Some(false),
                _ => None,
            })
            .map_or(Value::Null, Value::Bool),
        Kind::Choice(options) => options.iter().find(|(o, _)| *o == raw).map_or(Value::Null, |(o, _)| json!(o)),
    }
}

/// Judges the answers (`(question id, text as answered)`) against `run`: one verdict per
/// question of the run's scenario and values whose answer the run has. An unanswered
/// question counts as wrong, with no misconception named.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::predict::judge;
/// let gather = find("gather").unwrap();
/// let run = run_virtual(gather, &gather.defaults());
/// let v = judge(&run, &[("sequential_elapsed", "5"), ("concurrent_elapsed", "5")]);
/// assert!(v[0].correct && !v[1].correct);
/// assert_eq!(v[1].why.as_ref().unwrap().0, "predict-why-added-sleeps");
/// ```
pub fn judge(run: &RunResult, answers: &[(&str, &str)]) -> Vec<Verdict> {
    questions(run.scenario, &run.params)
        .into_iter()
        .filter_map(|q| {
            let (expected, step) = expected(run, q.id)?;
            let given = read_given(&q, answers.iter().find(|(id, _)| *id == q.id).map(|(_, a)| *a));
            let correct = match (&given, &expected) {
                (Value::Number(g), Value::Number(e)) => close(g.as_f64()?, e.as_f64()?),
                (Value::Null, _) => false,
                (g, e) => g == e,
            };
            let why = if correct || given.is_null() { None } else { Some(misconception(run, q.id, &given, &expected)) };
            Some(Verdict { question: q.id, given, expected, correct, step, why })
        })
        .collect()
}

/// The catalogue: the misconception a wrong `given` for question `id` suggests, by how it is
/// wrong (equal to the sum of the sleeps, to zero, to the number of workers…), else a plain
/// "too high / too low / not what happens".
fn misconception(run: &RunResult, id: &str, given: &Value, expected: &Value) -> (&'static str, Msg) {
    let v = &run.params;
    let p = |name: &str| v.float(name).unwrap_or(0.0);
    let text = |name: &str| v.text(name).unwrap_or("").to_string();
    let g = given.as_f64();
    let e = expected.as_f64();
    let near = |target: f64| g.is_some_and(|g| close(g, target));
    let entry: Option<&'static str> = match (run.scenario.id, id) {
        ("sleep", _) if near(0.0) => Some("predict-why-sleep-zero"),
        ("gather", "concurrent_elapsed") if near(p("tasks") * p("delay")) => Some("predict-why-added-sleeps"),
        ("gather", "concurrent_elapsed") if near(0.0) => Some("predict-why-gather-instant"),
        ("gather", "sequential_elapsed") if near(p("delay")) => Some("predict-why-sequential-overlap"),
        ("lock", _) if !v.bool("use_lock").unwrap_or(true) && near(p("workers")) => Some("predict-why-atomic-increment"),
        ("lock", _) if v.bool("use_lock").unwrap_or(false) => Some("predict-why-lock-loses"),
        ("blocking", "heartbeats_while_waiting") if text("mode") == "blocking" => Some("predict-why-sleep-keeps-ticking"),
        ("blocking", "heartbeats_while_waiting") if near(0.0) => Some("predict-why-await-frees-loop"),
        ("blocking", "elapsed") if text("mode") == "blocking" && near(p("block")) => Some("predict-why-block-then-beats"),
        ("blocking", "elapsed") if near(p("block") + p("heartbeats") * p("interval")) => Some("predict-why-beats-after"),
        ("timeout", "elapsed") | ("timeout", "timed_out") if outcome_bool(run, "timed_out") && (near(p("duration")) || given == &json!(false)) => {
            Some("predict-why-timeout-waits-call")
        }
        ("timeout", "elapsed") if near(0.0) => Some("predict-why-timeout-at-once"),
        ("timeout", "elapsed") | ("timeout", "timed_out") if !outcome_bool(run, "timed_out") => Some("predict-why-timeout-always-fires"),
        ("timeout", "cleanup_ran") if given == &json!(false) => Some("predict-why-finally-runs"),
        // No cleanup though it timed out: the call was cancelled before its first step.
        ("timeout", "cleanup_ran") if outcome_bool(run, "timed_out") => Some("predict-why-cancelled-before-start"),
        ("timeout", "cleanup_ran") => Some("predict-why-no-cancel-no-cleanup"),
        ("bounded-fetch", "max_in_flight") if g.is_some_and(|g| g > p("max_concurrent")) => Some("predict-why-semaphore-ignored"),
        ("bounded-fetch", "elapsed") if near(p("latency")) && !close(p("latency"), e.unwrap_or(0.0)) => Some("predict-why-all-at-once"),
        ("bounded-fetch", "elapsed") if near(p("urls") * p("latency")) => Some("predict-why-one-at-a-time"),
        ("taskgroup", "states") if given == &json!("cancelled") && text("mode").starts_with("gather") => Some("predict-why-gather-cancels"),
        ("taskgroup", "states") if expected == &json!("done") && text("mode") == "taskgroup" => Some("predict-why-finished-first"),
        ("taskgroup", "states") if expected == &json!("cancelled") => Some("predict-why-taskgroup-waits"),
        ("taskgroup", "states") if expected == &json!("running") => Some("predict-why-gather-waits-all"),
        ("taskgroup", "raised") if expected == &json!("ExceptionGroup") => Some("predict-why-exception-group"),
        ("taskgroup", "raised") if expected == &json!("nothing") => Some("predict-why-return-exceptions"),
        ("taskgroup", "raised") if given == &json!("ExceptionGroup") => Some("predict-why-gather-raises-first"),
        ("taskgroup", "raised") if given == &json!("nothing") => Some("predict-why-error-propagates"),
        ("mistakes", "ran") if given == &json!(true) => Some("predict-why-coroutine-object"),
        ("mistakes", "bad_saved") if given == &json!(true) => Some("predict-why-run-cancels-leftovers"),
        ("mistakes", "blocking_elapsed") if near(p("work")) => Some("predict-why-blocking-overlaps"),
        ("mistakes", "async_elapsed") if near(p("jobs") * p("work")) => Some("predict-why-added-sleeps"),
        ("mistakes", "good_at") if near(p("hang")) => Some("predict-why-timeout-waits-call"),
        ("mistakes", "bad_waiting") if given == &json!(false) => Some("predict-why-no-timeout-waits"),
        ("mistakes", "on_loop_elapsed") if near(p("work")) => Some("predict-why-cpu-overlaps"),
        ("mistakes", "parallel_elapsed") if near(p("jobs") * p("work")) => Some("predict-why-processes-parallel"),
        ("mistakes", "parallel_elapsed") if near(p("work")) && p("cores") < p("jobs") => Some("predict-why-cores-limit"),
        _ => None,
    };
    let id = entry.unwrap_or(match (g, e) {
        (Some(g), Some(e)) if g > e => "predict-why-too-high",
        (Some(_), Some(_)) => "predict-why-too-low",
        _ => "predict-why-other",
    });
    let msg = Msg::new(id)
        .arg("tasks", p("tasks"))
        .arg("delay", p("delay"))
        .arg("workers", p("workers"))
        .arg("max", p("max_concurrent"))
        .arg("cores", p("cores"))
        .arg("expected", shown(expected))
        .arg("given", shown(given));
    (id, msg)
}

fn outcome_bool(run: &RunResult, key: &str) -> bool {
    run.report.result.as_ref().ok().and_then(|o| o.get(key)).and_then(Value::as_bool).unwrap_or(false)
}

/// A value as a verdict shows it: numbers as the page writes them, `true`/`false`, text.
pub fn shown(v: &Value) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or(n.to_string(), crate::i18n::fmt_num),
        Value::String(s) => s.clone(),
        Value::Null => "—".into(),
        other => other.to_string(),
    }
}

/// One line of an own program's output compared with the line expected there.
#[derive(Clone, Debug, PartialEq)]
pub struct LineCompare {
    /// The line the learner expected (`None`: they expected fewer lines).
    pub expected: Option<String>,
    /// The line printed there and the loop time it was printed at (`None`: fewer printed).
    pub actual: Option<(f64, String)>,
    /// True if the two lines are the same (spaces at the ends ignored).
    pub same: bool,
}

/// An own program's expected output (one line per line; blank lines ignored) against the
/// lines `trace` printed, with their times, line by line.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::predict::compare_output;
/// let sleep = find("sleep").unwrap();
/// let run = run_virtual(sleep, &sleep.defaults());
/// let lines = compare_output("start\nstop\n", &run.report.trace);
/// assert!(lines[0].same && !lines[1].same);
/// assert_eq!(lines[1].actual, Some((1.0, "end".to_string())));
/// ```
pub fn compare_output(expected: &str, trace: &Trace) -> Vec<LineCompare> {
    let wanted: Vec<&str> = expected.lines().map(str::trim_end).filter(|l| !l.trim().is_empty()).collect();
    let printed: Vec<(f64, String)> = trace
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Print(text) => Some((e.t, text.clone())),
            _ => None,
        })
        .collect();
    (0..wanted.len().max(printed.len()))
        .map(|i| {
            let expected = wanted.get(i).map(|s| s.to_string());
            let actual = printed.get(i).cloned();
            let same = matches!((&expected, &actual), (Some(e), Some((_, a))) if e.trim() == a.trim());
            LineCompare { expected, actual, same }
        })
        .collect()
}

/// Which scenarios' questions were all answered right, kept on the device (the page stores
/// [`Progress::to_text`] in `localStorage`; nothing leaves the browser).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Scenario ids answered right, in the guide's order.
    pub right: Vec<&'static str>,
}

impl Progress {
    /// Reads what [`Progress::to_text`] wrote; unknown ids and junk are ignored.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::teach::predict::Progress;
    /// let p = Progress::from_text("lock,sleep,nope");
    /// assert_eq!(p.right, ["sleep", "lock"]);
    /// assert_eq!(p.to_text(), "sleep,lock");
    /// ```
    pub fn from_text(text: &str) -> Progress {
        let ids: Vec<&str> = text.split(',').map(str::trim).collect();
        Progress { right: crate::scenarios::all().iter().map(|s| s.id).filter(|id| ids.contains(id)).collect() }
    }

    /// The ids, comma-separated.
    pub fn to_text(&self) -> String {
        self.right.join(",")
    }

    /// Records a judged run of `scenario`: right if every verdict is (a wrong one later
    /// does not take a scenario off the path).
    pub fn record(&mut self, scenario: &'static str, verdicts: &[Verdict]) {
        if !verdicts.is_empty() && verdicts.iter().all(|v| v.correct) && !self.right.contains(&scenario) {
            self.right.push(scenario);
            *self = Progress::from_text(&self.to_text());
        }
    }

    /// Every scenario in the guide's order, with whether it was answered right.
    pub fn path(&self) -> Vec<(&'static Scenario, bool)> {
        crate::scenarios::all().iter().map(|s| (s, self.right.contains(&s.id))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    fn run(id: &str, pairs: &[(&str, &str)]) -> RunResult {
        let s = find(id).unwrap();
        run_virtual(s, &s.values(pairs.iter().copied()).unwrap())
    }

    fn why(run: &RunResult, q: &str, a: &str) -> Option<&'static str> {
        judge(run, &[(q, a)]).into_iter().find(|v| v.question == q).and_then(|v| v.why.map(|w| w.0))
    }

    #[test]
    fn every_scenario_at_its_defaults_asks_and_the_run_answers() {
        for s in crate::scenarios::all() {
            let r = run_virtual(s, &s.defaults());
            let qs = questions(s, &s.defaults());
            assert!(!qs.is_empty(), "{} asks nothing", s.id);
            let v = judge(&r, &[]);
            assert_eq!(v.len(), qs.len(), "{}: every question answered by the run", s.id);
            assert!(v.iter().all(|v| !v.correct && v.step.is_some() && v.why.is_none()), "{}", s.id);
        }
    }

    #[test]
    fn numbers_count_within_five_percent_or_five_hundredths() {
        let r = run("gather", &[]);
        let v = judge(&r, &[("sequential_elapsed", "5.2 s"), ("concurrent_elapsed", "1.04")]);
        assert!(v.iter().all(|v| v.correct), "{v:?}");
        assert_eq!(v[0].given, json!(5.2));
        let v = judge(&r, &[("sequential_elapsed", "5.3"), ("concurrent_elapsed", "0")]);
        assert!(v.iter().all(|v| !v.correct));
        assert_eq!(v[1].why.as_ref().unwrap().0, "predict-why-gather-instant");
        assert_eq!(v[0].why.as_ref().unwrap().0, "predict-why-too-high");
    }

    #[test]
    fn the_catalogue_names_how_an_answer_is_wrong() {
        let gather = run("gather", &[("tasks", "5"), ("delay", "1")]);
        assert_eq!(why(&gather, "concurrent_elapsed", "5"), Some("predict-why-added-sleeps"));
        assert_eq!(why(&gather, "sequential_elapsed", "1"), Some("predict-why-sequential-overlap"));
        let lock = run("lock", &[("use_lock", "false")]);
        assert_eq!(why(&lock, "counter", "100"), Some("predict-why-atomic-increment"));
        let blocking = run("blocking", &[("mode", "blocking")]);
        assert_eq!(why(&blocking, "heartbeats_while_waiting", "20"), Some("predict-why-sleep-keeps-ticking"));
        let sleeping = run("blocking", &[("mode", "sleep")]);
        assert_eq!(why(&sleeping, "heartbeats_while_waiting", "0"), Some("predict-why-await-frees-loop"));
        let timeout = run("timeout", &[]);
        assert_eq!(why(&timeout, "elapsed", "10"), Some("predict-why-timeout-waits-call"));
        assert_eq!(why(&timeout, "elapsed", "0"), Some("predict-why-timeout-at-once"));
        assert_eq!(why(&timeout, "cleanup_ran", "no"), Some("predict-why-finally-runs"));
        let at_once = run("timeout", &[("api", "wait_for"), ("timeout", "0")]);
        assert_eq!(why(&at_once, "cleanup_ran", "yes"), Some("predict-why-cancelled-before-start"));
        let in_time = run("timeout", &[("duration", "1")]);
        assert_eq!(why(&in_time, "cleanup_ran", "yes"), None, "a call done in time runs its finally too");
        let gather_tg = run("taskgroup", &[("mode", "gather")]);
        assert_eq!(why(&gather_tg, "states", "cancelled"), Some("predict-why-gather-cancels"));
        assert_eq!(why(&gather_tg, "raised", "ExceptionGroup"), Some("predict-why-gather-raises-first"));
        let tg = run("taskgroup", &[("mode", "taskgroup")]);
        assert_eq!(why(&tg, "states", "running"), Some("predict-why-taskgroup-waits"));
        assert_eq!(why(&tg, "raised", "ValueError"), Some("predict-why-exception-group"));
        let fetch = run("bounded-fetch", &[]);
        assert_eq!(why(&fetch, "max_in_flight", "50"), Some("predict-why-semaphore-ignored"));
        assert_eq!(why(&fetch, "elapsed", "0.5"), Some("predict-why-all-at-once"));
        assert_eq!(why(&fetch, "elapsed", "25"), Some("predict-why-one-at-a-time"));
        let forgot = run("mistakes", &[("variant", "forgot_await")]);
        assert_eq!(why(&forgot, "ran", "yes"), Some("predict-why-coroutine-object"));
        let cpu = run("mistakes", &[("variant", "cpu_bound")]);
        assert_eq!(why(&cpu, "on_loop_elapsed", "1"), Some("predict-why-cpu-overlaps"));
        assert_eq!(why(&cpu, "parallel_elapsed", "4"), Some("predict-why-processes-parallel"));
    }

    #[test]
    fn show_me_goes_to_the_step_that_decides() {
        let lock = run("lock", &[("use_lock", "false"), ("workers", "5")]);
        let v = judge(&lock, &[("counter", "5")]);
        let k = v[0].step.unwrap();
        assert!(matches!(lock.report.trace.events[k].kind, EventKind::Var { name: "counter", value: 1, .. }), "the lost update's write");
        let writes_of_1: Vec<usize> = (0..lock.report.trace.events.len())
            .filter(|&i| matches!(lock.report.trace.events[i].kind, EventKind::Var { name: "counter", value: 1, .. }))
            .collect();
        assert_eq!(k, writes_of_1[1], "the second write of counter = 1");
        let gather = run("gather", &[("mode", "concurrent"), ("tasks", "5")]);
        let k = judge(&gather, &[])[0].step.unwrap();
        let trace = &gather.report.trace;
        let asleep = trace.events[..=k].iter().filter(|e| e.task != 1 && matches!(e.kind, EventKind::Suspended { .. })).count();
        assert_eq!(asleep, 5, "all five are asleep at once here");
        let timeout = run("timeout", &[]);
        let k = judge(&timeout, &[])[0].step.unwrap();
        assert!(matches!(timeout.report.trace.events[k].kind, EventKind::CancelRequested { by: None }), "the deadline's cancellation");
        assert_eq!(timeout.report.trace.events[k].t, 2.0);
    }

    #[test]
    fn progress_keeps_the_guides_order_and_only_all_right_runs() {
        let mut p = Progress::default();
        let gather = run("gather", &[]);
        p.record("gather", &judge(&gather, &[("sequential_elapsed", "5"), ("concurrent_elapsed", "5")]));
        assert!(p.right.is_empty());
        p.record("gather", &judge(&gather, &[("sequential_elapsed", "5"), ("concurrent_elapsed", "1")]));
        let sleep = run("sleep", &[]);
        p.record("sleep", &judge(&sleep, &[("elapsed", "1")]));
        assert_eq!(p.to_text(), "sleep,gather");
        assert_eq!(p.path().iter().filter(|(_, right)| *right).count(), 2);
    }

    #[test]
    fn own_output_is_compared_line_by_line_with_times() {
        let r = run("sleep", &[]);
        let lines = compare_output("start\n\nend\nmore\n", &r.report.trace);
        assert_eq!(lines.len(), 3);
        assert!(lines[0].same && lines[1].same && !lines[2].same);
        assert_eq!(lines[2].actual, None);
        assert_eq!(lines[1].actual.as_ref().unwrap().0, 1.0);
    }

    #[test]
    fn the_json_has_the_contracts_shape() {
        let r = run("lock", &[]);
        let j = to_json(&judge(&r, &[("counter", "100")]));
        assert_eq!(j, json!({"answers": [{"question": "counter", "given": 100, "expected": 100, "correct": true, "step": j["answers"][0]["step"]}]}));
        assert!(j["answers"][0]["step"].is_u64());
    }
}
