//! The page's own origin, against which the real clock's targets are checked (the checks
//! on the form are plain: [`crate::page::limits`]).

/// The page's origin, e.g. `https://docs.example` (empty outside a browser page).
pub fn page_origin() -> String {
    web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default()
}
