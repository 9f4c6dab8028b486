//! **taskgroup** — `gather()` vs `TaskGroup` when tasks fail (the guide's `risky`).

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value as Json};

use super::common::{py_round, state_of, PY_STATE};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::{py_float, py_list, py_num, py_repr_exc, py_str};
use super::{no_horizon, Compare, Outcome, Program, Scenario, Values};
use crate::runtime::{gather, gather_return_exceptions, now, print, sleep, spawn, task_group, Exc, PyResult, TaskHandle};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "taskgroup",
    title: "gather() vs TaskGroup when a task fails",
    summary: "With plain gather(), the first failure reaches the caller at once while the other \
              tasks keep running: orphans nobody waits for, whose later errors are lost. With \
              return_exceptions=True every outcome comes back as a value. A TaskGroup cancels \
              the siblings as soon as one task fails, waits for them, and raises an \
              ExceptionGroup holding every failure — no orphans.",
    params: &[
        ParamSpec { name: "tasks", label: "Tasks", unit: "", help: "How many risky(n) tasks to start (n = 0, 1, …).", kind: ParamKind::Int { default: 4, min: 1, max: 1000 } },
        ParamSpec { name: "delay", label: "Each task sleeps", unit: "s", help: "How long a task that does not fail sleeps before returning n.", kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec { name: "fail", label: "Failing tasks", unit: "", help: "Which tasks raise ValueError(\"boom at n\"): comma-separated indices below the number of tasks.", kind: ParamKind::IntList { default: "2", min: 0, max: 999 } },
        ParamSpec { name: "fail_after", label: "Failing tasks raise after", unit: "s", help: "How long the failing tasks sleep before raising; 0 raises in their first step, as in the guide.", kind: ParamKind::Float { default: 0.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec {
            name: "mode",
            label: "Wait with",
            unit: "",
            help: "How main() waits for the tasks.",
            kind: ParamKind::Choice {
                default: "taskgroup",
                options: &[("gather", "gather()"), ("gather_return_exceptions", "gather(return_exceptions=True)"), ("taskgroup", "TaskGroup")],
            },
        },
    ],
    compare: Some(Compare { param: "mode", a: "gather", b: "taskgroup" }),
    check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &["mode=gather", "mode=gather_return_exceptions&fail=1,3", "tasks=5&fail=0,3&fail_after=0.5", "mode=gather&tasks=6&fail=1,4&fail_after=0.5&delay=2"],
};

fn check(v: &Values) -> Result<(), ParamError> {
    let tasks = v.int("tasks");
    let fail = v.list("fail");
    if fail.iter().any(|&i| i >= tasks) {
        let got = fail.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        return Err(ParamError {
            param: "fail".into(),
            message: format!("fail must be task indices from 0 to {} (there are {tasks} tasks) (got \"{got}\")", tasks - 1),
        });
    }
    Ok(())
}

fn elapsed(start: f64) -> String {
    py_float(py_round(now() - start, 2))
}

async fn risky(n: i64, fails: bool, fail_after: f64, delay: f64, start: f64) -> PyResult<i64> {
    if fails {
        if fail_after > 0.0 {
            sleep(fail_after).await?;
        }
        print(format!("risky {n} raises at {}", elapsed(start)));
        return Err(Exc::value_error(format!("boom at {n}")));
    }
    if let Err(e) = sleep(delay).await {
        if e.is_cancelled() {
            print(format!("risky {n} cancelled at {}", elapsed(start)));
        }
        return Err(e);
    }
    print(format!("risky {n} done at {}", elapsed(start)));
    Ok(n)
}

/// What the caller got back: the results, or what it caught.
#[derive(Default)]
struct Answer {
    results: Vec<Json>,
    exceptions: Vec<String>,
    raised: Json,
}

impl Answer {
    /// The caller caught `exc`: one line per leaf, as `except*` iterates them.
    fn caught(exc: &Exc, start: f64) -> Answer {
        let mut exceptions = Vec::new();
        for leaf in exc.leaves() {
            print(format!("caught {} at {}", py_repr_exc(leaf), elapsed(start)));
            exceptions.push(leaf.to_string());
        }
        Answer { results: Vec::new(), exceptions, raised: exc.describe().into() }
    }

    /// The caller got every result.
    fn returned(values: Vec<i64>, start: f64) -> Answer {
        print(format!("results: {} at {}", py_list(values.iter().map(i64::to_string)), elapsed(start)));
        Answer { results: values.into_iter().map(Json::from).collect(), ..Answer::default() }
    }
}

/// Outcome: `raised` (what the caller caught, or null), `exceptions` (the messages it saw),
/// `results`, then `states` and `orphans` (tasks still running) at the moment the caller got
/// its answer, and `elapsed` (that moment). In gather mode main then waits for the orphans.
fn program(v: &Values) -> Program {
    let (n, delay, fail_after, mode) = (v.int("tasks"), v.float("delay"), v.float("fail_after"), v.text("mode").to_string());
    let fail = v.list("fail").to_vec();
    Box::pin(async move {
        let start = now();
        let make = move |i: i64| risky(i, fail.contains(&i), fail_after, delay, start);
        let tasks: Rc<RefCell<Vec<TaskHandle<i64>>>> = Rc::default();
        let answer = if mode == "taskgroup" {
            let created = tasks.clone();
            let group = task_group(|tg| async move {
                for i in 0..n {
                    created.borrow_mut().push(tg.spawn(&format!("risky({i})"), make(i))?);
                }
                Ok(())
            })
            .await;
            match group {
                Ok(()) => Answer::returned(tasks.borrow().iter().filter_map(|t| t.result().and_then(Result::ok)).collect(), start),
                Err(exc) => Answer::caught(&exc, start),
            }
        } else {
            *tasks.borrow_mut() = (0..n).map(|i| spawn(&format!("risky({i})"), make(i))).collect();
            let all = tasks.borrow().clone();
            if mode == "gather" {
                match gather(all).await {
                    Ok(values) => Answer::returned(values, start),
                    Err(exc) => Answer::caught(&exc, start),
                }
            } else {
                let outcomes = gather_return_exceptions(all).await?;
                let shown: Vec<String> = outcomes.iter().map(|r| r.as_ref().map_or_else(py_repr_exc, i64::to_string)).collect();
                print(format!("results: {} at {}", py_list(shown.clone()), elapsed(start)));
                let failed = outcomes.iter().filter_map(|r| r.as_ref().err().map(Exc::to_string)).collect();
                let results = outcomes.iter().zip(shown).map(|(r, s)| r.as_ref().map_or(json!(s), |v| json!(v))).collect();
                Answer { results, exceptions: failed, raised: Json::Null }
            }
        };
        let returned_at = now() - start;
        let tasks = tasks.borrow().clone();
        let states: Vec<&str> = tasks.iter().map(state_of).collect();
        print(format!("states: {}", py_list(states.iter().map(|s| py_str(s)))));
        let orphans: Vec<usize> = (0..tasks.len()).filter(|&i| !tasks[i].done()).collect();
        if !orphans.is_empty() {
            print(format!("orphans still running: {}", py_list(orphans.iter().map(usize::to_string))));
            gather_return_exceptions(orphans.iter().map(|&i| tasks[i].clone()).collect()).await?;
            print(format!("orphans finished at {}", elapsed(start)));
        }
        Ok::<Outcome, _>(crate::outcome! {
            "raised" => answer.raised,
            "exceptions" => answer.exceptions,
            "results" => answer.results,
            "states" => states,
            "orphans" => orphans,
            "elapsed" => py_round(returned_at, 6),
        })
    })
}

fn python(v: &Values) -> String {
    let (n, delay, fail_after, mode) = (v.int("tasks"), py_num(v.float("delay")), v.float("fail_after"), v.text("mode"));
    let fail = v.list("fail");
    let fail_set = if fail.is_empty() { "set()".to_string() } else { format!("{{{}}}", fail.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")) };
    let fail_sleep = if fail_after > 0.0 { format!("        await asyncio.sleep({})\n", py_num(fail_after)) } else { String::new() };
    let wait = match mode {
        "taskgroup" => format!(
            r#"    tasks = []
    try:
        async with asyncio.TaskGroup() as tg:
            tasks = [tg.create_task(risky(i)) for i in range({n})]
        print("results:", [t.result() for t in tasks], "at", elapsed())
    except* ValueError as eg:
        # the group cancelled the other tasks and waited for them before raising
        for exc in eg.exceptions:
            print("caught", repr(exc), "at", elapsed())
"#
        ),
        "gather" => format!(
            r#"    tasks = [asyncio.create_task(risky(i)) for i in range({n})]
    try:
        results = await asyncio.gather(*tasks)
        print("results:", results, "at", elapsed())
    except ValueError as exc:
        # gather() passes on the first failure at once; the other tasks keep running
        print("caught", repr(exc), "at", elapsed())
"#
        ),
        _ => format!(
            r#"    tasks = [asyncio.create_task(risky(i)) for i in range({n})]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    print("results:", results, "at", elapsed())
"#
        ),
    };
    format!(
        r#"import asyncio
import time

FAIL = {fail_set}
START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 2)


{PY_STATE}

async def risky(n):
    if n in FAIL:
{fail_sleep}        print("risky", n, "raises at", elapsed())
        raise ValueError("boom at " + str(n))
    try:
        await asyncio.sleep({delay})
    except asyncio.CancelledError:
        print("risky", n, "cancelled at", elapsed())
        raise
    print("risky", n, "done at", elapsed())
    return n


async def main():
    global START
    START = time.perf_counter()
{wait}    print("states:", [state(t) for t in tasks])
    orphans = [i for i, t in enumerate(tasks) if not t.done()]
    if orphans:
        # nobody waits for orphans; here main does, so that their prints appear
        print("orphans still running:", orphans)
        await asyncio.gather(*(tasks[i] for i in orphans), return_exceptions=True)
        print("orphans finished at", elapsed())


asyncio.run(main())
"#
    )
}
