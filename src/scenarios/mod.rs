//! The guide's examples as parameterised programs.
//!
//! A scenario module implements [`Def`]: its parameters as a typed struct read once from the
//! checked [`Values`], the Python asyncio program it simulates (a template whose lines may
//! carry `⟦anchor⟧` marks, see [`Source`]), the async program it runs on our executor —
//! which says where it is in that Python with the anchors — and the sentences that
//! explain it (a summary that follows the parameters, a headline for the outcome).
//! [`Scenario::of`] turns a `Def` into a registry entry, and [`all`] lists them; nothing
//! outside this module knows one scenario from another.
//!
//! Every entry point — the form, the URL, the CLI, embeds — checks values through
//! [`Scenario::values`], the one place that validates them.
//!
//! Every scenario also has the shared parameter [`PYTHON`] (`python=3.11|3.12|3.13|3.14`, the
//! newest by default), appended to its list by [`all`]: the run follows that version's
//! asyncio (it goes to the loop through the run's [`Entry`]), and the rendered program's
//! first line says which CPython it was checked against. A scenario that explains itself
//! differently per version reads it with [`Values::python`].

mod blocking;
mod bounded_fetch;
pub mod code;
pub mod common;
pub mod diagnostics;
mod gather;
pub mod glossary;
pub mod lesson;
pub mod lessons;
pub mod limits;
mod load;
mod lock;
mod mistakes;
pub mod params;
pub mod programs;
pub mod provided;
pub mod python;
pub mod question;
pub mod questions;
mod result;
mod sleep;
mod source;
mod taskgroup;
mod timeout;
pub mod wire;

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

pub use glossary::{Entry as GlossaryEntry, Place, Term};
pub use load::load_run;
pub use params::{Cross, ParamError, ParamKind, ParamSpec, Value, Values};
pub(crate) use result::event_json;
pub use result::{published_json, run_virtual, start_virtual, Clock, ClockKind, Form, RunResult, VirtualRunning, WallStats};
pub use source::Source;

use std::sync::OnceLock;

use crate::i18n::Msg;
use crate::runtime::{Entry, PyResult, PyVersion};

/// What a scenario's program returns: its outcome keys (`sequential_elapsed`, `counter`…).
pub type Outcome = serde_json::Map<String, serde_json::Value>;

/// A scenario's program, ready to run as the main task.
pub type Program = Pin<Box<dyn Future<Output = PyResult<Outcome>>>>;

/// A program and how `asyncio.run` starts it.
pub struct Start {
    pub entry: Entry,
    pub program: Program,
    /// The Python program it follows, rendered once (the run carries it).
    pub source: Rc<Source>,
}

/// Two variants of one scenario to run side by side (the page's Compare view).
#[derive(Clone, Debug, PartialEq)]
pub struct Compare {
    /// The parameter that differs.
    pub param: &'static str,
    /// Its value in the first and in the second variant.
    pub a: &'static str,
    pub b: &'static str,
}

/// What one scenario module defines.
pub trait Def: 'static {
    /// The parameters, typed.
    type Params: 'static;

    /// True if the program makes requests (on the real clock they go over `fetch()` to the
    /// page's simulated API, which the page then reports on).
    const FETCHES: bool = false;

    /// Reads the typed parameters from checked values (an error only if the module's
    /// parameter list and this function disagree — the test suite makes sure they agree).
    fn read(v: &Values) -> Result<Self::Params, ParamError>;

    /// The checks across parameters [`Def::check`] makes, as the schema describes them.
    const CROSS: &'static [Cross] = &[];

    /// Checks that need several parameters at once (e.g. failing indices below `tasks`).
    fn check(_p: &Self::Params) -> Result<(), ParamError> {
        Ok(())
    }

    /// The Python program, with `⟦anchor⟧` marks (see [`Source`]).
    fn python(p: &Self::Params) -> String;

    /// The program as the page shows it for a run on `python`: a header line naming the
    /// version, then [`Def::python`], its anchors read.
    fn render(p: &Self::Params, python: PyVersion) -> Source {
        Source::from_marked(&(header(python) + &Self::python(p)))
    }

    /// How `asyncio.run` starts the program: `main()` at the anchor `main`, from the line
    /// anchored `run`.
    fn entry(_p: &Self::Params, src: &Source) -> Entry {
        Entry { code: src.code("main"), label: "main()".into(), line: src.line("run"), ..Entry::default() }
    }

    /// The program on our executor; `src` is the rendered Python it follows line by line.
    fn program(p: &Self::Params, src: Rc<Source>) -> Program;

    /// Virtual runs stop at this loop time (for programs that would wait forever).
    fn horizon(_p: &Self::Params) -> Option<f64> {
        None
    }

    /// True if parameter `name` matters for these values (the form shows only those).
    fn shown(_p: &Self::Params, _name: &str) -> bool {
        true
    }

    /// The longest stretch the program holds the loop's thread without handing it back (a
    /// `time.sleep()` or CPU-bound work on the loop): on the real clock the page freezes for
    /// that long. `None`: it never blocks the loop.
    fn longest_block(_p: &Self::Params) -> Option<limits::Block> {
        None
    }

    /// The URLs the program fetches for real on the real clock (none: the simulated API).
    fn real_targets(_p: &Self::Params) -> Vec<String> {
        Vec::new()
    }

    /// What to notice, for these values.
    fn summary(p: &Self::Params) -> Msg;

    /// The sentence that sums up a completed run's outcome.
    fn headline(p: &Self::Params, outcome: &Outcome) -> Msg;

    /// The guide's terms this lesson uses, for these values, each linked to the page.
    fn glossary(_p: &Self::Params) -> Vec<GlossaryEntry> {
        glossary::entries(&[Term::EventLoop, Term::Coroutine, Term::Task, Term::Await])
    }
}

/// Which scenario module an entry is: [`programs::start`] matches on it to find the
/// module's program, so a new scenario is a new variant the compiler asks a program of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Sleep,
    Gather,
    TaskGroup,
    Lock,
    Blocking,
    Timeout,
    BoundedFetch,
    Mistakes,
    /// A learner's own program (its runs come from the Pyodide worker, not the executor).
    Code,
}

impl Kind {
    /// Every kind, each at its place (`kind as usize`).
    pub const ALL: [Kind; 9] =
        [Kind::Sleep, Kind::Gather, Kind::TaskGroup, Kind::Lock, Kind::Blocking, Kind::Timeout, Kind::BoundedFetch, Kind::Mistakes, Kind::Code];
}

/// One of the guide's examples, as the registry holds it: what the form, the URL, the CLI
/// and the docs tools need of it. Its program is not here but in [`programs`] (reached by
/// its [`Kind`]): the page's first screen reads this registry, and carries no program.
pub struct Scenario {
    /// Which module it is.
    pub kind: Kind,
    /// Stable id, used in URLs, the CLI and embeds.
    pub id: &'static str,
    /// The message id of its title.
    pub title: &'static str,
    pub params: &'static [ParamSpec],
    pub compare: Option<Compare>,
    /// Parameter sets (as query strings) that the test suite also runs under CPython.
    pub fidelity_cases: &'static [&'static str],
    /// The program makes requests ([`Def::FETCHES`]).
    pub fetches: bool,
    /// Its checks across parameters ([`Def::CROSS`]).
    pub cross: &'static [Cross],
    check: fn(&Values) -> Result<(), ParamError>,
    block_of: fn(&Values) -> Option<limits::Block>,
    targets_of: fn(&Values) -> Vec<String>,
    summary: fn(&Values) -> Option<Msg>,
    shown: fn(&Values, &str) -> bool,
}

fn check_of<D: Def>(v: &Values) -> Result<(), ParamError> {
    D::check(&D::read(v)?)
}

/// The shared parameter every scenario has: whose asyncio semantics the run follows.
pub const PYTHON: ParamSpec = ParamSpec {
    name: "python",
    label: "python-version",
    unit: "",
    help: "python-version-help",
    kind: ParamKind::Choice {
        default: PyVersion::DEFAULT.as_str(),
        options: &[("3.11", "python-version-3-11"), ("3.12", "python-version-3-12"), ("3.13", "python-version-3-13"), ("3.14", "python-version-3-14")],
    },
};

/// The rendered program's first line: which CPython its run was checked against.
pub(crate) fn header(python: PyVersion) -> String {
    format!("# Runs as on Python {python} (checked against CPython {python}'s asyncio)\n")
}

/// `D`'s program for `p`, as shown for a run on `python`.
pub(crate) fn rendered<D: Def>(p: &D::Params, python: PyVersion) -> Source {
    D::render(p, python)
}

fn block_of<D: Def>(v: &Values) -> Option<limits::Block> {
    D::read(v).ok().and_then(|p| D::longest_block(&p))
}

fn targets_of<D: Def>(v: &Values) -> Vec<String> {
    D::read(v).ok().map(|p| D::real_targets(&p)).unwrap_or_default()
}

fn summary_of<D: Def>(v: &Values) -> Option<Msg> {
    D::read(v).ok().map(|p| D::summary(&p))
}

fn shown_of<D: Def>(v: &Values, name: &str) -> bool {
    D::read(v).map_or(true, |p| D::shown(&p, name))
}

impl Scenario {
    /// The registry entry of the scenario module `D`, with `params` its own parameters
    /// ([`all`] appends the shared [`PYTHON`]).
    pub const fn of<D: Def>(
        kind: Kind,
        id: &'static str,
        title: &'static str,
        params: &'static [ParamSpec],
        compare: Option<Compare>,
        fidelity_cases: &'static [&'static str],
    ) -> Scenario {
        Scenario {
            kind,
            id,
            title,
            params,
            compare,
            fidelity_cases,
            fetches: D::FETCHES,
            cross: D::CROSS,
            check: check_of::<D>,
            block_of: block_of::<D>,
            targets_of: targets_of::<D>,
            summary: summary_of::<D>,
            shown: shown_of::<D>,
        }
    }

    /// Checks raw (name, value) pairs: unknown names, types, ranges, then cross-checks.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::find;
    /// let gather = find("gather").unwrap();
    /// assert_eq!(gather.values([("tasks", "3")]).unwrap().int("tasks"), Ok(3));
    /// assert!(gather.values([("tasks", "-3")]).is_err());
    /// ```
    pub fn values<'a>(&self, pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Values, Vec<ParamError>> {
        let values = Values::parse(self.params, pairs)?;
        (self.check)(&values).map_err(|e| vec![e])?;
        Ok(values)
    }

    /// The guide's values.
    pub fn defaults(&self) -> Values {
        Values::defaults(self.params)
    }

    /// The parameter called `name`.
    pub fn param(&self, name: &str) -> Option<&ParamSpec> {
        self.params.iter().find(|p| p.name == name)
    }

    /// The program and its entry, for checked `values` ([`programs::start`]).
    pub fn start(&self, values: &Values) -> Result<Start, ParamError> {
        programs::start(self, values)
    }

    /// [`Scenario::start`], where values that are not this scenario's make a program that
    /// fails at once with a `RuntimeError` naming the problem (never a panic).
    pub fn start_checked(&self, values: &Values) -> Start {
        programs::start_checked(self, values)
    }

    /// The Python program with its anchors (empty if `values` are not this scenario's;
    /// [`programs::source`]).
    pub fn source(&self, values: &Values) -> Source {
        programs::source(self, values)
    }

    /// The Python program the page shows for `values`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::scenarios::find;
    /// let sleep = find("sleep").unwrap();
    /// assert!(sleep.python(&sleep.defaults()).contains("await asyncio.sleep(1)"));
    /// ```
    pub fn python(&self, values: &Values) -> String {
        self.source(values).text
    }

    /// Virtual runs of `values` stop at this loop time.
    pub fn horizon(&self, values: &Values) -> Option<f64> {
        programs::horizon(self, values)
    }

    /// What to notice, for `values`.
    pub fn summary(&self, values: &Values) -> Msg {
        (self.summary)(values).unwrap_or_else(|| Msg::new(self.title))
    }

    /// True if parameter `name` matters for `values` (e.g. `cores` only for the CPU-bound
    /// mistake).
    pub fn shown(&self, values: &Values, name: &str) -> bool {
        (self.shown)(values, name)
    }

    /// The guide's terms this scenario uses for `values`, with the places they link to
    /// (empty if `values` are not this scenario's).
    pub fn glossary(&self, values: &Values) -> Vec<GlossaryEntry> {
        programs::glossary(self, values)
    }

    /// The sentence summing up a run that completed with `outcome`.
    pub fn headline(&self, values: &Values, outcome: &Outcome) -> Msg {
        programs::headline(self, values, outcome)
    }
}

/// Every scenario, in the guide's order, each with the shared [`PYTHON`] parameter after its own.
pub fn all() -> &'static [Scenario] {
    static ALL: OnceLock<Vec<Scenario>> = OnceLock::new();
    ALL.get_or_init(|| {
        [
            sleep::SCENARIO,
            gather::SCENARIO,
            taskgroup::SCENARIO,
            lock::SCENARIO,
            blocking::SCENARIO,
            timeout::SCENARIO,
            bounded_fetch::SCENARIO,
            mistakes::SCENARIO,
        ]
        .into_iter()
        .map(|s| {
            let params: Vec<ParamSpec> = s.params.iter().cloned().chain([PYTHON]).collect();
            Scenario { params: Vec::leak(params), ..s }
        })
        .collect()
    })
}

/// The scenario with this id.
pub fn find(id: &str) -> Option<&'static Scenario> {
    all().iter().find(|s| s.id == id)
}

/// Builds an [`Outcome`] from `key => value` pairs (`scenarios::outcome!`: a macro of
/// this module's, not exported at the crate's root).
macro_rules! outcome {
    ($($key:literal => $value:expr),* $(,)?) => {{
        let mut map = $crate::scenarios::Outcome::new();
        $( map.insert($key.to_string(), serde_json::json!($value)); )*
        map
    }};
}
pub(crate) use outcome;

/// Every scenario's run at its defaults and at each of its fidelity cases (the parameter
/// sets the CPython suite checks), with the case's query (`""` for the defaults): what the
/// tests of the views of a run go through.
#[cfg(test)]
pub(crate) fn every_case_run() -> Vec<(&'static Scenario, &'static str, RunResult)> {
    let mut runs = Vec::new();
    for s in all() {
        for case in std::iter::once("").chain(s.fidelity_cases.iter().copied()) {
            let pairs: Vec<(&str, &str)> = case.split('&').filter(|p| !p.is_empty()).filter_map(|p| p.split_once('=')).collect();
            if let Ok(v) = s.values(pairs) {
                runs.push((s, case, run_virtual(s, &v)));
            }
        }
    }
    runs
}
