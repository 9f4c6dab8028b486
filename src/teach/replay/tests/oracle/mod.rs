//! The views as they were computed before the one replay, kept for the tests only: each
//! rebuilt the state of the run on its own, by another way than the replay's (scans over
//! the events, or a run of the whole trace). The replay's views and facts must equal
//! theirs; what is said of them (the narration, a lane's words) is written once, in the
//! code the tests check.

mod facts;
mod full;
mod lanes;
mod marks;
mod view;

pub(crate) use facts::{fact, woken};
pub(crate) use full::{derived, full};
pub(crate) use lanes::lanes_until;
pub(crate) use marks::marks;
pub(crate) use view::step_view;
