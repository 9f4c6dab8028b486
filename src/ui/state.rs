//! The page's state and the actions that change it (a reducer, as in yew's
//! `function_todomvc`). Pure: starting and stopping runs happens in `runs.rs`, which
//! dispatches the outcomes back here. A live run's trace stays in its loop (the timeline
//! reads it there); a finished run arrives as shared [`Study`]s, so no action copies a trace.

use std::rc::Rc;

use yew::Reducible;

use crate::i18n::{Lang, Msg};
use crate::platform::driver::RealRun;
use crate::scenarios::{all, find, ClockKind, ParamError, Scenario, Values};
use crate::teach::{shared_steps, Axis, Study};

/// A run on its way (real clock).
#[derive(Clone)]
pub struct Live {
    /// The run's number: updates of any other run are stale and ignored.
    pub id: u64,
    pub handles: Vec<RealRun>,
    /// Loop time of the furthest run, in guide-seconds.
    pub now: f64,
    /// Bumped with every progress report (redraws the live timeline).
    pub tick: u64,
    /// The run has ended (stopped or finished); its results arrive a task later.
    pub halted: bool,
}

/// Where the run stands.
#[derive(Clone, Default)]
pub enum RunState {
    #[default]
    Idle,
    Running(Live),
    /// One result, or two in Compare mode (A then B).
    Done(Vec<Rc<Study>>),
}

/// Everything the page shows.
#[derive(Clone)]
pub struct State {
    pub scenario: &'static Scenario,
    /// Each parameter's text as typed (validated as a whole into `values` / `errors`).
    pub raw: Vec<(&'static str, String)>,
    pub errors: Vec<ParamError>,
    pub values: Option<Values>,
    pub clock: ClockKind,
    pub scale_raw: String,
    pub scale_error: Option<Msg>,
    pub compare: bool,
    pub run: RunState,
    /// The shared playhead: an index into [`State::steps`]; `None`: the end of the run.
    pub playhead: Option<usize>,
    /// The axis the learner chose; `None`: whichever tells the run's story (see
    /// [`crate::teach::prefer_iterations`]).
    pub axis: Option<Axis>,
    /// The page's language.
    pub lang: Lang,
    /// Bumped when a language's messages arrive (fetched on a switch), so that every panel
    /// renders again in it.
    pub messages: u32,
    /// Output only (`controls=0`): no form, no buttons, no choices.
    pub output_only: bool,
    /// Messages for the status line (e.g. why a URL value was rejected).
    pub notices: Vec<Msg>,
    /// Whether the simulated API's service worker answers it, through its hidden frame
    /// (`None`: still registering).
    pub service_worker: Option<bool>,
    /// Bumped when the URL must be rewritten (scenario or parameters changed).
    pub url_version: u64,
    /// "Run my code": the program in the editor (`None`: the scenario's form).
    pub code: Option<String>,
    /// Where the program came from, said above the editor until it first runs (`None`: the
    /// learner's own typing, or it has run).
    pub code_from: Option<crate::scenarios::code::CodeFrom>,
    /// Why the program's last run left nothing to show (a message id the results panel
    /// shows where "Press Run" stood: it raised, had a syntax error, ran no event loop, ...).
    pub code_end: Option<&'static str>,
    /// Bumped by every action: two states are equal only if they are the same version.
    pub version: u64,
    /// The page's origin (`https://host`), against which real targets are checked.
    pub page_origin: String,
    /// What the real clock refuses with these values (a freeze over the limit, a target
    /// the page may not reach); see `super::limits`.
    pub real_errors: Vec<ParamError>,
    /// On the real clock, how long the run will freeze the page (wall seconds), if at all.
    pub freeze_secs: Option<f64>,
    /// Predict first: the questions' answers and the verdicts (`super::predict`).
    pub predict: super::predict::Predict,
}

impl PartialEq for State {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

/// The allowed time scale, wall seconds per guide-second (the URL contract's).
pub const SCALE_RANGE: (f64, f64) = crate::contract::SCALE_RANGE;

impl State {
    /// The first scenario at the guide's values.
    pub fn new() -> Self {
        Self::for_scenario(&all()[0])
    }

    fn for_scenario(scenario: &'static Scenario) -> Self {
        let mut s = State {
            scenario,
            raw: Vec::new(),
            errors: Vec::new(),
            values: None,
            clock: ClockKind::Virtual,
            scale_raw: "0.1".into(),
            scale_error: None,
            compare: false,
            run: RunState::Idle,
            playhead: None,
            axis: None,
            lang: Lang::En,
            messages: 0,
            output_only: false,
            notices: Vec::new(),
            service_worker: None,
            url_version: 0,
            code: None,
            code_from: None,
            code_end: None,
            version: 0,
            page_origin: super::limits::page_origin(),
            real_errors: Vec::new(),
            freeze_secs: None,
            predict: Default::default(),
        };
        s.reset_params();
        super::limits::refresh(&mut s);
        s
    }

    fn reset_params(&mut self) {
        self.raw = self.scenario.params.iter().map(|p| (p.name, p.default_value().to_string())).collect();
        self.validate();
    }

    fn validate(&mut self) {
        let pairs: Vec<(&str, &str)> = self.raw.iter().map(|(n, v)| (*n, v.as_str())).collect();
        match self.scenario.values(pairs) {
            Ok(v) => {
                self.values = Some(v);
                self.errors.clear();
            }
            Err(e) => {
                self.values = None;
                self.errors = e;
            }
        }
    }

    /// `msg` in the page's language.
    pub fn tr(&self, msg: &Msg) -> String {
        msg.text(self.lang)
    }

    /// The message `id` (no arguments) in the page's language.
    pub fn t(&self, id: &'static str) -> String {
        Msg::new(id).text(self.lang)
    }

    /// The error for parameter `name`, if its value is bad (or refused on the real clock).
    pub fn error_for(&self, name: &str) -> Option<&ParamError> {
        self.errors.iter().chain(&self.real_errors).find(|e| e.param == name)
    }

    /// Problems not tied to one field (cross-parameter checks).
    pub fn general_errors(&self) -> Vec<&ParamError> {
        self.errors.iter().filter(|e| !self.scenario.params.iter().any(|p| p.name == e.param)).collect()
    }

    /// The time scale, if valid.
    pub fn scale(&self) -> Option<f64> {
        parse_scale(&self.scale_raw).ok()
    }

    /// True when Run may be pressed.
    pub fn can_run(&self) -> bool {
        if self.code.is_some() {
            return !self.is_running();
        }
        self.refusal().is_none()
    }

    /// Why Run may not be pressed now, in English words naming what to fix (the reason of
    /// an embed's `rejected`).
    pub fn refusal(&self) -> Option<String> {
        let join = |errors: &[ParamError]| errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ");
        if self.is_running() {
            return Some("a run is in progress: stop it first".into());
        }
        if self.values.is_none() {
            return Some(join(&self.errors));
        }
        if self.clock == ClockKind::Real {
            if let Some(e) = &self.scale_error {
                return Some(e.en());
            }
            if !self.real_errors.is_empty() {
                return Some(join(&self.real_errors));
            }
        }
        None
    }

    pub fn is_running(&self) -> bool {
        matches!(&self.run, RunState::Running(live) if !live.halted)
    }

    /// The values of both variants in Compare mode (A, B), or just the one.
    pub fn variants(&self) -> Vec<(String, Values)> {
        let Some(values) = &self.values else { return Vec::new() };
        match (&self.scenario.compare, self.compare) {
            (Some(c), true) => {
                // Each side named in words (`one after another`), as the Compare switch says it.
                let sides = crate::teach::present::compare_sides(self.scenario.id);
                [c.a, c.b]
                    .iter()
                    .enumerate()
                    .filter_map(|(i, choice)| {
                        let spec = self.scenario.param(c.param)?;
                        let mut v = values.clone();
                        v.set(c.param, spec.parse(choice).ok()?);
                        let label = match &sides {
                            Some((a, b)) => self.tr(if i == 0 { a } else { b }),
                            None => format!("{}={choice}", c.param),
                        };
                        Some((label, v))
                    })
                    .collect()
            }
            _ => vec![(String::new(), values.clone())],
        }
    }

    /// The finished runs, if any.
    pub fn studies(&self) -> &[Rc<Study>] {
        match &self.run {
            RunState::Done(r) => r,
            _ => &[],
        }
    }

    /// The axis in use: the learner's choice, else the one the first run prefers.
    pub fn effective_axis(&self) -> Axis {
        self.axis.unwrap_or_else(|| match self.studies().first() {
            Some(s) if s.prefers_iterations => Axis::Iterations,
            _ => Axis::Time,
        })
    }

    /// The shared playhead's steps: `(run, event)` in order along the axis.
    pub fn steps(&self) -> Vec<(usize, usize)> {
        let studies: Vec<&Study> = self.studies().iter().map(|s| &**s).collect();
        shared_steps(&studies, self.effective_axis())
    }
}

impl Default for State {
    fn default() -> Self {
        Self::new()
    }
}

/// Checks the time scale field (with the URL contract's `scale` check and message).
pub fn parse_scale(raw: &str) -> Result<f64, Msg> {
    check_key("scale", raw)?;
    raw.trim().parse::<f64>().map_err(|e| Msg::new("text").arg("text", e.to_string()))
}

/// At most 40 characters of a value, for a message about it.
fn shown(raw: &str) -> String {
    raw.chars().take(40).collect()
}

/// Checks a page key's value with the URL contract.
fn check_key(name: &str, raw: &str) -> Result<(), Msg> {
    crate::contract::page_key(name).map_or(Ok(()), |k| k.check_msg(raw))
}

/// What can happen on the page.
pub enum Action {
    SelectScenario(&'static str),
    SetParam(&'static str, String),
    ResetParams,
    SetClock(ClockKind),
    SetScale(String),
    SetCompare(bool),
    SetAxis(Option<Axis>),
    SetLang(Lang),
    /// A language's messages arrived (see `hooks::use_language`).
    MessagesArrived,
    SetOutputOnly(bool),
    /// State restored from a URL: scenario, (name, value) pairs, clock, scale; unknown or
    /// bad values are shown inline, like typed ones.
    Restore {
        scenario: String,
        params: Vec<(String, String)>,
        clock: Option<String>,
        scale: Option<String>,
    },
    /// Run number `id` started (real-clock runs carry their handles).
    Started {
        id: u64,
        handles: Vec<RealRun>,
    },
    /// Run `id` went on; ignored unless it is the run in progress.
    Progress {
        id: u64,
        now: f64,
    },
    /// Run `id` has ended: the page shows it at once (Run again), its results follow.
    Halted {
        id: u64,
    },
    /// Run `id` is over; ignored unless it is the run in progress (a stale run never
    /// overwrites a newer state).
    Finished {
        id: u64,
        studies: Vec<Rc<Study>>,
    },
    SetPlayhead(Option<usize>),
    ServiceWorker(bool),
    /// A message for the status line, added to any already there.
    Notice(Msg),
    /// "Run my code" with this program, or back to the scenario's form (`None`).
    EditCode(Option<String>),
    /// The program in the editor arrived with the URL (`embedded`: of an embed, which its
    /// host page wrote): the page says where it came from before it runs.
    CodeArrived {
        embedded: bool,
    },
    /// The program in the editor changed.
    SetCode(String),
    /// Run `id` of the program began (in its worker).
    CodeStarted {
        id: u64,
    },
    /// A run of the program ended without a run-result (stopped, a syntax error, a limit).
    CodeEnded,
    /// The run of the program left no run-result, and why (the message the results panel
    /// shows instead of "Press Run").
    CodeUnrun(&'static str),
    /// Predict first: switched, answered, skipped, asked again (`super::predict`).
    Predict(super::predict::PredictAction),
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let live_id = match &self.run {
            RunState::Running(live) => Some(live.id),
            _ => None,
        };
        match &action {
            Action::Progress { id, .. } | Action::Halted { id } | Action::Finished { id, .. } if live_id != Some(*id) => return self,
            _ => {}
        }
        let mut s = (*self).clone();
        let touch = super::predict::Touch::of(&action);
        match action {
            Action::SelectScenario(id) => {
                if let Some(scenario) = find(id) {
                    if !s.is_running() {
                        let keep = (s.clock, s.scale_raw.clone(), s.compare, s.service_worker, s.lang, s.axis, s.output_only);
                        s = State::for_scenario(scenario);
                        (s.clock, s.scale_raw, s.compare, s.service_worker, s.lang, s.axis, s.output_only) = keep;
                        s.compare &= scenario.compare.is_some();
                        s.url_version = self.url_version + 1;
                    }
                }
            }
            Action::SetParam(name, raw) => {
                if let Some(entry) = s.raw.iter_mut().find(|(n, _)| *n == name) {
                    entry.1 = raw;
                }
                s.validate();
                s.url_version += 1;
            }
            Action::ResetParams => {
                s.reset_params();
                s.url_version += 1;
            }
            Action::SetClock(c) => {
                s.clock = c;
                s.url_version += 1;
            }
            Action::SetScale(raw) => {
                s.scale_error = parse_scale(&raw).err();
                s.scale_raw = raw;
                s.url_version += 1;
            }
            Action::SetCompare(on) => s.compare = on && s.scenario.compare.is_some(),
            Action::SetAxis(axis) => {
                s.axis = axis;
                s.playhead = None;
                s.url_version += 1;
            }
            Action::SetOutputOnly(on) => s.output_only = on,
            Action::SetLang(lang) => {
                s.lang = lang;
                s.url_version += 1;
            }
            Action::MessagesArrived => s.messages += 1,
            Action::Restore { scenario, params, clock, scale } => {
                let mut notices = Vec::new();
                let target = match find(&scenario) {
                    Some(sc) => sc,
                    None => {
                        notices.push(Msg::new("notice-unknown-scenario").echo("scenario", &shown(&scenario)).arg("shown", all()[0].id));
                        &all()[0]
                    }
                };
                let keep = (s.clock, s.scale_raw.clone(), s.service_worker, s.lang, s.axis, s.output_only);
                s = State::for_scenario(target);
                (s.clock, s.scale_raw, s.service_worker, s.lang, s.axis, s.output_only) = keep;
                for (name, value) in params {
                    match s.raw.iter_mut().find(|(n, _)| *n == name) {
                        Some(entry) => entry.1 = value,
                        None => notices.push(Msg::new("notice-unknown-param").echo("param", &shown(&name))),
                    }
                }
                s.validate();
                if let Some(name) = clock.as_deref() {
                    match ClockKind::parse(name) {
                        Some(kind) => s.clock = kind,
                        None => notices.extend(check_key("clock", name).err()),
                    }
                }
                if let Some(scale) = scale {
                    s.scale_error = parse_scale(&scale).err();
                    s.scale_raw = scale;
                }
                s.notices = notices;
            }
            Action::Started { id, handles } => {
                s.run = RunState::Running(Live { id, handles, now: 0.0, tick: 0, halted: false });
                s.playhead = None;
            }
            Action::Progress { now, .. } => {
                if let RunState::Running(live) = &mut s.run {
                    live.now = now;
                    live.tick += 1;
                }
            }
            Action::Halted { .. } => {
                if let RunState::Running(live) = &mut s.run {
                    live.halted = true;
                }
            }
            Action::Finished { studies, .. } => {
                s.run = RunState::Done(studies);
                s.playhead = None;
            }
            Action::SetPlayhead(p) => s.playhead = p,
            Action::ServiceWorker(ready) => s.service_worker = Some(ready),
            Action::Notice(msg) => s.notices.push(msg),
            Action::EditCode(code) => {
                if !s.is_running() {
                    s.code = code.filter(|c| c.chars().count() <= crate::scenarios::code::MAX_CHARS);
                    s.code_from = None;
                    s.code_end = None;
                    s.run = RunState::Idle;
                    s.url_version += 1;
                }
            }
            Action::SetCode(text) => {
                if s.code.is_some() {
                    s.code = Some(text);
                    s.url_version += 1;
                }
            }
            Action::CodeArrived { embedded } => {
                if let Some(code) = &s.code {
                    let example = s.values.as_ref().map(|v| s.scenario.python(v));
                    s.code_from = Some(crate::scenarios::code::CodeFrom::of(code, example.as_deref(), embedded));
                }
            }
            Action::CodeStarted { id } => {
                s.code_from = None;
                s.code_end = None;
                s.run = RunState::Running(Live { id, handles: Vec::new(), now: 0.0, tick: 0, halted: false });
                s.playhead = None;
            }
            Action::CodeEnded => {
                if s.is_running() {
                    s.run = RunState::Idle;
                }
            }
            Action::CodeUnrun(why) => s.code_end = Some(why),
            Action::Predict(_) => {}
        }
        let (predict, put_away) = self.predict.next(touch, &s);
        s.predict = predict;
        if s.predict.on {
            // One run, judged against the questions (no Compare); a run that would answer new
            // questions goes.
            s.compare = false;
            if put_away && !s.is_running() {
                s.run = RunState::Idle;
                s.playhead = None;
            }
        }
        super::limits::refresh(&mut s);
        s.version = self.version + 1;
        Rc::new(s)
    }
}
