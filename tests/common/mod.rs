//! Shared by the native test files: running the CPython harness and comparing traces.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use asyncio_playground::runtime::trace::ComparableEvent;
use asyncio_playground::runtime::Trace;
#[allow(unused_imports)]
pub use asyncio_playground::scenarios::python::{py_float, py_repr_exc};

/// One `asyncio.run` of a program under the CPython harness.
#[derive(Debug)]
#[derive(Clone)]
pub struct CpythonRun {
    pub events: Vec<ComparableEvent>,
    pub elapsed: f64,
    pub error: Option<String>,
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `program` (a path, or Python source when `source` is given) under
/// `tests/cpython/harness.py` and returns its runs, without asyncio.run's shutdown tasks.
pub fn cpython(program: &Path, extra_args: &[&str]) -> Vec<CpythonRun> {
    let harness = repo().join("tests/cpython/harness.py");
    let out = Command::new("python3")
        .arg(&harness)
        .arg(program)
        .args(extra_args)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "harness failed on {}: {}", program.display(), String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("harness prints JSON");
    json["runs"].as_array().expect("runs").iter().map(parse_run).collect()
}

/// Runs Python source text under the harness (written to a temporary file).
pub fn cpython_source(name: &str, source: &str, extra_args: &[&str]) -> Vec<CpythonRun> {
    let dir = std::env::temp_dir().join(format!("asyncio-playground-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, source).unwrap();
    cpython(&path, extra_args)
}

fn parse_run(run: &serde_json::Value) -> CpythonRun {
    let mut events: Vec<ComparableEvent> = run["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let kind: &'static str = match e[2].as_str().unwrap() {
                "create" => "create",
                "step" => "step",
                "suspend" => "suspend",
                "done" => "done",
                "failed" => "failed",
                "cancelled" => "cancelled",
                "print" => "print",
                _ => "other",
            };
            ComparableEvent {
                t: e[0].as_f64().unwrap(),
                task: e[1].as_str().unwrap().to_string(),
                kind,
                detail: e[3].as_str().unwrap().to_string(),
                line: e[4].as_u64().unwrap_or(0) as u32,
                iter: e[5].as_u64().unwrap() as u32,
            }
        })
        .filter(|e| e.kind != "other")
        .collect();
    // asyncio.run's shutdown (shutdown_asyncgens, shutdown_default_executor) creates tasks
    // after the main task finished; our runner has no such tasks.
    if let Some(main) = events.first().map(|e| e.task.clone()) {
        let end = events.iter().position(|e| e.task == main && matches!(e.kind, "done" | "failed" | "cancelled"));
        if let Some(end) = end {
            let late: Vec<String> = events[end..].iter().filter(|e| e.kind == "create").map(|e| e.task.clone()).collect();
            events.retain(|e| !late.contains(&e.task));
        }
    }
    CpythonRun { events, elapsed: run["elapsed"].as_f64().unwrap(), error: run["error"].as_str().map(String::from) }
}

/// What of the program's position is compared.
#[derive(Clone, Copy, PartialEq)]
pub enum Lines {
    /// Program lines and await stacks too: the scenarios, whose programs say where they are.
    Compared,
    /// Times, tasks, kinds, details and loop iterations only: hand-written mirrors of the
    /// harness's sample programs, which do not track lines.
    Ignored,
}

/// Asserts that our trace equals CPython's, event by event, showing the first difference.
pub fn assert_same_trace(ours: &Trace, theirs: &CpythonRun) {
    assert_same_trace_with(ours, theirs, Lines::Compared)
}

/// [`assert_same_trace`], choosing whether lines and await stacks count.
pub fn assert_same_trace_with(ours: &Trace, theirs: &CpythonRun, lines: Lines) {
    let blank = |mut e: ComparableEvent| {
        if lines == Lines::Ignored {
            e.line = 0;
            if e.kind == "suspend" {
                e.detail.clear();
            }
        }
        e
    };
    let ours: Vec<ComparableEvent> = ours.comparable().into_iter().map(blank).collect();
    let theirs_events: Vec<ComparableEvent> = theirs.events.iter().cloned().map(blank).collect();
    let theirs = CpythonRun { events: theirs_events, ..theirs.clone() };
    let n = ours.len().max(theirs.events.len());
    for i in 0..n {
        let (a, b) = (ours.get(i), theirs.events.get(i));
        if a != b {
            let from = i.saturating_sub(4);
            let show = |v: &[ComparableEvent]| v[from.min(v.len())..(i + 3).min(v.len())].iter().map(|e| format!("  {e:?}")).collect::<Vec<_>>().join("\n");
            panic!("traces differ at event {i}\nours:\n{}\nCPython:\n{}", show(&ours), show(&theirs.events));
        }
    }
}

/// `round(time.perf_counter() - START, 1)` of the fidelity programs (START is 0).
pub fn elapsed() -> String {
    py_float((asyncio_playground::runtime::now() * 10.0).round() / 10.0)
}
