//! Starting and stopping runs for the page: virtual runs complete at once, real-clock runs
//! go through the browser driver and report progress (at most once per animation frame's
//! worth of time; the live timeline reads the trace from the run's loop, nothing is copied).
//! Finished runs become [`Study`]s.
//!
//! Every run has a number; the state takes updates from the run in progress only, so a
//! stale run never overwrites a newer state, and the results the state took are published
//! (`#run-result`, a host page) by `publish.rs`. A run's progress callback holds its handles
//! weakly: a finished run is freed as soon as the state has moved on (no run → callback →
//! run cycle).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::UseReducerDispatcher;

use super::limits::needs_click;
use super::state::{Action, RunState, State};
use crate::platform::driver::{RealRun, RunUpdate, WeakRun};
use crate::platform::perf_now;
use crate::scenarios::ClockKind;
use crate::scenarios::{run_virtual, RunResult};
use crate::teach::Study;

thread_local! {
    static LAST_RUN: Cell<u64> = const { Cell::new(0) };
}

/// A number no earlier run of this page has.
pub(super) fn next_run_id() -> u64 {
    LAST_RUN.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

/// Hands run `id`'s finished results to the state, as studies.
fn finish(id: u64, results: Vec<Rc<RunResult>>, dispatch: &UseReducerDispatcher<State>) {
    dispatch.dispatch(Action::Finished { id, studies: results.into_iter().map(|r| Rc::new(Study::of(r))).collect() });
}

/// Starts the run(s) the state describes (both variants in Compare mode): the Run button.
pub fn start(state: &State, dispatch: UseReducerDispatcher<State>) {
    if !state.can_run() {
        return;
    }
    #[cfg(feature = "own-code")]
    if state.code.is_some() {
        return super::code_bridge::run(); // on CPython, in its worker
    }
    let id = next_run_id();
    let variants = state.variants();
    super::embed::post("run-started", &[]);
    match state.clock {
        ClockKind::Virtual => {
            let results = variants.iter().map(|(_, v)| Rc::new(run_virtual(state.scenario, v))).collect();
            dispatch.dispatch(Action::Started { id, handles: Vec::new() });
            finish(id, results, &dispatch);
        }
        ClockKind::Real => {
            let Some(scale) = state.scale() else { return };
            let n = variants.len();
            let finished: Rc<RefCell<Vec<Option<Rc<RunResult>>>>> = Rc::new(RefCell::new(vec![None; n]));
            let handles: Rc<RefCell<Vec<WeakRun>>> = Rc::new(RefCell::new(Vec::new()));
            let mut started = Vec::new();
            let last_progress = Rc::new(Cell::new(0.0));
            for (i, (_, values)) in variants.iter().enumerate() {
                let (finished, shared, dispatch, last_progress) = (finished.clone(), handles.clone(), dispatch.clone(), last_progress.clone());
                let run = RealRun::start(state.scenario, values, scale, move |update| match update {
                    RunUpdate::Progress => {
                        let now = perf_now();
                        if now - last_progress.get() < 16.0 {
                            return;
                        }
                        last_progress.set(now);
                        let t = shared.borrow().iter().filter_map(WeakRun::upgrade).filter(RealRun::is_running).map(|h| h.now()).fold(0.0, f64::max);
                        dispatch.dispatch(Action::Progress { id, now: t });
                    }
                    RunUpdate::Finished(result) => {
                        let mut done = finished.borrow_mut();
                        done[i] = Some(result);
                        if done.iter().all(Option::is_some) {
                            let results: Vec<_> = done.iter().flatten().cloned().collect();
                            drop(done);
                            // The page shows at once that the run is over (Stop gives way to
                            // Run); working out and drawing a big run's results follows in a
                            // task of its own, so Stop takes effect whatever the run's size.
                            dispatch.dispatch(Action::Halted { id });
                            let dispatch = dispatch.clone();
                            gloo_timers::callback::Timeout::new(0, move || finish(id, results, &dispatch)).forget();
                        }
                    }
                });
                match run {
                    Ok(h) => {
                        handles.borrow_mut().push(h.downgrade());
                        started.push(h);
                    }
                    Err(e) => {
                        web_sys::console::error_1(&e.into());
                        for h in &started {
                            h.stop();
                        }
                        return;
                    }
                }
            }
            dispatch.dispatch(Action::Started { id, handles: started });
        }
    }
}

/// Starts a run nobody clicked for (`autorun=1`, a host page's `run`), or says why not, in
/// English: a run that fetches real URLs starts only from the Run button.
pub fn start_unattended(state: &State, dispatch: UseReducerDispatcher<State>) -> Result<(), String> {
    if let Some(why) = state.refusal() {
        return Err(why);
    }
    if let Some(why) = needs_click(state) {
        return Err(why.en());
    }
    start(state, dispatch);
    Ok(())
}

/// `autorun=1`: runs once the restored state is in place, or says on the page why not.
pub fn autorun(state: &State, dispatch: UseReducerDispatcher<State>) {
    if let Some(why) = needs_click(state) {
        dispatch.dispatch(Action::Notice(why));
        return;
    }
    start(state, dispatch);
}

/// Stops every run in progress.
pub fn stop(state: &State) {
    #[cfg(feature = "own-code")]
    if state.code.is_some() {
        super::code_bridge::stop();
    }
    if let RunState::Running(live) = &state.run {
        for h in &live.handles {
            h.stop();
        }
    }
}
