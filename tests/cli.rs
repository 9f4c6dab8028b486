//! The native CLI: listing, running with every kind of parameter, and rejecting bad ones.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

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
    assert!(div.starts_with(r#"<div class="asyncio-playground" data-asyncio-playground="lock" data-params="workers=20&amp;controls=0&amp;theme=dark">"#), "{div}");
    assert_eq!(lines.next(), Some(r#"<script src="https://play.example/p/static/embed.js" defer></script>"#));

    let (code, _, err) = cli(&["embed", "scenario=lock", "workers=0", "lang=fr"]);
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "workers=0: workers must be a whole number from 1 to 10000 (got \"0\")\nlang=fr: lang must be one of en, hi, bn (got \"fr\")");
}

#[test]
fn a_key_given_twice_is_refused_as_the_url_contract_refuses_it() {
    let (code, _, err) = cli(&["run", "gather", "tasks=3", "tasks=5"]);
    assert_eq!(code, 2);
    assert!(err.contains("tasks is given twice"), "{err}");
}
