//! The reducer: the page's next state after an action. Pure — starting and stopping runs
//! happens in `ui::runs`, which dispatches the outcomes back here; a finished run arrives
//! as shared results (its [`Study`] worked out later, by the views that show it), so no
//! action copies a trace. Updates of any run but the one in
//! progress are ignored, so a stale run never overwrites a newer state.

use std::rc::Rc;

use super::course::{self, CourseChange};
use super::predict::{PredictAction, Touch};
use super::restore::PageRequest;
use super::{limits, Action, Form, Notices, RunSlot, State};
use crate::contract::PageQuery;
use crate::i18n::{Lang, Msg};
use crate::scenarios::code::{CodeFrom, MAX_CHARS};
use crate::scenarios::{all, find, ClockKind};
#[cfg(doc)]
use crate::teach::Study;

/// The state after `action`.
///
/// # Examples
/// ```
/// use std::rc::Rc;
/// use asyncio_playground::page::{reduce, Action, State};
/// let s = reduce(Rc::new(State::new("")), Action::SelectScenario("lock"));
/// assert_eq!(s.form.scenario.id, "lock");
/// assert_eq!(s.version, 1);
/// ```
pub fn reduce(state: Rc<State>, action: Action) -> Rc<State> {
    let live_id = state.slot.live_id();
    match &action {
        Action::Progress { id, .. } | Action::Halted { id } | Action::Finished { id, .. } if live_id != Some(*id) => return state,
        _ => {}
    }
    let mut s = (*state).clone();
    let touch = Touch::of(&action);
    // Predict first switched on by a restored URL (`predict=1`), after the restore's own touch.
    let mut then_predict = None;
    let restored = matches!(action, Action::Restore { .. } | Action::SetParams { .. });
    match action {
        Action::SelectScenario(id) => {
            if let Some(scenario) = find(id) {
                if !s.is_running() {
                    let old = &state.form;
                    s.form = Form::for_scenario(scenario);
                    s.form.clock = old.clock;
                    s.form.set_scale(old.scale_raw.clone());
                    s.form.compare = old.compare && scenario.compare.is_some();
                    s.slot = RunSlot::default();
                    s.notices = Notices::default();
                }
            }
        }
        Action::SetParam(name, raw) => {
            s.form.set_param(name, raw);
            s.form.validate();
        }
        Action::ResetParams => s.form.reset_params(),
        Action::SetClock(c) => s.form.clock = c,
        Action::SetScale(raw) => s.form.set_scale(raw),
        Action::SetCompare(on) => s.form.compare = on && s.form.scenario.compare.is_some(),
        Action::SetAxis(axis) => {
            s.settings.axis = axis;
            s.slot.playhead = None;
        }
        Action::SetLang(lang) => s.settings.lang = lang,
        Action::MessagesArrived => s.settings.messages_arrived += 1,
        Action::Restore { query, fallback_lang } => then_predict = restore_page(&mut s, &query, fallback_lang),
        Action::SetParams { params, clock, scale } => {
            let scenario = s.form.scenario.id;
            restore_form(&mut s, scenario, params, clock, scale);
        }
        Action::Started { id, planned } => s.slot.start(id, planned),
        Action::Progress { now, .. } => {
            if let super::RunState::Running(live) = &mut s.slot.run {
                live.now = now;
                live.reports += 1;
            }
        }
        Action::Halted { .. } => {
            if let super::RunState::Running(live) = &mut s.slot.run {
                live.halted = true;
            }
        }
        Action::Finished { runs, .. } => {
            s.slot.finish(runs);
            open_at_pending_step(&mut s);
        }
        Action::SetPlayhead(p) => s.slot.playhead = p,
        Action::ShowMore => s.slot.show_more(),
        Action::ServiceWorker(ready) => s.settings.service_worker = Some(ready),
        Action::Notice(msg) => s.notices.push(msg),
        Action::EditCode(code) => {
            if !s.is_running() {
                s.form.code = code.filter(|c| c.chars().count() <= MAX_CHARS);
                s.form.code_from = None;
                s.form.code_refused = None;
                s.slot = RunSlot::default();
            }
        }
        Action::SetCode(text) => {
            if s.form.code.is_some() {
                s.form.code = Some(text);
            }
        }
        Action::CodeRefused(why) => {
            if s.form.code.is_some() && !s.is_running() {
                s.form.code_refused = Some(why);
            }
        }
        Action::CodeStarted { id } => {
            s.form.code_from = None;
            s.form.code_refused = None;
            s.slot.code_end = None;
            s.slot.start(id, Vec::new());
        }
        Action::CodeEnded => {
            if s.is_running() {
                s.slot.clear();
            }
        }
        Action::CodeUnrun(why) => s.slot.code_end = Some(why),
        Action::Predict(_) => {}
        Action::Course(a) => then_predict = course(&mut s, a),
    }
    let (predict, mut put_away) = state.predict.next(touch, &s);
    s.predict = predict;
    if let Some(action) = then_predict {
        let (predict, again) = s.predict.next(Touch::Predict(action), &s);
        s.predict = predict;
        put_away |= again;
    }
    if s.predict.on {
        // One run, judged against the questions (no Compare); a run that would answer new
        // questions goes.
        s.form.compare = false;
        if put_away && !s.is_running() {
            s.slot.clear();
        }
    }
    limits::refresh(&mut s.form, &s.settings.page_origin);
    s.version = state.version + 1;
    if restored {
        s.restored_at = s.version;
    }
    Rc::new(s)
}

/// The course after `action`, the form set as it asks (not while a run is in progress);
/// Predict first's action when it asks for one.
fn course(s: &mut State, change: CourseChange) -> Option<PredictAction> {
    let fx = match change {
        CourseChange::Show(open) => {
            s.course.show(open);
            return None;
        }
        CourseChange::Next(next) => {
            let (course, fx) = next(&s.course);
            s.course = course;
            fx
        }
    };
    if let Some((scenario, params)) = fx.form.filter(|_| !s.is_running()) {
        let (clock, scale) = (None, None);
        restore_form(s, scenario, params, clock, scale);
    }
    fx.predict.filter(|on| *on != s.predict.on).map(PredictAction::SetOn)
}

/// The page as the URL `query` describes it (the language `fallback_lang` when it names
/// none); Predict first's action when the URL asks for it.
fn restore_page(s: &mut State, query: &PageQuery, fallback_lang: Lang) -> Option<PredictAction> {
    let req = PageRequest::of(query);
    let mut lesson_predict = None;
    let mut params = req.params.clone();
    if let Some(lesson) = req.lesson.filter(|_| req.controls && !req.embed) {
        // A link to a lesson (`lesson=`, `stage=`): the course opens there; without the
        // scenario's values, the lesson's own.
        if params.is_empty() {
            params = course::opening(lesson).1;
        }
        // (A link with the scenario's values, or with an own program, keeps them.)
        let given = req.params.len() + usize::from(req.code.is_some()) > 0;
        lesson_predict = Some(s.course.link(lesson, req.stage, given));
    }
    restore_form(s, &query.scenario, params, req.clock, req.scale);
    if let Some(code) = req.code.filter(|c| c.chars().count() <= MAX_CHARS) {
        // Whether it is the playground's own example (no note) is for the editor's panel to
        // say: it renders the example (the first screen carries no program).
        s.form.code_from = Some(CodeFrom::of(&code, None, req.embed));
        s.form.code = Some(code);
    }
    s.form.compare = req.compare && s.form.scenario.compare.is_some();
    s.settings.axis = req.axis;
    s.settings.lang = req.lang.unwrap_or(fallback_lang);
    s.settings.output_only = !req.controls;
    req.notices.into_iter().for_each(|n| s.notices.push(n));
    s.slot.pending_step = req.step.map(|n| n.saturating_sub(1));
    if req.controls && req.predict {
        return Some(PredictAction::SetOn(true));
    }
    lesson_predict.filter(|on| *on).map(PredictAction::SetOn)
}

/// A link's `step=N` puts the playhead of the run that just finished there; a run with fewer
/// steps stays at its end, and a notice says so (never a silent clamp).
fn open_at_pending_step(s: &mut State) {
    let Some(step) = s.slot.pending_step.take() else { return };
    let steps = s.step_count();
    if step < steps {
        s.slot.playhead = Some(step);
    } else {
        s.notices.push(Msg::new("notice-step-beyond").arg("step", step + 1).arg("steps", steps));
    }
}

/// A new form for scenario `scenario_id` (the first one, said in a notice, if there is no
/// such scenario) with `params` typed in and the clock and scale given, keeping the clock
/// and scale otherwise; nothing shown, and the notices are the restore's own.
fn restore_form(s: &mut State, scenario_id: &str, params: Vec<(String, String)>, clock: Option<String>, scale: Option<String>) {
    let mut notices = Vec::new();
    let target = match find(scenario_id) {
        Some(sc) => sc,
        None => {
            notices.push(Msg::new("notice-unknown-scenario").echo("scenario", &shown(scenario_id)).arg("shown", all()[0].id));
            &all()[0]
        }
    };
    let old = std::mem::replace(&mut s.form, Form::for_scenario(target));
    s.form.clock = old.clock;
    s.form.set_scale(old.scale_raw);
    for (name, value) in params {
        if !s.form.set_param(&name, value) {
            notices.push(Msg::new("notice-unknown-param").echo("param", &shown(&name)));
        }
    }
    s.form.validate();
    if let Some(name) = clock.as_deref() {
        match ClockKind::parse(name) {
            Some(kind) => s.form.clock = kind,
            None => notices.extend(super::form::check_key("clock", name).err()),
        }
    }
    if let Some(scale) = scale {
        s.form.set_scale(scale);
    }
    s.slot = RunSlot::default();
    s.notices.replace(notices);
}

/// At most 40 characters of a value, for a message about it.
fn shown(raw: &str) -> String {
    raw.chars().take(40).collect()
}
