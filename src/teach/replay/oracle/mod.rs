//! The views as they were computed before the one replay, kept for the tests only: each
//! rebuilt the state of the run on its own. The replay's views must equal theirs.

mod full;
mod lanes;
mod marks;
mod narrate;
mod view;

pub(crate) use full::{derived, full};
pub(crate) use lanes::lanes_until;
pub(crate) use marks::marks;
pub(crate) use narrate::narrate;
pub(crate) use view::step_view;
