//! Runs on the real clock: each variant through the browser driver (`platform::driver`, with
//! its timers, Web Workers for `to_thread` and `fetch` for requests), its progress reported at
//! most once per animation frame's worth of time (the live timeline reads the trace from the
//! run's loop, nothing is copied), its results handed to `ui::runs` in a task of their own.
//! This is the real clock's chunk's (`ui::chunk::real`): a page whose runs are virtual — the
//! default — never loads the drivers, and its first result waits for none of them.
//!
//! The run in progress is held here ([`LIVE`]): stopped when a newer run replaces it or on
//! Stop, let go when its results are handed over. A run's progress callback holds its
//! handles weakly: a finished run is freed as soon as the state has moved on (no run →
//! callback → run cycle).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::UseReducerDispatcher;

use super::state::{Action, Planned, State};
use crate::platform::driver::{RealProgram, RealRun, RunUpdate, WeakRun};
use crate::platform::perf_now;
use crate::scenarios::{Clock, Outcome, RunResult};

/// A scenario's run on the real clock.
type ScenarioRun = RealRun<Outcome>;

thread_local! {
    /// The real-clock run in progress: its number and its runs (A then B in Compare mode).
    static LIVE: RefCell<Option<(u64, Vec<ScenarioRun>)>> = const { RefCell::new(None) };
}

/// The browser handles of real-clock run `id`, while it is in progress (the live timeline
/// reads their loops' traces).
pub fn live_runs(id: u64) -> Vec<ScenarioRun> {
    LIVE.with(|l| l.borrow().as_ref().filter(|(live, _)| *live == id).map(|(_, runs)| runs.clone()).unwrap_or_default())
}

/// Starts run `id` on the real clock: each variant the state describes (both sides of a
/// Compare), at its scale; what each is goes to the state once all started. A run that
/// cannot start is reported stopped.
pub fn start(id: u64, state: &State, dispatch: UseReducerDispatcher<State>) {
    let (scenario, variants) = (state.form.scenario, state.form.variants());
    let planned = Planned::of(&variants);
    let Some(scale) = state.form.scale() else {
        super::publish::stopped(id, crate::ledger::StopReason::Ended);
        return;
    };
    let n = variants.len();
    let finished: Rc<RefCell<Vec<Option<Rc<RunResult>>>>> = Rc::new(RefCell::new(vec![None; n]));
    let handles: Rc<RefCell<Vec<WeakRun<Outcome>>>> = Rc::new(RefCell::new(Vec::new()));
    let mut started = Vec::new();
    let last_progress = Rc::new(Cell::new(0.0));
    for (i, (_, values)) in variants.iter().enumerate() {
        let (finished, shared, dispatch, last_progress) = (finished.clone(), handles.clone(), dispatch.clone(), last_progress.clone());
        let start = scenario.start_checked(values);
        let source = start.source.clone();
        let program = RealProgram { entry: start.entry, main: start.program, horizon: scenario.horizon(values) };
        let params = values.clone();
        let run = RealRun::start(program, scale, move |update| match update {
            RunUpdate::Progress => {
                let now = perf_now();
                if now - last_progress.get() < 16.0 {
                    return;
                }
                last_progress.set(now);
                let t = shared.borrow().iter().filter_map(WeakRun::upgrade).filter(RealRun::is_running).map(|h| h.now()).fold(0.0, f64::max);
                dispatch.dispatch(Action::Progress { id, now: t });
            }
            RunUpdate::Finished(report, wall) => {
                let mut done = finished.borrow_mut();
                let result = RunResult { scenario, params: params.clone(), source: source.clone(), clock: Clock::Real { scale }, report, wall: Some(wall) };
                done[i] = Some(Rc::new(result));
                if done.iter().all(Option::is_some) {
                    let results: Vec<_> = done.iter().flatten().cloned().collect();
                    drop(done);
                    // The page shows at once that the run is over (Stop gives way to Run);
                    // working out and drawing a big run's results follows in a task of its
                    // own, so Stop takes effect whatever the run's size.
                    super::runs::finish_later(id, results, dispatch.clone());
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
                super::publish::stopped(id, crate::ledger::StopReason::Ended);
                return;
            }
        }
    }
    LIVE.with(|l| *l.borrow_mut() = Some((id, started)));
    dispatch.dispatch(Action::Started { id, planned });
}

/// Stop: ends the run in progress, if any (also one started since the page last drew: a
/// host's stop right after its run); its results follow as it reports its end.
pub fn stop() {
    let live = LIVE.with(|l| l.borrow().as_ref().map(|(_, runs)| runs.clone()).unwrap_or_default());
    for h in &live {
        h.stop();
    }
}

/// A newer run replaces the one in progress: it is stopped and let go.
pub fn replace() {
    let live = LIVE.with(|l| l.borrow_mut().take());
    for h in live.iter().flat_map(|(_, runs)| runs).filter(|h| h.is_running()) {
        h.stop();
    }
}

/// Run `id`'s results are handed over: it is let go, if it is the one held.
pub fn release(id: u64) {
    LIVE.with(|l| {
        let mut live = l.borrow_mut();
        if live.as_ref().is_some_and(|(live, _)| *live == id) {
            *live = None;
        }
    });
}
