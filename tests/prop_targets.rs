//! Property tests of the real targets' check (`targets::target_refusal`): any IPv4 address,
//! written in any of the forms the URL standard reads as it — one to four parts, each part
//! decimal, hex (`0x…`) or octal (`0…`), the last part filling the bytes left, a trailing
//! dot, IPv4-mapped and IPv4-compatible IPv6, `localhost` in any case — is refused from a
//! page on a public name exactly when the address is loopback, private, shared, link-local
//! or unspecified; and the refusal names the address itself.
//!
//! Seeded and deterministic: `PROPTEST_SEED` (default in `common`) picks the cases; a
//! failure prints the seed and the smallest spelling that fails.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::net::Ipv4Addr;

use asyncio_playground::targets::target_refusal;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

const CASES: u32 = 2000;
const PAGE: &str = "https://play.example";

fn runner() -> TestRunner {
    TestRunner::new(Config { cases: CASES, rng_seed: RngSeed::Fixed(common::seed("PROPTEST_SEED")), failure_persistence: None, ..Config::default() })
}

/// Whether `a` is an address a page on a public name may not reach (as `std` and RFC 6598
/// define the ranges, written out here independently of the code under test).
fn private(a: Ipv4Addr) -> bool {
    let [x, y, ..] = a.octets();
    x == 127
        || x == 10
        || x == 0
        || (x == 172 && (16..32).contains(&y))
        || (x == 192 && y == 168)
        || (x == 169 && y == 254)
        || (x == 100 && (64..128).contains(&y))
}

/// `n` written in base `radix` (8, 10 or 16) as the URL standard's IPv4 number parser reads it.
fn number(n: u64, radix: u32) -> String {
    match radix {
        16 => format!("0x{n:x}"),
        8 if n > 0 => format!("0{n:o}"),
        _ => n.to_string(),
    }
}

/// A spelling of `a` in `parts` parts (1–4), each in its radix.
fn spelling(a: Ipv4Addr, parts: usize, radixes: &[u32]) -> String {
    let b = a.octets().map(u64::from);
    let last = |from: usize| b[from..].iter().fold(0u64, |acc, x| acc * 256 + x);
    let values: Vec<u64> = match parts {
        1 => vec![last(0)],
        2 => vec![b[0], last(1)],
        3 => vec![b[0], b[1], last(2)],
        _ => b.to_vec(),
    };
    values.iter().zip(radixes).map(|(v, r)| number(*v, *r)).collect::<Vec<_>>().join(".")
}

fn address() -> impl Strategy<Value = Ipv4Addr> {
    prop_oneof![
        any::<u32>().prop_map(Ipv4Addr::from),
        // Near and inside every refused range, so both answers come up often.
        (prop::sample::select(vec![0u8, 10, 100, 127, 169, 172, 192, 8, 1]), any::<u8>(), any::<u8>(), any::<u8>())
            .prop_map(|(a, b, c, d)| Ipv4Addr::new(a, b, c, d)),
    ]
}

fn radixes() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(prop::sample::select(vec![8u32, 10, 16]), 4)
}

#[test]
fn every_spelling_of_an_ipv4_address_is_judged_as_the_address() {
    eprintln!("targets property: seed {}, {CASES} spellings per test", common::seed("PROPTEST_SEED"));
    runner()
        .run(&(address(), 1usize..=4, radixes(), any::<bool>(), any::<u16>()), |(a, parts, radixes, dot, port)| {
            let host = spelling(a, parts, &radixes) + if dot { "." } else { "" };
            let url = format!("http://{host}:{}/x", port.max(1));
            let why = target_refusal(&url, PAGE);
            prop_assert_eq!(why.is_some(), private(a), "{} is {}: {:?}", url, a, why);
            if let Some(why) = why {
                prop_assert!(why.contains(&a.to_string()), "the refusal names {}: {}", a, why);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn ipv6_forms_that_carry_an_ipv4_address_are_judged_as_that_address() {
    runner()
        .run(&(address(), 0usize..3), |(a, form)| {
            let [x, y, z, w] = a.octets();
            let host = match form {
                0 => format!("[::ffff:{a}]"),
                1 => format!("[::ffff:{:x}:{:x}]", u16::from_be_bytes([x, y]), u16::from_be_bytes([z, w])),
                _ => format!("[0:0:0:0:0:ffff:{a}]"),
            };
            let url = format!("http://{host}/");
            prop_assert_eq!(target_refusal(&url, PAGE).is_some(), private(a), "{} is {}", url, a);
            Ok(())
        })
        .unwrap();
}

#[test]
fn localhost_in_any_case_and_its_subdomains_are_refused() {
    runner()
        .run(&("[a-z]{0,8}", prop::collection::vec(any::<bool>(), 9), any::<bool>()), |(sub, upper, dot)| {
            let name: String = "localhost".chars().zip(&upper).map(|(c, u)| if *u { c.to_ascii_uppercase() } else { c }).collect();
            let host = if sub.is_empty() { name } else { format!("{sub}.{name}") } + if dot { "." } else { "" };
            let url = format!("http://{host}:3000/");
            prop_assert!(target_refusal(&url, PAGE).is_some(), "{}", url);
            Ok(())
        })
        .unwrap();
}
