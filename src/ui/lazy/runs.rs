//! Starting and stopping runs from the first screen, through the run chunk ([`RunChunk`]),
//! and for a run on the real clock the real clock's chunk too: when they are not here yet,
//! the run asked for waits for them (the Run button says so; both are asked for at once),
//! and Stop meanwhile cancels it, so nothing starts after the reader stopped it. A chunk
//! that fails to load drops the run (the page says so, with a Retry).

use std::cell::Cell;

use super::tables::Dispatch;
#[cfg(doc)]
use super::RunChunk;
use super::{load, load_all_then, notify, run, status, Chunk, Status};
use crate::page::Form;
use crate::scenarios::ClockKind;
use crate::ui::state::State;

thread_local! {
    /// The ticket of the run asked for while the chunk loads (0: none).
    static ASKED: Cell<u64> = const { Cell::new(0) };
    static TICKETS: Cell<u64> = const { Cell::new(0) };
    /// Whether the last run asked for came from the reader (the Run button, its key, Predict
    /// first's buttons), not from `autorun=1` or a host page's `run`.
    static BY_READER: Cell<bool> = const { Cell::new(false) };
}

/// True when the last run asked for came from the reader: only such a run's results may
/// move the page (in an embed, the host page) to bring them into view.
pub fn asked_by_reader() -> bool {
    BY_READER.with(Cell::get)
}

/// True while a run asked for waits for the run chunk.
pub fn asked() -> bool {
    ASKED.with(Cell::get) != 0
}

/// A chunk the run asked for needs failed to load: that run will not start (the reader
/// presses Run again once Retry has brought it).
pub(super) fn gave_up() {
    ASKED.with(|a| a.set(0));
}

/// The reader chose `clock`: for the real clock, its chunk is asked for now (a run on it is
/// likely next).
pub fn clock_chosen(clock: ClockKind) {
    if clock == ClockKind::Real {
        load(Chunk::Real);
    }
}

/// The chunks a run of `form` needs: the run chunk, the lesson's program, and for a run on
/// the real clock the real clock's (a learner's own code runs on CPython: the run chunk
/// only). The page asks for them as it starts (`ui::hooks::use_service_worker`), a run waits
/// for them, and the results panel says when one of them failed ([`super::Lazy`]).
pub fn needed(form: &Form) -> Vec<Chunk> {
    let mut chunks = vec![Chunk::Run];
    if form.code.is_none() {
        chunks.push(Chunk::Program(form.scenario.kind));
        if form.clock == ClockKind::Real {
            chunks.push(Chunk::Real);
        }
    }
    chunks
}

/// The run chunk's table, if it and the other `chunks` are here.
fn here(chunks: &[Chunk]) -> Option<&'static super::RunChunk> {
    run().filter(|_| chunks.iter().all(|c| *c == Chunk::Run || status(*c) == Status::Loaded))
}

/// `then` with the run chunk, once it and the other `chunks` are here; a run asked for
/// since, or Stop, drops it.
fn with_chunk(chunks: Vec<Chunk>, then: impl FnOnce(&'static super::RunChunk) + 'static) {
    if let Some(t) = here(&chunks) {
        return then(t);
    }
    let ticket = TICKETS.with(|t| {
        t.set(t.get() + 1);
        t.get()
    });
    ASKED.with(|a| a.set(ticket));
    notify();
    load_all_then(chunks, move || {
        if ASKED.with(|a| a.get() == ticket) {
            ASKED.with(|a| a.set(0));
            if let Some(t) = run() {
                then(t);
            }
            notify();
        }
    });
}

/// The Run button: the run(s) the state describes.
pub fn start(state: &State, dispatch: Dispatch) {
    if !state.can_run() {
        return;
    }
    BY_READER.with(|b| b.set(true));
    let state = state.clone();
    with_chunk(needed(&state.form), move |t| (t.start)(&state, dispatch));
}

/// `autorun=1`: a run, or on the page why not.
pub fn autorun(state: &State, dispatch: Dispatch) {
    BY_READER.with(|b| b.set(false));
    let state = state.clone();
    with_chunk(needed(&state.form), move |t| (t.autorun)(&state, dispatch));
}

/// A host page's `run`, or why not (in English).
pub fn start_unattended(state: &State, dispatch: Dispatch) -> Result<(), String> {
    BY_READER.with(|b| b.set(false));
    if let Some(t) = here(&needed(&state.form)) {
        return (t.start_unattended)(state, dispatch);
    }
    if busy() {
        return Err("a run is in progress: stop it first".into());
    }
    if let Some(why) = state.unattended_refusal() {
        return Err(why);
    }
    let state = state.clone();
    with_chunk(needed(&state.form), move |t| (t.start)(&state, dispatch));
    Ok(())
}

/// Stops every run in progress, and a run still waiting for the chunk.
pub fn stop(state: &State) {
    if ASKED.with(|a| a.replace(0)) != 0 {
        notify();
    }
    if let Some(t) = run() {
        (t.stop)(state);
    }
}

/// True while a run is in progress (drawn or not), or waits for the chunk.
pub fn busy() -> bool {
    asked() || run().is_some_and(|t| (t.busy)())
}
