//! "Run my code" in the setup panel: the editor (drawn by the lazily loaded module, see
//! `ui::code_bridge`) with a note when the program is too long for a link, and the way back
//! to the scenario's form; and, next to the form, the button that opens the current
//! scenario's program in the editor. The first-load bundle is built without the
//! `own-code` feature: there the button loads the page again with `code=` in its URL, which
//! `index.html` serves from the bundle that has the editor.

use yew::prelude::*;

use super::Ctx;
#[cfg(feature = "own-code")]
use crate::contract::{encode_program, MAX_CODE_URL};
#[cfg(feature = "own-code")]
use crate::i18n::Msg;
#[cfg(feature = "own-code")]
use crate::ui::code_bridge;
use crate::ui::state::Action;

/// Without the editor (the first-load bundle) there is nothing to show: code mode is
/// always served by the other bundle.
#[cfg(not(feature = "own-code"))]
#[function_component(OwnCode)]
pub fn own_code_panel() -> Html {
    html! {}
}

#[cfg(feature = "own-code")]
#[function_component(OwnCode)]
pub fn own_code_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let host = use_node_ref();
    {
        // Mounted once when code mode begins, taken away (its worker ended) when it ends.
        let (host, dispatch, lang) = (host.clone(), ctx.dispatcher(), ctx.lang);
        let program = ctx.code.clone().unwrap_or_default();
        use_effect_with((), move |_| {
            if let Some(el) = host.cast::<web_sys::Element>() {
                code_bridge::mount(el, program, lang, dispatch);
            }
            code_bridge::unmount
        });
    }
    use_effect_with(ctx.lang, |lang| code_bridge::set_lang(*lang));
    let encoded = ctx.code.as_deref().map_or(0, |c| encode_program(c).len());
    let back = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::EditCode(None)))
    };
    html! {
        <div class="own-code">
            // The module fills this element; nothing else writes into it.
            <div ref={host} class="own-code-host"></div>
            <p class="hint editor-loading">{ ctx.t("code-editor-loading") }</p>
            if encoded > MAX_CODE_URL {
                <p class="notice" role="status">{ ctx.tr(&Msg::new("code-too-long").arg("size", encoded).arg("max", MAX_CODE_URL)) }</p>
            }
            <button type="button" class="secondary" onclick={back} disabled={ctx.is_running()}>{ ctx.t("code-back") }</button>
        </div>
    }
}

#[function_component(EditCodeButton)]
pub fn edit_code_button() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let Some(values) = ctx.values.clone() else { return html! {} };
    let onclick = {
        let (dispatch, scenario) = (ctx.dispatcher(), ctx.scenario);
        Callback::from(move |_| {
            let program = scenario.python(&values);
            if cfg!(feature = "own-code") {
                dispatch.dispatch(Action::EditCode(Some(program)));
            } else if let Some(location) = web_sys::window().map(|w| w.location()) {
                let search = location.search().unwrap_or_default();
                let sep = if search.is_empty() { "?" } else { "&" };
                let _ = location.set_search(&format!("{search}{sep}code={}", crate::contract::encode_program(&program)));
            }
        })
    };
    html! {
        <p class="edit-code">
            <button type="button" class="secondary" {onclick} disabled={ctx.is_running()}>{ ctx.t("code-edit") }</button>
            <small class="hint">{ ctx.t("code-edit-help") }</small>
        </p>
    }
}
