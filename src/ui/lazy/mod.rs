//! The page's chunks: the parts of the app the first screen does not need, each a
//! WebAssembly module of its own that the page loads on first use — and in the background, so
//! that a tap is normally instant: the part the first result needs at once (its files are
//! asked for one round trip before the first chunk's last bytes are due: `static/boot.js`
//! calls the loader's `prefetch`), the teaching views once it is here and the browser is idle, or as soon as a
//! run asks for them (`ui::hooks::use_service_worker`, [`LazyView`]'s `asked`;
//! `scripts/build.sh` splits the bundle at the split points of `ui::split`).
//!
//! - [`Chunk::Run`]: running a scenario — the executor, what the scenarios' programs share,
//!   publishing run-results — and the results panel;
//! - [`Chunk::Teach`]: the teaching views — the timeline, stepping and its narration, the
//!   program, the loop panel and call graph, Predict first, exports, the events table, the
//!   embed snippet, the glossary and the help;
//! - [`Chunk::Code`]: Run my code — the editor's bridge and loading a program's run;
//! - [`Chunk::Real`]: runs on the real clock — the browser driver, its timers, Web Workers
//!   and `fetch` (a run on the virtual clock, the default, needs none of it);
//! - [`Chunk::Program`]: one scenario's program (`scenarios::programs::starters`), loaded
//!   beside the run chunk for a run of that scenario: a run carries only its own lesson's
//!   program (what two or more programs share comes with the run chunk: `scripts/build.sh`).
//!
//! What a chunk gives the page is a table of functions ([`RunChunk`], [`TeachChunk`],
//! [`CodeChunk`], [`RealChunk`]) defined in `ui::chunk`; the first screen reaches a chunk's code only through
//! its table, never by name, so nothing of it is compiled into the first chunk. This module
//! owns the loading (when, what waits for a chunk, its status) but names no chunk's code, nor
//! the split points: those give it their [`Loader`] as the app starts ([`install`]), so the
//! chunks' code, which uses this module, is never reached back from it. A chunk's
//! state ([`Status`]) is watched by [`use_chunk`]; a failed load (offline on a first visit, a
//! missing or corrupt file) can be tried again, and says so in the reader's language
//! ([`Lazy`]). The messages of the chunks' views come with them in the page's language
//! (`static/i18n/<lang>.results.ftl` beside the run chunk, English's too; `<lang>.lesson.ftl`
//! beside the teaching chunk, which carries English's).

mod messages;
pub mod runs;
mod tables;
mod view;

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;

use yew::prelude::*;

use crate::scenarios::Kind;
pub use messages::{fetch_files, files_of, show};
pub use tables::{CodeChunk, RealChunk, RunChunk, Table, Tables, TeachChunk};
pub use view::{Lazy, LazyView};

/// One of the page's chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chunk {
    Run,
    Teach,
    Code,
    Real,
    /// The program of one kind of scenario.
    Program(Kind),
}

/// How many chunks there are: the four above and a program per [`Kind`].
const CHUNKS: usize = 4 + Kind::ALL.len();

impl Chunk {
    fn index(self) -> usize {
        match self {
            Chunk::Run => 0,
            Chunk::Teach => 1,
            Chunk::Code => 2,
            Chunk::Real => 3,
            Chunk::Program(kind) => 4 + kind as usize,
        }
    }
}

/// Where a chunk is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not asked for yet.
    Idle,
    Loading,
    Loaded,
    /// Its load failed (a later [`load`] tries again).
    Failed,
}

/// A chunk's load under way: its table once it is here, `Err` if it failed (the loader logs
/// why to the console).
pub type Loading = Pin<Box<dyn Future<Output = Result<Table, ()>>>>;

/// How the chunks arrive, given by the split points (`ui::split`) as the app starts
/// ([`install`]).
pub struct Loader {
    /// Loads a chunk: its table once its modules are here.
    pub load: fn(Chunk) -> Loading,
    /// Every chunk's table at once where the page is one module (without the `split`
    /// feature); `None` where each is loaded on first use.
    pub at_once: Option<Tables>,
}

/// Gives this module the page's [`Loader`]: where the app starts (`ui::mount`,
/// `ui::mount_into`), before anything loads a chunk. A page of one module has every chunk
/// here from then on. Installing it again (another app on the page) changes nothing.
pub fn install(loader: &'static Loader) {
    LOADER.with(|l| l.set(Some(loader)));
    if let Some(t) = &loader.at_once {
        RUN.with(|c| c.set(Some(t.run)));
        TEACH.with(|c| c.set(Some(t.teach)));
        CODE.with(|c| c.set(Some(t.code)));
        REAL.with(|c| c.set(Some(t.real)));
        STATUS.with(|s| *s.borrow_mut() = [Status::Loaded; CHUNKS]);
    }
}

thread_local! {
    static LOADER: Cell<Option<&'static Loader>> = const { Cell::new(None) };
    static RUN: Cell<Option<&'static RunChunk>> = const { Cell::new(None) };
    static TEACH: Cell<Option<&'static TeachChunk>> = const { Cell::new(None) };
    static CODE: Cell<Option<&'static CodeChunk>> = const { Cell::new(None) };
    static REAL: Cell<Option<&'static RealChunk>> = const { Cell::new(None) };
    static STATUS: RefCell<[Status; CHUNKS]> = const { RefCell::new([Status::Idle; CHUNKS]) };
    /// Components that show a chunk's status, told of every change.
    static WATCHERS: RefCell<Vec<(u64, Callback<()>)>> = const { RefCell::new(Vec::new()) };
    static NEXT_WATCHER: Cell<u64> = const { Cell::new(0) };
}

/// The run chunk's table, once loaded (at once in a page of one module: the browser tests).
pub fn run() -> Option<&'static RunChunk> {
    RUN.with(Cell::get)
}

/// The teaching views' table, once loaded.
pub fn teach() -> Option<&'static TeachChunk> {
    TEACH.with(Cell::get)
}

/// Run my code's table, once loaded.
pub fn code() -> Option<&'static CodeChunk> {
    CODE.with(Cell::get)
}

/// The real clock's table, once loaded.
pub fn real() -> Option<&'static RealChunk> {
    REAL.with(Cell::get)
}

/// Where `chunk` is (always here in a page of one module).
pub fn status(chunk: Chunk) -> Status {
    STATUS.with(|s| s.borrow()[chunk.index()])
}

fn set_status(chunk: Chunk, status: Status) {
    STATUS.with(|s| s.borrow_mut()[chunk.index()] = status);
    notify();
}

/// Tells every watcher ([`use_chunk`]) that something changed.
fn notify() {
    let watchers: Vec<Callback<()>> = WATCHERS.with(|w| w.borrow().iter().map(|(_, cb)| cb.clone()).collect());
    for cb in watchers {
        cb.emit(());
    }
}

/// Loads `chunk` unless it is loaded or on its way (a failed one is tried again); `then`
/// runs once it is here (not if its load fails).
pub fn load_then(chunk: Chunk, then: impl FnOnce() + 'static) {
    // (One body for every caller: each `then` is boxed here, the rest is compiled once.)
    load_then_boxed(chunk, Box::new(then));
}

fn load_then_boxed(chunk: Chunk, then: Then) {
    match status(chunk) {
        Status::Loaded => return then(),
        Status::Loading => {
            PENDING.with(|p| p.borrow_mut().push((chunk, then)));
            return;
        }
        Status::Idle | Status::Failed => {}
    }
    let loader = LOADER.with(Cell::get).expect("the chunks' loader is installed as the app starts (ui::split::install)");
    PENDING.with(|p| p.borrow_mut().push((chunk, then)));
    set_status(chunk, Status::Loading);
    // The chunk and its messages (a Hindi or Bengali reader's) come side by side; the chunk
    // is here once both are.
    let parts = std::rc::Rc::new(Cell::new(2u8));
    let ok = std::rc::Rc::new(Cell::new(true));
    let part_done = move |parts: &Cell<u8>, ok: &Cell<bool>| {
        parts.set(parts.get() - 1);
        if parts.get() == 0 {
            arrived(chunk, ok.get());
        }
    };
    {
        let (parts, ok) = (parts.clone(), ok.clone());
        wasm_bindgen_futures::spawn_local(async move {
            messages::load(chunk).await;
            part_done(&parts, &ok);
        });
    }
    wasm_bindgen_futures::spawn_local(async move {
        match (loader.load)(chunk).await {
            Ok(Table::Run(t)) => RUN.with(|c| c.set(Some(t))),
            Ok(Table::Teach(t)) => {
                (t.init)();
                TEACH.with(|c| c.set(Some(t)))
            }
            Ok(Table::Code(t)) => {
                (t.init)();
                CODE.with(|c| c.set(Some(t)))
            }
            Ok(Table::Real(t)) => REAL.with(|c| c.set(Some(t))),
            Ok(Table::Program(kind, starter)) => crate::scenarios::provided::provide(kind, starter),
            Err(()) => ok.set(false),
        }
        part_done(&parts, &ok);
    });
}

/// `chunk` arrived (`ok`) or failed to: what waited for it runs, its watchers are told.
fn arrived(chunk: Chunk, ok: bool) {
    let waiting: Vec<Then> = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let (mine, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut *p).into_iter().partition(|(c, _)| *c == chunk);
        *p = rest;
        mine.into_iter().map(|(_, f)| f).collect()
    });
    if !ok && matches!(chunk, Chunk::Run | Chunk::Real | Chunk::Program(_)) {
        runs::gave_up(); // (the run asked for cannot start: Run is Run again, the failure said)
    }
    set_status(chunk, if ok { Status::Loaded } else { Status::Failed });
    if ok {
        for f in waiting {
            f();
        }
    }
    // The real clock's chunk follows the teaching chunk in the background, so that a switch
    // to the real clock later finds it here (one that failed is tried again by a run on
    // that clock, or Retry).
    if ok && chunk == Chunk::Teach && status(Chunk::Real) == Status::Idle {
        load(Chunk::Real);
    }
}

/// Loads every one of `chunks` unless it is here or on its way, side by side; `then` runs
/// once all are here (not if one fails to load).
pub fn load_all_then(chunks: Vec<Chunk>, then: impl FnOnce() + 'static) {
    fn in_turn(mut chunks: std::vec::IntoIter<Chunk>, then: Then) {
        match chunks.next() {
            Some(first) => load_then_boxed(first, Box::new(move || in_turn(chunks, then))),
            None => then(),
        }
    }
    chunks.iter().for_each(|c| load(*c));
    in_turn(chunks.into_iter(), Box::new(then));
}

/// What runs once a chunk is here.
type Then = Box<dyn FnOnce()>;

thread_local! {
    /// What waits for a chunk to arrive.
    static PENDING: RefCell<Vec<(Chunk, Then)>> = RefCell::new(Vec::new());
}

/// Loads `chunk` unless it is here or on its way.
pub fn load(chunk: Chunk) {
    load_then(chunk, || {});
}

/// The status of `chunk`, re-rendering the component whenever it changes; with `load`, loads
/// it unless it is here or on its way (a view the reader asked for; the others wait for
/// [`prefetch_when_idle`]).
#[hook]
pub fn use_chunk(chunk: Chunk, load_now: bool) -> Status {
    let tick = use_state(|| 0u64);
    {
        let tick = tick.clone();
        use_effect_with(chunk, move |chunk| {
            let chunk = *chunk;
            let id = NEXT_WATCHER.with(|n| {
                n.set(n.get() + 1);
                n.get()
            });
            let cb = Callback::from(move |()| tick.set(*tick + 1));
            WATCHERS.with(|w| w.borrow_mut().push((id, cb)));
            let _ = chunk;
            move || WATCHERS.with(|w| w.borrow_mut().retain(|(i, _)| *i != id))
        });
    }
    use_effect_with((chunk, load_now), |(chunk, load_now)| {
        if *load_now && status(*chunk) == Status::Idle {
            load(*chunk);
        }
    });
    status(chunk)
}

/// Runs `f` once the browser is idle after the first screen, or after a second at most (what
/// the page loads in the background, so that a tap later is instant).
pub fn when_idle(f: impl FnOnce() + 'static) {
    // (One body for every caller: each `f` is boxed here, the rest is compiled once.)
    when_idle_boxed(Box::new(f));
}

fn when_idle_boxed(f: Then) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else { return };
    let go = Closure::once_into_js(f);
    let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match idle {
        Some(f) => {
            let options = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&options, &"timeout".into(), &1000.into());
            let _ = f.call2(&window, &go, &options);
        }
        None => {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(go.unchecked_ref(), 200);
        }
    }
}
