//! The Yew app (wasm32 only).

mod app;

pub use app::App;

/// Renders [`App`] into the page's `#app` element (or `<body>` if there is none).
pub fn mount() {
    let document = web_sys::window().and_then(|w| w.document());
    match document.and_then(|d| d.get_element_by_id("app")) {
        Some(root) => {
            yew::Renderer::<App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<App>::new().render();
        }
    }
}
