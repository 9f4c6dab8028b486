//! Where a loop's outside work goes: its [`Workers`] (`to_thread`) and its [`Http`]
//! (`fetch`). The host sets them (the browser's worker pool and `fetch()`); a loop whose host
//! did not gets the virtual ones on first use. Stop shuts both down.

use std::cell::RefCell;
use std::rc::Rc;

use super::http::{Http, VirtualHttp};
use super::offload::{default_workers, Workers};

/// A loop's workers and requests.
#[derive(Default)]
pub(crate) struct Services {
    workers: RefCell<Option<Rc<dyn Workers>>>,
    http: RefCell<Option<Rc<dyn Http>>>,
}

impl Services {
    pub(crate) fn workers(&self) -> Rc<dyn Workers> {
        self.workers.borrow_mut().get_or_insert_with(default_workers).clone()
    }

    pub(crate) fn set_workers(&self, workers: Rc<dyn Workers>) {
        *self.workers.borrow_mut() = Some(workers);
    }

    pub(crate) fn http(&self) -> Rc<dyn Http> {
        self.http.borrow_mut().get_or_insert_with(|| Rc::new(VirtualHttp::default())).clone()
    }

    pub(crate) fn set_http(&self, http: Rc<dyn Http>) {
        *self.http.borrow_mut() = Some(http);
    }

    /// Jobs and requests started and not finished.
    pub(crate) fn in_flight(&self) -> usize {
        let jobs = self.workers.borrow().as_ref().map_or(0, |w| w.in_flight());
        let requests = self.http.borrow().as_ref().map_or(0, |h| h.in_flight());
        jobs + requests
    }

    /// Stop: ends every job and request.
    pub(crate) fn shutdown(&self) {
        let (workers, http) = (self.workers.borrow().clone(), self.http.borrow().clone());
        if let Some(w) = workers {
            w.shutdown();
        }
        if let Some(h) = http {
            h.shutdown();
        }
    }
}
