//! The scenarios' programs handed over so far, where each is a chunk of its own (the page's
//! bundle, built with the `split` feature): `ui::lazy` gives each kind's [`Starter`] here as
//! its chunk arrives, and [`super::programs::start`] finds it here. This registry is all the
//! first chunk holds of the programs: it names none of them. (Without the `split` feature
//! every program is reached directly, and [`provide`] changes nothing.)

use super::{Kind, ParamError, Start, Values};

/// A kind's program for checked values: what [`super::programs::start`] calls (each kind's is
/// one of [`super::programs::starters`]).
pub type Starter = fn(&Values) -> Result<Start, ParamError>;

/// Hands over `kind`'s starter, once its chunk has arrived (a second time changes nothing).
pub fn provide(kind: Kind, starter: Starter) {
    #[cfg(feature = "split")]
    PROVIDED.with(|p| {
        let mut p = p.borrow_mut();
        if !p.iter().any(|(k, _)| *k == kind) {
            p.push((kind, starter));
        }
    });
    #[cfg(not(feature = "split"))]
    let _ = (kind, starter);
}

/// `kind`'s starter, if it has been handed over.
#[cfg(feature = "split")]
pub(super) fn starter(kind: Kind) -> Option<Starter> {
    PROVIDED.with(|p| p.borrow().iter().find(|(k, _)| *k == kind).map(|(_, s)| *s))
}

#[cfg(feature = "split")]
thread_local! {
    static PROVIDED: std::cell::RefCell<Vec<(Kind, Starter)>> = const { std::cell::RefCell::new(Vec::new()) };
}
