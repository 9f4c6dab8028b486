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

/// Decimal text the way numbers are written, near every edge a float parser has: short and
/// long digit strings, any exponent, halfway cases, subnormals, the largest finite values.
fn decimal_text() -> impl Strategy<Value = String> {
    let sign = prop::sample::select(vec!["", "-", "+"]);
    let digits = prop_oneof!["[0-9]{1,17}", "[0-9]{18,40}", "[1-9][0-9]{0,5}0{10,30}", "0{0,5}[0-9]{1,30}"];
    let point = prop_oneof![Just(None), (0usize..45).prop_map(Some)];
    let exponent = prop_oneof![Just(String::new()), (-350i32..330).prop_map(|e| format!("e{e}")), (-30i32..30).prop_map(|e| format!("E{e:+}"))];
    prop_oneof![
        4 => (sign, digits, point, exponent).prop_map(|(s, d, p, e)| match p {
            Some(at) if at <= d.len() => format!("{s}{}.{}{e}", &d[..at], &d[at..]),
            _ => format!("{s}{d}{e}"),
        }),
        // Every f64's own shortest text, and its neighbours' halfway points.
        2 => any::<f64>().prop_map(|v| format!("{v:e}")),
        2 => any::<u64>().prop_map(|bits| {
            let v = f64::from_bits(bits & !(1 << 63));
            let next = f64::from_bits(v.to_bits().saturating_add(1));
            // (The exact midpoint of two f64s, written out in full: a tie.)
            format!("{:.1100e}", (v / 2.0) + (next / 2.0))
        }),
        1 => prop::sample::select(vec![
            "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
            "9007199254740993", "9007199254740992.5", "0.1", "1e23", "8.98846567431158e307", "5e-324", "1e-400", "1e400",
            "1.", ".5", ".", "e5", "1e", "1e+", "-.e1", "0.000", "00012.5000", "inf", "-Infinity", "NaN", "+nan", "infinit",
        ]).prop_map(str::to_string),
        1 => ".{0,12}",
    ]
}

/// The parameters' float parser (`asyncio_playground::decimal`, without core's table of
/// powers of five) reads every text as `str::parse::<f64>` does: the same value, bit for bit
/// (NaN for NaN), and the same texts refused.
#[test]
fn the_decimal_parser_reads_every_text_as_str_parse_does() {
    use asyncio_playground::decimal::parse_f64;
    let mut runner =
        TestRunner::new(Config { cases: 4000, rng_seed: RngSeed::Fixed(common::seed("PROPTEST_SEED")), failure_persistence: None, ..Config::default() });
    runner
        .run(&decimal_text(), |text| {
            let (ours, std) = (parse_f64(&text), text.parse::<f64>());
            match (ours, std) {
                (Ok(a), Ok(b)) => prop_assert!(a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()), "{text:?}: {a:e} against {b:e}"),
                (Err(_), Err(_)) => {}
                (a, b) => prop_assert!(false, "{text:?}: {a:?} against {b:?}"),
            }
            Ok(())
        })
        .unwrap();
}
