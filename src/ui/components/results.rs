//! The results panel: the sentence a learner should take away (the scenario's own
//! headline), then every outcome value, then the real clock's measurements.

use serde_json::Value;
use yew::prelude::*;

use super::Ctx;
use crate::i18n::{fmt_num, Msg};
use crate::runtime::RunEnd;
use crate::scenarios::{Clock, RunResult};

/// The sentence that sums a run up.
pub fn headline(r: &RunResult) -> Msg {
    match (&r.report.result, &r.report.end) {
        (Ok(outcome), _) => r.scenario.headline(&r.params, outcome),
        (Err(_), RunEnd::Stopped { at, reason }) => Msg::new("results-stopped").arg("at", *at).arg("reason", stop_reason(reason)),
        (Err(_), RunEnd::Deadlock { at }) => Msg::new("results-deadlock").arg("at", *at),
        (Err(e), RunEnd::Completed) => Msg::new("results-raised").arg("error", e.describe()),
    }
}

/// Why a run stopped, in the reader's language (the run-result keeps the English words):
/// the executor's reasons, and the limits an own program's run stops at (what was cut,
/// from `static/py/virtual_asyncio`).
fn stop_reason(reason: &str) -> Msg {
    match reason {
        "stopped by the user" => Msg::new("stop-reason-user"),
        "the horizon was reached" => Msg::new("stop-reason-horizon"),
        "too many loop iterations" => Msg::new("stop-reason-iterations"),
        other => own_code_limit(other).unwrap_or_else(|| Msg::new("text").arg("text", other)),
    }
}

/// `more than 10000 tasks (…)`, `its output passed 1000000 bytes (…)`, `more than 200000
/// events …`, `its loop time reached the limit of 3600 s`: the limit an own program's run
/// passed, as a message.
fn own_code_limit(reason: &str) -> Option<Msg> {
    let number = |text: &str, prefix: &str, suffix: &str| text.strip_prefix(prefix)?.split_once(suffix)?.0.parse::<u64>().ok();
    if let Some(n) = number(reason, "more than ", " tasks") {
        Some(Msg::new("code-cut-tasks").arg("n", n as i64))
    } else if let Some(n) = number(reason, "more than ", " events") {
        Some(Msg::new("code-cut-events").arg("n", n as i64))
    } else if let Some(n) = number(reason, "its output passed ", " bytes") {
        Some(Msg::new("code-cut-output").arg("mb", n as f64 / 1e6))
    } else {
        number(reason, "its loop time reached the limit of ", " s").map(|n| Msg::new("code-cut-time").arg("secs", n as i64))
    }
}

fn show(v: &Value, lang: crate::i18n::Lang) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or(n.to_string(), fmt_num),
        Value::String(s) => s.clone(),
        Value::Bool(b) => Msg::new(if *b { "yes" } else { "no" }).text(lang),
        Value::Null => "—".into(),
        other => {
            let s = other.to_string();
            match s.char_indices().nth(300) {
                Some((i, _)) => format!("{}…", &s[..i]),
                None => s,
            }
        }
    }
}

/// A list of records (e.g. the fetch errors) as one line per record.
fn show_records(ctx: &Ctx, items: &[Value]) -> Html {
    const SHOWN: usize = 12;
    html! {
        <ul class="records">
            { for items.iter().take(SHOWN).map(|item| {
                let line = match item.as_object() {
                    Some(fields) => fields.values().map(|v| show(v, ctx.lang)).collect::<Vec<_>>().join(" — "),
                    None => show(item, ctx.lang),
                };
                html! { <li>{ line }</li> }
            }) }
            if items.len() > SHOWN { <li>{ ctx.tr(&Msg::new("results-more").arg("n", items.len() - SHOWN)) }</li> }
        </ul>
    }
}

fn one(ctx: &Ctx, r: &RunResult, label: &str) -> Html {
    let rows: Vec<(String, Html)> = match &r.report.result {
        Ok(o) => o
            .iter()
            .map(|(k, v)| {
                let timed = ["elapsed", "gap", "ideal", "_at", "waited"].iter().any(|w| k.contains(w));
                let value = match v {
                    Value::Array(items) if items.iter().any(Value::is_object) => show_records(ctx, items),
                    Value::Array(items) if items.is_empty() => html! { { "—" } },
                    v if timed && v.is_number() => html! { { format!("{} s", show(v, ctx.lang)) } },
                    v => html! { { show(v, ctx.lang) } },
                };
                (k.clone(), value)
            })
            .collect(),
        Err(e) => vec![("raised".into(), html! { { e.describe() } })],
    };
    html! {
        <div class="result">
            if !label.is_empty() { <h3>{ label }</h3> }
            <p class="headline">{ ctx.tr(&headline(r)) }</p>
            <dl>
                { for rows.into_iter().map(|(k, v)| html! { <><dt><code>{ k }</code></dt><dd>{ v }</dd></> }) }
                <dt>{ ctx.t("results-elapsed") }</dt><dd>{ format!("{} s", fmt_num(r.report.elapsed)) }</dd>
                if let (Clock::Real { scale }, Some(w)) = (r.clock, r.wall) {
                    <dt>{ ctx.t("results-wall") }</dt><dd>{ ctx.tr(&Msg::new("results-wall-value").arg("wall", (w.wall * 1000.0).round() / 1000.0).arg("scale", scale)) }</dd>
                    <dt>{ ctx.t("results-lateness") }</dt><dd>{ ctx.tr(&Msg::new("results-lateness-value").arg("ms", (w.max_lateness * 10000.0).round() / 10.0)) }</dd>
                }
            </dl>
        </div>
    }
}

#[function_component(ResultsPanel)]
pub fn results_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let studies = ctx.studies();
    let variants = ctx.variants();
    html! {
        <section id="results" class="panel results" aria-labelledby="results-title" aria-live="polite" tabindex="-1">
            <h2 id="results-title">{ ctx.t("results-title") }</h2>
            if studies.is_empty() {
                <p class="hint">{ if ctx.is_running() { ctx.t("results-running") } else { ctx.code_end.map_or_else(|| ctx.t("results-idle"), |why| ctx.t(why)) } }</p>
            }
            { for studies.iter().enumerate().map(|(i, s)| {
                let label = if studies.len() > 1 { format!("{}: {}", ["A", "B"][i.min(1)], variants.get(i).map_or("", |v| v.0.as_str())) } else { String::new() };
                one(&ctx, &s.result, &label)
            }) }
        </section>
    }
}
