//! Run / Stop / Run again, the clock, the time scale and Compare.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::ui::runs;
use crate::ui::state::{Action, ClockChoice, RunState, SCALE_RANGE};

#[function_component(RunControls)]
pub fn run_controls() -> Html {
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
    let set_clock = |c: ClockChoice| {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::SetClock(c)))
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
    let run_label = if matches!(ctx.run, RunState::Done(_)) { "Run again" } else { "Run" };
    let blocked_reason = if ctx.values.is_none() {
        Some("Fix the highlighted values to run.")
    } else if ctx.clock == ClockChoice::Real && ctx.scale_error.is_some() {
        Some("Fix the time scale to run.")
    } else {
        None
    };
    let (lo, hi) = SCALE_RANGE;
    html! {
        <div class="controls">
            <fieldset class="clock" disabled={running}>
                <legend>{ "Clock" }</legend>
                <label><input type="radio" name="clock" checked={ctx.clock == ClockChoice::Virtual} onchange={set_clock(ClockChoice::Virtual)} />
                    { " Virtual " }<small>{ "(instant, deterministic)" }</small></label>
                <label><input type="radio" name="clock" checked={ctx.clock == ClockChoice::Real} onchange={set_clock(ClockChoice::Real)} />
                    { " Real " }<small>{ "(browser timers)" }</small></label>
                if ctx.clock == ClockChoice::Real {
                    <div class={classes!("field", ctx.scale_error.is_some().then_some("invalid"))}>
                        <label for="scale">{ "Time scale " }<small>{ "(wall seconds per guide-second)" }</small></label>
                        <input id="scale" type="text" inputmode="decimal" value={ctx.scale_raw.clone()} oninput={on_scale}
                            aria-invalid={ctx.scale_error.is_some().then_some("true")} aria-describedby="scale-help" />
                        <small id="scale-help" class="help">{ format!("1 guide-second takes this long on the wall clock; {lo} to {hi}.") }</small>
                        if let Some(e) = &ctx.scale_error { <p class="field-error" role="alert">{ e }</p> }
                    </div>
                }
            </fieldset>
            if let Some(c) = &ctx.scenario.compare {
                <label class="compare">
                    <input type="checkbox" checked={ctx.compare} onchange={on_compare} disabled={running} />
                    { format!(" Compare {}={} with {}={}", c.param, c.a, c.param, c.b) }
                </label>
            }
            <div class="buttons">
                if running {
                    <button type="button" class="stop" onclick={on_stop}>{ "■ Stop" }</button>
                } else {
                    <button type="button" class="run" onclick={on_run} disabled={!ctx.can_run()} aria-describedby="run-blocked">{ format!("▶ {run_label}") }</button>
                }
            </div>
            if let Some(reason) = blocked_reason { <p id="run-blocked" class="hint">{ reason }</p> }
            if let Some(n) = &ctx.notice { <p class="notice" role="status">{ n }</p> }
            if ctx.scenario.id == "bounded-fetch" && ctx.clock == ClockChoice::Real {
                <p class="hint" role="status">{ match ctx.service_worker {
                    Some(true) => "Requests are real fetch() calls, answered by the page's simulated API (a service worker) after the requested latency.",
                    Some(false) => "No service worker here (file:// or an old browser): the simulated API's latency is simulated inside the page instead of over fetch().",
                    None => "Starting the simulated API…",
                } }</p>
            }
        </div>
    }
}
