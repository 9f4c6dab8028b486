//! "Run my code" in the setup panel: the editor (drawn by the lazily loaded module, see
//! `ui::code_bridge`; its panel is the Run my code chunk's) with a note when the program is
//! too long for a link, and the way back to the scenario's form; and, next to the form, the
//! link that opens the current scenario's program in the editor (the teaching chunk's: it
//! renders the scenario's Python): the page again with `code=` in its URL.

use yew::prelude::*;

use super::Ctx;
use crate::contract::{encode_program, MAX_CODE_URL};
use crate::i18n::Msg;
use crate::ui::code_bridge;
use crate::ui::lazy::{Lazy, LazyView};
use crate::ui::state::Action;

/// The setup panel's body: the editor in code mode, else the form and the way into the
/// editor. In an embed (`embedded`) the way into the editor opens the full playground in a
/// new tab; its compact view (`compact`) shows the form's first fields only, and no link.
pub fn setup_body(ctx: &Ctx, embedded: bool, compact: bool) -> Html {
    if ctx.form.code.is_some() {
        return html! { <Lazy view={LazyView::OwnCode} /> };
    }
    let first = compact.then_some(super::form::COMPACT_FIELDS);
    html! { <><super::ParamForm {first} />if !compact { <Lazy view={LazyView::EditCode { embedded }} /> }</> }
}

#[function_component(OwnCode)]
pub fn own_code_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let host = use_node_ref();
    {
        // Mounted once when code mode begins, taken away (its worker ended) when it ends. It
        // runs on the `python` choice, which the program's first line names.
        let (host, dispatch, lang) = (host.clone(), ctx.dispatcher(), ctx.settings.lang);
        let python = ctx.form.values.as_ref().map_or(crate::runtime::PyVersion::DEFAULT, |v| v.python());
        let code = ctx.form.code.clone().unwrap_or_default();
        let program = crate::scenarios::code::first_line_for(&code, python).into_owned();
        use_effect_with((), move |_| {
            if program != code {
                dispatch.dispatch(Action::SetCode(program.clone()));
            }
            if let Some(el) = host.cast::<web_sys::Element>() {
                code_bridge::mount(el, program, python, lang, dispatch);
            }
            code_bridge::unmount
        });
    }
    use_effect_with(ctx.settings.lang, |lang| code_bridge::set_lang(*lang));
    let encoded = ctx.form.code.as_deref().map_or(0, |c| encode_program(c).len());
    // The playground's own example, as "Edit and run this program" opens it, needs no note.
    let example = ctx.form.values.as_ref().map(|v| ctx.form.scenario.python(v));
    let from = ctx.form.code_from.filter(|_| example.as_deref() != ctx.form.code.as_deref());
    let back = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::EditCode(None)))
    };
    html! {
        <div class="own-code">
            if let Some(note) = from.and_then(|from| from.note()) {
                <p class="code-from" role="note">{ ctx.tr(&note) }</p>
            }
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

#[derive(Properties, PartialEq)]
pub struct EditCodeProps {
    pub embedded: bool,
}

/// The way into the editor: a link to this page with the scenario's program in `code=`
/// (a new history entry, so Back returns to the scenario).
#[function_component(EditCodeLink)]
pub fn edit_code_link(props: &EditCodeProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let embedded = props.embedded;
    let Some(values) = &ctx.form.values else { return html! {} };
    let program = crate::contract::encode_program(&ctx.form.scenario.python(values));
    let href = format!("{}&code={program}", crate::ui::url::query(&ctx));
    // In an embed: the full playground (the same URL without the embed's keys) in a new tab,
    // never the whole app inside the docs page's frame.
    let (target, rel) = if embedded { (Some("_blank"), Some("noopener")) } else { (None, None) };
    html! {
        <p class="edit-code">
            <a class="edit-code-link" {href} {target} {rel}>{ ctx.t("code-edit") }</a>
            <small class="hint">{ ctx.t("code-edit-help") }</small>
        </p>
    }
}
