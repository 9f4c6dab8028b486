//! "Run my code" against the executor, natively, under each CPython found (3.11, 3.12,
//! 3.13; the scenario's `python` set to match): every scenario's shown program, run the
//! way the page runs an own program (`static/py/virtual_asyncio` producing run-result JSON,
//! read back with `load_run`), gives the run the executor gives — task steps with their
//! lines and iterations, prints, task outcomes and times. The browser suite checks the same
//! through Pyodide (`tests/e2e/test_own_code.py`); this one runs in the fast native loop.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::runtime::{EventKind, PyVersion, RunEnd, Trace};
use asyncio_playground::scenarios::{all, load_run, run_virtual, RunResult, Value};
use common::{cpython_run_result, for_each_python};

/// Every suspension and every creation as (what, task, time, iteration, the tasks awaiting
/// it, …) — a creation's once settled, so that gathered tasks and a TaskGroup's children are
/// in the call graph before their first step.
/// A suspension also gives who awaits the tasks not yet begun whose waiters changed
/// (`await task`, `gather()` of created tasks).
#[allow(clippy::type_complexity)]
fn awaited_by(trace: &Trace) -> Vec<(&'static str, u32, f64, u32, Vec<u32>, Vec<(u32, Vec<u32>)>)> {
    trace
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Suspended { awaited_by, unstarted, .. } => Some(("suspend", e.task, e.t, e.iter, awaited_by.clone(), unstarted.clone())),
            EventKind::Created { awaited_by, .. } => Some(("create", e.task, e.t, e.iter, awaited_by.clone(), Vec::new())),
            _ => None,
        })
        .collect()
}

/// (state, error, start, end) of every task, from the run-result JSON.
fn outcomes(run: &RunResult) -> Vec<serde_json::Value> {
    run.to_json()["tasks"].as_array().unwrap().iter().map(|t| serde_json::json!([t["state"], t["error"], t["start"], t["end"]])).collect()
}

#[test]
fn every_scenario_program_run_as_own_code_matches_the_executor() {
    let checked = for_each_python(|py| {
        let mut n = 0;
        for s in all() {
            for case in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
                let pairs: Vec<(&str, &str)> = case.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('=')).collect();
                let mut v = s.values(pairs).unwrap();
                v.set("python", Value::Choice(py.version.as_str().into()));
                let python = s.python(&v);
                let until = s.horizon(&v).map(|h| h.to_string());
                let args: Vec<&str> = until.as_deref().map(|u| vec!["--until", u]).unwrap_or_default();
                let json = cpython_run_result(py, &format!("own_{}_{}", s.id, case.replace(['&', '=', ',', '.'], "_")), &python, &args);
                let context = format!("scenario {} with {:?} under CPython {}", s.id, v.to_query(), py.version);
                let theirs = load_run(&json).unwrap_or_else(|e| panic!("{context}: {e}"));
                let ours = run_virtual(s, &v);
                assert_eq!(theirs.scenario.id, "code");
                assert_eq!(theirs.scenario.python(&theirs.params), python, "{context}: the run-result carries the program");
                assert_eq!(theirs.params.python(), py.version, "{context}: and the version that ran it");
                assert_eq!(theirs.report.trace.comparable(), ours.report.trace.comparable(), "{context}: task steps, lines, returns, exceptions and prints");
                assert_eq!(theirs.report.elapsed, ours.report.elapsed, "{context}: elapsed");
                if py.version >= PyVersion::V3_14 {
                    // CPython 3.14 records who awaits whom: capture_call_graph(task).awaited_by
                    assert_eq!(awaited_by(&theirs.report.trace), awaited_by(&ours.report.trace), "{context}: awaited_by of every suspension and creation");
                }
                assert_eq!(outcomes(&theirs), outcomes(&ours), "{context}: task outcomes");
                assert_eq!(std::mem::discriminant(&theirs.report.end), std::mem::discriminant(&ours.report.end), "{context}: how the run ended");
                if ours.report.end == RunEnd::Completed {
                    assert_eq!(theirs.report.result.is_ok(), ours.report.result.is_ok(), "{context}: main() returned or raised");
                }
                n += 1;
            }
        }
        n
    });
    assert!(checked.iter().all(|n| *n > 0));
}

/// An own program that waits on `on`, and the line it waits at (`None`: the wait is one no
/// program can be made to show alone). A new wait state is named here by the compiler, and
/// its program must then be recorded as that wait: `static/py/virtual_asyncio/loop.py`
/// (`_waits_on`) records a wait it does not know as `future`.
fn waiting_on(on: &asyncio_playground::runtime::WaitOn) -> Option<(&'static str, u32)> {
    use asyncio_playground::runtime::WaitOn;
    Some(match on {
        WaitOn::Sleep { .. } => ("import asyncio\n\nasync def main():\n    await asyncio.sleep(1)\n\nasyncio.run(main())\n", 4),
        WaitOn::Yield => ("import asyncio\n\nasync def main():\n    await asyncio.sleep(0)\n\nasyncio.run(main())\n", 4),
        WaitOn::Lock => (
            "import asyncio\n\nasync def hold(lock):\n    async with lock:\n        await asyncio.sleep(1)\n\nasync def main():\n    lock = asyncio.Lock()\n    t = asyncio.create_task(hold(lock))\n    await asyncio.sleep(0)\n    async with lock:\n        pass\n    await t\n\nasyncio.run(main())\n",
            11,
        ),
        WaitOn::Semaphore => (
            "import asyncio\n\nasync def hold(sem):\n    async with sem:\n        await asyncio.sleep(1)\n\nasync def main():\n    sem = asyncio.Semaphore(1)\n    t = asyncio.create_task(hold(sem))\n    await asyncio.sleep(0)\n    async with sem:\n        pass\n    await t\n\nasyncio.run(main())\n",
            11,
        ),
        WaitOn::Event => (
            "import asyncio\n\nasync def main():\n    ready = asyncio.Event()\n    asyncio.get_running_loop().call_later(1, ready.set)\n    await ready.wait()\n\nasyncio.run(main())\n",
            6,
        ),
        WaitOn::Join { .. } => (
            "import asyncio\n\nasync def child():\n    await asyncio.sleep(1)\n\nasync def main():\n    t = asyncio.create_task(child())\n    await t\n\nasyncio.run(main())\n",
            8,
        ),
        WaitOn::Gather => (
            "import asyncio\n\nasync def child():\n    await asyncio.sleep(1)\n\nasync def main():\n    await asyncio.gather(child(), child())\n\nasyncio.run(main())\n",
            7,
        ),
        WaitOn::TaskGroup => (
            "import asyncio\n\nasync def child():\n    await asyncio.sleep(1)\n\nasync def main():\n    async with asyncio.TaskGroup() as tg:\n        tg.create_task(child())\n\nasyncio.run(main())\n",
            7,
        ),
        WaitOn::Worker { .. } => (
            "import asyncio, time\n\nasync def main():\n    await asyncio.to_thread(time.sleep, 1)\n\nasyncio.run(main())\n",
            4,
        ),
        WaitOn::Fetch { .. } => (
            "import asyncio, aiohttp\n\nasync def main():\n    async with aiohttp.ClientSession() as session:\n        async with session.get('https://example.com/1', timeout=5) as resp:\n            print(resp.status)\n\nasyncio.run(main())\n",
            5,
        ),
        WaitOn::Future => (
            "import asyncio\n\nasync def main():\n    fut = asyncio.get_running_loop().create_future()\n    asyncio.get_running_loop().call_later(1, fut.set_result, 1)\n    await fut\n\nasyncio.run(main())\n",
            6,
        ),
    })
}

/// Every wait an own program can make is recorded as that wait — with its word in the
/// run-result — at the line it waits at, under every CPython found.
#[test]
fn an_own_program_records_each_wait_as_what_it_is() {
    use asyncio_playground::runtime::WaitOn;
    let every = WaitOn::one_of_each();
    let checked = for_each_python(|py| {
        for on in &every {
            let Some((program, line)) = waiting_on(on) else { continue };
            let run = load_run(&cpython_run_result(py, &format!("wait_{}", on.word()), program, &[])).unwrap();
            let trace = &run.report.trace;
            let words: Vec<(&str, u32)> = trace
                .events
                .iter()
                .filter_map(|e| match &e.kind {
                    EventKind::Suspended { on, .. } => Some((on.word(), e.line)),
                    _ => None,
                })
                .collect();
            assert!(words.contains(&(on.word(), line)), "under CPython {}: a program waiting on {} records {words:?}\n{program}", py.version, on.word());
        }
    });
    assert!(!checked.is_empty());
}
