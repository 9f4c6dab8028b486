//! Publishing a finished run: the page's `<script type="application/json" id="run-result">`
//! (read by tests and host pages) and, inside an iframe, a `run-finished` message to the
//! host page. [`use_publish`] publishes the results the state has taken — never those of a
//! stale run, which the state ignores.

use std::rc::Rc;

use serde_json::{json, Value};
use yew::prelude::*;

use super::state::State;
use crate::scenarios::RunResult;

/// Publishes the state's results whenever they change to new ones — in a task of its own,
/// after the page has drawn them: a big run's JSON takes longer to write than Stop may take
/// to show.
#[hook]
pub fn use_publish(state: &State) {
    let results: Vec<Rc<RunResult>> = state.studies().iter().map(|s| s.result.clone()).collect();
    let keys: Vec<usize> = results.iter().map(|r| Rc::as_ptr(r) as usize).collect();
    use_effect_with(keys, move |_| {
        if !results.is_empty() {
            gloo_timers::callback::Timeout::new(0, move || publish(&results)).forget();
        }
    });
}

/// The JSON published for a run: the run-result, or `{"compare": [A, B]}` in Compare mode.
pub fn published_json(results: &[Rc<RunResult>]) -> Value {
    match results {
        [one] => one.to_json(),
        many => json!({"compare": many.iter().map(|r| r.to_json()).collect::<Vec<_>>()}),
    }
}

/// Writes `#run-result` and tells a host page, if any.
pub fn publish(results: &[Rc<RunResult>]) {
    let json = published_json(results);
    let text = json.to_string();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(el) = document.get_element_by_id("run-result") {
        el.set_text_content(Some(&text));
    }
    super::embed::notify_host("run-finished", Some(&text));
}
