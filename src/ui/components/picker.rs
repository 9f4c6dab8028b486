//! The scenario picker: one button per scenario, named in the reader's language. On a phone
//! the buttons are one row that scrolls sideways; the current one is brought into that row's
//! view (the page itself does not scroll).

use yew::prelude::*;

use super::Ctx;
use crate::scenarios::all;
use crate::teach::present;
use crate::ui::state::Action;

#[function_component(ScenarioPicker)]
pub fn scenario_picker() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    // In Run my code no lesson is the current one: the program is the learner's.
    let current = if ctx.form.code.is_some() { "" } else { ctx.form.scenario.id };
    let running = ctx.is_running();
    let row = use_node_ref();
    {
        let row = row.clone();
        use_effect_with((current, ctx.settings.lang), move |_| centre_current(&row));
    }
    html! {
        <nav class="picker" aria-label={ctx.t("picker-title")}>
            <ul ref={row}>
            { for all().iter().enumerate().map(|(i, s)| {
                let dispatch = ctx.dispatcher();
                let id = s.id;
                let onclick = Callback::from(move |_| dispatch.dispatch(Action::SelectScenario(id)));
                html! {
                    <li>
                        <button type="button" class={classes!("pick", (s.id == current).then_some("current"))}
                            aria-current={(s.id == current).then_some("page")} disabled={running && s.id != current}
                            {onclick} title={ctx.t(s.title)} data-scenario={s.id}>
                            <span class="pick-n" aria-hidden="true">{ i + 1 }</span>
                            // Named in the reader's language; the id stays in the URL.
                            <span class="pick-name">{ ctx.t(present::scenario_name(s.id)) }</span>
                        </button>
                    </li>
                }
            }) }
            </ul>
        </nav>
    }
}

/// Scrolls the row (only the row, when it overflows) so that the current button is in the
/// middle of it.
fn centre_current(row: &NodeRef) {
    use wasm_bindgen::JsCast;
    let Some(ul) = row.cast::<web_sys::HtmlElement>() else { return };
    if ul.scroll_width() <= ul.client_width() {
        return;
    }
    let Some(button) = ul.query_selector(".pick.current").ok().flatten().and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) else { return };
    let left = button.offset_left() - ul.offset_left() - (ul.client_width() - button.offset_width()) / 2;
    ul.set_scroll_left(left.max(0));
}
