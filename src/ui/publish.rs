//! Telling the world about runs: the page's `<script type="application/json"
//! id="run-result">` (read by tests and host pages) and, inside an iframe, the host page's
//! `run-started`, `run-finished` and `run-stopped` messages, each with its run number.
//!
//! Every run goes through the page's one [`Ledger`] as things happen to it — [`started`],
//! [`ending`], [`finished`], [`stopped`] — never from a render (a run replaced before the
//! next render was never published): so every `run-started` is followed by exactly one
//! `run-finished` or `run-stopped`, in order. The ledger's notes wait in one queue, posted
//! in order; a run-result's JSON is written in a task of its own, after the page has drawn
//! the run (a big run's JSON takes longer to write than Stop may take to show), or at once
//! when a later message must follow it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::JsValue;

use crate::ledger::{Ledger, Note};
use crate::scenarios::{published_json, RunResult};

/// A message waiting its turn.
struct Outgoing {
    note: Note,
    /// A `run-finished`'s results (one, or A and B in Compare mode).
    results: Vec<Rc<RunResult>>,
}

thread_local! {
    static LEDGER: RefCell<Ledger> = RefCell::new(Ledger::new());
    static OUTBOX: RefCell<VecDeque<Outgoing>> = const { RefCell::new(VecDeque::new()) };
}

/// Run `run` began (an older run still open is reported `replaced`).
pub fn started(run: u64) {
    let notes = LEDGER.with(|l| l.borrow_mut().started(run));
    queue(notes.into_iter().map(|note| Outgoing { note, results: Vec::new() }));
    flush();
}

/// Run `run` is over, its results on their way; true if it is the open run.
pub fn ending(run: u64) -> bool {
    LEDGER.with(|l| l.borrow_mut().ending(run))
}

/// Run `run` finished with `results`: published (`#run-result`, `run-finished`) in a task of
/// its own, unless it is no longer the open run.
pub fn finished(run: u64, results: Vec<Rc<RunResult>>) {
    let Some(note) = LEDGER.with(|l| l.borrow_mut().finished(run)) else { return };
    queue([Outgoing { note, results }]);
    gloo_timers::callback::Timeout::new(0, flush).forget();
}

/// Run `run` ended without a run-result, for `reason`.
pub fn stopped(run: u64, reason: crate::ledger::StopReason) {
    let Some(note) = LEDGER.with(|l| l.borrow_mut().stopped(run, reason)) else { return };
    queue([Outgoing { note, results: Vec::new() }]);
    flush();
}

/// True if run `run`'s results are still wanted.
pub fn is_open(run: u64) -> bool {
    LEDGER.with(|l| l.borrow().is_open(run))
}

/// True while a run is open and not yet over: the truth for a host's `run` and
/// `set-params`, even before the page has drawn the run.
pub fn busy() -> bool {
    LEDGER.with(|l| l.borrow().busy())
}

fn queue(items: impl IntoIterator<Item = Outgoing>) {
    OUTBOX.with(|o| o.borrow_mut().extend(items));
}

/// Posts everything queued, in order.
fn flush() {
    while let Some(out) = OUTBOX.with(|o| o.borrow_mut().pop_front()) {
        post(&out);
    }
}

fn post(out: &Outgoing) {
    let run = ("run", JsValue::from_f64(out.note.run() as f64));
    match &out.note {
        Note::Started { .. } => super::embed::post("run-started", &[run]),
        Note::Stopped { reason, .. } => super::embed::post("run-stopped", &[run, ("reason", JsValue::from_str(reason.as_str()))]),
        Note::Finished { .. } => {
            let text = published_json(&out.results);
            if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("run-result")) {
                el.set_text_content(Some(&text));
            }
            if super::embed::config().is_some() {
                let result = js_sys::JSON::parse(&text).unwrap_or(JsValue::NULL);
                super::embed::post("run-finished", &[run, ("result", result)]);
            }
        }
    }
}
