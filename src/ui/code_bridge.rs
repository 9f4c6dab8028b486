//! The bridge to "Run my code": the editor and the sandbox a program runs in live in a JS
//! module that is imported only when a learner first edits a program (`static/code.js`,
//! CodeMirror 6 bundled by esbuild; the sandbox frame `static/code-sandbox.html` and its
//! Pyodide worker, see the README's "Run my code: the sandbox"), so the page's first load
//! does not carry them. This side imports it, mounts it into the host element the editor component (`components/editor.rs`)
//! draws, passes it the page's words, starts and stops its runs for the run bar, and turns
//! the run-result JSON it returns into a run of the `code` entry like any scenario's.
//! The program runs on the CPython of the page's `python` choice: each Pyodide is in the
//! bundle under `pyodide/<python>/` (scripts/build.sh), and the module fetches that one only.

use std::cell::RefCell;
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
    let pairs: [(&str, JsValue); 21] = [
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
        set("pyodideUrl", &crate::platform::asset_url(&format!("pyodide/{}/", python.as_str())).into());
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
        unmount();
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

/// Runs the program in the editor (as soon as the module is there).
pub fn run() {
    let mounted = MOUNTED.with(|m| m.borrow().is_some());
    if mounted {
        call("run", &JsValue::UNDEFINED);
    } else {
        RUN_WHEN_READY.with(|r| *r.borrow_mut() = true);
    }
}

/// Stops a run: its worker is terminated.
pub fn stop() {
    RUN_WHEN_READY.with(|r| *r.borrow_mut() = false);
    call("stop", &JsValue::UNDEFINED);
}

/// The page's language changed.
pub fn set_lang(lang: Lang) {
    call("setStrings", &strings(lang));
}

/// Takes the editor away, ending any run and its worker.
pub fn unmount() {
    RUN_WHEN_READY.with(|r| *r.borrow_mut() = false);
    if let Some(m) = MOUNTED.with(|m| m.borrow_mut().take()) {
        if let Ok(f) = Reflect::get(&m.controller, &"destroy".into()).and_then(|f| f.dyn_into::<Function>()) {
            let _ = f.call0(&m.controller);
        }
    }
}
