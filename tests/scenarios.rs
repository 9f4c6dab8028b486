//! Every scenario against CPython, against its golden run-result, and against bad input.
//!
//! - Fidelity: for the defaults, each of the scenario's `fidelity_cases` and five random
//!   parameter sets, the rendered Python runs under the CPython virtual-clock harness on
//!   CPython 3.11, 3.12 and 3.13 (one thread each), and our program runs on the executor
//!   following that version; task steps, prints, outcomes, lines, loop iterations and
//!   elapsed time must be equal.
//! - Golden files: the run-result JSON for the defaults (hence the newest Python) is
//!   checked in under `tests/golden/`; `UPDATE_GOLDEN=1 cargo test --test scenarios`
//!   rewrites them. Other versions are not pinned by golden files: what differs between
//!   versions is checked against CPython itself, above.
//! - Validation: every parameter rejects values outside its range with a message naming it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::scenarios::{all, find, run_virtual, ParamKind, Scenario, Value, Values};
use common::{assert_same_trace, cpython_source, for_each_python, repo, CpythonRun, Python};

fn pairs(query: &str) -> Vec<(&str, &str)> {
    query.split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, ""))).collect()
}

fn values(s: &Scenario, query: &str) -> Values {
    s.values(pairs(query)).unwrap_or_else(|e| panic!("{} {query}: {e:?}", s.id))
}

/// Runs `v` (its `python` set to `py`'s version) under CPython and on the executor and
/// requires equal traces and elapsed times.
fn check_against(py: &Python, s: &'static Scenario, v: &Values, name: &str) {
    let mut v = v.clone();
    v.set("python", Value::Choice(py.version.as_str().into()));
    let python = s.python(&v);
    let until = s.horizon(&v).map(|h| h.to_string());
    let args: Vec<&str> = until.as_deref().map(|u| vec!["--until", u]).unwrap_or_default();
    let theirs = cpython_source(py, name, &python, &args);
    let ours = run_virtual(s, &v);
    let context = format!("scenario {} with {} under CPython {}", s.id, v.to_query(), py.version);
    if std::panic::catch_unwind(|| assert_same_trace(&ours.report.trace, &theirs[0])).is_err() {
        panic!("{context}: traces differ (see above)\n--- python ---\n{python}");
    }
    assert_eq!(ours.report.elapsed, theirs[0].elapsed, "{context}: elapsed");
}

/// Checks every (scenario, values, file name) under every interpreter, one thread each.
fn check_all(cases: &[(&'static Scenario, Values, String)]) {
    let checked = for_each_python(|py| {
        for (s, v, name) in cases {
            check_against(py, s, v, name);
        }
        cases.len()
    });
    assert!(checked.iter().all(|n| *n == cases.len()));
}

#[test]
fn every_scenario_matches_cpython_for_its_fidelity_cases() {
    let mut cases = Vec::new();
    for s in all() {
        for case in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
            assert!(!case.contains("python="), "{}: fidelity cases run under every version; {case:?} names one", s.id);
            cases.push((s, values(s, case), format!("{}_{}", s.id, case.replace(['&', '=', ',', '.'], "_"))));
        }
    }
    check_all(&cases);
}

#[test]
fn golden_run_results_for_the_guides_values() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for s in all() {
        let json = serde_json::to_string_pretty(&run_virtual(s, &s.defaults()).to_json()).unwrap() + "\n";
        let again = serde_json::to_string_pretty(&run_virtual(s, &s.defaults()).to_json()).unwrap() + "\n";
        assert_eq!(json, again, "{}: two virtual runs differ", s.id);
        let path = repo().join("tests/golden").join(format!("{}.json", s.id));
        if update {
            std::fs::write(&path, &json).unwrap();
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}; run with UPDATE_GOLDEN=1", path.display()));
        assert!(golden == json, "{}: run-result differs from {}; if intended, run with UPDATE_GOLDEN=1", s.id, path.display());
    }
}

#[test]
fn every_parameter_rejects_bad_values_naming_itself_and_its_range() {
    for s in all() {
        for p in s.params {
            let bad: Vec<String> = match &p.kind {
                ParamKind::Int { min, max, .. } => vec![(min - 1).to_string(), (max + 1).to_string(), "1.5".into(), "abc".into(), "".into()],
                ParamKind::Float { min, max, .. } => vec![(min - 0.5).to_string(), (max + 0.5).to_string(), "NaN".into(), "inf".into(), "x".into(), "".into()],
                ParamKind::Bool { .. } => vec!["maybe".into(), "".into(), "2".into()],
                ParamKind::Choice { .. } => vec!["nonsense".into(), "".into()],
                ParamKind::IntList { min, max, .. } => vec![(min - 1).to_string(), (max + 1).to_string(), "1,1".into(), "a".into()],
                ParamKind::Text { max_len, .. } => vec!["x".repeat(max_len + 1)],
            };
            for raw in bad {
                let errors = s.values([(p.name, raw.as_str())]).expect_err(&format!("{}.{} accepted {raw:?}", s.id, p.name));
                let message = &errors[0].message;
                assert_eq!(errors[0].param, p.name);
                assert!(message.starts_with(p.name) && message.contains(&p.allowed()), "{}.{}: {message}", s.id, p.name);
            }
        }
        let unknown = s.values([("no_such_param", "1")]).unwrap_err();
        assert!(unknown[0].message.contains("unknown parameter"), "{}", s.id);
    }
}

#[test]
fn every_scenario_has_the_python_parameter_and_names_the_version_in_its_program() {
    use asyncio_playground::runtime::PyVersion;
    for s in all() {
        assert_eq!(s.params.iter().filter(|p| p.name == "python").count(), 1, "{}", s.id);
        assert_eq!(s.defaults().python(), PyVersion::V3_14, "{}: the newest by default", s.id);
        for version in PyVersion::ALL {
            let v = values(s, &format!("python={version}"));
            let first_line = s.python(&v).lines().next().unwrap_or_default().to_string();
            assert_eq!(first_line, format!("# Runs as on Python {version} (checked against CPython {version}'s asyncio)"), "{}", s.id);
            assert_eq!(run_virtual(s, &v).to_json()["params"]["python"], version.as_str(), "{}", s.id);
        }
    }
}

#[test]
fn every_label_help_and_option_of_every_parameter_is_an_english_message() {
    use asyncio_playground::i18n::{has, Lang};
    for s in all() {
        for p in s.params {
            let options: Vec<&str> = match &p.kind {
                ParamKind::Choice { options, .. } => options.iter().map(|(_, label)| *label).collect(),
                _ => Vec::new(),
            };
            for id in [p.label, p.help].into_iter().chain(options) {
                assert!(has(Lang::En, id), "{}.{}: no English message {id}", s.id, p.name);
            }
        }
        for version in ["3.11", "3.12", "3.13", "3.14"] {
            let msg = s.summary(&values(s, &format!("python={version}")));
            assert!(has(Lang::En, msg.id), "{}: no English message {}", s.id, msg.id);
        }
    }
}

#[test]
fn every_scenario_runs_with_its_defaults_and_reports_an_outcome() {
    for s in all() {
        let run = run_virtual(s, &s.defaults());
        let outcome = run.report.result.as_ref().unwrap_or_else(|e| panic!("{}: {}", s.id, e.describe()));
        assert!(!outcome.is_empty(), "{}: empty outcome", s.id);
        let json = run.to_json();
        for key in ["scenario", "params", "clock", "elapsed", "tasks", "events", "outcome"] {
            assert!(json.get(key).is_some(), "{}: run-result lacks {key}", s.id);
        }
    }
}

/// A small deterministic generator for the random parameter sets below.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A random value for `p`, kept small so each run stays quick under CPython.
fn random_value(p: &asyncio_playground::scenarios::ParamSpec, rng: &mut Rng) -> String {
    match &p.kind {
        ParamKind::Int { min, max, .. } => (min + rng.below(((*max).min(min + 11) - min + 1) as u64) as i64).to_string(),
        ParamKind::Float { min, max, .. } => {
            let hi = max.min(min + 3.0);
            let tenths = rng.below(((hi - min) * 10.0) as u64 + 1) as f64;
            let v = (min * 10.0).ceil() / 10.0 + tenths / 10.0;
            format!("{}", if v > *max { *max } else { v })
        }
        ParamKind::Bool { .. } => (rng.below(2) == 1).to_string(),
        ParamKind::Choice { options, .. } => options[rng.below(options.len() as u64) as usize].0.to_string(),
        ParamKind::IntList { .. } => {
            (0..rng.below(3)).map(|_| rng.below(4).to_string()).collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>().join(",")
        }
        ParamKind::Text { default, .. } => default.to_string(),
    }
}

#[test]
fn random_parameter_sets_match_cpython_too() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut cases = Vec::new();
    for s in all() {
        let mut drawn = 0;
        let mut attempts = 0;
        while drawn < 5 && attempts < 200 {
            attempts += 1;
            // every set runs under every version, so the version is not drawn
            let raw: Vec<(&str, String)> = s.params.iter().filter(|p| p.name != "python").map(|p| (p.name, random_value(p, &mut rng))).collect();
            let Ok(v) = s.values(raw.iter().map(|(n, r)| (*n, r.as_str()))) else { continue };
            cases.push((s, v, format!("{}_random_{drawn}", s.id)));
            drawn += 1;
        }
        assert_eq!(drawn, 5, "{}: could not draw five valid parameter sets", s.id);
    }
    check_all(&cases);
}

#[test]
fn eager_start_is_refused_on_3_11_and_written_as_each_version_writes_it() {
    let s = asyncio_playground::scenarios::find("gather").unwrap();
    let err = s.values(pairs("mode=concurrent&eager=true&python=3.11")).unwrap_err();
    assert_eq!(err[0].param, "eager");
    assert!(err[0].message.contains("3.12 or newer"), "{}", err[0].message);
    let program = |python: &str| s.python(&values(s, &format!("tasks=2&mode=concurrent&eager=true&python={python}")));
    assert!(program("3.14").contains("asyncio.create_task(fetch(i), eager_start=True)"));
    for python in ["3.12", "3.13"] {
        let p = program(python);
        assert!(p.contains("set_task_factory(asyncio.eager_task_factory)") && !p.contains("eager_start"), "{python}:\n{p}");
    }
}

#[test]
fn taskgroup_eager_start_is_refused_on_3_11_and_written_as_each_version_writes_it() {
    let s = asyncio_playground::scenarios::find("taskgroup").unwrap();
    for mode in ["taskgroup", "gather", "gather_return_exceptions"] {
        let err = s.values(pairs(&format!("mode={mode}&eager=true&python=3.11"))).unwrap_err();
        assert_eq!(err[0].param, "eager", "{mode}");
        assert!(err[0].message.starts_with("eager") && err[0].message.contains("3.12 or newer"), "{mode}: {}", err[0].message);
        assert!(s.shown(&values(s, &format!("mode={mode}")), "eager"), "{mode}: eager start changes every mode's create_task");
    }
    let program = |query: &str, python: &str| s.python(&values(s, &format!("{query}&eager=true&python={python}")));
    assert!(program("mode=taskgroup", "3.14").contains("tg.create_task(risky(i), eager_start=True)"));
    assert!(program("mode=gather", "3.14").contains("asyncio.create_task(risky(i), eager_start=True)"));
    for python in ["3.12", "3.13"] {
        for mode in ["taskgroup", "gather_return_exceptions"] {
            let p = program(&format!("mode={mode}"), python);
            assert!(p.contains("set_task_factory(asyncio.eager_task_factory)") && !p.contains("eager_start"), "{python} {mode}:\n{p}");
        }
    }
    for python in ["3.11", "3.12", "3.13", "3.14"] {
        let plain = s.python(&values(s, &format!("python={python}")));
        assert!(!plain.contains("eager"), "{python}: eager=false writes no eager start:\n{plain}");
    }
}

/// The trap of 3.12–3.13's TaskGroup: a child failing inside its eager `create_task` aborts
/// the group there, so the next `create_task` raises and main fails with it; on 3.14 the
/// group only sees the failure on the next iteration, after the body created every task.
#[test]
fn a_taskgroup_child_failing_inside_its_eager_create_task_aborts_the_group_on_3_12_and_3_13_only() {
    use asyncio_playground::runtime::Exc;
    let s = asyncio_playground::scenarios::find("taskgroup").unwrap();
    for python in ["3.12", "3.13", "3.14"] {
        let run = run_virtual(s, &values(s, &format!("tasks=4&fail=2&eager=true&python={python}")));
        match (python, &run.report.result) {
            ("3.14", Ok(outcome)) => {
                assert_eq!(outcome["exceptions"], serde_json::json!(["boom at 2"]));
                assert_eq!(outcome["states"], serde_json::json!(["cancelled", "cancelled", "failed", "cancelled"]));
            }
            ("3.12" | "3.13", Err(e @ Exc::Group { .. })) => {
                assert_eq!(e.describe(), "ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception) [RuntimeError: TaskGroup <TaskGroup tasks=2 errors=1 cancelling> is shutting down]");
            }
            (_, other) => panic!("{python}: {other:?}"),
        }
        let summary = s.summary(&values(s, &format!("tasks=4&fail=2&eager=true&python={python}"))).id;
        assert_eq!(summary == "taskgroup-summary-taskgroup-eager-abort", python != "3.14", "{python}: {summary}");
    }
    // the last task failing aborts nothing still to be created
    assert_eq!(s.summary(&values(s, "tasks=3&fail=2&eager=true&python=3.12")).id, "taskgroup-summary-taskgroup");
}

/// The line tracing's comparison catches one wrong line and one missing return: a run of
/// ours that differs from CPython's by either is refused.
#[test]
fn a_wrong_line_or_a_missing_return_fails_the_comparison() {
    use asyncio_playground::runtime::EventKind;
    let s = find("gather").expect("gather");
    let v = s.defaults();
    let checked = for_each_python(|py| {
        let mut v = v.clone();
        v.set("python", Value::Choice(py.version.as_str().into()));
        let theirs: CpythonRun = cpython_source(py, "mutation_gather", &s.python(&v), &[]).remove(0);
        let ours = run_virtual(s, &v).report.trace;
        assert_same_trace(&ours, &theirs); // unmutated: equal
        let refused = |trace: &asyncio_playground::runtime::Trace| std::panic::catch_unwind(|| assert_same_trace(trace, &theirs)).is_err();
        let mut wrong_line = ours.clone();
        let line = wrong_line.events.iter_mut().filter(|e| matches!(e.kind, EventKind::Line { .. })).nth(3).expect("a fourth line event");
        line.line += 1;
        assert!(refused(&wrong_line), "one line event on the wrong line must fail under {}", py.version);
        let mut no_return = ours.clone();
        let first = no_return.events.iter().position(|e| matches!(e.kind, EventKind::Return { .. })).expect("a return event");
        no_return.events.remove(first);
        assert!(refused(&no_return), "a missing return must fail under {}", py.version);
        1
    });
    assert!(!checked.is_empty());
}
