//! The run slot: the run in progress or the runs finished (one, or A and B in Compare
//! mode), with the shared playhead. A finished [`Run`] carries what it is — its number, its
//! program, its side of a Compare taken when it started, its end — so every panel reads the
//! run it shows, never the form that made it. Browser handles are not here: the run drivers
//! (`ui::runs`, `ui::real_runs`) keep them, by run number.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use super::variant::Variant;
use crate::i18n::Lang;
use crate::runtime::RunEnd;
use crate::scenarios::{RunResult, Source};
use crate::teach::{prefer_iterations, shared_steps, Axis, Study, WINDOW};

/// The shared playhead's steps: `(run, event)` in order along an axis.
pub type Steps = Rc<Vec<(usize, usize)>>;

/// What one run will be, fixed when it starts.
#[derive(Clone, Debug, Default)]
pub struct Planned {
    /// Its side of a Compare (`None`: a run of its own).
    pub variant: Option<Variant>,
}

impl Planned {
    /// What each run of `variants` (a form's, [`super::Form::variants`]) will be.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::Planned;
    /// let gather = asyncio_playground::scenarios::find("gather").unwrap();
    /// let planned = Planned::of(&[(None, gather.defaults())]);
    /// assert!(planned.len() == 1 && planned[0].variant.is_none());
    /// ```
    pub fn of(variants: &[(Option<Variant>, crate::scenarios::Values)]) -> Vec<Planned> {
        variants.iter().map(|(variant, _)| Planned { variant: variant.clone() }).collect()
    }
}

/// A run on its way.
#[derive(Clone, Debug)]
pub struct Live {
    /// The run's number: updates of any other run are stale and ignored.
    pub id: u64,
    /// What each of its runs is (A then B in Compare mode).
    pub planned: Vec<Planned>,
    /// Loop time of the furthest run, in guide-seconds.
    pub now: f64,
    /// How many progress reports have arrived (each one redraws the live timeline).
    pub reports: u64,
    /// The run has ended (stopped or finished); its results arrive a task later.
    pub halted: bool,
}

/// A run's [`Study`], worked out the first time a teaching view asks for it (or as soon as
/// the run finished, when those views are loaded already), then kept.
pub type StudyCell = Rc<OnceCell<Rc<Study>>>;

/// A finished run as its driver hands it over: its result, and the place of its study.
#[derive(Clone)]
pub struct Finished {
    pub result: Rc<RunResult>,
    pub study: StudyCell,
}

impl Finished {
    /// `result`, its study not worked out yet.
    pub fn new(result: Rc<RunResult>) -> Finished {
        Finished { result, study: StudyCell::default() }
    }
}

/// A finished run and what it was.
#[derive(Clone)]
pub struct Run {
    /// The number of the run it was part of.
    pub id: u64,
    /// Its side of a Compare (`None`: a run of its own).
    pub variant: Option<Variant>,
    /// Its run-result.
    pub result: Rc<RunResult>,
    /// True when the iteration axis tells this run's story better than time.
    pub prefers_iterations: bool,
    study: StudyCell,
}

impl Run {
    /// `finished`, as `planned` said it would be, as part of run `id`.
    pub fn of(id: u64, planned: Planned, finished: Finished) -> Run {
        let prefers_iterations = prefer_iterations(&finished.result.report.trace);
        Run { id, variant: planned.variant, result: finished.result, prefers_iterations, study: finished.study }
    }

    /// What the teaching views derive from it (lanes, marks, the replay), worked out on the
    /// first call.
    pub fn study(&self) -> Rc<Study> {
        self.study.get_or_init(|| Rc::new(Study::of(self.result.clone()))).clone()
    }

    /// The program it ran (rendered when it started).
    pub fn source(&self) -> &Rc<Source> {
        &self.result.source
    }

    /// The heading of its panels in `lang` (`A: one after another`; empty for a run of
    /// its own).
    pub fn label(&self, lang: Lang) -> String {
        self.variant.as_ref().map(|v| v.label(lang)).unwrap_or_default()
    }

    /// Its run-result.
    pub fn result(&self) -> &Rc<RunResult> {
        &self.result
    }

    /// How it ended.
    pub fn end(&self) -> &RunEnd {
        &self.result.report.end
    }
}

/// Where the run stands.
#[derive(Clone, Default)]
pub enum RunState {
    #[default]
    Idle,
    Running(Live),
    /// One result, or two in Compare mode (A then B).
    Done(Vec<Run>),
}

/// The run shown, and where the playhead is in it.
#[derive(Clone, Default)]
pub struct RunSlot {
    pub run: RunState,
    /// The shared playhead: an index into the shared steps; `None`: the end of the run.
    pub playhead: Option<usize>,
    /// Why the program's last run left nothing to show (a message id the results panel
    /// shows where "Press Run" stood: it raised, had a syntax error, ran no event loop, ...).
    pub code_end: Option<&'static str>,
    /// A link's `step=N` (0-based here): where the next finished run opens.
    pub pending_step: Option<usize>,
    /// How many times the reader asked for more entries of the panels' lists since the
    /// run started ([`RunSlot::window`]).
    more: usize,
    /// The finished runs' shared steps along an axis, sorted once for that axis (cleared
    /// whenever the runs change): what the playhead, the keys' jumps and the panels index.
    steps: RefCell<Option<(Axis, Steps)>>,
}

impl RunSlot {
    /// The number of the run in progress, if any (halted or not).
    pub fn live_id(&self) -> Option<u64> {
        match &self.run {
            RunState::Running(live) => Some(live.id),
            _ => None,
        }
    }

    /// True from a run's start until it halts.
    pub fn is_running(&self) -> bool {
        matches!(&self.run, RunState::Running(live) if !live.halted)
    }

    /// How many entries of each list the panels show: [`WINDOW`] at first, [`WINDOW`] more
    /// each time the reader asks for more ([`RunSlot::show_more`]), [`WINDOW`] again for
    /// every new run.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::RunSlot;
    /// use asyncio_playground::teach::WINDOW;
    /// let mut slot = RunSlot::default();
    /// assert_eq!(slot.window(), WINDOW);
    /// slot.show_more();
    /// assert_eq!(slot.window(), 2 * WINDOW);
    /// slot.start(1, Vec::new());
    /// assert_eq!(slot.window(), WINDOW);
    /// ```
    pub fn window(&self) -> usize {
        WINDOW.saturating_mul(self.more.saturating_add(1))
    }

    /// [`WINDOW`] more entries of every list, for the runs shown.
    pub fn show_more(&mut self) {
        self.more = self.more.saturating_add(1);
    }

    /// The finished runs, if any.
    pub fn runs(&self) -> &[Run] {
        match &self.run {
            RunState::Done(runs) => runs,
            _ => &[],
        }
    }

    /// The shared steps of the finished runs along `axis`: `(run, event)` in order
    /// ([`shared_steps`]), worked out once per runs and axis.
    pub fn steps(&self, axis: Axis) -> Steps {
        if let Some((cached, steps)) = &*self.steps.borrow() {
            if *cached == axis {
                return steps.clone();
            }
        }
        let studies: Vec<Rc<Study>> = self.runs().iter().map(Run::study).collect();
        let refs: Vec<&Study> = studies.iter().map(|s| &**s).collect();
        let steps = Rc::new(shared_steps(&refs, axis));
        self.steps.replace(Some((axis, steps.clone())));
        steps
    }

    /// Run `id` started, as `planned`; the playhead goes to its end.
    pub fn start(&mut self, id: u64, planned: Vec<Planned>) {
        self.run = RunState::Running(Live { id, planned, now: 0.0, reports: 0, halted: false });
        self.playhead = None;
        self.more = 0;
        self.steps.take();
    }

    /// The run in progress finished with `runs` (in the order it planned them).
    pub fn finish(&mut self, runs: Vec<Finished>) {
        let RunState::Running(live) = std::mem::take(&mut self.run) else { return };
        let mut planned = live.planned.into_iter();
        let runs = runs.into_iter().map(|f| Run::of(live.id, planned.next().unwrap_or_default(), f)).collect();
        self.run = RunState::Done(runs);
        self.playhead = None;
        self.steps.take();
    }

    /// Nothing shown any more.
    pub fn clear(&mut self) {
        self.run = RunState::Idle;
        self.playhead = None;
        self.more = 0;
        self.steps.take();
    }
}
