//! What can happen on the page: the actions the reducer ([`super::reduce`]) takes.

use super::course::CourseChange;
use super::predict::{Judged, PredictAction};
use super::run_slot::{Finished, Planned};
use crate::contract::PageQuery;
use crate::i18n::{Lang, Msg};
use crate::scenarios::ClockKind;
use crate::teach::Axis;

/// What can happen on the page.
pub enum Action {
    SelectScenario(&'static str),
    SetParam(&'static str, String),
    ResetParams,
    SetClock(ClockKind),
    SetScale(String),
    SetCompare(bool),
    SetAxis(Option<Axis>),
    SetLang(Lang),
    /// A language's messages arrived (see `ui::hooks::use_language`).
    MessagesArrived,
    /// The page as a URL describes it (on load, and on Back/Forward): scenario, parameters,
    /// clock, scale, Compare, axis, language (`fallback_lang` when the URL names none),
    /// own program, output only, Predict first. Unknown or bad values are shown inline,
    /// like typed ones, or as notices.
    Restore {
        query: PageQuery,
        fallback_lang: Lang,
    },
    /// An embed's host set parameters (and the clock and scale) of the scenario shown.
    SetParams {
        params: Vec<(String, String)>,
        clock: Option<String>,
        scale: Option<String>,
    },
    /// Run number `id` started, its runs as planned (A then B in Compare mode).
    Started {
        id: u64,
        planned: Vec<Planned>,
    },
    /// Run `id` went on; ignored unless it is the run in progress.
    Progress {
        id: u64,
        now: f64,
    },
    /// Run `id` has ended: the page shows it at once (Run again), its results follow.
    Halted {
        id: u64,
    },
    /// Run `id` is over; ignored unless it is the run in progress (a stale run never
    /// overwrites a newer state).
    /// Its runs come as results (each study worked out when a view asks) with Predict
    /// first's verdicts, judged by the driver when Predict first was asking.
    Finished {
        id: u64,
        runs: Vec<Finished>,
        judged: Option<Judged>,
    },
    SetPlayhead(Option<usize>),
    /// [`crate::teach::WINDOW`] more entries of every list the panels show.
    ShowMore,
    ServiceWorker(bool),
    /// A message for the status line, added to any already there.
    Notice(Msg),
    /// "Run my code" with this program, or back to the scenario's form (`None`).
    EditCode(Option<String>),
    /// The program in the editor changed.
    SetCode(String),
    /// A press of Run my code ran nothing, and why (the page is in a frame of another
    /// origin's page that hid or covered it when it was pressed).
    CodeRefused(Msg),
    /// Run `id` of the program began (in its worker).
    CodeStarted {
        id: u64,
    },
    /// A run of the program ended without a run-result (stopped, a syntax error, a limit).
    CodeEnded,
    /// The run of the program left no run-result, and why (the message the results panel
    /// shows instead of "Press Run").
    CodeUnrun(&'static str),
    /// Predict first: switched, answered, skipped, asked again (`super::predict`).
    Predict(PredictAction),
    /// The course: opened, a lesson or step chosen, a run judged (`super::course`).
    Course(CourseChange),
}
