//! The Yew app (wasm32 only): display and editing. The page's state and its reducer are
//! plain Rust ([`crate::page`], held here by `use_reducer`); runs are started and stopped by
//! `runs.rs` through the platform driver, which keeps their browser handles; the
//! components hold no scheduling logic. The app starts here ([`mount`], [`mount_into`]),
//! which first gives the page's chunks their loader (`split.rs`, the split points: the one
//! module that names the chunks' tables).

mod app;
mod chunk;
mod code_bridge;
pub mod components;
mod embed;
pub mod highlight;
mod hooks;
mod host;
mod keys;
pub mod lazy;
mod limits;
mod navigation;
pub mod predict;
mod publish;
mod real_runs;
mod runs;
mod split;
pub mod state;
pub mod stepping;
pub mod theme;
pub mod url;

pub use app::App;

/// Renders [`App`] into `root` (tests and embeds mount several apps on one page).
pub fn mount_into(root: web_sys::Element) -> yew::AppHandle<App> {
    split::install();
    yew::Renderer::<App>::with_root(root).render()
}

/// Renders [`App`] into the page's `#app` element (or `<body>` if there is none).
pub fn mount() {
    split::install();
    let document = web_sys::window().and_then(|w| w.document());
    match document.and_then(|d| d.get_element_by_id("app")) {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<App>::new().render();
        }
    }
}
