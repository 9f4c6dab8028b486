//! The split points: one function per chunk, whose body is the first code of that chunk
//! (`#[wasm_split]`, from `wasm_split_helpers`: at build time `wasm-split-cli` moves
//! everything only such a body reaches into a module of its own, and a call loads it
//! first). Each returns its chunk's table (`ui::chunk::{run,teach,code,real}`); nothing else in
//! the first chunk names what a chunk holds. They reach the page's loading (`ui::lazy`) as
//! its [`Loader`], installed where the app starts ([`install`], from `ui::mount` and
//! `ui::mount_into`): `lazy` loads a chunk without naming it, so the chunks' code, which
//! uses `lazy`, is never reached back from there.
//!
//! The macro's expansion declares the chunk's import and export (`unsafe extern` blocks,
//! `#[unsafe(no_mangle)]`): this module is the crate's only allowance of `unsafe_code`, for
//! that generated code, and has no `unsafe` of its own (a test checks the sources). Without
//! the `split` feature (the browser tests, clippy's builds) each function returns its table
//! at once, and the loader hands over every table from the start: one module, nothing to
//! load.
#![cfg_attr(feature = "split", allow(unsafe_code))]

#[cfg(feature = "split")]
use wasm_split_helpers::{wasm_split, SplitLoaderError};
#[cfg(not(feature = "split"))]
type SplitLoaderError = ();

#[cfg(not(feature = "split"))]
use super::lazy::Tables;
use super::lazy::{self, Chunk, CodeChunk, Loader, Loading, RealChunk, RunChunk, Table, TeachChunk};
use crate::scenarios::programs::{starters, Starter};
use crate::scenarios::Kind;

/// Gives `ui::lazy` the page's loader (before anything loads a chunk).
pub fn install() {
    lazy::install(&LOADER);
}

/// The page's loader: each chunk loaded at its split point on first use.
#[cfg(feature = "split")]
static LOADER: Loader = Loader { load, at_once: None };

/// The page's loader where it is one module: every table there at once.
#[cfg(not(feature = "split"))]
static LOADER: Loader = Loader {
    load,
    at_once: Some(Tables {
        run: &super::chunk::run::TABLE,
        teach: &super::chunk::teach::TABLE,
        code: &super::chunk::code::TABLE,
        real: &super::chunk::real::TABLE,
    }),
};

#[cfg_attr(feature = "split", wasm_split(run, fallible))]
fn run_chunk() -> Result<&'static RunChunk, SplitLoaderError> {
    Ok(&super::chunk::run::TABLE)
}

#[cfg_attr(feature = "split", wasm_split(teach, fallible))]
fn teach_chunk() -> Result<&'static TeachChunk, SplitLoaderError> {
    Ok(&super::chunk::teach::TABLE)
}

#[cfg_attr(feature = "split", wasm_split(code, fallible))]
fn code_chunk() -> Result<&'static CodeChunk, SplitLoaderError> {
    Ok(&super::chunk::code::TABLE)
}

#[cfg_attr(feature = "split", wasm_split(real, fallible))]
fn real_chunk() -> Result<&'static RealChunk, SplitLoaderError> {
    Ok(&super::chunk::real::TABLE)
}

/// A split point per kind of scenario: its program (`scenarios::programs::starters`), loaded
/// beside the run chunk. `scripts/build.sh` folds what two or more of them share into the
/// run chunk's modules (`wasm-split-cli --fold program_=run`), so each has one module of
/// its own.
macro_rules! programs {
    ($($kind:ident: $split:ident = $starter:ident,)*) => {
        $(
            #[cfg_attr(feature = "split", wasm_split($split, fallible))]
            fn $split() -> Result<Starter, SplitLoaderError> {
                Ok(starters::$starter())
            }
        )*

        /// `kind`'s program, loaded at its split point.
        async fn program(kind: Kind) -> Result<Starter, SplitLoaderError> {
            match kind {
                $(Kind::$kind => chunk!($split()),)*
            }
        }
    };
}

/// A split function's result: awaited where it is a split point.
#[cfg(feature = "split")]
macro_rules! chunk {
    ($call:expr) => {
        $call.await
    };
}
#[cfg(not(feature = "split"))]
macro_rules! chunk {
    ($call:expr) => {
        $call
    };
}

programs! {
    Sleep: program_sleep = sleep,
    Gather: program_gather = gather,
    TaskGroup: program_taskgroup = taskgroup,
    Lock: program_lock = lock,
    Blocking: program_blocking = blocking,
    Timeout: program_timeout = timeout,
    BoundedFetch: program_bounded_fetch = bounded_fetch,
    Mistakes: program_mistakes = mistakes,
    Code: program_code = code,
}

/// Loads `chunk` (its failure is logged to the console by the loader).
fn load(chunk: Chunk) -> Loading {
    Box::pin(async move {
        match chunk {
            Chunk::Run => chunk!(run_chunk()).map(Table::Run).map_err(|_| ()),
            Chunk::Teach => chunk!(teach_chunk()).map(Table::Teach).map_err(|_| ()),
            Chunk::Code => chunk!(code_chunk()).map(Table::Code).map_err(|_| ()),
            Chunk::Real => chunk!(real_chunk()).map(Table::Real).map_err(|_| ()),
            Chunk::Program(kind) => program(kind).await.map(|s| Table::Program(kind, s)).map_err(|_| ()),
        }
    })
}
