//! Stepping through a finished run like a debugger: first / previous / next / last — a
//! step is one event, with the line tracing every line a task runs — a slider, jumps over
//! the lines to the previous or next other event and by loop iteration, where the playhead
//! is (event, time, loop iteration), and the one sentence that explains the step — with
//! what the run found in the program there (a blocking call, a slow step…) — announced to
//! screen readers as the playhead moves. ← and → step while the stepper has
//! focus (Home and End go to the ends; Shift and Alt with ← → jump, page-wide). The moves are
//! [`crate::page::step::Step`]'s, the same the page's keys make.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{joined, Msg};
use crate::page::step::{Jump, Step};
use crate::ui::state::Action;
use crate::ui::stepping::use_stepping;

#[function_component(Stepper)]
pub fn stepper() -> Html {
    let (ctx, stepping) = use_stepping();
    let copied = use_state(|| None::<usize>);
    // On a wide screen the stepper sticks just below the sticky run bar (static/style.css),
    // whose height the page's width and language decide: measured after every render.
    let section = use_node_ref();
    {
        let section = section.clone();
        use_effect(move || {
            if let Some(el) = section.cast::<web_sys::Element>() {
                let bar = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(".run-bar").ok().flatten());
                let height = bar.map_or(0.0, |b| b.get_bounding_client_rect().height());
                let _ = el.set_attribute("style", &format!("--run-bar-height: {}px", height.round()));
            }
        });
    }
    let n = stepping.len();
    if n == 0 {
        return html! {};
    }
    let at = stepping.index;
    let playhead = stepping.playhead();
    let go = |step: Step| stepping.go(&ctx, step);
    let jump = |j: Jump| {
        let (dispatch, state, steps) = (ctx.dispatcher(), ctx.clone(), stepping.steps.clone());
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetPlayhead(j.from(playhead, n, |i| state.step_info(&steps, i)))))
    };
    let on_input = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| {
            let v = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).and_then(|i| i.value().parse().ok());
            dispatch.dispatch(Action::SetPlayhead(v))
        })
    };
    let on_key = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            let in_slider = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some();
            let to = Step::of_key(&e.key()).filter(|_| !in_slider).and_then(|step| step.from(playhead, n));
            if let Some(i) = to {
                e.prevent_default();
                dispatch.dispatch(Action::SetPlayhead(Some(i)));
            }
        })
    };
    let (run, k) = stepping.steps[at];
    let found = ctx.runs().get(run).map(|r| r.study().findings.clone()).unwrap_or_default();
    let view = stepping.views.get(run).and_then(Option::as_ref);
    let prefix = ctx.runs().get(run).and_then(|r| r.variant.as_ref()).map(|v| format!("{}: ", v.letter)).unwrap_or_default();
    let position = Msg::new("stepper-position")
        .arg("step", at + 1)
        .arg("steps", n)
        .arg("t", view.map_or(0.0, |v| v.t))
        .arg("iter", view.map_or(0, |v| v.iter))
        .arg("event", k + 1);
    // The sentence once, in parts (its quoted lines as code); the slider says it as text.
    let parts = stepping.current.as_ref().map(|(_, m)| ctx.parts(m)).unwrap_or_default();
    let sentence = format!("{prefix}{}", joined(&parts));
    let at_end = stepping.at_end;
    // A link to this moment: the full playground's URL for this state (it carries `step=N`,
    // and `compare=1` when the steps are Compare's), which runs the scenario on load and opens
    // at this step.
    let copy_link = {
        let (state, copied) = (ctx.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(window) = web_sys::window() else { return };
            let _ = window.navigator().clipboard().write_text(&super::open_full::full_url(&state));
            copied.set(Some(at));
        })
    };
    let link_copied = *copied == Some(at);
    html! {
        <section id="stepper" class="panel stepper" aria-labelledby="stepper-title" onkeydown={on_key} tabindex="-1" ref={section}>
            <h2 id="stepper-title" class="visually-hidden">{ ctx.t("stepper-title") }</h2>
            <div class="step-buttons" role="group" aria-label={ctx.t("stepper-title")}>
                <button type="button" class="secondary" onclick={go(Step::First)} disabled={at == 0 && !at_end} aria-label={ctx.t("stepper-first")} title={ctx.t("stepper-first")}>{ "⏮" }</button>
                <button type="button" class="secondary" onclick={go(Step::Back)} disabled={at == 0} aria-label={ctx.t("stepper-prev")} title={ctx.t("stepper-prev")}>{ "◀" }</button>
                <input type="range" min="0" max={(n - 1).to_string()} value={at.to_string()} oninput={on_input}
                    aria-label={ctx.t("stepper-slider")} aria-valuetext={format!("{} — {sentence}", ctx.tr(&position))} />
                <button type="button" class="secondary" onclick={go(Step::Forward)} disabled={at + 1 >= n && !at_end} aria-label={ctx.t("stepper-next")} title={ctx.t("stepper-next")}>{ "▶" }</button>
                <button type="button" class="secondary" onclick={go(Step::Last)} disabled={at + 1 >= n && !at_end} aria-label={ctx.t("stepper-last")} title={ctx.t("stepper-last")}>{ "⏭" }</button>
            </div>
            <div class="step-jumps" role="group" aria-label={ctx.t("stepper-jumps")}>
                <button type="button" class="secondary" onclick={jump(Jump::BackEvent)} disabled={at == 0} title={ctx.t("stepper-prev-event-key")}>{ ctx.t("stepper-prev-event") }</button>
                <button type="button" class="secondary" onclick={jump(Jump::ForwardEvent)} disabled={at + 1 >= n} title={ctx.t("stepper-next-event-key")}>{ ctx.t("stepper-next-event") }</button>
                <button type="button" class="secondary" onclick={jump(Jump::BackIteration)} disabled={at == 0} title={ctx.t("stepper-prev-iter-key")}>{ ctx.t("stepper-prev-iter") }</button>
                <button type="button" class="secondary" onclick={jump(Jump::ForwardIteration)} disabled={at + 1 >= n} title={ctx.t("stepper-next-iter-key")}>{ ctx.t("stepper-next-iter") }</button>
            </div>
            <p class="step-where">
                { ctx.tr(&position) }
                if at_end { { " · " }{ ctx.t("stepper-at-end") } }
                if !at_end {
                    { " " }
                    <button type="button" class="link copy-step-link" onclick={copy_link} aria-live="polite">
                        { ctx.t(if link_copied { "stepper-link-copied" } else { "stepper-copy-link" }) }
                    </button>
                }
            </p>
            <p class="narration" aria-live="polite" aria-atomic="true">{ prefix }{ super::sentence(&parts) }{ super::results::at_step(&ctx, &found, k) }</p>
        </section>
    }
}
