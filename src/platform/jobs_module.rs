//! The module a worker runs its jobs with: loaded once per page, on first use.
//!
//! A worker needs only the jobs (`src/jobs/`, built into `dist/jobs/`), not the playground,
//! so the page fetches and compiles that small module once and hands the compiled module
//! to every worker it starts: a cold worker instantiates about 50 KB, not the page's whole
//! bundle. Where the jobs module is not beside the bundle (a host that copied only
//! `pkg/`, or the browser tests' own bundle, which links the same jobs) the bundle itself
//! is handed over instead: slower to start, the same jobs.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Promise, WebAssembly};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::{asset_url, glue_url};

/// What a new worker is told to import and instantiate.
pub struct JobsModule {
    /// The module's JS glue.
    pub glue: Glue,
    /// The compiled `WebAssembly.Module`.
    pub module: JsValue,
}

/// What to do once the module is there (a pool's dispatch, a benchmark's wait).
type Then = Box<dyn FnOnce()>;

/// Where a worker finds the JS glue of the module it is handed.
pub enum Glue {
    /// Its text, which the worker's script starts with: nothing to import (the jobs
    /// module's; a separate import would cost a cold worker more than it instantiating).
    Inline(String),
    /// A URL the worker imports (the page's own bundle, whose glue imports files beside it).
    Url(String),
}

enum Load {
    NotStarted,
    /// What to call once it is there (pools that wait to start a worker).
    Loading(Vec<Then>),
    Ready(Rc<JobsModule>),
}

thread_local! {
    static JOBS: RefCell<Load> = const { RefCell::new(Load::NotStarted) };
}

/// The jobs module if it is loaded; otherwise starts loading it (the first time) and calls
/// `then` once it is there (a pool dispatches its queue).
pub fn jobs_module(then: Box<dyn FnOnce()>) -> Option<Rc<JobsModule>> {
    when_loaded(then)
}

/// A promise that settles once the jobs module is loaded (benchmarks time a cold worker
/// from there, as a page that already holds the module starts one).
#[cfg(feature = "bench")]
pub fn jobs_module_loaded() -> Promise {
    Promise::new(&mut |resolve, _| {
        let later = resolve.clone();
        if when_loaded(Box::new(move || drop(later.call0(&JsValue::NULL)))).is_some() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    })
}

/// True once the jobs module itself is loaded; false while loading, or when the page's
/// bundle stands in for it (benchmarks say which they measured).
#[cfg(feature = "bench")]
pub fn loaded_is_own() -> bool {
    JOBS.with(|jobs| matches!(&*jobs.borrow(), Load::Ready(m) if matches!(m.glue, Glue::Inline(_))))
}

/// The module if it is there (`then` is dropped); else `then` is kept for when it is, and
/// loading starts the first time.
fn when_loaded(then: Then) -> Option<Rc<JobsModule>> {
    let start = JOBS.with(|jobs| {
        let mut jobs = jobs.borrow_mut();
        match &mut *jobs {
            Load::Ready(m) => Err(m.clone()),
            Load::Loading(waiting) => {
                waiting.push(then);
                Ok(false)
            }
            Load::NotStarted => {
                *jobs = Load::Loading(vec![then]);
                Ok(true)
            }
        }
    });
    let start = match start {
        Err(ready) => return Some(ready),
        Ok(start) => start,
    };
    if start {
        wasm_bindgen_futures::spawn_local(async {
            let fallback = || JobsModule { glue: Glue::Url(glue_url()), module: wasm_bindgen::module() };
            let loaded = Rc::new(load().await.unwrap_or_else(|_| fallback()));
            let waiting = JOBS.with(|jobs| match std::mem::replace(&mut *jobs.borrow_mut(), Load::Ready(loaded)) {
                Load::Loading(waiting) => waiting,
                _ => Vec::new(),
            });
            for then in waiting {
                then();
            }
        });
    }
    None
}

/// Fetches the module's wasm (compiled as it streams in) and its glue's text, side by side.
async fn load() -> Result<JobsModule, JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let fetch = |path: &str| {
        let response = window.fetch_with_str(&asset_url(path));
        async move {
            let response: web_sys::Response = JsFuture::from(response).await?.dyn_into()?;
            if response.ok() {
                Ok(response)
            } else {
                Err(JsValue::from_str(&format!("{}: HTTP {}", response.url(), response.status())))
            }
        }
    };
    let (wasm, glue) = (fetch("jobs/jobs_bg.wasm"), fetch("jobs/jobs.js"));
    let module = JsFuture::from(WebAssembly::compile_streaming(&Promise::resolve(&JsValue::from(wasm.await?))));
    let glue = JsFuture::from(glue.await?.text()?).await?.as_string().ok_or("the glue is not text")?;
    Ok(JobsModule { glue: Glue::Inline(glue), module: module.await? })
}
