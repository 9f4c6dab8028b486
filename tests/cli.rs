//! The native CLI: listing, running with every kind of parameter, and rejecting bad ones.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::process::Command;

use asyncio_playground::runtime::PyVersion;
use common::{cpython_source, python, CpythonRun};

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_asyncio-playground")).args(args).output().expect("the CLI runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn list_json_names_every_scenario_with_its_parameters() {
    let (code, out, _) = cli(&["list", "--json"]);
    assert_eq!(code, 0);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<&str> = list.as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    for s in asyncio_playground::scenarios::all() {
        assert!(ids.contains(&s.id), "{} missing from list", s.id);
    }
    let gather = list.as_array().unwrap().iter().find(|s| s["id"] == "gather").unwrap();
    let tasks = gather["params"].as_array().unwrap().iter().find(|p| p["name"] == "tasks").unwrap();
    assert_eq!(tasks["default"], "5");
    assert_eq!(tasks["range"], serde_json::json!([1, 1000]));
}

#[test]
fn the_docs_packages_schema_is_the_one_the_cli_exports() {
    // (Before the browser tests: a contract change without the regenerated schema fails here.)
    let (code, out, err) = cli(&["schema"]);
    assert_eq!(code, 0, "{err}");
    let shipped = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/python/asyncio_playground/schema.json")).unwrap();
    let (now, kept): (serde_json::Value, serde_json::Value) = (serde_json::from_str(&out).unwrap(), serde_json::from_str(&shipped).unwrap());
    assert!(
        now == kept,
        "python/asyncio_playground/schema.json is stale: cargo run --bin asyncio-playground -- schema > python/asyncio_playground/schema.json"
    );
}

#[test]
fn run_json_is_the_run_result_of_those_parameters() {
    let (code, out, err) = cli(&["run", "gather", "tasks=3", "delay=0.5", "mode=concurrent", "--json"]);
    assert_eq!(code, 0, "{err}");
    let run: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(run["params"]["tasks"], 3);
    assert_eq!(run["outcome"]["concurrent_elapsed"], 0.5);
    assert_eq!(run["outcome"]["results"], serde_json::json!([0, 2, 4]));
}

#[test]
fn run_text_shows_lanes_prints_and_outcome() {
    let (code, out, _) = cli(&["run", "lock", "workers=3", "use_lock=false"]);
    assert_eq!(code, 0);
    assert!(out.contains("Task-4"), "{out}");
    assert!(out.contains("lost_updates: 2"), "{out}");
}

#[test]
fn bad_parameters_are_named_with_their_range_and_exit_2() {
    let (code, _, err) = cli(&["run", "gather", "tasks=0", "delay=NaN", "colour=red"]);
    assert_eq!(code, 2);
    assert!(err.contains("tasks must be a whole number from 1 to 1000 (got \"0\")"), "{err}");
    assert!(err.contains("delay must be a number from 0 to 60 s (got \"NaN\")"), "{err}");
    assert!(err.contains("unknown parameter \"colour\""), "{err}");
    let (code, _, err) = cli(&["run", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown scenario"), "{err}");
}

#[test]
fn python_prints_the_rendered_program() {
    let (code, out, _) = cli(&["python", "sleep", "delay=2.5"]);
    assert_eq!(code, 0);
    assert!(out.contains("await asyncio.sleep(2.5)"), "{out}");
}

#[test]
fn embed_prints_a_checked_drop_in_element() {
    let (code, out, err) = cli(&["embed", "--base=https://play.example/p/", "scenario=lock", "workers=20", "controls=0", "theme=dark"]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    let div = lines.next().unwrap();
    assert!(
        div.starts_with(r#"<div class="asyncio-playground" data-asyncio-playground="lock" data-params="workers=20&amp;controls=0&amp;theme=dark">"#),
        "{div}"
    );
    assert_eq!(lines.next(), Some(r#"<script src="https://play.example/p/static/embed.js" defer></script>"#));
    // Issue 23: the link text is the scenario's title, not its message id.
    assert!(div.contains(">Open the asyncio playground: Race conditions on one thread, and asyncio.Lock</a>"), "{div}");
    assert!(!div.contains("lock-title"), "{div}");

    let (code, _, err) = cli(&["embed", "scenario=lock", "workers=0", "lang=fr"]);
    assert_eq!(code, 2);
    let langs: Vec<&str> = asyncio_playground::i18n::Lang::ALL.iter().map(|l| l.tag()).collect();
    assert_eq!(
        err.trim(),
        format!("workers=0: workers must be a whole number from 1 to 10000 (got \"0\")\nlang=fr: lang must be one of {} (got \"fr\")", langs.join(", "))
    );
}

#[test]
fn help_and_version_print_on_stdout_and_exit_0() {
    for flag in ["--help", "-h"] {
        let (code, out, err) = cli(&[flag]);
        assert_eq!((code, err.as_str()), (0, ""), "{flag}");
        assert!(out.starts_with(&format!("asyncio-playground {}", env!("CARGO_PKG_VERSION"))), "{out}");
        for command in ["list", "schema", "run SCENARIO", "python SCENARIO", "embed [--base URL]"] {
            assert!(out.contains(&format!("asyncio-playground {command}")), "{flag} names `{command}`: {out}");
        }
    }
    // After a command: that command's help, and nothing is run.
    let (code, out, err) = cli(&["run", "gather", "tasks=3", "--help"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("usage: asyncio-playground run SCENARIO [key=value ...] [--json | --chrome-trace]\n"), "{out}");
    assert!(!out.contains("Task-"), "the scenario ran: {out}");
    let (_, out, _) = cli(&["embed", "-h"]);
    assert!(out.starts_with("usage: asyncio-playground embed [--base URL]"), "{out}");
    let (code, out, err) = cli(&["--version"]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, format!("asyncio-playground {}\n", env!("CARGO_PKG_VERSION")).as_str(), ""));
    assert_eq!(cli(&["-V"]).1, out);
    // No command is still a mistake: the usage, on stderr, with 2.
    let (code, out, err) = cli(&[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("usage:"), "{err}");
}

/// One version and one licence for the crate (and so the CLI) and the Python package: the
/// package's `__version__` (its wheel's version) is the crate's, its licence expression the
/// crate's, and the licence texts its wheel carries are the repository's.
#[test]
fn the_crate_and_the_python_package_have_one_version_and_one_licence() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let init = read("python/asyncio_playground/__init__.py");
    let version = init.lines().find_map(|l| l.strip_prefix("__version__ = ")).expect("__version__ in the package");
    assert_eq!(version.trim_matches('"'), env!("CARGO_PKG_VERSION"), "python/asyncio_playground/__init__.py's __version__");
    let pyproject = read("python/pyproject.toml");
    assert!(pyproject.contains(&format!("license = \"{}\"", env!("CARGO_PKG_LICENSE"))), "python/pyproject.toml's licence is the crate's");
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        assert!(pyproject.contains(&format!("\"{file}\"")), "the wheel carries {file}");
        assert_eq!(read(&format!("python/{file}")), read(file), "python/{file} is the repository's");
    }
    assert!(read("LICENSE-APACHE").contains("Apache License\n                           Version 2.0"), "LICENSE-APACHE is the Apache License 2.0");
    assert!(read("LICENSE-MIT").contains("Permission is hereby granted, free of charge"), "LICENSE-MIT is the MIT licence");
}

#[test]
fn base_takes_its_url_as_the_next_argument_or_after_an_equals_sign() {
    let spaced = cli(&["embed", "--base", "https://play.example/p/", "scenario=gather"]);
    let joined = cli(&["embed", "--base=https://play.example/p/", "scenario=gather"]);
    assert_eq!(spaced.0, 0, "{}", spaced.2);
    assert_eq!(spaced, joined);
    assert!(spaced.1.contains("https://play.example/p/static/embed.js"), "{}", spaced.1);
    let (code, _, err) = cli(&["embed", "scenario=gather", "--base"]);
    assert_eq!(code, 2);
    assert!(err.contains("--base needs a URL"), "{err}");
    let (code, _, err) = cli(&["run", "gather", "--bogus"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("unknown option --bogus"), "{err}");
}

#[test]
fn a_key_given_twice_is_refused_as_the_url_contract_refuses_it() {
    let (code, _, err) = cli(&["run", "gather", "tasks=3", "tasks=5"]);
    assert_eq!(code, 2);
    assert!(err.contains("tasks is given twice"), "{err}");
}

/// (name, start, end, state) of every task in a run-result's `tasks`.
fn task_list(run: &serde_json::Value) -> Vec<(String, f64, Option<f64>, String)> {
    run["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["start"].as_f64().unwrap(), t["end"].as_f64(), t["state"].as_str().unwrap().to_string()))
        .collect()
}

/// The same list from a CPython harness run: each task's creation, its outcome event.
fn cpython_task_list(run: &CpythonRun) -> Vec<(String, f64, Option<f64>, String)> {
    let mut tasks: Vec<(String, f64, Option<f64>, String)> = Vec::new();
    for e in &run.events {
        match e.kind {
            "create" => tasks.push((e.task.clone(), e.t, None, "pending".into())),
            "done" | "failed" | "cancelled" => {
                if let Some(t) = tasks.iter_mut().find(|t| t.0 == e.task) {
                    (t.2, t.3) = (Some(e.t), e.kind.to_string());
                }
            }
            _ => {}
        }
    }
    tasks
}

#[test]
fn wait_for_runs_a_task_under_3_11_and_none_under_3_12_each_as_that_cpython_does() {
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "timeout", "api=wait_for"];
        args.extend(extra);
        args.push("--json");
        let (code, out, err) = cli(&args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let runs: Vec<(PyVersion, serde_json::Value)> = PyVersion::ALL.into_iter().map(|v| (v, run(&[&format!("python={v}")]))).collect();
    let (py311, py312) = (task_list(&runs[0].1), task_list(&runs[1].1));
    assert_ne!(py311, py312, "3.11 and 3.12 must differ");
    assert_eq!(py311.iter().map(|t| (t.0.as_str(), t.3.as_str())).collect::<Vec<_>>(), [("Task-1", "done"), ("Task-2", "cancelled")]);
    assert_eq!(py312.iter().map(|t| (t.0.as_str(), t.3.as_str())).collect::<Vec<_>>(), [("Task-1", "done")]);

    let default = run(&[]);
    assert_eq!(default["params"]["python"], "3.14", "the newest Python by default");
    assert_eq!(task_list(&default), task_list(&runs[3].1));

    for (version, result) in &runs {
        assert_eq!(result["params"]["python"], version.as_str());
        let Some(py) = python(*version) else { continue }; // skipped with a note (or failed where all are required)
        let (code, program, err) = cli(&["python", "timeout", "api=wait_for", &format!("python={version}")]);
        assert_eq!(code, 0, "{err}");
        let theirs = cpython_source(py, "cli_timeout_wait_for", &program, &[]);
        assert_eq!(task_list(result), cpython_task_list(&theirs[0]), "the task list of python={version} is CPython {version}'s");
    }
}
