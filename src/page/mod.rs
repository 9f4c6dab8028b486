//! The page's state as plain Rust (no browser, no Yew): built and tested natively. The
//! state is four separate parts — [`Settings`] (language, axis, output only, …), the
//! [`Form`] (what the next run will be), the [`RunSlot`] (the run in progress or finished,
//! with its playhead) and the [`Notices`] — plus Predict first's answers; [`reduce`] takes
//! an [`Action`] to the next state. The Yew app (`ui`) holds it in a reducer and carries
//! out what it cannot do itself (starting runs, the URL, the DOM); browser handles stay
//! with the run drivers (`ui::runs`), keyed by run number.

pub mod action;
pub mod course;
pub mod form;
pub mod keys;
pub mod limits;
pub mod notices;
pub mod predict;
mod reduce;
pub mod restore;
pub mod run_slot;
pub mod settings;
pub mod step;
pub mod variant;

#[cfg(test)]
mod tests;

use std::rc::Rc;

pub use action::Action;
pub use form::{parse_scale, Form, SCALE_RANGE};
pub use notices::Notices;
pub use reduce::reduce;
pub use run_slot::{Finished, Live, Planned, Run, RunSlot, RunState, StudyCell};
pub use settings::Settings;
pub use variant::Variant;

use crate::i18n::{Msg, Part};
use crate::scenarios::{all, ClockKind};
use crate::teach::{Axis, Study};

/// Everything the page shows.
#[derive(Clone)]
pub struct State {
    pub settings: Settings,
    pub form: Form,
    pub slot: RunSlot,
    pub notices: Notices,
    /// Predict first: the questions' answers and the verdicts.
    pub predict: predict::Predict,
    /// The course: the lesson and step the learner is on, and what they have done.
    pub course: course::Course,
    /// Which state this is: every action makes a new one, so two states are equal only if
    /// they are the same version.
    pub version: u64,
    /// The version the last restore (a URL, a host's `set-params`) made: the address bar is
    /// where that state came from, so it follows only the versions after it.
    pub restored_at: u64,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

impl State {
    /// The first scenario at the guide's values, for a page at `page_origin`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::State;
    /// let s = State::new("https://docs.example");
    /// assert_eq!(s.form.scenario.id, asyncio_playground::scenarios::all()[0].id);
    /// assert!(s.can_run() && s.runs().is_empty());
    /// ```
    pub fn new(page_origin: &str) -> Self {
        Self::with_form(Settings::at(page_origin), Form::for_scenario(&all()[0]))
    }

    fn with_form(settings: Settings, form: Form) -> Self {
        let mut s = State {
            settings,
            form,
            slot: RunSlot::default(),
            notices: Notices::default(),
            predict: Default::default(),
            course: Default::default(),
            version: 0,
            restored_at: 0,
        };
        limits::refresh(&mut s.form, &s.settings.page_origin);
        s
    }

    /// `msg` in the page's language.
    pub fn tr(&self, msg: &Msg) -> String {
        msg.text(self.settings.lang)
    }

    /// `msg` in the page's language, in parts: its pieces of the program apart.
    pub fn parts(&self, msg: &Msg) -> Vec<Part> {
        msg.parts(self.settings.lang)
    }

    /// The message `id` (no arguments) in the page's language.
    pub fn t(&self, id: &'static str) -> String {
        Msg::new(id).text(self.settings.lang)
    }

    /// True when Run may be pressed.
    pub fn can_run(&self) -> bool {
        if self.form.code.is_some() {
            return !self.is_running();
        }
        self.refusal().is_none()
    }

    /// Why a run nobody clicked for (`autorun=1`, a host page's `run`) may not start now, in
    /// English: Run's [`State::refusal`], or a run that needs the reader's click (real URLs).
    pub fn unattended_refusal(&self) -> Option<String> {
        self.refusal().or_else(|| limits::needs_click(&self.form).map(|why| why.en()))
    }

    /// Why Run may not be pressed now, in English words naming what to fix (the reason of
    /// an embed's `rejected`).
    pub fn refusal(&self) -> Option<String> {
        let join = |errors: &[crate::scenarios::ParamError]| errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ");
        if self.is_running() {
            return Some("a run is in progress: stop it first".into());
        }
        let form = &self.form;
        if form.values.is_none() {
            return Some(join(&form.errors));
        }
        if form.clock == ClockKind::Real {
            if let Some(e) = &form.scale_error {
                return Some(e.en());
            }
            if !form.real_errors.is_empty() {
                return Some(join(&form.real_errors));
            }
        }
        None
    }

    /// True from a run's start until it halts.
    pub fn is_running(&self) -> bool {
        self.slot.is_running()
    }

    /// The finished runs shown, if any (A then B in Compare mode).
    pub fn runs(&self) -> &[Run] {
        self.slot.runs()
    }

    /// The finished runs' studies, if any.
    pub fn studies(&self) -> Vec<Rc<Study>> {
        self.runs().iter().map(Run::study).collect()
    }

    /// The axis in use: the learner's choice, else the one the first run prefers.
    pub fn effective_axis(&self) -> Axis {
        self.settings.axis.unwrap_or_else(|| match self.runs().first() {
            Some(r) if r.prefers_iterations => Axis::Iterations,
            _ => Axis::Time,
        })
    }

    /// How many steps the shared playhead has: every event of every finished run.
    pub fn step_count(&self) -> usize {
        self.runs().iter().map(|r| r.result.report.trace.events.len()).sum()
    }

    /// What the jumps need to know of step `i` of `steps` ([`State::steps`]).
    pub fn step_info(&self, steps: &[(usize, usize)], i: usize) -> step::StepInfo {
        let event = steps.get(i).and_then(|&(run, k)| self.runs().get(run).and_then(|r| r.result.report.trace.events.get(k)));
        step::StepInfo { line_only: event.is_some_and(|e| matches!(e.kind, crate::runtime::EventKind::Line { .. })), iter: event.map_or(0, |e| e.iter) }
    }

    /// The shared playhead's steps: `(run, event)` in order along the axis.
    pub fn steps(&self) -> run_slot::Steps {
        self.slot.steps(self.effective_axis())
    }
}
