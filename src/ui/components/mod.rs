//! The page's components. Each reads the shared state from context (and the playhead from
//! [`crate::ui::stepping`]) and dispatches actions; none of them schedules anything.

mod call_graph;
mod code;
mod controls;
mod events;
mod export;
mod form;
mod glossary;
mod help;
mod inspect;
mod language;
mod open_full;
mod own_code;
mod picker;
mod predict;
mod results;
mod snippet;
mod stepper;
mod timeline;

pub use code::PythonPanel;
pub use controls::RunBar;
pub use events::EventTable;
pub use export::ExportButtons;
pub use form::ParamForm;
pub use glossary::Glossary;
pub use help::HelpDialog;
pub use inspect::Inspector;
pub use language::LanguageSwitch;
pub use open_full::{full_url, OpenFull};
pub use own_code::setup_body;
pub use picker::ScenarioPicker;
pub use predict::{PredictPanel, PredictSwitch};
pub use results::{headline, ResultsPanel};
pub use snippet::EmbedSnippet;
pub use stepper::Stepper;
pub use timeline::TimelinePanel;

/// The app state handle every component reads.
pub type Ctx = yew::UseReducerHandle<super::state::State>;
