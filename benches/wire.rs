//! The run-result JSON's cost, measured side by side in one run: `cargo bench --bench wire`.
//!
//! - `lock workers=10000 use_lock=false`: the CLI's `--json` text written from the declared
//!   types (`RunResult::to_json_text`), the published JSON value (`RunResult::to_json`),
//!   and the way it was once written — a task table that scanned every event for each task,
//!   then every event as a JSON value, printed — kept here only, to compare against.
//! - The cost per event of the `--json` text (`RunResult::write_json_text`, into one buffer
//!   kept between tries, so that the allocator's fresh pages are not what is measured) for
//!   runs of 1 000, 10 000 and 100 000 tasks (each task sleeps, inside an inline coroutine,
//!   then returns), and written to nowhere (`io::sink`: the work without the memory the text
//!   takes): flat if the JSON is linear in the events.

use std::hint::black_box;
use std::time::{Duration, Instant};

use asyncio_playground::runtime::{create_task, gather, inline, sleep, Code, EventKind, Runner, Trace};
use asyncio_playground::scenarios::wire::EventJson;
use asyncio_playground::scenarios::{code, find, run_virtual, Clock, RunResult, Source};
use serde_json::{json, Map, Value};

/// The least time of `tries` calls of `f` (the least is the one least disturbed).
fn least<T>(tries: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..tries)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The task table as it was once worked out: for each task, a scan of every event.
fn quadratic_task_table(trace: &Trace) -> Vec<Value> {
    let mut tasks = Vec::new();
    for info in &trace.tasks {
        let (mut start, mut end, mut state, mut error) = (None, None, "pending", None);
        for e in trace.events.iter().filter(|e| e.task == info.id) {
            match &e.kind {
                EventKind::Created { .. } => start = Some(e.t),
                EventKind::Done { .. } => (end, state) = (Some(e.t), "done"),
                EventKind::Failed { error: err } => (end, state, error) = (Some(e.t), "failed", Some(err.clone())),
                EventKind::Cancelled => (end, state) = (Some(e.t), "cancelled"),
                _ => {}
            }
        }
        let mut task = json!({"id": info.id, "name": info.name(), "label": info.label, "start": start, "end": end, "state": state});
        if let Some(error) = error {
            task["error"] = json!(error);
        }
        tasks.push(task);
    }
    tasks
}

/// `--json` the old way: the quadratic task table, every event as a JSON value, printed.
fn old_json_text(run: &RunResult) -> String {
    let trace = &run.report.trace;
    let mut out = run.to_json_without_events();
    out["tasks"] = Value::Array(quadratic_task_table(trace));
    out["events"] = Value::Array(trace.events.iter().map(|e| serde_json::to_value(EventJson::plain(trace, e)).unwrap_or_default()).collect());
    format!("{out:#}")
}

/// A run of `n` tasks, each awaiting `nap(i)`, which sleeps 1 s, gathered by `main()`.
fn naps(n: u32) -> RunResult {
    const NAP: Code = Code::new("nap", 3);
    let report = Runner::new().run(async move {
        let tasks: Vec<_> = (0..n).map(|i| create_task(async move { inline(NAP, format!("nap({i})"), sleep(1.0)).await })).collect();
        gather(tasks).await?;
        Ok(Map::new())
    });
    RunResult { scenario: &code::CODE, params: code::CODE.defaults(), source: std::rc::Rc::new(Source::plain("")), clock: Clock::Virtual, report, wall: None }
}

fn main() {
    let lock = find("lock").expect("the lock scenario");
    let run = run_virtual(lock, &lock.values([("workers", "10000"), ("use_lock", "false")]).expect("valid values"));
    assert_eq!(old_json_text(&run), run.to_json_text(), "the old way writes the same JSON");
    let old = least(3, || old_json_text(&run));
    let text = least(5, || run.to_json_text());
    let value = least(5, || run.to_json());
    let events = run.report.trace.events.len();
    println!("lock workers=10000 use_lock=false ({events} events, {} tasks):", run.report.trace.tasks.len());
    println!("  --json text, quadratic task table (old)   {:>9.1} ms", old.as_secs_f64() * 1e3);
    println!("  --json text from the declared types (now) {:>9.1} ms   ({:.1}× faster)", text.as_secs_f64() * 1e3, old.as_secs_f64() / text.as_secs_f64());
    println!("  to_json() value (the page's publish)      {:>9.1} ms", value.as_secs_f64() * 1e3);
    println!("--json text per event (written into one buffer, kept between tries):");
    let mut first = None;
    let mut buffer = Vec::new();
    for n in [1_000, 10_000, 100_000] {
        let run = naps(n);
        let events = run.report.trace.events.len();
        let time = least(if n < 100_000 { 7 } else { 3 }, || {
            buffer.clear();
            run.write_json_text(&mut buffer).map(|()| buffer.len())
        });
        let sunk = least(if n < 100_000 { 7 } else { 3 }, || run.write_json_text(std::io::sink()));
        let (per_event, per_event_sunk) = (time.as_secs_f64() * 1e9 / events as f64, sunk.as_secs_f64() * 1e9 / events as f64);
        let (base, base_sunk) = *first.get_or_insert((per_event, per_event_sunk));
        println!(
            "  {n:>7} tasks, {events:>7} events, {:>6.1} MB   {per_event:>7.1} ns/event (×{:.2} of 1 000 tasks); written to nowhere {per_event_sunk:>7.1} ns/event (×{:.2})",
            buffer.len() as f64 / 1e6,
            per_event / base,
            per_event_sunk / base_sunk
        );
    }
}
