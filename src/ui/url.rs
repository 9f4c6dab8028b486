//! The page's URL as state: `?scenario=gather&tasks=5&delay=1&clock=virtual&scale=0.1`.
//!
//! The keys are a contract shared with the CLI and embeds: `scenario`, the scenario's
//! parameter names, `clock` (`virtual` | `real`), `scale` (wall seconds per guide-second),
//! `autorun=1`, `embed=1`. Values are kept as typed, so a bad value in a URL shows the same
//! inline message as one typed into the form.

use web_sys::UrlSearchParams;

use super::state::{Action, ClockChoice, State};
use crate::scenarios::params::encode;

/// Keys that are not scenario parameters.
const PAGE_KEYS: &[&str] = &["scenario", "clock", "scale", "autorun", "embed", "origin", "compare", "id"];

/// What a query string asks for.
pub struct UrlRequest {
    pub restore: Action,
    pub autorun: bool,
    pub embed: bool,
    pub compare: bool,
    /// The host origins allowed to talk to an embed (`origin=`, comma-separated).
    pub origins: Vec<String>,
    /// The host's name for the embed (`id=`).
    pub id: String,
}

/// Parses a query string (with or without the leading `?`).
pub fn parse(search: &str) -> Option<UrlRequest> {
    let params = UrlSearchParams::new_with_str(search).ok()?;
    let entries = js_sys::try_iter(&params.entries()).ok()??;
    let mut pairs = Vec::new();
    for entry in entries.flatten() {
        let arr = js_sys::Array::from(&entry);
        pairs.push((arr.get(0).as_string().unwrap_or_default(), arr.get(1).as_string().unwrap_or_default()));
    }
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let scenario = get("scenario")?;
    let flag = |k: &str| matches!(get(k).as_deref(), Some("1") | Some("true"));
    Some(UrlRequest {
        restore: Action::Restore {
            scenario,
            params: pairs.iter().filter(|(k, _)| !PAGE_KEYS.contains(&k.as_str())).cloned().collect(),
            clock: get("clock"),
            scale: get("scale"),
        },
        autorun: flag("autorun"),
        embed: flag("embed"),
        compare: flag("compare"),
        origins: get("origin").map(|o| o.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()).unwrap_or_default(),
        id: get("id").unwrap_or_default(),
    })
}

/// The query string for the current state (parameters as typed).
pub fn query(state: &State) -> String {
    let mut parts = vec![format!("scenario={}", encode(state.scenario.id))];
    for (name, raw) in &state.raw {
        parts.push(format!("{name}={}", encode(raw)));
    }
    parts.push(format!("clock={}", state.clock.as_str()));
    if state.clock == ClockChoice::Real {
        parts.push(format!("scale={}", encode(&state.scale_raw)));
    }
    format!("?{}", parts.join("&"))
}

/// The page's current query string.
pub fn current_search() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// Writes the state into the address bar: a new history entry (`push`) or in place.
/// Embed-only keys of the current URL are kept.
pub fn write(state: &State, push: bool) {
    let Some(window) = web_sys::window() else { return };
    let mut q = query(state);
    let current = current_search();
    for key in ["embed", "origin", "id"] {
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
