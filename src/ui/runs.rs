//! Starting and stopping runs for the page: virtual runs complete at once, real-clock runs
//! go through the browser driver and report progress (at most once per animation frame's
//! worth of time; the live timeline reads the trace from the run's loop, nothing is copied).
//! Finished runs become [`Study`]s, published to `#run-result` and to a host page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::UseReducerDispatcher;

use super::publish::publish;
use super::state::{Action, ClockChoice, RunState, State};
use crate::platform::driver::{RealRun, RunUpdate};
use crate::platform::perf_now;
use crate::scenarios::{run_virtual, RunResult};
use crate::teach::Study;

/// The studies of finished results, published and handed to the page.
fn finish(results: Vec<Rc<RunResult>>, dispatch: &UseReducerDispatcher<State>) {
    publish(&results);
    dispatch.dispatch(Action::Finished(results.into_iter().map(|r| Rc::new(Study::of(r))).collect()));
}

/// Starts the run(s) the state describes (both variants in Compare mode).
pub fn start(state: &State, dispatch: UseReducerDispatcher<State>) {
    if !state.can_run() {
        return;
    }
    let variants = state.variants();
    super::embed::post("run-started", &[]);
    match state.clock {
        ClockChoice::Virtual => {
            let results = variants.iter().map(|(_, v)| Rc::new(run_virtual(state.scenario, v))).collect();
            finish(results, &dispatch);
        }
        ClockChoice::Real => {
            let Some(scale) = state.scale() else { return };
            let n = variants.len();
            let finished: Rc<RefCell<Vec<Option<Rc<RunResult>>>>> = Rc::new(RefCell::new(vec![None; n]));
            let handles: Rc<RefCell<Vec<RealRun>>> = Rc::new(RefCell::new(Vec::new()));
            let last_progress = Rc::new(Cell::new(0.0));
            for (i, (_, values)) in variants.iter().enumerate() {
                let (finished, shared, dispatch, last_progress) = (finished.clone(), handles.clone(), dispatch.clone(), last_progress.clone());
                let started = RealRun::start(state.scenario, values, scale, move |update| match update {
                    RunUpdate::Progress => {
                        let now = perf_now();
                        if now - last_progress.get() < 16.0 {
                            return;
                        }
                        last_progress.set(now);
                        let t = shared.borrow().iter().filter(|h| h.is_running()).map(RealRun::now).fold(0.0, f64::max);
                        dispatch.dispatch(Action::Progress { now: t });
                    }
                    RunUpdate::Finished(result) => {
                        let mut done = finished.borrow_mut();
                        done[i] = Some(result);
                        if done.iter().all(Option::is_some) {
                            let results: Vec<_> = done.iter().flatten().cloned().collect();
                            drop(done);
                            finish(results, &dispatch);
                        }
                    }
                    RunUpdate::Report(..) => {}
                });
                match started {
                    Ok(h) => handles.borrow_mut().push(h),
                    Err(e) => {
                        web_sys::console::error_1(&e.into());
                        return;
                    }
                }
            }
            let hs = handles.borrow().clone();
            dispatch.dispatch(Action::Started(hs));
        }
    }
}

/// Stops every run in progress.
pub fn stop(state: &State) {
    if let RunState::Running(live) = &state.run {
        for h in &live.handles {
            h.stop();
        }
    }
}
