//! The phone's stepper: below 600 px a bar fixed at the bottom of the screen with ⏮ ◀ ▶ ⏭
//! (44 px), where the playhead is, the step's whole sentence with what the run found there
//! (it scrolls within the bar when long, never cut) and the line of code it is on, so that stepping never needs scrolling
//! between the buttons, the program and the loop panel; the program follows the step above
//! it. Wider screens hide it (the full [`super::Stepper`] is there). Its moves are
//! [`Step`]'s, as the keys'.

use yew::prelude::*;

use crate::page::step::Step;
use crate::ui::stepping::use_stepping;

#[function_component(CompactStepper)]
pub fn compact_stepper() -> Html {
    let (ctx, stepping) = use_stepping();
    let n = stepping.len();
    if n == 0 {
        return html! {};
    }
    let at = stepping.index;
    let at_end = stepping.at_end;
    let go = |step: Step| stepping.go(&ctx, step);
    let (run, k) = stepping.steps[at];
    let found = ctx.runs().get(run).map(|r| r.study().findings.clone()).unwrap_or_default();
    let line = ctx.runs().get(run).and_then(|r| r.result().report.trace.events.get(k).map(|e| (e.line, r.source().clone())));
    let code = line.filter(|(l, _)| *l != 0).map(|(l, src)| (l, src.line_text(l).to_string()));
    let sentence = stepping.current.as_ref().map(|(_, m)| ctx.parts(m)).unwrap_or_default();
    html! {
        <nav class="compact-stepper" aria-label={ctx.t("stepper-title")}>
            <div class="compact-buttons">
                <button type="button" class="secondary" onclick={go(Step::First)} disabled={at == 0 && !at_end} aria-label={ctx.t("stepper-first")} title={ctx.t("stepper-first")}>{ "⏮" }</button>
                <button type="button" class="secondary" onclick={go(Step::Back)} disabled={at == 0} aria-label={ctx.t("stepper-prev")} title={ctx.t("stepper-prev")}>{ "◀" }</button>
                <span class="compact-where">{ if at_end { ctx.t("stepper-end-short") } else { format!("{} / {n}", at + 1) } }</span>
                <button type="button" class="secondary" onclick={go(Step::Forward)} disabled={at + 1 >= n && !at_end} aria-label={ctx.t("stepper-next")} title={ctx.t("stepper-next")}>{ "▶" }</button>
                <button type="button" class="secondary" onclick={go(Step::Last)} disabled={at + 1 >= n && !at_end} aria-label={ctx.t("stepper-last")} title={ctx.t("stepper-last")}>{ "⏭" }</button>
            </div>
            <div class="compact-step">
                <p class="compact-sentence">{ super::sentence(&sentence) }{ super::results::at_step(&ctx, &found, k) }</p>
                if let Some((l, text)) = code {
                    <p class="compact-code"><span class="line-no">{ l }</span><code>{ text }</code></p>
                }
            </div>
        </nav>
    }
}
