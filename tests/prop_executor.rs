//! Property test of the executor: for random programs of sleeps, gathers, locks,
//! cancellations, timeouts, `to_thread` jobs and requests, stopping the run at a random
//! instant — between iterations or in the middle of one, as the page's Stop can — leaves
//! no timer armed, no callback queued, no task alive, no worker busy, no request in flight,
//! and nothing of any program held.
//!
//! Seeded and deterministic: `PROPTEST_SEED` (default below) picks the cases; a failure
//! prints the seed and the smallest program that fails.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use asyncio_playground::runtime::{
    create_task, fetch, gather, sleep, timeout, to_thread, yield_now, Exc, Job, Lock, Loop, NextWake, Platform, Progress, PyResult, Request, RunEnd, Session,
    StopReason, VirtualClock,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

const CASES: u32 = 300;

/// One step of a random program.
#[derive(Clone, Debug)]
enum Op {
    Sleep(f64),
    Yield,
    ToThread(f64),
    Fetch(f64),
    /// `await gather(*(create_task(branch) for branch in branches))`.
    Gather(Vec<Vec<Op>>),
    /// `async with locks[i]: body`.
    Locked(usize, Vec<Op>),
    /// `create_task(body)`, never awaited (asyncio.run cancels it at the end).
    Background(Vec<Op>),
    /// A child task cancelled after `delay`, then awaited.
    CancelAfter(f64, Vec<Op>),
    /// `async with asyncio.timeout(delay): body`.
    Timeout(f64, Vec<Op>),
}

#[derive(Clone)]
struct Env {
    locks: Rc<Vec<Lock>>,
    /// Held by every program: its strong count shows whether any program is still alive.
    token: Rc<()>,
}

type Prog = Pin<Box<dyn Future<Output = PyResult<()>>>>;

fn exec(ops: Vec<Op>, env: Env) -> Prog {
    Box::pin(async move {
        let _held = env.token.clone();
        for op in ops {
            match op {
                Op::Sleep(d) => sleep(d).await?,
                Op::Yield => yield_now().await?,
                Op::ToThread(d) => {
                    to_thread(Job::BlockingSleep { secs: d }).await?;
                }
                Op::Fetch(d) => {
                    fetch(Request { url: "/api/p".into(), latency: d, status: 200, fail: false }).await?;
                }
                Op::Gather(branches) => {
                    let tasks = branches.into_iter().map(|b| create_task(exec(b, env.clone()))).collect();
                    gather(tasks).await?;
                }
                Op::Locked(i, body) => {
                    let _guard = env.locks[i % env.locks.len()].acquire().await?;
                    exec(body, env.clone()).await?;
                }
                Op::Background(body) => {
                    create_task(exec(body, env.clone()));
                }
                Op::CancelAfter(d, body) => {
                    let child = create_task(exec(body, env.clone()));
                    sleep(d).await?;
                    child.cancel();
                    let cancelled_child = child.clone();
                    match child.await {
                        Err(Exc::Cancelled(_)) if cancelled_child.cancelled() => {}
                        other => other?,
                    }
                }
                Op::Timeout(d, body) => match timeout(d, exec(body, env.clone())).await {
                    Err(Exc::Timeout) => {}
                    other => other?,
                },
            }
        }
        Ok(())
    })
}

fn tenths(max: u32) -> impl Strategy<Value = f64> {
    (0..max).prop_map(|d| f64::from(d) / 10.0)
}

fn op() -> impl Strategy<Value = Op> {
    let leaf = prop_oneof![tenths(30).prop_map(Op::Sleep), Just(Op::Yield), tenths(20).prop_map(Op::ToThread), tenths(20).prop_map(Op::Fetch),];
    leaf.prop_recursive(4, 40, 4, |inner| {
        let body = prop::collection::vec(inner, 0..4);
        prop_oneof![
            prop::collection::vec(body.clone(), 1..4).prop_map(Op::Gather),
            (0usize..2, body.clone()).prop_map(|(i, b)| Op::Locked(i, b)),
            body.clone().prop_map(Op::Background),
            (tenths(20), body.clone()).prop_map(|(d, b)| Op::CancelAfter(d, b)),
            (tenths(20), body).prop_map(|(d, b)| Op::Timeout(d, b)),
        ]
    })
}

/// Drives `program` like the browser driver — slices that may pause in the middle of an
/// iteration every `pause_every` checks — and stops it when loop time reaches `stop_at`.
/// How each case ended: (stopped, completed, deadlocked), counted across cases.
type Ends = std::cell::Cell<(u32, u32, u32)>;

fn run_and_stop(program: Vec<Op>, stop_at: f64, pause_every: u32, ends: &Ends) -> Result<(), TestCaseError> {
    let clock = Rc::new(VirtualClock::new());
    let lp = Loop::new(clock.clone());
    let env = Env { locks: Rc::new(vec![Lock::new(), Lock::new()]), token: Rc::new(()) };
    let mut session = Session::start(&lp, exec(program, env.clone()));
    let mut checks = 0u32;
    let mut ticks = 0u32;
    let end = loop {
        ticks += 1;
        prop_assert!(ticks < 100_000, "the run did not end");
        if clock.now() >= stop_at {
            break RunEnd::Stopped { at: stop_at, reason: StopReason::User };
        }
        let progress = session.run_due(|| {
            checks += 1;
            checks % pause_every == 0
        });
        match progress {
            Progress::Finished => break RunEnd::Completed,
            Progress::Wait(NextWake::Now) => {}
            Progress::Wait(NextWake::At(t)) => clock.advance_to(t.min(stop_at)),
            Progress::Wait(NextWake::Idle) => break RunEnd::Deadlock { at: clock.now() },
        }
    };
    let stopped = matches!(end, RunEnd::Stopped { .. });
    let (s, c, d) = ends.get();
    ends.set(match end {
        RunEnd::Stopped { .. } => (s + 1, c, d),
        RunEnd::Completed => (s, c + 1, d),
        RunEnd::Deadlock { .. } => (s, c, d + 1),
    });
    let _report = session.finish(end);
    prop_assert_eq!(lp.armed_timers(), 0, "a timer is still armed");
    prop_assert_eq!(lp.ready_callbacks(), 0, "a callback is still queued");
    prop_assert_eq!(lp.live_tasks(), 0, "a task is still alive");
    prop_assert_eq!(lp.workers().in_flight(), 0, "a worker is still busy (stopped: {})", stopped);
    prop_assert_eq!(lp.http().in_flight(), 0, "a request is still in flight (stopped: {})", stopped);
    prop_assert_eq!(Rc::strong_count(&env.token), 1, "a program (or what it captured) is still held");
    Ok(())
}

#[test]
fn stop_at_a_random_instant_leaves_nothing_running() {
    let seed = common::seed("PROPTEST_SEED");
    eprintln!("executor property: seed {seed}, {CASES} programs (PROPTEST_SEED={seed} reproduces)");
    let config = Config { cases: CASES, rng_seed: RngSeed::Fixed(seed), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let strategy = (prop::collection::vec(op(), 1..6), tenths(80), 1u32..40);
    let ends = Ends::default();
    let result = runner.run(&strategy, |(program, stop_at, pause_every)| run_and_stop(program, stop_at, pause_every, &ends));
    if let Err(e) = result {
        panic!("seed {seed}: {e}");
    }
    let (stopped, completed, deadlocked) = ends.get();
    eprintln!("executor property: {stopped} stopped, {completed} completed, {deadlocked} deadlocked; 0 failed");
    assert!(stopped >= CASES / 10 && completed >= CASES / 10, "both stopped and completed runs were tried: {stopped} / {completed}");
}
