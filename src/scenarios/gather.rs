//! **gather** — sequential awaits vs `create_task` + `gather` (the guide's `fetch`).

use super::params::{ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::{no_check, no_horizon, Compare, Outcome, Program, Scenario, Values};
use crate::runtime::{gather, now, print, sleep, spawn, PyResult};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "gather",
    title: "Coroutines vs tasks: sequential awaits vs gather",
    summary: "Awaiting fetch() calls one after another adds their waits up: five one-second \
              sleeps take five seconds. Wrapping them in tasks first schedules all five at \
              once, so they sleep side by side and gather() returns after about one second.",
    params: &[
        ParamSpec { name: "tasks", label: "Calls", unit: "", help: "How many fetch() calls to make.", kind: ParamKind::Int { default: 5, min: 1, max: 1000 } },
        ParamSpec { name: "delay", label: "Each call sleeps", unit: "s", help: "How long each fetch() sleeps.", kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec {
            name: "mode",
            label: "Run",
            unit: "",
            help: "Which version to run: sequential awaits, tasks + gather, or both one after the other.",
            kind: ParamKind::Choice { default: "both", options: &[("both", "both"), ("sequential", "sequential"), ("concurrent", "concurrent")] },
        },
    ],
    compare: Some(Compare { param: "mode", a: "sequential", b: "concurrent" }),
    check: no_check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["", "tasks=3&delay=0.1&mode=both", "tasks=1&mode=concurrent", "tasks=7&delay=0&mode=both"],
};

async fn fetch(n: i64, delay: f64) -> PyResult<i64> {
    sleep(delay).await?;
    Ok(n * 2)
}

fn program(v: &Values) -> Program {
    let (tasks, delay, mode) = (v.int("tasks"), v.float("delay"), v.text("mode").to_string());
    Box::pin(async move {
        let mut out = Outcome::new();
        let mut results = Vec::new();
        if mode != "concurrent" {
            let start = now();
            results.clear();
            for i in 0..tasks {
                results.push(fetch(i, delay).await?);
            }
            let elapsed = now() - start;
            print(format!("sequential: {}", py_float(elapsed)));
            out.insert("sequential_elapsed".into(), elapsed.into());
        }
        if mode != "sequential" {
            let start = now();
            let handles = (0..tasks).map(|i| spawn(&format!("fetch({i})"), fetch(i, delay))).collect();
            results = gather(handles).await?;
            let elapsed = now() - start;
            print(format!("concurrent: {}", py_float(elapsed)));
            out.insert("concurrent_elapsed".into(), elapsed.into());
        }
        out.insert("results".into(), results.into());
        if let (Some(s), Some(c)) = (out.get("sequential_elapsed").and_then(|v| v.as_f64()), out.get("concurrent_elapsed").and_then(|v| v.as_f64())) {
            out.insert("speedup".into(), if c > 0.0 { (s / c).into() } else { serde_json::Value::Null });
        }
        Ok(out)
    })
}

fn python(v: &Values) -> String {
    let (n, delay, mode) = (v.int("tasks"), py_num(v.float("delay")), v.text("mode"));
    let mut calls = String::new();
    if mode != "concurrent" {
        calls.push_str(&format!("    await sequential()  # ~{} seconds\n", py_num(v.int("tasks") as f64 * v.float("delay"))));
    }
    if mode != "sequential" {
        calls.push_str(&format!("    await concurrent()  # ~{delay} second{}\n", if v.float("delay") == 1.0 { "" } else { "s" }));
    }
    format!(
        r#"import asyncio
import time


async def fetch(n):
    await asyncio.sleep({delay})
    return n * 2


async def sequential():
    start = time.perf_counter()
    results = [await fetch(i) for i in range({n})]
    print("sequential:", time.perf_counter() - start)
    return results


async def concurrent():
    start = time.perf_counter()
    tasks = [asyncio.create_task(fetch(i)) for i in range({n})]
    results = await asyncio.gather(*tasks)
    print("concurrent:", time.perf_counter() - start)
    return results


async def main():
{calls}

asyncio.run(main())
"#
    )
}
