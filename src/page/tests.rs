//! The reducer's tests: restore, scenario switch, stepping, Compare on and off (labels
//! that follow the run), stale runs, notices, Run my code, Predict first.

use std::rc::Rc;

use super::predict::PredictAction;
use super::step::Step;
use super::*;
use crate::contract::read_query;
use crate::i18n::Lang;
use crate::scenarios::{run_virtual, ClockKind, RunResult};
use crate::teach::Axis;

fn page() -> Rc<State> {
    Rc::new(State::new("https://docs.example"))
}

fn apply(s: &Rc<State>, actions: impl IntoIterator<Item = Action>) -> Rc<State> {
    actions.into_iter().fold(s.clone(), reduce)
}

fn query(pairs: &[(&str, &str)]) -> crate::contract::PageQuery {
    read_query(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()).expect("a query")
}

fn restore(s: &Rc<State>, pairs: &[(&str, &str)], fallback_lang: Lang) -> Rc<State> {
    reduce(s.clone(), Action::Restore { query: query(pairs), fallback_lang })
}

/// What `ui::runs` dispatches for a virtual run of the form as it is: its start (with the
/// variants planned), then its results, with Predict first's verdicts judged as it finishes.
fn run(s: &Rc<State>, id: u64) -> Rc<State> {
    let variants = s.form.variants();
    let planned = Planned::of(&variants);
    let results: Vec<Rc<RunResult>> = variants.iter().map(|(_, v)| Rc::new(run_virtual(s.form.scenario, v))).collect();
    let judged = results.first().and_then(|first| s.predict.judge(first, false));
    let runs = results.into_iter().map(Finished::new).collect();
    apply(s, [Action::Started { id, planned }, Action::Finished { id, runs, judged }])
}

fn labels(s: &State) -> Vec<String> {
    s.runs().iter().map(|r| r.label(Lang::En)).collect()
}

#[test]
fn a_restore_reads_every_key_of_the_url_in_one_action() {
    let s = page();
    let pairs = [
        ("scenario", "lock"),
        ("workers", "abc"),
        ("bogus", "1"),
        ("clock", "real"),
        ("scale", "0.5"),
        ("axis", "iter"),
        ("lang", "hi"),
        ("compare", "1"),
        ("controls", "0"),
    ];
    let r = restore(&s, &pairs, Lang::En);
    assert_eq!(r.version, s.version + 1);
    assert_eq!(r.restored_at, r.version);
    assert_eq!(r.form.scenario.id, "lock");
    assert!(r.form.error_for("workers").is_some() && r.form.values.is_none());
    assert_eq!(r.form.clock, ClockKind::Real);
    assert_eq!(r.form.scale(), Some(0.5));
    assert!(r.form.compare);
    assert_eq!((r.settings.axis, r.settings.lang, r.settings.output_only), (Some(Axis::Iterations), Lang::Hi, true));
    assert!(r.notices.text(Lang::En).contains("bogus"), "{}", r.notices.text(Lang::En));
    assert!(!r.can_run());
}

#[test]
fn a_restore_of_an_unknown_scenario_shows_the_first_and_says_so() {
    let r = restore(&page(), &[("scenario", "nope"), ("theme", "blue")], Lang::Bn);
    assert_eq!(r.form.scenario.id, crate::scenarios::all()[0].id);
    let said = r.notices.text(Lang::En);
    assert!(said.contains("nope") && said.contains("theme"), "{said}");
    assert_eq!(r.settings.lang, Lang::Bn, "no lang= in the URL: the browser's language");
    assert!(r.can_run());
}

#[test]
fn a_restore_replaces_the_run_and_the_old_notices() {
    let s = run(&apply(&page(), [Action::SelectScenario("lock"), Action::Notice(crate::i18n::Msg::new("notice-needs-click"))]), 1);
    assert!(!s.runs().is_empty() && !s.notices.is_empty());
    let r = restore(&s, &[("scenario", "gather")], Lang::En);
    assert!(r.runs().is_empty() && r.notices.is_empty());
    assert_eq!(r.form.scenario.id, "gather");
}

#[test]
fn a_restore_with_predict_asks_first_and_runs_one_side_only() {
    let r = restore(&page(), &[("scenario", "lock"), ("compare", "1"), ("predict", "1")], Lang::En);
    assert!(r.predict.on && r.predict.asking());
    assert!(!r.form.compare, "Predict first judges one run");
    let output_only = restore(&page(), &[("scenario", "lock"), ("predict", "1"), ("controls", "0")], Lang::En);
    assert!(!output_only.predict.on, "no questions without the controls");
}

#[test]
fn set_params_keeps_the_scenario_and_marks_a_restore() {
    let s = apply(&page(), [Action::SelectScenario("lock"), Action::SetClock(ClockKind::Real)]);
    let r = reduce(s.clone(), Action::SetParams { params: vec![("workers".into(), "4".into())], clock: None, scale: Some("0.2".into()) });
    assert_eq!(r.form.scenario.id, "lock");
    assert_eq!(r.form.raw.iter().find(|(n, _)| *n == "workers").map(|(_, v)| v.as_str()), Some("4"));
    assert_eq!((r.form.clock, r.form.scale()), (ClockKind::Real, Some(0.2)));
    assert_eq!(r.restored_at, r.version);
    let edited = reduce(r.clone(), Action::SetParam("workers", "5".into()));
    assert!(edited.restored_at < edited.version, "an edit is not a restore");
}

#[test]
fn switching_scenario_keeps_the_page_settings_and_drops_the_run() {
    let s = apply(
        &page(),
        [
            Action::SelectScenario("lock"),
            Action::SetCompare(true),
            Action::SetClock(ClockKind::Real),
            Action::SetScale("0.3".into()),
            Action::SetLang(Lang::Hi),
        ],
    );
    let s = run(&apply(&s, [Action::SetClock(ClockKind::Virtual), Action::SetAxis(Some(Axis::Iterations))]), 7);
    assert_eq!(s.runs().len(), 2);
    let g = reduce(s.clone(), Action::SelectScenario("gather"));
    assert_eq!(g.form.scenario.id, "gather");
    assert!(g.form.compare, "gather compares too");
    assert_eq!((g.form.scale_raw.as_str(), g.settings.lang, g.settings.axis), ("0.3", Lang::Hi, Some(Axis::Iterations)));
    assert!(g.runs().is_empty() && g.slot.playhead.is_none());
    let without = crate::scenarios::all().iter().find(|sc| sc.compare.is_none()).expect("a scenario without Compare");
    assert!(!reduce(g, Action::SelectScenario(without.id)).form.compare);
    assert_eq!(reduce(s.clone(), Action::SelectScenario("no-such")).form.scenario.id, "lock");
}

#[test]
fn no_scenario_switch_under_a_run_in_progress() {
    let s = apply(&page(), [Action::SelectScenario("lock"), Action::Started { id: 1, planned: vec![Planned::default()] }]);
    let t = reduce(s.clone(), Action::SelectScenario("gather"));
    assert_eq!(t.form.scenario.id, "lock");
    assert!(t.is_running());
    let halted = reduce(t, Action::Halted { id: 1 });
    assert!(!halted.is_running(), "halted: Run again shows");
    assert_eq!(halted.slot.live_id(), Some(1), "its results are still to come");
}

#[test]
fn steps_move_forward_and_back_and_stop_at_the_ends() {
    let s = run(&reduce(page(), Action::SelectScenario("lock")), 1);
    let n = s.steps().len();
    assert!(n > 3);
    let go = |s: &Rc<State>, step: Step| reduce(s.clone(), Action::SetPlayhead(step.from(s.slot.playhead, s.steps().len())));
    assert_eq!(go(&s, Step::Forward).slot.playhead, Some(0), "from the end a run opens at, ▶ starts at the first step");
    let back = go(&s, Step::Back);
    assert_eq!(back.slot.playhead, Some(n - 2), "from the end, one back");
    assert_eq!(go(&back, Step::Forward).slot.playhead, Some(n - 1));
    let first = go(&back, Step::First);
    assert_eq!(first.slot.playhead, Some(0));
    assert_eq!(go(&first, Step::Back).slot.playhead, Some(0), "nothing before the first step");
    let last = go(&first, Step::Last);
    assert_eq!(go(&last, Step::Forward).slot.playhead, Some(n - 1), "nothing after the last");
    assert_eq!(Step::Forward.from(Some(n + 10), n), Some(n - 1));
    assert_eq!(Step::Forward.from(None, 0), None);
    assert_eq!(Step::of_key("ArrowLeft"), Some(Step::Back));
    assert_eq!(Step::of_key("End"), Some(Step::Last));
}

#[test]
fn on_the_iteration_axis_steps_follow_the_loop_iterations() {
    let s = run(&apply(&page(), [Action::SelectScenario("lock"), Action::SetAxis(Some(Axis::Iterations))]), 1);
    let study = s.runs()[0].study();
    let at: Vec<f64> = s.steps().iter().map(|&(_, k)| study.at(k, Axis::Iterations)).collect();
    assert!(at.windows(2).all(|w| w[0] <= w[1]), "{at:?}");
    assert!(at.last() > at.first(), "more than one iteration");
    let moved = reduce(s.clone(), Action::SetPlayhead(Some(2)));
    assert_eq!(reduce(moved, Action::SetAxis(Some(Axis::Time))).slot.playhead, None, "a new axis starts at the end");
}

#[test]
fn compare_labels_follow_the_run_not_the_form() {
    let s = run(&apply(&page(), [Action::SelectScenario("lock"), Action::SetCompare(true)]), 1);
    let ran = labels(&s);
    assert_eq!(ran.len(), 2);
    assert!(ran[0].starts_with("A: ") && ran[1].starts_with("B: "), "{ran:?}");
    assert_ne!(ran[0], ran[1]);
    let unticked = reduce(s.clone(), Action::SetCompare(false));
    assert!(!unticked.form.compare);
    assert_eq!(labels(&unticked), ran, "the runs shown are still A and B");
    let again = run(&unticked, 2);
    assert_eq!(labels(&again), vec![String::new()], "a new run of its own has no side");
    let hindi = reduce(s, Action::SetLang(Lang::Hi));
    assert!(labels(&hindi)[0].starts_with("A: "));
}

#[test]
fn a_run_keeps_the_program_it_ran() {
    let s = run(&reduce(page(), Action::SelectScenario("lock")), 1);
    let before = s.runs()[0].source().text.clone();
    let edited = reduce(s, Action::SetParam("workers", "7".into()));
    assert_eq!(edited.runs()[0].source().text, before, "the form changed, not the run");
    let values = edited.form.values.clone().expect("valid");
    assert_ne!(edited.form.scenario.source(&values).text, before);
    assert_eq!(edited.runs()[0].id, 1);
    assert!(matches!(edited.runs()[0].end(), crate::runtime::RunEnd::Completed));
}

#[test]
fn a_run_finishing_after_a_newer_one_started_is_ignored() {
    let s = reduce(page(), Action::SelectScenario("lock"));
    let values = s.form.values.clone().expect("valid");
    let result = Rc::new(run_virtual(s.form.scenario, &values));
    let finished = || vec![Finished::new(result.clone())];
    let s = apply(&s, [Action::Started { id: 1, planned: vec![Planned::default()] }, Action::Started { id: 2, planned: vec![Planned::default()] }]);
    for stale in [Action::Finished { id: 1, runs: finished(), judged: None }, Action::Progress { id: 1, now: 3.0 }, Action::Halted { id: 1 }] {
        let t = reduce(s.clone(), stale);
        assert!(Rc::ptr_eq(&t, &s), "a stale update changes nothing");
    }
    let progressed = reduce(s.clone(), Action::Progress { id: 2, now: 1.5 });
    assert!(matches!(&progressed.slot.run, RunState::Running(live) if live.now == 1.5 && live.reports == 1));
    let done = reduce(progressed, Action::Finished { id: 2, runs: finished(), judged: None });
    assert_eq!(done.runs().len(), 1);
    assert_eq!(done.runs()[0].id, 2);
    assert!(!done.is_running());
}

#[test]
fn notices_add_up_until_a_switch_or_a_restore() {
    let s = apply(&page(), [Action::Notice(crate::i18n::Msg::new("notice-needs-click")), Action::Notice(crate::i18n::Msg::new("notice-code-needs-click"))]);
    assert_eq!(s.notices.iter().count(), 2);
    assert!(s.notices.text(Lang::En).contains("; "));
    assert!(reduce(s.clone(), Action::SelectScenario("lock")).notices.is_empty());
    assert!(reduce(s, Action::SetParam("tasks", "2".into())).notices.iter().count() == 2, "an edit says nothing new");
}

#[test]
fn own_code_runs_start_and_end_in_the_slot() {
    let s = reduce(page(), Action::EditCode(Some("print(1)".into())));
    assert_eq!(s.form.code.as_deref(), Some("print(1)"));
    assert!(s.can_run());
    let typed = reduce(s, Action::SetCode("print(2)".into()));
    let started = reduce(typed, Action::CodeStarted { id: 3 });
    assert!(started.is_running() && !started.can_run());
    let ended = apply(&started, [Action::CodeEnded, Action::CodeUnrun("code-end-no-loop")]);
    assert!(!ended.is_running() && ended.runs().is_empty());
    assert_eq!(ended.slot.code_end, Some("code-end-no-loop"));
    assert_eq!(ended.form.code.as_deref(), Some("print(2)"));
    let back = reduce(ended, Action::EditCode(None));
    assert!(back.form.code.is_none() && back.slot.code_end.is_none());
    let too_long = "x".repeat(crate::scenarios::code::MAX_CHARS + 1);
    assert!(reduce(page(), Action::EditCode(Some(too_long))).form.code.is_none());
}

/// A press of Run my code refused in a frame of another origin's page is said until a run
/// starts (or the editor is left); it never shows outside the editor or over a run.
#[test]
fn a_refused_press_of_run_my_code_is_said_until_a_run_starts() {
    let why = || crate::i18n::Msg::new("code-framed-hidden");
    assert!(reduce(page(), Action::CodeRefused(why())).form.code_refused.is_none(), "not in the editor: nothing to say");
    let s = reduce(page(), Action::EditCode(Some("print(1)".into())));
    let refused = reduce(s, Action::CodeRefused(why()));
    assert_eq!(refused.form.code_refused.as_ref().map(|m| m.id), Some("code-framed-hidden"));
    assert!(refused.can_run(), "the reader may press again");
    let started = reduce(refused.clone(), Action::CodeStarted { id: 1 });
    assert!(started.form.code_refused.is_none());
    assert!(reduce(started, Action::CodeRefused(why())).form.code_refused.is_none(), "not over a run in progress");
    assert!(reduce(refused, Action::EditCode(None)).form.code_refused.is_none());
}

#[test]
fn a_restored_program_says_where_it_came_from() {
    let program = crate::contract::encode_program("print('hi')");
    let r = restore(&page(), &[("scenario", "lock"), ("code", &program), ("embed", "1")], Lang::En);
    assert_eq!(r.form.code.as_deref(), Some("print('hi')"));
    assert_eq!(r.form.code_from, Some(crate::scenarios::code::CodeFrom::Host));
}

#[test]
fn the_real_clock_refuses_a_bad_scale_and_a_scenario_switch_keeps_the_refusal() {
    let s = apply(&page(), [Action::SelectScenario("lock"), Action::SetClock(ClockKind::Real), Action::SetScale("fast".into())]);
    assert!(s.form.scale_error.is_some() && !s.can_run());
    let g = reduce(s, Action::SelectScenario("gather"));
    assert!(g.form.scale_error.is_some() && !g.can_run());
}

#[test]
fn predict_first_asks_again_when_the_scenario_or_its_parameters_change() {
    let s =
        apply(&page(), [Action::SelectScenario("lock"), Action::Predict(PredictAction::SetOn(true)), Action::Predict(PredictAction::Answer("q", "a".into()))]);
    assert!(s.predict.on && s.predict.answer("q") == "a");
    let judged = run(&s, 1);
    assert!(judged.predict.verdicts.is_some(), "the run is judged");
    let host = reduce(judged.clone(), Action::SetParams { params: vec![("workers".into(), "3".into())], clock: None, scale: None });
    assert!(host.predict.asking() && host.predict.answer("q").is_empty(), "other values: other questions");
    assert!(host.runs().is_empty(), "the run that would answer them goes");
    let edited = reduce(judged, Action::SetParam("workers", "4".into()));
    assert!(edited.predict.asking() && edited.predict.answer("q") == "a", "an edit keeps the answers");
}

#[test]
fn a_run_with_nothing_answered_is_not_judged_and_says_why() {
    let asking = apply(&page(), [Action::SelectScenario("gather"), Action::Predict(PredictAction::SetOn(true))]);
    let blank = run(&reduce(asking.clone(), Action::Predict(PredictAction::Answer("concurrent_elapsed", "  ".into()))), 1);
    assert!(blank.predict.verdicts.is_none() && blank.predict.judged == 0, "blank answers are not judged");
    assert!(blank.predict.skipped && blank.predict.unanswered && !blank.runs().is_empty(), "the run is shown, marked unanswered");
    assert!(blank.predict.progress.right.is_empty(), "nothing is recorded");
    let again = reduce(blank, Action::Predict(PredictAction::Again));
    assert!(again.predict.asking() && !again.predict.unanswered, "Ask again asks");
    let one = run(&reduce(again, Action::Predict(PredictAction::Answer("concurrent_elapsed", "1".into()))), 2);
    let verdicts = one.predict.verdicts.clone().expect("one answer: judged");
    assert!(!one.predict.unanswered && verdicts.iter().filter(|v| !v.given.is_null()).count() == 1, "{verdicts:?}");
    let skipped = run(&reduce(asking, Action::Predict(PredictAction::Skip)), 3);
    assert!(skipped.predict.skipped && !skipped.predict.unanswered, "Just run it is not \"nothing answered\"");
}

#[test]
fn the_step_count_is_the_number_of_shared_steps() {
    let s = apply(&page(), [Action::SelectScenario("gather"), Action::SetCompare(true)]);
    assert_eq!(s.step_count(), 0, "no run, no step");
    let s = run(&s, 1);
    assert_eq!(s.runs().len(), 2);
    assert_eq!(s.step_count(), s.steps().len());
}

#[test]
fn a_step_link_opens_the_next_run_at_that_step_or_says_it_is_beyond_the_end() {
    let s = restore(&page(), &[("scenario", "sleep"), ("step", "3")], Lang::En);
    use crate::page::restore::PageRequest;
    assert!(PageRequest::of(&query(&[("scenario", "sleep"), ("step", "3")])).autorun, "a step link runs the scenario on load");
    assert!(!PageRequest::of(&query(&[("code", "cHJpbnQoMSk"), ("step", "3")])).autorun, "an own program waits for the reader's click");
    assert!(!PageRequest::of(&query(&[("scenario", "sleep"), ("step", "0")])).autorun, "a bad step runs nothing");
    let s = run(&s, 1);
    assert_eq!(s.slot.playhead, Some(2), "step=3 is the third step");
    let again = run(&s, 2);
    assert_eq!(again.slot.playhead, None, "only the run the link shows opens there");
    let far = run(&restore(&page(), &[("scenario", "sleep"), ("step", "9999")], Lang::En), 1);
    assert_eq!(far.slot.playhead, None);
    let said = far.notices.iter().map(Msg::en).collect::<Vec<_>>().join(" | ");
    assert!(said.contains(&format!("step=9999 in the URL: this run has {} steps", far.step_count())), "{said}");
    let bad = restore(&page(), &[("scenario", "sleep"), ("step", "0")], Lang::En);
    let said = bad.notices.iter().map(Msg::en).collect::<Vec<_>>().join(" | ");
    assert!(said.contains("step must be a whole number from 1 to"), "{said}");
}

#[test]
fn show_more_widens_every_list_for_the_runs_shown_and_a_new_run_starts_narrow() {
    use crate::teach::WINDOW;
    let s = run(&restore(&page(), &[("scenario", "gather"), ("mode", "concurrent"), ("tasks", "40")], Lang::En), 1);
    let k = s.steps().len() / 3;
    let narrow = s.studies()[0].replay.view_with(k, s.slot.window());
    assert_eq!(narrow.tasks.shown.len(), WINDOW, "41 live tasks, a window of them");
    let wider = apply(&s, [Action::ShowMore, Action::SetPlayhead(Some(k))]);
    assert_eq!(wider.slot.window(), 2 * WINDOW);
    assert_eq!(wider.slot.playhead, Some(k), "the playhead stays where it is");
    let view = wider.studies()[0].replay.view_with(k, wider.slot.window());
    assert_eq!(view.tasks.shown.len(), 2 * WINDOW);
    assert_eq!(view.tasks.shown[..WINDOW], narrow.tasks.shown[..], "the same first entries, then more");
    assert_eq!(run(&wider, 2).slot.window(), WINDOW, "the next run shows a window again");
}

#[test]
fn a_link_to_a_lesson_opens_the_course_on_its_scenario_and_keeps_what_the_link_gave() {
    let s = restore(&page(), &[("lesson", "mistakes-no_timeout"), ("stage", "predict")], Lang::En);
    assert!(s.course.open && s.predict.on, "the predict step switches Predict first on");
    assert_eq!((s.form.scenario.id, s.form.values.as_ref().unwrap().text("variant")), ("mistakes", Ok("no_timeout")));
    assert!(s.notices.is_empty(), "no notice for a link without scenario=");
    let s = restore(&page(), &[("lesson", "lock"), ("stage", "challenge")], Lang::En);
    assert!(s.course.start_pending, "the challenge's starting values are still to be set");
    let s = restore(&page(), &[("lesson", "lock"), ("stage", "challenge"), ("use_lock", "true")], Lang::En);
    assert!(!s.course.start_pending, "the link's values are kept");
    let s = restore(&page(), &[("lesson", "lock"), ("stage", "challenge"), ("code", &crate::contract::encode_program("print(1)\n"))], Lang::En);
    assert!(!s.course.start_pending && s.form.code.is_some(), "the link's program is kept");
    let s = restore(&page(), &[("lesson", "lock"), ("embed", "1")], Lang::En);
    assert!(!s.course.open, "an embed has no course");
    let s = restore(&page(), &[("lesson", "nope")], Lang::En);
    assert!(!s.course.open && !s.notices.is_empty(), "an unknown lesson is said, and opens nothing");
}
