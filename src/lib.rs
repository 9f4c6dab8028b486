//! asyncio-playground: teaches Python's asyncio by running it.
//!
//! - [`runtime`]: the cooperative executor and its primitives — asyncio's event loop in
//!   Rust, with no browser dependency (tested natively).
//! - [`scenarios`]: the guide's examples as parameterised programs, and the Python they simulate.
//! - [`teach`]: what a learner sees at each step of a run (lines, queues, narration).
//! - [`i18n`]: what the page says, in English, Hindi or Bengali (Project Fluent messages).
//! - [`contract`]: the page's URL schema (page-level keys, their types, since which version).
//! - [`docs`]: the drop-in element for documentation pages, from `key=value` lines.
//! - [`ledger`]: which run is open, and the end a host page is told of each run (embeds).
//! - [`page`]: the page's state (settings, form, run slot, notices) and its reducer, as
//!   plain Rust, tested natively.
//! - `platform` (wasm32 only): the browser side of the runtime's seams — clock, driver.
//! - `ui` (wasm32 only): the Yew app; it displays and edits, and holds no scheduling logic.
//!
//! The page calls [`mount`] (exported to JS as `mount`) once the bundle is loaded.

// No unsafe code: denied everywhere (Cargo.toml's lints too); the one allowance is for the
// expansion of the chunks' split points (`ui::split`), and `tests/no_unsafe.rs`
// checks that no source file has `unsafe` of its own.
#![deny(unsafe_code)]

pub mod choices;
pub mod contract;
pub mod decimal;
pub mod docs;
pub mod i18n;
pub mod ledger;
pub mod page;
pub mod runtime;
pub mod scenarios;
pub mod targets;
pub mod teach;

#[cfg(all(target_arch = "wasm32", feature = "bench"))]
pub mod bench;
#[cfg(target_arch = "wasm32")]
pub mod platform;
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// Hands over a language's message file before [`mount`] (`static/boot.js` fetches the
/// reader's `static/i18n/en.ftl`, `hi.ftl` or `bn.ftl` while the bundle loads); see
/// [`i18n::provide`]. An unknown language code is ignored.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = provideMessages)]
pub fn provide_messages(lang: &str, text: String) {
    if let Some(lang) = i18n::Lang::parse(lang) {
        i18n::provide(lang, text);
    }
}

/// Mounts the playground into `#app` (the page's entry point).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = mount)]
pub fn mount() {
    ui::mount();
}
