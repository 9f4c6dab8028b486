//! The top-level component: the state, its context, and the URL kept in step with it.

use std::cell::Cell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::components::{EventTable, ExportButtons, ParamForm, Playhead, PythonPanel, ResultsPanel, RunControls, ScenarioPicker, TimelinePanel};
use super::state::{Action, State};
use super::{runs, url};

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::new);
    let autorun = use_state(|| false);
    let embed = use_state(|| false);
    let restored = use_mut_ref(|| Cell::new(false));

    // On load: restore from the URL; back/forward restore again.
    {
        let (dispatch, autorun, embed, restored) = (state.dispatcher(), autorun.clone(), embed.clone(), restored.clone());
        use_effect_with((), move |_| {
            if let Some(req) = url::parse(&url::current_search()) {
                dispatch.dispatch(req.restore);
                if req.compare {
                    dispatch.dispatch(Action::SetCompare(true));
                }
                embed.set(req.embed);
                autorun.set(req.autorun);
            }
            restored.borrow().set(true);
            {
                let dispatch = dispatch.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let ready = crate::platform::http::register_service_worker().await;
                    dispatch.dispatch(Action::ServiceWorker(ready));
                });
            }
            let on_pop = {
                let dispatch = dispatch.clone();
                Closure::<dyn Fn()>::new(move || {
                    if let Some(req) = url::parse(&url::current_search()) {
                        dispatch.dispatch(req.restore);
                    }
                })
            };
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
                }
            }
        });
    }
    // The URL follows the state (a new history entry when the scenario changes).
    {
        let (state2, restored) = (state.clone(), restored.clone());
        let last_scenario = use_mut_ref(|| state.scenario.id);
        use_effect_with((state.url_version, state.scenario.id, state.clock), move |_| {
            if restored.borrow().get() && state2.url_version > 0 {
                let push = *last_scenario.borrow() != state2.scenario.id;
                url::write(&state2, push);
            }
            *last_scenario.borrow_mut() = state2.scenario.id;
        });
    }
    // autorun=1: run once the restored state is in place.
    {
        let (state2, autorun) = (state.clone(), autorun.clone());
        use_effect_with((*autorun, state.url_version, state.scenario.id, state.service_worker), move |_| {
            // A real-clock fetch run waits until the simulated API is known to be there or not.
            let waiting_for_api = state2.clock == crate::ui::state::ClockChoice::Real && state2.service_worker.is_none();
            if *autorun && state2.can_run() && !waiting_for_api {
                autorun.set(false);
                runs::start(&state2, state2.dispatcher());
            }
        });
    }

    let s = &*state;
    html! {
        <ContextProvider<UseReducerHandle<State>> context={state.clone()}>
            <div class={classes!("app", embed.then_some("embed"))}>
                if !*embed {
                    <header class="top">
                        <h1>{ "asyncio playground" }</h1>
                        <p class="tagline">{ "Python's event loop, run in your browser: change a number, press Run, watch what the loop does." }</p>
                    </header>
                    <ScenarioPicker />
                }
                <main>
                    <section class="panel setup" aria-labelledby="scenario-title">
                        <h2 id="scenario-title">{ s.scenario.title }</h2>
                        <p class="summary">{ s.scenario.summary }</p>
                        <ParamForm />
                        <RunControls />
                    </section>
                    <ResultsPanel />
                    <TimelinePanel />
                    <Playhead />
                    <ExportButtons />
                    <EventTable />
                    <PythonPanel />
                </main>
            </div>
        </ContextProvider<UseReducerHandle<State>>>
    }
}
