//! Predict first's state: whether it is on, the learner's answers, and the verdicts (judged
//! natively by [`crate::teach::predict`] when a run finishes, by the run's driver:
//! [`Predict::judge`], whose verdicts come with the run's `Finished`). The reducer hands every
//! action to [`Predict::next`] (as a [`Touch`]): changing the parameters or the scenario
//! asks again (the old run goes, so nothing gives the answer away), a finished run is
//! judged, the "Just run it" run is not. The page's side (the progress in `localStorage`,
//! `#prediction-result`, the host's message) is `ui::predict`.

use std::rc::Rc;

use super::{Action, State};
use crate::scenarios::RunResult;
use crate::teach::predict::{compare_output, judge, LineCompare, Progress, Verdict};

/// What a finished run said of the learner's predictions.
#[derive(Clone, Debug, PartialEq)]
pub enum Judged {
    /// A scenario's questions, each judged.
    Verdicts(Rc<Vec<Verdict>>),
    /// Run my code: the expected output against the printed one, line by line.
    Lines(Rc<Vec<LineCompare>>),
}

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
    /// The run was started with "Just run it", or with nothing answered: shown, not judged.
    pub skipped: bool,
    /// The run was started with nothing answered (so it is not judged: answer first, or
    /// Just run it).
    pub unanswered: bool,
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
    Finished(Option<Judged>),
    Other,
}

impl Touch {
    /// What `action` means for Predict first.
    pub fn of(action: &Action) -> Touch {
        match action {
            Action::Predict(a) => Touch::Predict(a.clone()),
            Action::SetParam(..) | Action::ResetParams | Action::SetCompare(_) => Touch::Changed { fresh: false },
            Action::SelectScenario(_) | Action::Restore { .. } | Action::SetParams { .. } | Action::EditCode(_) => Touch::Changed { fresh: true },
            Action::Started { .. } | Action::CodeStarted { .. } => Touch::Started,
            Action::Finished { judged, .. } => Touch::Finished(judged.clone()),
            _ => Touch::Other,
        }
    }
}

impl Predict {
    /// What the run `first` (the first of a finished run's results; `code`: a learner's own
    /// program) says of the predictions, if they are being asked: the driver judges a run
    /// as it finishes, and its `Finished` carries the verdicts.
    pub fn judge(&self, first: &RunResult, code: bool) -> Option<Judged> {
        if !self.on || self.skipped || self.nothing_answered(code) {
            return None;
        }
        if code {
            return Some(Judged::Lines(Rc::new(compare_output(&self.expected_output, &first.report.trace))));
        }
        let answers: Vec<(&str, &str)> = self.answers.iter().map(|(q, a)| (*q, a.as_str())).collect();
        Some(Judged::Verdicts(Rc::new(judge(first, &answers))))
    }

    /// True when nothing is answered: every question blank (`code`: no output expected).
    /// Blank answers are not judged.
    pub fn nothing_answered(&self, code: bool) -> bool {
        if code {
            self.expected_output.trim().is_empty()
        } else {
            self.answers.iter().all(|(_, a)| a.trim().is_empty())
        }
    }

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
                    p.unanswered = false;
                    put_away = on;
                }
                PredictAction::Answer(id, text) => match p.answers.iter_mut().find(|(q, _)| *q == id) {
                    Some(entry) => entry.1 = text,
                    None => p.answers.push((id, text)),
                },
                PredictAction::ExpectOutput(text) => p.expected_output = text,
                PredictAction::Skip => {
                    p.skipped = true;
                    p.unanswered = false;
                }
                PredictAction::Again => {
                    p.verdicts = None;
                    p.lines = None;
                    p.skipped = false;
                    p.unanswered = false;
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
                p.unanswered = false;
                put_away = p.on;
            }
            Touch::Started => {
                p.verdicts = None;
                p.lines = None;
                if p.on && !p.skipped && p.nothing_answered(s.form.code.is_some()) {
                    p.skipped = true;
                    p.unanswered = true;
                }
            }
            Touch::Finished(judged) => {
                if !p.on || p.skipped {
                    return (p, put_away);
                }
                match judged {
                    Some(Judged::Lines(lines)) => p.lines = Some(lines),
                    Some(Judged::Verdicts(verdicts)) => {
                        if let Some(run) = s.runs().first() {
                            p.progress.record(run.result.scenario.id, &verdicts);
                        }
                        p.verdicts = Some(verdicts);
                    }
                    None => return (p, put_away),
                }
                p.judged += 1;
            }
            Touch::Other => {}
        }
        (p, put_away)
    }
}
