//! The app's effects, one named hook each (as yew's examples write them): restoring the
//! state from the URL and from Back/Forward, the embed's host messages, the simulated API's
//! service worker, the URL following the state, autorun, the embed's height, and the
//! document's language.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::embed::{self, EmbedConfig, HostRequest};
use super::state::{Action, ClockChoice, State};
use super::{runs, theme, url};

/// What the URL asked for when the page loaded.
#[derive(Clone, Copy, PartialEq)]
pub struct Startup {
    /// Run once the restored state is in place (`autorun=1`).
    pub autorun: bool,
    /// The compact embedded view (`embed=1`).
    pub embed: bool,
    /// The form and the stepping panels are shown (`controls=0`: output only, run on load).
    pub controls: bool,
}

impl Default for Startup {
    fn default() -> Self {
        Startup { autorun: false, embed: false, controls: true }
    }
}

/// Listens on `window` for `event` while the component lives.
fn listen<E: 'static + ?Sized>(event: &'static str, closure: Closure<E>) -> impl FnOnce() {
    let window = web_sys::window();
    if let Some(w) = &window {
        let _ = w.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    }
    move || {
        if let Some(w) = window {
            let _ = w.remove_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
        }
    }
}

/// On load: the state from the URL (and the language from the URL or the browser); on
/// Back/Forward: the state again. Returns what the URL asked for and whether the restore
/// has happened.
#[hook]
pub fn use_url_restore(state: &UseReducerHandle<State>) -> (UseStateHandle<Startup>, Rc<Cell<bool>>) {
    let startup = use_state(Startup::default);
    let done: Rc<Cell<bool>> = use_mut_ref(|| Rc::new(Cell::new(false))).borrow().clone();
    {
        let (dispatch, startup, done) = (state.dispatcher(), startup.clone(), done.clone());
        use_effect_with((), move |_| {
            let search = url::current_search();
            dispatch.dispatch(Action::SetLang(url::preferred_lang(&search)));
            if let Some(req) = url::parse(&search) {
                dispatch.dispatch(req.restore);
                if req.compare {
                    dispatch.dispatch(Action::SetCompare(true));
                }
                if req.axis.is_some() {
                    dispatch.dispatch(Action::SetAxis(req.axis));
                }
                req.notices.into_iter().for_each(|n| dispatch.dispatch(Action::Notice(n)));
                if let Some(t) = &req.theme {
                    let _ = theme::apply(t);
                }
                if req.embed {
                    embed::configure(EmbedConfig { id: req.id, origins: req.origins });
                }
                dispatch.dispatch(Action::SetOutputOnly(!req.controls));
                startup.set(Startup { autorun: req.autorun || !req.controls, embed: req.embed, controls: req.controls });
            }
            done.set(true);
            let on_pop = Closure::<dyn Fn()>::new(move || {
                let search = url::current_search();
                if let Some(req) = url::parse(&search) {
                    dispatch.dispatch(req.restore);
                    dispatch.dispatch(Action::SetAxis(req.axis));
                }
                dispatch.dispatch(Action::SetLang(url::preferred_lang(&search)));
            });
            listen("popstate", on_pop)
        });
    }
    (startup, done)
}

/// In embed mode: answers the host page's messages (checked for origin and shape) and says
/// `ready` once.
#[hook]
pub fn use_host_messages(state: &UseReducerHandle<State>, embedded: bool) {
    // The latest state, for the listener installed once.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let dispatch = state.dispatcher();
    use_effect_with(embedded, move |embedded| {
        let mut cleanup: Option<Box<dyn FnOnce()>> = None;
        if *embedded {
            let listener = host_listener(latest, dispatch);
            cleanup = Some(Box::new(listen("message", listener)));
            embed::post("ready", &[]);
        }
        move || {
            if let Some(c) = cleanup {
                c();
            }
        }
    });
}

/// The listener behind [`use_host_messages`].
fn host_listener(latest: Rc<RefCell<UseReducerHandle<State>>>, dispatch: UseReducerDispatcher<State>) -> Closure<dyn Fn(web_sys::MessageEvent)> {
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

/// Registers the simulated API's service worker and records whether it controls the page.
#[hook]
pub fn use_service_worker(state: &UseReducerHandle<State>) {
    let dispatch = state.dispatcher();
    use_effect_with((), move |_| {
        wasm_bindgen_futures::spawn_local(async move {
            let ready = crate::platform::http::register_service_worker().await;
            dispatch.dispatch(Action::ServiceWorker(ready));
        });
    });
}

/// The address bar follows the state (a new history entry when the scenario changes).
#[hook]
pub fn use_url_sync(state: &UseReducerHandle<State>, restored: Rc<Cell<bool>>) {
    let last_scenario = use_mut_ref(|| state.scenario.id);
    let state = state.clone();
    use_effect_with((state.url_version, state.scenario.id, state.clock), move |_| {
        if restored.get() && state.url_version > 0 {
            let push = *last_scenario.borrow() != state.scenario.id;
            url::write(&state, push);
        }
        *last_scenario.borrow_mut() = state.scenario.id;
    });
}

/// `autorun=1`: runs once the restored state is in place (a real-clock run that fetches
/// waits until the simulated API is known to be there or not).
#[hook]
pub fn use_autorun(state: &UseReducerHandle<State>, startup: &UseStateHandle<Startup>) {
    let (state, startup) = (state.clone(), startup.clone());
    use_effect_with((startup.autorun, state.url_version, state.scenario.id, state.service_worker), move |_| {
        let waiting_for_api = state.clock == ClockChoice::Real && state.scenario.fetches && state.service_worker.is_none();
        if startup.autorun && state.can_run() && !waiting_for_api {
            startup.set(Startup { autorun: false, ..*startup });
            runs::start(&state, state.dispatcher());
        }
    });
}

/// An embed tells its host how tall it is: after every render that changed it, and on
/// every layout change a render does not cause (a ResizeObserver).
#[hook]
pub fn use_embed_resize(embedded: bool) {
    let last_height = use_mut_ref(|| 0i32);
    use_effect(move || {
        if embedded {
            let height = embed::page_height();
            if height != *last_height.borrow() {
                *last_height.borrow_mut() = height;
                embed::post("resize", &[("height", wasm_bindgen::JsValue::from_f64(f64::from(height)))]);
            }
        }
    });
    use_effect_with(embedded, |embedded| {
        let heights = if *embedded { embed::watch_height() } else { None };
        move || {
            if let Some((observer, _callback)) = heights {
                observer.disconnect();
            }
        }
    });
}

/// `<html lang>` follows the page's language.
#[hook]
pub fn use_document_lang(lang: crate::i18n::Lang) {
    use_effect_with(lang, move |lang| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", lang.code());
        }
    });
}
