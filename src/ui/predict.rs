//! Predict first on the page: the learner's answers and the verdicts (judged natively by
//! [`crate::teach::predict`] when a run finishes), the progress kept in `localStorage`,
//! and telling the world: `<script type="application/json" id="prediction-result">` and,
//! inside an iframe, the host's `prediction-checked` message.
//!
//! The state's reducer hands every action to [`Predict::next`] (as a [`Touch`]): changing
//! the parameters or the scenario asks again (the old run goes, so nothing gives the answer
//! away), a finished run is judged, the "Just run it" run is not.

use std::rc::Rc;

use yew::prelude::*;

use super::state::{Action, State};
use crate::teach::predict::{compare_output, judge, LineCompare, Progress, Verdict};

/// The `localStorage` key of the progress (scenario ids answered right).
const PROGRESS_KEY: &str = "asyncio-playground.predict-progress";

/// Predict first: whether it is on, what was answered, and what the run said.
#[derive(Clone, Default, PartialEq)]
pub struct Predict {
    pub on: bool,
    /// (question id, the text answered).
    pub answers: Vec<(&'static str, String)>,
    /// Run my code: the output the learner expects, one line per print.
    pub expected_output: String,
    /// The verdicts of the last judged run (`None`: still asking).
    pub verdicts: Option<Rc<Vec<Verdict>>>,
    /// Run my code: the expected output against the printed one, line by line.
    pub lines: Option<Rc<Vec<LineCompare>>>,
    /// The run was started with "Just run it": shown, not judged.
    pub skipped: bool,
    pub progress: Progress,
    /// Bumped each time answers are judged (the page publishes each judging once).
    pub judged: u64,
}

/// What the learner does with Predict first.
#[derive(Clone, Debug, PartialEq)]
pub enum PredictAction {
    SetOn(bool),
    Answer(&'static str, String),
    ExpectOutput(String),
    /// "Just run it": the next run is not judged.
    Skip,
    /// Ask the questions again (the run is put away).
    Again,
    ClearProgress,
    /// The progress read from the device.
    LoadProgress(String),
}

/// What an action of the page means for Predict first.
pub enum Touch {
    Predict(PredictAction),
    /// The parameters changed (`fresh`: other questions, the answers go too).
    Changed {
        fresh: bool,
    },
    Started,
    Finished,
    Other,
}

impl Touch {
    pub fn of(action: &Action) -> Touch {
        match action {
            Action::Predict(a) => Touch::Predict(a.clone()),
            Action::SetParam(..) | Action::ResetParams | Action::SetCompare(_) => Touch::Changed { fresh: false },
            Action::SelectScenario(_) | Action::Restore { .. } | Action::EditCode(_) => Touch::Changed { fresh: true },
            Action::Started { .. } | Action::CodeStarted { .. } => Touch::Started,
            Action::Finished { .. } => Touch::Finished,
            _ => Touch::Other,
        }
    }
}

impl Predict {
    /// True while the questions are asked: the page hides whatever would give the answer.
    pub fn asking(&self) -> bool {
        self.on && !self.skipped && self.verdicts.is_none() && self.lines.is_none()
    }

    /// The answer given to question `id` so far.
    pub fn answer(&self, id: &str) -> &str {
        self.answers.iter().find(|(q, _)| *q == id).map_or("", |(_, a)| a.as_str())
    }

    /// Predict first after `touch`, with `s` the page's state after the action; true when the
    /// run shown must go (it would answer the new questions).
    pub fn next(&self, touch: Touch, s: &State) -> (Predict, bool) {
        let mut p = self.clone();
        let mut put_away = false;
        match touch {
            Touch::Predict(a) => match a {
                PredictAction::SetOn(on) => {
                    p.on = on;
                    p.verdicts = None;
                    p.lines = None;
                    p.skipped = false;
                    put_away = on;
                }
                PredictAction::Answer(id, text) => match p.answers.iter_mut().find(|(q, _)| *q == id) {
                    Some(entry) => entry.1 = text,
                    None => p.answers.push((id, text)),
                },
                PredictAction::ExpectOutput(text) => p.expected_output = text,
                PredictAction::Skip => p.skipped = true,
                PredictAction::Again => {
                    p.verdicts = None;
                    p.lines = None;
                    p.skipped = false;
                    put_away = p.on;
                }
                PredictAction::ClearProgress => p.progress = Progress::default(),
                PredictAction::LoadProgress(text) => p.progress = Progress::from_text(&text),
            },
            Touch::Changed { fresh } => {
                if fresh {
                    p.answers.clear();
                    p.expected_output.clear();
                }
                p.verdicts = None;
                p.lines = None;
                p.skipped = false;
                put_away = p.on;
            }
            Touch::Started => {
                p.verdicts = None;
                p.lines = None;
            }
            Touch::Finished => {
                if let (true, false, Some(study)) = (p.on, p.skipped, s.studies().first()) {
                    if s.code.is_some() {
                        p.lines = Some(Rc::new(compare_output(&p.expected_output, &study.result.report.trace)));
                    } else {
                        let answers: Vec<(&str, &str)> = p.answers.iter().map(|(q, a)| (*q, a.as_str())).collect();
                        let verdicts = judge(&study.result, &answers);
                        p.progress.record(study.result.scenario.id, &verdicts);
                        p.verdicts = Some(Rc::new(verdicts));
                    }
                    p.judged += 1;
                }
            }
            Touch::Other => {}
        }
        (p, put_away)
    }
}

/// True if the page's URL asks for Predict first (`predict=1`).
pub fn asked_in(search: &str) -> bool {
    web_sys::UrlSearchParams::new_with_str(search).ok().and_then(|p| p.get("predict")).and_then(|v| crate::contract::flag(&v)).unwrap_or(false)
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// The judged answers as `#prediction-result` and the embed message carry them.
fn published(p: &Predict) -> serde_json::Value {
    let mut json = crate::teach::predict::to_json(p.verdicts.as_deref().map_or(&[][..], |v| v.as_slice()));
    if let Some(lines) = &p.lines {
        json["lines"] = lines
            .iter()
            .map(|l| serde_json::json!({"expected": l.expected, "printed": l.actual.as_ref().map(|a| &a.1), "t": l.actual.as_ref().map(|a| a.0), "same": l.same}))
            .collect();
    }
    json
}

/// Writes `#prediction-result` (made on first use) and posts `prediction-checked` to an
/// embed's host.
fn publish(p: &Predict) {
    let json = published(p);
    let text = json.to_string();
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let el = element("prediction-result").or_else(|| {
        let el = document.create_element("script").ok()?;
        el.set_id("prediction-result");
        let _ = el.set_attribute("type", "application/json");
        document.body()?.append_child(&el).ok()?;
        Some(el)
    });
    if let Some(el) = el {
        el.set_text_content(Some(&text));
    }
    let answers = js_sys::JSON::parse(&json["answers"].to_string()).unwrap_or(wasm_bindgen::JsValue::NULL);
    let mut extra = vec![("answers", answers)];
    if let Some(lines) = json.get("lines") {
        extra.push(("lines", js_sys::JSON::parse(&lines.to_string()).unwrap_or(wasm_bindgen::JsValue::NULL)));
    }
    super::embed::post("prediction-checked", &extra);
}

/// Predict first's effects: the progress read from the device once; each judging published
/// (after the run's own `run-finished`) and the progress saved; while asking, no verdict and
/// no run-result of an earlier run left on the page.
#[hook]
pub fn use_prediction(state: &UseReducerHandle<State>) {
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            if let Some(text) = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten()) {
                dispatch.dispatch(Action::Predict(PredictAction::LoadProgress(text)));
            }
        });
    }
    {
        let p = state.predict.clone();
        use_effect_with(p.judged, move |judged| {
            if *judged > 0 {
                gloo_timers::callback::Timeout::new(0, move || publish(&p)).forget();
            }
        });
    }
    {
        let progress = state.predict.progress.to_text();
        use_effect_with(progress, |text| {
            if let Some(s) = storage() {
                let _ = if text.is_empty() { s.remove_item(PROGRESS_KEY) } else { s.set_item(PROGRESS_KEY, text) };
            }
        });
    }
    {
        let asking = state.predict.asking() && state.studies().is_empty();
        use_effect_with(asking, |asking| {
            if *asking {
                if let Some(el) = element("prediction-result") {
                    el.remove();
                }
                if let Some(el) = element("run-result") {
                    el.set_text_content(Some(""));
                }
            }
        });
    }
}
