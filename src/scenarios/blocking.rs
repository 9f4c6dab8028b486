//! **blocking** — the blocking-call trap: `time.sleep()` on the loop freezes every task;
//! `asyncio.sleep()` and `asyncio.to_thread()` do not (the guide's `bad` / `good`).

use std::cell::RefCell;
use std::rc::Rc;

use super::common::py_round;
use super::params::{ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::{no_check, no_horizon, Compare, Outcome, Program, Scenario, Values};
use crate::runtime::{blocking_sleep, now, print, sleep, spawn, to_thread, yield_now, Job, PyResult};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "blocking",
    title: "The blocking-call trap: time.sleep() vs asyncio.sleep() vs to_thread()",
    summary: "A heartbeat task prints every interval while main() waits. time.sleep() inside \
              async code blocks the loop's only thread: no heartbeat can run until it returns, \
              so the largest gap between beats grows to the whole block. await asyncio.sleep() \
              and await asyncio.to_thread(time.sleep, …) give the loop back, and the beats stay \
              on time. On the real clock the page itself freezes during time.sleep(), and \
              to_thread runs in a Web Worker, a real second thread. Unlike a Python thread, a \
              worker can be stopped: Stop terminates it mid-job.",
    params: &[
        ParamSpec { name: "heartbeats", label: "Heartbeats", unit: "", help: "How many beats the heartbeat task prints.", kind: ParamKind::Int { default: 3, min: 1, max: 100 } },
        ParamSpec { name: "interval", label: "Beat every", unit: "s", help: "How long the heartbeat task sleeps between beats.", kind: ParamKind::Float { default: 0.1, min: 0.01, max: 10.0, step: 0.01 } },
        ParamSpec { name: "block", label: "main() waits", unit: "s", help: "How long main() sleeps (blocking or not).", kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec {
            name: "mode",
            label: "main() waits with",
            unit: "",
            help: "time.sleep() on the loop, await asyncio.sleep(), or await asyncio.to_thread(time.sleep, …).",
            kind: ParamKind::Choice {
                default: "blocking",
                options: &[("blocking", "time.sleep() (blocks)"), ("sleep", "await asyncio.sleep()"), ("to_thread", "await asyncio.to_thread()")],
            },
        },
    ],
    compare: Some(Compare { param: "mode", a: "blocking", b: "to_thread" }),
    check: no_check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["mode=to_thread", "mode=sleep&heartbeats=5&interval=0.3&block=1", "heartbeats=4&interval=0.25&block=0.6", "mode=to_thread&block=0"],
};

fn elapsed(start: f64) -> String {
    py_float(py_round(now() - start, 2))
}

fn program(v: &Values) -> Program {
    let (beats, interval, block, mode) = (v.int("heartbeats"), v.float("interval"), v.float("block"), v.text("mode").to_string());
    Box::pin(async move {
        let start = now();
        let gaps = Rc::new(RefCell::new(Vec::<f64>::new()));
        let beat = {
            let gaps = gaps.clone();
            spawn("heartbeat()", async move {
                let mut last = now();
                for i in 1..=beats {
                    sleep(interval).await?;
                    let t = now();
                    gaps.borrow_mut().push(t - last);
                    last = t;
                    print(format!("heartbeat {i} at {}", elapsed(start)));
                }
                PyResult::Ok(())
            })
        };
        yield_now().await?;
        print(format!("main: {} at {}", call(&mode, block), elapsed(start)));
        match mode.as_str() {
            "blocking" => blocking_sleep(block),
            "sleep" => sleep(block).await?,
            _ => {
                to_thread(Job::BlockingSleep { secs: block }).await?;
            }
        }
        print(format!("main: done waiting at {}", elapsed(start)));
        beat.await?;
        let max_gap = gaps.borrow().iter().copied().fold(0.0, f64::max);
        print(format!("largest gap between heartbeats: {}", py_float(py_round(max_gap, 2))));
        Ok::<Outcome, _>(crate::outcome! {
            "max_heartbeat_gap" => py_round(max_gap, 6),
            "elapsed" => py_round(now() - start, 6),
            "worker_used" => mode == "to_thread",
        })
    })
}

/// How main() waits, as Python code: `time.sleep(2)`, `await asyncio.sleep(2)`, …
fn call(mode: &str, block: f64) -> String {
    let block = py_num(block);
    match mode {
        "blocking" => format!("time.sleep({block})"),
        "sleep" => format!("await asyncio.sleep({block})"),
        _ => format!("await asyncio.to_thread(time.sleep, {block})"),
    }
}

fn python(v: &Values) -> String {
    let (beats, interval, mode) = (v.int("heartbeats"), py_num(v.float("interval")), v.text("mode"));
    let what = call(mode, v.float("block"));
    let comment = match mode {
        "blocking" => "BAD: blocks the whole event loop",
        "sleep" => "GOOD: yields control back to the loop",
        _ => "GOOD: the blocking call runs in a worker thread",
    };
    format!(
        r#"import asyncio
import time

START = 0.0
gaps = []


def elapsed():
    return round(time.perf_counter() - START, 2)


async def heartbeat():
    last = time.perf_counter()
    for i in range(1, {beats} + 1):
        await asyncio.sleep({interval})
        now = time.perf_counter()
        gaps.append(now - last)  # on time, this is {interval}
        last = now
        print("heartbeat", i, "at", elapsed())


async def main():
    global START
    START = time.perf_counter()
    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0)  # the heartbeat starts and schedules its first beat
    print("main: {what} at", elapsed())
    {what}  # {comment}
    print("main: done waiting at", elapsed())
    await beat
    print("largest gap between heartbeats:", round(max(gaps), 2))


asyncio.run(main())
"#
    )
}
