//! The messages a chunk's views speak. The run chunk carries what a run's result says in
//! English, the teaching chunk that and what its views say, and each hands its files over as
//! it arrives (their tables' `init`); a Hindi or Bengali reader's files
//! (`static/i18n/<lang>.results.ftl`, `<lang>.lesson.ftl`) are fetched beside the chunk that
//! speaks them, so both arrive together — the first result waits for the results' file
//! only — and again for a language switched to later ([`fetch_files`]). Run my code's chunk
//! carries its messages in every language.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::Chunk;
use crate::i18n::{self, File, Lang};

/// The message files `chunk`'s views speak (beside the first screen's).
pub fn files_of(chunk: Chunk) -> &'static [File] {
    match chunk {
        Chunk::Run => &[File::Results],
        Chunk::Teach => &[File::Results, File::Lesson],
        Chunk::Code | Chunk::Real | Chunk::Program(_) => &[],
    }
}

/// Loads what `chunk` needs to speak the reader's language: its files in every language
/// whose main file the page has, but English (the chunks carry it).
pub async fn load(chunk: Chunk) {
    for lang in i18n::provided_languages() {
        fetch_files(lang, files_of(chunk)).await;
    }
}

/// Fetches and hands over `lang`'s `files` that are not here (English's always are, once a
/// chunk that speaks them arrived), side by side; a fetch that fails leaves those views in
/// English.
pub async fn fetch_files(lang: Lang, files: &[File]) {
    use std::future::Future;
    use std::task::Poll;
    let mut fetches: Vec<std::pin::Pin<Box<dyn Future<Output = ()>>>> = files.iter().map(|f| Box::pin(fetch_file(lang, *f)) as _).collect();
    std::future::poll_fn(|cx| {
        fetches.retain_mut(|f| f.as_mut().poll(cx).is_pending());
        if fetches.is_empty() {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
}

async fn fetch_file(lang: Lang, file: File) {
    if lang == Lang::En || i18n::has_file(lang, file) {
        return;
    }
    // One fetch per file: a second caller (the other chunk) waits for the first.
    if FETCHING.with(|f| !f.borrow_mut().insert((lang, file))) {
        while FETCHING.with(|f| f.borrow().contains(&(lang, file))) {
            gloo_timers::future::TimeoutFuture::new(20).await;
        }
        return;
    }
    if let Some(text) = fetch_text(&crate::platform::asset_url(&format!("static/i18n/{}", file.name(lang)))).await {
        i18n::provide_file(lang, file, text);
    }
    FETCHING.with(|f| f.borrow_mut().remove(&(lang, file)));
}

thread_local! {
    /// The files on their way.
    static FETCHING: std::cell::RefCell<std::collections::HashSet<(Lang, File)>> = std::cell::RefCell::new(std::collections::HashSet::new());
}

async fn fetch_text(url: &str) -> Option<String> {
    let window = web_sys::window()?;
    // (The fetch static/boot.js started early for this file, if it did.)
    let early = js_sys::Reflect::get(&window, &"__asyncioPlaygroundEarly".into())
        .ok()
        .and_then(|take| take.dyn_into::<js_sys::Function>().ok())
        .and_then(|take| take.call1(&window, &url.into()).ok())
        .and_then(|response| response.dyn_into::<js_sys::Promise>().ok());
    let request = early.unwrap_or_else(|| window.fetch_with_str(url));
    let response: web_sys::Response = JsFuture::from(request).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?).await.ok()?.as_string()
}
