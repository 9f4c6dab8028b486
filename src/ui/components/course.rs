//! The course's panel (in the teaching chunk): the lesson list with each lesson's state and
//! the next one to take, and the current lesson step by step — its explanation, Predict
//! first, the run, then its challenge and the verdict of the last run judged. It judges
//! each finished run of the lesson's challenge with the lesson's own judge and hands the
//! verdict to the state. Its effects: the progress read from the device when the course
//! opens and written back as it changes, and `#lesson-state` kept current.
//! The lessons are `crate::scenarios::lesson`'s; the course's state is `crate::page::course`.

use std::rc::Rc;

use yew::prelude::*;

use super::{sentence, Ctx};
use crate::i18n::Msg;
use crate::page::course::{CourseAction, CourseChange, Progress, Stage};
use crate::scenarios::lesson::{Change, Lesson};
use crate::scenarios::lessons;
use crate::ui::state::Action;

/// The `localStorage` key of the course's progress ([`crate::page::course::Progress`]).
const PROGRESS_KEY: &str = "asyncio-playground.course.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn course(action: CourseAction) -> Action {
    Action::Course(CourseChange::of(action))
}

/// The course's effects: the progress read once, written as it changes; `#lesson-state`;
/// each finished run of the challenge judged.
#[hook]
fn use_course(ctx: &Ctx) {
    {
        let dispatch = ctx.dispatcher();
        use_effect_with((), move |_| {
            let stored = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten());
            dispatch.dispatch(course(CourseAction::Loaded(stored.as_deref().map(Progress::from_text))));
        });
    }
    {
        // Opened by the switch: the page goes to the lesson (after the progress is read).
        let dispatch = ctx.dispatcher();
        use_effect_with(ctx.course.opening, move |opening| {
            if *opening {
                dispatch.dispatch(course(CourseAction::Open));
            }
        });
    }
    {
        // A link straight to a challenge, without values: its starting values.
        let dispatch = ctx.dispatcher();
        let pending = ctx.course.start_pending.then(|| lessons::find(ctx.course.progress.lesson)).flatten();
        use_effect_with(pending.map(|l| l.id), move |id| {
            if let Some(l) = id.and_then(lessons::find) {
                dispatch.dispatch(course(CourseAction::StartChallenge(starting(l))));
            }
        });
    }
    {
        let text = ctx.course.loaded.then(|| ctx.course.progress.to_text());
        use_effect_with(text, |text| {
            if let (Some(text), Some(s)) = (text, storage()) {
                let _ = s.set_item(PROGRESS_KEY, text);
            }
        });
    }
    {
        // A verdict is where the learner looks next: after a run the page shows the results,
        // so the verdict, above them, comes into view.
        let verdict = ctx.course.verdict.as_ref().map(|v| Rc::as_ptr(v) as usize);
        use_effect_with(verdict, |verdict| {
            if verdict.is_some() {
                gloo_timers::callback::Timeout::new(0, || {
                    let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("#course .course-verdict").ok().flatten());
                    if let Some(el) = el {
                        let options = web_sys::ScrollIntoViewOptions::new();
                        options.set_block(web_sys::ScrollLogicalPosition::Center);
                        el.scroll_into_view_with_scroll_into_view_options(&options);
                    }
                })
                .forget();
            }
        });
    }
    {
        let json = ctx.course.state_json().to_string();
        use_effect_with(json, |json| crate::ui::predict::json_script("lesson-state", json));
    }
    {
        // The run shown (by its result's address: a new run is a new result).
        let run = ctx.runs().first().map(|r| Rc::as_ptr(&r.result) as usize);
        let key = (run, ctx.course.progress.lesson, ctx.course.progress.stage);
        let ctx = ctx.clone();
        use_effect_with(key, move |(run, lesson_id, stage)| {
            if run.is_none() || *stage != Stage::Challenge {
                return;
            }
            let Some(lesson) = lessons::find(lesson_id) else { return };
            // Of a Compare's two runs, the one that meets the goal (else the first judged).
            let mut verdicts = ctx.runs().iter().filter_map(|r| lesson.judge(&r.result)).collect::<Vec<_>>();
            verdicts.sort_by_key(|j| !j.met);
            if let Some(j) = verdicts.into_iter().next() {
                ctx.dispatch(course(CourseAction::Judged(lesson.id, Rc::new(j))));
            }
        });
    }
}

/// The course's panel.
#[function_component(CoursePanel)]
pub fn course_panel() -> Html {
    let ctx = use_context::<Ctx>().expect("state context");
    use_course(&ctx);
    let c = &ctx.course;
    let Some(lesson) = lessons::find(c.progress.lesson) else { return html! {} };
    let close = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Course(CourseChange::Show(false))))
    };
    html! {
        <section id="course" class="panel course" aria-labelledby="course-title">
            <div class="course-head">
                <h2 id="course-title">{ ctx.t("course-title") }</h2>
                <button type="button" class="secondary course-close" onclick={close}>{ ctx.t("course-close") }</button>
            </div>
            if let Some(notice) = c.notice {
                <p class="notice course-notice" role="status">{ ctx.t(notice.msg_id()) }</p>
            }
            { lesson_list(&ctx) }
            { lesson_view(&ctx, lesson) }
        </section>
    }
}

/// Every lesson with its state, the next one to take marked, and Reset.
fn lesson_list(ctx: &Ctx) -> Html {
    let p = &ctx.course.progress;
    let next = p.next_lesson();
    let reset = {
        let dispatch = ctx.dispatcher();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(course(CourseAction::Reset)))
    };
    let items: Html = lessons::all()
        .map(|l| {
            let state = p.state_of(l.id);
            let here = l.id == p.lesson;
            let open = {
                let (dispatch, id) = (ctx.dispatcher(), l.id);
                Callback::from(move |_: MouseEvent| dispatch.dispatch(course(CourseAction::Lesson(id))))
            };
            html! {
                <li data-lesson={l.id} data-state={state.name()} class={classes!(here.then_some("here"))}>
                    <button type="button" class="lesson-open" onclick={open} aria-current={here.then_some("true")} disabled={ctx.is_running()}>
                        { ctx.t(l.title) }
                    </button>
                    <span class="lesson-state">
                        { ctx.t(state.label()) }
                        if next == Some(l.id) && !here { { " " }<span class="lesson-next">{ ctx.t("course-next-marker") }</span> }
                    </span>
                </li>
            }
        })
        .collect();
    let done = p.done.len();
    html! {
        // (Open for a learner who has not begun; afterwards the lesson comes first, the list a
        // tap away.)
        <details class="course-lessons" open={p.done.is_empty() && p.lesson == lessons::IDS[0] && p.stage == Stage::Explain}>
            <summary class="course-lessons-summary">{ format!("{} ({done}/{})", ctx.t("course-lessons"), lessons::IDS.len()) }</summary>
            <p class="hint">{ ctx.t("course-intro") }</p>
            <ol class="lesson-list">{ items }</ol>
            <button type="button" class="secondary course-reset" onclick={reset} disabled={ctx.is_running()}>{ ctx.t("course-reset") }</button>
        </details>
    }
}

/// The current lesson: its steps, the one shown, and the way on.
fn lesson_view(ctx: &Ctx, lesson: &'static Lesson) -> Html {
    let stage = ctx.course.progress.stage;
    let go = |to: Stage| -> Callback<MouseEvent> {
        let dispatch = ctx.dispatcher();
        let action = if to == Stage::Challenge { CourseAction::StartChallenge(starting(lesson)) } else { CourseAction::Stage(to) };
        Callback::from(move |_: MouseEvent| dispatch.dispatch(course(action.clone())))
    };
    let steps: Html = Stage::ALL
        .iter()
        .map(|s| {
            let here = *s == stage;
            html! {
                <li class={classes!(here.then_some("here"))}>
                    <button type="button" class="stage" data-stage={s.name()} aria-current={here.then_some("step")} onclick={go(*s)} disabled={ctx.is_running()}>
                        { ctx.t(s.label()) }
                    </button>
                </li>
            }
        })
        .collect();
    let body = match stage {
        Stage::Explain => html! { <p class="lesson-explain">{ ctx.t(lesson.explain) }</p> },
        Stage::Predict => html! { <p class="hint">{ ctx.t("course-predict-how") }</p> },
        Stage::Run => html! { <p class="hint">{ ctx.t("course-run-how") }</p> },
        Stage::Challenge => challenge(ctx, lesson),
    };
    let way_on = match stage.next() {
        Some(next) => html! {
            <button type="button" class="course-next" onclick={go(next)} disabled={ctx.is_running()}>
                { ctx.tr(&Msg::new("course-next-stage").arg("stage", Msg::new(next.label()))) }
            </button>
        },
        None => next_lesson(ctx, lesson),
    };
    html! {
        <div class="lesson" data-lesson={lesson.id}>
            <h3 class="lesson-title">{ ctx.t(lesson.title) }</h3>
            <ol class="stages" aria-label={ctx.t("course-stages")}>{ steps }</ol>
            <div class="stage-body" data-stage={stage.name()}>{ body }</div>
            <div class="course-nav">{ way_on }</div>
        </div>
    }
}

/// The values the lesson's challenge starts from, as the form takes them.
fn starting(lesson: &Lesson) -> Vec<(String, String)> {
    lesson.challenge.starts_from.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The challenge: its goal, how to work on it, and the verdict of the last judged run.
fn challenge(ctx: &Ctx, lesson: &'static Lesson) -> Html {
    let restart = {
        let (dispatch, values) = (ctx.dispatcher(), starting(lesson));
        Callback::from(move |_: MouseEvent| dispatch.dispatch(course(CourseAction::StartChallenge(values.clone()))))
    };
    let program = lesson.challenge.change == Change::Program;
    let edit = {
        let dispatch = ctx.dispatcher();
        let code = ctx.form.values.as_ref().filter(|_| ctx.form.code.is_none()).map(|v| ctx.form.scenario.python(v));
        Callback::from(move |_: MouseEvent| {
            if let Some(code) = code.clone() {
                dispatch.dispatch(Action::EditCode(Some(code)));
            }
        })
    };
    let verdict = match &ctx.course.verdict {
        None => html! { <p class="verdict verdict-waiting">{ ctx.t("course-verdict-waiting") }</p> },
        Some(j) => html! {
            <div class={classes!("verdict", if j.met { "met" } else { "missed" })} data-met={j.met.to_string()}>
                <p><strong>{ ctx.t(if j.met { "course-verdict-met" } else { "course-verdict-missed" }) }</strong>{ " " }{ sentence(&ctx.parts(&j.showed)) }</p>
                if let Some(why) = &j.why {
                    <p class="verdict-why">{ sentence(&ctx.parts(&Msg::new("course-verdict-why").arg("why", why.clone()))) }</p>
                }
            </div>
        },
    };
    html! {
        <>
            <p class="lesson-goal"><strong>{ ctx.t(lesson.challenge.goal) }</strong></p>
            <p class="hint">{ ctx.t(if program { "course-challenge-how-program" } else { "course-challenge-how" }) }</p>
            if program && ctx.form.code.is_none() {
                <button type="button" class="secondary course-edit" onclick={edit} disabled={ctx.is_running() || ctx.course.start_pending}>{ ctx.t("course-challenge-open-program") }</button>
            }
            <div class="course-verdict" role="status" aria-live="polite">{ verdict }</div>
            <button type="button" class="secondary course-restart" onclick={restart} disabled={ctx.is_running()}>{ ctx.t("course-challenge-restart") }</button>
        </>
    }
}

/// After the challenge: the next lesson to take, or the end of the course.
fn next_lesson(ctx: &Ctx, lesson: &'static Lesson) -> Html {
    if !ctx.course.progress.done.contains(&lesson.id) {
        return html! {};
    }
    let after = lessons::IDS.iter().position(|id| *id == lesson.id).and_then(|i| lessons::IDS.get(i + 1..)).unwrap_or(&[]);
    let next = after.iter().chain(lessons::IDS.iter()).copied().find(|id| !ctx.course.progress.done.contains(id));
    match next.and_then(lessons::find) {
        Some(n) => {
            let dispatch = ctx.dispatcher();
            let id = n.id;
            let onclick = Callback::from(move |_: MouseEvent| dispatch.dispatch(course(CourseAction::Lesson(id))));
            html! {
                <button type="button" class="course-next" {onclick} disabled={ctx.is_running()}>
                    { ctx.tr(&Msg::new("course-next-lesson").arg("title", Msg::new(n.title))) }
                </button>
            }
        }
        None => html! { <p class="course-finished">{ ctx.t("course-finished") }</p> },
    }
}
