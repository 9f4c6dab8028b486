//! The scenario picker: one button per scenario, named in the reader's language.

use yew::prelude::*;

use super::Ctx;
use crate::scenarios::all;
use crate::teach::present;
use crate::ui::state::Action;

#[function_component(ScenarioPicker)]
pub fn scenario_picker() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let current = ctx.scenario.id;
    let running = ctx.is_running();
    html! {
        <nav class="picker" aria-label={ctx.t("picker-title")}>
            <ul>
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
