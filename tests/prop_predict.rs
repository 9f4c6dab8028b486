//! Property test of Predict first (`teach::predict`) over random parameter sets of every
//! scenario: each generated question's expected value is the run's own (its `outcome` key,
//! its `elapsed`, or what its trace shows), the run's own value is judged right, every
//! verdict has a step inside the run, and the typical wrong answers get the catalogue's
//! misconception (tasks × delay for the concurrent gather: "you added the sleeps"…).
//!
//! Seeded and deterministic: `PROPTEST_SEED` (default in `tests/common`) picks the cases; a
//! failure prints the seed and the parameter set that fails.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::runtime::EventKind;
use asyncio_playground::scenarios::{all, run_virtual, ParamKind, ParamSpec, Scenario};
use asyncio_playground::teach::predict::{close, judge, questions, shown, Verdict};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use serde_json::{json, Value};

const CASES: u32 = 240;

/// A value for `p` from `pick` (a number in 0..1 per draw), kept small so each run is quick.
fn value(p: &ParamSpec, pick: &mut impl FnMut() -> f64) -> String {
    match &p.kind {
        ParamKind::Int { min, max, .. } => {
            let hi = (*max).min(min + 30);
            (min + ((hi - min + 1) as f64 * pick()) as i64).min(hi).to_string()
        }
        ParamKind::Float { min, max, .. } => {
            let hi = max.min(min + 4.0);
            let v = ((min + (hi - min) * pick()) * 100.0).round() / 100.0;
            format!("{}", v.clamp(*min, *max))
        }
        ParamKind::Bool { .. } => (pick() < 0.5).to_string(),
        ParamKind::Choice { options, .. } => options[((options.len() as f64 * pick()) as usize).min(options.len() - 1)].0.to_string(),
        ParamKind::IntList { .. } => {
            let n = (pick() * 3.0) as usize;
            let mut items: Vec<i64> = (0..n).map(|_| (pick() * 4.0) as i64).collect();
            items.sort_unstable();
            items.dedup();
            items.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        }
        ParamKind::Text { default, .. } => default.to_string(),
    }
}

/// What the run shows for question `id`, worked out here from the run-result JSON (not
/// through `teach::predict`).
fn from_the_run(json: &Value, id: &str) -> Value {
    let outcome = &json["outcome"];
    let prints = |task: u64| -> Vec<usize> {
        json["events"].as_array().unwrap().iter().enumerate().filter(|(_, e)| e["kind"] == "print" && e["task"] == task).map(|(i, _)| i).collect()
    };
    match (json["scenario"].as_str().unwrap(), id) {
        ("sleep" | "blocking", "elapsed") => json["elapsed"].clone(),
        ("blocking", "heartbeats_while_waiting") => {
            let main = prints(1);
            let events = json["events"].as_array().unwrap();
            json!(events[main[0]..main[1]].iter().filter(|e| e["kind"] == "print" && e["task"] != 1).count())
        }
        ("taskgroup", "states") => {
            let others: Vec<&str> = outcome["states"].as_array().unwrap().iter().filter_map(Value::as_str).filter(|s| *s != "failed").collect();
            json!(if others.iter().all(|s| *s == others[0]) { others[0] } else { "mixed" })
        }
        ("taskgroup", "raised") => json!(outcome["raised"].as_str().map_or("nothing", |r| r.split(':').next().unwrap().trim())),
        ("mistakes", "bad_saved") => json!(outcome["saved"].as_array().unwrap().contains(&json!("bad"))),
        _ => outcome[id].clone(),
    }
}

/// Typical wrong answers and the catalogue entry each should get, for this run: only those
/// that are wrong for it.
fn typical_wrong(s: &Scenario, json: &Value) -> Vec<(&'static str, String, &'static str)> {
    let p = |name: &str| json["params"][name].as_f64().unwrap_or(0.0);
    let text = |name: &str| json["params"][name].as_str().unwrap_or("").to_string();
    let mut out: Vec<(&'static str, String, &'static str)> = Vec::new();
    let mut wrong = |id: &'static str, given: String, why: &'static str| out.push((id, given, why));
    match s.id {
        "gather" => {
            wrong("concurrent_elapsed", format!("{}", p("tasks") * p("delay")), "predict-why-added-sleeps");
            wrong("sequential_elapsed", format!("{}", p("delay")), "predict-why-sequential-overlap");
        }
        "lock" if json["params"]["use_lock"] == false => wrong("counter", format!("{}", p("workers")), "predict-why-atomic-increment"),
        "blocking" if text("mode") == "blocking" => wrong("heartbeats_while_waiting", format!("{}", p("heartbeats")), "predict-why-sleep-keeps-ticking"),
        "blocking" => wrong("heartbeats_while_waiting", "0".into(), "predict-why-await-frees-loop"),
        "timeout" if json["outcome"]["timed_out"] == true => wrong("elapsed", format!("{}", p("duration")), "predict-why-timeout-waits-call"),
        "bounded-fetch" => wrong("max_in_flight", format!("{}", p("urls")), "predict-why-semaphore-ignored"),
        "taskgroup" if text("mode") == "gather" => wrong("states", "cancelled".into(), "predict-why-gather-cancels"),
        "taskgroup" if text("mode") == "taskgroup" && json["outcome"]["states"].as_array().unwrap().contains(&json!("cancelled")) => {
            wrong("states", "running".into(), "predict-why-taskgroup-waits")
        }
        "mistakes" if text("variant") == "forgot_await" => wrong("ran", "yes".into(), "predict-why-coroutine-object"),
        "mistakes" if text("variant") == "cpu_bound" => wrong("on_loop_elapsed", format!("{}", p("work")), "predict-why-cpu-overlaps"),
        _ => {}
    }
    out
}

fn is_right(given: &str, expected: &Value) -> bool {
    match expected.as_f64() {
        Some(e) => given.parse::<f64>().is_ok_and(|g| close(g, e)),
        None => match expected {
            Value::Bool(b) => (given == "yes") == *b,
            other => other.as_str() == Some(given),
        },
    }
}

#[test]
fn questions_are_answered_by_the_run_and_wrong_answers_name_the_catalogues_misconception() {
    let seed = common::seed("PROPTEST_SEED");
    eprintln!("predict property: seed {seed}, {CASES} random parameter sets over {} scenarios", all().len());
    let mut runner = TestRunner::new(Config { cases: CASES, rng_seed: RngSeed::Fixed(seed), failure_persistence: None, ..Config::default() });
    let strategy = (0..all().len(), prop::collection::vec(0.0f64..1.0, 16));
    let (judged, misconceptions) = (std::cell::Cell::new(0u32), std::cell::Cell::new(0u32));
    runner
        .run(&strategy, |(which, draws)| {
            let s = &all()[which];
            let mut draws = draws.into_iter().cycle();
            let mut pick = || draws.next().unwrap();
            let raw: Vec<(&str, String)> = s.params.iter().filter(|p| p.name != "targets").map(|p| (p.name, value(p, &mut pick))).collect();
            let Ok(values) = s.values(raw.iter().map(|(n, r)| (*n, r.as_str()))) else { return Ok(()) };
            let case = format!("{}?{}", s.id, values.to_query());
            let run = run_virtual(s, &values);
            let json = run.to_json();
            let asked = questions(s, &values);
            prop_assert!(!asked.is_empty(), "{case}: no question");
            if run.report.result.is_err() {
                return Ok(());
            }
            let verdicts = judge(&run, &[]);
            prop_assert_eq!(verdicts.len(), asked.len(), "{}: every question is answered by the run", case);
            let events = run.report.trace.events.len();
            for v in &verdicts {
                prop_assert_eq!(&v.expected, &from_the_run(&json, v.question), "{}: {} expected", case, v.question);
                prop_assert!(v.step.is_some_and(|k| k < events), "{}: {} has no step in the run", case, v.question);
                prop_assert!(!v.correct && v.given.is_null() && v.why.is_none(), "{}: an unanswered question", case);
            }
            // The run's own values, as the page shows them, are right.
            let right: Vec<(&str, String)> = verdicts.iter().map(|v| (v.question, answer_text(v))).collect();
            let again = judge(&run, &right.iter().map(|(q, a)| (*q, a.as_str())).collect::<Vec<_>>());
            prop_assert!(again.iter().all(|v| v.correct), "{}: the run's own values judged wrong: {:?}", case, again);
            judged.set(judged.get() + 1);
            for (id, given, why) in typical_wrong(s, &json) {
                let Some(expected) = verdicts.iter().find(|v| v.question == id).map(|v| v.expected.clone()) else { continue };
                if is_right(&given, &expected) {
                    continue;
                }
                let v = judge(&run, &[(id, given.as_str())]).into_iter().find(|v| v.question == id).unwrap();
                prop_assert!(!v.correct, "{}: {}={} judged right", case, id, given);
                prop_assert_eq!(v.why.as_ref().map(|w| w.0), Some(why), "{}: {}={} (the run: {})", case, id, given, shown(&expected));
                misconceptions.set(misconceptions.get() + 1);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    eprintln!("predict property: {} runs judged, {} typical wrong answers named", judged.get(), misconceptions.get());
    assert!(judged.get() > CASES / 2, "too few valid parameter sets");
}

/// The answer a learner reading the run would type.
fn answer_text(v: &Verdict) -> String {
    match &v.expected {
        Value::Bool(b) => if *b { "yes" } else { "no" }.to_string(),
        other => shown(other),
    }
}

#[test]
fn a_heartbeat_count_is_what_the_trace_printed() {
    let s = asyncio_playground::scenarios::find("blocking").unwrap();
    let run = run_virtual(s, &s.values([("mode", "sleep"), ("heartbeats", "30"), ("interval", "0.1"), ("block", "1")]).unwrap());
    let v = judge(&run, &[("heartbeats_while_waiting", "9")]);
    let printed = run.report.trace.events.iter().filter(|e| e.task == 2 && matches!(e.kind, EventKind::Print(_)) && e.t < 1.0).count();
    assert_eq!(v[0].expected, json!(printed));
}
