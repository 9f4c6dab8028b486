//! The page's state in the Yew app: the plain state and its reducer ([`crate::page`]),
//! held by `use_reducer`. Nothing browser-side lives in it; the run drivers (`runs.rs`)
//! keep their handles by run number.

use std::rc::Rc;

pub use crate::page::*;

impl yew::Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        crate::page::reduce(self, action)
    }
}
