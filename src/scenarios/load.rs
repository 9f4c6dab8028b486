//! A run-result JSON in its loadable form ([`RunResult::to_loadable_json`], and what
//! `static/py/virtual_asyncio` writes) read back into a [`RunResult`]: the scenario and its
//! values, the clock, how the run ended, and the trace — tasks, await stacks and every
//! event rebuilt from the structured fields its kind carries (never from the `detail`
//! sentence, which is for people). The page builds its [`Study`](crate::teach::Study) of an
//! own program's run this way, from the JSON the Pyodide worker returns (`"scenario":
//! "code"`); the test suite loads every scenario's run back and requires the same run.
//!
//! A malformed run-result is an `Err` naming the field (`events[3].on: unknown wait
//! "nap"`), never a panic.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use super::{code, find, Clock, RunResult, Scenario, WallStats};
use crate::runtime::{EventKind, Exc, Prim, Resume, RunEnd, RunReport, StackFrame, TaskInfo, Trace, TraceEvent, WaitOn};

type Fields<'a> = &'a Map<String, Value>;

/// Reads a run-result JSON (of a scenario, or of an own program: `"scenario": "code"`).
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, load_run, run_virtual};
/// let gather = find("gather").unwrap();
/// let run = run_virtual(gather, &gather.defaults());
/// let loaded = load_run(&run.to_loadable_json()).unwrap();
/// assert_eq!(loaded.report.trace.events, run.report.trace.events);
/// assert_eq!(loaded.to_json(), run.to_json());
/// assert_eq!(load_run(&serde_json::json!({"scenario": "nope"})).err().unwrap(), "scenario: unknown scenario \"nope\"");
/// ```
pub fn load_run(json: &Value) -> Result<RunResult, String> {
    let top = json.as_object().ok_or("a run-result must be a JSON object")?;
    let id = str_field(top, "scenario", "")?;
    let scenario: &'static Scenario = if id == code::CODE.id { &code::CODE } else { find(id).ok_or_else(|| format!("scenario: unknown scenario \"{id}\""))? };
    let params = params(scenario, top.get("params"))?;
    let clock = match str_field(top, "clock", "")? {
        "virtual" => Clock::Virtual,
        "real" => Clock::Real { scale: num_field(top, "scale", "")? },
        other => return Err(format!("clock: must be virtual or real (got \"{other}\")")),
    };
    let elapsed = num_field(top, "elapsed", "")?;
    let end = run_end(str_field(top, "end", "")?)?;
    let result = match top.get("outcome").and_then(Value::as_object) {
        Some(o) if o.len() == 1 && o.get("error").is_some_and(Value::is_string) => Err(exception(o["error"].as_str().unwrap_or_default())),
        Some(o) => Ok(o.clone()),
        None => return Err("outcome: must be an object".into()),
    };
    let trace = trace(top)?;
    let wall = match (clock, top.get("wall").and_then(Value::as_object)) {
        (Clock::Real { .. }, Some(w)) => Some(wall_stats(w)?),
        _ => None,
    };
    Ok(RunResult { scenario, params, clock, report: RunReport { result, elapsed, end, trace }, wall })
}

fn params(scenario: &Scenario, params: Option<&Value>) -> Result<super::Values, String> {
    let given = params.and_then(Value::as_object).ok_or("params: must be an object")?;
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

/// `completed`, `deadlock at t=2`, `stopped at t=3.5: reason`.
fn run_end(text: &str) -> Result<RunEnd, String> {
    let at = |s: &str| s.parse::<f64>().map_err(|_| format!("end: not a time: \"{s}\""));
    if text == "completed" {
        Ok(RunEnd::Completed)
    } else if let Some(t) = text.strip_prefix("deadlock at t=") {
        Ok(RunEnd::Deadlock { at: at(t)? })
    } else if let Some((t, reason)) = text.strip_prefix("stopped at t=").and_then(|rest| rest.split_once(": ")) {
        Ok(RunEnd::Stopped { at: at(t)?, reason: reason.to_string() })
    } else {
        Err(format!("end: must be completed, deadlock at t=…, or stopped at t=…: … (got \"{text}\")"))
    }
}

/// An exception from its one-line form, `ValueError: boom` (the inverse of `Exc::describe`).
fn exception(text: &str) -> Exc {
    let (kind, message) = text.split_once(": ").unwrap_or((text, ""));
    match kind {
        "CancelledError" => Exc::Cancelled((!message.is_empty()).then(|| message.to_string())),
        "TimeoutError" if message.is_empty() => Exc::Timeout,
        _ => Exc::new(kind, message),
    }
}

fn wall_stats(w: Fields) -> Result<WallStats, String> {
    let requests = w.get("requests").and_then(Value::as_object).ok_or("wall.requests: must be an object")?;
    let count = |k: &str| requests.get(k).and_then(Value::as_u64).ok_or_else(|| format!("wall.requests.{k}: must be a whole number"));
    Ok(WallStats {
        wall: num_field(w, "elapsed", "wall.")?,
        max_lateness: num_field(w, "max_lateness", "wall.")?,
        requests: (count("sent")?, count("aborted")?, count("abort_confirmed")?),
        workers_started: w.get("workers_started").and_then(Value::as_u64).ok_or("wall.workers_started: must be a whole number")?,
    })
}

fn trace(top: Fields) -> Result<Trace, String> {
    let mut trace = Trace { stacks: vec![Vec::new()], ..Trace::default() };
    let tasks = top.get("tasks").and_then(Value::as_array).ok_or("tasks: must be a list")?;
    for (i, t) in tasks.iter().enumerate() {
        let at = format!("tasks[{i}].");
        let t = t.as_object().ok_or_else(|| format!("tasks[{i}]: must be an object"))?;
        let id = u32_field(t, "id", &at)?;
        if id as usize != i + 1 {
            return Err(format!("{at}id: tasks must be numbered 1, 2, … in order (got {id})"));
        }
        let func = t.get("func").and_then(Value::as_str).map_or("", intern);
        let line = opt_u32(t, "line", &at)?.unwrap_or(0);
        trace.tasks.push(TaskInfo { id, label: str_field(t, "label", &at)?.to_string(), func, line });
    }
    let events = top.get("events").and_then(Value::as_array).ok_or("events: must be a list")?;
    let mut stacks = Stacks::default();
    for (i, e) in events.iter().enumerate() {
        let at = format!("events[{i}].");
        let e = e.as_object().ok_or_else(|| format!("events[{i}]: must be an object"))?;
        let task = u32_field(e, "task", &at)?;
        if task as usize > trace.tasks.len() {
            return Err(format!("{at}task: no task {task}"));
        }
        let kind = kind(&mut trace, &mut stacks, e, &at)?;
        let (t, iter, line) = (num_field(e, "t", &at)?, u32_field(e, "iter", &at)?, opt_u32(e, "line", &at)?.unwrap_or(0));
        trace.events.push(TraceEvent { t, task, line, iter, kind });
    }
    Ok(trace)
}

/// One event's kind from its structured fields.
fn kind(trace: &mut Trace, stacks: &mut Stacks, e: Fields, at: &str) -> Result<EventKind, String> {
    let detail = || str_field(e, "detail", at).map(str::to_string);
    let by = || opt_u32(e, "by", at);
    let prim = || match str_field(e, "prim", at)? {
        "lock" => Ok(Prim::Lock),
        "semaphore" => Ok(Prim::Semaphore),
        other => Err(format!("{at}prim: must be lock or semaphore (got \"{other}\")")),
    };
    Ok(match str_field(e, "kind", at)? {
        "create" => EventKind::Created { parent: opt_u32(e, "parent", at)? },
        "wake" => EventKind::Wake { by: by()? },
        "step" => EventKind::Resumed(match str_field(e, "why", at)? {
            "start" => Resume::Start,
            "yield" => Resume::Yield,
            "woken" => Resume::Woken { by: by()? },
            "cancel" => Resume::Cancel,
            other => return Err(format!("{at}why: must be start, yield, woken or cancel (got \"{other}\")")),
        }),
        "suspend" => {
            let on = wait_on(e, at)?;
            let stack = stack(trace, stacks, e, at)?;
            EventKind::Suspended { on, stack, awaited_by: awaited_by(e, at)? }
        }
        "cancel" => EventKind::CancelRequested { by: by()? },
        "done" => EventKind::Done { result: detail()? },
        "failed" => EventKind::Failed { error: detail()? },
        "cancelled" => EventKind::Cancelled,
        "print" => EventKind::Print(detail()?),
        "blocked" => EventKind::Blocked { secs: num_field(e, "secs", at)?, what: str_field(e, "what", at)?.to_string() },
        "job-start" => EventKind::JobStart { worker: u32_field(e, "worker", at)?, job: str_field(e, "job", at)?.to_string() },
        "job-end" => EventKind::JobEnd {
            worker: u32_field(e, "worker", at)?,
            ok: e.get("ok").and_then(Value::as_bool).ok_or_else(|| format!("{at}ok: must be true or false"))?,
        },
        "warning" => EventKind::Warning(detail()?),
        "acquire" => EventKind::Acquire(prim()?),
        "release" => EventKind::Release(prim()?),
        "event-set" => EventKind::EventSet,
        "deadline" => EventKind::Deadline { at: num_field(e, "at", at)? },
        "deadline-off" => EventKind::DeadlineOff,
        "var" => EventKind::Var {
            name: intern(str_field(e, "name", at)?),
            value: e.get("value").and_then(Value::as_i64).ok_or_else(|| format!("{at}value: must be a whole number"))?,
            global: e.get("global").and_then(Value::as_bool).ok_or_else(|| format!("{at}global: must be true or false"))?,
        },
        other => return Err(format!("{at}kind: unknown kind \"{other}\"")),
    })
}

fn wait_on(e: Fields, at: &str) -> Result<WaitOn, String> {
    Ok(match str_field(e, "on", at)? {
        "sleep" => WaitOn::Sleep { until: num_field(e, "until", at)? },
        "yield" => WaitOn::Yield,
        "lock" => WaitOn::Lock,
        "semaphore" => WaitOn::Semaphore,
        "event" => WaitOn::Event,
        "join" => WaitOn::Join { task: u32_field(e, "target", at)? },
        "gather" => WaitOn::Gather,
        "taskgroup" => WaitOn::TaskGroup,
        "worker" => WaitOn::Worker { job: str_field(e, "job", at)?.to_string() },
        "fetch" => WaitOn::Fetch { url: str_field(e, "url", at)?.to_string() },
        "future" => WaitOn::Future,
        other => return Err(format!("{at}on: unknown wait \"{other}\"")),
    })
}

/// `awaited_by` of a suspension: the names of the tasks awaiting it (`["Task-1"]`), as task
/// ids in creation order; absent (a run-result written before it existed): none.
fn awaited_by(e: Fields, at: &str) -> Result<Vec<u32>, String> {
    let Some(list) = e.get("awaited_by") else { return Ok(Vec::new()) };
    let list = list.as_array().ok_or_else(|| format!("{at}awaited_by: must be a list of task names"))?;
    let mut ids = Vec::with_capacity(list.len());
    for name in list {
        let id = name.as_str().and_then(|n| n.strip_prefix("Task-")).and_then(|n| n.parse::<u32>().ok()).filter(|n| *n > 0);
        ids.push(id.ok_or_else(|| format!("{at}awaited_by: must list task names such as \"Task-1\" (got {name})"))?);
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The await stacks already in [`Trace::stacks`], each with its index: a stack seen before
/// is found at once, however many distinct ones the run has.
#[derive(Default)]
struct Stacks(HashMap<Vec<StackFrame>, u32>);

/// The await stack below the task's own coroutine (`stack` lists the task's label first),
/// as an index into [`Trace::stacks`].
fn stack(trace: &mut Trace, stacks: &mut Stacks, e: Fields, at: &str) -> Result<u32, String> {
    let calls = e.get("stack").and_then(Value::as_array).ok_or_else(|| format!("{at}stack: must be a list"))?;
    let mut frames = Vec::new();
    for call in calls.iter().skip(1) {
        let call = call.as_str().ok_or_else(|| format!("{at}stack: must list calls as text"))?;
        let func = intern(call.split('(').next().unwrap_or(call));
        frames.push(StackFrame { func, call: call.to_string() });
    }
    if frames.is_empty() && !trace.stacks.is_empty() {
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

/// Function and variable names live as long as the program: a trace's names are
/// `&'static str`. Each distinct name read from JSON is kept once (a program has few).
fn intern(name: &str) -> &'static str {
    thread_local! {
        static NAMES: RefCell<HashSet<&'static str>> = RefCell::new(HashSet::new());
    }
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        match names.get(name) {
            Some(known) => *known,
            None => {
                let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
                names.insert(leaked);
                leaked
            }
        }
    })
}

fn str_field<'a>(o: &'a Map<String, Value>, key: &str, at: &str) -> Result<&'a str, String> {
    o.get(key).and_then(Value::as_str).ok_or_else(|| format!("{at}{key}: must be text"))
}

fn num_field(o: Fields, key: &str, at: &str) -> Result<f64, String> {
    o.get(key).and_then(Value::as_f64).filter(|v| v.is_finite()).ok_or_else(|| format!("{at}{key}: must be a number"))
}

fn u32_field(o: Fields, key: &str, at: &str) -> Result<u32, String> {
    opt_u32(o, key, at)?.ok_or_else(|| format!("{at}{key}: must be a whole number"))
}

fn opt_u32(o: Fields, key: &str, at: &str) -> Result<Option<u32>, String> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().and_then(|n| u32::try_from(n).ok()).map(Some).ok_or_else(|| format!("{at}{key}: must be a whole number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{all, run_virtual};
    use serde_json::json;

    #[test]
    fn every_scenario_run_loads_back_into_the_same_run() {
        for s in all() {
            for query in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
                let pairs: Vec<(&str, &str)> = query.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('=')).collect();
                let run = run_virtual(s, &s.values(pairs).unwrap());
                let loaded = load_run(&run.to_loadable_json()).unwrap_or_else(|e| panic!("{} {query}: {e}", s.id));
                assert_eq!(loaded.report.trace.events, run.report.trace.events, "{} {query}", s.id);
                assert_eq!(loaded.report.trace.tasks, run.report.trace.tasks, "{} {query}", s.id);
                assert_eq!((&loaded.report.end, loaded.report.elapsed), (&run.report.end, run.report.elapsed));
                assert_eq!(loaded.to_loadable_json(), run.to_loadable_json(), "{} {query}", s.id);
                assert_eq!(loaded.to_json(), run.to_json(), "{} {query}", s.id);
            }
        }
    }

    #[test]
    fn bad_fields_are_named() {
        let s = find("sleep").unwrap();
        let good = run_virtual(s, &s.defaults()).to_loadable_json();
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
        assert_eq!(broken(&["events", "3", "on"], json!("nap")), "events[3].on: unknown wait \"nap\"");
        assert_eq!(broken(&["events", "0", "kind"], json!("explode")), "events[0].kind: unknown kind \"explode\"");
        assert_eq!(broken(&["events", "1", "task"], json!(7)), "events[1].task: no task 7");
        assert_eq!(broken(&["tasks", "0", "id"], json!(2)), "tasks[0].id: tasks must be numbered 1, 2, … in order (got 2)");
        assert_eq!(broken(&["params", "delay"], json!(-1)), "params: delay must be a number from 0 to 60 s (got \"-1\")");
        assert_eq!(broken(&["end"], json!("exploded")), "end: must be completed, deadlock at t=…, or stopped at t=…: … (got \"exploded\")");
        assert_eq!(broken(&["elapsed"], json!("soon")), "elapsed: must be a number");
        assert_eq!(load_run(&json!([1])).err().unwrap(), "a run-result must be a JSON object");
    }

    #[test]
    fn an_exception_reads_back_as_it_was_described() {
        for text in [
            "ValueError: boom at 2",
            "TimeoutError: ",
            "CancelledError: ",
            "ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions) [ValueError: a; KeyError: 'b']",
        ] {
            assert_eq!(exception(text).describe(), text);
        }
    }
}
