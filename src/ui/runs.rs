//! Starting and stopping runs for the page: virtual runs are computed in slices of at most
//! [`SLICE_MS`] (a short one finishes in the first, at once; a long one reports its loop
//! time between slices, and Stop or a newer run ends it there, stopped by the user);
//! real-clock runs go through the real clock's chunk (`ui::real_runs`, with the browser
//! driver). Finished runs are handed over as results, Predict first's verdicts
//! judged; their studies are worked out in the same task when the teaching views are here,
//! else when those views first show them. This is the run chunk's (`ui::chunk::run`); a
//! learner's own program runs through the Run my code chunk's table.
//!
//! Every run has a number; the state takes updates from the run in progress only, so a
//! stale run never overwrites a newer state. Each run's start and end go through
//! `publish.rs`'s ledger as they happen (`#run-result`, a host page's `run-started`,
//! `run-finished`, `run-stopped`): a run that a newer one replaces is stopped and reported,
//! never left running unseen. A real-clock run's results are worked out in a task of their
//! own; a run started before that task comes first finishes them at once, so its
//! `run-started` follows the older run's `run-finished`. A run's progress callback holds its
//! handles weakly: a finished run is freed as soon as the state has moved on (no run →
//! callback → run cycle).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::UseReducerDispatcher;

use super::state::{Action, Planned, State};
use crate::page::limits::needs_click;
use crate::page::Finished;
use crate::platform::perf_now;
use crate::scenarios::{start_virtual, ClockKind, RunResult, VirtualRunning};
use crate::ui::lazy::{self, Chunk};

thread_local! {
    static LAST_RUN: Cell<u64> = const { Cell::new(0) };
    /// Predict first as the run in progress started (its answers are what the run judges).
    static PREDICT: RefCell<Option<crate::page::predict::Predict>> = const { RefCell::new(None) };
    /// The run finishing is the learner's own program's.
    static CODE_RUN_DONE: Cell<bool> = const { Cell::new(false) };
    /// Finished real-clock runs whose results are still to be worked out, oldest first.
    static PENDING: RefCell<Vec<Box<dyn FnOnce()>>> = const { RefCell::new(Vec::new()) };
}

/// The longest slice of a virtual run, in milliseconds.
const SLICE_MS: f64 = 40.0;

/// A virtual run between two slices: its number, its runs, where its results go, and the
/// timer of its next slice (dropping it cancels the slice).
struct Sliced {
    id: u64,
    runs: Rc<RefCell<Vec<VirtualRunning>>>,
    dispatch: UseReducerDispatcher<State>,
    _next: gloo_timers::callback::Timeout,
}

thread_local! {
    /// The virtual run being computed, if any.
    static SLICED: RefCell<Option<Sliced>> = const { RefCell::new(None) };
}

/// Computes a slice of virtual run `id`, then hands its results over, or reports its
/// progress (its loop time) and arms the next slice.
fn virtual_slice(id: u64, runs: Rc<RefCell<Vec<VirtualRunning>>>, dispatch: UseReducerDispatcher<State>) {
    let start = perf_now();
    let mut checks = 0u32;
    let mut pause = move || {
        checks = checks.wrapping_add(1);
        checks % 64 == 0 && perf_now() - start > SLICE_MS
    };
    let done = runs.borrow_mut().iter_mut().all(|r| r.advance(&mut pause));
    if done {
        let results = runs.borrow_mut().drain(..).map(|r| Rc::new(r.finish())).collect();
        finish(id, results, &dispatch);
        return;
    }
    let now = runs.borrow().iter().map(VirtualRunning::now).fold(0.0, f64::max);
    dispatch.dispatch(Action::Progress { id, now });
    let next = {
        let (runs, dispatch) = (runs.clone(), dispatch.clone());
        gloo_timers::callback::Timeout::new(0, move || {
            SLICED.with(|s| s.borrow_mut().take());
            virtual_slice(id, runs, dispatch)
        })
    };
    SLICED.with(|s| *s.borrow_mut() = Some(Sliced { id, runs, dispatch, _next: next }));
}

/// Ends the virtual run being computed, if any: its runs so far, stopped by the user, are
/// its results — now (`now`: a newer run replaces it), or in a task of their own after the
/// page shows that the run is over (Stop).
fn stop_virtual(now: bool) {
    let Some(sliced) = SLICED.with(|s| s.borrow_mut().take()) else { return };
    let Sliced { id, runs, dispatch, .. } = sliced;
    let results: Vec<Rc<RunResult>> = runs.borrow_mut().drain(..).map(|r| Rc::new(r.finish())).collect();
    if now {
        finish(id, results, &dispatch);
        return;
    }
    finish_later(id, results, dispatch);
}

/// Hands run `id`'s results over in a task of their own, after the page shows that the run
/// is over (a real-clock run's end), unless a newer run has replaced it.
pub(super) fn finish_later(id: u64, results: Vec<Rc<RunResult>>, dispatch: UseReducerDispatcher<State>) {
    dispatch.dispatch(Action::Halted { id });
    if !super::publish::ending(id) {
        return; // replaced: its end was reported then
    }
    PENDING.with(|p| p.borrow_mut().push(Box::new(move || finish(id, results, &dispatch))));
    gloo_timers::callback::Timeout::new(0, finish_pending).forget();
}

/// Works out every finished run's results now (in order), instead of in their own task.
fn finish_pending() {
    let pending = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
    for f in pending {
        f();
    }
}

/// Stops the real-clock run in progress, if any, and hands over what it had finished: what
/// a new run does first.
fn replace_live() {
    if let Some(real) = lazy::real() {
        (real.replace)();
    }
    finish_pending();
    stop_virtual(true);
}

/// A number no earlier run of this page has.
pub(super) fn next_run_id() -> u64 {
    LAST_RUN.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

/// Hands run `id`'s finished results to the state (with Predict first's verdicts, judged
/// against `predict`, the answers when it started) and publishes them, unless a newer run
/// has replaced it.
fn finish(id: u64, results: Vec<Rc<RunResult>>, dispatch: &UseReducerDispatcher<State>) {
    if let Some(real) = lazy::real() {
        (real.release)(id);
    }
    if !super::publish::is_open(id) {
        return;
    }
    let code = CODE_RUN_DONE.with(|c| c.replace(false));
    let judged = PREDICT.with(|p| p.borrow_mut().take()).and_then(|p| results.first().and_then(|first| p.judge(first, code)));
    let runs: Vec<Finished> = results.iter().cloned().map(Finished::new).collect();
    // The teaching views, when here, work the studies out now: in this task, not while
    // the page draws them.
    if let Some(teach) = lazy::teach() {
        runs.iter().for_each(teach.study);
    }
    dispatch.dispatch(Action::Finished { id, runs, judged });
    super::publish::finished(id, results);
}

/// Starts the run(s) the state describes (both variants in Compare mode): the Run button.
pub fn start(state: &State, dispatch: UseReducerDispatcher<State>) {
    if !state.can_run() {
        return;
    }
    PREDICT.with(|p| *p.borrow_mut() = Some(state.predict.clone()));
    if state.form.code.is_some() {
        // On CPython, in its worker: Run my code's chunk.
        return lazy::load_then(Chunk::Code, || lazy::code().iter().for_each(|t| (t.run)()));
    }
    replace_live();
    let id = next_run_id();
    super::publish::started(id);
    match state.form.clock {
        ClockKind::Virtual => {
            let (scenario, variants) = (state.form.scenario, state.form.variants());
            // What each run is, fixed now: its side of a Compare and its program.
            let planned = Planned::of(&variants);
            let runs = Rc::new(RefCell::new(variants.iter().map(|(_, v)| start_virtual(scenario, v)).collect()));
            dispatch.dispatch(Action::Started { id, planned });
            virtual_slice(id, runs, dispatch);
        }
        // Through the real clock's chunk, here before a run on it starts (`ui::lazy::runs`).
        ClockKind::Real => match lazy::real() {
            Some(real) => (real.start)(id, state, dispatch),
            None => super::publish::stopped(id, crate::ledger::StopReason::Ended),
        },
    }
}

/// Starts a run nobody clicked for (`autorun=1`, a host page's `run`), or says why not, in
/// English: a run that fetches real URLs starts only from the Run button.
pub fn start_unattended(state: &State, dispatch: UseReducerDispatcher<State>) -> Result<(), String> {
    if busy() {
        return Err("a run is in progress: stop it first".into());
    }
    if let Some(why) = state.unattended_refusal() {
        return Err(why);
    }
    start(state, dispatch);
    Ok(())
}

/// `autorun=1`: runs once the restored state is in place, or says on the page why not.
pub fn autorun(state: &State, dispatch: UseReducerDispatcher<State>) {
    if let Some(why) = needs_click(&state.form) {
        dispatch.dispatch(Action::Notice(why));
        return;
    }
    start(state, dispatch);
}

/// Stops every run in progress.
pub fn stop(state: &State) {
    if let (true, Some(code)) = (state.form.code.is_some(), lazy::code()) {
        CODE_STOPPING.with(|c| c.set(true));
        (code.stop)();
        CODE_STOPPING.with(|c| c.set(false));
    }
    // The program's run that has ended in its worker but is not shown yet: Stop ends it
    // as stopped, and it is not shown.
    if let Some((id, dispatch)) = CODE_SHOWING.with(|s| s.borrow_mut().take()) {
        dispatch.dispatch(Action::CodeEnded);
        super::publish::stopped(id, crate::ledger::StopReason::Stopped);
    }
    // The real-clock run in progress (also one started since the page last drew: a host's
    // stop right after its run).
    if let Some(real) = lazy::real() {
        (real.stop)();
    }
    stop_virtual(false);
}

/// True while a run is in progress (started, not yet over), whether or not the page has
/// drawn it yet.
pub fn busy() -> bool {
    super::publish::busy()
}

thread_local! {
    /// The number of the learner's program's run in progress (0: none).
    static CODE_RUN: Cell<u64> = const { Cell::new(0) };
    /// Set while Stop ends the program's run (its end then says `stopped`).
    static CODE_STOPPING: Cell<bool> = const { Cell::new(false) };
    /// The program's run that has ended, waiting for its task to be shown: its number, and
    /// the page's dispatcher for Stop meanwhile.
    static CODE_SHOWING: RefCell<Option<(u64, UseReducerDispatcher<State>)>> = const { RefCell::new(None) };
}

/// A run of the learner's program began (in its worker): its number, reported.
pub(super) fn code_started() -> u64 {
    replace_live();
    CODE_SHOWING.with(|s| s.borrow_mut().take()); // replaced: not shown
    let id = next_run_id();
    CODE_RUN.with(|c| c.set(id));
    super::publish::started(id);
    id
}

/// The program's run ended with a run-result (loaded from the worker's JSON in this task):
/// shown and published, in a task of its own — a big run's replay is as long a piece of work
/// as its loading, and the page stays responsive between the two. A run started meanwhile
/// has replaced it, and Stop meanwhile has ended it ([`stop`]): it is then not shown.
pub(super) fn code_finished(result: Rc<RunResult>, dispatch: &UseReducerDispatcher<State>) {
    let id = CODE_RUN.with(|c| c.replace(0));
    CODE_SHOWING.with(|s| *s.borrow_mut() = Some((id, dispatch.clone())));
    gloo_timers::callback::Timeout::new(0, move || {
        if let Some((_, dispatch)) = CODE_SHOWING.with(|s| s.borrow_mut().take_if(|(showing, _)| *showing == id)) {
            CODE_RUN_DONE.with(|c| c.set(true));
            finish(id, vec![result], &dispatch);
        }
    })
    .forget();
}

/// The program's run ended without one (Stop, a syntax error, the wall-clock limit).
pub(super) fn code_ended(dispatch: &UseReducerDispatcher<State>) {
    dispatch.dispatch(Action::CodeEnded);
    let id = CODE_RUN.with(|c| c.replace(0));
    let reason = if CODE_STOPPING.with(Cell::get) { crate::ledger::StopReason::Stopped } else { crate::ledger::StopReason::Ended };
    super::publish::stopped(id, reason);
}
