//! The messages a chunk's views speak, in the page's language. What a run's result says is
//! fetched beside the run chunk (`static/i18n/<lang>.results.ftl`, English too: the run chunk
//! carries none, so that a Hindi or Bengali first result loads no English); the teaching
//! chunk carries its own English files and English's results file, and hands them over as
//! it arrives (its table's `init`), and a Hindi or Bengali reader's `<lang>.lesson.ftl` is
//! fetched beside it. So each chunk and its files arrive together — the first result waits
//! for the results' file only — and again for a language switched to later
//! ([`fetch_files`]). A reader's file that cannot be fetched leaves those views in English,
//! fetched in its place. Run my code's chunk carries its messages in every language.

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

/// Loads what `chunk` needs to speak the page's language ([`shown`]): its files in that
/// language, and in every other language whose main file the page has (one switched to
/// before); English's in place of a file that could not be fetched.
pub async fn load(chunk: Chunk) {
    let shown = shown();
    let mut langs = i18n::provided_languages();
    if !langs.contains(&shown) {
        langs.push(shown);
    }
    for lang in langs {
        fetch_files(lang, fetched(chunk, lang)).await;
    }
    if files_of(chunk).iter().any(|f| !i18n::has_file(shown, *f)) {
        fetch_files(Lang::En, fetched(chunk, Lang::En)).await;
    }
}

/// The files of `chunk`'s views fetched beside it in `lang`: all of them, but English's
/// that the chunk carries (the teaching chunk's).
fn fetched(chunk: Chunk, lang: Lang) -> &'static [File] {
    if lang == Lang::En && chunk == Chunk::Teach {
        &[]
    } else {
        files_of(chunk)
    }
}

thread_local! {
    /// The page's language, as `ui::hooks::use_language` last set it.
    static SHOWN: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

/// Tells this module the page's language (its chunks' files are fetched in it).
pub fn show(lang: Lang) {
    SHOWN.with(|s| s.set(Some(lang)));
}

/// The page's language: as last [`show`]n, else the one `static/boot.js` handed over before
/// the first render, else English.
fn shown() -> Lang {
    SHOWN.with(std::cell::Cell::get).or_else(|| i18n::provided_languages().first().copied()).unwrap_or(Lang::En)
}

/// Fetches and hands over `lang`'s `files` that are not here, side by side; a fetch that
/// fails leaves those views in English.
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
    // (English's lesson file is the one not served beside the bundle: the teaching chunk
    // carries it.)
    if i18n::has_file(lang, file) || (lang == Lang::En && file == File::Lesson) {
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
