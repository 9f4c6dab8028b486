//! Predict first: the switch by Run, and the panel that asks the scenario's questions before
//! the run and shows the verdicts after it — right or wrong, what the run says, the
//! misconception a wrong answer suggests, and "Show me", which puts the playhead on the step
//! that decides it. Also the own program's expected output against the real one, and the
//! progress through the lessons. Display and editing only: the questions, the judging and
//! the catalogue are `crate::teach::predict`'s.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::teach::predict::{questions, shown, Kind, Question, Verdict};
use crate::ui::predict::PredictAction;
use crate::ui::runs;
use crate::ui::state::Action;

fn input_value(e: &Event) -> String {
    let target = e.target();
    if let Some(i) = target.as_ref().and_then(|t| t.dyn_ref::<web_sys::HtmlInputElement>()) {
        return i.value();
    }
    if let Some(s) = target.as_ref().and_then(|t| t.dyn_ref::<web_sys::HtmlSelectElement>()) {
        return s.value();
    }
    target.and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()).map(|t| t.value()).unwrap_or_default()
}

/// The "Predict first" switch, by Run (the first screen's: a plain function of the state).
pub fn predict_switch(ctx: &Ctx) -> Html {
    let onchange = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: Event| {
            let on = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).is_some_and(|i| i.checked());
            dispatch.dispatch(Action::Predict(PredictAction::SetOn(on)));
            if on {
                // The questions may sit far below the switch (on a phone): bring them into
                // view once they are drawn (their chunk may still be on its way).
                scroll_to_questions(40);
            }
        })
    };
    html! {
        <label class="predict-switch" title={ctx.t("predict-switch-help")}>
            <input id="predict-switch" type="checkbox" checked={ctx.predict.on} onchange={onchange} disabled={ctx.is_running()}
                aria-describedby="predict-switch-help" />
            { ctx.t("predict-switch") }
            <span id="predict-switch-help" class="visually-hidden">{ ctx.t("predict-switch-help") }</span>
        </label>
    }
}

/// Scrolls Predict first's panel into view as soon as it is on the page, looking again every
/// 50 ms, `tries` times at most (the teaching chunk may still be loading).
fn scroll_to_questions(tries: u32) {
    gloo_timers::callback::Timeout::new(50, move || {
        match web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("#predict form.questions").ok().flatten()) {
            Some(form) => {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Start);
                if let Some(panel) = form.closest("#predict").ok().flatten() {
                    panel.scroll_into_view_with_scroll_into_view_options(&options);
                }
            }
            None if tries > 1 => scroll_to_questions(tries - 1),
            None => {}
        }
    })
    .forget();
}

/// A value as the verdict says it: yes/no and options in the reader's words.
fn say(ctx: &Ctx, q: Option<&Question>, v: &serde_json::Value) -> String {
    match (v, q.map(|q| &q.kind)) {
        (serde_json::Value::Bool(b), _) => ctx.t(if *b { "yes" } else { "no" }),
        (serde_json::Value::String(s), Some(Kind::Choice(options))) => options.iter().find(|(o, _)| o == s).map_or(s.clone(), |(_, label)| ctx.tr(label)),
        (serde_json::Value::Number(_), Some(Kind::Number { secs: true })) => format!("{} s", shown(v)),
        _ => shown(v),
    }
}

/// Puts the playhead on event `k` of the run, and brings the stepper into view with the focus
/// (its sentence is announced).
fn show_step(ctx: &Ctx, k: usize) {
    let Some(index) = ctx.steps().iter().position(|&(run, e)| run == 0 && e == k) else { return };
    ctx.dispatch(Action::SetPlayhead(Some(index)));
    gloo_timers::callback::Timeout::new(0, || {
        let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("stepper")) else { return };
        if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Center);
        el.scroll_into_view_with_scroll_into_view_options(&options);
    })
    .forget();
}

fn question_field(ctx: &Ctx, q: &Question, disabled: bool) -> Html {
    let id = q.id;
    let field_id = format!("predict-{id}");
    let onchange = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: Event| dispatch.dispatch(Action::Predict(PredictAction::Answer(id, input_value(&e)))))
    };
    let oninput = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Action::Predict(PredictAction::Answer(id, input_value(&e)))))
    };
    let value = ctx.predict.answer(id).to_string();
    let control = match &q.kind {
        Kind::Number { secs } => html! {
            <span class="answer">
                <input id={field_id.clone()} name={id} type="text" inputmode="decimal" autocomplete="off" value={value} oninput={oninput} disabled={disabled} />
                <span class="unit">{ ctx.t(if *secs { "predict-unit-secs" } else { "predict-unit-count" }) }</span>
            </span>
        },
        kind => {
            let options: Vec<(String, String)> = match kind {
                Kind::Choice(options) => options.iter().map(|(o, label)| (o.to_string(), ctx.tr(label))).collect(),
                _ => vec![("yes".into(), ctx.t("yes")), ("no".into(), ctx.t("no"))],
            };
            html! {
                <select id={field_id.clone()} name={id} onchange={onchange} disabled={disabled}>
                    <option value="" selected={value.is_empty()}>{ ctx.t("predict-choose") }</option>
                    { for options.into_iter().map(|(o, label)| html! { <option value={o.clone()} selected={value == o}>{ label }</option> }) }
                </select>
            }
        }
    };
    html! {
        <div class="question">
            <label for={field_id}>{ ctx.tr(&q.prompt) }</label>
            { control }
        </div>
    }
}

fn verdict_item(ctx: &Ctx, qs: &[Question], v: &Verdict) -> Html {
    let q = qs.iter().find(|q| q.id == v.question);
    let (class, mark) = match (v.correct, v.given.is_null()) {
        (true, _) => ("right", format!("✓ {}", ctx.t("predict-right"))),
        (false, false) => ("wrong", format!("✗ {}", ctx.t("predict-wrong"))),
        (false, true) => ("unanswered", format!("– {}", ctx.t("predict-unanswered"))),
    };
    let truth = Msg::new("predict-truth").arg("given", say(ctx, q, &v.given)).arg("expected", say(ctx, q, &v.expected));
    let show = v.step.map(|k| {
        let ctx2 = ctx.clone();
        let onclick = Callback::from(move |_: MouseEvent| show_step(&ctx2, k));
        html! {
            <button type="button" class="secondary show-me" data-step={k.to_string()} onclick={onclick}
                aria-label={ctx.tr(&Msg::new("predict-show-me-label").arg("event", k + 1))}>{ format!("{} ▸", ctx.t("predict-show-me")) }</button>
        }
    });
    html! {
        <li class={classes!("verdict", class)} data-question={v.question}>
            <p class="verdict-head"><strong class="mark">{ mark }</strong>{ " " }{ q.map(|q| ctx.tr(&q.prompt)).unwrap_or_default() }</p>
            <p class="truth">{ ctx.tr(&truth) }</p>
            if let Some((id, why)) = &v.why { <p class="why" data-why={*id}>{ ctx.tr(why) }</p> }
            { show.unwrap_or_default() }
        </li>
    }
}

fn progress_path(ctx: &Ctx) -> Html {
    let clear = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Predict(PredictAction::ClearProgress)))
    };
    let path = ctx.predict.progress.path();
    html! {
        <div class="predict-progress">
            <h3 id="predict-progress-title">{ ctx.t("predict-progress-title") }</h3>
            <ol class="progress-path" aria-labelledby="predict-progress-title">
                { for path.iter().map(|(s, right)| html! {
                    <li class={classes!(right.then_some("right"), (s.id == ctx.form.scenario.id).then_some("current"))} data-scenario={s.id}>
                        <span aria-hidden="true" class="dot">{ if *right { "✓" } else { "○" } }</span>
                        { ctx.t(s.title) }
                        <span class="visually-hidden">{ format!(" — {}", ctx.t(if *right { "predict-progress-right" } else { "predict-progress-not-yet" })) }</span>
                    </li>
                }) }
            </ol>
            <p class="hint">{ ctx.t("predict-progress-note") }</p>
            <button type="button" class="secondary clear-progress" onclick={clear} disabled={ctx.predict.progress.right.is_empty()}>{ ctx.t("predict-progress-clear") }</button>
        </div>
    }
}

fn own_code(ctx: &Ctx, running: bool) -> Html {
    let oninput = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Action::Predict(PredictAction::ExpectOutput(input_value(&e)))))
    };
    let table = ctx.predict.lines.as_ref().map(|lines| {
        let same = lines.iter().filter(|l| l.same).count();
        html! {
            <div class="line-compare" role="status" aria-live="polite">
                <h3>{ ctx.t("predict-code-title") }</h3>
                <p class="score">{ ctx.tr(&Msg::new("predict-code-score").arg("same", same).arg("total", lines.len())) }</p>
                <table>
                    <thead><tr><th scope="col">{ ctx.t("predict-code-col-expected") }</th><th scope="col">{ ctx.t("predict-code-col-printed") }</th>
                        <th scope="col">{ ctx.t("predict-code-col-time") }</th><th scope="col"></th></tr></thead>
                    <tbody>
                        { for lines.iter().map(|l| html! {
                            <tr class={if l.same { "same" } else { "differs" }}>
                                <td><code>{ l.expected.clone().unwrap_or_default() }</code></td>
                                <td><code>{ l.actual.as_ref().map(|a| a.1.clone()).unwrap_or_default() }</code></td>
                                <td>{ l.actual.as_ref().map(|a| crate::i18n::fmt_num(a.0)).unwrap_or_default() }</td>
                                <td>{ if l.same { format!("✓ {}", ctx.t("predict-code-same")) } else { format!("✗ {}", ctx.t("predict-code-differs")) } }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        }
    });
    html! {
        <>
            <div class="question">
                <label for="predict-output">{ ctx.t("predict-code-expected") }</label>
                <textarea id="predict-output" name="output" rows="5" value={ctx.predict.expected_output.clone()} oninput={oninput} disabled={running} />
            </div>
            { table.unwrap_or_default() }
        </>
    }
}

/// The questions before the run, the verdicts after it.
#[function_component(PredictPanel)]
pub fn predict_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    // Its effects (the progress kept on the device, each judging published) live with it.
    crate::ui::predict::use_prediction(&ctx);
    if !ctx.predict.on {
        return html! {};
    }
    let running = ctx.is_running();
    let qs = ctx.form.values.as_ref().map(|v| questions(ctx.form.scenario, v)).unwrap_or_default();
    let on_check = {
        let ctx = ctx.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            runs::start(&ctx, ctx.dispatcher())
        })
    };
    let on_skip = {
        let ctx = ctx.clone();
        Callback::from(move |_: MouseEvent| {
            ctx.dispatch(Action::Predict(PredictAction::Skip));
            runs::start(&ctx, ctx.dispatcher())
        })
    };
    let on_again = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Predict(PredictAction::Again)))
    };
    let asking = ctx.predict.asking();
    let verdicts = ctx.predict.verdicts.clone().filter(|_| !asking);
    let answered = verdicts.is_some() || ctx.predict.lines.is_some();
    html! {
        <section id="predict" class="panel predict" aria-labelledby="predict-title">
            <h2 id="predict-title">{ ctx.t("predict-title") }</h2>
            if asking { <p class="hint">{ ctx.t("predict-intro") }</p> }
            <form class="questions" onsubmit={on_check} novalidate=true>
                if ctx.form.code.is_some() {
                    { own_code(&ctx, running || answered) }
                } else {
                    { for qs.iter().map(|q| question_field(&ctx, q, running || answered)) }
                }
                if asking {
                    <div class="predict-actions">
                        <button type="submit" class="primary check" disabled={!ctx.can_run()}>{ format!("▶ {}", ctx.t("predict-check")) }</button>
                        <button type="button" class="link skip-run" onclick={on_skip} disabled={!ctx.can_run()}>{ ctx.t("predict-skip") }</button>
                    </div>
                }
            </form>
            <div class="verdicts" role="status" aria-live="polite" aria-atomic="false">
                if asking && running { <p class="hint">{ ctx.t("predict-waiting") }</p> }
                if let Some(v) = &verdicts {
                    // Only answered questions count: a blank one is shown as not answered.
                    <p class="score">{ ctx.tr(&Msg::new("predict-score").arg("right", v.iter().filter(|v| v.correct).count()).arg("total", v.iter().filter(|v| !v.given.is_null()).count())) }</p>
                    <ol class="verdict-list">{ for v.iter().map(|v| verdict_item(&ctx, &qs, v)) }</ol>
                }
                if ctx.predict.skipped && !ctx.studies().is_empty() {
                    <p class={classes!("hint", ctx.predict.unanswered.then_some("unanswered-run"))}>
                        { ctx.t(if ctx.predict.unanswered { "predict-nothing-answered" } else { "predict-skipped" }) }
                    </p>
                }
            </div>
            if !asking && !running {
                <button type="button" class="secondary again" onclick={on_again}>{ ctx.t("predict-again") }</button>
            }
            if ctx.form.code.is_none() { { progress_path(&ctx) } }
        </section>
    }
}
