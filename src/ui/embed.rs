//! Talking to a host page when the playground runs inside an iframe (`?embed=1`).
//!
//! Contract version 1 (documented in the reference, docs/src/embedding.md):
//! - to the host: `{source: "asyncio-playground", version: 1, id, type, …}` with `type`
//!   `ready`, `resize` (`height` in CSS pixels; after a run also `result_top`, the results'
//!   offset in the page, so that the host can bring them into view), `run-started` (`run`: the run's number),
//!   `run-finished` (`run`, `result`: the run-result JSON), `run-stopped` (`run`, `reason`:
//!   `"replaced"` by a newer run, `"stopped"`, or `"ended"` without a result), `rejected`
//!   (`reason`: why a message was ignored), or with `predict=1` `prediction-checked`
//!   (`answers`: `[{question, given, expected, correct, step}]`, after the run's
//!   `run-finished`; `crate::ui::predict`). Every `run-started` is followed by exactly one
//!   `run-finished` or `run-stopped` of the same run, before the next `run-started`
//!   (`crate::ledger`, driven by `publish.rs`);
//! - from the host: `{type: "set-params", params: {name: value, …}}`, `{type: "run"}`,
//!   `{type: "stop"}`, `{type: "set-theme", theme: "light" | "dark" | "auto"}` (URL schema 2).
//!   Anything else is ignored.
//!
//! Only the parent window is listened to, and only from its origin: the origins the URL
//! names (`origin=https://a.example,https://b.example`), or else the parent's own origin
//! (`location.ancestorOrigins`, or the referrer). Messages to the host go to those origins
//! only; an embed that cannot tell its parent's origin talks to nobody, and neither does one
//! whose `origin=` is not a list of origins (`origin=*`). Origins are compared as
//! [`crate::contract::normalize_origin`] writes them (scheme and host lower-case, no default
//! port), so `http://LOCALHOST:8790` names the page at `http://localhost:8790`. A page
//! opened at the top level is its own parent: it hears only its own scripts.
//!
//! A `set-params` may carry at most [`crate::contract::MAX_KEYS`] parameters; its keys are
//! read, checked and merged in linear time.
//!
//! Values from the host go through the same validation as the form; nothing from the host
//! is ever inserted as HTML.

use js_sys::{Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::choices::Theme;

/// The embed's settings, from its URL.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EmbedConfig {
    /// The host's name for this embed (`id=`), echoed in every message.
    pub id: String,
    /// Origins allowed to talk to it (`origin=`), normalised; `None`: the parent's own
    /// origin; `Some([])` (an invalid `origin=`): nobody.
    pub origins: Option<Vec<String>>,
    /// The parent page's origin, as far as the browser tells it.
    pub parent_origin: Option<String>,
}

impl EmbedConfig {
    /// The origins messages may come from and go to, normalised; only valid origins.
    pub fn peers(&self) -> Vec<String> {
        match &self.origins {
            None => self.parent_origin.as_deref().and_then(crate::contract::normalize_origin).into_iter().collect(),
            Some(origins) => origins.iter().filter_map(|o| crate::contract::normalize_origin(o)).collect(),
        }
    }
}

/// The parent page's origin: `location.ancestorOrigins[0]` where the browser has it, else
/// the origin of `document.referrer`; the page's own at the top level; `None` when nothing
/// says.
pub fn parent_origin() -> Option<String> {
    let window = web_sys::window()?;
    let parent = window.parent().ok()??;
    if parent == window {
        return window.location().origin().ok();
    }
    let location = window.location();
    let ancestors = Reflect::get(&location, &"ancestorOrigins".into()).ok().filter(|a| !a.is_undefined() && !a.is_null());
    if let Some(first) = ancestors.and_then(|a| Reflect::get(&a, &"0".into()).ok()).and_then(|o| o.as_string()) {
        return Some(first).filter(|o| o != "null");
    }
    let referrer = window.document()?.referrer();
    web_sys::Url::new(&referrer).ok().map(|u| u.origin()).filter(|o| o != "null" && !o.is_empty())
}

/// What a host message asks for.
#[derive(Debug, PartialEq)]
pub enum HostRequest {
    SetParams(Vec<(String, String)>),
    Run,
    Stop,
    SetTheme(Theme),
}

/// Checks a message from the host: shape, kind, and parameter values (strings, numbers or
/// booleans only). `Err` says why it was ignored.
pub fn parse_host_message(data: &JsValue) -> Result<HostRequest, String> {
    if !data.is_object() || js_sys::Array::is_array(data) {
        return Err("a message must be an object".into());
    }
    let kind = Reflect::get(data, &"type".into()).ok().and_then(|t| t.as_string()).ok_or("a message needs a string \"type\"")?;
    match kind.as_str() {
        "run" => Ok(HostRequest::Run),
        "stop" => Ok(HostRequest::Stop),
        "set-theme" => parse_theme(data),
        "set-params" => {
            let params = Reflect::get(data, &"params".into()).map_err(|_| "set-params needs \"params\"")?;
            if !params.is_object() || js_sys::Array::is_array(&params) {
                return Err("\"params\" must be an object of name: value".into());
            }
            let keys = Object::keys(params.unchecked_ref::<Object>());
            if let Some(msg) = crate::contract::too_many_keys(keys.length() as usize) {
                return Err(format!("set-params: {}", msg.en()));
            }
            let mut pairs = Vec::with_capacity(keys.length() as usize);
            for key in keys.iter() {
                let name = key.as_string().unwrap_or_default();
                let value = Reflect::get(&params, &key).unwrap_or(JsValue::UNDEFINED);
                let text = if let Some(s) = value.as_string() {
                    s
                } else if let Some(n) = value.as_f64() {
                    n.to_string()
                } else if let Some(b) = value.as_bool() {
                    b.to_string()
                } else {
                    return Err(format!("parameter \"{}\" must be a string, number or boolean", crate::i18n::echo(&shown(&name))));
                };
                if name.chars().count() > MAX_NAME {
                    return Err(format!(
                        "parameter name \"{}…\" is too long: at most {MAX_NAME} characters (got {})",
                        crate::i18n::echo(&shown(&name)),
                        name.chars().count()
                    ));
                }
                if text.chars().count() > MAX_VALUE {
                    return Err(format!(
                        "parameter \"{}\" is too long: at most {MAX_VALUE} characters (got {})",
                        crate::i18n::echo(&name),
                        text.chars().count()
                    ));
                }
                pairs.push((name, text));
            }
            Ok(HostRequest::SetParams(pairs))
        }
        other => Err(format!("unknown message type \"{}\"", crate::i18n::echo(&shown(other)))),
    }
}

/// The longest parameter name a `set-params` may carry, in characters.
const MAX_NAME: usize = 64;
/// The longest value, in characters.
const MAX_VALUE: usize = 4000;

/// A name from the host as a reason quotes it: its first 40 characters.
fn shown(s: &str) -> String {
    s.chars().take(40).collect()
}

/// `{type: "set-theme", theme}`: the theme must be one the URL's `theme` key allows.
fn parse_theme(data: &JsValue) -> Result<HostRequest, String> {
    let theme = Reflect::get(data, &"theme".into()).ok().and_then(|t| t.as_string()).ok_or("set-theme needs a string \"theme\"")?;
    // The contract's check words the refusal as a URL's theme= would be.
    Theme::parse(&theme).map(HostRequest::SetTheme).ok_or_else(|| crate::contract::page_key("theme").and_then(|k| k.check(&theme).err()).unwrap_or_default())
}

/// True if `origin` may talk to this embed: it is an origin, and normalised it is one of
/// the peers.
pub fn origin_allowed(config: &EmbedConfig, origin: &str) -> bool {
    crate::contract::normalize_origin(origin).is_some_and(|o| config.peers().contains(&o))
}

/// True if the message comes from the parent window, from an allowed origin.
pub fn accepts(config: &EmbedConfig, e: &web_sys::MessageEvent) -> bool {
    let Some(parent) = web_sys::window().and_then(|w| w.parent().ok().flatten()) else { return false };
    let from_parent = e.source().is_some_and(|s| Object::is(&s, &parent));
    from_parent && origin_allowed(config, &e.origin())
}

thread_local! {
    static CONFIG: std::cell::RefCell<Option<EmbedConfig>> = const { std::cell::RefCell::new(None) };
}

/// Remembers the embed's settings (set once at start in embed mode); the parent's origin is
/// looked up here if not given.
pub fn configure(mut config: EmbedConfig) {
    if config.parent_origin.is_none() {
        config.parent_origin = parent_origin();
    }
    CONFIG.with(|c| *c.borrow_mut() = Some(config));
}

/// The embed's settings, if the page is embedded.
pub fn config() -> Option<EmbedConfig> {
    CONFIG.with(|c| c.borrow().clone())
}

/// Posts `{source, version, id, type, …extra}` to the host page, if embedded.
pub fn post(kind: &str, extra: &[(&str, JsValue)]) {
    let Some(window) = web_sys::window() else { return };
    let Ok(Some(parent)) = window.parent() else { return };
    if parent == window {
        return;
    }
    let config = config().unwrap_or_default();
    let message = Object::new();
    let _ = Reflect::set(&message, &"source".into(), &"asyncio-playground".into());
    let _ = Reflect::set(&message, &"version".into(), &JsValue::from_f64(1.0));
    let _ = Reflect::set(&message, &"id".into(), &config.id.as_str().into());
    let _ = Reflect::set(&message, &"type".into(), &kind.into());
    for (k, v) in extra {
        let _ = Reflect::set(&message, &(*k).into(), v);
    }
    for origin in config.peers() {
        let _ = parent.post_message(&message, &origin);
    }
}

/// The height the content needs: the body's (the root element's is never less than the
/// iframe's own height, so an embed could grow but never shrink).
pub fn page_height() -> i32 {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()).map_or(0, |b| b.scroll_height())
}

/// Reports the page's height to the host whenever it changes, also when no render caused it
/// (the stylesheet or a font arriving, the iframe's width changing). Disconnect it to stop.
pub fn watch_height() -> Option<(web_sys::ResizeObserver, wasm_bindgen::closure::Closure<dyn Fn()>)> {
    let root = web_sys::window()?.document()?.document_element()?;
    let last = std::cell::Cell::new(0);
    let callback = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
        let height = page_height();
        if height != last.replace(height) {
            post("resize", &[("height", JsValue::from_f64(f64::from(height)))]);
        }
    });
    let observer = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
    observer.observe(&root);
    if let Some(body) = web_sys::window()?.document()?.body() {
        observer.observe(&body);
    }
    Some((observer, callback))
}

/// The current parameters with the host's values laid over them (linear: each name is
/// found through an index, not a search).
pub fn merged_params(pairs: Vec<(String, String)>, current: &[(&'static str, String)]) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = current.iter().map(|(n, v)| (n.to_string(), v.clone())).collect();
    let mut index: std::collections::HashMap<String, usize> = all.iter().enumerate().map(|(i, (n, _))| (n.clone(), i)).collect();
    for (name, value) in pairs {
        match index.get(&name) {
            Some(&i) => all[i].1 = value,
            None => {
                index.insert(name.clone(), all.len());
                all.push((name, value));
            }
        }
    }
    all
}
