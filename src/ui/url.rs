//! The page's URL as state: `?scenario=gather&tasks=5&delay=1&clock=virtual&scale=0.1`.
//!
//! The keys are a contract shared with the CLI, embeds and the mdBook preprocessor:
//! `scenario`, the scenario's parameter names, and the page keys listed (with their types)
//! in [`crate::contract::PAGE_KEYS`]. This module reads the address bar into a
//! [`PageQuery`] (what it asks for is [`crate::page::restore`]'s) and writes the state back
//! into it. The query is read in linear time, and of more than [`contract::MAX_KEYS`] keys
//! only the first are read (a notice says so). `origin=` is used only as
//! [`contract::parse_origins`] normalises it; an invalid one makes an embed talk to nobody.

use web_sys::UrlSearchParams;

use super::state::State;
use crate::contract::{self, PageQuery};
use crate::i18n::Lang;
use crate::scenarios::params::encode;
use crate::scenarios::ClockKind;

/// The query string's (key, value) pairs, decoded as the browser decodes them: the first
/// [`contract::MAX_KEYS`] in full, and past them empty placeholders, only counted (so that
/// [`contract::read_query`] can say how many keys the URL had without holding them).
fn pairs(search: &str) -> Vec<(String, String)> {
    let Ok(params) = UrlSearchParams::new_with_str(search) else { return Vec::new() };
    let Ok(Some(entries)) = js_sys::try_iter(&params.entries()) else { return Vec::new() };
    entries
        .flatten()
        .enumerate()
        .map(|(i, entry)| {
            if i >= contract::MAX_KEYS {
                return (String::new(), String::new());
            }
            let arr = js_sys::Array::from(&entry);
            (arr.get(0).as_string().unwrap_or_default(), arr.get(1).as_string().unwrap_or_default())
        })
        .collect()
}

/// Reads a query string (with or without the leading `?`); `None` when it is empty. A
/// repeated key keeps its first value and a query without `scenario` is read against the
/// first scenario, both said in notices ([`contract::read_query`]); what it asks for is
/// [`crate::page::restore::PageRequest::of`] it.
pub fn parse(search: &str) -> Option<PageQuery> {
    contract::read_query(pairs(search))
}

/// [`parse`], with the first scenario's defaults for an empty query (going Back to the bare
/// page).
pub fn parse_or_default(search: &str) -> PageQuery {
    let first = crate::scenarios::all()[0].id.to_string();
    parse(search).unwrap_or(PageQuery { scenario: first, pairs: Vec::new(), notices: Vec::new() })
}

/// The page's language when the URL names none: the first of the browser's preferred
/// languages that we speak, else English.
pub fn fallback_lang() -> Lang {
    browser_lang().unwrap_or(Lang::En)
}

fn browser_lang() -> Option<Lang> {
    let navigator = web_sys::window()?.navigator();
    let listed = js_sys::Array::from(&navigator.languages());
    listed.iter().filter_map(|l| l.as_string()).chain(navigator.language()).find_map(|l| Lang::parse(&l))
}

/// `step=N` (from 1) while the playhead of a finished run is on a step: a link to that moment.
pub fn step_key(state: &State) -> Option<String> {
    state.slot.playhead.filter(|_| !state.runs().is_empty()).map(|i| format!("step={}", i + 1))
}

/// The query string for the current state (parameters as typed).
pub fn query(state: &State) -> String {
    let mut parts = vec![format!("scenario={}", encode(state.form.scenario.id))];
    for (name, raw) in &state.form.raw {
        parts.push(format!("{name}={}", encode(raw)));
    }
    parts.push(format!("clock={}", state.form.clock.as_str()));
    if state.form.clock == ClockKind::Real {
        parts.push(format!("scale={}", encode(&state.form.scale_raw)));
    }
    if let Some(axis) = state.settings.axis {
        parts.push(format!("axis={}", axis.key()));
    }
    // English is the default, but once a language was asked for (in the URL, or with the
    // switch), the URL keeps saying which: a reader whose browser prefers Hindi and who
    // switched to English gets English again from the link.
    let asked = UrlSearchParams::new_with_str(&current_search()).ok().is_some_and(|p| p.has("lang"));
    if state.settings.lang != Lang::En || asked {
        parts.push(format!("lang={}", state.settings.lang.tag()));
    }
    if state.predict.on {
        parts.push("predict=1".into());
    }
    if state.course.open {
        let p = &state.course.progress;
        parts.push(format!("lesson={}&stage={}", p.lesson, p.stage.name()));
    }
    parts.extend(step_key(state));
    parts.extend(code_key(state));
    format!("?{}", parts.join("&"))
}

/// `code=…` for an own program that fits in a URL (one that does not is left out; the
/// editor says so).
pub fn code_key(state: &State) -> Option<String> {
    let encoded = contract::encode_program(state.form.code.as_ref()?);
    (encoded.len() <= contract::MAX_CODE_URL).then(|| format!("code={encoded}"))
}

/// The page's current query string.
pub fn current_search() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// Writes `query` (the state's [`query`]) into the address bar: a new history entry
/// (`push`) or in place. Embed-only keys of the current URL are kept.
pub fn write(query: &str, push: bool) {
    let Some(window) = web_sys::window() else { return };
    let mut q = query.to_string();
    let current = current_search();
    for key in ["embed", "origin", "id", "theme", "controls"] {
        if let Some(value) = UrlSearchParams::new_with_str(&current).ok().and_then(|p| p.get(key)) {
            q.push_str(&format!("&{key}={}", encode(&value)));
        }
    }
    if q == current {
        return;
    }
    let Ok(history) = window.history() else { return };
    let _ = if push {
        history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&q))
    } else {
        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&q))
    };
}
