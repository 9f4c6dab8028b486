//! The page's settings: what the reader chose for the whole page (language, timeline axis,
//! output-only view) and what the page found out about its surroundings (its origin, the
//! simulated API's service worker). None of it changes with the scenario or a run.

use crate::i18n::Lang;
use crate::teach::Axis;

/// How the page is shown, whatever the scenario or the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The page's language.
    pub lang: Lang,
    /// How many languages' messages have arrived (fetched on a switch): a new value means
    /// every panel renders again in its language.
    pub messages_arrived: u32,
    /// The axis the learner chose; `None`: whichever tells the run's story (see
    /// [`crate::teach::prefer_iterations`]).
    pub axis: Option<Axis>,
    /// Output only (`controls=0`): no form, no buttons, no choices.
    pub output_only: bool,
    /// Whether the simulated API's service worker answers it, through its hidden frame
    /// (`None`: still registering).
    pub service_worker: Option<bool>,
    /// The page's origin (`https://host`), against which real targets are checked (empty
    /// outside a browser page).
    pub page_origin: String,
}

impl Settings {
    /// English, the axis the run prefers, the whole page, for a page at `page_origin`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::settings::Settings;
    /// let s = Settings::at("https://docs.example");
    /// assert!(!s.output_only && s.axis.is_none() && s.service_worker.is_none());
    /// ```
    pub fn at(page_origin: &str) -> Settings {
        Settings { lang: Lang::En, messages_arrived: 0, axis: None, output_only: false, service_worker: None, page_origin: page_origin.to_string() }
    }
}
