//! The bridge to "Run my code": the editor and the sandbox a program runs in live in a JS
//! module that is imported only when a learner first edits a program (`static/code.js`,
//! CodeMirror 6 bundled by esbuild; the sandbox frame `static/code-sandbox.html` and its
//! Pyodide worker, see the reference's "Run my code: the sandbox", docs/src/run-my-code-sandbox.md), so the page's first load
//! does not carry them. This side imports it, mounts it into the host element the editor component (`components/editor.rs`)
//! draws, passes it the page's words, starts and stops its runs for the run bar, and turns
//! the run-result JSON it returns into a run of the `code` entry like any scenario's.
//! The program runs on the CPython of the page's `python` choice: each Pyodide is in the
//! bundle under `pyodide/<python>/` (scripts/build.sh), and the module fetches that one only.
//!
//! **In a frame of another origin's page** (a host or a link's page that frames `code=…`),
//! the program is someone else's, and that page could make the frame see-through or cover it
//! so that a reader's click on the page lands on Run my code. There a press (the button or
//! the `r` key) runs the program only if the browser saw the page shown — uncovered, opaque,
//! untransformed, as IntersectionObserver v2 (`trackVisibility`, `delay: 100`) reports it for
//! the whole document — without a break from [`SEEN_FOR_MS`] before the press until
//! [`SETTLE_MS`] after it (so a frame hidden or revealed just around the click, before the
//! report could say so, does not count). Otherwise nothing runs and the page says why, with
//! the full playground in a new tab; a browser without IntersectionObserver v2 cannot tell,
//! so there every such press is answered that way. The page on its own and a frame of the
//! playground's own origin run at once.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::UseReducerDispatcher;

use super::state::{Action, State};
use crate::i18n::{Lang, Msg};
use crate::runtime::PyVersion;
use crate::scenarios::load_run;

/// Seconds of wall time a run may take before its worker is ended (an endless loop that
/// never awaits cannot be interrupted otherwise).
pub const WALL_LIMIT_SECS: u32 = 15;

/// The mounted module: its controller and the callbacks it holds.
struct Mounted {
    controller: Object,
    _callbacks: Vec<Closure<dyn Fn(JsValue)>>,
}

// A dynamic import() from a module file (the page's Content-Security-Policy allows no
// eval, so no `new Function`).
#[wasm_bindgen(inline_js = "export function import_module(url) { return import(url); }")]
extern "C" {
    fn import_module(url: &str) -> Promise;
}

thread_local! {
    static MOUNTED: RefCell<Option<Mounted>> = const { RefCell::new(None) };
    /// A run asked for before the module was there (autorun, a quick click).
    static RUN_WHEN_READY: RefCell<bool> = const { RefCell::new(false) };
    /// Where a refused press is said (the dispatcher of the last mount).
    static DISPATCH: RefCell<Option<UseReducerDispatcher<State>>> = const { RefCell::new(None) };
    /// What the browser reports of the page's visibility, once watched (in a frame of another
    /// origin's page only).
    static SIGHT: RefCell<Option<Sight>> = const { RefCell::new(None) };
    /// The number of the last press checked, and whether its check is still under way; a
    /// later number (Stop, leaving the editor) ends that check with nothing run.
    static CHECK: Cell<(u64, bool)> = const { Cell::new((0, false)) };
}

/// How long (ms) the page must have been seen, uncovered and opaque, before a press of Run my
/// code in a frame of another origin's page counts.
pub const SEEN_FOR_MS: f64 = 500.0;
/// How long (ms) after the press the page waits for the browser's report before it decides:
/// longer than the observer's `delay` (100 ms), so a frame hidden just before the press is
/// known by then.
pub const SETTLE_MS: u32 = 200;

/// The page's visibility as IntersectionObserver v2 reports it.
struct Sight {
    /// Since when (`performance.now()`, ms) the page has been seen without a break; `None`:
    /// not seen now. `None` for the whole struct's life where the browser cannot tell.
    since: Option<Rc<Cell<Option<f64>>>>,
    _observer: Option<JsValue>,
    _callback: Option<Closure<dyn Fn(js_sys::Array)>>,
}

/// True when the page is in a frame and some page above it is of another origin (a sandboxed
/// frame, whose origin is opaque, included).
fn framed_by_another_origin() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let Ok(own) = window.location().origin() else { return true };
    // Where the browser lists the ancestors' origins, any other one says so at once.
    if let Ok(list) = Reflect::get(&window.location(), &"ancestorOrigins".into()) {
        let n = Reflect::get(&list, &"length".into()).ok().and_then(|n| n.as_f64()).unwrap_or(0.0) as u32;
        if (0..n).any(|i| Reflect::get(&list, &i.into()).ok().and_then(|o| o.as_string()).is_none_or(|o| o != own)) {
            return true;
        }
    }
    let mut current = window;
    // Frames nest a few levels deep at most; a page that cannot be walked up is not trusted.
    for _ in 0..64 {
        let parent = match current.parent() {
            Ok(Some(parent)) => parent,
            _ => return false,
        };
        if parent == current {
            return false;
        }
        match parent.location().origin() {
            Ok(origin) if origin == own => current = parent,
            _ => return true,
        }
    }
    true
}

/// Starts watching the page's visibility (once): an IntersectionObserver v2 on the document's
/// root element, whose reports keep `since`.
fn watch() {
    if SIGHT.with(|s| s.borrow().is_some()) {
        return;
    }
    let window: JsValue = web_sys::window().map_or(JsValue::UNDEFINED, Into::into);
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    // `isVisible` on its entries is how a browser says it tracks visibility (v2).
    let tracks = Reflect::get(&window, &"IntersectionObserverEntry".into())
        .and_then(|e| Reflect::get(&e, &"prototype".into()))
        .and_then(|p| Reflect::has(&p, &"isVisible".into()))
        .unwrap_or(false);
    let ctor = Reflect::get(&window, &"IntersectionObserver".into()).ok().and_then(|c| c.dyn_into::<Function>().ok());
    let sight = match (tracks, ctor, root) {
        (true, Some(ctor), Some(root)) => {
            let since = Rc::new(Cell::new(None));
            let callback = {
                let since = since.clone();
                Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    for entry in entries.iter() {
                        let visible = Reflect::get(&entry, &"isVisible".into()).ok().and_then(|v| v.as_bool()) == Some(true);
                        let time = Reflect::get(&entry, &"time".into()).ok().and_then(|t| t.as_f64()).unwrap_or_else(crate::platform::perf_now);
                        if !visible {
                            since.set(None);
                        } else if since.get().is_none() {
                            since.set(Some(time));
                        }
                    }
                })
            };
            let options = Object::new();
            let _ = Reflect::set(&options, &"trackVisibility".into(), &JsValue::TRUE);
            let _ = Reflect::set(&options, &"delay".into(), &JsValue::from_f64(100.0));
            let _ = Reflect::set(&options, &"threshold".into(), &JsValue::from_f64(0.0));
            let observer = Reflect::construct(&ctor, &js_sys::Array::of2(callback.as_ref(), &options)).ok();
            let observing =
                observer.as_ref().and_then(|o| Reflect::get(o, &"observe".into()).ok().and_then(|f| f.dyn_into::<Function>().ok()).map(|f| f.call1(o, &root)));
            match observing {
                Some(Ok(_)) => Sight { since: Some(since), _observer: observer, _callback: Some(callback) },
                _ => Sight { since: None, _observer: None, _callback: None },
            }
        }
        _ => Sight { since: None, _observer: None, _callback: None },
    };
    SIGHT.with(|s| *s.borrow_mut() = Some(sight));
}

/// Says on the page why a press ran nothing (`msg`: a message id).
fn refuse(msg: &'static str) {
    if let Some(dispatch) = DISPATCH.with(|d| d.borrow().clone()) {
        dispatch.dispatch(Action::CodeRefused(Msg::new(msg)));
    }
}

/// Ends the check of a press, if one is under way: nothing of it runs.
fn cancel_check() {
    CHECK.with(|c| c.set((c.get().0 + 1, false)));
}

fn call(name: &str, arg: &JsValue) {
    MOUNTED.with(|m| {
        if let Some(m) = m.borrow().as_ref() {
            if let Ok(f) = Reflect::get(&m.controller, &name.into()).and_then(|f| f.dyn_into::<Function>()) {
                let _ = f.call1(&m.controller, arg);
            }
        }
    });
}

/// The page's words for the module, placeholders left for it to fill (`{done}`).
pub fn strings(lang: Lang) -> JsValue {
    let t = |msg: Msg| JsValue::from(msg.text(lang));
    let pairs: [(&str, JsValue); 22] = [
        ("hint", t(Msg::new("code-hint"))),
        ("editor", t(Msg::new("code-editor"))),
        ("loading", t(Msg::new("code-loading").arg("python", "{python}").arg("done", "{done}").arg("total", "{total}"))),
        ("starting", t(Msg::new("code-starting"))),
        ("running", t(Msg::new("code-running"))),
        ("python", t(Msg::new("code-python").arg("python", "{python}").arg("pyodide", "{pyodide}"))),
        ("pythonLater", t(Msg::new("code-python-later").arg("python", "{python}"))),
        ("wallLimit", t(Msg::new("code-wall-limit").arg("secs", "{secs}"))),
        ("startLimit", t(Msg::new("code-start-limit").arg("secs", "{secs}"))),
        ("stopped", t(Msg::new("code-stopped"))),
        ("syntax", t(Msg::new("code-syntax").arg("message", "{message}").arg("line", "{line}"))),
        ("traceback", t(Msg::new("code-traceback"))),
        ("loadFailed", t(Msg::new("code-load-failed").arg("error", "{error}"))),
        ("repaired", t(Msg::new("code-repaired").arg("files", "{files}"))),
        ("apiTitle", t(Msg::new("code-api-title"))),
        ("apiNote", t(Msg::new("code-api-note"))),
        ("apiLatency", t(Msg::new("code-api-latency"))),
        ("apiJitter", t(Msg::new("code-api-jitter"))),
        ("apiFailRate", t(Msg::new("code-api-fail-rate"))),
        ("apiSeed", t(Msg::new("code-api-seed"))),
        ("apiInvalid", t(Msg::new("code-api-invalid").arg("field", "{field}").arg("min", "{min}").arg("max", "{max}").arg("got", "{got}"))),
        ("apiInvalidWhole", t(Msg::new("code-api-invalid-whole").arg("field", "{field}").arg("min", "{min}").arg("max", "{max}").arg("got", "{got}"))),
    ];
    let out = Object::new();
    for (k, v) in pairs {
        let _ = Reflect::set(&out, &k.into(), &v);
    }
    out.into()
}

/// What the results panel says of a run that left no run-result, from the module's reason
/// (`onEnd(why)`), where "Press Run" stood.
fn unrun_message(why: Option<&str>) -> &'static str {
    match why {
        Some("syntax") => "code-ended-syntax",
        Some("raised") => "code-ended-raised",
        Some("no-loop") => "code-ended-no-loop",
        Some("limit") => "code-ended-limit",
        Some("failed") => "code-ended-failed",
        _ => "code-ended-stopped",
    }
}

/// Imports the module (once; the browser keeps it) and mounts the editor into `host`, to run
/// programs on `python`'s Pyodide.
pub fn mount(host: web_sys::Element, program: String, python: PyVersion, lang: Lang, dispatch: UseReducerDispatcher<State>) {
    DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch.clone()));
    // In a frame of another origin's page, the page's visibility is watched from now on, so
    // that a press is judged by what the reader could see before it.
    if framed_by_another_origin() {
        watch();
    }
    wasm_bindgen_futures::spawn_local(async move {
        let module = wasm_bindgen_futures::JsFuture::from(import_module(&crate::platform::asset_url("static/code.js"))).await;
        let mount = module.and_then(|m| Reflect::get(&m, &"mount".into())).and_then(|f| f.dyn_into::<Function>());
        let Ok(mount) = mount else {
            dispatch.dispatch(Action::Notice(Msg::new("code-load-failed").arg("error", "static/code.js")));
            return;
        };
        let on_change = {
            let dispatch = dispatch.clone();
            Closure::<dyn Fn(JsValue)>::new(move |text: JsValue| dispatch.dispatch(Action::SetCode(text.as_string().unwrap_or_default())))
        };
        let on_start = {
            let dispatch = dispatch.clone();
            Closure::<dyn Fn(JsValue)>::new(move |_| {
                let id = super::runs::code_started();
                dispatch.dispatch(Action::CodeStarted { id });
            })
        };
        let on_result = {
            let dispatch = dispatch.clone();
            Closure::<dyn Fn(JsValue)>::new(move |result: JsValue| finish(&result, &dispatch))
        };
        let on_end = {
            let dispatch = dispatch.clone();
            Closure::<dyn Fn(JsValue)>::new(move |why: JsValue| {
                dispatch.dispatch(Action::CodeUnrun(unrun_message(why.as_string().as_deref())));
                super::runs::code_ended(&dispatch)
            })
        };
        let options = Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = Reflect::set(&options, &k.into(), v);
        };
        set("program", &program.into());
        set("strings", &strings(lang));
        set("sandboxUrl", &crate::platform::asset_url("static/code-sandbox.html").into());
        set("python", &python.as_str().into());
        set("pyodideUrl", &crate::platform::pyodide_url(python.as_str()).into());
        set("packageUrl", &crate::platform::asset_url("static/py/virtual_asyncio/").into());

        set("wallLimit", &WALL_LIMIT_SECS.into());
        set("onChange", on_change.as_ref());
        set("onStart", on_start.as_ref());
        set("onResult", on_result.as_ref());
        set("onEnd", on_end.as_ref());
        if !host.is_connected() {
            return; // the learner left code mode while the module loaded
        }
        let pending = RUN_WHEN_READY.with(|r| r.replace(false));
        destroy();
        let Ok(controller) = mount.call2(&JsValue::NULL, &host, &options).map(Object::from) else {
            return;
        };
        MOUNTED.with(|m| *m.borrow_mut() = Some(Mounted { controller, _callbacks: vec![on_change, on_start, on_result, on_end] }));
        if pending {
            run();
        }
    });
}

/// A finished run: the worker's run-result (its JSON text, parsed here in one pass: walking
/// the browser's parsed object property by property took far longer), loaded, published and
/// shown.
fn finish(result: &JsValue, dispatch: &UseReducerDispatcher<State>) {
    let text = result.as_string().unwrap_or_default();
    let loaded = serde_json::from_str::<serde_json::Value>(&text).map_err(|e| e.to_string()).and_then(|json| load_run(&json));
    match loaded {
        Ok(result) => {
            super::runs::code_finished(Rc::new(result), dispatch); // shown and published as any run
        }
        Err(e) => {
            super::runs::code_ended(dispatch);
            dispatch.dispatch(Action::Notice(Msg::new("code-load-failed").arg("error", e)));
        }
    }
}

/// Runs the program in the editor (as soon as the module is there): a press of Run my code.
/// In a frame of another origin's page, only once the press is known to have been made on a
/// page the reader could see (see the module's documentation); else the page says why.
pub fn run() {
    if !framed_by_another_origin() {
        return start();
    }
    if CHECK.with(|c| c.get().1) {
        return; // a press is being checked: this one is the same reader's second click
    }
    watch();
    let Some(since) = SIGHT.with(|s| s.borrow().as_ref().and_then(|s| s.since.clone())) else {
        return refuse("code-framed-unknown");
    };
    let pressed = crate::platform::perf_now();
    let check = CHECK.with(|c| {
        let n = c.get().0 + 1;
        c.set((n, true));
        n
    });
    wasm_bindgen_futures::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(SETTLE_MS).await;
        if CHECK.with(|c| c.get()) != (check, true) {
            return; // stopped, or the editor left, meanwhile
        }
        CHECK.with(|c| c.set((check, false)));
        // Seen since well before the press, and not hidden since.
        if since.get().is_some_and(|t| t <= pressed - SEEN_FOR_MS) {
            start();
        } else {
            refuse("code-framed-hidden");
        }
    });
}

/// Starts the program in the editor, or as soon as the module is there.
fn start() {
    let mounted = MOUNTED.with(|m| m.borrow().is_some());
    if mounted {
        call("run", &JsValue::UNDEFINED);
    } else {
        RUN_WHEN_READY.with(|r| *r.borrow_mut() = true);
    }
}

/// Stops a run: its worker is terminated.
pub fn stop() {
    cancel_check();
    RUN_WHEN_READY.with(|r| *r.borrow_mut() = false);
    call("stop", &JsValue::UNDEFINED);
}

/// The page's language changed.
pub fn set_lang(lang: Lang) {
    call("setStrings", &strings(lang));
}

/// Takes the editor away, ending any run and its worker.
pub fn unmount() {
    cancel_check();
    RUN_WHEN_READY.with(|r| *r.borrow_mut() = false);
    destroy();
}

/// Takes the mounted module's editor away, if any.
fn destroy() {
    if let Some(m) = MOUNTED.with(|m| m.borrow_mut().take()) {
        if let Ok(f) = Reflect::get(&m.controller, &"destroy".into()).and_then(|f| f.dyn_into::<Function>()) {
            let _ = f.call0(&m.controller);
        }
    }
}
