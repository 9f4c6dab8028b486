//! The course's challenges that edit the program, judged on runs of real CPython: each
//! mistake's program as the lesson opens it (missed), with the guide's fix (met), and with
//! a change that prints the goal's line without fixing anything (missed) — each run the way
//! the page runs an own program (`static/py/virtual_asyncio` producing run-result JSON,
//! read back with `load_run`), under every CPython found. The parameter challenges are
//! judged natively in `src/scenarios/lesson.rs`.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::scenarios::lesson::Change;
use asyncio_playground::scenarios::lessons;
use asyncio_playground::scenarios::{find, load_run, Value};
use common::{cpython_run_result, for_each_python};

/// (lesson, the program's line to replace, the guide's fix, a change that only pretends).
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "mistakes-forgot_await",
        "    coroutine = fetch(1)  # only creates a coroutine object: fetch's body does not run",
        "    coroutine = await fetch(1)",
        "    coroutine = None\n    print(\"fetch 1 running\")",
    ),
    (
        "mistakes-dangling_task",
        "    asyncio.create_task(save(\"bad\"))  # nobody keeps it, nobody awaits it",
        "    await asyncio.create_task(save(\"bad\"))",
        "    print(\"bad: saved at\", elapsed())",
    ),
    (
        "mistakes-blocking_driver",
        "    return blocking_query(n)  # blocks the whole loop, so requests run one after another",
        "    return await asyncio.to_thread(blocking_query, n)",
        "    return await async_query(n)",
    ),
];

#[test]
fn every_program_challenge_is_missed_as_opened_met_by_the_fix_and_not_by_pretending() {
    let program_lessons: Vec<&str> = lessons::all().filter(|l| l.challenge.change == Change::Program).map(|l| l.id).collect();
    assert_eq!(program_lessons, CASES.iter().map(|c| c.0).collect::<Vec<_>>(), "every program challenge has its cases here");
    let checked = for_each_python(|py| {
        let mut n = 0;
        for (id, line, fix, pretend) in CASES {
            let l = lessons::find(id).unwrap();
            let s = find(l.scenario).unwrap();
            let mut v = l.challenge_values();
            v.set("python", Value::Choice(py.version.as_str().into()));
            let program = s.python(&v);
            assert!(program.contains(line), "{id}: the program has the line the cases edit");
            for (what, source, met) in
                [("as opened", program.clone(), false), ("fixed", program.replace(line, fix), true), ("pretending", program.replace(line, pretend), false)]
            {
                let name = format!("course_{}_{}", id.replace('-', "_"), what.replace(' ', "_"));
                let run = load_run(&cpython_run_result(py, &name, &source, &[])).unwrap_or_else(|e| panic!("{id} {what}: {e}"));
                let j = l.judge(&run).unwrap_or_else(|| panic!("{id}: an own program's run is judged"));
                assert_eq!(j.met, met, "{id} {what} under CPython {}: {}", py.version, j.showed.en());
                assert_eq!(j.why.is_some(), !met, "{id} {what}: a miss says why");
                n += 1;
            }
        }
        n
    });
    assert!(checked.iter().all(|n| *n == 9));
}
