//! Back/Forward and hash changes (`popstate`): the state follows the URL, but a run in
//! progress is never left running behind a new state. A URL that means the same state (a
//! hash change) changes nothing, and the run goes on; any other stops the run first.

use std::rc::Rc;

use yew::UseReducerDispatcher;

use super::lazy::runs;
use super::state::{reduce, Action, State};
use super::url;

/// Restores the state (and the language) from the page's URL after a history change.
pub fn on_history_change(current: &State, dispatch: &UseReducerDispatcher<State>) {
    let search = url::current_search();
    let restore = || Action::Restore { query: url::parse_or_default(&search), fallback_lang: url::fallback_lang() };
    let next = reduce(Rc::new(current.clone()), restore());
    if url::query(&next) == url::query(current) {
        return;
    }
    runs::stop(current);
    dispatch.dispatch(restore());
}
