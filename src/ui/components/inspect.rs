//! What the loop holds at the playhead, next to the program: the output printed so far
//! (as a terminal would have shown it), the loop's queues — the running task, the ready
//! queue in order, the timer heap, who waits on which lock / semaphore / event / task, busy
//! workers, requests in flight — and the values the lesson is about.

use yew::prelude::*;

use super::program::task_colour;
use super::show_more::more;
use super::Ctx;
use crate::i18n::{fmt_num, Msg};
use crate::runtime::trace::task_name;
use crate::runtime::WaitOn;
use crate::teach::{frame_locals, FrameLocals, Primitive, StepView, Window};
use crate::ui::stepping::use_stepping;

/// A task's chip: its name, and its label on hover while it is live.
pub(super) fn task_chip(view: &StepView, id: u32) -> Html {
    html! { <span class="chip" style={format!("--c:{}", task_colour(id))} title={view.label(id).unwrap_or_default().to_string()}>{ task_name(id) }</span> }
}

/// The window of a list of tasks, and "and N more".
fn task_list(ctx: &Ctx, view: &StepView, ids: &[u32], total: usize) -> Html {
    if total == 0 {
        return html! { <span class="none">{ ctx.t("loop-nobody") }</span> };
    }
    html! {
        <>
            { for ids.iter().map(|id| task_chip(view, *id)) }
            if total > ids.len() { <span class="more">{ more(ctx, total - ids.len()) }</span> }
        </>
    }
}

/// [`task_list`] of a window.
fn tasks(ctx: &Ctx, view: &StepView, ids: &Window<u32>) -> Html {
    task_list(ctx, view, &ids.shown, ids.total)
}

/// The most characters of one printed line the terminal shows: a longer one (a `print` of
/// megabytes) is cut there and says how many more it had — laying out half a megabyte of
/// one line held the page for over a second.
const LINE_CHARS: usize = 2_000;

/// A printed line as the terminal shows it: at most [`LINE_CHARS`] characters, then how
/// many more there were.
fn out_text(ctx: &Ctx, text: &str) -> Html {
    match text.char_indices().nth(LINE_CHARS) {
        None => html! { <span class="out-text">{ text.to_string() }</span> },
        Some((cut, _)) => {
            let more = text[cut..].chars().count();
            html! {
                <span class="out-text">{ text[..cut].to_string() }<span class="none">{ ctx.tr(&Msg::new("output-line-more").arg("n", more)) }</span></span>
            }
        }
    }
}

/// The printed lines up to the playhead.
fn output(ctx: &Ctx, view: &StepView) -> Html {
    // The view holds the last lines printed; the earlier ones are counted.
    let lines = &view.output.shown;
    let from = view.output.more();
    html! {
        <div class="terminal" tabindex="0" role="log" aria-label={ctx.t("output-title")}>
            if lines.is_empty() { <span class="none">{ ctx.t("output-empty") }</span> }
            if from > 0 { <div class="none">{ ctx.tr(&Msg::new("output-earlier").arg("n", from)) }</div> }
            { for lines.iter().enumerate().map(|(i, (t, task, text))| html! {
                <div class={classes!("out-line", (i + 1 == lines.len()).then_some("latest"))}>
                    <span class="out-t">{ format!("{} s", fmt_num(*t)) }</span>
                    // Task 0: the program's top level, outside any task.
                    <span class={classes!("out-task", (*task == 0).then_some("top-level"))} style={format!("--c:{}", task_colour(*task))}>
                        { if *task == 0 { ctx.t("output-top-level") } else { task_name(*task) } }
                    </span>
                    { out_text(ctx, text) }
                </div>
            }) }
        </div>
    }
}

/// One row of the loop panel: its title, what it holds.
fn row(ctx: &Ctx, title: &'static str, body: Html) -> Html {
    html! { <><dt>{ ctx.t(title) }</dt><dd>{ body }</dd></> }
}

/// The row of primitive `p`: who holds it and who waits on it (nothing while neither). A
/// match on every primitive: a new one is named here by the compiler.
fn primitive_row(ctx: &Ctx, view: &StepView, p: Primitive) -> Html {
    let waiting = view.waiters.get(p);
    match p {
        Primitive::Lock if view.lock_holder.is_some() || !waiting.is_empty() => row(
            ctx,
            "loop-lock",
            html! { <>
                { ctx.t("loop-held-by") }{ " " }{ view.lock_holder.map_or_else(|| html! { <span class="none">{ ctx.t("loop-nobody") }</span> }, |h| task_chip(view, h)) }
                { "; " }{ ctx.t("loop-waiting") }{ " " }{ tasks(ctx, view, waiting) }
            </> },
        ),
        Primitive::Semaphore if !view.permit_holders.is_empty() || !waiting.is_empty() => row(
            ctx,
            "loop-semaphore",
            html! { <>
                { ctx.tr(&Msg::new("loop-permits-held").arg("n", view.permit_holders.len())) }{ " " }{ tasks(ctx, view, &view.permit_holders) }
                { "; " }{ ctx.tr(&Msg::new("loop-permits-waiting").arg("n", waiting.len())) }{ " " }{ tasks(ctx, view, waiting) }
            </> },
        ),
        Primitive::Event if !waiting.is_empty() => row(ctx, "loop-event", html! { <>{ ctx.t("loop-waiting") }{ " " }{ tasks(ctx, view, waiting) }</> }),
        Primitive::Lock | Primitive::Semaphore | Primitive::Event => Html::default(),
    }
}

/// The loop's queues.
fn loop_state(ctx: &Ctx, view: &StepView) -> Html {
    let running = match view.running {
        Some(id) => task_chip(view, id),
        None => html! { <span class="none">{ ctx.t("loop-idle") }</span> },
    };
    let timers = if view.timers.is_empty() {
        html! { <span class="none">{ ctx.t("loop-no-timers") }</span> }
    } else {
        html! {
            <ol class="timers">
                { for view.timers.iter().map(|t| html! {
                    <li>
                        <span class="when">{ format!("{} s", fmt_num(t.at)) }</span>
                        { task_chip(view, t.task) }
                        { ctx.t(if t.deadline { "loop-timer-deadline" } else { "loop-timer-sleep" }) }
                    </li>
                }) }
                if view.timers.more() > 0 { <li class="more">{ more(ctx, view.timers.more()) }</li> }
            </ol>
        }
    };
    let joins: Vec<Html> = view
        .joins
        .iter()
        .filter_map(|(id, on)| {
            let what = match on {
                WaitOn::Join { task } => html! { <>{ ctx.t("loop-awaits") }{ " " }{ task_chip(view, *task) }</> },
                WaitOn::Gather => html! { { ctx.t("loop-awaits-gather") } },
                WaitOn::TaskGroup => html! { { ctx.t("loop-awaits-taskgroup") } },
                // (Not joins: the view lists only the three above here; each other wait has
                // its own row.)
                WaitOn::Sleep { .. }
                | WaitOn::Yield
                | WaitOn::Lock
                | WaitOn::Semaphore
                | WaitOn::Event
                | WaitOn::Worker { .. }
                | WaitOn::Fetch { .. }
                | WaitOn::Future => return None,
            };
            Some(html! { <li>{ task_chip(view, *id) }{ " " }{ what }</li> })
        })
        .collect();
    html! {
        <dl class="loop-state">
            { row(ctx, "loop-running", running) }
            { row(ctx, "loop-ready", html! { <span class="queue">{ tasks(ctx, view, &view.ready) }</span> }) }
            { row(ctx, "loop-timers", timers) }
            { for Primitive::ALL.map(|p| primitive_row(ctx, view, p)) }
            if !joins.is_empty() {
                { row(ctx, "loop-joins", html! { <ul class="plain">{ for joins }</ul> }) }
            }
            if !view.workers.is_empty() {
                { row(ctx, "loop-workers", html! { <ul class="plain">{ for view.workers.iter().map(|(w, task, job)| html! {
                    <li>{ ctx.tr(&Msg::new("loop-worker").arg("worker", *w).arg("job", job.clone())) }{ " " }{ task_chip(view, *task) }</li>
                }) }</ul> }) }
            }
            if !view.requests.is_empty() {
                { row(ctx, "loop-requests", html! { <>
                    { ctx.tr(&Msg::new("loop-in-flight").arg("n", view.requests.len())) }{ " " }
                    { task_list(ctx, view, &view.requests.iter().map(|(t, _)| *t).collect::<Vec<_>>(), view.requests.len()) }
                </> }) }
            }
        </dl>
    }
}

/// The lesson's values: globals with their last writer, each task's locals, lost updates.
fn values(ctx: &Ctx, view: &StepView) -> Html {
    let locals = &view.locals;
    if view.globals.is_empty() && locals.is_empty() {
        return html! {};
    }
    html! {
        <div class="values">
            <h3>{ ctx.t("values-title") }</h3>
            <dl>
                { for view.globals.iter().map(|g| html! { <>
                    <dt><code>{ g.name }</code></dt>
                    <dd><strong>{ g.value }</strong>{ " " }{ ctx.t("values-written-by") }{ " " }{ task_chip(view, g.writer) }</dd>
                </> }) }
                if !view.globals.is_empty() {
                    <dt>{ ctx.t("values-lost") }</dt><dd class={classes!((view.lost_updates > 0).then_some("lost"))}>{ view.lost_updates }</dd>
                }
            </dl>
            if !locals.is_empty() {
                <ul class="locals">
                    { for locals.iter().map(|(id, name, value)| html! { <li>{ task_chip(view, *id) }{ " " }<code>{ format!("{name} = {value}") }</code></li> }) }
                    if locals.more() > 0 { <li class="more">{ more(ctx, locals.more()) }</li> }
                </ul>
            }
        </div>
    }
}

/// The running frame's locals (an own program's runs record them), as a debugger shows them.
fn frame(ctx: &Ctx, view: &StepView, trace: &crate::runtime::Trace) -> Html {
    let Some(FrameLocals { task, line, locals }) = frame_locals(trace, view.index) else { return html! {} };
    html! {
        <div class="values frame">
            <h3>{ ctx.tr(&Msg::new("frame-title").arg("task", task_name(task)).arg("line", line)) }</h3>
            if locals.is_empty() {
                <p class="hint">{ ctx.t("frame-none") }</p>
            } else {
                <dl>
                    { for locals.iter().map(|(name, value)| html! { <><dt><code>{ name.clone() }</code></dt><dd><code>{ value.clone() }</code></dd></> }) }
                </dl>
            }
        </div>
    }
}

/// Output, loop and values of every run at the playhead.
#[function_component(Inspector)]
pub fn inspector() -> Html {
    let (ctx, stepping) = use_stepping();
    if stepping.is_empty() {
        return html! {};
    }
    let runs = stepping.views.len();
    let shown = ctx.runs();
    html! {
        <section id="inspector" class={classes!("panel", "inspector", (runs > 1).then_some("two"))} aria-labelledby="inspector-title" tabindex="-1">
            <h2 id="inspector-title" class="visually-hidden">{ ctx.t("inspector-title") }</h2>
            { for stepping.views.iter().enumerate().map(|(i, view)| html! {
                <div class="inspect-run">
                    if let Some(variant) = shown.get(i).and_then(|r| r.variant.as_ref()) { <h3 class="variant">{ variant.label(ctx.settings.lang) }</h3> }
                    { match view {
                        None => html! { <p class="hint">{ ctx.t("inspector-not-started") }</p> },
                        Some(view) => html! {
                            <>
                                <h3>{ ctx.t("output-title") }</h3>
                                { output(&ctx, view) }
                                <h3>{ ctx.t("loop-title") }</h3>
                                { loop_state(&ctx, view) }
                                <super::call_graph::CallGraph view={view.clone()} />
                                { values(&ctx, view) }
                                if let Some(run) = shown.get(i) { { frame(&ctx, view, &run.result().report.trace) } }
                            </>
                        },
                    } }
                </div>
            }) }
        </section>
    }
}
