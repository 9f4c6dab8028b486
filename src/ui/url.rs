//! The page's URL as state: `?scenario=gather&tasks=5&delay=1&clock=virtual&scale=0.1`.
//!
//! The keys are a contract shared with the CLI, embeds and the mdBook preprocessor:
//! `scenario`, the scenario's parameter names, and the page keys listed (with their types)
//! in [`crate::contract::PAGE_KEYS`]. Parameter values are kept as typed, so a bad value in a
//! URL shows the same inline message as one typed into the form; a bad page-key value
//! becomes a notice naming the key and what it allows. The query is read in linear time, and
//! of more than [`contract::MAX_KEYS`] keys only the first are read (a notice says so).
//! `origin=` is used only as [`contract::parse_origins`] normalises it; an invalid one makes
//! an embed talk to nobody. A `code=` that cannot be read is said, and `autorun=1` then runs
//! nothing (never the default scenario in its place).

use web_sys::UrlSearchParams;

use super::state::{Action, State};
use crate::contract::{self, is_page_key, page_key};
use crate::i18n::Lang;
use crate::scenarios::params::encode;
use crate::scenarios::ClockKind;
use crate::teach::Axis;

/// What a query string asks for.
pub struct UrlRequest {
    pub restore: Action,
    pub autorun: bool,
    pub embed: bool,
    pub compare: bool,
    /// The host origins allowed to talk to an embed (`origin=`, comma-separated), normalised
    /// ([`contract::normalize_origin`]): `None` without `origin=` (the parent's own origin),
    /// `Some([])` for an invalid value (nobody).
    pub origins: Option<Vec<String>>,
    /// The host's name for the embed (`id=`).
    pub id: String,
    /// `axis=time|iter`, if valid (`None`: the axis that tells the run's story).
    pub axis: Option<Axis>,
    /// `theme=` (`light`, `dark`, `auto`), if valid.
    pub theme: Option<String>,
    /// False for an output-only view (`controls=0`).
    pub controls: bool,
    /// `code=`: an own program for the editor (a valid value; a bad one is a notice).
    pub code: Option<String>,
    /// Bad page-key values, each named with what it allows (`clock` and `scale` are
    /// reported by the state itself).
    pub notices: Vec<crate::i18n::Msg>,
}

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

/// Parses a query string (with or without the leading `?`); `None` when it is empty. A
/// repeated key keeps its first value and a query without `scenario` is read against the
/// first scenario, both said in notices ([`contract::read_query`]).
pub fn parse(search: &str) -> Option<UrlRequest> {
    contract::read_query(pairs(search)).map(request)
}

/// [`parse`], with the first scenario's defaults for an empty query (going Back to the bare
/// page).
pub fn parse_or_default(search: &str) -> UrlRequest {
    let first = crate::scenarios::all()[0].id.to_string();
    request(contract::read_query(pairs(search)).unwrap_or(contract::PageQuery { scenario: first, pairs: Vec::new(), notices: Vec::new() }))
}

fn request(q: contract::PageQuery) -> UrlRequest {
    let pairs = q.pairs;
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut notices = q.notices;
    for (k, v) in &pairs {
        if !matches!(k.as_str(), "clock" | "scale") {
            if let Some(Err(e)) = page_key(k).map(|key| key.check_msg(v)) {
                notices.push(e);
            }
        }
    }
    let flag = |k: &str| get(k).and_then(|v| contract::flag(&v));
    let valid = |k: &str| get(k).filter(|v| page_key(k).is_some_and(|key| key.check(v).is_ok()));
    // (Only the bundle with the editor takes it: static/boot.js mounts that one for code= pages.)
    let code = valid("code").filter(|_| cfg!(feature = "own-code")).and_then(|c| contract::decode_program(&c).ok());
    let mut autorun = flag("autorun") == Some(true);
    if get("code").is_some() && code.is_none() && autorun {
        // autorun=1 was for the program: running the default scenario instead would mislead.
        autorun = false;
        if valid("code").is_none() {
            notices.push(crate::i18n::Msg::new("notice-code-not-run"));
        }
    }
    let origins = get("origin").filter(|o| !o.trim().is_empty()).map(|o| contract::parse_origins(&o).unwrap_or_default());
    UrlRequest {
        restore: Action::Restore {
            scenario: q.scenario,
            params: pairs.iter().filter(|(k, _)| !is_page_key(k)).cloned().collect(),
            clock: get("clock"),
            scale: get("scale"),
        },
        autorun,
        embed: flag("embed") == Some(true),
        compare: flag("compare") == Some(true),
        origins,
        id: get("id").unwrap_or_default(),
        axis: valid("axis").and_then(|a| Axis::parse(&a)),
        theme: valid("theme").map(|t| t.trim().to_string()),
        controls: flag("controls") != Some(false),
        code,
        notices,
    }
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
    if state.clock == ClockKind::Real {
        parts.push(format!("scale={}", encode(&state.scale_raw)));
    }
    if let Some(axis) = state.axis {
        parts.push(format!("axis={}", axis.key()));
    }
    // English is the default, but once a language was asked for (in the URL, or with the
    // switch), the URL keeps saying which: a reader whose browser prefers Hindi and who
    // switched to English gets English again from the link.
    let asked = UrlSearchParams::new_with_str(&current_search()).ok().is_some_and(|p| p.has("lang"));
    if state.lang != Lang::En || asked {
        parts.push(format!("lang={}", state.lang.code()));
    }
    if state.predict.on {
        parts.push("predict=1".into());
    }
    parts.extend(code_key(state));
    format!("?{}", parts.join("&"))
}

/// `code=…` for an own program that fits in a URL (one that does not is left out; the
/// editor says so).
pub fn code_key(state: &State) -> Option<String> {
    let encoded = contract::encode_program(state.code.as_ref()?);
    (encoded.len() <= contract::MAX_CODE_URL).then(|| format!("code={encoded}"))
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
