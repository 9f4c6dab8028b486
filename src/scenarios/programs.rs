//! Every scenario's program and what a run of it needs, found by its [`Kind`]: the run's
//! side of the registry. The registry itself ([`super::all`]) holds what the form and the
//! URL need — parameters, checks, the summary — and nothing of a run: the page's first
//! screen reads it, and so carries none of the programs, their Python, nor the executor they
//! run on. Each function here matches on the kind (one list, [`by_kind`]), so a new
//! scenario's module is named by the compiler, and a caller reaches only the functions it
//! calls.

use std::rc::Rc;

use super::{blocking, bounded_fetch, code, gather, lock, mistakes, sleep, taskgroup, timeout};
use super::{rendered, Def, GlossaryEntry, Kind, Outcome, ParamError, Scenario, Source, Start, Values};
use crate::i18n::Msg;
use crate::runtime::Entry;

/// `$f::<D>` for the module `D` of scenario kind `$kind`.
macro_rules! by_kind {
    ($kind:expr, $f:ident) => {
        match $kind {
            Kind::Sleep => $f::<sleep::Sleep>,
            Kind::Gather => $f::<gather::Gather>,
            Kind::TaskGroup => $f::<taskgroup::TaskGroupScenario>,
            Kind::Lock => $f::<lock::LockScenario>,
            Kind::Blocking => $f::<blocking::Blocking>,
            Kind::Timeout => $f::<timeout::TimeoutScenario>,
            Kind::BoundedFetch => $f::<bounded_fetch::BoundedFetch>,
            Kind::Mistakes => $f::<mistakes::Mistakes>,
            Kind::Code => $f::<code::Code>,
        }
    };
}

fn start_of<D: Def>(v: &Values) -> Result<Start, ParamError> {
    let p = D::read(v)?;
    let src = Rc::new(rendered::<D>(&p, v.python()));
    let entry = Entry { python: v.python(), ..D::entry(&p, &src) };
    Ok(Start { entry, program: D::program(&p, src.clone()), source: src })
}

fn source_of<D: Def>(v: &Values) -> Result<Source, ParamError> {
    Ok(rendered::<D>(&D::read(v)?, v.python()))
}

fn horizon_of<D: Def>(v: &Values) -> Option<f64> {
    D::read(v).ok().and_then(|p| D::horizon(&p))
}

fn headline_of<D: Def>(v: &Values, outcome: &Outcome) -> Option<Msg> {
    D::read(v).ok().map(|p| D::headline(&p, outcome))
}

fn glossary_of<D: Def>(v: &Values) -> Vec<GlossaryEntry> {
    D::read(v).map(|p| D::glossary(&p)).unwrap_or_default()
}

/// The program of `scenario` and its entry, for checked `values`.
pub fn start(scenario: &Scenario, values: &Values) -> Result<Start, ParamError> {
    by_kind!(scenario.kind, start_of)(values)
}

/// [`start`], where values that are not the scenario's make a program that fails at once
/// with a `RuntimeError` naming the problem (never a panic).
pub fn start_checked(scenario: &Scenario, values: &Values) -> Start {
    start(scenario, values).unwrap_or_else(|e| Start {
        entry: Entry::default(),
        program: Box::pin(async move { Err(crate::runtime::Exc::runtime_error(e.message)) }),
        source: Rc::new(Source::plain("")),
    })
}

/// The Python program of `scenario` for `values`, with its anchors (empty if `values` are
/// not the scenario's).
pub fn source(scenario: &Scenario, values: &Values) -> Source {
    by_kind!(scenario.kind, source_of)(values).unwrap_or_default()
}

/// Virtual runs of `values` stop at this loop time.
pub fn horizon(scenario: &Scenario, values: &Values) -> Option<f64> {
    by_kind!(scenario.kind, horizon_of)(values)
}

/// The sentence summing up a run of `scenario` that completed with `outcome`.
pub fn headline(scenario: &Scenario, values: &Values, outcome: &Outcome) -> Msg {
    by_kind!(scenario.kind, headline_of)(values, outcome).unwrap_or_else(|| Msg::new(scenario.title))
}

/// The guide's terms `scenario` uses for `values`, with the places they link to.
pub fn glossary(scenario: &Scenario, values: &Values) -> Vec<GlossaryEntry> {
    by_kind!(scenario.kind, glossary_of)(values)
}
