//! The HTTP seam: where the bounded-fetch scenario's requests go.
//!
//! The loop sees only the [`Http`] seam: *start this request, call me back with the
//! response; abort it if I say so*. Two implementations:
//! - [`VirtualHttp`] (here): the response arrives after the request's simulated latency of
//!   virtual time — what a simulated endpoint would answer, deterministically.
//! - the browser's `fetch()` with an `AbortController` per request (`crate::platform`,
//!   wasm32 only), against the page's simulated API or real URLs.
//!
//! # Cancellation
//! Cancelling the awaiting task (a per-request `timeout()`, or Stop) aborts the request:
//! the virtual one never answers, the browser's is aborted on the wire.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::exception::{Exc, PyResult};
use super::id_map::IdMap;
use super::schedule::{Handle, Schedule};
use super::seam::OutsideWork;

/// A request, with how the simulated endpoint should answer it.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The URL requested (the simulated API reads its answer from the query string).
    pub url: String,
    /// Seconds the simulated endpoint waits before answering.
    pub latency: f64,
    /// The status it answers with.
    pub status: u16,
    /// If true, the connection fails (a `ClientError` in aiohttp's words).
    pub fail: bool,
}

/// What came back.
#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    /// The HTTP status code.
    pub status: u16,
    /// The body, as text (read up to the playground's cap).
    pub body: String,
}

/// Called with the outcome, on the loop's thread.
pub type ResponseDone = Box<dyn FnOnce(PyResult<Response>)>;

/// Aborts a request when called (or does nothing if it already finished).
pub type Abort = Box<dyn FnOnce()>;

/// Where requests go; [`OutsideWork`] counts those in flight and aborts them all on Stop.
pub trait Http: OutsideWork {
    /// Starts `req`; `done` is called on the loop's thread unless the request is aborted.
    fn start(&self, lp: &dyn Schedule, req: Request, done: ResponseDone) -> Abort;
    /// True if requests reach the network (real URLs can be fetched); false for a simulated
    /// endpoint, which answers every request from its simulated latency.
    fn reaches_network(&self) -> bool {
        false
    }
}

/// Requests answered by a simulated endpoint on the virtual clock. It counts the requests
/// in flight (started, neither answered nor aborted), like the browser's, so a stopped
/// run can be checked to have none left.
#[derive(Default)]
pub struct VirtualHttp {
    next: Cell<u32>,
    in_flight: Rc<RefCell<IdMap<()>>>,
}

impl Http for VirtualHttp {
    fn start(&self, lp: &dyn Schedule, req: Request, done: ResponseDone) -> Abort {
        let id = self.next.get();
        self.next.set(id + 1);
        self.in_flight.borrow_mut().insert(id, ());
        let live = self.in_flight.clone();
        let timer: Rc<Handle> = lp.call_later(
            req.latency,
            Box::new(move || {
                if live.borrow_mut().remove(id).is_some() {
                    done(simulated_answer(&req));
                }
            }),
        );
        let live = self.in_flight.clone();
        Box::new(move || {
            live.borrow_mut().remove(id);
            timer.cancel();
        })
    }
}

impl OutsideWork for VirtualHttp {
    fn in_flight(&self) -> usize {
        self.in_flight.borrow().len()
    }

    fn shutdown(&self) {
        self.in_flight.borrow_mut().clear();
    }
}

/// The simulated endpoint's answer to `req` (shared by the virtual clock and the page's
/// simulated API, so both answer alike).
pub fn simulated_answer(req: &Request) -> PyResult<Response> {
    if req.fail {
        return Err(Exc::new("ClientConnectionError", format!("Cannot connect to host for {}", req.url)));
    }
    Ok(Response { status: req.status, body: format!("{{\"url\": \"{}\", \"status\": {}}}", req.url, req.status) })
}
