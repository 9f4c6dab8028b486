//! The browser side of the runtime's seams (wasm32 only).
//!
//! - [`clock`]: `performance.now()`, ONE armed `setTimeout` for the earliest deadline, and
//!   a `MessageChannel` hop for "run again soon" (no 4 ms clamp of nested timers).
//! - [`driver`]: runs a scenario on the real clock, handing control back to the browser at
//!   least every 8 ms of busy work, and stops it on request leaking no timer.
//! - [`workers`]: Web Workers running the jobs module ([`jobs_module`]), for `to_thread`.
//! - [`http`]: `fetch()` with an `AbortController` per request; the simulated API's
//!   service worker.

pub mod clock;
pub mod driver;
pub mod http;
pub mod jobs_module;
pub mod workers;

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    /// The global `performance.now()`: the page's and a worker's alike.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
    /// `import.meta.url` of the bundle's JS glue (the module a worker imports).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: String;
}

/// `import.meta.url` of the bundle's JS glue (`…/pkg/<build>/app.js`): where the bundle's own files are.
pub fn glue_url() -> String {
    GLUE_URL.with(|u| u.clone())
}

/// The address of one of the playground's own files (`static/i18n/hi.ftl`,
/// `static/code.js`): found from the bundle's JS glue (`…/pkg/<build>/app.js`, see
/// `scripts/build.sh`), two folders below the playground's root, so it holds whatever page
/// loaded the bundle.
pub fn asset_url(path: &str) -> String {
    web_sys::Url::new_with_base(&format!("../../{path}"), &glue_url()).map_or_else(|_| path.to_string(), |u| u.href())
}

/// Where Run my code fetches the Pyodide of `python` (`3.12`): this bundle's own
/// `pyodide/<python>/`, unless the page names another place in its
/// `<meta name="asyncio-playground-pyodide" content="…">` — a JSON object of a folder per Python
/// (`{"3.12": "https://cdn.jsdelivr.net/npm/pyodide@0.27.8/"}`: what the docs packages' bundle,
/// which carries no Pyodide, names) or one URL with `{python}` in it (`/pyodide/{python}/`), either
/// resolved against the page. The files are the same wherever they come from: each is checked
/// against the digest the build recorded before it runs.
pub fn pyodide_url(python: &str) -> String {
    let own = || asset_url(&format!("pyodide/{python}/"));
    let named = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=asyncio-playground-pyodide]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty());
    let Some(named) = named else { return own() };
    let folder = if named.starts_with('{') {
        serde_json::from_str::<std::collections::BTreeMap<String, String>>(&named).ok().and_then(|map| map.get(python).cloned())
    } else {
        Some(named.replace("{python}", python))
    };
    let page = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    folder.and_then(|f| web_sys::Url::new_with_base(&f, &page).ok()).map_or_else(own, |u| u.href())
}

/// `performance.now()` in milliseconds, on the page or in a worker.
pub fn perf_now() -> f64 {
    performance_now()
}
