//! Predict first: questions asked before a run, answered by the run alone, and a verdict that
//! teaches.
//!
//! - [`questions`] are made from a scenario's current parameters (so any values make a fair
//!   question), as each scenario declares them beside its program (its `PREDICT`:
//!   `crate::scenarios::question`); each has an id — the run-result `outcome` key it asks about, or `elapsed`
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
use crate::runtime::{EventKind, Trace};
use crate::scenarios::question::Wrong;
pub use crate::scenarios::question::{close, Kind, Question};
use crate::scenarios::questions;
use crate::scenarios::{RunResult, Scenario, Values};

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
    questions::of(scenario.id).map_or_else(Vec::new, |p| (p.questions)(v))
}

/// What the run says for question `id`, and the event that decides it: read from the run's
/// outcome or trace alone (each scenario's `PREDICT` says how). `None` when the run has no
/// such value (it did not complete).
pub fn expected(run: &RunResult, id: &str) -> Option<(Value, Option<usize>)> {
    run.report.result.as_ref().ok()?;
    let predict = questions::of(run.scenario.id)?;
    let value = (predict.answer)(run, id)?;
    let step = (predict.step)(run, id).or(run.report.trace.events.len().checked_sub(1));
    Some((value, step))
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
    (1..=end).rev().find_map(|n| crate::decimal::parse_f64(text.get(..n)?).ok()).filter(|v| v.is_finite())
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
    let p = |name: &str| run.params.float(name).unwrap_or(0.0);
    let (g, e) = (given.as_f64(), expected.as_f64());
    let entry = questions::of(run.scenario.id).and_then(|q| (q.why)(&Wrong { run, id, given, expected }));
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
