//! The course's lessons in the guide's order: the registry of each scenario's lessons (a
//! scenario's `LESSON` beside it, the mistakes' `LESSONS` from their files; what a lesson is:
//! [`super::lesson`]). A lesson added to a scenario is named in that scenario's file only.
//!
//! [`IDS`] is worked out when compiling, so the first screen (the URL's `lesson=` key, the
//! progress kept on the device) reads the ids alone; the lessons, and their judges, are
//! reached through [`all`] and [`find`] by the course's view, in the teaching chunk.

use super::lesson::Lesson;

/// Each scenario's lessons, in the course's order (the guide's).
const BY_SCENARIO: [&[&Lesson]; 8] = [
    &[&super::sleep::LESSON],
    &[&super::gather::LESSON],
    &[&super::taskgroup::LESSON],
    &[&super::lock::LESSON],
    &[&super::blocking::LESSON],
    &[&super::timeout::LESSON],
    &[&super::bounded_fetch::LESSON],
    super::mistakes::LESSONS,
];

/// How many lessons the course has.
const COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < BY_SCENARIO.len() {
        n += BY_SCENARIO[i].len();
        i += 1;
    }
    n
};

/// Every lesson's id, in the course's order.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::lessons::IDS;
/// assert_eq!(IDS[0], "sleep");
/// assert!(IDS.contains(&"mistakes-forgot_await"));
/// ```
pub const IDS: [&str; COUNT] = {
    let mut ids = [""; COUNT];
    let (mut i, mut k) = (0, 0);
    while i < BY_SCENARIO.len() {
        let mut j = 0;
        while j < BY_SCENARIO[i].len() {
            ids[k] = BY_SCENARIO[i][j].id;
            (j, k) = (j + 1, k + 1);
        }
        i += 1;
    }
    ids
};

/// Every lesson, in the course's order.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::lessons::{self, IDS};
/// let ids: Vec<&str> = lessons::all().map(|l| l.id).collect();
/// assert_eq!(ids, IDS);
/// ```
pub fn all() -> impl Iterator<Item = &'static Lesson> {
    BY_SCENARIO.into_iter().flatten().copied()
}

/// The lesson called `id`.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::lessons::find;
/// assert_eq!(find("mistakes-no_timeout").unwrap().scenario, "mistakes");
/// assert!(find("nope").is_none());
/// ```
pub fn find(id: &str) -> Option<&'static Lesson> {
    all().find(|l| l.id == id)
}

/// A step of a lesson.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    #[default]
    Explain,
    Predict,
    Run,
    Challenge,
}

impl Stage {
    pub const ALL: [Stage; 4] = [Stage::Explain, Stage::Predict, Stage::Run, Stage::Challenge];
    /// The names `stage=` takes, in order.
    pub const NAMES: &'static [&'static str] = &["explain", "predict", "run", "challenge"];

    /// Its name in links and in `#lesson-state`.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The stage called `name`.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::page::course::Stage;
    /// assert_eq!(Stage::parse("challenge"), Some(Stage::Challenge));
    /// assert_eq!(Stage::parse("later"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Stage> {
        Self::ALL.into_iter().find(|s| s.name() == name.trim())
    }

    /// The message id of its label.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Explain => "course-stage-explain",
            Stage::Predict => "course-stage-predict",
            Stage::Run => "course-stage-run",
            Stage::Challenge => "course-stage-challenge",
        }
    }

    /// The stage after this one.
    pub fn next(self) -> Option<Stage> {
        Self::ALL.get(self as usize + 1).copied()
    }
}

/// The scenario a lesson runs, and the parameters it opens with: `mistakes-VARIANT` is the
/// mistakes scenario at that variant, any other lesson its scenario at the guide's values
/// (a test keeps this equal to each lesson's own `scenario` and `opens_with`).
///
/// # Examples
/// ```
/// use asyncio_playground::page::course::opening;
/// assert_eq!(opening("lock"), ("lock", vec![]));
/// assert_eq!(opening("mistakes-no_timeout"), ("mistakes", vec![("variant".into(), "no_timeout".into())]));
/// ```
pub fn opening(lesson: &'static str) -> (&'static str, Vec<(String, String)>) {
    match lesson.strip_prefix("mistakes-") {
        Some(variant) => ("mistakes", vec![("variant".into(), variant.into())]),
        None => (lesson, Vec::new()),
    }
}

/// The lesson id `id` as the course knows it.
pub fn lesson_id(id: &str) -> Option<&'static str> {
    IDS.iter().copied().find(|l| *l == id.trim())
}
