//! The parameter form, generated from the scenario's parameter list: number fields with a
//! slider, toggles, selects and list fields. A bad value shows its message next to the
//! field (and disables Run); nothing is clamped.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::scenarios::{ParamKind, ParamSpec};
use crate::ui::state::Action;

fn input_value(e: &Event) -> String {
    let target = e.target();
    if let Some(input) = target.as_ref().and_then(|t| t.dyn_ref::<web_sys::HtmlInputElement>()) {
        if input.type_() == "checkbox" {
            return input.checked().to_string();
        }
        return input.value();
    }
    target.and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()).map(|s| s.value()).unwrap_or_default()
}

/// How many fields an embed's compact view shows (the rest wait behind its "More").
pub const COMPACT_FIELDS: usize = 2;

#[derive(Properties, PartialEq)]
pub struct ParamFormProps {
    /// Show only the first this many fields (and no reset button); a bad value's field is
    /// always shown.
    #[prop_or_default]
    pub first: Option<usize>,
}

#[function_component(ParamForm)]
pub fn param_form(props: &ParamFormProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let disabled = ctx.is_running();
    let first = props.first;
    let reset = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::ResetParams))
    };
    html! {
        <form class="params" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())} aria-label={ctx.t("form-title")}>
            { for ctx.form.scenario.params.iter().filter(|p| shown(&ctx, p)).enumerate()
                .filter(|(i, p)| first.is_none_or(|n| *i < n) || ctx.form.error_for(p.name).is_some())
                .map(|(_, p)| field(&ctx, p, disabled)) }
            { for ctx.form.general_errors().into_iter().map(|e| html! { <p class="field-error" role="alert">{ ctx.tr(&e.msg) }</p> }) }
            if first.is_none() { <button type="button" class="secondary" onclick={reset} disabled={disabled}>{ ctx.t("form-reset") }</button> }
        </form>
    }
}

/// A parameter is shown if it matters for the current values, or if its value is bad.
fn shown(ctx: &Ctx, p: &ParamSpec) -> bool {
    ctx.form.error_for(p.name).is_some() || ctx.form.values.as_ref().is_none_or(|v| ctx.form.scenario.shown(v, p.name))
}

fn field(ctx: &Ctx, p: &ParamSpec, disabled: bool) -> Html {
    let raw = ctx.form.raw.iter().find(|(n, _)| *n == p.name).map(|(_, v)| v.clone()).unwrap_or_default();
    let error = ctx.form.error_for(p.name).map(|e| ctx.tr(&e.msg));
    let id = format!("param-{}", p.name);
    let help_id = format!("{id}-help");
    let err_id = format!("{id}-error");
    let described = if error.is_some() { format!("{help_id} {err_id}") } else { help_id.clone() };
    let name = p.name;
    let on_change = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: Event| dispatch.dispatch(Action::SetParam(name, input_value(&e))))
    };
    let on_input = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |e: InputEvent| dispatch.dispatch(Action::SetParam(name, input_value(&e))))
    };
    let invalid = error.is_some().then_some("true");
    let control = match &p.kind {
        ParamKind::Bool { .. } => html! {
            <input id={id.clone()} type="checkbox" role="switch" checked={raw == "true"} onchange={on_change}
                aria-describedby={described.clone()} aria-invalid={invalid} {disabled} />
        },
        ParamKind::Choice { options, .. } => html! {
            <select id={id.clone()} onchange={on_change} aria-describedby={described.clone()} aria-invalid={invalid} {disabled}>
                { for options.iter().map(|(v, label)| html! { <option value={*v} selected={raw == *v}>{ ctx.t(label) }</option> }) }
            </select>
        },
        ParamKind::Int { .. } | ParamKind::Float { .. } => {
            let (lo, hi, step) = numeric_range(&p.kind).unwrap_or((0.0, 1.0, 1.0));
            let slider_value = crate::decimal::parse_f64(raw.trim()).ok().filter(|v| (lo..=hi).contains(v)).map(|v| v.to_string());
            html! {
                <span class="num">
                    <input id={id.clone()} type="text" inputmode="decimal" value={raw.clone()} oninput={on_input.clone()}
                        aria-describedby={described.clone()} aria-invalid={invalid} {disabled} autocomplete="off" spellcheck="false" />
                    <input type="range" class="slider" min={lo.to_string()} max={hi.to_string()} step={step.to_string()}
                        value={slider_value.unwrap_or_else(|| p.default_value().to_string())} oninput={on_input}
                        aria-label={ctx.tr(&Msg::new("form-slider").arg("label", ctx.t(p.label)))} tabindex="-1" {disabled} />
                </span>
            }
        }
        _ => html! {
            <input id={id.clone()} type="text" value={raw.clone()} oninput={on_input}
                aria-describedby={described.clone()} aria-invalid={invalid} {disabled} autocomplete="off" spellcheck="false" />
        },
    };
    html! {
        <div class={classes!("field", error.is_some().then_some("invalid"))}>
            <label for={id.clone()}>
                { ctx.t(p.label) }
                if p.unit == "s" { <span class="unit">{ " " }{ ctx.t("form-unit-seconds") }</span> }
                <code class="param-name">{ p.name }</code>
            </label>
            { control }
            <small id={help_id} class="help">{ ctx.tr(&Msg::new("form-help").arg("help", Msg::new(p.help)).arg("allowed", p.allowed_msg())) }</small>
            if let Some(message) = error {
                <p id={err_id} class="field-error" role="alert">{ message }</p>
            }
        </div>
    }
}

/// (min, max, step) of a numeric parameter whose range suits a slider.
fn numeric_range(kind: &ParamKind) -> Option<(f64, f64, f64)> {
    match kind {
        ParamKind::Int { min, max, .. } => Some((*min as f64, (*max).min(*min + 10_000) as f64, 1.0)),
        ParamKind::Float { min, max, step, .. } => Some((*min, *max, *step)),
        _ => None,
    }
}
