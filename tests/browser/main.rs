//! Browser tests: the app and its platform layer in headless Chromium, run by
//! `wasm-pack test --headless --chrome --features test-jobs --test browser`. One test program
//! of four modules, so the crate links, goes through wasm-bindgen and starts a browser once.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod app;
mod clock;
mod ui;
mod workers;
