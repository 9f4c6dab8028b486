//! The app's effects, one named hook each (as yew's examples write them): restoring the
//! state from the URL and from Back/Forward, the embed's host messages, the simulated API's
//! service worker, the URL following the state, autorun, the embed's height, and the
//! document's language and its messages.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::embed::{self, EmbedConfig};
use super::lazy::runs;
use super::state::{Action, State};
use super::{navigation, theme, url};
use crate::page::restore::PageRequest;
use crate::scenarios::ClockKind;

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

impl Startup {
    /// What `req` (the URL the page loaded with) asks of the page's start.
    fn of(req: &PageRequest) -> Self {
        // Predict first asks before it runs: autorun=1 waits for the answers.
        let predict = req.controls && req.predict;
        Startup { autorun: (req.autorun && !predict) || !req.controls, embed: req.embed, controls: req.controls }
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

/// The page's state, as the URL describes it (and the language from the URL or the browser)
/// from the first render on, with what the URL asked for; on Back/Forward, the state again,
/// never under a run in progress (`navigation.rs`).
///
/// The restore is the reducer's first state, not an effect: Yew may let the browser paint
/// between a render and its effects (it yields after 16 ms of work), so a restore in an
/// effect showed the first scenario in English for a frame, longer on a slow phone.
#[hook]
pub fn use_url_restore() -> (UseReducerHandle<State>, UseStateHandle<Startup>) {
    // The URL as the page loaded with it, read once; its theme applied before the first paint.
    let loaded = use_memo((), |_| {
        let query = url::parse(&url::current_search());
        let req = query.as_ref().map(PageRequest::of);
        if let Some(t) = req.as_ref().and_then(|r| r.theme) {
            theme::apply(t);
        }
        (query, req)
    });
    let state = use_reducer(|| {
        let first = Rc::new(State::new(&super::limits::page_origin()));
        let fallback_lang = url::fallback_lang();
        let restore = match &loaded.0 {
            Some(query) => Action::Restore { query: query.clone(), fallback_lang },
            None => Action::SetLang(fallback_lang),
        };
        Rc::unwrap_or_clone(crate::page::reduce(first, restore))
    });
    let startup = use_state(|| loaded.1.as_ref().map_or_else(Startup::default, Startup::of));
    // The latest state, for the listener installed once.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            if let Some(req) = loaded.1.as_ref().filter(|req| req.embed) {
                embed::configure(EmbedConfig { id: req.id.clone(), origins: req.origins.clone(), parent_origin: None });
            }
            let on_pop = Closure::<dyn Fn()>::new(move || navigation::on_history_change(&latest.borrow(), &dispatch));
            listen("popstate", on_pop)
        });
    }
    (state, startup)
}

/// What stops listening.
type Cleanup = Box<dyn FnOnce()>;

/// In embed mode: answers the host page's messages (checked for origin and shape; the run
/// chunk's `host.rs`, loaded at once in an embed) and says `ready` once it listens (the
/// host's `embed.js` holds its messages until then).
#[hook]
pub fn use_host_messages(state: &UseReducerHandle<State>, embedded: bool) {
    // The latest state, for the listener installed once.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let dispatch = state.dispatcher();
    use_effect_with(embedded, move |embedded| {
        let cleanup: Rc<RefCell<Option<Cleanup>>> = Rc::default();
        if *embedded {
            let slot = cleanup.clone();
            super::lazy::load_then(super::lazy::Chunk::Run, move || {
                let Some(run) = super::lazy::run() else { return };
                let listener =
                    Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| (run.host_message)(&latest.borrow(), &dispatch, &e));
                *slot.borrow_mut() = Some(Box::new(listen("message", listener)));
                embed::post("ready", &[]);
            });
        }
        move || {
            if let Some(c) = cleanup.borrow_mut().take() {
                c();
            }
        }
    });
}

/// Loads the chunks in the background, the one the first result needs first: on a lesson's
/// page the run chunk at once (Run waits for it; on a phone it is the first result's
/// longest wait), then — once it is here and the page is idle — the teaching chunk, so the
/// two never share the network; on a `code=` page (whose view loads Run my code's chunk at
/// once) both once the page is idle, the teaching chunk after the run chunk. The lesson's
/// program comes with the run chunk, and a lesson chosen later has its program asked for at
/// once. The real
/// clock's chunk comes with the run chunk where the page runs on the real clock (and as soon
/// as the reader chooses it: `lazy::runs::clock_chosen`), else after the teaching chunk
/// (`ui::lazy`). With the run
/// chunk, registers the simulated API's service worker (the run chunk holds the page's side
/// of it) and records whether it answers the API (through the hidden frame it controls;
/// never the page itself).
#[hook]
pub fn use_service_worker(state: &UseReducerHandle<State>) {
    use super::lazy::{load, load_then, when_idle, Chunk};
    let dispatch = state.dispatcher();
    let lesson = state.form.code.is_none();
    // A lesson's run chunk is asked for in the first render, before the first screen is drawn:
    // its fetches overlap that render and the paint instead of following them (the effect
    // below then waits for the load under way).
    let asked = use_mut_ref(|| false);
    if lesson && !std::mem::replace(&mut *asked.borrow_mut(), true) {
        super::lazy::runs::needed(&state.form).into_iter().for_each(load);
    }
    // (A load under way or done is not asked for again.)
    use_effect_with((state.form.scenario.kind, lesson), |(kind, lesson)| {
        if *lesson {
            load(Chunk::Program(*kind));
        }
    });
    use_effect_with((), move |_| {
        let run_then_teach = move || {
            load_then(Chunk::Run, move || {
                if let Some(t) = super::lazy::run() {
                    (t.register_service_worker)(dispatch);
                }
                when_idle(|| load(Chunk::Teach));
            });
        };
        if lesson {
            run_then_teach();
        } else {
            when_idle(run_then_teach);
        }
    });
}

/// The address bar follows the state (a new history entry when the scenario changes): its
/// query, once the state has moved on from the one the page started with or last restored
/// from the address bar (or a host's `set-params`), which the address bar already says.
/// The first action after that writes it even if it left the query as it was: the bare
/// page's address gets its full query at once (its language known).
#[hook]
pub fn use_url_sync(state: &UseReducerHandle<State>) {
    let last_scenario = use_mut_ref(|| state.form.scenario.id);
    let state = state.clone();
    let moved_on = state.version > state.restored_at;
    use_effect_with((url::query(&state), moved_on), move |(query, moved_on)| {
        if *moved_on {
            let push = *last_scenario.borrow() != state.form.scenario.id;
            url::write(query, push);
        }
        *last_scenario.borrow_mut() = state.form.scenario.id;
    });
}

/// `autorun=1`: runs once the restored state is in place (a real-clock run that fetches
/// waits until the simulated API is known to be there or not).
#[hook]
pub fn use_autorun(state: &UseReducerHandle<State>, startup: &UseStateHandle<Startup>) {
    let (state, startup) = (state.clone(), startup.clone());
    use_effect_with((startup.autorun, state.version), move |_| {
        let waiting_for_api = state.form.clock == ClockKind::Real && state.form.scenario.fetches && state.settings.service_worker.is_none();
        if startup.autorun && state.can_run() && !waiting_for_api {
            startup.set(Startup { autorun: false, ..*startup });
            runs::autorun(&state, state.dispatcher());
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

/// `<html lang>` follows the page's language, and a language whose messages the page does
/// not have yet (the bundle carries none; `static/boot.js` hands over the first reader's
/// language, or English's where the reader's could not be had) is fetched from
/// `static/i18n/` beside the bundle; until it arrives the page stays readable in the
/// language it had (`i18n::tr`'s fallbacks).
#[hook]
pub fn use_language(state: &UseReducerHandle<State>) {
    let dispatch = state.dispatcher();
    use_effect_with(state.settings.lang, move |lang| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", lang.tag());
        }
        let lang = *lang;
        super::lazy::show(lang);
        // The chunks' files too, once a chunk that speaks them is here or on its way.
        // (The teaching chunk's files are the run chunk's and its own.)
        use super::lazy::{files_of, status, Chunk, Status};
        let files = [Chunk::Teach, Chunk::Run].into_iter().find(|c| status(*c) != Status::Idle).map_or(&[][..], files_of);
        let lesson = files.iter().any(|f| !crate::i18n::has_file(lang, *f));
        if !crate::i18n::available(lang) || lesson {
            wasm_bindgen_futures::spawn_local(async move {
                if !crate::i18n::available(lang) {
                    super::lazy::fetch_files(lang, &[crate::i18n::File::Main]).await;
                    if !crate::i18n::available(lang) {
                        return;
                    }
                }
                if lesson {
                    super::lazy::fetch_files(lang, files).await;
                }
                dispatch.dispatch(Action::MessagesArrived);
            });
        }
    });
}

/// True when `target` is somewhere the keys belong to (a field, a select, the editor).
fn typing_in(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return false };
    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA") || el.closest("[contenteditable], .cm-editor").ok().flatten().is_some()
}

/// The page's keyboard shortcuts: `r` runs or stops, a digit chooses a scenario (see
/// [`crate::page::keys::scenario_of_key`]), `←`/`→` step through a finished run (with Shift
/// over the lines to another event, with Alt by loop iteration), `?` opens the shortcuts dialog.
#[hook]
pub fn use_shortcuts(state: &UseReducerHandle<State>, open_help: Callback<()>) {
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    use_effect_with((), move |_| {
        let on_key = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
            // (Alt goes on only with ← →: the jump by loop iteration.)
            let alt_arrow = e.alt_key() && matches!(e.key().as_str(), "ArrowLeft" | "ArrowRight");
            if e.ctrl_key() || e.meta_key() || (e.alt_key() && !alt_arrow) || e.default_prevented() || typing_in(e.target()) {
                return;
            }
            let state = latest.borrow().clone();
            let dispatch = state.dispatcher();
            let key = e.key();
            let handled = match key.as_str() {
                "r" | "R" => {
                    if state.is_running() {
                        runs::stop(&state);
                    } else {
                        runs::start(&state, dispatch);
                    }
                    true
                }
                "?" => {
                    open_help.emit(());
                    true
                }
                // The playhead's keys belong to the teaching views (not before they are here).
                "ArrowLeft" | "ArrowRight" => super::lazy::teach().is_some_and(|t| (t.step_key)(&state, &e)),
                digit if !state.is_running() => match crate::page::keys::scenario_of_key(digit) {
                    Some(s) => {
                        dispatch.dispatch(Action::SelectScenario(s.id));
                        true
                    }
                    None => false,
                },
                _ => false,
            };
            if handled {
                e.prevent_default();
            }
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = document {
                let _ = d.remove_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
            }
        }
    });
}

/// After a run, the results come into view (at once when the reader asked for reduced
/// motion); nothing moves if they are in view already. In an embed the frame is as tall as
/// its page, so the host scrolls: the embed sends a `resize` with `result_top`, the results'
/// offset from the top of its page in CSS pixels (embed.js brings that place into the host's
/// view when it is off-screen; a host with a plain iframe can do the same) — only after a run
/// the reader started in this embed: an autorun, an embed without controls or the host's
/// `run` never move the host page.
#[hook]
pub fn use_results_into_view(state: &UseReducerHandle<State>) {
    let first = state.runs().first().map(|r| Rc::as_ptr(&r.result) as usize);
    // A step link's run opens at its step: the program brings that step's line into view
    // instead (`Program`).
    let landed_at_step = state.slot.playhead.is_some();
    use_effect_with(first, move |first| {
        if first.is_none() || landed_at_step {
            return;
        }
        let Some(window) = web_sys::window() else { return };
        let Some(results) = window.document().and_then(|d| d.get_element_by_id("results")) else { return };
        let rect = results.get_bounding_client_rect();
        if embed::config().is_some() {
            if !super::lazy::runs::asked_by_reader() {
                return;
            }
            let top = rect.top() + window.scroll_y().unwrap_or(0.0);
            let height = f64::from(embed::page_height());
            embed::post("resize", &[("height", wasm_bindgen::JsValue::from_f64(height)), ("result_top", wasm_bindgen::JsValue::from_f64(top.round()))]);
            return;
        }
        let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if rect.top() >= 0.0 && rect.top() < height * 0.6 {
            return;
        }
        let reduced = window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches());
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Start);
        options.set_behavior(if reduced { web_sys::ScrollBehavior::Instant } else { web_sys::ScrollBehavior::Smooth });
        results.scroll_into_view_with_scroll_into_view_options(&options);
    });
}
