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

/// `performance.now()` in milliseconds, on the page or in a worker.
pub fn perf_now() -> f64 {
    performance_now()
}
