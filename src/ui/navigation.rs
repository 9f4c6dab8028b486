//! Back/Forward and hash changes (`popstate`): the state follows the URL, but a run in
//! progress is never left running behind a new state. A URL that means the same state (a
//! hash change) changes nothing, and the run goes on; any other stops the run first.

use std::rc::Rc;

use yew::{Reducible, UseReducerDispatcher};

use super::state::{Action, State};
use super::{runs, url};

/// Restores the state (and the language) from the page's URL after a history change.
pub fn on_history_change(current: &State, dispatch: &UseReducerDispatcher<State>) {
    let search = url::current_search();
    let lang = url::preferred_lang(&search);
    let req = url::parse_or_default(&search);
    let code = req.code.clone();
    let next = Rc::new(current.clone()).reduce(req.restore).reduce(Action::EditCode(code)).reduce(Action::SetAxis(req.axis)).reduce(Action::SetLang(lang));
    if url::query(&next) == url::query(current) {
        return;
    }
    runs::stop(current);
    let req = url::parse_or_default(&search);
    dispatch.dispatch(req.restore);
    dispatch.dispatch(Action::EditCode(req.code));
    dispatch.dispatch(Action::CodeArrived { embedded: req.embed });
    dispatch.dispatch(Action::SetAxis(req.axis));
    req.notices.into_iter().for_each(|n| dispatch.dispatch(Action::Notice(n)));
    dispatch.dispatch(Action::SetLang(lang));
}
