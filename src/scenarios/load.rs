//! A run-result JSON in its loadable form ([`RunResult::to_loadable_json`], and what
//! `static/py/virtual_asyncio` writes) read back into a [`RunResult`]: deserialised into the
//! declared [`RunJson`], then the scenario and its values, the clock, how the run ended
//! (`ended`), how the main task ended (`main`), and the trace — tasks, await stacks and
//! every event rebuilt from the structured fields its kind carries (never from the `detail`
//! sentences or `end`, which are for people). The page builds its [`Study`](crate::teach::Study) of an
//! own program's run this way, from the JSON the Pyodide worker returns (`"scenario":
//! "code"`); the test suite loads every scenario's run back and requires the same run.
//!
//! A malformed run-result is an `Err` naming the place (``events[3]: unknown variant `nap`,
//! expected one of `sleep`, …``, ``events[3]: missing field `until` ``), never a panic.

use std::collections::HashMap;
use std::rc::Rc;

use serde::Deserialize;
use serde_json::Value;

use super::wire::{EventJson, Graph, Kind, MainJson, RunJson, TaskJson};
use super::{code, find, Clock, ClockKind, RunResult, Scenario, WallStats};
use crate::runtime::{Exc, RunReport, StackFrame, TaskInfo, Trace, TraceEvent};

/// Reads a run-result JSON in its loadable form (of a scenario, or of an own program:
/// `"scenario": "code"`).
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, load_run, run_virtual};
/// let gather = find("gather").unwrap();
/// let run = run_virtual(gather, &gather.defaults());
/// let loaded = load_run(&run.to_loadable_json()).unwrap();
/// assert_eq!(loaded.report.trace.events, run.report.trace.events);
/// assert_eq!(loaded.to_json(), run.to_json());
/// let mut json = run.to_loadable_json();
/// json["scenario"] = "nope".into();
/// assert_eq!(load_run(&json).err().unwrap(), "scenario: unknown scenario \"nope\"");
/// ```
pub fn load_run(json: &Value) -> Result<RunResult, String> {
    let mut run: RunJson = RunJson::deserialize(json).map_err(|e| locate(json, e))?;
    let scenario: &'static Scenario = if run.scenario == code::CODE.id {
        &code::CODE
    } else {
        find(&run.scenario).ok_or_else(|| format!("scenario: unknown scenario \"{}\"", run.scenario))?
    };
    let params = params(scenario, &run.params)?;
    let clock = match (run.clock, run.scale) {
        (ClockKind::Virtual, _) => Clock::Virtual,
        (ClockKind::Real, Some(scale)) => Clock::Real { scale },
        (ClockKind::Real, None) => return Err("scale: missing (a real-clock run carries it)".into()),
    };
    let end = run.ended.take().ok_or("ended: missing (how the run ended, as data)")?;
    let result = match run.main.as_ref().ok_or("main: missing (how the main task ended)")? {
        MainJson::Returned => Ok(std::mem::take(&mut run.outcome)),
        MainJson::Raised(exc) => Err(Exc::from(exc)),
        MainJson::Unfinished => Err(end.unfinished_error()),
    };
    let wall = match (clock, run.wall) {
        (Clock::Real { .. }, Some(w)) => Some(WallStats {
            wall: w.elapsed,
            max_lateness: w.max_lateness,
            requests: (w.requests.sent, w.requests.aborted, w.requests.abort_confirmed),
            workers_started: w.workers_started,
        }),
        _ => None,
    };
    let trace = trace(&run.tasks, &run.events)?;
    let source = Rc::new(scenario.source(&params));
    Ok(RunResult { scenario, params, source, clock, report: RunReport { result, elapsed: run.elapsed, end, trace }, wall })
}

/// A deserialising error with the place it is at: the task or event it is in, when it is
/// in one (`events[3]: unknown variant `nap`, …`).
fn locate(json: &Value, error: serde_json::Error) -> String {
    let first_bad = |key: &str, check: fn(&Value) -> Result<(), serde_json::Error>| {
        json.get(key)?.as_array()?.iter().enumerate().find_map(|(i, item)| check(item).err().map(|e| format!("{key}[{i}]: {e}")))
    };
    first_bad("events", |e| <EventJson as Deserialize>::deserialize(e).map(drop))
        .or_else(|| first_bad("tasks", |t| TaskJson::deserialize(t).map(drop)))
        .unwrap_or_else(|| if json.is_object() { error.to_string() } else { "a run-result must be a JSON object".into() })
}

fn params(scenario: &Scenario, given: &serde_json::Map<String, Value>) -> Result<super::Values, String> {
    let texts: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| {
            let text = match v {
                Value::String(s) => s.clone(),
                Value::Array(items) => items.iter().map(Value::to_string).collect::<Vec<_>>().join(","),
                other => other.to_string(),
            };
            (k.clone(), text)
        })
        .collect();
    scenario
        .values(texts.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map_err(|errors| format!("params: {}", errors.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; ")))
}

fn trace(tasks: &[TaskJson], events: &[EventJson]) -> Result<Trace, String> {
    let mut trace = Trace { stacks: vec![Vec::new()], ..Trace::default() };
    let mut ids: HashMap<&str, u32> = HashMap::with_capacity(tasks.len());
    for (i, t) in tasks.iter().enumerate() {
        if t.id as usize != i + 1 {
            return Err(format!("tasks[{i}].id: tasks must be numbered 1, 2, … in order (got {})", t.id));
        }
        ids.insert(t.name.as_str(), t.id);
        trace.tasks.push(TaskInfo { id: t.id, label: t.label.clone(), func: t.func.clone().unwrap_or_default().into(), line: t.line.unwrap_or(0) });
    }
    let mut stacks = Stacks::default();
    trace.events.reserve(events.len());
    for (i, e) in events.iter().enumerate() {
        let at = format!("events[{i}].");
        if e.task as usize > trace.tasks.len() {
            return Err(format!("{at}task: no task {}", e.task));
        }
        let (stack, graph) = match e.kind {
            Kind::Suspend => (stack(&mut trace, &mut stacks, e, &at)?, Graph { awaited_by: awaited_by(&ids, e, &at)?, unstarted: unstarted(&ids, e, &at)? }),
            Kind::Create => (0, Graph { awaited_by: awaited_by(&ids, e, &at)?, unstarted: Vec::new() }),
            _ => (0, Graph::default()),
        };
        let kind = e.to_kind(stack, graph, &at)?;
        trace.events.push(TraceEvent { t: e.t, task: e.task, line: e.line.unwrap_or(0), iter: e.iter, kind });
    }
    Ok(trace)
}

/// `unstarted` of a suspension: each task not yet begun, with the tasks awaiting it, as ids.
fn unstarted(ids: &HashMap<&str, u32>, e: &EventJson, at: &str) -> Result<Vec<(u32, Vec<u32>)>, String> {
    let mut out = Vec::new();
    for (name, by) in e.unstarted.as_deref().unwrap_or_default() {
        let id = *ids.get(name.as_str()).ok_or_else(|| format!("{at}unstarted: no task named \"{name}\""))?;
        let mut waiters = Vec::with_capacity(by.len());
        for w in by {
            waiters.push(*ids.get(w.as_str()).ok_or_else(|| format!("{at}unstarted: no task named \"{w}\""))?);
        }
        waiters.sort_unstable();
        waiters.dedup();
        out.push((id, waiters));
    }
    out.sort_unstable();
    out.dedup_by_key(|(id, _)| *id);
    Ok(out)
}

/// `awaited_by` of a suspension or a creation: the tasks awaiting it, by their names in `tasks`, as task
/// ids in creation order; absent (a run-result written before it existed): none.
fn awaited_by(ids: &HashMap<&str, u32>, e: &EventJson, at: &str) -> Result<Vec<u32>, String> {
    let names = e.awaited_by.as_deref().unwrap_or_default();
    let mut out = Vec::with_capacity(names.len());
    for name in names {
        out.push(*ids.get(name.as_str()).ok_or_else(|| format!("{at}awaited_by: no task named \"{name}\""))?);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The await stacks already in [`Trace::stacks`], each with its index: a stack seen before
/// is found at once, however many distinct ones the run has.
#[derive(Default)]
struct Stacks(HashMap<Vec<StackFrame>, u32>);

/// The await stack below the task's own coroutine (`stack` lists the task's label first,
/// `funcs` the function of each call after it), as an index into [`Trace::stacks`].
fn stack(trace: &mut Trace, stacks: &mut Stacks, e: &EventJson, at: &str) -> Result<u32, String> {
    let calls = e.stack.as_deref().ok_or_else(|| format!("{at}stack: missing"))?;
    let funcs = e.funcs.as_deref().ok_or_else(|| format!("{at}funcs: missing"))?;
    let below = calls.get(1..).unwrap_or_default();
    if funcs.len() != below.len() {
        return Err(format!("{at}funcs: one function for each call of stack after the first ({} for {})", funcs.len(), below.len()));
    }
    let frames: Vec<StackFrame> = funcs.iter().zip(below).map(|(func, call)| StackFrame { func: func.clone().into(), call: call.clone() }).collect();
    if frames.is_empty() {
        return Ok(0); // the trace starts with the empty stack
    }
    if let Some(&i) = stacks.0.get(&frames) {
        return Ok(i);
    }
    let i = u32::try_from(trace.stacks.len()).map_err(|_| format!("{at}stack: too many await stacks"))?;
    trace.stacks.push(frames.clone());
    stacks.0.insert(frames, i);
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Exc;
    use crate::scenarios::wire::ExcJson;
    use crate::scenarios::{every_case_run, run_virtual};
    use serde_json::json;

    #[test]
    fn every_scenario_run_loads_back_into_the_same_run() {
        for (s, query, run) in every_case_run() {
            let loaded = load_run(&run.to_loadable_json()).unwrap_or_else(|e| panic!("{} {query}: {e}", s.id));
            assert_eq!(loaded.report.trace.events, run.report.trace.events, "{} {query}", s.id);
            assert_eq!(loaded.report.trace.tasks, run.report.trace.tasks, "{} {query}", s.id);
            assert_eq!((&loaded.report.end, loaded.report.elapsed), (&run.report.end, run.report.elapsed));
            assert_eq!(loaded.report.result.as_ref().err(), run.report.result.as_ref().err(), "{} {query}", s.id);
            assert_eq!(loaded.to_loadable_json(), run.to_loadable_json(), "{} {query}", s.id);
            assert_eq!(loaded.to_json_text(), run.to_json_text(), "{} {query}", s.id);
        }
    }

    #[test]
    fn bad_fields_are_named() {
        let s = find("sleep").unwrap();
        let good = run_virtual(s, &s.defaults()).to_loadable_json();
        // the first suspension: say_hello() awaits its sleep
        let k = good["events"].as_array().unwrap().iter().position(|e| e["kind"] == "suspend").unwrap();
        let (ks, at_k) = (k.to_string(), format!("events[{k}]"));
        let broken = |path: &[&str], value: Value| {
            let mut j = good.clone();
            let mut at = &mut j;
            for p in path {
                at = match p.parse::<usize>() {
                    Ok(i) => &mut at[i],
                    Err(_) => &mut at[*p],
                };
            }
            *at = value;
            load_run(&j).err().unwrap_or_default()
        };
        assert!(broken(&["events", &ks, "on"], json!("nap")).starts_with(&format!("{at_k}: unknown variant `nap`, expected one of `sleep`")));
        assert!(broken(&["events", "0", "kind"], json!("explode")).starts_with("events[0]: unknown variant `explode`"));
        assert_eq!(broken(&["events", "0", "colour"], json!("red")).split(", expected").next(), Some("events[0]: unknown field `colour`"));
        assert!(broken(&["events", &ks, "until"], Value::Null).starts_with(&format!("{at_k}: invalid type: null, expected f64")));
        assert_eq!(broken(&["events", &ks, "target"], json!(2)), format!("{at_k}: unknown field `target`, expected `until`"));
        assert_eq!(broken(&["events", &ks, "on"], json!("join")), format!("{at_k}: unknown field `until`, expected `target`"));
        assert_eq!(broken(&["events", &ks, "on"], json!("lock")), format!("{at_k}: unknown field `until`"));
        assert_eq!(broken(&["events", "1", "task"], json!(7)), "events[1].task: no task 7");
        assert_eq!(broken(&["tasks", "0", "id"], json!(2)), "tasks[0].id: tasks must be numbered 1, 2, … in order (got 2)");
        assert_eq!(broken(&["tasks", "0", "state"], json!("asleep")).split(", expected").next(), Some("tasks[0]: unknown variant `asleep`"));
        assert_eq!(broken(&["params", "delay"], json!(-1)), "params: delay must be a number from 0 to 60 s (got \"-1\")");
        assert_eq!(broken(&["ended"], Value::Null), "ended: missing (how the run ended, as data)");
        assert!(broken(&["ended", "how"], json!("exploded")).starts_with("unknown variant `exploded`"));
        assert!(broken(&["elapsed"], json!("soon")).starts_with("invalid type: string \"soon\", expected f64"));
        assert_eq!(load_run(&json!([1])).err().unwrap(), "a run-result must be a JSON object");
    }

    #[test]
    fn an_exception_reads_back_as_it_was() {
        let group = Exc::Group { message: "unhandled errors in a TaskGroup".into(), exceptions: vec![Exc::value_error("a"), Exc::new("KeyError", "'b'")] };
        for exc in [Exc::value_error("boom at 2"), Exc::Timeout, Exc::Cancelled(None), Exc::Cancelled(Some("bye".into())), group] {
            assert_eq!(Exc::from(&ExcJson::from(&exc)), exc);
        }
    }
}
