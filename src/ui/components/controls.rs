//! The run bar, always in reach at the top of the page (it stays in view while the page
//! scrolls): Run / Stop / Run again, the clock and its time scale, Compare, why Run is
//! disabled, notices, and why a press of Run my code ran nothing (in a frame of another
//! origin's page that hid or covered the playground) with the way to the full playground. A `?` button opens the help: for touch on a touch screen, the
//! keyboard shortcuts where there is a keyboard.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::scenarios::ClockKind;
use crate::ui::lazy::runs;
use crate::ui::state::{Action, RunState, SCALE_RANGE};

#[derive(Properties, PartialEq)]
pub struct RunBarProps {
    /// Opens the keyboard shortcuts dialog.
    pub on_help: Callback<()>,
}

#[function_component(RunBar)]
pub fn run_bar(props: &RunBarProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let running = ctx.is_running();
    let on_run = {
        let ctx = ctx.clone();
        Callback::from(move |_| runs::start(&ctx, ctx.dispatcher()))
    };
    let on_stop = {
        let ctx = ctx.clone();
        Callback::from(move |_| runs::stop(&ctx))
    };
    let set_clock = |c: ClockKind| {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| {
            runs::clock_chosen(c);
            dispatch.dispatch(Action::SetClock(c))
        })
    };
    let on_scale = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| {
            let v = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_default();
            dispatch.dispatch(Action::SetScale(v))
        })
    };
    let on_compare = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: Event| {
            let on = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some_and(|i| i.checked());
            dispatch.dispatch(Action::SetCompare(on))
        })
    };
    let on_help = {
        let cb = props.on_help.clone();
        Callback::from(move |_| cb.emit(()))
    };
    // (`code-run` is the first chunk's message, not Run my code's chunk's: Run says it while
    // that chunk loads, and when it could not be had.)
    let run_label = ctx.t(match (&ctx.form.code, &ctx.slot.run) {
        (Some(_), _) => "code-run",
        (None, RunState::Done(_)) => "controls-run-again",
        (None, _) => "controls-run",
    });
    let own_code = ctx.form.code.is_some(); // always the virtual clock, no Compare
    let blocked_reason = if ctx.form.values.is_none() {
        Some(ctx.t("controls-fix-values"))
    } else if ctx.form.clock == ClockKind::Real && ctx.form.scale_error.is_some() {
        Some(ctx.t("controls-fix-scale"))
    } else if ctx.form.clock == ClockKind::Real && !ctx.form.real_errors.is_empty() {
        Some(ctx.t("controls-fix-real"))
    } else {
        None
    };
    let (lo, hi) = SCALE_RANGE;
    let scale_field = (ctx.form.clock == ClockKind::Real).then(|| {
        html! {
            <div class={classes!("field", "scale", ctx.form.scale_error.is_some().then_some("invalid"))}>
                <label for="scale">{ ctx.t("controls-scale") }{ " " }<small>{ ctx.t("controls-scale-unit") }</small></label>
                <input id="scale" type="text" inputmode="decimal" value={ctx.form.scale_raw.clone()} oninput={on_scale} disabled={running}
                    aria-invalid={ctx.form.scale_error.is_some().then_some("true")} aria-describedby="scale-help" />
                <small id="scale-help" class="help">{ ctx.tr(&Msg::new("controls-scale-help").arg("lo", lo).arg("hi", hi)) }</small>
                if let Some(e) = &ctx.form.scale_error { <p class="field-error" role="alert">{ ctx.tr(e) }</p> }
            </div>
        }
    });
    // The bar itself stays in view (opaque, and on a phone two rows: Run, the clock and ?;
    // then the switches and the time scale, which scroll sideways if they do not fit); what
    // it has to say (why Run is disabled, notices) follows it in the page.
    html! {
        <>
        <section id="run-bar" class="run-bar" aria-label={ctx.t("controls-title")}>
            <div class="run-main">
                if running {
                    <button type="button" class="stop" onclick={on_stop}>{ format!("■ {}", ctx.t("controls-stop")) }</button>
                } else {
                    <button type="button" class="run" onclick={on_run} disabled={!ctx.can_run()} aria-describedby="run-blocked"
                        aria-keyshortcuts="r">{ format!("▶ {run_label}") }</button>
                }
                <fieldset class="clock" disabled={running} hidden={own_code}>
                    <legend>{ ctx.t("controls-clock") }</legend>
                    <label><input type="radio" name="clock" checked={ctx.form.clock == ClockKind::Virtual} onchange={set_clock(ClockKind::Virtual)} />
                        { ctx.t("controls-virtual") }<small>{ ctx.t("controls-virtual-help") }</small></label>
                    <label><input type="radio" name="clock" checked={ctx.form.clock == ClockKind::Real} onchange={set_clock(ClockKind::Real)} />
                        { ctx.t("controls-real") }<small>{ ctx.t("controls-real-help") }</small></label>
                </fieldset>
                <button type="button" class="secondary help-button" onclick={on_help} aria-keyshortcuts="?" title={ctx.t("help-button")}
                    aria-label={ctx.t("help-button")}>{ "?" }</button>
                <div class="run-switches">
                    { super::predict_switch(&ctx) }
                    if let (Some(label), false) = (crate::teach::present::compare_label(ctx.form.scenario.id), own_code || ctx.predict.on) {
                        <label class="compare">
                            <input type="checkbox" checked={ctx.form.compare} onchange={on_compare} disabled={running} />
                            <span>{ ctx.tr(&label) }</span>
                        </label>
                    }
                    { for scale_field }
                </div>
            </div>
        </section>
        <div class="run-notes">
            if let Some(reason) = blocked_reason { <p id="run-blocked" class="hint">{ reason }</p> }
            if let Some(secs) = ctx.form.freeze_secs.filter(|_| ctx.form.clock == ClockKind::Real) {
                // What a permitted blocking run will do to the page, said before it starts.
                <p class="freeze-warning" role="status">{ ctx.tr(&Msg::new("controls-freeze-warning").arg("secs", (secs * 100.0).round() / 100.0)) }</p>
            }
            if let Some(why) = &ctx.form.code_refused {
                // Run my code in a frame of another origin's page that hid or covered it: why
                // nothing ran, and the full playground in a tab of its own.
                <p class="notice code-refused" role="alert">{ ctx.tr(why) }{ " " }
                    <a href={super::full_url(&ctx)} target="_blank" rel="noopener">{ ctx.t("embed-open-full") }</a></p>
            }
            if !ctx.notices.is_empty() { <p class="notice" role="status">{ ctx.notices.text(ctx.settings.lang) }</p> }
            if ctx.form.scenario.fetches && ctx.form.clock == ClockKind::Real {
                <p class="hint" role="status">{ ctx.t(match ctx.settings.service_worker {
                    Some(true) => "controls-api-sw",
                    Some(false) => "controls-api-inline",
                    None => "controls-api-starting",
                }) }</p>
            }
        </div>
        </>
    }
}
