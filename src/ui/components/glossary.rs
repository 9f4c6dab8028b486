//! The scenario's glossary, under its summary: each of the guide's terms the lesson uses,
//! in the reader's language with the English and Python names beside it, the sentence
//! saying which object on the page it is, and links that bring that object into view
//! (places that exist only after a run say so until then).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::Lang;
use crate::scenarios::Place;

/// Scrolls the element with `id` into view and gives it the focus.
fn show(id: &str) {
    let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) else { return };
    if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Start);
    el.scroll_into_view_with_scroll_into_view_options(&options);
}

#[function_component(Glossary)]
pub fn glossary() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    // On a phone the glossary starts folded, so that the form stays near the top. Decided
    // once, when it first shows: after that only the reader opens or folds it (a render at
    // another width — a run's first frame drawn wider, a turned phone — leaves it as it is).
    let open = *use_state(|| web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64()).is_none_or(|w| w >= 600.0));
    let Some(values) = ctx.form.values.as_ref() else { return html! {} };
    let entries = ctx.form.scenario.glossary(values);
    if entries.is_empty() {
        return html! {};
    }
    let finished = !ctx.studies().is_empty();
    let place = |p: Place| {
        if p.after_run() && !finished {
            return html! { <span class="place pending">{ ctx.tr(&p.name()) }{ " (" }{ ctx.t("glossary-after-run") }{ ")" }</span> };
        }
        let anchor = anchor(p);
        let onclick = {
            let anchor = anchor.clone();
            Callback::from(move |e: MouseEvent| {
                e.prevent_default();
                show(&anchor);
            })
        };
        html! { <a class="place" href={format!("#{anchor}")} {onclick}>{ ctx.tr(&p.name()) }</a> }
    };
    html! {
        <details class="glossary" {open}>
            <summary>{ ctx.t("glossary-title") }</summary>
            <p class="hint">{ ctx.t("glossary-hint") }</p>
            <dl>
                { for entries.iter().map(|e| html! {
                    <>
                        <dt>
                            <dfn>{ ctx.t(e.term.name_id()) }</dfn>
                            if ctx.settings.lang != Lang::En && e.term.python() != Some(e.term.english()) { <span class="term-en" lang="en">{ e.term.english() }</span> }
                            if let Some(py) = e.term.python() { <code class="term-py">{ py }</code> }
                        </dt>
                        <dd>
                            { ctx.t(e.term.where_id()) }
                            <span class="places">{ ctx.t("glossary-show") }{ " " }{ for e.places.iter().map(|p| place(*p)) }</span>
                        </dd>
                    </>
                }) }
            </dl>
        </details>
    }
}

/// The id of the element a glossary place is on this page.
fn anchor(place: Place) -> String {
    match place {
        Place::Program => "python".into(),
        Place::Timeline => "timeline".into(),
        Place::Loop => "inspector".into(),
        Place::Stepper => "stepper".into(),
        Place::Results => "results".into(),
        Place::Param(name) => format!("param-{name}"),
    }
}
