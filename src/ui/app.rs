//! The top-level component: the state, its context, and the URL kept in step with it.

use std::cell::Cell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::components::{EmbedSnippet, EventTable, ExportButtons, OpenFull, ParamForm, Playhead, PythonPanel, ResultsPanel, RunControls, ScenarioPicker, TimelinePanel};
use super::embed::{self, EmbedConfig, HostRequest};
use super::state::{Action, State};
use super::{runs, theme, url};

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::new);
    let autorun = use_state(|| false);
    let embed = use_state(|| false);
    // `controls=0`: output only (results and timeline), run on load.
    let controls = use_state(|| true);
    let restored = use_mut_ref(|| Cell::new(false));
    // The latest state, for listeners installed once (host messages).
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();

    // On load: restore from the URL; back/forward restore again.
    {
        let (dispatch, autorun, embed, restored, latest, controls) = (state.dispatcher(), autorun.clone(), embed.clone(), restored.clone(), latest.clone(), controls.clone());
        use_effect_with((), move |_| {
            let mut on_host_message = None;
            let mut heights = None;
            if let Some(req) = url::parse(&url::current_search()) {
                dispatch.dispatch(req.restore);
                if req.compare {
                    dispatch.dispatch(Action::SetCompare(true));
                }
                req.notices.into_iter().for_each(|n| dispatch.dispatch(Action::Notice(n)));
                if let Some(t) = &req.theme {
                    let _ = theme::apply(t);
                }
                embed.set(req.embed);
                controls.set(req.controls);
                autorun.set(req.autorun || !req.controls);
                if req.embed {
                    embed::configure(EmbedConfig { id: req.id, origins: req.origins });
                    on_host_message = Some(host_listener(latest, dispatch.clone()));
                    heights = embed::watch_height();
                    embed::post("ready", &[]);
                }
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
            if let (Some(w), Some(l)) = (&window, &on_host_message) {
                let _ = w.add_event_listener_with_callback("message", l.as_ref().unchecked_ref());
            }
            move || {
                if let Some((observer, _callback)) = heights {
                    observer.disconnect();
                }
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
                    if let Some(l) = on_host_message {
                        let _ = w.remove_event_listener_with_callback("message", l.as_ref().unchecked_ref());
                    }
                }
            }
        });
    }
    // An embed tells its host how tall it is after every render that changed it.
    {
        let last_height = use_mut_ref(|| 0i32);
        let embedded = *embed;
        use_effect(move || {
            if embedded {
                let height = embed::page_height();
                if height != *last_height.borrow() {
                    *last_height.borrow_mut() = height;
                    embed::post("resize", &[("height", wasm_bindgen::JsValue::from_f64(f64::from(height)))]);
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
            <div class={classes!("app", embed.then_some("embed"), (!*controls).then_some("output-only"))}>
                if !*embed {
                    <header class="top">
                        <h1>{ "asyncio playground" }</h1>
                        <p class="tagline">{ "Python's event loop, run in your browser: change a number, press Run, watch what the loop does." }</p>
                    </header>
                    <ScenarioPicker />
                }
                if *embed { <OpenFull /> }
                <main>
                    if *controls {
                        <section class="panel setup" aria-labelledby="scenario-title">
                            <h2 id="scenario-title">{ s.scenario.title }</h2>
                            <p class="summary">{ s.scenario.summary }</p>
                            <ParamForm />
                            <RunControls />
                        </section>
                    }
                    <div class="output">
                        if !*controls { <h2 class="output-title">{ s.scenario.title }</h2> }
                        <ResultsPanel />
                        <TimelinePanel />
                        if *controls { <Playhead /> }
                        if !*embed {
                            <ExportButtons />
                            <EventTable />
                            <EmbedSnippet />
                        }
                        if *controls { <PythonPanel /> }
                    </div>
                </main>
            </div>
        </ContextProvider<UseReducerHandle<State>>>
    }
}

/// Listens for the host page's messages (embed mode): checks origin and shape, then sets
/// parameters, runs or stops.
fn host_listener(latest: std::rc::Rc<std::cell::RefCell<UseReducerHandle<State>>>, dispatch: UseReducerDispatcher<State>) -> Closure<dyn Fn(web_sys::MessageEvent)> {
    Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        let Some(config) = embed::config() else { return };
        if !embed::origin_allowed(&config, &e.origin()) {
            return;
        }
        let state = latest.borrow().clone();
        match embed::parse_host_message(&e.data()) {
            Ok(HostRequest::SetParams(pairs)) => {
                let mut pairs = pairs;
                let clock = take(&mut pairs, "clock");
                let scale = take(&mut pairs, "scale");
                let params = embed::merged_params(pairs, &state.raw);
                dispatch.dispatch(Action::Restore { scenario: state.scenario.id.to_string(), params, clock, scale });
            }
            Ok(HostRequest::Run) => runs::start(&state, dispatch.clone()),
            Ok(HostRequest::Stop) => runs::stop(&state),
            Ok(HostRequest::SetTheme(t)) => {
                let _ = theme::apply(&t);
            }
            Err(reason) => embed::post("rejected", &[("reason", reason.as_str().into())]),
        }
    })
}

fn take(pairs: &mut Vec<(String, String)>, key: &str) -> Option<String> {
    let i = pairs.iter().position(|(k, _)| k == key)?;
    Some(pairs.remove(i).1)
}
