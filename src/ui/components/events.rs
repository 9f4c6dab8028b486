//! The playhead (step through a finished run's events) and the table view of the same
//! events for screen readers and for reading.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::runtime::trace::fmt_secs;
use crate::ui::state::Action;

const TABLE_LIMIT: usize = 2000;

#[function_component(Playhead)]
pub fn playhead() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let Some(result) = ctx.results().first().cloned() else { return html! {} };
    let trace = &result.report.trace;
    let n = trace.events.len();
    if n == 0 {
        return html! {};
    }
    let at = ctx.playhead.unwrap_or(0).min(n - 1);
    let set = |i: Option<usize>| {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::SetPlayhead(i)))
    };
    let on_input = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| {
            let v = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).and_then(|i| i.value().parse().ok());
            dispatch.dispatch(Action::SetPlayhead(v))
        })
    };
    let e = &trace.events[at];
    let text = format!("Event {} of {n} at {}: {} {} — {}", at + 1, fmt_secs(e.t), trace.task_name(e.task), e.kind.name(), trace.detail(&e.kind));
    html! {
        <div class="playhead" role="group" aria-label="Step through the run">
            <button type="button" class="secondary" onclick={set(Some(at.saturating_sub(1)))} disabled={ctx.playhead.is_none() || at == 0} aria-label="Previous event">{ "◀" }</button>
            <input type="range" min="0" max={(n - 1).to_string()} value={at.to_string()} oninput={on_input} aria-label="Playhead: event number" aria-valuetext={text.clone()} />
            <button type="button" class="secondary" onclick={set(Some((at + 1).min(n - 1)))} disabled={at + 1 >= n} aria-label="Next event">{ "▶" }</button>
            <output aria-live="polite">{ if ctx.playhead.is_some() { text } else { format!("{n} events: drag or use ◀ ▶ to step through them") } }</output>
        </div>
    }
}

#[function_component(EventTable)]
pub fn event_table() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let Some(result) = ctx.results().first().cloned() else { return html! {} };
    let trace = &result.report.trace;
    let n = trace.events.len();
    html! {
        <details class="panel events">
            <summary>{ format!("Events as a table ({n})") }</summary>
            if n > TABLE_LIMIT { <p class="hint">{ format!("Showing the first {TABLE_LIMIT} of {n}; export the JSON for all.") }</p> }
            <table>
                <caption class="visually-hidden">{ "Every lifecycle event of the run, in order" }</caption>
                <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ "time" }</th><th scope="col">{ "task" }</th><th scope="col">{ "event" }</th><th scope="col">{ "detail" }</th></tr></thead>
                <tbody>
                    { for trace.events.iter().take(TABLE_LIMIT).enumerate().map(|(i, e)| html! {
                        <tr class={classes!((ctx.playhead == Some(i)).then_some("current"))}>
                            <td>{ i + 1 }</td><td>{ fmt_secs(e.t) }</td><td>{ trace.task_name(e.task) }</td><td>{ e.kind.name() }</td><td>{ trace.detail(&e.kind) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </details>
    }
}
