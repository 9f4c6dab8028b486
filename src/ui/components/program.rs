//! The Python program, highlighted, with where every live task is at the playhead: the
//! running task's line strongest, each other task's line in its colour, and beside each
//! line the task on it (the running one first; "+N" names the others). A task's chip shows
//! its await stack (main() → sequential() → fetch(2)) on hover and focus. In Compare both programs are shown. A copy button copies the program.

use std::rc::Rc;

use yew::prelude::*;

use super::Ctx;
use crate::i18n::{joined, Msg};
use crate::page::step::Step;
use crate::runtime::trace::task_name;
use crate::scenarios::Source;
use crate::teach::{StepView, TaskView, Window};
use crate::ui::highlight::tokens;
use crate::ui::state::Action;
use crate::ui::stepping::use_stepping;

/// Task colours: dark enough for white text (at least 4.5:1), distinct in hue; the names
/// on the chips, not the colours, say which task is which.
const TASK_COLOURS: [&str; 8] = ["#1f5fbf", "#a33b00", "#2e6b30", "#8e24aa", "#00695c", "#ad1457", "#5d4037", "#3f4f75"];

/// A task's colour, the same everywhere on the page.
pub fn task_colour(id: u32) -> &'static str {
    TASK_COLOURS[id as usize % TASK_COLOURS.len()]
}

/// The source split into lines of highlighted tokens.
fn lines(src: &str) -> Vec<Vec<(Option<&'static str>, String)>> {
    let mut out = vec![Vec::new()];
    for (class, text) in tokens(src) {
        let mut parts = text.split('\n');
        if let Some(first) = parts.next() {
            if !first.is_empty() {
                if let Some(l) = out.last_mut() {
                    l.push((class, first.to_string()))
                }
            }
        }
        for part in parts {
            out.push(Vec::new());
            if !part.is_empty() {
                if let Some(l) = out.last_mut() {
                    l.push((class, part.to_string()))
                }
            }
        }
    }
    if src.ends_with('\n') {
        out.pop();
    }
    out
}

/// `text` with a place to wrap after each `.` (but a number's), `(`, `[` and `,`, so that a long call wraps
/// between its parts (`asyncio.` / `timeout(2)`) rather than inside a name.
fn breakable(text: &str) -> Html {
    let mut parts = Vec::new();
    let mut rest = text;
    let mut from = 0;
    while let Some(i) = rest[from..].find(['.', '(', '[', ',']).map(|i| i + from) {
        // Not inside a number (`3.14`).
        if rest.as_bytes()[i] == b'.' && rest.as_bytes().get(i + 1).is_some_and(u8::is_ascii_digit) {
            from = i + 1;
            continue;
        }
        parts.push(html! { <>{ rest[..=i].to_string() }<wbr /></> });
        rest = &rest[i + 1..];
        from = 0;
    }
    parts.push(html! { { rest.to_string() } });
    parts.into_iter().collect::<Html>()
}

/// A line's leading spaces, and its tokens without them.
fn split_indent(toks: &[(Option<&'static str>, String)]) -> (String, Vec<(Option<&'static str>, String)>) {
    let mut indent = String::new();
    let mut rest = Vec::with_capacity(toks.len());
    for (class, text) in toks {
        if rest.is_empty() {
            let trimmed = text.trim_start_matches(' ');
            indent.push_str(&text[..text.len() - trimmed.len()]);
            if !trimmed.is_empty() {
                rest.push((*class, trimmed.to_string()));
            }
        } else {
            rest.push((*class, text.clone()));
        }
    }
    (indent, rest)
}

fn chip(ctx: &Ctx, task: &TaskView, running: bool) -> Html {
    let stack = task.stack.join(" → ");
    let state = ctx.t(task.state.message());
    let label = format!("{}: {stack} — {state}", task.name);
    html! {
        <span class={classes!("chip", running.then_some("running"))} style={format!("--c:{}", task_colour(task.id))}
            tabindex="0" title={label.clone()} aria-label={label}>
            // On a phone only the number shows (`Task-` is hidden by the stylesheet), so
            // that the program keeps its width; the label still names the task.
            if let Some(number) = task.name.strip_prefix("Task-") {
                <span class="chip-prefix">{ "Task-" }</span>{ number.to_string() }
            } else {
                { task.name.clone() }
            }
            <span class="chip-stack" aria-hidden="true">{ stack }</span>
        </span>
    }
}

/// The names of the `others` tasks on a line besides `first`, as its window of tasks
/// lists them, and "and N more" for the rest.
fn others_named(ctx: &Ctx, here: Option<&Window<u32>>, first: Option<u32>, others: usize) -> String {
    let named: Vec<String> = here.into_iter().flat_map(|w| w.iter()).filter(|&&id| Some(id) != first).map(|&id| task_name(id)).collect();
    let mut names = named.join(", ");
    if others > named.len() {
        names = format!("{names} {}", ctx.tr(&Msg::new("loop-more").arg("n", others - named.len())));
    }
    names
}

/// Scrolls the window so that `row` starts in the part of it the stepping leaves free, a
/// third of the way down, when its start (its first line: a long line wraps on a phone) is
/// not already there: on a phone between the sticky run bar and the stepper's bar fixed at
/// the bottom; on a wider screen between the stepper (sticky below the run bar) and the
/// window's bottom — there only while the reader is at the stepper (it is in view), so that
/// a step taken while reading the timeline does not move the page.
///
/// `landing` (a step link's run, opened at its step): on a wider screen the window is first
/// brought to the stepper, wherever the reader is, so that the step's sentence and line show
/// together.
fn keep_in_window(row: &web_sys::HtmlElement, landing: bool) {
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
    let rect = |selector: &str| document.query_selector(selector).ok().flatten().map(|b| b.get_bounding_client_rect()).filter(|b| b.height() > 0.0);
    let top_bar = rect(".run-bar").map_or(0.0, |b| b.bottom().max(0.0));
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    if let (true, None, Some(stepper)) = (landing, rect(".compact-stepper"), rect("#stepper")) {
        window.scroll_by_with_x_and_y(0.0, stepper.top() - top_bar);
    }
    let (from, to) = match (rect(".compact-stepper"), rect("#stepper")) {
        (Some(bottom_bar), _) => (top_bar, bottom_bar.top()),
        (None, Some(stepper)) if stepper.bottom() > top_bar && stepper.top() < height => (stepper.bottom().max(top_bar), height),
        _ => return,
    };
    let r = row.get_bounding_client_rect();
    let first_line = r.height().min(24.0);
    if to - from < first_line || (r.top() >= from && r.top() + first_line <= to) {
        return;
    }
    let target = from + (to - from - r.height().min(to - from)) / 3.0;
    window.scroll_by_with_x_and_y(0.0, r.top() - target);
}

/// A step link's landing: the window is brought to the step's line `line` now, and again
/// while the page settles around it (the other teaching views arrive and draw over the next
/// moments, and move it), until the reader scrolls, taps or presses a key: from then on the
/// page is theirs.
fn land_on(code: web_sys::HtmlElement, line: u32) {
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    fn row(code: &web_sys::HtmlElement, line: u32) -> Option<web_sys::HtmlElement> {
        code.query_selector(&format!("[data-line=\"{line}\"] > .src")).ok().flatten()?.dyn_into::<web_sys::HtmlElement>().ok()
    }
    let Some(window) = web_sys::window() else { return };
    // The reader's own moves end the landing; the listeners go with its last timer.
    let moved = Rc::new(Cell::new(false));
    let on_move = {
        let moved = moved.clone();
        wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || moved.set(true))
    };
    const MOVES: [&str; 4] = ["wheel", "touchstart", "keydown", "pointerdown"];
    for kind in MOVES {
        let _ = window.add_event_listener_with_callback(kind, on_move.as_ref().unchecked_ref());
    }
    let place = move || {
        if let Some(r) = row(&code, line) {
            keep_in_window(&r, true);
        }
    };
    place();
    let delays = [100, 300, 700, 1500];
    for (n, ms) in delays.into_iter().enumerate() {
        let (moved, place) = (moved.clone(), place.clone());
        let last = (n + 1 == delays.len()).then(|| (window.clone(), on_move.as_ref().clone()));
        gloo_timers::callback::Timeout::new(ms, move || {
            if !moved.get() {
                place();
            }
            if let Some((window, listener)) = last {
                for kind in MOVES {
                    let _ = window.remove_event_listener_with_callback(kind, listener.unchecked_ref());
                }
            }
        })
        .forget();
    }
    // Kept until the last timer has taken the listeners away.
    on_move.forget();
}

#[derive(Properties, PartialEq)]
struct ProgramProps {
    source: Rc<Source>,
    view: Option<Rc<StepView>>,
    label: AttrValue,
    /// The line the current step's event is on, when the step is this program's.
    step_line: Option<u32>,
    /// What the run found in the program, by line (`scenarios::diagnostics`), in the
    /// reader's language: each such line carries a mark that says it.
    findings: Rc<Vec<(u32, String)>>,
    /// The playhead is on a step (not at the run's end). Only then does the window follow
    /// the step's line: at the end of a run the results take the view
    /// (`use_results_into_view`). When the line is first shown with the playhead already on
    /// a step (a step link's run), the window is brought to it (`land_on`).
    stepping: bool,
}

/// One program with its tasks' lines.
#[function_component(Program)]
fn program(p: &ProgramProps) -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    let copied = use_state(|| false);
    let scroller = use_node_ref();
    let running_task = p.view.as_ref().and_then(|v| v.running.and_then(|r| v.task(r)));
    let running_line = running_task.as_ref().map(|t| t.line);
    // The step's line: the running task's, else the line the step's event is on (a task
    // suspends or is woken there) — the line its sentence speaks of.
    let step_line = running_line.or(p.step_line);
    {
        // Keep the step's line in view inside the code box, and in the window too, where
        // the stepping leaves room for it (keep_in_window).
        let scroller = scroller.clone();
        let first = use_mut_ref(|| true);
        let stepping = p.stepping;
        use_effect_with(step_line, move |line| {
            // Only the first time a line is shown: later steps move the window as usual.
            let first_shown = line.is_some() && std::mem::replace(&mut *first.borrow_mut(), false);
            let landing = stepping && first_shown;
            if let (Some(line), Some(el)) = (*line, scroller.cast::<web_sys::HtmlElement>()) {
                if let Ok(Some(row)) = el.query_selector(&format!("[data-line=\"{line}\"] > .src")) {
                    if let Ok(row) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(row) {
                        let (top, h, view) = (row.offset_top(), row.offset_height(), el.client_height());
                        if top < el.scroll_top() || top + h > el.scroll_top() + view {
                            el.set_scroll_top((top - view / 3).max(0));
                        }
                        if landing {
                            land_on(el.clone(), line);
                        } else if stepping {
                            keep_in_window(&row, false);
                        }
                    }
                }
            }
        });
    }
    let on_copy = {
        let (text, copied) = (p.source.text.clone(), copied.clone());
        Callback::from(move |_| {
            if let Some(window) = web_sys::window() {
                let _ = window.navigator().clipboard().write_text(&text);
                copied.set(true);
            }
        })
    };
    let rows = lines(&p.source.text);
    html! {
        <div class="program">
            <div class="program-head">
                if !p.label.is_empty() { <h3>{ p.label.clone() }</h3> }
                <button type="button" class="secondary" onclick={on_copy}>{ if *copied { ctx.t("python-copied") } else { ctx.t("python-copy") } }</button>
            </div>
            <div class={classes!("code", p.view.is_none().then_some("no-tasks"))} ref={scroller} tabindex="0" role="region" aria-label={ctx.t("python-source")}>
                <pre><code class="language-python">
                { for rows.iter().enumerate().map(|(i, toks)| {
                    let line = i as u32 + 1;
                    // The live tasks on the line: a window of them, by id, and how many.
                    let here = p.view.as_ref().and_then(|v| v.on_line(line));
                    let count = here.map_or(0, |w| w.len());
                    let is_running = running_line == Some(line);
                    let is_step = step_line == Some(line);
                    // The running task's chip first, then the others as "+N" (named on hover).
                    let first = if is_running { running_task.clone() } else { here.and_then(|w| w.shown.first()).and_then(|&id| p.view.as_ref().and_then(|v| v.task(id))) };
                    let style = first.as_ref().map(|t| format!("--c:{}", task_colour(t.id))).unwrap_or_default();
                    let (indent, toks) = split_indent(toks);
                    let others = (count > 1).then(|| others_named(&ctx, here, first.as_ref().map(|t| t.id), count - 1));
                    let found: Vec<&str> = p.findings.iter().filter(|(l, _)| *l == line).map(|(_, text)| text.as_str()).collect();
                    let found = (!found.is_empty()).then(|| found.join("\n"));
                    html! {
                        <span class={classes!("code-line", is_running.then_some("line-running"), (count > 0 && !is_running).then_some("line-task"), (is_step && !is_running).then_some("line-step"), found.is_some().then_some("line-finding"))}
                            data-line={line.to_string()} {style} aria-current={is_step.then_some("step")}>
                            <span class="ln" aria-hidden="true">{ line }</span>
                            <span class="who">
                                if let Some(text) = &found {
                                    <span class="finding-mark" role="img" title={text.clone()} aria-label={text.clone()}>{ "⚠" }</span>
                                }
                                if let Some(first) = &first { { chip(&ctx, first, is_running) } }
                                if let Some(names) = others {
                                    <span class="chip more" tabindex="0" title={names.clone()} aria-label={names}>
                                        { format!("+{}", count - 1) }
                                    </span>
                                }
                            </span>
                            // A wrapped line goes on under its own indentation (the
                            // indentation does not wrap), one level further in.
                            <span class="src">
                                <span class="indent">{ indent }</span>
                                <span class="text">
                                    { for toks.iter().map(|(class, text)| match class {
                                        Some(class) => html! { <span class={*class}>{ breakable(text) }</span> },
                                        None => breakable(text),
                                    }) }
                                </span>
                            </span>
                            { "\n" }
                        </span>
                    }
                }) }
                </code></pre>
            </div>
        </div>
    }
}

#[function_component(PythonPanel)]
pub fn python_panel() -> Html {
    let (ctx, stepping) = use_stepping();
    let runs = ctx.runs();
    let programs: Vec<(String, Rc<Source>, Option<Rc<StepView>>)> = if let (true, Some(code)) = (runs.is_empty(), &ctx.form.code) {
        vec![(String::new(), Rc::new(Source::plain(code)), None)]
    } else if runs.is_empty() {
        // While Predict first asks, without the comments that state the outcome.
        let shown = |src: Source| if ctx.predict.asking() { Source::plain(&src.text_while_asking()) } else { src };
        ctx.form.values.as_ref().map(|v| (String::new(), Rc::new(shown(ctx.form.scenario.source(v))), None)).into_iter().collect()
    } else {
        runs.iter().enumerate().map(|(i, run)| (run.label(ctx.settings.lang), run.source().clone(), stepping.views.get(i).cloned().flatten())).collect()
    };
    let step_line = |i: usize| stepping.line.filter(|(run, _)| *run == i).map(|(_, line)| line);
    let findings = |i: usize| -> Rc<Vec<(u32, String)>> {
        let found = runs.get(i).map(|r| r.study().findings.clone()).unwrap_or_default();
        Rc::new(found.iter().filter(|d| d.line > 0).take(100).map(|d| (d.line, joined(&ctx.parts(&d.msg)))).collect())
    };
    let on_step = !stepping.at_end;
    // A swipe across the program steps: left for the next step, right for the one before.
    let touch_start = use_mut_ref(|| None::<(i32, i32)>);
    let on_touch_start = {
        let touch_start = touch_start.clone();
        Callback::from(move |e: TouchEvent| *touch_start.borrow_mut() = e.changed_touches().get(0).map(|t| (t.client_x(), t.client_y())))
    };
    let on_touch_end = {
        let (dispatch, steps, playhead) = (ctx.dispatcher(), stepping.len(), (!stepping.at_end).then_some(stepping.index));
        Callback::from(move |e: TouchEvent| {
            let (Some((x0, y0)), Some(t)) = (touch_start.borrow_mut().take(), e.changed_touches().get(0)) else { return };
            if let Some(step) = Step::of_swipe(t.client_x() - x0, t.client_y() - y0) {
                if let Some(to) = step.from(playhead, steps) {
                    dispatch.dispatch(Action::SetPlayhead(Some(to)));
                }
            }
        })
    };
    html! {
        <section id="python" class={classes!("panel", "python", (programs.len() > 1).then_some("two"))} aria-labelledby="python-title" tabindex="-1"
            ontouchstart={on_touch_start} ontouchend={on_touch_end}>
            <h2 id="python-title">{ ctx.t("python-title") }</h2>
            if programs.is_empty() {
                <p class="hint">{ ctx.t("python-invalid") }</p>
            }
            <div class="programs">
                { for programs.into_iter().enumerate().map(|(i, (label, source, view))| html! { <Program {source} {view} label={AttrValue::from(label)} step_line={step_line(i)} findings={findings(i)} stepping={on_step} /> }) }
            </div>
            <p class="hint">{ ctx.t("python-hint") }</p>
        </section>
    }
}
