//! `mdbook-asyncio-playground`: an mdBook preprocessor that turns fenced blocks
//!
//! ````text
//! ```asyncio-playground
//! scenario=gather
//! tasks=3
//! ```
//! ````
//!
//! into the playground's drop-in element, and adds the `embed.js` script tag once to each
//! chapter that has one. In `book.toml`:
//!
//! ```toml
//! [preprocessor.asyncio-playground]
//! bundle = "node_modules/asyncio-playground"   # the playground, copied into the book
//! # or: base-url = "https://your.host/asyncio-playground/"   # where one is served
//! ```
//!
//! A bad key or value fails `mdbook build` with the chapter, the line and the page's own
//! message. Only the HTML renderer is supported; other renderers keep the fence as code.

#[cfg(not(target_arch = "wasm32"))]
mod bundle;
#[cfg(not(target_arch = "wasm32"))]
mod fences;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use std::process::ExitCode;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        // `mdbook` asks before each renderer; exit status 0 means yes.
        Some("supports") => {
            if args.get(1).map(String::as_str) == Some("html") {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Some("--version" | "-V") => {
            println!("mdbook-asyncio-playground {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("mdbook-asyncio-playground: unknown argument \"{other}\"; mdbook runs this preprocessor itself (see docs/src/embedding.md)");
            ExitCode::from(2)
        }
        None => match fences::run_stdin() {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("{message}");
                ExitCode::FAILURE
            }
        },
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
