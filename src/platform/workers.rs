//! A pool of Web Workers: the browser's stand-in for the threads of `asyncio.to_thread`.
//!
//! Each worker runs the jobs module (`src/jobs/`, loaded once per page by
//! [`super::jobs_module`]): it is handed that module already compiled (no download or
//! compile of its own) and runs jobs with its `run_worker_job` — a real busy-wait for
//! `time.sleep`, real prime counting for CPU work — in another browser thread while the
//! loop keeps ticking. The pool holds at most
//! `navigator.hardwareConcurrency` workers, started on demand; jobs wait in FIFO order for
//! a free one. A worker that crashes is dropped (and replaced on the next job) and its job
//! fails with an error value. A worker that cannot load the bundle (it says so, or is not
//! ready within [`INIT_TIMEOUT_MS`]) is dropped and the jobs waiting for it fail with an
//! error value instead of waiting forever. [`Workers::shutdown`] (Stop, or the end of the
//! run) terminates every worker: unlike a Python thread, a worker can be stopped.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

use super::jobs_module::{jobs_module, Glue, JobsModule};
use crate::runtime::{EventKind, Exc, Job, JobDone, OutsideWork, PyResult, Schedule, Workers};

const BOOTSTRAP: &str = include_str!("../../static/worker.js");

/// How long a new worker may take to load the bundle before its jobs fail.
pub const INIT_TIMEOUT_MS: u32 = 10_000;

/// The job as the worker reads it; `scale` turns guide-seconds into wall milliseconds.
fn encode(job: &Job, scale: f64) -> String {
    match job {
        Job::BlockingSleep { secs } => format!("sleep {}", secs * scale * 1000.0),
        Job::CountPrimes { below, secs } => format!("primes {below} {}", secs * scale * 1000.0),
        Job::Fail { message, secs } => {
            let _ = secs;
            format!("fail {message}")
        }
    }
}

struct Pending {
    id: u64,
    /// The job as sent to the worker, and as shown on the timeline.
    encoded: String,
    describe: String,
    task: u32,
    done: JobDone,
}

struct Slot {
    worker: Worker,
    ready: bool,
    /// The job it runs: (id, task, done).
    running: Option<(u64, u32, JobDone)>,
    /// Fails the worker if it is not ready in time (dropped once it is).
    init_timer: Option<gloo_timers::callback::Timeout>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

/// A pool of module workers running this bundle.
pub struct WorkerPool {
    me: Weak<WorkerPool>,
    lp: RefCell<Option<Rc<dyn Schedule>>>,
    scale: f64,
    size: Cell<usize>,
    slots: RefCell<Vec<Option<Slot>>>,
    queue: RefCell<VecDeque<Pending>>,
    next_id: Cell<u64>,
    started: Cell<u64>,
    bootstrap_url: RefCell<Option<String>>,
    /// Where workers import the bundle's JS glue from (`None`: this bundle's).
    glue_url: RefCell<Option<String>>,
}

impl WorkerPool {
    /// A pool for one run; `scale` is wall seconds per guide-second.
    pub fn new(scale: f64) -> Rc<WorkerPool> {
        let cores = web_sys::window().map_or(2.0, |w| w.navigator().hardware_concurrency()).max(1.0) as usize;
        Rc::new_cyclic(|me| WorkerPool {
            me: me.clone(),
            lp: RefCell::new(None),
            scale,
            size: Cell::new(cores),
            slots: RefCell::new(Vec::new()),
            queue: RefCell::new(VecDeque::new()),
            next_id: Cell::new(1),
            started: Cell::new(0),
            bootstrap_url: RefCell::new(None),
            glue_url: RefCell::new(None),
        })
    }

    /// Makes new workers import the JS glue from `url` instead of this bundle's (tests use
    /// it to see a worker that cannot load).
    pub fn set_glue_url(&self, url: &str) {
        *self.glue_url.borrow_mut() = Some(url.to_string());
    }

    /// Queues a job already in the worker's words (`sleep <ms>`, `primes <n> <ms>`,
    /// `fail <message>`, or `crash`, a trap); used by [`Workers::submit`], tests and
    /// benchmarks.
    pub fn run_encoded(&self, lp: &dyn Schedule, encoded: &str, describe: &str, done: JobDone) {
        *self.lp.borrow_mut() = Some(lp.keep());
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        let task = lp.current_task_id().unwrap_or(0);
        self.queue.borrow_mut().push_back(Pending { id, encoded: encoded.to_string(), describe: describe.to_string(), task, done });
        self.dispatch();
    }

    /// Caps the pool at `n` workers whatever the core count (benchmarks).
    pub fn set_pool_size_for_bench(&self, n: usize) {
        self.size.set(n.max(1));
    }

    /// Workers alive now (started and not terminated).
    pub fn live_workers(&self) -> usize {
        self.slots.borrow().iter().filter(|s| s.is_some()).count()
    }

    /// Workers started over the pool's life (replacements included).
    pub fn workers_started(&self) -> u64 {
        self.started.get()
    }

    /// The workers' script as a blob URL (made once per pool): `static/worker.js`, after the
    /// glue of the module when that is inline.
    fn bootstrap(&self, glue: Option<&str>) -> Result<String, JsValue> {
        if let Some(url) = self.bootstrap_url.borrow().clone() {
            return Ok(url);
        }
        let options = BlobPropertyBag::new();
        options.set_type("text/javascript");
        let parts = js_sys::Array::of1(&glue.unwrap_or_default().into());
        parts.push(&BOOTSTRAP.into());
        let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = Url::create_object_url_with_blob(&blob)?;
        *self.bootstrap_url.borrow_mut() = Some(url.clone());
        Ok(url)
    }

    /// Starts worker number `index` (0-based) and sends it the compiled jobs module.
    fn spawn(&self, index: usize, jobs: &JobsModule) -> Result<Slot, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        options.set_name(&format!("asyncio-playground worker {}", index + 1));
        // The glue inline in the worker's script, or a URL it imports (a test's, or the
        // page's bundle standing in for the jobs module).
        let test_glue = self.glue_url.borrow().clone();
        let (inline, import) = match (&test_glue, &jobs.glue) {
            (Some(url), _) | (None, Glue::Url(url)) => (None, Some(url.clone())),
            (None, Glue::Inline(text)) => (Some(text.as_str()), None),
        };
        let worker = Worker::new_with_options(&self.bootstrap(inline)?, &options)?;
        let me = self.me.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(pool) = me.upgrade() {
                pool.on_message(index, e.data());
            }
        });
        let me = self.me.clone();
        let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
            e.prevent_default();
            if let Some(pool) = me.upgrade() {
                pool.on_crash(index, e.message());
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let init = Object::new();
        Reflect::set(&init, &"type".into(), &"init".into())?;
        if let Some(url) = import {
            Reflect::set(&init, &"glue".into(), &url.into())?;
        }
        Reflect::set(&init, &"module".into(), &jobs.module)?;
        worker.post_message(&init)?;
        self.started.set(self.started.get() + 1);
        let me = self.me.clone();
        let init_timer = gloo_timers::callback::Timeout::new(INIT_TIMEOUT_MS, move || {
            // Outside the timer's own callback: failing the worker drops this timer.
            let me = me.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Some(pool) = me.upgrade() {
                    pool.on_init_failed(index, format!("not ready after {} s", INIT_TIMEOUT_MS / 1000));
                }
            });
        });
        Ok(Slot { worker, ready: false, running: None, init_timer: Some(init_timer), _on_message: on_message, _on_error: on_error })
    }

    /// Worker `index` could not load the bundle: it is dropped, and the jobs waiting fail
    /// (another worker would most likely fail the same way).
    fn on_init_failed(&self, index: usize, why: String) {
        let failed = {
            let mut slots = self.slots.borrow_mut();
            match slots.get_mut(index) {
                Some(slot) if slot.as_ref().is_some_and(|s| !s.ready) => slot.take(),
                _ => None,
            }
        };
        let Some(slot) = failed else { return };
        slot.worker.terminate();
        let message = format!("the worker could not start: {why}");
        let waiting: Vec<Pending> = self.queue.borrow_mut().drain(..).collect();
        for p in waiting {
            (p.done)(Err(Exc::runtime_error(message.clone())));
        }
    }

    fn on_message(&self, index: usize, data: JsValue) {
        // A job's end: "<id> ok <value>" or "<id> err <message>".
        if let Some(text) = data.as_string() {
            let mut parts = text.splitn(3, ' ');
            let (ok, value) = (parts.nth(1) == Some("ok"), parts.next().unwrap_or_default().to_string());
            self.finish(index, if ok { Ok(value) } else { Err(Exc::value_error(value)) }, false);
            self.dispatch();
            return;
        }
        let kind = Reflect::get(&data, &"type".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        match kind.as_str() {
            "ready" => {
                if let Some(Some(slot)) = self.slots.borrow_mut().get_mut(index) {
                    slot.ready = true;
                    slot.init_timer = None;
                }
            }
            "init-failed" => {
                let value = Reflect::get(&data, &"value".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
                self.on_init_failed(index, value);
                return;
            }
            "crashed" => {
                let value = Reflect::get(&data, &"value".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
                self.finish(index, Err(Exc::runtime_error(format!("the worker crashed: {value}"))), true);
            }
            _ => {}
        }
        self.dispatch();
    }

    fn on_crash(&self, index: usize, message: String) {
        let loading = self.slots.borrow().get(index).is_some_and(|s| s.as_ref().is_some_and(|s| !s.ready));
        if loading {
            self.on_init_failed(index, message);
            return;
        }
        self.finish(index, Err(Exc::runtime_error(format!("the worker crashed: {message}"))), true);
        self.dispatch();
    }

    /// The job on worker `index` ended; `crashed` also drops the worker.
    fn finish(&self, index: usize, result: PyResult<String>, crashed: bool) {
        let running = {
            let mut slots = self.slots.borrow_mut();
            let Some(slot_opt) = slots.get_mut(index) else { return };
            let running = slot_opt.as_mut().and_then(|s| s.running.take());
            if crashed {
                if let Some(slot) = slot_opt.take() {
                    slot.worker.terminate();
                }
            }
            running
        };
        if let Some((_, task, done)) = running {
            if let Some(lp) = self.lp.borrow().clone() {
                lp.record(task, EventKind::JobEnd { worker: index as u32 + 1, ok: result.is_ok() });
            }
            done(result);
        }
    }

    /// Hands queued jobs to idle, ready workers; starts workers while below the pool size
    /// (once the jobs module is loaded: until then the jobs wait in the queue).
    pub(crate) fn dispatch(&self) {
        loop {
            if self.queue.borrow().is_empty() {
                return;
            }
            let idle = self.slots.borrow().iter().position(|s| s.as_ref().is_some_and(|s| s.ready && s.running.is_none()));
            let Some(index) = idle else {
                let (len, live) = (self.slots.borrow().len(), self.live_workers());
                let starting = self.slots.borrow().iter().flatten().filter(|s| !s.ready).count();
                let wanted = self.queue.borrow().len();
                if live < self.size.get() && starting < wanted {
                    let me = self.me.clone();
                    let then = Box::new(move || {
                        if let Some(pool) = me.upgrade() {
                            pool.dispatch();
                        }
                    });
                    let Some(jobs) = jobs_module(then) else { return };
                    let index = self.slots.borrow().iter().position(Option::is_none).unwrap_or(len);
                    match self.spawn(index, &jobs) {
                        Ok(slot) => {
                            let mut slots = self.slots.borrow_mut();
                            if index == slots.len() {
                                slots.push(Some(slot));
                            } else {
                                slots[index] = Some(slot);
                            }
                            continue;
                        }
                        Err(e) => {
                            let message = format!("cannot start a worker: {e:?}");
                            for p in self.queue.borrow_mut().drain(..) {
                                (p.done)(Err(Exc::runtime_error(message.clone())));
                            }
                        }
                    }
                }
                return;
            };
            let Some(p) = self.queue.borrow_mut().pop_front() else { return };
            let msg = JsValue::from_str(&format!("{} {}", p.id, p.encoded));
            let mut slots = self.slots.borrow_mut();
            let Some(Some(slot)) = slots.get_mut(index) else { continue };
            if let Err(e) = slot.worker.post_message(&msg) {
                drop(slots);
                (p.done)(Err(Exc::runtime_error(format!("cannot reach the worker: {e:?}"))));
                continue;
            }
            slot.running = Some((p.id, p.task, p.done));
            drop(slots);
            if let Some(lp) = self.lp.borrow().clone() {
                lp.record(p.task, EventKind::JobStart { worker: index as u32 + 1, job: p.describe });
            }
        }
    }
}

impl Workers for WorkerPool {
    fn submit(&self, lp: &dyn Schedule, job: Job, done: JobDone) {
        self.run_encoded(lp, &encode(&job, self.scale), &job.describe(), done);
    }

    fn pool_size(&self) -> usize {
        self.size.get()
    }

    fn set_pool_size(&self, n: usize) {
        let cores = web_sys::window().map_or(2.0, |w| w.navigator().hardware_concurrency()).max(1.0) as usize;
        self.size.set(n.clamp(1, cores));
    }
}

impl OutsideWork for WorkerPool {
    fn in_flight(&self) -> usize {
        self.queue.borrow().len() + self.slots.borrow().iter().flatten().filter(|s| s.running.is_some()).count()
    }

    fn shutdown(&self) {
        for slot in self.slots.borrow_mut().drain(..).flatten() {
            slot.worker.terminate();
        }
        self.queue.borrow_mut().clear();
        self.lp.borrow_mut().take();
        if let Some(url) = self.bootstrap_url.borrow_mut().take() {
            let _ = Url::revoke_object_url(&url);
        }
    }
}
