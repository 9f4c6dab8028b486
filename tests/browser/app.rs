//! Browser tests: the app mounted in headless Chromium.

use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn app_mounts_and_renders_its_title() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    root.set_id("app");
    document.body().unwrap().append_child(&root).unwrap();
    asyncio_playground::mount();
    // Yew renders on the next tick.
    gloo_timers::future::TimeoutFuture::new(0).await;
    let text = root.text_content().unwrap_or_default();
    assert!(text.contains("asyncio playground"), "rendered: {text:?}");
}
