//! Predict first on the page: the progress kept in `localStorage`, and telling the world:
//! `<script type="application/json" id="prediction-result">` and, inside an iframe, the
//! host's `prediction-checked` message. The answers and verdicts are plain state
//! ([`crate::page::predict`]).

use yew::prelude::*;

pub use crate::page::predict::{Predict, PredictAction};

use super::state::{Action, State};

/// The `localStorage` key of the progress (scenario ids answered right).
const PROGRESS_KEY: &str = "asyncio-playground.predict-progress";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Writes `text` into `<script type="application/json" id="{id}">` at the end of the body,
/// made on first use: what the page tells tests and host pages (`#prediction-result`,
/// `#lesson-state`).
pub fn json_script(id: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let el = element(id).or_else(|| {
        let el = document.create_element("script").ok()?;
        el.set_id(id);
        let _ = el.set_attribute("type", "application/json");
        document.body()?.append_child(&el).ok()?;
        Some(el)
    });
    if let Some(el) = el {
        el.set_text_content(Some(text));
    }
}

/// The judged answers as `#prediction-result` and the embed message carry them.
fn published(p: &Predict) -> serde_json::Value {
    let mut json = crate::teach::predict::to_json(p.verdicts.as_deref().map_or(&[][..], |v| v.as_slice()));
    if let Some(lines) = &p.lines {
        json["lines"] = lines
            .iter()
            .map(|l| serde_json::json!({"expected": l.expected, "printed": l.actual.as_ref().map(|a| &a.1), "t": l.actual.as_ref().map(|a| a.0), "same": l.same}))
            .collect();
    }
    json
}

/// Writes `#prediction-result` (made on first use) and posts `prediction-checked` to an
/// embed's host.
fn publish(p: &Predict) {
    let json = published(p);
    json_script("prediction-result", &json.to_string());
    let answers = js_sys::JSON::parse(&json["answers"].to_string()).unwrap_or(wasm_bindgen::JsValue::NULL);
    let mut extra = vec![("answers", answers)];
    if let Some(lines) = json.get("lines") {
        extra.push(("lines", js_sys::JSON::parse(&lines.to_string()).unwrap_or(wasm_bindgen::JsValue::NULL)));
    }
    super::embed::post("prediction-checked", &extra);
}

/// Predict first's effects: the progress read from the device once; each judging published
/// (after the run's own `run-finished`) and the progress saved; while asking, no verdict and
/// no run-result of an earlier run left on the page.
#[hook]
pub fn use_prediction(state: &UseReducerHandle<State>) {
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            if let Some(text) = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten()) {
                dispatch.dispatch(Action::Predict(PredictAction::LoadProgress(text)));
            }
        });
    }
    {
        let p = state.predict.clone();
        use_effect_with(p.judged, move |judged| {
            if *judged > 0 {
                gloo_timers::callback::Timeout::new(0, move || publish(&p)).forget();
            }
        });
    }
    {
        let progress = state.predict.progress.to_text();
        use_effect_with(progress, |text| {
            if let Some(s) = storage() {
                let _ = if text.is_empty() { s.remove_item(PROGRESS_KEY) } else { s.set_item(PROGRESS_KEY, text) };
            }
        });
    }
    {
        let asking = state.predict.asking() && state.runs().is_empty();
        use_effect_with(asking, |asking| {
            if *asking {
                if let Some(el) = element("prediction-result") {
                    el.remove();
                }
                if let Some(el) = element("run-result") {
                    el.set_text_content(Some(""));
                }
            }
        });
    }
}
