//! The split points: one function per chunk, whose body is the first code of that chunk
//! (`#[wasm_split]`, from `wasm_split_helpers`: at build time `wasm-split-cli` moves
//! everything only such a body reaches into a module of its own, and a call loads it
//! first). Each returns its chunk's table ([`super::tables`]); nothing else in the first
//! chunk names what a chunk holds.
//!
//! The macro's expansion declares the chunk's import and export (`unsafe extern` blocks,
//! `#[unsafe(no_mangle)]`): this module is the crate's only allowance of `unsafe_code`, for
//! that generated code, and has no `unsafe` of its own (a test checks the sources). Without
//! the `split` feature (the browser tests, clippy's builds) each function returns its table
//! at once: one module, nothing to load.
#![cfg_attr(feature = "split", allow(unsafe_code))]

#[cfg(feature = "split")]
use wasm_split_helpers::{wasm_split, SplitLoaderError};
#[cfg(not(feature = "split"))]
type SplitLoaderError = ();

use super::tables::{CodeChunk, RunChunk, TeachChunk};
use super::Chunk;

/// A loaded chunk's table.
pub enum Table {
    Run(&'static RunChunk),
    Teach(&'static TeachChunk),
    Code(&'static CodeChunk),
}

#[cfg_attr(feature = "split", wasm_split(run, fallible))]
fn run_chunk() -> Result<&'static RunChunk, SplitLoaderError> {
    Ok(&crate::ui::chunk::run::TABLE)
}

#[cfg_attr(feature = "split", wasm_split(teach, fallible))]
fn teach_chunk() -> Result<&'static TeachChunk, SplitLoaderError> {
    Ok(&crate::ui::chunk::teach::TABLE)
}

#[cfg_attr(feature = "split", wasm_split(code, fallible))]
fn code_chunk() -> Result<&'static CodeChunk, SplitLoaderError> {
    Ok(&crate::ui::chunk::code::TABLE)
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

/// Loads `chunk` (its failure is logged to the console by the loader).
pub async fn load(chunk: Chunk) -> Result<Table, ()> {
    match chunk {
        Chunk::Run => chunk!(run_chunk()).map(Table::Run).map_err(|_| ()),
        Chunk::Teach => chunk!(teach_chunk()).map(Table::Teach).map_err(|_| ()),
        Chunk::Code => chunk!(code_chunk()).map(Table::Code).map_err(|_| ()),
    }
}

/// The tables where the page is one module (without the `split` feature): there at once.
pub mod at_once {
    use super::super::tables::{CodeChunk, RunChunk, TeachChunk};

    /// True when every chunk's code is in the page's one module.
    pub const ALL_HERE: bool = cfg!(not(feature = "split"));

    pub fn run() -> Option<&'static RunChunk> {
        #[cfg(not(feature = "split"))]
        return Some(&crate::ui::chunk::run::TABLE);
        #[cfg(feature = "split")]
        None
    }

    pub fn teach() -> Option<&'static TeachChunk> {
        #[cfg(not(feature = "split"))]
        return Some(&crate::ui::chunk::teach::TABLE);
        #[cfg(feature = "split")]
        None
    }

    pub fn code() -> Option<&'static CodeChunk> {
        #[cfg(not(feature = "split"))]
        return Some(&crate::ui::chunk::code::TABLE);
        #[cfg(feature = "split")]
        None
    }
}
