//! The replay's costs, measured side by side in one run so the machine's speed cancels out
//! (`cargo bench --bench replay`; a benchmark, never a timed test):
//!
//! - moving the playhead by one event at event 100 000 against at event 10 of a big run
//!   (`lock`, 10 000 workers): the ratio should be about 1, whatever the event;
//! - `Replay::of`, per event, for runs of 1 000 to 100 000 tasks: flat when the replay is
//!   linear in the events.

use std::hint::black_box;
use std::time::{Duration, Instant};

use asyncio_playground::runtime::{create_task, gather, run, sleep, yield_now, Lock, Trace};
use asyncio_playground::scenarios::{find, run_virtual};
use asyncio_playground::teach::{lanes, Replay};

/// The least time of `tries` calls of `f` (the least is the one least disturbed).
fn least(tries: usize, mut f: impl FnMut()) -> Duration {
    (0..tries)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// `n` tasks that each take a shared lock, yield while holding it, and sleep.
fn tasks_run(n: u32) -> Trace {
    run(async move {
        let lock = Lock::new();
        let tasks = (0..n)
            .map(|i| {
                let lock = lock.clone();
                create_task(async move {
                    {
                        let _held = lock.acquire().await?;
                        yield_now().await?;
                    }
                    sleep(f64::from(i % 100) / 100.0).await
                })
            })
            .collect();
        gather(tasks).await.map(drop)
    })
    .trace
}

fn main() {
    let lock = find("lock").expect("the lock scenario");
    for use_lock in ["false", "true"] {
        let values = lock.values([("workers", "10000"), ("use_lock", use_lock)]).expect("valid values");
        let trace = run_virtual(lock, &values).report.trace;
        let replay = Replay::of(&trace);
        let last = replay.len().saturating_sub(2);
        println!("lock workers=10000 use_lock={use_lock}: {} events, {} tasks", replay.len(), trace.tasks.len());
        let step = |k: usize| least(15, || drop(black_box(replay.view(k + 1))));
        let (early, far) = (10, 100_000.min(last));
        let (t_early, t_far) = (step(early), step(far));
        let (live_early, live_far) = (replay.view(early + 1).tasks.len(), replay.view(far + 1).tasks.len());
        println!("  playhead +1 at event {early:>6}: {t_early:>10.1?} ({live_early} live tasks shown)");
        println!("  playhead +1 at event {far:>6}: {t_far:>10.1?} ({live_far} live tasks shown)");
        println!("  ratio (event {far} / event {early}): {:.2}", t_far.as_secs_f64() / t_early.as_secs_f64().max(1e-9));
        // The same number of live tasks at two places far apart: what is left is the cost of
        // finding the state, which must not grow with the event.
        let middle = replay.len() / 2;
        let (t_mid, t_end) = (step(middle), step(last));
        println!(
            "  playhead +1 at event {middle:>6}: {t_mid:>10.1?} ({} live), at the last event {last}: {t_end:>10.1?} ({} live)",
            replay.view(middle + 1).tasks.len(),
            replay.view(last + 1).tasks.len()
        );
    }
    println!();
    let mut per_event = Vec::new();
    for n in [1_000, 10_000, 100_000] {
        let start = Instant::now();
        let trace = tasks_run(n);
        let ran = start.elapsed();
        let events = trace.events.len();
        let t = least(if n > 10_000 { 2 } else { 5 }, || drop(black_box(Replay::of(&trace))));
        let ns = t.as_nanos() as f64 / events as f64;
        per_event.push(ns);
        let lanes = least(2, || drop(black_box(lanes(&trace, 1.0))));
        let per = |d: Duration| d.as_nanos() as f64 / events as f64;
        println!(
            "Replay::of, {n:>6} tasks: {events:>7} events in {t:>8.1?}: {ns:>6.1} ns/event (for comparison: running it {:.1}, its lanes alone {:.1} ns/event)",
            per(ran),
            per(lanes)
        );
    }
    if let (Some(first), Some(last)) = (per_event.first(), per_event.last()) {
        println!("ratio of ns/event (100 000 tasks / 1 000 tasks): {:.2}", last / first);
    }
}
