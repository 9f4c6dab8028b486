//! Browser tests of the real clock: one timer, message-channel hops, yielding to the page,
//! and Stop leaving nothing armed.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use asyncio_playground::platform::driver::{RealProgram, RealRun, RunUpdate};
use asyncio_playground::runtime::RunEnd;
use asyncio_playground::scenarios::{find, Clock, RunResult};
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen_test::*;

type Slot = Rc<RefCell<Option<Rc<RunResult>>>>;

fn start(id: &str, params: &[(&str, &str)], scale: f64) -> (RealRun<asyncio_playground::scenarios::Outcome>, Slot, Rc<Cell<u32>>) {
    let s = find(id).unwrap();
    let values = s.values(params.iter().copied()).unwrap();
    let slot: Slot = Rc::new(RefCell::new(None));
    let updates = Rc::new(Cell::new(0));
    let (slot2, updates2) = (slot.clone(), updates.clone());
    let start = s.start_checked(&values);
    let source = start.source.clone();
    let program = RealProgram { entry: start.entry, main: start.program, horizon: s.horizon(&values) };
    let run = RealRun::start(program, scale, move |u| match u {
        RunUpdate::Progress => updates2.set(updates2.get() + 1),
        // The run-result as the page makes it from the driver's report.
        RunUpdate::Finished(report, _) => {
            *slot2.borrow_mut() =
                Some(Rc::new(RunResult { scenario: s, params: values.clone(), source: source.clone(), clock: Clock::Real { scale }, report, wall: None }))
        }
    })
    .unwrap();
    (run, slot, updates)
}

async fn until_finished(slot: &Slot) -> Rc<RunResult> {
    for _ in 0..1000 {
        if let Some(r) = slot.borrow().clone() {
            return r;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("the run did not finish within 10 s");
}

#[wasm_bindgen_test]
async fn gather_on_the_real_clock_sleeps_side_by_side_under_one_timer() {
    let (run, slot, _) = start("gather", &[("tasks", "5"), ("delay", "0.05"), ("mode", "concurrent")], 1.0);
    let result = until_finished(&slot).await;
    let outcome = result.report.result.as_ref().unwrap();
    assert_eq!(outcome["results"], serde_json::json!([0, 2, 4, 6, 8]));
    let concurrent = outcome["concurrent_elapsed"].as_f64().unwrap();
    assert!(concurrent >= 0.05, "a sleep never ends early: {concurrent}");
    // Five sleeps share one deadline: the clock armed a timer for it, not one per task.
    assert!(run.clock().timers_armed() < 5, "armed {} timers", run.clock().timers_armed());
    assert!(!run.clock().timer_is_armed(), "nothing stays armed after the run");
    assert!(matches!(result.report.end, RunEnd::Completed));
}

#[wasm_bindgen_test]
async fn stop_ends_a_long_run_and_leaves_no_timer_armed() {
    let (run, slot, _) = start("sleep", &[("delay", "60")], 1.0);
    TimeoutFuture::new(50).await;
    assert!(run.is_running());
    assert!(run.clock().timer_is_armed(), "the 60 s sleep has its timer");
    run.stop();
    let result = until_finished(&slot).await;
    assert!(matches!(result.report.end, RunEnd::Stopped { .. }), "{:?}", result.report.end);
    assert!(!run.clock().timer_is_armed());
    assert!(!run.is_running());
    // The stopped program never printed "end".
    assert_eq!(result.report.trace.prints().len(), 1);
    assert!(!run.clock().listening(), "the message channel's handler is gone");
}

#[wasm_bindgen_test]
async fn shutting_a_clock_down_removes_its_message_handler() {
    let clock = asyncio_playground::platform::clock::BrowserClock::new(1.0).unwrap();
    assert!(clock.listening());
    clock.shut_down();
    assert!(!clock.listening(), "the receiving port's onmessage was cleared, not the sending port's");
}

#[wasm_bindgen_test]
async fn a_long_busy_run_hands_control_back_to_the_page() {
    // 20 000 tasks each yielding: far more than 8 ms of work in one go.
    let (_run, slot, updates) = start("lock", &[("workers", "10000"), ("hold", "0"), ("use_lock", "false")], 1.0);
    let other_macrotasks = Rc::new(Cell::new(0u32));
    let counter = other_macrotasks.clone();
    let ticker = gloo_timers::callback::Interval::new(1, move || counter.set(counter.get() + 1));
    let result = until_finished(&slot).await;
    drop(ticker);
    assert_eq!(result.report.result.as_ref().unwrap()["expected"], 10000);
    assert!(updates.get() > 1, "the driver ran in several slices ({})", updates.get());
    assert!(other_macrotasks.get() > 0, "the page's own timers ran while the loop worked");
}
