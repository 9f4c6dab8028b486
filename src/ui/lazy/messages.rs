//! The messages a chunk's views speak. The run and teaching chunks carry the lesson's
//! English and hand it over as they arrive (their tables' `init`); a Hindi or Bengali
//! reader's lesson file (`static/i18n/<lang>.lesson.ftl`) is fetched beside the chunk, so
//! both arrive together, and again for a language switched to later ([`fetch_lesson`]).
//! Run my code's chunk carries its messages in every language.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::Chunk;
use crate::i18n::{self, File, Lang};

/// Loads what `chunk` needs to speak the reader's language: the lesson's file of every
/// language whose main file the page has, but English (the chunks carry it).
pub async fn load(chunk: Chunk) {
    if chunk == Chunk::Code {
        return;
    }
    for lang in i18n::provided_languages() {
        fetch_lesson(lang).await;
    }
}

/// Fetches and hands over `lang`'s lesson file unless it is here (English always is, once
/// a chunk that speaks it arrived); a fetch that fails leaves the views in English.
pub async fn fetch_lesson(lang: Lang) {
    if lang == Lang::En || i18n::has_file(lang, File::Lesson) {
        return;
    }
    // One fetch per language: a second caller (the other chunk) waits for the first.
    if FETCHING.with(|f| !f.borrow_mut().insert(lang)) {
        while FETCHING.with(|f| f.borrow().contains(&lang)) {
            gloo_timers::future::TimeoutFuture::new(20).await;
        }
        return;
    }
    if let Some(text) = fetch_text(&crate::platform::asset_url(&format!("static/i18n/{}", File::Lesson.name(lang)))).await {
        i18n::provide_file(lang, File::Lesson, text);
    }
    FETCHING.with(|f| f.borrow_mut().remove(&lang));
}

thread_local! {
    /// The languages whose lesson file is on its way.
    static FETCHING: std::cell::RefCell<std::collections::HashSet<Lang>> = std::cell::RefCell::new(std::collections::HashSet::new());
}

async fn fetch_text(url: &str) -> Option<String> {
    let response: web_sys::Response = JsFuture::from(web_sys::window()?.fetch_with_str(url)).await.ok()?.dyn_into().ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?).await.ok()?.as_string()
}
