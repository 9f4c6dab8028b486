//! The replay's costs, measured side by side in one run so the machine's speed cancels out
//! (`cargo bench --bench replay`; a benchmark, never a timed test):
//!
//! - moving the playhead by one event at event 100 000 against at event 10 of a big run
//!   (`lock`, 10 000 workers): what the page does on a move — the view, the step's
//!   sentence, and what the panels ask the view for (the running task and the first task
//!   of each line in full, a name or a label for every chip they show) — should cost about
//!   the same, whatever the event and however many tasks are live (5 716 at event 100 000
//!   of the locked run). It follows the entries the panels show — at most a window of each
//!   list — so the ratio is printed twice: against event 10, whose panels show fewer
//!   entries (10 tasks exist), and against the first event whose panels show as many;
//! - `Replay::of`, per event, for runs of 1 000 to 100 000 tasks: flat when the replay is
//!   linear in the events.

use std::hint::black_box;
use std::time::{Duration, Instant};

use asyncio_playground::runtime::trace::task_name;
use asyncio_playground::runtime::{create_task, gather, run, sleep, yield_now, Lock, Trace, WaitOn};
use asyncio_playground::scenarios::{find, run_virtual, Source};
use asyncio_playground::teach::{lanes, narrate, CallTree, Primitive, Replay, StepView};

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

/// The chips of a call graph's trees: a label each.
fn graph_chips(view: &StepView, trees: &[CallTree]) -> usize {
    trees.iter().map(|t| view.label(t.task).map_or(0, str::len) + graph_chips(view, &t.awaits.shown)).sum()
}

/// What the page does when the playhead moves to event `k`: the view, the step's sentence,
/// and what the panels ask the view for (as the Python panel, the loop panel, the output,
/// the values and the call graph do; the result only keeps the work from being optimised away).
fn page(replay: &Replay, trace: &Trace, src: &Source, k: usize) -> usize {
    let view = replay.view(k);
    let sentence = narrate(trace, replay, src, k, &view);
    // The Python panel: the running task and each line's first task in full, the others named.
    let mut asked = view.running.and_then(|r| view.task(r)).map_or(0, |t| t.stack.len());
    for (_, here) in &view.lines {
        asked += here.shown.first().and_then(|id| view.task(*id)).map_or(0, |t| t.stack.len());
        asked += here.iter().map(|id| task_name(*id).len()).sum::<usize>();
    }
    // The loop panel and the values: a chip (a label) for every task they show.
    let chips = view.ready.iter().chain(view.permit_holders.iter()).chain(Primitive::ALL.iter().flat_map(|&p| view.waiters.get(p).iter()));
    let chips = chips.copied().chain(view.timers.iter().map(|t| t.task)).chain(view.running).chain(view.lock_holder);
    let chips = chips.chain(view.joins.iter().flat_map(|(id, on)| [Some(*id), if let WaitOn::Join { task } = on { Some(*task) } else { None }]).flatten());
    let chips = chips.chain(view.workers.iter().map(|w| w.1)).chain(view.requests.iter().map(|r| r.0)).chain(view.locals.iter().map(|l| l.0));
    let chips = chips.chain(view.globals.iter().map(|g| g.writer)).chain(view.output.iter().map(|o| o.1));
    asked += chips.map(|id| view.label(id).map_or(0, str::len)).sum::<usize>();
    asked + graph_chips(&view, &view.graph.shown) + usize::from(sentence.id.is_empty())
}

/// How many entries the panels show at event `k` (rows of the loop panel and the values,
/// chips of the Python panel, nodes of the call graph).
fn shown(replay: &Replay, k: usize) -> usize {
    fn nodes(trees: &[CallTree]) -> usize {
        trees.iter().map(|t| 1 + nodes(&t.awaits.shown)).sum()
    }
    let v = replay.view(k);
    let lists = [v.tasks.shown.len(), v.ready.shown.len(), v.timers.shown.len(), v.permit_holders.shown.len()];
    let waiters = Primitive::ALL.iter().map(|&p| v.waiters.get(p).shown.len()).sum::<usize>();
    let lists = lists.iter().sum::<usize>() + waiters + v.joins.shown.len() + v.requests.shown.len() + v.locals.shown.len();
    lists + v.lines.iter().map(|(_, w)| w.shown.len()).sum::<usize>() + nodes(&v.graph.shown)
}

/// The least time of `tries` moves of the playhead from event `k` to `k + 1`.
fn move_by_one(tries: usize, replay: &Replay, trace: &Trace, src: &Source, k: usize) -> Duration {
    (0..tries)
        .map(|_| {
            black_box(page(replay, trace, src, k));
            let start = Instant::now();
            black_box(page(replay, trace, src, k + 1));
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
        let src = lock.source(&values);
        let last = replay.len().saturating_sub(2);
        println!("lock workers=10000 use_lock={use_lock}: {} events, {} tasks", replay.len(), trace.tasks.len());
        let step = |k: usize| move_by_one(51, &replay, &trace, &src, k);
        let live = |k: usize| format!("{} live tasks, {} entries shown", replay.view(k).tasks.len(), shown(&replay, k));
        let (early, far) = (10, 100_000.min(last));
        let (t_early, t_far) = (step(early), step(far));
        let (live_early, live_far) = (live(early + 1), live(far + 1));
        println!("  playhead +1 at event {early:>6}: {t_early:>10.1?} ({live_early})");
        println!("  playhead +1 at event {far:>6}: {t_far:>10.1?} ({live_far})");
        println!("  ratio (event {far} / event {early}): {:.2}", t_far.as_secs_f64() / t_early.as_secs_f64().max(1e-9));
        // Like for like: the first event after which the panels show as many entries as at
        // event 100 000 (what a move costs follows the entries shown, at most a window of
        // each list, not the event nor the live tasks).
        let entries = shown(&replay, far + 1);
        if let Some(alike) = (early..far).find(|&k| shown(&replay, k + 1) >= entries) {
            let t_alike = step(alike);
            println!("  playhead +1 at event {alike:>6}: {t_alike:>10.1?} ({}: as many entries as at event {far})", live(alike + 1));
            println!("  ratio, as many entries shown (event {far} / event {alike}): {:.2}", t_far.as_secs_f64() / t_alike.as_secs_f64().max(1e-9));
        }
        // Two more places far apart, with many live tasks and with none.
        let middle = replay.len() / 2;
        let (t_mid, t_end) = (step(middle), step(last));
        println!("  playhead +1 at event {middle:>6}: {t_mid:>10.1?} ({})", live(middle + 1));
        println!("  playhead +1 at event {last:>6}: {t_end:>10.1?} ({}: the last event)", live(last + 1));
        // A jump (a click on the timeline) builds the live set anew: it follows the tasks.
        let jump = least(5, || {
            black_box(page(&replay, &trace, &src, early));
            black_box(page(&replay, &trace, &src, far));
        });
        println!("  a jump from event {early} to event {far} and back: {jump:>10.1?}");
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
