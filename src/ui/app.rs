//! The top-level component: the state and its context, the app's effects (named hooks in
//! `hooks.rs`), and the page's layout. What the first screen shows is here; every other view
//! stands in its place as a [`Lazy`] one, drawn once its chunk is here (`ui::lazy`).

use yew::prelude::*;

use super::components::{course_switch, language_switch, setup_body, OpenFull, RunBar, ScenarioPicker};
use super::hooks::{
    use_autorun, use_embed_resize, use_host_messages, use_language, use_results_into_view, use_service_worker, use_shortcuts, use_url_restore, use_url_sync,
};
use super::lazy::{Lazy, LazyView};
use super::state::State;

#[function_component(App)]
pub fn app() -> Html {
    let (state, startup) = use_url_restore();
    let (embedded, controls) = (startup.embed, startup.controls);
    use_host_messages(&state, embedded);
    use_service_worker(&state);
    use_url_sync(&state);
    use_autorun(&state, &startup);
    use_embed_resize(embedded);
    use_language(&state);
    use_results_into_view(&state);
    // Run my code's title and summary are its chunk's messages: drawn again when it arrives
    // (the editor can open without a new page: the course's "Edit this lesson's program").
    let _ = super::lazy::use_chunk(super::lazy::Chunk::Code, false);
    let help = use_state(|| false);
    let (open_help, close_help) = {
        let (a, b) = (help.clone(), help.clone());
        (Callback::from(move |_| a.set(true)), Callback::from(move |_| b.set(false)))
    };
    use_shortcuts(&state, open_help.clone());
    // An embed's compact view: the long summary, the form beyond its first fields and the
    // program wait behind one "More" control.
    let more = use_state(|| false);
    let compact = embedded && !*more;
    let toggle_more = {
        let more = more.clone();
        Callback::from(move |_: MouseEvent| more.set(!*more))
    };

    let s = &*state;
    let asking = controls && s.predict.asking();
    let summary = s.form.values.as_ref().map(|v| s.tr(&s.form.scenario.summary(v)));
    let semantics =
        s.form.values.as_ref().filter(|_| s.form.code.is_none()).map(|v| s.tr(&crate::i18n::Msg::new("python-semantics").arg("version", v.python().as_str())));
    let (title, summary) = if s.form.code.is_some() { ("code-title", Some(s.t("code-summary"))) } else { (s.form.scenario.title, summary) };
    html! {
        <ContextProvider<UseReducerHandle<State>> context={state.clone()}>
            <div class={classes!("app", embedded.then_some("embed"), (!controls).then_some("output-only"))}>
                if controls {
                    <nav class="skip-links" aria-label={s.t("skip-to-run")}>
                        <a class="skip" href="#run-bar">{ s.t("skip-to-run") }</a>
                        <a class="skip" href="#results">{ s.t("skip-to-results") }</a>
                    </nav>
                }
                if !embedded {
                    <header class="top">
                        <div class="top-line">
                            <h1>{ s.t("app-title") }</h1>
                            if controls { { course_switch(&state) } }
                            { language_switch(&state) }
                        </div>
                        <p class="tagline">{ s.t("app-tagline") }</p>
                    </header>
                    <ScenarioPicker />
                }
                if embedded { <OpenFull /> }
                if controls { <RunBar on_help={open_help} /> }
                if controls { <Lazy view={LazyView::Help { open: *help, on_close: close_help }} /> }
                <main>
                    if controls && !embedded && s.course.open { <Lazy view={LazyView::Course} /> }
                    if controls {
                        <section class="panel setup" aria-labelledby="scenario-title">
                            <h2 id="scenario-title">{ s.t(title) }</h2>
                            // While Predict first asks, the summary (which says what happens) waits for the run.
                            if asking && s.form.code.is_none() {
                                <p class="summary summary-later">{ s.t("predict-summary-later") }</p>
                            } else if let Some(summary) = summary.filter(|_| !compact) {
                                <p class="summary">{ summary }</p>
                            }
                            if !embedded && s.form.code.is_none() { <Lazy view={LazyView::Glossary} /> }
                            { setup_body(&state, embedded, compact) }
                            if embedded {
                                <button type="button" class="secondary embed-more" aria-expanded={(!compact).to_string()} onclick={toggle_more}>
                                    { s.t(if compact { "embed-more" } else { "embed-less" }) }
                                </button>
                            }
                        </section>
                    }
                    <div class="output">
                        if !controls { <h2 class="output-title">{ s.t(s.form.scenario.title) }</h2> }
                        if let Some(semantics) = semantics { <p class="semantics">{ semantics }</p> }
                        if controls { <Lazy view={LazyView::Predict} /> }
                        // Predict first: nothing that would give the answer until Run judges it.
                        if !asking { <Lazy view={LazyView::Results} /> }
                        <Lazy view={LazyView::Lesson { asking, controls, embedded, compact }} />
                    </div>
                </main>
            </div>
        </ContextProvider<UseReducerHandle<State>>>
    }
}
