//! The run chunk: starting, stopping and finishing runs (`ui::runs`, with the executor, the
//! scenarios' programs, the browser drivers and publishing run-results), the simulated
//! API's service worker, and the results panel. (What the results panel says comes beside
//! it, in the page's language: `ui::lazy`'s messages.)

use yew::prelude::*;

use crate::ui::components::ResultsPanel;
use crate::ui::lazy::{LazyView, RunChunk};
use crate::ui::runs;
use crate::ui::state::Action;

/// The run chunk's table.
pub static TABLE: RunChunk = RunChunk {
    start: runs::start,
    start_unattended: runs::start_unattended,
    autorun: runs::autorun,
    stop: runs::stop,
    busy: runs::busy,
    host_message: crate::ui::host::on_message,
    register_service_worker,
    view,
};

fn register_service_worker(dispatch: yew::UseReducerDispatcher<crate::ui::state::State>) {
    wasm_bindgen_futures::spawn_local(async move {
        let ready = crate::platform::http::register_service_worker().await;
        dispatch.dispatch(Action::ServiceWorker(ready));
    });
}

fn view(view: &LazyView) -> Html {
    match view {
        LazyView::Results => html! { <ResultsPanel /> },
        _ => Html::default(),
    }
}
