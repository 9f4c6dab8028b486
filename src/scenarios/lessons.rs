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
