//! The page's URL as state: `?scenario=gather&tasks=5&delay=1&clock=virtual&scale=0.1`.
//!
//! The keys are a contract shared with the CLI and embeds: `scenario`, the scenario's
//! parameter names, `clock` (`virtual` | `real`), `scale` (wall seconds per guide-second),
//! `axis` (`time` | `iter`), `lang` (`en` | `hi` | `bn`), `autorun=1`, `embed=1`. Values are
//! kept as typed, so a bad value in a URL shows the same inline message as one typed into
//! the form.

use web_sys::UrlSearchParams;

use super::state::{Action, ClockChoice, State};
use crate::i18n::Lang;
use crate::scenarios::params::encode;
use crate::teach::Axis;

/// Keys that are not scenario parameters.
const PAGE_KEYS: &[&str] = &["scenario", "clock", "scale", "autorun", "embed", "origin", "compare", "id", "axis", "lang"];

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
    /// `axis=time|iter` (`None`: absent or not one of those).
    pub axis: Option<Axis>,
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
    let axis = get("axis").and_then(|a| Axis::parse(&a));
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
        axis,
    })
}

/// The page's language: `lang=` in `search` if it names one we speak, else the first of
/// the browser's preferred languages that we speak, else English.
pub fn preferred_lang(search: &str) -> Lang {
    let from_url = UrlSearchParams::new_with_str(search).ok().and_then(|p| p.get("lang")).and_then(|l| Lang::parse(&l));
    from_url.or_else(browser_lang).unwrap_or(Lang::En)
}

fn browser_lang() -> Option<Lang> {
    let navigator = web_sys::window()?.navigator();
    let listed = js_sys::Array::from(&navigator.languages());
    listed.iter().filter_map(|l| l.as_string()).chain(navigator.language()).find_map(|l| Lang::parse(&l))
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
    if let Some(axis) = state.axis {
        parts.push(format!("axis={}", axis.key()));
    }
    if state.lang != Lang::En {
        parts.push(format!("lang={}", state.lang.code()));
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
