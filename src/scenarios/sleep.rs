//! **sleep** — the event loop and `asyncio.sleep` (the guide's `say_hello`).

use super::params::{ParamKind, ParamSpec};
use super::python::py_num;
use super::{no_check, no_horizon, Outcome, Program, Scenario, Values};
use crate::runtime::{now, print, sleep};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "sleep",
    title: "The event loop and asyncio.sleep",
    summary: "asyncio.run() creates an event loop and runs say_hello() as its first task. \
              At `await asyncio.sleep(...)` the task hands control back to the loop, which has \
              nothing else to do until the timer fires; then the task resumes where it left off.",
    params: &[ParamSpec {
        name: "delay",
        label: "Sleep",
        unit: "s",
        help: "How long say_hello() sleeps between its two prints.",
        kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 },
    }],
    compare: None,
    check: no_check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["delay=1", "delay=0", "delay=2.5"],
};

fn program(v: &Values) -> Program {
    let delay = v.float("delay");
    Box::pin(async move {
        let mut log = Vec::new();
        print("start");
        log.push(serde_json::json!({"t": now(), "line": "start"}));
        sleep(delay).await?;
        print("end");
        log.push(serde_json::json!({"t": now(), "line": "end"}));
        Ok::<Outcome, _>(crate::outcome! { "log" => log })
    })
}

fn python(v: &Values) -> String {
    format!(
        r#"import asyncio


async def say_hello():
    print("start")
    await asyncio.sleep({delay})
    print("end")


asyncio.run(say_hello())
"#,
        delay = py_num(v.float("delay"))
    )
}
