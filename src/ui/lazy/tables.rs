//! What each chunk gives the page: a table of functions, filled in by the chunk itself
//! (`ui::chunk`) and handed over by the split points (`ui::split`) as a [`Table`] once the
//! chunk is loaded, or all at once ([`Tables`]) where the page is one module. The first
//! chunk calls a chunk's code through these only.

use yew::{Html, UseReducerDispatcher};

use super::LazyView;
use crate::page::Finished;
use crate::ui::components::Ctx;
use crate::ui::state::State;

/// The page's dispatcher, as the chunks' entry points take it.
pub type Dispatch = UseReducerDispatcher<State>;

/// Running a scenario (`ui::runs`) and the results panel.
pub struct RunChunk {
    /// Starts the run(s) the state describes: the Run button.
    pub start: fn(&State, Dispatch),
    /// A run nobody clicked for (a host page's `run`), or why not, in English.
    pub start_unattended: fn(&State, Dispatch) -> Result<(), String>,
    /// `autorun=1`: runs, or says on the page why not.
    pub autorun: fn(&State, Dispatch),
    /// Stops every run in progress.
    pub stop: fn(&State),
    /// True while a run is in progress, drawn or not.
    pub busy: fn() -> bool,
    /// Answers one of an embed's host page's messages (`ui::host`).
    pub host_message: fn(&State, &Dispatch, &web_sys::MessageEvent),
    /// Registers the simulated API's service worker; says whether it answers.
    pub register_service_worker: fn(Dispatch),
    /// Its views ([`LazyView::chunk`] is [`super::Chunk::Run`]).
    pub view: fn(&LazyView) -> Html,
}

/// Runs on the real clock (`ui::real_runs`): the browser driver, its timers, Web Workers and
/// `fetch`. Called by the run chunk only.
pub struct RealChunk {
    /// Starts run `id`, the run(s) the state describes, on the real clock.
    pub start: fn(u64, &State, Dispatch),
    /// Stop: ends the run in progress, if any.
    pub stop: fn(),
    /// A newer run replaces the one in progress: it is stopped and let go.
    pub replace: fn(),
    /// Run `id`'s results are handed over: it is let go.
    pub release: fn(u64),
}

/// The teaching views.
pub struct TeachChunk {
    /// Its views.
    pub view: fn(&LazyView) -> Html,
    /// A key over a finished run (← →, with Shift or Alt): the playhead's move; true if the
    /// key was one.
    pub step_key: fn(&Ctx, &web_sys::KeyboardEvent) -> bool,
    /// Works out a finished run's study now (in the task that finished it), if it is not.
    pub study: fn(&Finished),
    /// Hands over what it carries (its messages) as it arrives.
    pub init: fn(),
}

/// Run my code.
pub struct CodeChunk {
    /// Its views (the editor's panel).
    pub view: fn(&LazyView) -> Html,
    /// Runs the program in the editor (on CPython, in its worker).
    pub run: fn(),
    /// Stops the program's run.
    pub stop: fn(),
    /// Hands over what it carries (Run my code's messages, in every language) as it arrives.
    pub init: fn(),
}

/// A loaded chunk's table.
pub enum Table {
    Run(&'static RunChunk),
    Teach(&'static TeachChunk),
    Code(&'static CodeChunk),
    Real(&'static RealChunk),
    /// A scenario kind's program.
    Program(crate::scenarios::Kind, crate::scenarios::programs::Starter),
}

/// Every chunk's table, here from the start: a page of one module (built without the
/// `split` feature: the browser tests, clippy's builds).
pub struct Tables {
    pub run: &'static RunChunk,
    pub teach: &'static TeachChunk,
    pub code: &'static CodeChunk,
    pub real: &'static RealChunk,
}
