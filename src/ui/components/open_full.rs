//! The embed's "Open the full playground" link: the same scenario, parameters, clock and
//! Compare setting (and the theme in force) on the full page, in a new tab; after a run it
//! adds `autorun=1`, so the full page shows the same run.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::ui::{theme, url};

/// The full playground's URL for the current state of this page.
pub fn full_url(state: &crate::ui::state::State) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_default();
    let mut q = url::query(state);
    if state.form.compare {
        q.push_str("&compare=1");
    }
    if let Some(t) = theme::current() {
        q.push_str(&format!("&theme={t}"));
    }
    if !state.runs().is_empty() {
        q.push_str("&autorun=1");
    }
    format!("{origin}{path}{q}")
}

#[function_component(OpenFull)]
pub fn open_full() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    // The link carries the theme in force: render again when a set-theme message changes it.
    let rerender = use_force_update();
    use_effect_with((), move |_| {
        let callback = Closure::<dyn Fn()>::new(move || rerender.force_update());
        let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
        let observer = web_sys::MutationObserver::new(callback.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(root)) = (&observer, root) {
            let init = web_sys::MutationObserverInit::new();
            init.set_attribute_filter(&js_sys::Array::of1(&"data-theme".into()));
            let _ = o.observe_with_options(&root, &init);
        }
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop(callback);
        }
    });
    html! {
        <p class="open-full">
            <a href={full_url(&ctx)} target="_blank" rel="noopener">{ ctx.t("embed-open-full") }</a>
        </p>
    }
}
