//! The page's components. Each reads the shared state from context (and the playhead from
//! [`crate::ui::stepping`]) and dispatches actions; none of them schedules anything.

mod call_graph;
mod compact_stepper;
mod controls;
mod course;
mod course_switch;
mod editor;
mod events;
mod export;
mod form;
mod glossary;
mod help;
mod inspect;
mod language;
mod open_full;
mod picker;
mod predict;
mod program;
mod results;
mod sentence;
mod show_more;
mod snippet;
mod stepper;
mod timeline;

pub use compact_stepper::CompactStepper;
pub use controls::RunBar;
pub use course::CoursePanel;
pub use course_switch::course_switch;
pub use editor::{setup_body, EditCodeLink, OwnCode};
pub use events::EventTable;
pub use export::ExportButtons;
pub use form::ParamForm;
pub use glossary::Glossary;
pub use help::HelpDialog;
pub use inspect::Inspector;
pub use language::language_switch;
pub use open_full::{full_url, OpenFull};
pub use picker::ScenarioPicker;
pub use predict::{predict_switch, PredictPanel};
pub use program::PythonPanel;
pub use results::{headline, ResultsPanel};
pub use sentence::sentence;
pub use snippet::EmbedSnippet;
pub use stepper::Stepper;
pub use timeline::TimelinePanel;

/// The app state handle every component reads.
pub type Ctx = yew::UseReducerHandle<super::state::State>;
