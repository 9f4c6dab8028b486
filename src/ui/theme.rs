//! The page's colour theme: `theme=light|dark|auto` in the URL, or a host page's
//! `{type: "set-theme", theme}` message. An explicit theme is the `data-theme` attribute of
//! the root element, which the stylesheet prefers over the system's colour scheme; `auto`
//! removes it, so the system's scheme applies again.

use crate::choices::Theme;

/// Applies `theme`.
pub fn apply(theme: Theme) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let _ = match theme {
        Theme::Auto => root.remove_attribute("data-theme"),
        explicit => root.set_attribute("data-theme", explicit.name()),
    };
}

/// The explicit theme in force (`light` or `dark`), if any.
pub fn current() -> Option<String> {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).and_then(|e| e.get_attribute("data-theme"))
}
