//! **timeout** — `asyncio.timeout()` (and the older `wait_for()`) cancels a slow call at its
//! await point, runs its cleanup, and raises `TimeoutError` (the guide's `slow_call`).

use std::cell::Cell;
use std::rc::Rc;

use super::common::py_round;
use super::params::{ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::{no_check, no_horizon, Compare, Outcome, Program, Scenario, Values};
use crate::runtime::{now, print, sleep, timeout, wait_for, Exc, PyResult};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "timeout",
    title: "Timeouts and cancellation: asyncio.timeout()",
    summary: "When the deadline passes, asyncio cancels slow_call() by raising CancelledError \
              at the await it is stuck in. Its finally-block still runs — that is where \
              connections and files get closed — and only then does the caller see TimeoutError. \
              wait_for() does the same with the call running as a separate task; with a \
              timeout of 0 that task is cancelled before it ever starts.",
    params: &[
        ParamSpec { name: "timeout", label: "Timeout", unit: "s", help: "The deadline given to asyncio.timeout() or wait_for().", kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec { name: "duration", label: "slow_call() takes", unit: "s", help: "How long slow_call() sleeps when nothing interrupts it.", kind: ParamKind::Float { default: 10.0, min: 0.0, max: 600.0, step: 0.5 } },
        ParamSpec {
            name: "api",
            label: "Bound it with",
            unit: "",
            help: "async with asyncio.timeout(…) (3.11+), or the older await asyncio.wait_for(…, timeout=…).",
            kind: ParamKind::Choice { default: "timeout", options: &[("timeout", "asyncio.timeout()"), ("wait_for", "asyncio.wait_for()")] },
        },
    ],
    compare: Some(Compare { param: "api", a: "timeout", b: "wait_for" }),
    check: no_check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["api=wait_for", "duration=1.5", "timeout=2&duration=2", "api=wait_for&timeout=0"],
};

fn elapsed(start: f64) -> String {
    py_float(py_round(now() - start, 2))
}

/// What slow_call() went through: when it was cancelled, whether its finally-block ran.
#[derive(Default)]
struct Seen {
    cancelled_at: Cell<Option<f64>>,
    cleanup_ran: Cell<bool>,
}

async fn slow_call(duration: f64, start: f64, seen: Rc<Seen>) -> PyResult<()> {
    print("slow_call: started");
    let slept = sleep(duration).await;
    match &slept {
        Ok(()) => print(format!("slow_call: finished at {}", elapsed(start))),
        Err(e) if e.is_cancelled() => {
            seen.cancelled_at.set(Some(now()));
            print(format!("slow_call: CancelledError at {}", elapsed(start)));
        }
        Err(_) => {}
    }
    print("slow_call: cleanup in finally");
    seen.cleanup_ran.set(true);
    slept
}

fn program(v: &Values) -> Program {
    let (limit, duration, api) = (v.float("timeout"), v.float("duration"), v.text("api").to_string());
    Box::pin(async move {
        let start = now();
        let seen = Rc::new(Seen::default());
        let call = slow_call(duration, start, seen.clone());
        let result = if api == "wait_for" { wait_for(call, Some(limit)).await } else { timeout(limit, call).await };
        let timed_out = match result {
            Ok(()) => {
                print(format!("main: slow_call() returned at {}", elapsed(start)));
                false
            }
            Err(Exc::Timeout) => {
                print(format!("main: operation timed out after {}s", py_num(limit)));
                true
            }
            Err(other) => return Err(other),
        };
        print(format!("main: elapsed {}", elapsed(start)));
        Ok::<Outcome, _>(crate::outcome! {
            "timed_out" => timed_out,
            "elapsed" => py_round(now() - start, 6),
            "cleanup_ran" => seen.cleanup_ran.get(),
            "cancelled_at" => seen.cancelled_at.get().map(|t| py_round(t, 6)),
        })
    })
}

fn python(v: &Values) -> String {
    let (limit, duration) = (py_num(v.float("timeout")), py_num(v.float("duration")));
    let bounded = if v.text("api") == "wait_for" {
        format!("        await asyncio.wait_for(slow_call(), timeout={limit})\n")
    } else {
        format!("        async with asyncio.timeout({limit}):\n            await slow_call()\n")
    };
    format!(
        r#"import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 2)


async def slow_call():
    print("slow_call: started")
    try:
        await asyncio.sleep({duration})
        print("slow_call: finished at", elapsed())
    except asyncio.CancelledError:
        # the timeout cancels us here, at the await we are stuck in
        print("slow_call: CancelledError at", elapsed())
        raise
    finally:
        print("slow_call: cleanup in finally")  # close connections, files, ...


async def main():
    global START
    START = time.perf_counter()
    try:
{bounded}        print("main: slow_call() returned at", elapsed())
    except TimeoutError:
        print("main: operation timed out after {limit}s")
    print("main: elapsed", elapsed())


asyncio.run(main())
"#
    )
}
