//! Requests in the browser: `fetch()` with one `AbortController` per request.
//!
//! URLs of the simulated API (`/api/…` in the programs) are answered by the playground's own
//! service worker (`static/sw.js`, served as `sw.js` at the bundle's root), which answers
//! after the requested latency, scaled to wall time, with the requested status or a network
//! failure. The worker stays in its place: it is registered for [`API_PATH`] under the
//! bundle's own folder only — a path no site uses — whatever page of the origin the
//! playground is opened at, so it never controls (or replaces the worker of) any other page,
//! the playground's included. Its requests are made from a hidden same-origin frame at
//! `<scope>frame.html`, a document the worker itself serves and so controls: the frame's
//! `fetch` reaches the worker, the page's `AbortSignal`s cancel them as well. The frame is
//! loaded once the registration's newest worker is active (an installing one is waited
//! for, the registration asked for a changed `sw.js`, bypassing the HTTP cache), so a new
//! `sw.js` answers from the next load on; a frame the worker does not control (Chromium
//! sometimes loads the first one just after activation without it) is loaded again, a few
//! times. Where no service worker can run (file://, an old browser, a host that refuses
//! it) those requests are answered by timers in the page instead, and
//! [`BrowserHttp::simulated_in_page`] says so.
//!
//! Other URLs (the user's own) are fetched without credentials, never the page's own
//! origin nor a private address from a public page (`crate::targets`), and at
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

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, RequestCredentials, RequestInit};

use crate::runtime::{simulated_answer, Abort, Exc, Http, OutsideWork, PyResult, Request, Response, ResponseDone, Schedule};
use crate::targets::target_refusal;

/// Where the simulated API lives, under the bundle's own folder: the service worker's
/// scope.
pub const API_PATH: &str = "__asyncio_playground_api__/";

/// The document the service worker serves in its scope for the hidden frame.
const FRAME_DOCUMENT: &str = "frame.html";

/// The hidden frame's `id`.
pub const FRAME_ID: &str = "asyncio-playground-api";

/// How long registering may take before the page answers `/api/…` itself: polls of
/// [`POLL_MS`] while a new worker installs (then the active one answers), the check for a
/// changed `sw.js`, and the frame's load.
const ACTIVATE_POLLS: u32 = 500;
const POLL_MS: u32 = 20;
const FRAME_LOAD_MS: i32 = 10_000;
const UPDATE_MS: i32 = 5_000;
/// Loads of the hidden frame before the page answers `/api/…` itself, the n-th retry after
/// n × [`FRAME_RETRY_MS`].
const FRAME_ATTEMPTS: u32 = 5;
const FRAME_RETRY_MS: u32 = 50;

/// The most of a response body that is read; the rest is not downloaded.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The frame the simulated API's requests are made from.
struct ApiFrame {
    element: web_sys::Element,
    window: JsValue,
    fetch: js_sys::Function,
}

thread_local! {
    /// True once the service worker answers the simulated API (set by [`register_service_worker`]).
    static SW_READY: Cell<bool> = const { Cell::new(false) };
    static FRAME: RefCell<Option<ApiFrame>> = const { RefCell::new(None) };
}

/// The service worker's scope: [`API_PATH`] in the bundle's folder, as an absolute URL.
pub fn api_scope() -> String {
    super::asset_url(API_PATH)
}

/// Registers the simulated API's service worker (`sw.js` at the bundle's root, for
/// [`api_scope`] only) and loads the hidden frame it answers. Resolves to whether the
/// simulated API is answered by it.
pub async fn register_service_worker() -> bool {
    let connected = FRAME.with(|f| f.borrow().as_ref().is_some_and(|f| f.element.is_connected())) || connect().await.is_some();
    SW_READY.with(|r| r.set(connected));
    connected
}

async fn connect() -> Option<()> {
    let window = web_sys::window()?;
    if !Reflect::has(&window.navigator(), &"serviceWorker".into()).unwrap_or(false) {
        return None;
    }
    let container = window.navigator().service_worker();
    let (scope, script) = (api_scope(), super::asset_url("sw.js"));
    let options = web_sys::RegistrationOptions::new();
    options.set_scope(&scope);
    // Checks for a changed sw.js go to the server, never to the HTTP cache.
    Reflect::set(&options, &"updateViaCache".into(), &"none".into()).ok()?;
    let registration: web_sys::ServiceWorkerRegistration = JsFuture::from(container.register_with_options(&script, &options)).await.ok()?.unchecked_into();
    if registration.installing().is_none() && registration.waiting().is_none() {
        // Registered before: is there a new sw.js? (An installing one is then waited for.)
        if let Ok(update) = registration.update() {
            let _ = JsFuture::from(js_sys::Promise::race(&js_sys::Array::of2(&update, &delay(&window, UPDATE_MS)))).await;
        }
    }
    let active = || registration.active().is_some_and(|w| state_of(&w) == "activated");
    for _ in 0..ACTIVATE_POLLS {
        if registration.installing().is_none() && registration.waiting().is_none() && active() {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(POLL_MS).await;
    }
    // A new worker that never settled leaves the active one answering.
    if !active() {
        return None;
    }
    // Chromium may load the first frame after a worker's activation without it (the
    // registration not yet found for navigations): loaded again, it is controlled.
    let src = format!("{scope}{FRAME_DOCUMENT}");
    for attempt in 1..=FRAME_ATTEMPTS {
        if open_frame(&window, &src, &script).await.is_some() {
            return Some(());
        }
        if attempt < FRAME_ATTEMPTS {
            gloo_timers::future::TimeoutFuture::new(FRAME_RETRY_MS * attempt).await;
        }
    }
    None
}

/// A promise resolved after `ms` milliseconds.
fn delay(window: &web_sys::Window, ms: i32) -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    })
}

fn state_of(worker: &web_sys::ServiceWorker) -> String {
    Reflect::get(worker, &"state".into()).ok().and_then(|s| s.as_string()).unwrap_or_default()
}

/// Loads the hidden frame and keeps its `fetch`, if the worker `script` controls it (an
/// uncontrolled frame is removed).
async fn open_frame(window: &web_sys::Window, src: &str, script: &str) -> Option<()> {
    let document = window.document()?;
    if let Some(old) = document.get_element_by_id(FRAME_ID) {
        old.remove();
    }
    let frame = document.create_element("iframe").ok()?;
    for (name, value) in
        [("id", FRAME_ID), ("title", "asyncio playground: the simulated API"), ("hidden", ""), ("aria-hidden", "true"), ("tabindex", "-1"), ("src", src)]
    {
        frame.set_attribute(name, value).ok()?;
    }
    let loaded = js_sys::Promise::new(&mut |resolve, _| {
        let _ = frame.add_event_listener_with_callback("load", &resolve);
    });
    let loaded = js_sys::Promise::race(&js_sys::Array::of2(&loaded, &delay(window, FRAME_LOAD_MS)));
    document.body()?.append_child(&frame).ok()?;
    let _ = JsFuture::from(loaded).await;
    let get = |v: &JsValue, key: &str| Reflect::get(v, &key.into()).ok().filter(|x| !x.is_undefined() && !x.is_null());
    let win = get(&frame, "contentWindow");
    let controller = win.as_ref().and_then(|w| get(w, "navigator")).and_then(|n| get(&n, "serviceWorker")).and_then(|c| get(&c, "controller"));
    let controlled = controller.and_then(|c| get(&c, "scriptURL")).and_then(|u| u.as_string()).is_some_and(|u| u == script);
    let fetch = win.as_ref().and_then(|w| get(w, "fetch")).and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match (controlled, win, fetch) {
        (true, Some(window), Some(fetch)) => {
            FRAME.with(|f| *f.borrow_mut() = Some(ApiFrame { element: frame, window, fetch }));
            Some(())
        }
        _ => {
            frame.remove();
            None
        }
    }
}

/// `fetch(url, init)` from the hidden frame: a request its service worker answers.
fn frame_fetch(url: &str, init: &RequestInit) -> Option<js_sys::Promise> {
    FRAME.with(|f| {
        let f = f.borrow();
        let f = f.as_ref()?;
        // The frame's own Promise: not `instanceof` the page's, so not checked as one.
        f.fetch.call2(&f.window, &url.into(), init).ok().filter(JsValue::is_object).map(JsCast::unchecked_into)
    })
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
            "latency" => req.latency = crate::decimal::parse_f64(v).unwrap_or(0.0),
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
            Some(rest) => format!("{}{rest}{}scale={}", api_scope(), if rest.contains('?') { "&" } else { "?" }, self.scale),
            None => url.to_string(),
        }
    }
}

impl Http for BrowserHttp {
    /// `fetch()` reaches the network: real URLs are fetched for real.
    fn reaches_network(&self) -> bool {
        true
    }

    fn start(&self, lp: &dyn Schedule, req: Request, done: ResponseDone) -> Abort {
        if req.url.starts_with("/api/") && self.simulated_in_page() {
            let sim = simulated(&req.url);
            let timer = lp.call_later(sim.latency, Box::new(move || done(simulated_answer(&sim))));
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
        let promise = if req.url.starts_with("/api/") {
            frame_fetch(&self.url_for(&req.url), &init)
        } else {
            web_sys::window().map(|w| w.fetch_with_str_and_init(&req.url, &init))
        };
        let Some(promise) = promise else {
            done(Err(Exc::new("ClientError", "fetch() is not available")));
            return Box::new(|| {});
        };
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
