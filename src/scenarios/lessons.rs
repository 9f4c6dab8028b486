//! The course's lessons in the guide's order: the registry of each scenario's `LESSON`
//! (what a lesson is: [`super::lesson`]). Reached by the course's view only, in the teaching
//! chunk, so no judge is compiled into the first one.

use super::lesson::Lesson;

/// Every lesson, in the course's order.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{lesson::IDS, lessons};
/// let ids: Vec<&str> = lessons::all().iter().map(|l| l.id).collect();
/// assert_eq!(ids, IDS);
/// ```
pub fn all() -> [&'static Lesson; 12] {
    use super::mistakes::lessons as m;
    [
        &super::sleep::LESSON,
        &super::gather::LESSON,
        &super::taskgroup::LESSON,
        &super::lock::LESSON,
        &super::blocking::LESSON,
        &super::timeout::LESSON,
        &super::bounded_fetch::LESSON,
        &m::FORGOT_AWAIT,
        &m::DANGLING_TASK,
        &m::BLOCKING_DRIVER,
        &m::NO_TIMEOUT,
        &m::CPU_BOUND,
    ]
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
    all().into_iter().find(|l| l.id == id)
}
