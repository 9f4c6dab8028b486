//! The timeline: one lane per task (and per worker), segments coloured, patterned and
//! labelled by state, along loop time or loop iterations, with cause-and-effect marks
//! (deadlines, cancellations, exceptions reaching a caller, late timers, hand-overs), a
//! "now" cursor while running and the playhead after a run. Only the lanes in view are
//! drawn, so 1 000 lanes stay smooth.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::{fmt_num, Lang, Msg};
use crate::teach::{end_msg, segment_msg, Axis, Mark, MarkKind};
use crate::teach::{lanes, Lane, LaneKind, LaneState, Segment, TaskEnd};
use crate::ui::state::{Action, RunState};
use crate::ui::stepping::use_stepping;

const LANE_H: f64 = 24.0;
const LABEL_W: f64 = 176.0;
const AXIS_H: f64 = 26.0;
const MAX_VIEW_H: f64 = 440.0;

fn end_mark(end: TaskEnd) -> &'static str {
    match end {
        TaskEnd::Done => "✓",
        TaskEnd::Failed => "✗",
        TaskEnd::Cancelled => "⊘",
    }
}

/// A round tick step (1, 2 or 5 × 10ⁿ; whole numbers on the iteration axis) that gives at
/// least four ticks and about `ticks` of them.
fn nice_step(span: f64, ticks: f64, whole: bool) -> f64 {
    let span = span.max(1e-9);
    let raw = (span / ticks.max(3.0)).max(if whole { 1.0 } else { 1e-9 });
    let mag = 10f64.powf(raw.log10().floor());
    let mut step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|s| *s >= raw).unwrap_or(10.0 * mag);
    // Rounding up may leave fewer than four ticks (0, step, 2·step, 3·step): step down.
    while span / step < 3.0 && !(whole && step <= 1.0) {
        step = match step / 10f64.powf(step.log10().floor()) {
            m if m > 4.0 => step * 0.4, // 5 → 2
            m if m > 1.5 => step * 0.5, // 2 → 1
            _ => step * 0.5,            // 1 → 0.5
        };
    }
    step
}

/// The fill of the pattern drawn over a state ([`LaneState::pattern`]), if it has one.
fn pattern(state: LaneState) -> Option<String> {
    state.pattern().map(|id| format!("url(#{id})"))
}

/// The patterns, once per page.
fn pattern_defs() -> Html {
    html! {
        <svg width="0" height="0" class="pattern-defs" aria-hidden="true" focusable="false" style="position:absolute">
            <defs>
                <pattern id="pat-lock" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line class="pattern-line" x1="0" y1="0" x2="0" y2="6" /></pattern>
                <pattern id="pat-semaphore" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line class="pattern-line" x1="0" y1="0" x2="0" y2="6" /><line class="pattern-line" x1="0" y1="0" x2="6" y2="0" /></pattern>
                <pattern id="pat-event" width="5" height="5" patternUnits="userSpaceOnUse"><line class="pattern-line" x1="0" y1="0" x2="0" y2="5" /></pattern>
                <pattern id="pat-join" width="5" height="5" patternUnits="userSpaceOnUse"><line class="pattern-line" x1="0" y1="2.5" x2="5" y2="2.5" /></pattern>
                <pattern id="pat-sleep" width="6" height="6" patternUnits="userSpaceOnUse"><circle class="pattern-dot" cx="3" cy="3" r="1" /></pattern>
                <pattern id="pat-worker" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line class="pattern-line" x1="0" y1="0" x2="0" y2="6" /></pattern>
                <pattern id="pat-fetch" width="8" height="6" patternUnits="userSpaceOnUse"><circle class="pattern-dot" cx="2" cy="3" r="1" /><circle class="pattern-dot" cx="6" cy="3" r="1" /></pattern>
            </defs>
        </svg>
    }
}

/// Where a segment starts and ends on `axis`.
fn span(s: &Segment, axis: Axis) -> (f64, f64) {
    match axis {
        Axis::Time => (s.start, s.end),
        Axis::Iterations => (s.start_pos, s.end_pos),
    }
}

fn lane_summary(lane: &Lane, axis: Axis, lang: Lang) -> String {
    let unit = if axis == Axis::Time { " s" } else { "" };
    let parts: Vec<String> = lane
        .segments
        .iter()
        .filter(|s| s.end_pos > s.start_pos || s.state.holds_loop())
        .take(12)
        .map(|s| {
            let (a, b) = span(s, axis);
            format!("{} {}–{}{unit}", Msg::new(s.state.message()).text(lang), fmt_num(a), fmt_num(b))
        })
        .collect();
    let end = lane.end_state.map(|e| format!(", {}", end_msg(e).text(lang))).unwrap_or_default();
    format!("{} {}: {}{end}", lane.name, lane.label, parts.join(", "))
}

/// One run's lanes, as drawn.
struct View {
    label: String,
    lanes: Rc<Vec<Lane>>,
    marks: Rc<Vec<Mark>>,
    /// The playhead: (position on the axis, task of the event).
    playhead: Option<(f64, u32)>,
}

#[derive(Properties, PartialEq)]
struct LanesProps {
    lanes: Rc<Vec<Lane>>,
    marks: Rc<Vec<Mark>>,
    axis: Axis,
    axis_max: f64,
    now: Option<f64>,
    playhead: Option<(f64, u32)>,
    label: AttrValue,
    axis_title: AttrValue,
    on_detail: Callback<String>,
    on_mark: Callback<usize>,
    lang: Lang,
}

thread_local! {
    /// The lanes' width as last measured (0 until then): where newly drawn lanes start.
    static LAST_WIDTH: Cell<f64> = const { Cell::new(0.0) };
}

/// What a phone's page leaves the lanes of its width (px): the page's and the timeline
/// panel's padding and borders (static/style.css; 292 of 345 at 360 px).
const PHONE_MARGINS: f64 = 53.0;

/// Where lanes start before any was measured: the page's width less [`PHONE_MARGINS`] — the
/// lanes' width on a phone, where they take the page's width; on a wider page a column's,
/// measured in the next frame, is narrower (until then the stylesheet clips the lanes to
/// their place, so a first frame drawn wider never widens the page).
fn first_width() -> f64 {
    let page = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).map(|e| f64::from(e.client_width()));
    page.map_or(900.0, |w| (w - PHONE_MARGINS).clamp(200.0, 900.0))
}

#[function_component(Lanes)]
fn lanes_view(p: &LanesProps) -> Html {
    let scroll = use_state(|| 0.0f64);
    let width = use_state(|| Some(LAST_WIDTH.with(Cell::get)).filter(|w| *w > 0.0).unwrap_or_else(first_width));
    let node = use_node_ref();
    {
        let (node, width) = (node.clone(), width.clone());
        // The width is measured once the browser has laid the lanes out: a ResizeObserver
        // on an empty row above them (its height never changes, so drawing the lanes anew
        // cannot make it report again), at the start and on every change of the width. Its
        // report is taken in the next animation frame: drawing the lanes inside the report
        // would resize what it observes in the same frame. Reading the width right after
        // the render instead would force the layout of a thousand new lanes inside the
        // render's task.
        use_effect_with((), move |_| {
            let last = Rc::new(Cell::new(*width));
            let on_resize = {
                let node = node.clone();
                Closure::<dyn Fn()>::new(move || {
                    let (node, width, last) = (node.clone(), width.clone(), last.clone());
                    let measure = Closure::once_into_js(move || {
                        if let Some(el) = node.cast::<web_sys::Element>() {
                            let w = f64::from(el.client_width());
                            if w > 0.0 && (w - last.get()).abs() > 1.0 {
                                last.set(w);
                                LAST_WIDTH.with(|l| l.set(w));
                                width.set(w);
                            }
                        }
                    });
                    if let Some(window) = web_sys::window() {
                        let _ = window.request_animation_frame(measure.unchecked_ref());
                    }
                })
            };
            let observer = node.cast::<web_sys::Element>().and_then(|el| {
                let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
                observer.observe(&el);
                Some(observer)
            });
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(on_resize);
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
    // Narrow screens give the lane names less room, on two lines (name, then what it runs).
    let narrow = w < 560.0;
    let label_w = if narrow { 112.0 } else { LABEL_W };
    let lane_h = if narrow { 34.0 } else { LANE_H };
    let plot_w = (w - label_w - 16.0).max(60.0);
    let x = |v: f64| label_w + (v / p.axis_max).clamp(0.0, 1.0) * plot_w;
    let n = p.lanes.len();
    let body_h = n as f64 * lane_h;
    let view_h = body_h.min(MAX_VIEW_H);
    // Only the lanes in view (and a few around) are drawn; the scroll position may be from
    // a longer list of an earlier run, so the window is clamped to this one.
    let last = (((*scroll + view_h) / lane_h).ceil() as usize + 8).min(n);
    let first = ((*scroll / lane_h).floor() as usize).saturating_sub(8).min(last);
    let whole = p.axis == Axis::Iterations;
    let step = nice_step(p.axis_max, (plot_w / 60.0).floor().clamp(4.0, 10.0), whole);
    let ticks: Vec<f64> = (0..=((p.axis_max / step).floor() as usize)).map(|i| i as f64 * step).collect();
    let highlight = p.playhead.map(|(_, task)| task);
    let tick_label = |t: f64| if whole { fmt_num(t) } else { format!("{} s", fmt_num(t)) };

    let axis = html! {
        <svg class="axis" width={w.to_string()} height={AXIS_H.to_string()} aria-hidden="true">
            { for ticks.iter().map(|t| html! {
                <g>
                    <line x1={x(*t).to_string()} x2={x(*t).to_string()} y1="16" y2={AXIS_H.to_string()} />
                    <text x={x(*t).to_string()} y="12" text-anchor="middle">{ tick_label(*t) }</text>
                </g>
            }) }
            <text x="4" y="12" class="axis-title">{ p.axis_title.clone() }</text>
        </svg>
    };
    let cursor = |v: f64, class: &'static str| {
        html! { <line class={class} x1={x(v).to_string()} x2={x(v).to_string()} y1="0" y2={body_h.to_string()} /> }
    };
    let visible = |task: u32| p.lanes[first..last].iter().position(|l| l.kind == LaneKind::Task(task)).map(|k| first + k);
    html! {
        <div class="lanes">
            <div class="lanes-width" ref={node} aria-hidden="true"></div>
            if !p.label.is_empty() { <h3 class="variant">{ p.label.clone() }</h3> }
            { axis }
            <div class="lanes-scroll" style={format!("height:{}px", view_h + 2.0)} onscroll={on_scroll} tabindex="-1">
                <svg width={w.to_string()} height={body_h.max(1.0).to_string()} role="list" aria-label={Msg::new("timeline-lanes").arg("n", n).text(p.lang)}>
                    { for ticks.iter().map(|t| html! { <line class="grid" x1={x(*t).to_string()} x2={x(*t).to_string()} y1="0" y2={body_h.to_string()} /> }) }
                    { for p.lanes[first..last].iter().enumerate().map(|(k, lane)| {
                        let i = first + k;
                        let y = i as f64 * lane_h;
                        let task_id = match lane.kind { LaneKind::Task(id) => Some(id), LaneKind::Worker(_) => None };
                        let is_hl = task_id.is_some() && task_id == highlight;
                        let summary = lane_summary(lane, p.axis, p.lang);
                        let on_focus = { let d = p.on_detail.clone(); let s = summary.clone(); Callback::from(move |_| d.emit(s.clone())) };
                        let lane_name = match lane.kind { LaneKind::Worker(n) => Msg::new("lane-worker").arg("n", n).text(p.lang), LaneKind::Task(_) => lane.name.clone() };
                        let name = if lane.label.is_empty() { lane_name.clone() } else { format!("{lane_name} {}", lane.label) };
                        let shown: String = name.chars().take(26).collect();
                        let second: String = lane.label.chars().take(17).collect();
                        html! {
                            <g class={classes!("lane", is_hl.then_some("highlight"), matches!(lane.kind, LaneKind::Worker(_)).then_some("worker"))}
                                role="listitem" tabindex="0" aria-label={summary.clone()} onfocus={on_focus}>
                                <rect class="lane-bg" x="0" y={y.to_string()} width={w.to_string()} height={lane_h.to_string()} />
                                if narrow {
                                    <text class="lane-name" x="4" y={(y + 14.0).to_string()}>{ lane_name }<title>{ name.clone() }</title></text>
                                    <text class="lane-name lane-label" x="4" y={(y + 28.0).to_string()}>{ second }</text>
                                } else {
                                    <text class="lane-name" x="6" y={(y + 16.0).to_string()}>{ shown }<title>{ name }</title></text>
                                }
                                { for lane.segments.iter().filter(|s| { let (a, b) = span(s, p.axis); b > a || s.state.holds_loop() }).map(|s| {
                                    let (a, b) = span(s, p.axis);
                                    let x0 = x(a);
                                    let sw = (x(b) - x0).max(if s.state.holds_loop() { 2.0 } else { 1.0 });
                                    let title = format!("{} {} — {}: {}", lane.name, lane.label, Msg::new(s.state.message()).text(p.lang), segment_msg(&s.why).text(p.lang));
                                    let on_enter = { let d = p.on_detail.clone(); let t = title.clone(); Callback::from(move |_| d.emit(t.clone())) };
                                    let word = s.state.short_message().map(|id| Msg::new(id).text(p.lang)).unwrap_or_default();
                                    html! {
                                        <g class={format!("seg seg-{}", s.state.css())} onmouseenter={on_enter}>
                                            <rect x={x0.to_string()} y={(y + 3.0).to_string()} width={sw.to_string()} height={(lane_h - 6.0).to_string()} rx="2" />
                                            if let Some(fill) = pattern(s.state) {
                                                <rect class="pat" x={x0.to_string()} y={(y + 3.0).to_string()} width={sw.to_string()} height={(lane_h - 6.0).to_string()} fill={fill} />
                                            }
                                            if sw > 44.0 && !word.is_empty() {
                                                <text x={(x0 + 4.0).to_string()} y={(y + lane_h / 2.0 + 4.0).to_string()}>{ word }</text>
                                            }
                                            <title>{ title }</title>
                                        </g>
                                    }
                                }) }
                                if let Some(end) = lane.end_state {
                                    <text class={format!("end end-{}", end.word())} x={(x(lane.segments.last().map_or(0.0, |s| span(s, p.axis).1)) + 3.0).to_string()} y={(y + lane_h / 2.0 + 4.0).to_string()}>
                                        { end_mark(end) }<title>{ format!("{} {}", end_msg(end).text(p.lang), lane.end_detail) }</title>
                                    </text>
                                }
                            </g>
                        }
                    }) }
                    { for p.marks.iter().filter_map(|m| visible(m.task).map(|i| (i, m))).map(|(i, m)| {
                        let at = if p.axis == Axis::Time { m.t } else { m.pos };
                        let y = i as f64 * lane_h;
                        let on_click = { let j = p.on_mark.clone(); let e = m.event; Callback::from(move |_: MouseEvent| j.emit(e)) };
                        html! {
                            <g class={format!("mark mark-{}", m.kind.css())} onclick={on_click}>
                                if m.kind == MarkKind::Deadline {
                                    <line x1={x(at).to_string()} x2={x(at).to_string()} y1={y.to_string()} y2={(y + lane_h).to_string()} />
                                }
                                <text x={x(at).to_string()} y={(y + 10.0).to_string()} text-anchor="middle">{ m.kind.glyph() }</text>
                                <title>{ crate::i18n::joined(&m.label.parts(p.lang)) }</title>
                            </g>
                        }
                    }) }
                    if let Some(t) = p.now { { cursor(t, "now") } }
                    if let Some((v, _)) = p.playhead { { cursor(v, "playhead") } }
                </svg>
            </div>
        </div>
    }
}

#[function_component(TimelinePanel)]
pub fn timeline_panel() -> Html {
    let (ctx, stepping) = use_stepping();
    let detail = use_state(String::new);
    let axis = ctx.effective_axis();
    let lang = ctx.settings.lang;
    let (views, now, axis_max): (Vec<View>, Option<f64>, f64) = match &ctx.slot.run {
        RunState::Idle => (Vec::new(), None, 1.0),
        RunState::Running(live) => {
            let views = crate::ui::real_runs::live_runs(live.id)
                .iter()
                .enumerate()
                .map(|(i, h)| View {
                    label: live.planned.get(i).and_then(|p| p.variant.as_ref()).map(|v| v.label(lang)).unwrap_or_default(),
                    lanes: Rc::new(h.event_loop().with_trace(|t| lanes(t, live.now))),
                    marks: Rc::default(),
                    playhead: None,
                })
                .collect();
            (views, Some(live.now), live.now)
        }
        RunState::Done(runs) => {
            let views = runs
                .iter()
                .enumerate()
                .map(|(i, run)| {
                    let s = run.study();
                    let at = stepping.views.get(i).and_then(Option::as_ref).filter(|_| !stepping.at_end).map(|v| v.index);
                    let playhead = at.and_then(|k| s.result.report.trace.events.get(k).map(|e| (s.at(k, axis), e.task)));
                    View { label: run.label(lang), lanes: s.lanes.clone(), marks: s.marks.clone(), playhead }
                })
                .collect();
            (views, None, runs.iter().map(|r| r.study().extent(axis)).fold(0.0, f64::max))
        }
    };
    let (axis, axis_max) = if now.is_some() { (Axis::Time, axis_max.max(1e-3)) } else { (axis, axis_max.max(1e-3)) };
    let on_detail = {
        let detail = detail.clone();
        Callback::from(move |s: String| detail.set(s))
    };
    let on_mark = {
        let (dispatch, steps) = (ctx.dispatcher(), stepping.steps.clone());
        Callback::from(move |event: usize| {
            if let Some(i) = steps.iter().position(|(run, k)| *run == 0 && *k == event) {
                dispatch.dispatch(Action::SetPlayhead(Some(i)));
            }
        })
    };
    let set_axis = |a: Option<Axis>| {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::SetAxis(a)))
    };
    let states: Vec<LaneState> =
        LaneState::ALL.iter().copied().filter(|st| views.iter().any(|v| v.lanes.iter().any(|l| l.segments.iter().any(|s| s.state == *st)))).collect();
    let marks: Vec<MarkKind> = [MarkKind::Deadline, MarkKind::Cancel, MarkKind::Raise, MarkKind::Late, MarkKind::Acquire, MarkKind::Release, MarkKind::Finding]
        .into_iter()
        .filter(|k| views.iter().any(|v| v.marks.iter().any(|m| m.kind == *k)))
        .collect();
    let axis_title = ctx.t(if axis == Axis::Time { "timeline-axis-time" } else { "timeline-axis-iter" });
    // On a phone the legend starts folded (it would be taller than the lanes).
    let narrow_page = web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64()).is_some_and(|w| w < 600.0);
    let auto = ctx.settings.axis.is_none();
    html! {
        <section id="timeline" class="panel timeline" aria-labelledby="timeline-title" tabindex="-1">
            <header>
                <h2 id="timeline-title">{ ctx.t("timeline-title") }</h2>
                if now.is_none() && !views.is_empty() && !ctx.settings.output_only {
                    <fieldset class="axis-choice">
                        <legend class="visually-hidden">{ ctx.t("timeline-axis") }</legend>
                        <label><input type="radio" name="axis" checked={axis == Axis::Time} onchange={set_axis(Some(Axis::Time))} />{ ctx.t("timeline-axis-time-choice") }</label>
                        <label><input type="radio" name="axis" checked={axis == Axis::Iterations} onchange={set_axis(Some(Axis::Iterations))} />{ ctx.t("timeline-axis-iter-choice") }</label>
                        if auto { <small class="hint">{ ctx.t("timeline-axis-auto") }</small> }
                    </fieldset>
                }
            </header>
            { pattern_defs() }
            if views.is_empty() {
                <p class="hint">{ ctx.t("timeline-empty") }</p>
            } else {
                { for views.iter().map(|v| html! {
                    <Lanes lanes={v.lanes.clone()} marks={v.marks.clone()} {axis} {axis_max} {now} playhead={v.playhead}
                        label={AttrValue::from(v.label.clone())} axis_title={AttrValue::from(axis_title.clone())}
                        on_detail={on_detail.clone()} on_mark={on_mark.clone()} lang={ctx.settings.lang} />
                }) }
                <p class="timeline-details" aria-live="polite">{ if detail.is_empty() { ctx.t("timeline-details-hint") } else { (*detail).clone() } }</p>
                <details class="legend-box" open={!narrow_page}>
                <summary>{ ctx.t("timeline-legend") }</summary>
                <ul class="legend" aria-label={ctx.t("timeline-legend")}>
                    { for states.iter().map(|state| html! {
                        <li><svg width="22" height="12" aria-hidden="true"><g class={format!("seg seg-{}", state.css())}><rect x="0" y="0" width="22" height="12" rx="2" />
                            if let Some(fill) = pattern(*state) { <rect class="pat" x="0" y="0" width="22" height="12" fill={fill} /> }
                        </g></svg>{ ctx.t(state.message()) }</li>
                    }) }
                    <li>{ ctx.t("end-legend") }</li>
                    { for marks.iter().map(|k| html! { <li><span class={format!("mark-{}", k.css())}>{ k.glyph() }</span>{ " " }{ ctx.tr(&Msg::new(mark_legend(*k))) }</li> }) }
                </ul>
                </details>
            }
        </section>
    }
}

/// The legend's message for a kind of mark.
fn mark_legend(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Deadline => "mark-deadline",
        MarkKind::Cancel => "mark-cancel",
        MarkKind::Raise => "mark-raise",
        MarkKind::Late => "mark-late",
        MarkKind::Acquire => "mark-acquire",
        MarkKind::Release => "mark-release",
        MarkKind::Finding => "mark-finding",
    }
}
