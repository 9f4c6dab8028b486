//! Publishing a finished run: the page's `<script type="application/json" id="run-result">`
//! (read by tests and host pages) and, inside an iframe, a `run-finished` message to the
//! host page.

use std::rc::Rc;

use serde_json::{json, Value};

use crate::scenarios::RunResult;

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
