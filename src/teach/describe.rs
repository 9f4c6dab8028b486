//! Short descriptions for the page, as messages in the reader's language: what a timeline
//! segment is, what an event was (the events table), what a task waits on.

use super::waits::wait_msg;
use super::{TaskEnd, Why};
use crate::i18n::Msg;
use crate::runtime::trace::task_name;
use crate::runtime::{EventKind, Prim, Resume};

/// Why a timeline segment is what it is.
pub fn segment_msg(why: &Why) -> Msg {
    match why {
        Why::Created => Msg::new("why-created"),
        Why::Queued => Msg::new("why-queued"),
        Why::FirstStep => Msg::new("why-first-step"),
        Why::AfterYield => Msg::new("why-after-yield"),
        Why::Woken => Msg::new("why-woken"),
        Why::DeliveringCancel => Msg::new("why-delivering-cancel"),
        Why::Waiting(on) => Msg::new("why-waiting").arg("on", wait_msg(on)),
        Why::Blocked { what, secs } => Msg::new(blocked_id(what)).arg("what", what.clone()).arg("secs", *secs),
        Why::AfterBlock => Msg::new("why-after-block"),
        Why::Job { job, task } => Msg::new("why-job").arg("job", job.clone()).arg("task", task_name(*task)),
    }
}

/// The detail of an event, for the events table.
pub fn event_msg(kind: &EventKind) -> Msg {
    let who = |by: &Option<u32>| by.map_or_else(|| Msg::new("who-loop"), |id| Msg::new("text").arg("text", task_name(id)));
    match kind {
        EventKind::Created { parent: Some(p), .. } => Msg::new("ev-created-by").arg("by", task_name(*p)),
        EventKind::Created { parent: None, .. } => Msg::new("ev-created-run"),
        EventKind::Wake { by } => Msg::new("ev-woken-by").arg("by", who(by)),
        EventKind::Resumed(Resume::Start) => Msg::new("why-first-step"),
        EventKind::Resumed(Resume::Yield) => Msg::new("why-after-yield"),
        EventKind::Resumed(Resume::Woken { by }) => Msg::new("ev-woken-by").arg("by", who(by)),
        EventKind::Resumed(Resume::Cancel) => Msg::new("why-delivering-cancel"),
        EventKind::Suspended { on, .. } => wait_msg(on),
        EventKind::CancelRequested { by } => Msg::new("ev-cancel-by").arg("by", who(by)),
        EventKind::Done { .. } => Msg::new("ev-done"),
        EventKind::Failed { error } => Msg::new("text").arg("text", error.clone()),
        EventKind::Cancelled => Msg::new("ev-cancelled"),
        EventKind::Print(line) => Msg::new("text").arg("text", line.clone()),
        EventKind::Blocked { secs, what } => Msg::new(blocked_id(what)).arg("what", what.clone()).arg("secs", *secs),
        EventKind::Request { what, url, limit: Some(limit), .. } => {
            Msg::new("ev-request").arg("what", what.clone()).arg("url", url.clone()).arg("limit", *limit)
        }
        EventKind::Request { what, url, limit: None, guarded: true } => Msg::new("ev-request-guarded").arg("what", what.clone()).arg("url", url.clone()),
        EventKind::Request { what, url, limit: None, guarded: false } => Msg::new("ev-request-unbounded").arg("what", what.clone()).arg("url", url.clone()),
        EventKind::JobStart { worker, job } => Msg::new("ev-job-start").arg("job", job.clone()).arg("worker", *worker),
        EventKind::JobEnd { worker, ok } => Msg::new(if *ok { "ev-job-end" } else { "ev-job-failed" }).arg("worker", *worker),
        EventKind::Warning(message) => Msg::new("text").arg("text", message.clone()),
        EventKind::Acquire(Prim::Lock) => Msg::new("ev-acquire-lock"),
        EventKind::Acquire(Prim::Semaphore) => Msg::new("ev-acquire-permit"),
        EventKind::Release(Prim::Lock) => Msg::new("ev-release-lock"),
        EventKind::Release(Prim::Semaphore) => Msg::new("ev-release-permit"),
        EventKind::EventSet => Msg::new("ev-event-set"),
        EventKind::Deadline { at } => Msg::new("ev-deadline").arg("at", *at),
        EventKind::DeadlineOff => Msg::new("ev-deadline-off"),
        EventKind::Var { name, value, .. } => Msg::new("text").arg("text", format!("{name} = {value}")),
        EventKind::Line { .. } => Msg::new("ev-line"),
        EventKind::Return { func, value } => Msg::new("ev-return").arg("func", func.to_string()).arg("value", value.clone()),
        EventKind::Exception { ty, handled: 0 } => Msg::new("ev-exception-out").arg("type", ty.to_string()),
        EventKind::Exception { ty, handled } => Msg::new("ev-exception").arg("type", ty.to_string()).arg("handled", *handled),
    }
}

/// How a task ended, in words: `done`, `failed`, `cancelled`.
///
/// # Examples
/// ```
/// use asyncio_playground::teach::{end_msg, TaskEnd};
/// assert_eq!(end_msg(TaskEnd::Failed).id, "end-failed");
/// ```
pub fn end_msg(end: TaskEnd) -> Msg {
    Msg::new(match end {
        TaskEnd::Done => "end-done",
        TaskEnd::Failed => "end-failed",
        TaskEnd::Cancelled => "end-cancelled",
    })
}

/// A blocking call's message: `time.sleep(2)` is written from its name and seconds, a call
/// written out already (`requests.get('https://…')`, the stand-in's) as it is.
pub(crate) fn blocked_id(what: &str) -> &'static str {
    if what.contains('(') {
        "why-blocked-call"
    } else {
        "why-blocked"
    }
}
