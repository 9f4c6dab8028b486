//! Talking to a host page when the playground runs inside an iframe.

use wasm_bindgen::JsValue;

/// Posts `{source: "asyncio-playground", type, result}` to the parent window, if the page
/// is embedded. `json` is the run-result JSON text.
pub fn notify_host(kind: &str, json: Option<&str>) {
    let Some(window) = web_sys::window() else { return };
    let Ok(Some(parent)) = window.parent() else { return };
    if parent == window {
        return;
    }
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"source".into(), &"asyncio-playground".into());
    let _ = js_sys::Reflect::set(&message, &"type".into(), &kind.into());
    if let Some(json) = json {
        let parsed = js_sys::JSON::parse(json).unwrap_or(JsValue::NULL);
        let _ = js_sys::Reflect::set(&message, &"result".into(), &parsed);
    }
    let _ = parent.post_message(&message, "*");
}
