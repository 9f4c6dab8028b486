//! Requests in the browser: `fetch()` with one `AbortController` per request.
//!
//! URLs of the simulated API (`/api/…` in the programs) go to the page's own service worker
//! (`static/sw.js`, served as `sw.js` next to the page) at [`API_PATH`] beside the page — a
//! path no site uses for itself — which answers after the requested latency, scaled to wall
//! time, with the requested status or a network failure. The worker's scope is the page's
//! own path, the narrowest that still lets it answer the page. Where no service worker can
//! run (file://, an old browser, a host that refuses it) those requests are answered by
//! timers in the page instead, and [`BrowserHttp::simulated_in_page`] says so.
//!
//! Other URLs (the user's own) are fetched without credentials, never the page's own
//! origin nor a private address from a public page (`crate::scenarios::limits`), and at
//! most [`MAX_BODY_BYTES`] of a body is read. CORS refusals and network failures come back
//! as error values, like `aiohttp.ClientError`.
//!
//! # Cancellation
//! Aborting (a timeout, or Stop via [`Http::shutdown`]) calls `AbortController.abort()`
//! until the whole body has been read: the request, or its body's download, is cancelled on
//! the wire and its callback never runs.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCredentials, RequestInit};

use crate::runtime::{simulated_answer, Abort, Exc, Http, Loop, OutsideWork, PyResult, Request, Response, ResponseDone};
use crate::scenarios::limits::target_refusal;

/// Where the simulated API lives, relative to the page.
pub const API_PATH: &str = "__asyncio_playground_api__/";

/// The most of a response body that is read; the rest is not downloaded.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

thread_local! {
    /// True once the page's service worker controls it (set by [`register_service_worker`]).
    static SW_READY: Cell<bool> = const { Cell::new(false) };
}

/// Registers the simulated API's service worker (`sw.js` beside the page). Resolves to
/// whether the page is now controlled by it.
pub async fn register_service_worker() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let container = window.navigator().service_worker();
    if !js_sys::Reflect::has(&window.navigator(), &"serviceWorker".into()).unwrap_or(false) {
        return false;
    }
    // The narrowest scope that still covers this page: its own path.
    let options = web_sys::RegistrationOptions::new();
    options.set_scope(&window.location().pathname().unwrap_or_else(|_| "./".into()));
    if JsFuture::from(container.register_with_options("sw.js", &options)).await.is_err() {
        return false;
    }
    if let Ok(ready) = container.ready() {
        let _ = JsFuture::from(ready).await;
    }
    // clients.claim() makes the new worker control this page shortly after activation.
    for _ in 0..50 {
        if container.controller().is_some() {
            SW_READY.with(|r| r.set(true));
            return true;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    false
}

/// True when the simulated API is answered by the service worker.
pub fn service_worker_ready() -> bool {
    SW_READY.with(Cell::get)
}

/// Parses `latency`, `status` and `fail` of a simulated-API URL.
fn simulated(url: &str) -> Request {
    let query = url.split_once('?').map_or("", |(_, q)| q);
    let mut req = Request { url: url.to_string(), latency: 0.0, status: 200, fail: false };
    for (k, v) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        match k {
            "latency" => req.latency = v.parse().unwrap_or(0.0),
            "status" => req.status = v.parse().unwrap_or(200),
            "fail" => req.fail = v == "1",
            _ => {}
        }
    }
    req
}

/// `fetch()` for the loop's requests.
pub struct BrowserHttp {
    me: Weak<BrowserHttp>,
    scale: f64,
    next: Cell<u64>,
    in_flight: RefCell<BTreeMap<u64, AbortController>>,
    started: Cell<u64>,
    aborted: Cell<u64>,
    abort_confirmed: Rc<Cell<u64>>,
    aborted_settled: Rc<Cell<u64>>,
}

impl BrowserHttp {
    /// Requests for one run; `scale` is wall seconds per guide-second.
    pub fn new(scale: f64) -> Rc<BrowserHttp> {
        Rc::new_cyclic(|me| BrowserHttp {
            me: me.clone(),
            scale,
            next: Cell::new(1),
            in_flight: RefCell::new(BTreeMap::new()),
            started: Cell::new(0),
            aborted: Cell::new(0),
            abort_confirmed: Rc::new(Cell::new(0)),
            aborted_settled: Rc::new(Cell::new(0)),
        })
    }

    /// True when `/api/…` is answered by timers in the page (no service worker).
    pub fn simulated_in_page(&self) -> bool {
        !service_worker_ready()
    }

    /// Requests sent with `fetch()`.
    pub fn started(&self) -> u64 {
        self.started.get()
    }

    /// Requests aborted while in flight.
    pub fn aborted(&self) -> u64 {
        self.aborted.get()
    }

    /// Aborted requests whose `fetch()` has not settled yet.
    pub fn aborts_pending(&self) -> u64 {
        self.aborted.get().saturating_sub(self.aborted_settled.get())
    }

    /// Aborted requests whose `fetch()` then rejected with `AbortError`: the browser
    /// cancelled them before any response arrived.
    pub fn abort_confirmed(&self) -> u64 {
        self.abort_confirmed.get()
    }

    fn url_for(&self, url: &str) -> String {
        match url.strip_prefix("/api/") {
            Some(rest) => format!("{API_PATH}{rest}{}scale={}", if rest.contains('?') { "&" } else { "?" }, self.scale),
            None => url.to_string(),
        }
    }
}

impl Http for BrowserHttp {
    /// `fetch()` reaches the network: real URLs are fetched for real.
    fn reaches_network(&self) -> bool {
        true
    }

    fn start(&self, lp: &Loop, req: Request, done: ResponseDone) -> Abort {
        if req.url.starts_with("/api/") && self.simulated_in_page() {
            let sim = simulated(&req.url);
            let timer = lp.call_later(sim.latency, move || done(simulated_answer(&sim)));
            return Box::new(move || timer.cancel());
        }
        if !req.url.starts_with("/api/") {
            let page = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
            if let Some(why) = target_refusal(&req.url, &page) {
                done(Err(Exc::new("ClientError", format!("refused {}: {why}", req.url))));
                return Box::new(|| {});
            }
        }
        let id = self.next.get();
        self.next.set(id + 1);
        let Ok(controller) = AbortController::new() else {
            done(Err(Exc::new("ClientError", "AbortController is not available")));
            return Box::new(|| {});
        };
        let init = RequestInit::new();
        init.set_signal(Some(&controller.signal()));
        init.set_credentials(RequestCredentials::Omit);
        let Some(window) = web_sys::window() else {
            done(Err(Exc::new("ClientError", "no window")));
            return Box::new(|| {});
        };
        let promise = window.fetch_with_str_and_init(&self.url_for(&req.url), &init);
        self.in_flight.borrow_mut().insert(id, controller);
        self.started.set(self.started.get() + 1);
        let me = self.me.clone();
        let (confirmed, settled) = (self.abort_confirmed.clone(), self.aborted_settled.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let fetched = JsFuture::from(promise).await;
            let wanted = || me.upgrade().is_some_and(|http| http.in_flight.borrow().contains_key(&id));
            if !wanted() {
                // Aborted: it reports nothing (its task was cancelled, or the run stopped).
                settled.set(settled.get() + 1);
                if let Err(e) = &fetched {
                    if js_sys::Reflect::get(e, &"name".into()).ok().and_then(|n| n.as_string()).as_deref() == Some("AbortError") {
                        confirmed.set(confirmed.get() + 1);
                    }
                }
                return;
            }
            // The controller stays in flight while the body downloads: an abort now cancels it.
            let response = response_of(fetched).await;
            let still_wanted = me.upgrade().is_some_and(|http| http.in_flight.borrow_mut().remove(&id).is_some());
            if !still_wanted {
                settled.set(settled.get() + 1);
                return;
            }
            done(response);
        });
        let me = self.me.clone();
        Box::new(move || {
            if let Some(http) = me.upgrade() {
                if let Some(c) = http.in_flight.borrow_mut().remove(&id) {
                    c.abort();
                    http.aborted.set(http.aborted.get() + 1);
                }
            }
        })
    }
}

impl OutsideWork for BrowserHttp {
    fn in_flight(&self) -> usize {
        self.in_flight.borrow().len()
    }

    fn shutdown(&self) {
        let all = std::mem::take(&mut *self.in_flight.borrow_mut());
        for c in all.values() {
            c.abort();
        }
        self.aborted.set(self.aborted.get() + all.len() as u64);
    }
}

async fn response_of(fetched: Result<JsValue, JsValue>) -> PyResult<Response> {
    let resp: web_sys::Response = match fetched {
        Ok(v) => v.unchecked_into(),
        Err(e) => {
            let message = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string()).unwrap_or_else(|| format!("{e:?}"));
            return Err(Exc::new("ClientConnectionError", format!("Cannot connect: {message}")));
        }
    };
    let status = resp.status();
    let body = read_body(&resp).await.map_err(|e| {
        let message = js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string()).unwrap_or_else(|| format!("{e:?}"));
        Exc::new("ClientPayloadError", format!("the body could not be read: {message}"))
    })?;
    Ok(Response { status, body })
}

/// Reads at most [`MAX_BODY_BYTES`] of the body as text, then cancels the rest.
async fn read_body(resp: &web_sys::Response) -> Result<String, JsValue> {
    let Some(stream) = resp.body() else { return Ok(String::new()) };
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut bytes = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await?;
        if js_sys::Reflect::get(&chunk, &"done".into())?.as_bool().unwrap_or(true) {
            break;
        }
        let value: js_sys::Uint8Array = js_sys::Reflect::get(&chunk, &"value".into())?.unchecked_into();
        let room = MAX_BODY_BYTES - bytes.len();
        let take = (value.length() as usize).min(room);
        let start = bytes.len();
        bytes.resize(start + take, 0);
        value.subarray(0, take as u32).copy_to(&mut bytes[start..]);
        if bytes.len() >= MAX_BODY_BYTES {
            let _ = reader.cancel();
            break;
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
