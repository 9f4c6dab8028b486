//! In-browser benchmarks (wasm32, feature `bench`; not in the main bundle): our executor
//! against the browser's own machinery, measured side by side in the same page and run.
//! `scripts/bench.sh` builds the page, runs it in headless Chromium and prints the JSON.
//!
//! Every entry is `{name, ours, reference, unit, ratio, goal}`: ratios, not absolute times,
//! are what the goals speak of.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Promise};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use crate::platform::driver::{RealProgram, RealRun, RunUpdate};
use crate::platform::perf_now;
use crate::platform::workers::WorkerPool;
use crate::runtime::{create_task, gather, now, sleep, yield_now, Loop, RunReport, Runner, VirtualClock};

/// Where a finished real run leaves its report and wall-clock figures.
type ReportSlot = Rc<RefCell<Option<(Rc<RunReport<Outcome>>, WallStats)>>>;
/// A `requestAnimationFrame` callback that re-arms itself.
type FrameLoop = Rc<RefCell<Option<Closure<dyn FnMut(f64)>>>>;
use crate::scenarios::{Outcome, Program, WallStats};

fn entry(name: &str, ours: f64, reference: f64, unit: &str, goal: &str) -> Value {
    json!({"name": name, "ours": ours, "reference": reference, "unit": unit, "ratio": if reference > 0.0 { ours / reference } else { f64::NAN }, "goal": goal})
}

fn percentile(values: &mut [f64], p: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * p).round() as usize]
}

/// A promise and its resolve function.
fn deferred() -> (Promise, js_sys::Function) {
    let slot = Rc::new(RefCell::new(None));
    let s2 = slot.clone();
    let promise = Promise::new(&mut |resolve, _| *s2.borrow_mut() = Some(resolve));
    let resolve = slot.borrow_mut().take().expect("Promise::new calls back at once");
    (promise, resolve)
}

async fn next_macrotask() {
    let _ = JsFuture::from(Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    }))
    .await;
}

/// Runs `n` tasks that complete at once, gathered; ns per task. `trace`: record the trace.
fn spawn_complete_ours(n: u64, trace: bool) -> f64 {
    let runner = Runner::new();
    runner.event_loop().set_recording(trace);
    let t0 = perf_now();
    let report = runner.run(async move {
        let tasks = (0..n).map(|i| create_task(async move { Ok(i) })).collect();
        gather(tasks).await.map(drop)
    });
    let ns = (perf_now() - t0) * 1e6 / n as f64;
    drop(report);
    ns
}

/// `n` `spawn_local` tasks that complete at once; ns per task.
async fn spawn_complete_reference(n: u64) -> f64 {
    let (promise, resolve) = deferred();
    let left = Rc::new(Cell::new(n));
    let t0 = perf_now();
    for _ in 0..n {
        let (left, resolve) = (left.clone(), resolve.clone());
        wasm_bindgen_futures::spawn_local(async move {
            left.set(left.get() - 1);
            if left.get() == 0 {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
    }
    let _ = JsFuture::from(promise).await;
    (perf_now() - t0) * 1e6 / n as f64
}

/// How many times each side of a ratio is measured, taking turns; the least time of each
/// is kept (the one least disturbed by the rest of a shared machine).
const ROUNDS: usize = 3;

/// [`ROUNDS`] for the round trips to a worker, whose times two threads' scheduling on a
/// shared machine scatters most (a round is 200 trips, a few tens of milliseconds).
const TRIP_ROUNDS: usize = 9;

/// 1. spawn + complete per task, with the trace and without (what tracing costs), against
///    `spawn_local`: the best of [`ROUNDS`] rounds each, taking turns.
async fn spawn_complete(n: u64) -> Vec<Value> {
    let (mut ours, mut untraced, mut reference) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
    for _ in 0..ROUNDS {
        ours = ours.min(spawn_complete_ours(n, true));
        next_macrotask().await;
        untraced = untraced.min(spawn_complete_ours(n, false));
        next_macrotask().await;
        reference = reference.min(spawn_complete_reference(n).await);
        next_macrotask().await;
    }
    vec![
        entry(
            &format!("spawn + complete per task ({n} tasks, traced) vs spawn_local, best of {ROUNDS} rounds each"),
            ours,
            reference,
            "ns/task",
            "ratio <= 1.5",
        ),
        entry(&format!("what the trace costs: spawn + complete traced vs untraced ({n} tasks)"), ours, untraced, "ns/task", "reported"),
    ]
}

/// The wasm memory in bytes (it only grows; the difference across a run is what it needed).
fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().map_or(0.0, |b| f64::from(b.byte_length())))
}

/// Bench 0, memory: bytes per live task (100 000 tasks asleep at once) and per trace event.
/// Run first, on a fresh instance, so that growth is not hidden by memory freed earlier.
async fn memory(n: u64) -> Vec<Value> {
    let before = memory_bytes();
    let during = Rc::new(Cell::new(0.0));
    let d2 = during.clone();
    let report = Runner::new().run(async move {
        let tasks: Vec<_> = (0..n).map(|_| create_task(sleep(1.0))).collect();
        yield_now().await?; // every task has started and sleeps
        d2.set(memory_bytes());
        gather(tasks).await.map(drop)
    });
    let per_task = (during.get() - before) / n as f64;
    // The trace's own heap: the event records, and what events and tasks hold on the heap.
    let trace = &report.trace;
    let event_size = std::mem::size_of::<crate::runtime::TraceEvent>();
    let payload: usize = trace
        .events
        .iter()
        .map(|e| match &e.kind {
            crate::runtime::EventKind::Print(s) | crate::runtime::EventKind::Warning(s) => s.capacity(),
            crate::runtime::EventKind::Failed { error } => error.capacity(),
            crate::runtime::EventKind::Done { result } => result.capacity(),
            _ => 0,
        })
        .sum();
    let trace_bytes = trace.events.capacity() * event_size + payload + trace.tasks.iter().map(|t| std::mem::size_of_val(t) + t.label.capacity()).sum::<usize>();
    let events = trace.events.len();
    let per_event = trace_bytes as f64 / events as f64;
    drop(report);
    next_macrotask().await;
    vec![
        json!({"name": format!("memory per live task ({n} tasks asleep; its 3 trace events so far included)"), "ours": per_task, "unit": "bytes", "goal": "reported"}),
        json!({"name": format!("trace memory per event ({events} events of {n} tasks; task records included)"), "ours": per_event, "unit": "bytes",
               "event_record": event_size, "goal": "reported"}),
    ]
}

/// A future that is pending once: it wakes itself and returns `Pending`, so the executor
/// polls it again — the cheapest honest yield of a `spawn_local` task (one microtask hop).
struct YieldOnce(bool);

impl std::future::Future for YieldOnce {
    type Output = ();
    fn poll(mut self: std::pin::Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<()> {
        if self.0 {
            return std::task::Poll::Ready(());
        }
        self.0 = true;
        cx.waker().wake_by_ref();
        std::task::Poll::Pending
    }
}

/// 2. sleep(0) per yield, against a `spawn_local` task yielding with [`YieldOnce`].
async fn yields(n: u64) -> Value {
    let t0 = perf_now();
    let _ = Runner::new().run(async move {
        for _ in 0..n {
            yield_now().await?;
        }
        Ok(())
    });
    let ours = (perf_now() - t0) * 1e6 / n as f64;
    next_macrotask().await;
    let (promise, resolve) = deferred();
    let t0 = perf_now();
    wasm_bindgen_futures::spawn_local(async move {
        for _ in 0..n {
            YieldOnce(false).await;
        }
        let _ = resolve.call0(&JsValue::NULL);
    });
    let _ = JsFuture::from(promise).await;
    let reference = (perf_now() - t0) * 1e6 / n as f64;
    entry(
        &format!("sleep(0) per yield ({n} yields) vs a spawn_local task waking itself once per yield ({n} yields)"),
        ours,
        reference,
        "ns/yield",
        "ratio <= 1",
    )
}

/// Runs `program` on the real clock and waits for its report.
async fn real_run(program: Program) -> (Rc<crate::runtime::RunReport<Outcome>>, WallStats, f64) {
    let (report, wall, slice, _) = real_run_measured(program).await;
    (report, wall, slice)
}

/// [`real_run`], also measuring the longest single task step (ms).
async fn real_run_measured(program: Program) -> (Rc<crate::runtime::RunReport<Outcome>>, WallStats, f64, f64) {
    let slot: ReportSlot = Rc::new(RefCell::new(None));
    let s2 = slot.clone();
    let start = RealProgram { entry: crate::runtime::Entry::default(), main: program, horizon: None };
    let run = RealRun::start(start, 1.0, move |update| {
        if let RunUpdate::Finished(report, wall) = update {
            *s2.borrow_mut() = Some((Rc::new(report), wall));
        }
    })
    .expect("the browser clock starts");
    run.event_loop().measure_steps(true);
    loop {
        if let Some((r, w)) = slot.borrow().clone() {
            // At scale 1 a loop second is a wall second.
            return (r, w, run.longest_slice_ms(), run.event_loop().longest_step() * 1000.0);
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
}

fn lateness_of(report: &crate::runtime::RunReport<Outcome>) -> Vec<f64> {
    report
        .result
        .as_ref()
        .ok()
        .and_then(|o| o.get("lateness_ms"))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

/// 3. timer lateness of 1 000 sequential 5 ms sleeps.
async fn sequential_sleeps(n: usize) -> Vec<Value> {
    let (report, _, _) = real_run(Box::pin(async move {
        let mut late = Vec::with_capacity(n);
        for _ in 0..n {
            let deadline = now() + 0.005;
            sleep(0.005).await?;
            late.push((now() - deadline) * 1000.0);
        }
        Ok(crate::scenarios::outcome! { "lateness_ms" => late })
    }))
    .await;
    let mut ours = lateness_of(&report);
    let mut raw = Vec::with_capacity(n);
    for _ in 0..n {
        let deadline = perf_now() + 5.0;
        gloo_timers::future::TimeoutFuture::new(5).await;
        raw.push(perf_now() - deadline);
    }
    let (o50, o99, r50, r99) = (percentile(&mut ours, 0.5), percentile(&mut ours, 0.99), percentile(&mut raw, 0.5), percentile(&mut raw, 0.99));
    vec![
        json!({"name": format!("timer lateness p50, {n} sequential 5 ms sleeps vs raw setTimeout"), "ours": o50, "reference": r50, "unit": "ms", "difference": o50 - r50, "goal": "ours <= reference + 0.1 ms"}),
        json!({"name": format!("timer lateness p99, {n} sequential 5 ms sleeps vs raw setTimeout"), "ours": o99, "reference": r99, "unit": "ms", "difference": o99 - r99, "goal": "ours <= reference"}),
    ]
}

/// 4 + 5. 100 000 tasks sleeping until random deadlines in 0–1 s.
async fn many_sleepers(n: usize) -> Vec<Value> {
    let registered = Rc::new(Cell::new(0.0));
    let reg = registered.clone();
    let t0 = perf_now();
    let (report, _, longest_slice, longest_step) = real_run_measured(Box::pin(async move {
        let start = perf_now();
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let late = Rc::new(RefCell::new(Vec::with_capacity(n)));
        let tasks: Vec<_> = (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let delay = (seed % 1_000_000) as f64 / 1e6;
                let late = late.clone();
                create_task(async move {
                    let deadline = now() + delay;
                    sleep(delay).await?;
                    late.borrow_mut().push((now() - deadline) * 1000.0);
                    Ok(())
                })
            })
            .collect();
        yield_now().await?; // every task has run its first step: every timer is registered
        reg.set(perf_now() - start);
        gather(tasks).await?;
        let late = late.borrow().clone();
        Ok(crate::scenarios::outcome! { "lateness_ms" => late })
    }))
    .await;
    let ours_total = perf_now() - t0;
    let mut ours_late = lateness_of(&report);

    // The reference: 100 000 raw setTimeouts.
    let (promise, resolve) = deferred();
    let late = Rc::new(RefCell::new(Vec::with_capacity(n)));
    let left = Rc::new(Cell::new(n));
    let window = web_sys::window().expect("a window");
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let t0 = perf_now();
    let mut closures = Vec::with_capacity(n);
    for _ in 0..n {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let delay_ms = (seed % 1_000_000) as f64 / 1e3;
        let deadline = perf_now() + delay_ms;
        let (late, left, resolve) = (late.clone(), left.clone(), resolve.clone());
        let cb = Closure::<dyn FnMut()>::new(move || {
            late.borrow_mut().push(perf_now() - deadline);
            left.set(left.get() - 1);
            if left.get() == 0 {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(cb.as_ref().unchecked_ref(), delay_ms as i32);
        closures.push(cb);
    }
    let raw_register = perf_now() - t0;
    let _ = JsFuture::from(promise).await;
    let raw_total = perf_now() - t0;
    drop(closures);
    let mut raw_late = late.borrow().clone();
    vec![
        entry(&format!("register {n} sleeping tasks vs {n} raw setTimeouts"), registered.get(), raw_register, "ms", "ratio <= 0.2"),
        entry(&format!("p99 lateness, {n} sleepers in 0-1 s"), percentile(&mut ours_late, 0.99), percentile(&mut raw_late, 0.99), "ms", "ours <= 50 ms"),
        entry(&format!("total, {n} sleepers in 0-1 s"), ours_total, raw_total, "ms", "reported"),
        json!({"name": format!("longest main-thread slice of the loop during {n} sleepers"), "ours": longest_slice, "unit": "ms", "goal": "reported (contains the longest step)"}),
        json!({"name": format!("the loop's own part: longest slice minus the longest single task step ({:.1} ms, main() creating {n} tasks)", longest_step),
               "ours": (longest_slice - longest_step).max(0.0), "unit": "ms", "goal": "<= 8 ms"}),
    ]
}

/// 6. to_thread round trip to a warm worker vs a raw postMessage round trip; cold start.
async fn worker_round_trips(n: usize) -> Vec<Value> {
    let lp = Loop::new(Rc::new(VirtualClock::new()));
    let pool = WorkerPool::new(1.0);
    pool.set_pool_size_for_bench(1);
    let one = |pool: &Rc<WorkerPool>, lp: &Loop| {
        let (promise, resolve) = deferred();
        pool.run_encoded(
            lp,
            "primes 0 0",
            "noop",
            Box::new(move |_| {
                let _ = resolve.call0(&JsValue::NULL);
            }),
        );
        JsFuture::from(promise)
    };
    // A page starts its first worker holding the compiled jobs module (it is fetched and
    // compiled once, when the first worker is wanted): the cold starts are timed from there.
    stage("workers: the jobs module, fetched and compiled once");
    let _ = JsFuture::from(crate::platform::jobs_module::jobs_module_loaded()).await;
    let module = if crate::platform::jobs_module::loaded_is_own() { "the jobs module" } else { "the whole bundle (no jobs module found)" };
    // Cold starts, ours and a blank module worker's taking turns, the best of ROUNDS each: a
    // new pool's first worker (every run's pool starts its own) against a blank worker
    // started and sent one message.
    stage("workers: cold starts, ours and a blank module worker's, taking turns");
    let (mut cold, mut blank_cold) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..ROUNDS {
        let fresh = WorkerPool::new(1.0);
        fresh.set_pool_size_for_bench(1);
        let t0 = perf_now();
        let _ = one(&fresh, &lp).await;
        cold = cold.min(perf_now() - t0);
        crate::runtime::OutsideWork::shutdown(&*fresh);
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let t0 = perf_now();
        let blank = web_sys::Worker::new_with_options("blank-worker.js", &options).expect("a module worker");
        let (first, first_resolve) = deferred();
        let on_first = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_| {
            let _ = first_resolve.call0(&JsValue::NULL);
        });
        blank.set_onmessage(Some(on_first.as_ref().unchecked_ref()));
        let _ = blank.post_message(&JsValue::from_str("ping"));
        let _ = JsFuture::from(first).await;
        blank_cold = blank_cold.min(perf_now() - t0);
        blank.terminate();
        drop(on_first);
    }
    let _ = one(&pool, &lp).await; // the warm pool's worker, started
    let echo = "self.onmessage = (e) => self.postMessage(e.data);";
    let blob = web_sys::Blob::new_with_str_sequence(&Array::of1(&echo.into())).expect("a blob");
    let url = web_sys::Url::create_object_url_with_blob(&blob).expect("a blob URL");
    let worker = web_sys::Worker::new(&url).expect("a worker");
    let pending: Rc<RefCell<Option<js_sys::Function>>> = Rc::new(RefCell::new(None));
    let p2 = pending.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |_| {
        if let Some(resolve) = p2.borrow_mut().take() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let round = |worker: &web_sys::Worker| {
        let (promise, resolve) = deferred();
        *pending.borrow_mut() = Some(resolve);
        let _ = worker.post_message(&JsValue::from_str("ping"));
        JsFuture::from(promise)
    };
    let _ = round(&worker).await; // warm
                                  // Warm round trips, ours and raw taking turns: the best of TRIP_ROUNDS rounds each.
    stage("workers: warm round trips");
    let (mut ours, mut raw) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..TRIP_ROUNDS {
        let t0 = perf_now();
        for _ in 0..n {
            let _ = one(&pool, &lp).await;
        }
        ours = ours.min((perf_now() - t0) / n as f64);
        let t0 = perf_now();
        for _ in 0..n {
            let _ = round(&worker).await;
        }
        raw = raw.min((perf_now() - t0) / n as f64);
    }
    crate::runtime::OutsideWork::shutdown(&*pool);
    worker.terminate();
    let _ = web_sys::Url::revoke_object_url(&url);
    vec![
        entry(
            &format!("to_thread round trip to a warm worker vs raw postMessage round trip ({n} trips, best of {TRIP_ROUNDS} rounds each)"),
            ours,
            raw,
            "ms",
            "ratio <= 1.5",
        ),
        entry(
            &format!(
                "cold worker (start, receive the compiled module, instantiate, first job; {module}) vs a blank module worker's start + first round trip, best of {ROUNDS} rounds each"
            ),
            cold,
            blank_cold,
            "ms",
            "ratio <= 1.5",
        ),
    ]
}

/// 5 (second half). Frame times while the page's live timeline draws 1 000 lanes: the app
/// is mounted in this page and runs `lock` with 1 000 tasks on the real clock.
async fn frames_with_1000_lanes() -> Value {
    let window = web_sys::window().expect("a window");
    let document = window.document().expect("a document");
    let path = window.location().pathname().unwrap_or_default();
    let query = "?scenario=lock&workers=1000&hold=1&use_lock=false&clock=real&scale=1&autorun=1";
    let _ = window.history().map(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{query}"))));
    let root = document.create_element("div").expect("a div");
    let _ = document.body().map(|b| b.append_child(&root));
    let stamps: Rc<RefCell<Vec<f64>>> = Rc::new(RefCell::new(Vec::new()));
    let running = Rc::new(Cell::new(true));
    let frame: FrameLoop = Rc::new(RefCell::new(None));
    {
        let (stamps, running, again) = (stamps.clone(), running.clone(), frame.clone());
        *frame.borrow_mut() = Some(Closure::new(move |t: f64| {
            stamps.borrow_mut().push(t);
            if running.get() {
                if let (Some(w), Some(f)) = (web_sys::window(), again.borrow().as_ref()) {
                    let _ = w.request_animation_frame(f.as_ref().unchecked_ref());
                }
            }
        }));
    }
    if let Some(f) = frame.borrow().as_ref() {
        let _ = window.request_animation_frame(f.as_ref().unchecked_ref());
    }
    let app = crate::ui::mount_into(root.clone());
    let result_text = || document.get_element_by_id("run-result").and_then(|e| e.text_content()).unwrap_or_default();
    for _ in 0..500 {
        gloo_timers::future::TimeoutFuture::new(20).await;
        let t = result_text();
        if !t.is_empty() && t != "null" {
            break;
        }
    }
    running.set(false);
    gloo_timers::future::TimeoutFuture::new(50).await;
    let lanes = root.query_selector_all(".timeline .lane").map(|l| l.length()).unwrap_or(0);
    app.destroy();
    root.remove();
    frame.borrow_mut().take();
    let stamps = stamps.borrow();
    let mut frames: Vec<f64> = stamps.windows(2).map(|w| w[1] - w[0]).collect();
    let n = frames.len();
    json!({"name": "frame time while the live timeline draws 1000 lanes (p90)", "ours": percentile(&mut frames, 0.9),
           "unit": "ms", "frames": n, "lanes_in_view": lanes, "goal": "p90 <= 17.5 ms"})
}

/// Shows which benchmark is running (the page's status line).
fn stage(name: &str) {
    if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("status")) {
        el.set_text_content(Some(&format!("Running: {name}…")));
    }
}

/// Runs every in-page benchmark; resolves to the JSON report.
#[wasm_bindgen]
pub async fn run_benchmarks() -> String {
    let window = web_sys::window().expect("a window");
    let isolated = js_sys::Reflect::get(&window, &"crossOriginIsolated".into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
    stage("memory");
    let mut results = memory(100_000).await;
    stage("spawn + complete");
    results.extend(spawn_complete(100_000).await);
    stage("sleep(0)");
    results.push(yields(100_000).await);
    stage("sequential sleeps");
    results.extend(sequential_sleeps(1000).await);
    stage("100 000 sleepers");
    results.extend(many_sleepers(100_000).await);
    stage("workers");
    results.extend(worker_round_trips(200).await);
    stage("frames with 1000 lanes");
    results.push(frames_with_1000_lanes().await);
    json!({
        "browser": window.navigator().user_agent().unwrap_or_default(),
        "cross_origin_isolated": isolated,
        "hardware_concurrency": window.navigator().hardware_concurrency(),
        "results": results,
    })
    .to_string()
}
