//! Property tests of the one parameter validator (`ParamSpec::parse`, `Scenario::values`),
//! over every parameter of every scenario: any text is either accepted as a value inside
//! the parameter's range — which reads back as itself — or refused with a message naming
//! the parameter and what it allows. Nothing panics, nothing is clamped.
//!
//! Seeded and deterministic: `PROPTEST_SEED` (default below) picks the cases; a failure
//! prints the seed and the smallest input that fails.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use asyncio_playground::scenarios::{all, ParamKind, ParamSpec, Value};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

const CASES: u32 = 400;

fn runner() -> TestRunner {
    TestRunner::new(Config { cases: CASES, rng_seed: RngSeed::Fixed(common::seed("PROPTEST_SEED")), failure_persistence: None, ..Config::default() })
}

fn specs() -> Vec<&'static ParamSpec> {
    all().iter().flat_map(|s| s.params.iter()).collect()
}

/// Text a user might type: numbers near and far from every range, words, lists, junk.
fn raw_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        (-2000i64..12000).prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| v.to_string()),
        (-100.0f64..700.0).prop_map(|v| format!("{v}")),
        prop::sample::select(vec!["", " ", "NaN", "inf", "-0", "1e3", "0x1f", "true", "FALSE", "yes", "off", "both", "taskgroup", "1,2,3", "2,2", " 7 ", "１"])
            .prop_map(str::to_string),
        "[0-9,. -]{0,12}",
        ".{0,40}",
        (1usize..3000).prop_map(|n| "9".repeat(n)),
    ]
}

/// True if `v` lies inside what `spec` allows.
fn within(spec: &ParamSpec, v: &Value) -> bool {
    match (&spec.kind, v) {
        (ParamKind::Int { min, max, .. }, Value::Int(x)) => (min..=max).contains(&x),
        (ParamKind::Float { min, max, .. }, Value::Float(x)) => x.is_finite() && (min..=max).contains(&x),
        (ParamKind::Bool { .. }, Value::Bool(_)) => true,
        (ParamKind::Choice { options, .. }, Value::Choice(c)) => options.iter().any(|(o, _)| o == c),
        (ParamKind::IntList { min, max, .. }, Value::IntList(items)) => {
            items.iter().all(|x| (min..=max).contains(&x)) && items.iter().enumerate().all(|(i, x)| !items[..i].contains(x))
        }
        (ParamKind::Text { max_len, .. }, Value::Text(t)) => t.chars().count() <= *max_len,
        _ => false,
    }
}

#[test]
fn any_text_is_a_value_in_range_or_a_message_naming_the_parameter() {
    let specs = specs();
    eprintln!("parser property: seed {}, {CASES} inputs per parameter, {} parameters", common::seed("PROPTEST_SEED"), specs.len());
    let (accepted, refused) = (std::cell::Cell::new(0u32), std::cell::Cell::new(0u32));
    for spec in &specs {
        let result = runner().run(&raw_text(), |raw| {
            match spec.parse(&raw) {
                Ok(v) => {
                    accepted.set(accepted.get() + 1);
                    prop_assert!(within(spec, &v), "{} accepted {raw:?} as {v:?}, outside {}", spec.name, spec.allowed());
                    let again = spec.parse(&v.to_string());
                    prop_assert_eq!(again, Ok(v.clone()), "{} = {:?} does not read back as itself", spec.name, v);
                }
                Err(e) => {
                    refused.set(refused.get() + 1);
                    prop_assert_eq!(&e.param, spec.name);
                    let expected = format!("{} must be {}", spec.name, spec.allowed());
                    prop_assert!(e.message.starts_with(&expected), "message {:?} for {raw:?}", e.message);
                    prop_assert!(e.message.chars().count() < 200, "message grows with the input: {}", e.message.len());
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            panic!("seed {}: parameter {}: {e}", common::seed("PROPTEST_SEED"), spec.name);
        }
    }
    let (accepted, refused) = (accepted.get(), refused.get());
    eprintln!("parser property: {} inputs tried, {accepted} accepted, {refused} refused with a message; 0 failed", accepted + refused);
    assert!(accepted > 0 && refused > 0);
}

#[test]
fn every_value_inside_a_numeric_range_is_accepted_unchanged() {
    for spec in specs() {
        let result = match spec.kind {
            ParamKind::Int { min, max, .. } => runner()
                .run(&(min..=max), |v| {
                    prop_assert_eq!(spec.parse(&v.to_string()), Ok(Value::Int(v)));
                    Ok(())
                })
                .map_err(|e| e.to_string()),
            ParamKind::Float { min, max, .. } => runner()
                .run(&(min..=max), |v| {
                    prop_assert_eq!(spec.parse(&format!("{v}")), Ok(Value::Float(v)));
                    Ok(())
                })
                .map_err(|e| e.to_string()),
            _ => Ok(()),
        };
        if let Err(e) = result {
            panic!("seed {}: parameter {}: {e}", common::seed("PROPTEST_SEED"), spec.name);
        }
    }
}

#[test]
fn a_whole_set_of_pairs_reports_every_bad_one_and_the_last_repeat_wins() {
    let result = runner().run(&(0..all().len(), prop::collection::vec((0usize..8, raw_text()), 0..6)), |(si, picks)| {
        let scenario = &all()[si];
        let names: Vec<&str> = scenario.params.iter().map(|p| p.name).chain(["colour"]).collect();
        let pairs: Vec<(&str, &str)> = picks.iter().map(|(k, v)| (names[k % names.len()], v.as_str())).collect();
        let bad: Vec<&str> = pairs.iter().filter(|(n, v)| scenario.param(n).is_none_or(|p| p.parse(v).is_err())).map(|(n, _)| *n).collect();
        match scenario.values(pairs.clone()) {
            Ok(values) => {
                prop_assert!(bad.is_empty(), "accepted although {bad:?} are bad");
                for (name, raw) in &pairs {
                    let last = pairs.iter().rev().find(|(n, _)| n == name).map(|(_, v)| *v).unwrap_or(raw);
                    let spec = scenario.param(name).expect("known");
                    let expected = spec.parse(last).ok();
                    prop_assert_eq!(values.get(name), expected.as_ref(), "{} takes its last value", name);
                }
            }
            Err(errors) => {
                if bad.is_empty() {
                    // Every value was fine alone: one check across parameters refused them.
                    prop_assert_eq!(errors.len(), 1);
                    prop_assert!(pairs.iter().any(|(n, _)| errors[0].message.contains(n)), "{}", errors[0].message);
                } else {
                    prop_assert_eq!(errors.len(), bad.len(), "one message per bad pair: {:?}", errors);
                    for (e, name) in errors.iter().zip(&bad) {
                        prop_assert_eq!(&e.param, name);
                        prop_assert!(e.message.contains(name), "{}", e.message);
                    }
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("seed {}: {e}", common::seed("PROPTEST_SEED"));
    }
}
