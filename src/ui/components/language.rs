//! The language switch in the header: English, हिन्दी, বাংলা. Switching keeps the
//! parameters and the finished run; the URL keeps `lang=`.

use yew::prelude::*;

use super::Ctx;
use crate::i18n::Lang;
use crate::ui::state::Action;

/// The switch (a plain function of the state, not a component: the first screen carries as
/// few components as it can).
pub fn language_switch(ctx: &Ctx) -> Html {
    html! {
        <nav class="languages" aria-label={ctx.t("lang-switch")}>
            { for Lang::ALL.iter().map(|lang| {
                let dispatch = ctx.dispatcher();
                let lang = *lang;
                let current = lang == ctx.settings.lang;
                html! {
                    <button type="button" class={classes!("lang", current.then_some("current"))} lang={lang.tag()}
                        aria-pressed={current.to_string()} onclick={Callback::from(move |_| dispatch.dispatch(Action::SetLang(lang)))}>
                        { lang.native_name() }
                    </button>
                }
            }) }
        </nav>
    }
}
