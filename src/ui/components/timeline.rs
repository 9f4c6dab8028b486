//! The timeline: one lane per task (and per worker), segments coloured, patterned and
//! labelled by state, a time axis in guide-seconds, a "now" cursor while running and the
//! playhead after a run. Only the lanes in view are drawn, so 1 000 lanes stay smooth.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::Ctx;
use crate::runtime::lanes::{lanes, Lane, LaneKind, Segment};
use crate::runtime::trace::fmt_secs;
use crate::ui::state::RunState;

const LANE_H: f64 = 22.0;
const LABEL_W: f64 = 168.0;
const AXIS_H: f64 = 26.0;
const MAX_VIEW_H: f64 = 440.0;

/// States, with the words the legend uses.
pub const STATES: &[(&str, &str)] = &[
    ("running", "running"),
    ("ready", "ready (queued)"),
    ("sleeping", "sleeping"),
    ("waiting-lock", "waiting: lock"),
    ("waiting-semaphore", "waiting: semaphore"),
    ("waiting-event", "waiting: event"),
    ("waiting-join", "waiting: task / gather"),
    ("in-worker", "in a worker"),
    ("busy", "worker busy"),
    ("fetching", "fetching"),
    ("blocked", "blocking the loop"),
    ("waiting", "waiting: future"),
];

fn short(state: &str) -> &'static str {
    match state {
        "sleeping" => "sleep",
        "waiting-lock" => "lock",
        "waiting-semaphore" => "semaphore",
        "waiting-event" => "event",
        "waiting-join" => "join",
        "in-worker" => "worker",
        "busy" => "job",
        "fetching" => "fetch",
        "blocked" => "BLOCKED",
        "ready" => "ready",
        _ => "",
    }
}

fn mark(end: &str) -> &'static str {
    match end {
        "done" => "✓",
        "failed" => "✗",
        "cancelled" => "⊘",
        _ => "",
    }
}

fn nice_step(span: f64, ticks: f64) -> f64 {
    let raw = (span / ticks.max(2.0)).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag)
}

fn lane_summary(lane: &Lane) -> String {
    let parts: Vec<String> = lane
        .segments
        .iter()
        .filter(|s| s.end > s.start || s.state == "running")
        .take(12)
        .map(|s| format!("{} {}–{}", s.state, fmt_secs(s.start), fmt_secs(s.end)))
        .collect();
    let end = lane.end_state.map(|e| format!(", {e}")).unwrap_or_default();
    format!("{} {}: {}{end}", lane.name, lane.label, parts.join(", "))
}

fn segment_title(lane: &Lane, s: &Segment) -> String {
    format!("{} {} — {} from {} to {}: {}", lane.name, lane.label, s.state, fmt_secs(s.start), fmt_secs(s.end), s.detail)
}

struct View {
    label: String,
    lanes: Rc<Vec<Lane>>,
    end: f64,
}

#[derive(Properties, PartialEq)]
struct LanesProps {
    lanes: Rc<Vec<Lane>>,
    axis_max: f64,
    now: Option<f64>,
    playhead: Option<(f64, u32)>,
    label: AttrValue,
    on_detail: Callback<String>,
}

#[function_component(Lanes)]
fn lanes_view(p: &LanesProps) -> Html {
    let scroll = use_state(|| 0.0f64);
    let width = use_state(|| 900.0f64);
    let node = use_node_ref();
    {
        let (node, width) = (node.clone(), width.clone());
        use_effect_with((), move |_| {
            let measure = {
                let (node, width) = (node.clone(), width.clone());
                move || {
                    if let Some(el) = node.cast::<web_sys::Element>() {
                        let w = f64::from(el.client_width());
                        if w > 0.0 && (w - *width).abs() > 1.0 {
                            width.set(w);
                        }
                    }
                }
            };
            measure();
            let on_resize = Closure::<dyn Fn()>::new(measure);
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref());
                }
            }
        });
    }
    let on_scroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                scroll.set(f64::from(el.scroll_top()));
            }
        })
    };
    let w = width.max(200.0);
    // Narrow screens give the lane names less room.
    let label_w = if w < 560.0 { 104.0 } else { LABEL_W };
    let plot_w = (w - label_w - 16.0).max(60.0);
    let x = |t: f64| label_w + (t / p.axis_max).clamp(0.0, 1.0) * plot_w;
    let n = p.lanes.len();
    let body_h = n as f64 * LANE_H;
    let view_h = body_h.min(MAX_VIEW_H);
    let first = ((*scroll / LANE_H).floor() as usize).saturating_sub(8);
    let last = (((*scroll + view_h) / LANE_H).ceil() as usize + 8).min(n);
    let step = nice_step(p.axis_max, (plot_w / 80.0).floor().min(8.0));
    let ticks: Vec<f64> = (0..=((p.axis_max / step).floor() as usize)).map(|i| i as f64 * step).collect();
    let highlight = p.playhead.map(|(_, task)| task);

    let axis = html! {
        <svg class="axis" width={w.to_string()} height={AXIS_H.to_string()} aria-hidden="true">
            { for ticks.iter().map(|t| html! {
                <g>
                    <line x1={x(*t).to_string()} x2={x(*t).to_string()} y1="16" y2={AXIS_H.to_string()} />
                    <text x={x(*t).to_string()} y="12" text-anchor="middle">{ fmt_secs(*t) }</text>
                </g>
            }) }
            if label_w == LABEL_W { <text x="4" y="12" class="axis-title">{ "guide-seconds →" }</text> }
        </svg>
    };
    let cursor = |t: f64, class: &'static str| {
        html! { <line class={class} x1={x(t).to_string()} x2={x(t).to_string()} y1="0" y2={body_h.to_string()} /> }
    };
    html! {
        <div class="lanes" ref={node}>
            if !p.label.is_empty() { <h3 class="variant">{ p.label.clone() }</h3> }
            { axis }
            <div class="lanes-scroll" style={format!("height:{}px", view_h + 2.0)} onscroll={on_scroll} tabindex="-1">
                <svg width={w.to_string()} height={body_h.max(1.0).to_string()} role="list" aria-label={format!("{n} lanes")}>
                    { for ticks.iter().map(|t| html! { <line class="grid" x1={x(*t).to_string()} x2={x(*t).to_string()} y1="0" y2={body_h.to_string()} /> }) }
                    { for p.lanes[first..last].iter().enumerate().map(|(k, lane)| {
                        let i = first + k;
                        let y = i as f64 * LANE_H;
                        let task_id = match lane.kind { LaneKind::Task(id) => Some(id), LaneKind::Worker(_) => None };
                        let is_hl = task_id.is_some() && task_id == highlight;
                        let summary = lane_summary(lane);
                        let on_focus = { let d = p.on_detail.clone(); let s = summary.clone(); Callback::from(move |_| d.emit(s.clone())) };
                        let name = if lane.label.is_empty() { lane.name.clone() } else { format!("{} {}", lane.name, lane.label) };
                        let name: String = name.chars().take(if label_w < LABEL_W { 15 } else { 26 }).collect();
                        html! {
                            <g class={classes!("lane", is_hl.then_some("highlight"), matches!(lane.kind, LaneKind::Worker(_)).then_some("worker"))}
                                role="listitem" tabindex="0" aria-label={summary.clone()} onfocus={on_focus}>
                                <rect class="lane-bg" x="0" y={y.to_string()} width={w.to_string()} height={LANE_H.to_string()} />
                                <text class="lane-name" x="6" y={(y + 15.0).to_string()}>{ name }</text>
                                { for lane.segments.iter().filter(|s| s.end > s.start || s.state == "running" || s.state == "blocked").map(|s| {
                                    let x0 = x(s.start);
                                    let sw = (x(s.end) - x0).max(if s.state == "running" { 2.0 } else { 1.0 });
                                    let title = segment_title(lane, s);
                                    let on_enter = { let d = p.on_detail.clone(); let t = title.clone(); Callback::from(move |_| d.emit(t.clone())) };
                                    let label = short(s.state);
                                    html! {
                                        <g class={format!("seg seg-{}", s.state)} onmouseenter={on_enter}>
                                            <rect x={x0.to_string()} y={(y + 3.0).to_string()} width={sw.to_string()} height={(LANE_H - 6.0).to_string()} rx="2" />
                                            if sw > 44.0 && !label.is_empty() {
                                                <text x={(x0 + 4.0).to_string()} y={(y + 15.0).to_string()}>{ label }</text>
                                            }
                                            <title>{ title }</title>
                                        </g>
                                    }
                                }) }
                                if let Some(end) = lane.end_state {
                                    <text class={format!("end end-{end}")} x={(x(lane.segments.last().map_or(0.0, |s| s.end)) + 3.0).to_string()} y={(y + 15.0).to_string()}>
                                        { mark(end) }<title>{ format!("{end} {}", lane.end_detail) }</title>
                                    </text>
                                }
                            </g>
                        }
                    }) }
                    if let Some(t) = p.now { { cursor(t, "now") } }
                    if let Some((t, _)) = p.playhead { { cursor(t, "playhead") } }
                </svg>
            </div>
        </div>
    }
}

#[function_component(TimelinePanel)]
pub fn timeline_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let detail = use_state(String::new);
    let variants = ctx.variants();
    // A finished run's lanes are worked out once, not on every render (moving the playhead,
    // hovering a segment).
    let done_lanes = {
        let results: Vec<Rc<crate::scenarios::RunResult>> = ctx.results().to_vec();
        let keys: Vec<usize> = results.iter().map(|r| Rc::as_ptr(r) as usize).collect();
        use_memo(keys, move |_| results.iter().map(|r| Rc::new(lanes(&r.report.trace, r.end_time()))).collect::<Vec<_>>())
    };
    let label_of = |i: usize, n: usize| if n > 1 { format!("{}: {}", ["A", "B"][i.min(1)], variants.get(i).map_or("", |v| v.0.as_str())) } else { String::new() };
    let (views, now): (Vec<View>, Option<f64>) = match &ctx.run {
        RunState::Idle => (Vec::new(), None),
        RunState::Running(live) => {
            let n = live.traces.len();
            (live.traces.iter().enumerate().map(|(i, t)| View { label: label_of(i, n), lanes: Rc::new(lanes(t, live.now)), end: live.now }).collect(), Some(live.now))
        }
        RunState::Done(results) => {
            let n = results.len();
            let views = results.iter().zip(done_lanes.iter()).enumerate();
            (views.map(|(i, (r, l))| View { label: label_of(i, n), lanes: l.clone(), end: r.end_time() }).collect(), None)
        }
    };
    let axis_max = views.iter().map(|v| v.end).fold(0.0, f64::max).max(1e-3);
    let playhead = ctx.playhead.and_then(|i| ctx.results().first().and_then(|r| r.report.trace.events.get(i)).map(|e| (e.t, e.task)));
    let on_detail = {
        let detail = detail.clone();
        Callback::from(move |s: String| detail.set(s))
    };
    html! {
        <section class="panel timeline" aria-labelledby="timeline-title">
            <h2 id="timeline-title">{ "Timeline" }</h2>
            if views.is_empty() {
                <p class="hint">{ "One lane per task appears here when you run the scenario." }</p>
            } else {
                { for views.iter().enumerate().map(|(i, v)| html! {
                    <Lanes lanes={v.lanes.clone()} {axis_max} {now} playhead={if i == 0 { playhead } else { None }}
                        label={AttrValue::from(v.label.clone())} on_detail={on_detail.clone()} />
                }) }
                <p class="timeline-details" aria-live="polite">{ if detail.is_empty() { "Hover a segment or focus a lane (Tab) for details.".to_string() } else { (*detail).clone() } }</p>
                <ul class="legend" aria-label="Legend">
                    { for STATES.iter().map(|(state, words)| html! {
                        <li><svg width="22" height="12" aria-hidden="true"><g class={format!("seg seg-{state}")}><rect x="0" y="0" width="22" height="12" rx="2" /></g></svg>{ *words }</li>
                    }) }
                    <li>{ "✓ done · ✗ failed · ⊘ cancelled" }</li>
                </ul>
            }
        </section>
    }
}
