//! The run-result JSON against its declared types (`scenarios::wire`), from both writers:
//! the executor's JSON of every scenario (defaults and fidelity cases, plain and loadable)
//! and the golden files deserialise and serialise back to the same bytes; the JSON
//! `static/py/virtual_asyncio` writes for own programs (every scenario's program, every
//! program in `tests/cpython/programs/` and `tests/cpython/guide/`, and programs that raise,
//! deadlock and reach the horizon, under each CPython found) deserialises strictly
//! (no key the types do not declare), carries no sentence for people but the events' own
//! texts, loads as a run, and that run written back is what Python wrote: its task table
//! and every event's fields.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::scenarios::wire::{EventJson, Kind, MainJson, RunJson};
use asyncio_playground::scenarios::{all, load_run, run_virtual, Form, Scenario, Value, Values};
use common::{cpython_run_result, for_each_python, repo};
use serde::Deserialize;

/// Every scenario with its defaults and with each fidelity case.
fn cases() -> Vec<(&'static Scenario, &'static str, Values)> {
    let mut out = Vec::new();
    for s in all() {
        for case in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
            let pairs: Vec<(&str, &str)> = case.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('=')).collect();
            out.push((s, case, s.values(pairs).unwrap()));
        }
    }
    out
}

#[test]
fn the_executors_json_reads_back_into_the_same_bytes() {
    let mut n = 0;
    for (s, case, values) in cases() {
        let run = run_virtual(s, &values);
        for form in [Form::Plain, Form::Loadable] {
            let text = serde_json::to_string(&run.wire(form)).unwrap();
            let back: RunJson = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} {case:?} {form:?}: {e}", s.id));
            assert_eq!(serde_json::to_string(&back).unwrap(), text, "{} {case:?} {form:?}", s.id);
            n += 1;
        }
        assert_eq!(run.to_json_text(), format!("{:#}", run.to_json()), "{} {case:?}: the CLI's text is the published JSON", s.id);
    }
    assert!(n >= 2 * all().len());
}

#[test]
fn the_golden_files_are_the_declared_types() {
    for s in all() {
        let path = repo().join("tests/golden").join(format!("{}.json", s.id));
        let golden = std::fs::read_to_string(&path).unwrap();
        let run: RunJson = serde_json::from_str(&golden).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(serde_json::to_string_pretty(&run).unwrap() + "\n", golden, "{}", path.display());
        assert!(run.ended.is_none() && run.main.is_none(), "{}: the plain form", path.display());
    }
}

/// Programs that end each way a run can: raising, raising a group, in a deadlock, at the
/// horizon (`--until`), each with the harness's arguments.
const ENDINGS: [(&str, &str, &[&str]); 4] = [
    ("wire_raises", "import asyncio\nasync def main():\n    await asyncio.sleep(1)\n    raise ValueError('boom')\nasyncio.run(main())\n", &[]),
    (
        "wire_group",
        "import asyncio\nasync def bad(n):\n    raise KeyError(n)\nasync def main():\n    async with asyncio.TaskGroup() as tg:\n        tg.create_task(bad(1))\n        tg.create_task(bad(2))\nasyncio.run(main())\n",
        &[],
    ),
    ("wire_deadlock", "import asyncio\nasync def main():\n    await asyncio.Event().wait()\nasyncio.run(main())\n", &[]),
    ("wire_horizon", "import asyncio\nasync def main():\n    await asyncio.sleep(10)\nasyncio.run(main())\n", &["--until", "2.5"]),
];

/// The programs an own-code run is checked with: every scenario's (defaults, under the
/// Python it runs on), every fidelity program, the guide's programs (with the stand-ins of
/// aiohttp and requests) and [`ENDINGS`].
fn own_programs(python: &str) -> Vec<(String, String, &'static [&'static str])> {
    let mut out: Vec<(String, String, &'static [&'static str])> = all()
        .iter()
        .map(|s| {
            let mut v = s.defaults();
            v.set("python", Value::Choice(python.into()));
            (format!("wire_{}", s.id.replace('-', "_")), s.python(&v), &[][..])
        })
        .collect();
    for dir in ["tests/cpython/programs", "tests/cpython/guide"] {
        let mut files: Vec<_> = std::fs::read_dir(repo().join(dir))
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "py"))
            .collect();
        files.sort();
        for path in files {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if name == "missing_module" {
                continue; // fails at its import, before any asyncio.run: no run-result
            }
            out.push((format!("wire_{name}"), std::fs::read_to_string(&path).unwrap(), &[]));
        }
    }
    out.extend(ENDINGS.iter().map(|(name, source, args)| (name.to_string(), source.to_string(), *args)));
    out
}

/// The kinds whose `detail` is their own text (the only detail Python writes).
const TEXT_KINDS: [Kind; 4] = [Kind::Print, Kind::Warning, Kind::Done, Kind::Failed];

#[test]
fn pythons_json_is_the_declared_schema_and_loads_as_the_run_it_wrote() {
    let checked = for_each_python(|py| {
        let mut n = 0;
        let mut ends = Vec::new();
        for (name, source, args) in own_programs(py.version.as_str()) {
            let context = format!("{name} under CPython {}", py.version);
            let json = cpython_run_result(py, &name, &source, args);
            let theirs: RunJson = RunJson::deserialize(&json).unwrap_or_else(|e| panic!("{context}: not the declared schema: {e}"));
            assert!(theirs.end.is_none(), "{context}: the end is data (ended), not words");
            for (i, e) in theirs.events.iter().enumerate() {
                assert_eq!(e.detail.is_some(), TEXT_KINDS.contains(&e.kind), "{context}: event {i} ({:?}) carries a detail only if it is its text", e.kind);
            }
            let loaded = load_run(&json).unwrap_or_else(|e| panic!("{context}: does not load: {e}"));
            if name.starts_with("wire_") && ENDINGS.iter().any(|(n, ..)| *n == name) {
                ends.push((loaded.report.end.to_string(), loaded.report.result.as_ref().err().map(|e| e.describe())));
            }
            let ours = loaded.wire(Form::Loadable);
            assert_eq!((&ours.ended, &ours.main, ours.elapsed), (&theirs.ended, &theirs.main, theirs.elapsed), "{context}: how it ended");
            if theirs.main != Some(MainJson::Unfinished) {
                assert_eq!(ours.outcome, theirs.outcome, "{context}: the outcome");
            }
            assert_eq!(ours.tasks, theirs.tasks, "{context}: the task table worked out from Python's events is Python's");
            assert_eq!(ours.events.len(), theirs.events.len(), "{context}");
            for (i, (ours, theirs)) in ours.events.iter().zip(&theirs.events).enumerate() {
                let mut ours: EventJson = ours.clone();
                if theirs.detail.is_none() {
                    ours.detail = None; // the page writes it from the fields
                }
                if theirs.awaited_by.is_none() && ours.awaited_by.as_ref().is_some_and(Vec::is_empty) {
                    ours.awaited_by = None; // 3.11–3.13 have no call graph
                }
                assert_eq!(&ours, theirs, "{context}: event {i}");
            }
            n += 1;
        }
        let expected = [
            ("completed", Some("ValueError: boom")),
            ("completed", Some("ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions) [KeyError: 1; KeyError: 2]")),
            ("deadlock at t=0", Some("RuntimeError: deadlock: no task can make progress at t=0")),
            ("stopped at t=2.5: the horizon was reached", Some("RuntimeError: stopped at t=2.5: the horizon was reached")),
        ];
        let expected: Vec<_> = expected.iter().map(|(end, error)| (end.to_string(), error.map(str::to_string))).collect();
        assert_eq!(ends, expected, "under CPython {}: how each ending loads", py.version);
        n
    });
    assert!(checked.iter().all(|n| *n > all().len()), "{checked:?}");
}
