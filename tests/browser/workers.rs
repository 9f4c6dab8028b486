//! Browser tests of the worker pool standing in for `asyncio.to_thread`: real jobs in real
//! Web Workers while the loop keeps ticking, the blocking trap on the main thread, and
//! failing, crashing and stopped jobs ending cleanly with no worker left running.

use std::cell::RefCell;
use std::rc::Rc;

use asyncio_playground::platform::driver::{RealProgram, RealRun, RunUpdate};
use asyncio_playground::platform::workers::WorkerPool;
use asyncio_playground::runtime::{Loop, OutsideWork, PyResult, VirtualClock};
use asyncio_playground::scenarios::{find, Clock, RunResult};
use asyncio_playground::teach::{lanes, LaneKind};
use gloo_timers::future::TimeoutFuture;
use wasm_bindgen_test::*;

async fn run_blocking(mode: &str, block: &str) -> Rc<RunResult> {
    let s = find("blocking").unwrap();
    let values = s.values([("mode", mode), ("heartbeats", "6"), ("interval", "0.1"), ("block", block)]).unwrap();
    let slot: Rc<RefCell<Option<Rc<RunResult>>>> = Rc::new(RefCell::new(None));
    let s2 = slot.clone();
    let start = s.start_checked(&values);
    let source = start.source.clone();
    let program = RealProgram { entry: start.entry, main: start.program, horizon: s.horizon(&values) };
    let _run = RealRun::start(program, 1.0, move |u| {
        // The run-result as the page makes it from the driver's report.
        if let RunUpdate::Finished(report, _) = u {
            *s2.borrow_mut() =
                Some(Rc::new(RunResult { scenario: s, params: values.clone(), source: source.clone(), clock: Clock::Real { scale: 1.0 }, report, wall: None }));
        }
    })
    .unwrap();
    for _ in 0..1000 {
        if let Some(r) = slot.borrow().clone() {
            return r;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("the run did not finish");
}

fn gap(r: &RunResult) -> f64 {
    r.report.result.as_ref().unwrap()["max_heartbeat_gap"].as_f64().unwrap()
}

#[wasm_bindgen_test]
async fn a_500_ms_job_in_a_worker_leaves_the_heartbeats_on_schedule() {
    let r = run_blocking("to_thread", "0.5").await;
    let outcome = r.report.result.as_ref().unwrap();
    assert_eq!(outcome["worker_used"], true);
    assert!(gap(&r) < 0.25, "heartbeats kept their 0.1 s interval while the worker was busy: gap {}", gap(&r));
    let all = lanes(&r.report.trace, r.end_time());
    let worker = all.iter().find(|l| matches!(l.kind, LaneKind::Worker(_))).expect("a worker lane");
    let busy = &worker.segments[0];
    assert!(busy.end - busy.start >= 0.5, "the job really ran for 500 ms: {busy:?}");
}

#[wasm_bindgen_test]
async fn blocking_on_the_main_thread_stops_the_heartbeats_for_at_least_the_block() {
    let r = run_blocking("blocking", "0.5").await;
    assert!(gap(&r) >= 0.5, "gap {}", gap(&r));
}

async fn wait_for<T>(slot: &Rc<RefCell<Option<T>>>) {
    for _ in 0..500 {
        if slot.borrow().is_some() {
            return;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("no answer from the worker");
}

#[wasm_bindgen_test]
async fn failing_crashing_and_stopped_jobs_end_cleanly_with_no_worker_left() {
    let lp = Loop::new(Rc::new(VirtualClock::new()));
    let pool = WorkerPool::new(1.0);
    let answer = |slot: &Rc<RefCell<Option<PyResult<String>>>>| {
        let slot = slot.clone();
        Box::new(move |r: PyResult<String>| *slot.borrow_mut() = Some(r)) as Box<dyn FnOnce(PyResult<String>)>
    };

    let failed = Rc::new(RefCell::new(None));
    pool.run_encoded(&lp, "fail disk on fire", "failing job", answer(&failed));
    wait_for(&failed).await;
    assert_eq!(failed.borrow().clone().unwrap().unwrap_err().to_string(), "disk on fire");

    let ok = Rc::new(RefCell::new(None));
    pool.run_encoded(&lp, "primes 1000 0", "count_primes(1000)", answer(&ok));
    wait_for(&ok).await;
    assert_eq!(ok.borrow().clone().unwrap(), Ok("168".to_string()), "the worker survives a failed job");

    // The trapping job exists only in builds with the feature `test-jobs` (scripts/test.sh
    // passes it): a crashed worker reports, closes and is replaced.
    #[cfg(feature = "test-jobs")]
    {
        let crashed = Rc::new(RefCell::new(None));
        pool.run_encoded(&lp, "crash", "a job that traps", answer(&crashed));
        wait_for(&crashed).await;
        assert!(crashed.borrow().clone().unwrap().unwrap_err().to_string().contains("crashed"));
        let again = Rc::new(RefCell::new(None));
        pool.run_encoded(&lp, "primes 100 0", "count_primes(100)", answer(&again));
        wait_for(&again).await;
        assert_eq!(again.borrow().clone().unwrap(), Ok("25".to_string()), "a crashed worker is replaced");
        assert!(pool.workers_started() >= 2);
    }

    let stopped = Rc::new(RefCell::new(None));
    pool.run_encoded(&lp, "sleep 5000", "time.sleep(5)", answer(&stopped));
    TimeoutFuture::new(100).await;
    assert_eq!(pool.in_flight(), 1);
    pool.shutdown();
    assert_eq!(pool.live_workers(), 0, "Stop terminates the workers");
    assert_eq!(pool.in_flight(), 0);
    assert!(stopped.borrow().is_none(), "a stopped job reports nothing");
}

#[wasm_bindgen_test]
async fn a_worker_that_cannot_load_the_bundle_fails_its_job_instead_of_hanging() {
    let lp = Loop::new(Rc::new(VirtualClock::new()));
    let pool = WorkerPool::new(1.0);
    pool.set_glue_url("/no-such-glue-here.js");
    let answer: Rc<RefCell<Option<PyResult<String>>>> = Rc::new(RefCell::new(None));
    let slot = answer.clone();
    pool.run_encoded(&lp, "sleep 10", "time.sleep(0.01)", Box::new(move |r| *slot.borrow_mut() = Some(r)));
    wait_for(&answer).await;
    let message = answer.borrow().clone().unwrap().unwrap_err().to_string();
    assert!(message.contains("the worker could not start"), "{message}");
    assert_eq!(pool.live_workers(), 0, "the broken worker was terminated");
    assert_eq!(pool.in_flight(), 0, "no job is left waiting");
}
