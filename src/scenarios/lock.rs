//! **lock** — a shared counter with an `await` between read and write loses updates;
//! `asyncio.Lock` fixes it (the guide's `increment`).

use std::cell::Cell;
use std::rc::Rc;

use super::params::{ParamKind, ParamSpec};
use super::python::py_num;
use super::{no_check, no_horizon, Compare, Outcome, Program, Scenario, Values};
use crate::runtime::{gather, now, print, sleep, spawn, Lock};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "lock",
    title: "Race conditions on one thread, and asyncio.Lock",
    summary: "Every increment() reads the counter, awaits, then writes read + 1. Without the \
              lock, all of them read the same value before any writes it back, so updates are \
              lost even though only one thread ever runs. With the lock, the read-await-write \
              section runs for one task at a time and the count is exact — at the price of \
              running those sections one after another.",
    params: &[
        ParamSpec { name: "workers", label: "Tasks", unit: "", help: "How many increment() calls run concurrently.", kind: ParamKind::Int { default: 100, min: 1, max: 10000 } },
        ParamSpec {
            name: "hold",
            label: "Await between read and write",
            unit: "s",
            help: "How long each increment awaits between reading and writing; 0 means asyncio.sleep(0), one loop iteration.",
            kind: ParamKind::Float { default: 0.0, min: 0.0, max: 10.0, step: 0.01 },
        },
        ParamSpec { name: "use_lock", label: "Use the lock", unit: "", help: "Wrap the read-await-write section in `async with lock:`.", kind: ParamKind::Bool { default: true } },
    ],
    compare: Some(Compare { param: "use_lock", a: "false", b: "true" }),
    check: no_check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["", "use_lock=false", "workers=5&hold=0.1&use_lock=true", "workers=5&hold=0.1&use_lock=false"],
};

fn program(v: &Values) -> Program {
    let (workers, hold, use_lock) = (v.int("workers"), v.float("hold"), v.bool("use_lock"));
    Box::pin(async move {
        let counter = Rc::new(Cell::new(0i64));
        let lock = Lock::new();
        let tasks = (0..workers)
            .map(|i| {
                let (counter, lock) = (counter.clone(), lock.clone());
                spawn(&format!("increment() #{i}"), async move {
                    let _held = if use_lock { Some(lock.acquire().await?) } else { None };
                    let current = counter.get();
                    sleep(hold).await?;
                    counter.set(current + 1);
                    Ok(())
                })
            })
            .collect();
        gather(tasks).await?;
        print(counter.get().to_string());
        Ok::<Outcome, _>(crate::outcome! {
            "counter" => counter.get(),
            "expected" => workers,
            "lost_updates" => workers - counter.get(),
            "elapsed" => now(),
        })
    })
}

fn python(v: &Values) -> String {
    let hold = py_num(v.float("hold"));
    let yield_point = if v.float("hold") == 0.0 {
        "await asyncio.sleep(0)  # simulate a yield point".to_string()
    } else {
        format!("await asyncio.sleep({hold})  # an await between read and write")
    };
    let workers = v.int("workers");
    let body = if v.bool("use_lock") {
        format!("    async with lock:\n        current = counter\n        {yield_point}\n        counter = current + 1\n")
    } else {
        format!("    # no lock: every task may read the counter before any writes it back\n    current = counter\n    {yield_point}\n    counter = current + 1\n")
    };
    let comment = if v.bool("use_lock") { format!("always {workers}, never less") } else { "fewer than expected: updates were lost".into() };
    format!(
        r#"import asyncio

counter = 0
lock = asyncio.Lock()


async def increment():
    global counter
{body}

async def main():
    await asyncio.gather(*(increment() for _ in range({workers})))
    print(counter)  # {comment}


asyncio.run(main())
"#
    )
}
