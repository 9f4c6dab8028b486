//! Big runs are worked out in time linear in their size: what the page does with a finished
//! run before it first shows it — reading an own program's run-result back (`load_run`),
//! the view at the playhead (`step_view`, the last event at first display) and the
//! run-result JSON it publishes and exports (`RunResult::to_json`) — takes at most a few
//! times sixteen as long for sixteen times the tasks. Each was quadratic once: a scan of every
//! event per task (`to_json`), of the ready queue and the timers per step (`step_view`), of
//! every await stack seen so far per suspension (`load_run`), which froze the page for
//! seconds on `lock workers=10000 hold=10 compare=1` and on an own program gathering 40 000
//! sleeping tasks (issue 23). Timings are compared within one test, so the machine's speed
//! cancels out; a quadratic step would make the ratio about 256.
#![cfg(not(target_arch = "wasm32"))]

use std::time::{Duration, Instant};

use asyncio_playground::scenarios::{find, load_run, run_virtual, RunResult};
use asyncio_playground::teach::step_view;
use serde_json::{json, Value};

/// How much longer the large case may take than the small one (16× the size: linear is 16,
/// quadratic 256; caches and allocation make linear work somewhat worse than 16).
const MAX_RATIO: f64 = 64.0;

/// One measurement at a time: the tests of this file run in parallel otherwise.
static TIMING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The least time `f` takes over a few tries (the small case is quick, so noise is cut).
fn least(tries: usize, mut f: impl FnMut()) -> Duration {
    let _one = TIMING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    (0..tries)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn assert_linear(what: &str, small: Duration, large: Duration) {
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-6);
    eprintln!("{what}: {small:?} for n, {large:?} for 16n (×{ratio:.1})");
    assert!(ratio < MAX_RATIO, "{what} is not linear: {small:?} for n, {large:?} for 16n (×{ratio:.1}, at most ×{MAX_RATIO})");
}

/// `lock` with `workers` tasks all sleeping at once (no lock: every task holds a timer).
fn lock_run(workers: usize) -> RunResult {
    let lock = find("lock").unwrap();
    let workers = workers.to_string();
    run_virtual(lock, &lock.values([("workers", workers.as_str()), ("hold", "10"), ("use_lock", "false")]).unwrap())
}

#[test]
fn the_run_result_json_takes_time_linear_in_the_tasks() {
    let (small, large) = (load_run(&own_run(2000)).unwrap(), load_run(&own_run(32_000)).unwrap());
    let t_small = least(3, || drop(small.to_json()));
    let t_large = least(1, || drop(large.to_json()));
    assert_linear("to_json", t_small, t_large);
    let tasks = &large.to_json()["tasks"];
    assert_eq!(tasks.as_array().map(Vec::len), Some(32_001));
    assert_eq!((&tasks[32_000]["state"], &tasks[32_000]["end"]), (&json!("done"), &json!(1.0)), "the last task's end is found");
    assert_eq!((&tasks[0]["state"], &tasks[0]["end"]), (&json!("pending"), &Value::Null));
}

#[test]
fn the_view_at_the_playhead_takes_time_linear_in_the_tasks() {
    let (small, large) = (lock_run(625), lock_run(10_000));
    let at = |run: &RunResult| run.report.trace.events.len() / 2; // every worker asleep, its timer armed
    let t_small = least(9, || drop(step_view(&small.report.trace, at(&small))));
    let t_large = least(5, || drop(step_view(&large.report.trace, at(&large))));
    assert_linear("step_view", t_small, t_large);
    let view = step_view(&large.report.trace, large.report.trace.events.len());
    assert!(view.timers.is_empty() && view.ready.is_empty(), "nothing left at the end");
}

/// An own program's loadable run-result: `n` tasks, each awaiting `inner(i)` (so every
/// suspension has an await stack of its own) that sleeps 1 s.
fn own_run(n: u32) -> Value {
    let mut tasks = vec![json!({"id": 1, "name": "Task-1", "label": "main()", "start": 0.0, "end": null, "state": "pending", "func": "main", "line": 7})];
    let mut events = vec![json!({"t": 0.0, "task": 1, "kind": "create", "detail": "", "iter": 0, "line": 10})];
    for i in 0..n {
        let id = i + 2;
        tasks.push(
            json!({"id": id, "name": format!("Task-{id}"), "label": format!("nap({i})"), "start": 0.0, "end": 1.0, "state": "done", "func": "nap", "line": 3}),
        );
        events.push(json!({"t": 0.0, "task": id, "kind": "create", "detail": "by Task-1", "iter": 1, "line": 8, "parent": 1}));
    }
    for i in 0..n {
        let id = i + 2;
        events.push(json!({"t": 0.0, "task": id, "kind": "step", "detail": "first step", "iter": 2, "line": 3, "why": "start"}));
        events.push(json!({"t": 0.0, "task": id, "kind": "suspend", "detail": "sleep until 1 s", "iter": 2, "line": 4, "on": "sleep", "until": 1.0,
            "stack": [format!("nap({i})"), format!("inner({i})")], "funcs": ["inner"]}));
    }
    for i in 0..n {
        let id = i + 2;
        events.push(json!({"t": 1.0, "task": id, "kind": "step", "detail": "woken by the loop", "iter": 3, "line": 4, "why": "woken"}));
        events.push(json!({"t": 1.0, "task": id, "kind": "done", "detail": "", "iter": 3, "line": 5}));
    }
    json!({"scenario": "code", "params": {"code": "…", "python": "3.11"}, "clock": "virtual", "elapsed": 1.0,
        "ended": {"how": "completed"}, "main": "returned", "tasks": tasks, "events": events, "outcome": {"tasks": n + 1, "python": "3.11"}})
}

#[test]
fn an_own_program_loads_in_time_linear_in_its_await_stacks() {
    let (small, large) = (own_run(2000), own_run(32_000));
    let t_small = least(3, || drop(load_run(&small)));
    let t_large = least(1, || drop(load_run(&large)));
    assert_linear("load_run", t_small, t_large);
    let run = load_run(&large).unwrap();
    let last = run.report.trace.events.iter().rfind(|e| e.kind.name() == "suspend").unwrap();
    assert_eq!(run.to_json()["events"].as_array().unwrap().iter().rfind(|e| e["kind"] == "suspend").unwrap()["stack"], json!(["nap(31999)", "inner(31999)"]));
    assert_eq!(last.task, 32_001);
}
