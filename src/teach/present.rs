//! What the page says about a run, worked out in plain Rust so that the UI only displays it:
//! the scenario buttons' names, the Compare switch's two sides in words, every result row
//! (a message for its label, the run-result key beside it, the value rounded for people),
//! the sentence on two different "elapsed" values, and the real clock's speed.
//!
//! The run-result JSON keeps full precision; what is rounded here is only what people read,
//! and rounded the way the headlines round it, so no number on the page contradicts another.

use serde_json::Value;

use crate::i18n::{fmt_num, Msg};
use crate::scenarios::Outcome;

/// The message naming a scenario on its button (the id stays in the URL and the CLI).
pub fn scenario_name(id: &str) -> &'static str {
    match id {
        "sleep" => "pick-sleep",
        "gather" => "pick-gather",
        "taskgroup" => "pick-taskgroup",
        "lock" => "pick-lock",
        "blocking" => "pick-blocking",
        "timeout" => "pick-timeout",
        "bounded-fetch" => "pick-bounded-fetch",
        "mistakes" => "pick-mistakes",
        _ => "pick-other",
    }
}

/// The two sides of a scenario's Compare, in words: `one after another`, `at the same time`.
pub fn compare_sides(id: &str) -> Option<(Msg, Msg)> {
    let pair = |a: &'static str, b: &'static str| Some((Msg::new(a), Msg::new(b)));
    match id {
        "gather" => pair("compare-gather-a", "compare-gather-b"),
        "lock" => pair("compare-lock-a", "compare-lock-b"),
        "taskgroup" => pair("compare-taskgroup-a", "compare-taskgroup-b"),
        "blocking" => pair("compare-blocking-a", "compare-blocking-b"),
        "timeout" => pair("compare-timeout-a", "compare-timeout-b"),
        "bounded-fetch" => Some((Msg::new("compare-fetch").arg("n", 1i64), Msg::new("compare-fetch").arg("n", 10i64))),
        _ => None,
    }
}

/// The Compare switch's sentence: `Compare: one after another ↔ at the same time`.
pub fn compare_label(id: &str) -> Option<Msg> {
    compare_sides(id).map(|(a, b)| Msg::new("controls-compare").arg("a", a).arg("b", b))
}

/// A ratio as people read it: one decimal, as the headlines write it (`4.7`).
///
/// ```
/// use asyncio_playground::teach::present::round_ratio;
/// assert_eq!(round_ratio(4.747907), 4.7);
/// assert_eq!(round_ratio(5.0), 5.0);
/// ```
pub fn round_ratio(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A shown value.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// Seconds of loop time: `1.5 s`.
    Secs(f64),
    /// A ratio, rounded for people: `4.7×`.
    Ratio(f64),
    /// A plain number (a count).
    Number(f64),
    /// yes / no, in the reader's language.
    YesNo(bool),
    /// A Python value or text (an exception, a list, a warning), shown as code.
    Code(String),
    /// A list of records (the fetch errors, the printed log), one line each.
    Records(Vec<String>, usize),
    /// Nothing (`None`, an empty list).
    Nothing,
}

impl Shown {
    /// The value as text (seconds with `s`, ratios with `×`, yes/no as the message id's
    /// English word); the UI writes yes/no in the reader's language.
    pub fn text(&self) -> String {
        match self {
            Shown::Secs(s) => format!("{} s", fmt_num(*s)),
            Shown::Ratio(r) => format!("{}×", fmt_num(*r)),
            Shown::Number(n) => fmt_num(*n),
            Shown::YesNo(b) => if *b { "yes" } else { "no" }.into(),
            Shown::Code(c) => c.clone(),
            Shown::Records(lines, more) => {
                let mut out = lines.join("; ");
                if *more > 0 {
                    out.push_str(&format!("; +{more}"));
                }
                out
            }
            Shown::Nothing => "—".into(),
        }
    }
}

/// One row of the results: its label (a message), the run-result key it shows (code), and
/// the value.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub label: Msg,
    pub key: String,
    pub value: Shown,
}

/// The results of one run as rows, with a sentence when two rows say "elapsed" about
/// different things.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    pub rows: Vec<Row>,
    /// `main() measured 0 s; the loop ran until 1 s, …`: set when the program's own
    /// `elapsed` and the loop time differ.
    pub elapsed_note: Option<Msg>,
}

/// How many records a list shows before `… and N more`.
pub const RECORDS_SHOWN: usize = 12;

/// The message for a run-result outcome key, if the page has one.
pub fn key_label(key: &str) -> Option<&'static str> {
    Some(match key {
        "max_heartbeat_gap" => "result-max_heartbeat_gap",
        "worker_used" => "result-worker_used",
        "ok" => "result-ok",
        "errors" => "result-errors",
        "max_in_flight" => "result-max_in_flight",
        "ideal" => "result-ideal",
        "sequential_elapsed" => "result-sequential_elapsed",
        "concurrent_elapsed" => "result-concurrent_elapsed",
        "results" => "result-results",
        "speedup" => "result-speedup",
        "counter" => "result-counter",
        "expected" => "result-expected",
        "lost_updates" => "result-lost_updates",
        "warning" => "result-warning",
        "ran" => "result-ran",
        "result" => "result-result",
        "saved" => "result-saved",
        "dangling" => "result-dangling",
        "requests" => "result-requests",
        "blocking_elapsed" => "result-blocking_elapsed",
        "async_elapsed" => "result-async_elapsed",
        "bad_waiting" => "result-bad_waiting",
        "good_raised" => "result-good_raised",
        "good_at" => "result-good_at",
        "waited" => "result-waited",
        "jobs" => "result-jobs",
        "cores" => "result-cores",
        "workers" => "result-workers",
        "primes" => "result-primes",
        "on_loop_elapsed" => "result-on_loop_elapsed",
        "parallel_elapsed" => "result-parallel_elapsed",
        "log" => "result-log",
        "raised" => "result-raised",
        "exceptions" => "result-exceptions",
        "states" => "result-states",
        "orphans" => "result-orphans",
        "timed_out" => "result-timed_out",
        "cleanup_ran" => "result-cleanup_ran",
        "cancelled_at" => "result-cancelled_at",
        "tasks" => "result-tasks",
        "python" => "result-python",
        "error" => "result-error",
        "elapsed" => "result-elapsed-main",
        _ => return None,
    })
}

fn timed(key: &str) -> bool {
    ["elapsed", "gap", "ideal", "_at", "waited"].iter().any(|w| key.contains(w))
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or(n.to_string(), fmt_num),
        Value::String(s) => s.clone(),
        Value::Null => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        other => {
            let s = other.to_string();
            match s.char_indices().nth(300) {
                Some((i, _)) => format!("{}…", &s[..i]),
                None => s,
            }
        }
    }
}

/// How a value of `key` is shown.
pub fn shown(key: &str, v: &Value) -> Shown {
    match v {
        Value::Null => Shown::Nothing,
        Value::Bool(b) => Shown::YesNo(*b),
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(0.0);
            if key == "speedup" {
                Shown::Ratio(round_ratio(x))
            } else if timed(key) {
                Shown::Secs(x)
            } else {
                Shown::Number(x)
            }
        }
        Value::String(s) => Shown::Code(s.clone()),
        Value::Array(items) if items.is_empty() => Shown::Nothing,
        Value::Array(items) if items.iter().any(Value::is_object) => {
            let lines = items
                .iter()
                .take(RECORDS_SHOWN)
                .map(|item| match item.as_object() {
                    Some(fields) => fields.values().map(scalar).collect::<Vec<_>>().join(" — "),
                    None => scalar(item),
                })
                .collect();
            Shown::Records(lines, items.len().saturating_sub(RECORDS_SHOWN))
        }
        other => Shown::Code(scalar(other)),
    }
}

/// The rows of a run: every outcome value under its label, then the loop time. The
/// program's own `elapsed` is one row with the loop time when both say the same; when
/// they differ both are shown, and `elapsed_note` says what each measures.
///
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::present::result_rows;
/// let s = find("taskgroup").unwrap();
/// let run = run_virtual(s, &s.values([("mode", "gather")]).unwrap());
/// let rows = result_rows(run.report.result.as_ref().unwrap(), run.report.elapsed);
/// assert!(rows.elapsed_note.is_some());
/// let t = find("timeout").unwrap();
/// let run = run_virtual(t, &t.defaults());
/// let rows = result_rows(run.report.result.as_ref().unwrap(), run.report.elapsed);
/// assert_eq!(rows.rows.iter().filter(|r| r.key == "elapsed").count(), 1);
/// assert!(rows.elapsed_note.is_none());
/// ```
pub fn result_rows(outcome: &Outcome, loop_elapsed: f64) -> Rows {
    let own = outcome.get("elapsed").and_then(Value::as_f64);
    let differ = own.is_some_and(|e| (e - loop_elapsed).abs() > 1e-9);
    let mut rows: Vec<Row> = outcome
        .iter()
        .filter(|(k, _)| k.as_str() != "elapsed" || differ)
        .map(|(k, v)| Row { label: Msg::new(key_label(k).unwrap_or("result-other")).arg("key", k.clone()), key: k.clone(), value: shown(k, v) })
        .collect();
    rows.push(Row { label: Msg::new("results-elapsed"), key: "elapsed".into(), value: Shown::Secs(loop_elapsed) });
    let elapsed_note = own.filter(|_| differ).map(|main| Msg::new("results-elapsed-note").arg("main", main).arg("loop", loop_elapsed));
    Rows { rows, elapsed_note }
}

/// The real clock's speed, said with the run: `ran at 10× speed: 0.682 s for the guide's
/// 6 s` (`scale`: wall seconds per guide-second; `wall`: the measured wall time; `guide`:
/// the loop time). The wall time is rounded as the wall-time row rounds it.
///
/// ```
/// use asyncio_playground::teach::present::speed_sentence;
/// use asyncio_playground::i18n::Lang;
/// assert_eq!(speed_sentence(0.1, 0.6821, 6.0).text(Lang::En), "ran at 10× speed: 0.682 s for the guide's 6 s");
/// assert_eq!(speed_sentence(2.0, 12.004, 6.0).text(Lang::En), "ran at 0.5× speed (slowed down): 12.004 s for the guide's 6 s");
/// assert_eq!(speed_sentence(1.0, 6.01, 6.0).text(Lang::En), "ran at the guide's own speed: 6.01 s for the guide's 6 s");
/// ```
pub fn speed_sentence(scale: f64, wall: f64, guide: f64) -> Msg {
    let wall = round_wall(wall);
    let speed = speed_factor(scale);
    let id = if (scale - 1.0).abs() < 1e-9 {
        "results-speed-same"
    } else if scale < 1.0 {
        "results-speed-faster"
    } else {
        "results-speed-slower"
    };
    Msg::new(id).arg("speed", speed).arg("wall", wall).arg("guide", guide)
}

/// How many times faster than the guide's time the real clock runs at `scale`, rounded
/// for people (`10`, `3.3`, `0.5`).
pub fn speed_factor(scale: f64) -> f64 {
    if scale <= 0.0 {
        return 0.0;
    }
    let x = 1.0 / scale;
    if x >= 10.0 {
        x.round()
    } else {
        (x * 10.0).round() / 10.0
    }
}

/// A measured wall time as the page shows it: to the millisecond.
pub fn round_wall(wall: f64) -> f64 {
    (wall * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::scenarios::{all, find, run_virtual};

    #[test]
    fn every_outcome_key_of_every_scenario_has_a_label() {
        for (s, case, run) in crate::scenarios::every_case_run() {
            let Ok(outcome) = &run.report.result else { continue };
            for k in outcome.keys() {
                assert!(key_label(k).is_some(), "{} {case}: no label for {k}", s.id);
            }
        }
    }

    #[test]
    fn rows_agree_with_the_run_result() {
        // Every number on a row is the run-result's, rounded only where people read a ratio.
        for (s, case, run) in crate::scenarios::every_case_run() {
            let Ok(outcome) = &run.report.result else { continue };
            let rows = result_rows(outcome, run.report.elapsed);
            for row in &rows.rows {
                let json = if row.key == "elapsed" && row.label == Msg::new("results-elapsed") {
                    Some(run.report.elapsed)
                } else {
                    outcome.get(&row.key).and_then(Value::as_f64)
                };
                match (&row.value, json) {
                    (Shown::Secs(x) | Shown::Number(x), Some(j)) => assert_eq!(*x, j, "{} {case} {}", s.id, row.key),
                    (Shown::Ratio(x), Some(j)) => assert!((x - j).abs() <= 0.05 + 1e-12, "{} {case} {}", s.id, row.key),
                    (Shown::Nothing | Shown::YesNo(_) | Shown::Code(_) | Shown::Records(..), _) => {}
                    (v, j) => panic!("{} {case} {}: {v:?} for {j:?}", s.id, row.key),
                }
            }
            assert_eq!(rows.rows.iter().filter(|r| r.key == "elapsed").count(), if rows.elapsed_note.is_some() { 2 } else { 1 });
        }
    }

    #[test]
    fn the_ratio_row_and_the_headline_say_the_same() {
        let s = find("gather").unwrap();
        let mut outcome = Outcome::new();
        outcome.insert("speedup".into(), 4.747907.into());
        assert_eq!(shown("speedup", &outcome["speedup"]).text(), "4.7×");
        let run = run_virtual(s, &s.defaults());
        let headline = s.headline(&run.params, run.report.result.as_ref().unwrap()).text(Lang::En);
        let row = result_rows(run.report.result.as_ref().unwrap(), run.report.elapsed).rows.into_iter().find(|r| r.key == "speedup").unwrap();
        assert!(headline.contains(&row.value.text()), "{headline} / {}", row.value.text());
    }

    #[test]
    fn speed_is_said_for_people() {
        assert_eq!(speed_factor(0.1), 10.0);
        assert_eq!(speed_factor(0.3), 3.3);
        assert_eq!(speed_factor(0.01), 100.0);
        assert_eq!(speed_factor(4.0), 0.3);
        assert_eq!(speed_sentence(0.1, 0.68, 6.0).text(Lang::En), "ran at 10× speed: 0.68 s for the guide's 6 s");
    }

    #[test]
    fn every_scenario_has_a_name_and_the_compared_ones_their_sides() {
        for s in all() {
            assert_ne!(scenario_name(s.id), "pick-other", "{}", s.id);
            assert_eq!(s.compare.is_some(), compare_sides(s.id).is_some(), "{}", s.id);
        }
    }
}
