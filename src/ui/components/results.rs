//! The results panel: the sentence a learner should take away (the scenario's own
//! headline), the real clock's speed, then every outcome value under its label (rows worked
//! out by `teach::present`), then the real clock's measurements.

use yew::prelude::*;

use super::Ctx;
use crate::i18n::Msg;
use crate::runtime::{RunEnd, StopReason};
use crate::scenarios::diagnostics::{self, Diagnostic, Kind};
use crate::scenarios::{Clock, RunResult};
use crate::teach::present::{self, Shown};

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
/// the executor's reasons, and the limits an own program's run stops at.
fn stop_reason(reason: &StopReason) -> Msg {
    match *reason {
        StopReason::User => Msg::new("stop-reason-user"),
        StopReason::Horizon(_) => Msg::new("stop-reason-horizon"),
        StopReason::MaxIterations(_) => Msg::new("stop-reason-iterations"),
        StopReason::Tasks(n) => Msg::new("code-cut-tasks").arg("n", n as i64),
        StopReason::Events(n) => Msg::new("code-cut-events").arg("n", n as i64),
        StopReason::Output(bytes) => Msg::new("code-cut-output").arg("mb", bytes as f64 / 1e6),
        StopReason::LoopTime(secs) => Msg::new("code-cut-time").arg("secs", secs),
    }
}

/// A row's value as the page shows it (worked out by [`present::shown`]).
fn value(ctx: &Ctx, v: &Shown) -> Html {
    match v {
        Shown::YesNo(b) => html! { { ctx.t(if *b { "yes" } else { "no" }) } },
        Shown::Code(c) => html! { <code>{ c.clone() }</code> },
        Shown::Records(lines, more) => html! {
            <ul class="records">
                { for lines.iter().map(|line| html! { <li><code>{ line.clone() }</code></li> }) }
                if *more > 0 { <li>{ ctx.tr(&Msg::new("results-more").arg("n", *more)) }</li> }
            </ul>
        },
        other => html! { { other.text() } },
    }
}

/// The findings a run shows at most (a program that makes thousands — a loop of coroutines
/// never awaited — shows these and how many more; the run-result lists them all).
const SHOWN_FINDINGS: usize = 100;

/// What the run found in the program (`scenarios::diagnostics`): a coroutine never awaited,
/// an exception never retrieved, a dropped task, a blocking call, a slow step, and for a
/// deadlock every task nothing can wake, with its line and what it waits on. A mistake the
/// `mistakes` scenario shows links to it (in a new tab, so the run stays here).
fn findings(ctx: &Ctx, r: &RunResult, found: &[Diagnostic]) -> Html {
    if found.is_empty() {
        return html! {};
    }
    html! {
        <div class="diagnostics" data-kinds={found.iter().map(|d| d.kind.name()).collect::<Vec<_>>().join(" ")}>
            <h4>{ ctx.t("diag-title") }</h4>
            if found.iter().any(|d| d.kind == Kind::Deadlock) { <p>{ ctx.t("diag-deadlock-title") }</p> }
            <ul>
                { for found.iter().take(SHOWN_FINDINGS).map(|d| html! {
                    <li data-kind={d.kind.name()} data-line={d.line.to_string()}>
                        { super::sentence(&ctx.parts(&d.msg)) }
                        if let Some(variant) = d.kind.mistake().filter(|v| !(r.scenario.id == "mistakes" && r.params.text("variant").ok() == Some(*v))) {
                            { " " }<a class="see-mistake" href={format!("?scenario=mistakes&variant={variant}&lang={}", ctx.settings.lang.tag())} target="_blank" rel="noopener">{ ctx.t("diag-see-mistake") }</a>
                        }
                    </li>
                }) }
                if found.len() > SHOWN_FINDINGS { <li class="more">{ ctx.tr(&Msg::new("results-more").arg("n", found.len() - SHOWN_FINDINGS)) }</li> }
            </ul>
        </div>
    }
}

fn one(ctx: &Ctx, r: &RunResult, found: &[Diagnostic], label: &str) -> Html {
    let (rows, note) = match &r.report.result {
        Ok(o) => {
            let p = present::result_rows(o, r.report.elapsed);
            (p.rows, p.elapsed_note)
        }
        Err(e) => (
            vec![
                present::Row { label: Msg::new("result-raised"), key: "raised".into(), value: Shown::Code(e.describe()) },
                present::Row { label: Msg::new("results-elapsed"), key: "elapsed".into(), value: Shown::Secs(r.report.elapsed) },
            ],
            None,
        ),
    };
    html! {
        <div class="result">
            if !label.is_empty() { <h3>{ label }</h3> }
            <p class="headline">{ ctx.tr(&headline(r)) }</p>
            { findings(ctx, r, found) }
            if let (Clock::Real { scale }, Some(w)) = (r.clock, r.wall) {
                <p class="speed">{ ctx.tr(&present::speed_sentence(scale, w.wall, r.report.elapsed)) }</p>
            }
            <dl>
                { for rows.into_iter().map(|row| html! {
                    <>
                        <dt class={(row.key == "elapsed").then_some("elapsed")}>{ ctx.tr(&row.label) }{ " " }<code class="key">{ row.key }</code></dt>
                        <dd>{ value(ctx, &row.value) }</dd>
                    </>
                }) }
                if let (Clock::Real { scale }, Some(w)) = (r.clock, r.wall) {
                    <dt>{ ctx.t("results-wall") }</dt><dd>{ ctx.tr(&Msg::new("results-wall-value").arg("wall", present::round_wall(w.wall)).arg("scale", scale)) }</dd>
                    <dt>{ ctx.t("results-lateness") }</dt><dd>{ ctx.tr(&Msg::new("results-lateness-value").arg("ms", (w.max_lateness * 10000.0).round() / 10.0)) }</dd>
                }
            </dl>
            if let Some(note) = note { <p class="elapsed-note">{ ctx.tr(&note) }</p> }
        </div>
    }
}

/// What each run found in its program (`diagnostics::of`), worked out once per run, not at
/// every move of the playhead (which draws this panel again). (The teaching views read their
/// run's `Study::findings`, in their own chunk.)
#[hook]
fn use_findings(runs: &[crate::page::Run]) -> std::rc::Rc<Vec<Vec<Diagnostic>>> {
    let keys: Vec<usize> = runs.iter().map(|r| std::rc::Rc::as_ptr(r.result()) as usize).collect();
    let results: Vec<_> = runs.iter().map(|r| r.result().clone()).collect();
    use_memo(keys, move |_| results.iter().map(|r| diagnostics::of(r)).collect::<Vec<_>>())
}

/// What a run's findings say at its event `event` (where stepping tells them, after the
/// step's own sentence), each marked ⚠.
pub fn at_step(ctx: &Ctx, found: &[Diagnostic], event: usize) -> Html {
    let here = found.iter().filter(|d| d.event == event);
    html! {
        { for here.map(|d| html! {
            <span class="step-finding" data-kind={d.kind.name()}>{ " ⚠ " }{ super::sentence(&ctx.parts(&d.msg)) }</span>
        }) }
    }
}

#[function_component(ResultsPanel)]
pub fn results_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let runs = ctx.runs();
    let found = use_findings(runs);
    html! {
        <section id="results" class="panel results" aria-labelledby="results-title" aria-live="polite" tabindex="-1">
            <h2 id="results-title">{ ctx.t("results-title") }</h2>
            if runs.is_empty() {
                <p class="hint">{ if ctx.is_running() { ctx.t("results-running") } else { ctx.slot.code_end.map_or_else(|| ctx.t("results-idle"), |why| ctx.t(why)) } }</p>
            }
            { for runs.iter().zip(found.iter()).map(|(run, found)| one(&ctx, run.result(), found, &run.label(ctx.settings.lang))) }
        </section>
    }
}
