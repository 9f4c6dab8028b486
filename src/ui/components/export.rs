//! Export the finished run as run-result JSON or as a Chrome Trace (opens in Perfetto).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::ui::publish::published_json;

/// Offers `text` as a file download.
fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Ok(a) = document.create_element("a").map(|e| e.unchecked_into::<web_sys::HtmlAnchorElement>()) {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

#[function_component(ExportButtons)]
pub fn export_buttons() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let results: Vec<_> = ctx.studies().iter().map(|s| s.result.clone()).collect();
    if results.is_empty() {
        return html! {};
    }
    let id = results[0].scenario.id; // `code` for an own program
    let on_json = {
        let results = results.clone();
        Callback::from(move |_| download(&format!("asyncio-{id}.json"), &format!("{:#}", published_json(&results))))
    };
    let on_trace = Callback::from(move |_| {
        if let Some(first) = results.first() {
            download(&format!("asyncio-{id}.trace.json"), &first.chrome_trace().to_string());
        }
    });
    html! {
        <div class="export" role="group" aria-label={ctx.t("export-title")}>
            <button type="button" class="secondary" onclick={on_json}>{ ctx.t("export-json") }</button>
            <button type="button" class="secondary" onclick={on_trace} title={ctx.t("export-trace-help")}>{ ctx.t("export-trace") }</button>
        </div>
    }
}
