//! Every scenario's program and what a run of it needs, found by its [`Kind`]: the run's
//! side of the registry. The registry itself ([`super::all`]) holds what the form and the
//! URL need — parameters, checks, the summary — and nothing of a run: the page's first
//! screen reads it, and so carries none of the programs, their Python, nor the executor they
//! run on. Each function here matches on the kind (one list, [`by_kind`]), so a new
//! scenario's module is named by the compiler, and a caller reaches only the functions it
//! calls.
//!
//! A program itself (its coroutines, what [`start`] builds) is reached through its
//! [`Starter`]: each kind's is one function of [`starters`]. In the page's bundle (the
//! `split` feature) each is a chunk of its own, loaded beside the run chunk for the lesson
//! run (`ui::split`), which hands it over ([`super::provided`]); a run of a kind whose program is
//! not here yet fails at once with a `RuntimeError` saying so (the page waits for it before
//! a run: `ui::lazy::runs`). Elsewhere (native builds, the browser tests) every starter is
//! here from the start.

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

pub use super::provided::Starter;

/// Each kind's [`Starter`], one function each: a split point names one of them, so its
/// chunk holds that program only.
pub mod starters {
    use super::*;

    /// `pub fn $name() -> Starter` for scenario module `$d`.
    macro_rules! starters {
        ($($name:ident: $d:ty,)*) => {
            $(
                pub fn $name() -> Starter {
                    start_of::<$d>
                }
            )*
        };
    }

    starters! {
        sleep: sleep::Sleep,
        gather: gather::Gather,
        taskgroup: taskgroup::TaskGroupScenario,
        lock: lock::LockScenario,
        blocking: blocking::Blocking,
        timeout: timeout::TimeoutScenario,
        bounded_fetch: bounded_fetch::BoundedFetch,
        mistakes: mistakes::Mistakes,
        code: code::Code,
    }
}

/// `kind`'s starter, if it is here (always, but in the page's bundle before its chunk
/// arrived: [`super::provided`]).
#[cfg(not(feature = "split"))]
fn starter(kind: Kind) -> Option<Starter> {
    Some(by_kind!(kind, start_of))
}

#[cfg(feature = "split")]
fn starter(kind: Kind) -> Option<Starter> {
    super::provided::starter(kind)
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
    match starter(scenario.kind) {
        Some(start) => start(values),
        // (The page waits for the program before a run; this is what a run would say if not.)
        None => {
            Err(ParamError { param: String::new(), message: format!("the program of {} has not been loaded yet", scenario.id), msg: Msg::new("lazy-failed") })
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::all;

    #[test]
    fn every_kind_is_at_its_place_and_each_starter_builds_its_own_kinds_program() {
        for (i, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i, "{kind:?}");
        }
        let own: [(Kind, Starter); 9] = [
            (Kind::Sleep, starters::sleep()),
            (Kind::Gather, starters::gather()),
            (Kind::TaskGroup, starters::taskgroup()),
            (Kind::Lock, starters::lock()),
            (Kind::Blocking, starters::blocking()),
            (Kind::Timeout, starters::timeout()),
            (Kind::BoundedFetch, starters::bounded_fetch()),
            (Kind::Mistakes, starters::mistakes()),
            (Kind::Code, starters::code()),
        ];
        for s in all() {
            assert!(Kind::ALL.contains(&s.kind), "{}", s.id);
            let values = s.defaults();
            let (_, starter) = own.iter().find(|(k, _)| *k == s.kind).expect("a starter per kind");
            let built = starter(&values).unwrap_or_else(|e| panic!("{}: {}", s.id, e.message));
            assert_eq!(built.source.text, source(s, &values).text, "{}'s starter builds its own program", s.id);
            // The others take none of its values for theirs.
            for (kind, other) in own.iter().filter(|(k, _)| *k != s.kind && *k != Kind::Code) {
                assert!(other(&values).map_or(true, |b| b.source.text != built.source.text), "{kind:?} builds {}'s program", s.id);
            }
        }
    }
}
