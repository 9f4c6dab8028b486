//! The results panel: the headline a learner should take away (expected vs measured), then
//! every outcome value, then the real clock's measurements.

use serde_json::Value;
use yew::prelude::*;

use super::Ctx;
use crate::runtime::RunEnd;
use crate::scenarios::{Clock, RunResult};

/// Seconds for the panel: `2.00 s`.
fn secs(v: Option<&Value>) -> String {
    v.and_then(Value::as_f64).map_or("—".into(), |s| format!("{s:.2} s"))
}

fn num(o: &serde_json::Map<String, Value>, k: &str) -> Option<f64> {
    o.get(k).and_then(Value::as_f64)
}

/// The sentence that sums a run up, per scenario.
pub fn headline(r: &RunResult) -> String {
    let Ok(o) = &r.report.result else {
        return match &r.report.end {
            RunEnd::Stopped { at, reason } => format!("Stopped at {at:.2} s ({reason})."),
            RunEnd::Deadlock { at } => format!("Deadlock at {at:.2} s: every task waits for something that will never happen."),
            RunEnd::Completed => "The program raised an exception.".into(),
        };
    };
    let p = &r.params;
    match r.scenario.id {
        "sleep" => format!("\"start\" at 0 s, \"end\" at {}: the loop slept on one timer in between.", secs(o.get("log").and_then(|l| l.get(1)).and_then(|e| e.get("t")))),
        "gather" => match (num(o, "sequential_elapsed"), num(o, "concurrent_elapsed")) {
            (Some(s), Some(c)) if c > 0.0 => format!("sequential {s:.2} s, concurrent {c:.2} s → {:.1}× faster", s / c),
            (Some(s), Some(c)) => format!("sequential {s:.2} s, concurrent {c:.2} s"),
            (Some(s), None) => format!("sequential: {s:.2} s for {} calls of {} s each", p.int("tasks"), p.float("delay")),
            (None, Some(c)) => format!("concurrent: {c:.2} s for {} calls of {} s each", p.int("tasks"), p.float("delay")),
            _ => String::new(),
        },
        "lock" => {
            let (c, e) = (num(o, "counter").unwrap_or(0.0), num(o, "expected").unwrap_or(0.0));
            if c == e {
                format!("counter {c} of {e}: no update lost")
            } else {
                format!("counter {c} of {e}: {} updates lost", e - c)
            }
        }
        "taskgroup" => {
            let raised = o.get("raised").and_then(Value::as_str).unwrap_or("nothing");
            let orphans = o.get("orphans").and_then(Value::as_array).map_or(0, Vec::len);
            format!("the caller saw {raised}; {orphans} orphan task(s) kept running after that")
        }
        "blocking" => format!(
            "longest gap between heartbeats: {} (they were meant to come every {} s)",
            secs(o.get("max_heartbeat_gap")),
            p.float("interval")
        ),
        "timeout" => {
            let timed_out = o.get("timed_out").and_then(Value::as_bool).unwrap_or(false);
            let cleanup = o.get("cleanup_ran").and_then(Value::as_bool).unwrap_or(false);
            if timed_out {
                format!("TimeoutError after {}; cleanup in finally ran: {}", secs(o.get("elapsed")), if cleanup { "yes" } else { "no" })
            } else {
                format!("finished in time, after {}", secs(o.get("elapsed")))
            }
        }
        "bounded-fetch" => format!(
            "{} ok, {} errors, at most {} in flight, {} (ideal {})",
            num(o, "ok").unwrap_or(0.0),
            o.get("errors").and_then(Value::as_array).map_or(0, Vec::len),
            num(o, "max_in_flight").unwrap_or(0.0),
            secs(o.get("elapsed")),
            secs(o.get("ideal"))
        ),
        "mistakes" => match p.text("variant") {
            "forgot_await" => format!(
                "BAD: fetch() without await ran nothing ({}); GOOD: awaited, it returned {}",
                o.get("warning").and_then(Value::as_str).unwrap_or("a warning"),
                show(o.get("result").unwrap_or(&Value::Null))
            ),
            "dangling_task" => format!(
                "kept and awaited: {} saved; left dangling: {} cancelled when main() returned",
                show(o.get("saved").unwrap_or(&Value::Null)),
                show(o.get("dangling").unwrap_or(&Value::Null))
            ),
            "blocking_driver" => format!(
                "{} requests: {} with a blocking driver, {} with an async one",
                show(o.get("requests").unwrap_or(&Value::Null)),
                secs(o.get("blocking_elapsed")),
                secs(o.get("async_elapsed"))
            ),
            "no_timeout" => format!(
                "without a timeout the handler was still waiting after {}; with one it got {} at {}",
                secs(o.get("waited")),
                o.get("good_raised").and_then(Value::as_str).unwrap_or("—"),
                secs(o.get("good_at"))
            ),
            "cpu_bound" => match (num(o, "on_loop_elapsed"), num(o, "parallel_elapsed"), num(o, "workers")) {
                (Some(a), Some(b), Some(w)) => format!(
                    "{} jobs: {a:.2} s on the loop, {b:.2} s on {w} worker{} → {:.1}× faster",
                    show(o.get("jobs").unwrap_or(&Value::Null)),
                    if w == 1.0 { "" } else { "s" },
                    if b > 0.0 { a / b } else { 0.0 }
                ),
                _ => String::new(),
            },
            _ => String::new(),
        },
        _ => String::new(),
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::Number(n) => n.as_f64().map_or(n.to_string(), |f| if f.fract() == 0.0 && f.abs() < 1e15 { format!("{f}") } else { format!("{f:.4}").trim_end_matches('0').to_string() }),
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "yes".into() } else { "no".into() },
        Value::Null => "—".into(),
        other => {
            let s = other.to_string();
            if s.len() > 300 { format!("{}…", &s[..s.char_indices().nth(300).map_or(s.len(), |(i, _)| i)]) } else { s }
        }
    }
}

/// A list of records (e.g. the fetch errors) as one line per record.
fn show_records(items: &[Value]) -> Html {
    const SHOWN: usize = 12;
    html! {
        <ul class="records">
            { for items.iter().take(SHOWN).map(|item| {
                let line = match item.as_object() {
                    Some(fields) => fields.values().map(show).collect::<Vec<_>>().join(" — "),
                    None => show(item),
                };
                html! { <li>{ line }</li> }
            }) }
            if items.len() > SHOWN { <li>{ format!("… and {} more (see the JSON export)", items.len() - SHOWN) }</li> }
        </ul>
    }
}

fn one(r: &RunResult, label: &str) -> Html {
    let rows: Vec<(String, Html)> = match &r.report.result {
        Ok(o) => o
            .iter()
            .map(|(k, v)| {
                let timed = ["elapsed", "gap", "ideal", "_at", "waited"].iter().any(|w| k.contains(w));
                let value = match v {
                    Value::Array(items) if items.iter().any(Value::is_object) => show_records(items),
                    Value::Array(items) if items.is_empty() => html! { { "none" } },
                    v if timed && v.is_number() => html! { { secs(Some(v)) } },
                    v => html! { { show(v) } },
                };
                (k.replace('_', " "), value)
            })
            .collect(),
        Err(e) => vec![("raised".into(), html! { { e.describe() } })],
    };
    html! {
        <div class="result">
            if !label.is_empty() { <h3>{ label }</h3> }
            <p class="headline">{ headline(r) }</p>
            <dl>
                { for rows.into_iter().map(|(k, v)| html! { <><dt>{ k }</dt><dd>{ v }</dd></> }) }
                <dt>{ "elapsed (loop time)" }</dt><dd>{ format!("{:.3} s", r.report.elapsed) }</dd>
                if let (Clock::Real { scale }, Some(w)) = (r.clock, r.wall) {
                    <dt>{ "wall time (measured)" }</dt><dd>{ format!("{:.3} s at {scale} s per guide-second", w.wall) }</dd>
                    <dt>{ "largest timer lateness" }</dt><dd>{ format!("{:.1} ms of guide time", w.max_lateness * 1000.0) }</dd>
                }
            </dl>
        </div>
    }
}

#[function_component(ResultsPanel)]
pub fn results_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let results = ctx.results();
    let variants = ctx.variants();
    html! {
        <section class="panel results" aria-labelledby="results-title" aria-live="polite">
            <h2 id="results-title">{ "Results" }</h2>
            if results.is_empty() {
                <p class="hint">{ if ctx.is_running() { "Running…" } else { "Press Run to see what the event loop does." } }</p>
            }
            { for results.iter().enumerate().map(|(i, r)| {
                let label = if results.len() > 1 { format!("{}: {}", ["A", "B"][i.min(1)], variants.get(i).map_or("", |v| v.0.as_str())) } else { String::new() };
                one(r, &label)
            }) }
        </section>
    }
}
