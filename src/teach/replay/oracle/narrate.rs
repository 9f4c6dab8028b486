//! The narration as it was before the replay (backward scans over the events), kept for
//! the tests only as the oracle.

use crate::i18n::{fmt_num, Msg};
use crate::runtime::{EventKind, Prim, Resume, Trace, TraceEvent};
use crate::scenarios::Source;
use crate::teach::waits::{suspend_msg, wake_msg};
use crate::teach::StepView;

/// The sentence for event `k`.
pub(crate) fn narrate(trace: &Trace, src: &Source, k: usize, after: &StepView) -> Msg {
    let Some(e) = trace.events.get(k) else { return Msg::new("narr-none") };
    let task = trace.task_name(e.task);
    let label = trace.task(e.task).map(|t| t.label.clone()).unwrap_or_default();
    let code = || src.line_text(e.line).to_string();
    let with_line = |id: &'static str| Msg::new(id).arg("task", task.clone()).arg("line", e.line).code("code", code());
    match &e.kind {
        EventKind::Created { parent: Some(p), .. } => {
            Msg::new("narr-create").arg("parent", trace.task_name(*p)).arg("task", task).arg("label", label).arg("line", e.line)
        }
        EventKind::Created { parent: None, .. } => Msg::new("narr-create-main").arg("task", task).arg("label", label),
        EventKind::Wake { by } => wake(trace, k, e, task, *by),
        EventKind::Resumed(Resume::Start) => with_line("narr-step-start").arg("label", label),
        EventKind::Resumed(Resume::Cancel) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) if cancelled_while_waiting(trace, k, e.task) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) => with_line("narr-step-resume"),
        EventKind::Suspended { on, .. } => suspend_msg(trace, e, on, after).arg("task", task).arg("line", e.line).code("code", code()),
        EventKind::CancelRequested { by: Some(by) } if !trace.events[..k].iter().any(|p| p.task == e.task && matches!(p.kind, EventKind::Resumed(_))) => {
            Msg::new("narr-cancel-unstarted").arg("by", trace.task_name(*by)).arg("task", task).arg("label", label)
        }
        EventKind::CancelRequested { by: Some(by) } => with_line("narr-cancel").arg("by", trace.task_name(*by)),
        EventKind::CancelRequested { by: None } => cancel_by_loop(trace, k, e).arg("task", task).arg("line", e.line).code("code", code()),
        EventKind::Done { .. } => with_line("narr-done").arg("label", label),
        EventKind::Failed { error } => with_line("narr-failed").arg("label", label).arg("error", error.clone()),
        EventKind::Cancelled => with_line("narr-cancelled").arg("label", label),
        // A print at the program's top level (an own program's, before or after asyncio.run).
        EventKind::Print(text) if e.task == 0 => Msg::new("narr-print-top").arg("text", text.clone()).arg("line", e.line),
        EventKind::Print(text) => with_line("narr-print").arg("text", text.clone()),
        EventKind::Blocked { secs, what } => {
            let id = if what.contains('(') { "narr-blocked-call" } else { "narr-blocked" };
            with_line(id).arg("what", what.clone()).arg("secs", *secs)
        }
        EventKind::Request { what, url, limit: Some(limit), .. } => {
            with_line("narr-request").arg("what", what.clone()).arg("url", url.clone()).arg("limit", *limit)
        }
        EventKind::Request { what, url, limit: None, guarded: true } => with_line("narr-request-guarded").arg("what", what.clone()).arg("url", url.clone()),
        EventKind::Request { what, url, limit: None, guarded: false } => with_line("narr-request-unbounded").arg("what", what.clone()).arg("url", url.clone()),
        EventKind::JobStart { worker, job } => Msg::new("narr-job-start").arg("worker", *worker).arg("job", job.clone()).arg("task", task),
        EventKind::JobEnd { worker, ok } => Msg::new(if *ok { "narr-job-end" } else { "narr-job-failed" }).arg("worker", *worker).arg("task", task),
        EventKind::Warning(message) => Msg::new("narr-warning").arg("message", message.clone()),
        EventKind::Acquire(Prim::Lock) => with_line("narr-acquire-lock"),
        EventKind::Release(Prim::Lock) => with_line("narr-release-lock").arg("waiting", after.lock_waiters.len()),
        EventKind::Acquire(Prim::Semaphore) => with_line("narr-acquire-permit").arg("held", after.permit_holders.len()),
        EventKind::Release(Prim::Semaphore) => with_line("narr-release-permit").arg("held", after.permit_holders.len()),
        EventKind::EventSet => with_line("narr-event-set").arg("waiting", after.event_waiters.len()),
        EventKind::Deadline { at } => with_line("narr-deadline").arg("limit", at - e.t).arg("at", *at),
        EventKind::DeadlineOff => with_line("narr-deadline-off"),
        EventKind::Var { name, value, global: true } => var_write(trace, k, e, name, *value).arg("task", task).arg("line", e.line),
        EventKind::Var { name, value, global: false } => with_line("narr-var-local").arg("name", *name).arg("value", *value),
        // the line tracing's events came after the replay: their sentences are one function's
        EventKind::Line { .. } => with_line("narr-line"),
        EventKind::Return { func, value } => crate::teach::narrate_lines::return_msg(trace, src, k, e, func, value),
        EventKind::Exception { ty, handled } => crate::teach::narrate_lines::exception_msg(trace, src, k, e, ty, *handled),
    }
}

/// True if task `task` was cancelled during the wait that ended before event `k`.
fn cancelled_while_waiting(trace: &Trace, k: usize, task: u32) -> bool {
    for prev in trace.events[..k].iter().rev().filter(|p| p.task == task) {
        match prev.kind {
            EventKind::Suspended { .. } => return false,
            EventKind::CancelRequested { .. } => return true,
            _ => {}
        }
    }
    false
}

/// Why a task's wake-up was queued: what it waited on, and who ended the wait.
fn wake(trace: &Trace, k: usize, e: &TraceEvent, task: String, by: Option<u32>) -> Msg {
    let mut waited = None;
    let mut cancelled = false;
    for prev in trace.events[..k].iter().rev().filter(|p| p.task == e.task) {
        match &prev.kind {
            EventKind::Suspended { on, .. } => {
                waited = Some((on.clone(), prev.t));
                break;
            }
            EventKind::CancelRequested { .. } => cancelled = true,
            _ => {}
        }
    }
    let by_name = by.map(|b| trace.task_name(b)).unwrap_or_default();
    if cancelled {
        return Msg::new("narr-wake-cancel").arg("task", task);
    }
    let Some((on, since)) = waited else { return Msg::new("narr-wake").arg("task", task) };
    wake_msg(trace, &on, since, e.t, by_name).arg("task", task)
}

/// A cancellation the loop delivers: a deadline that passed, `asyncio.run` cleaning up
/// after `main()`, or a TaskGroup cancelling siblings.
fn cancel_by_loop(trace: &Trace, k: usize, e: &TraceEvent) -> Msg {
    let before = &trace.events[..k];
    let deadline = before.iter().rev().find(|p| p.task == e.task && matches!(p.kind, EventKind::Deadline { .. }));
    if let Some(TraceEvent { kind: EventKind::Deadline { at }, t, .. }) = deadline {
        if (at - e.t).abs() < 1e-9 {
            return Msg::new("narr-cancel-deadline").arg("limit", at - t).arg("at", fmt_num(*at));
        }
    }
    let main_done = before.iter().any(|p| p.task == 1 && matches!(p.kind, EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled));
    if main_done {
        return Msg::new("narr-cancel-shutdown").arg("main", trace.task(1).map(|t| t.label.clone()).unwrap_or_default());
    }
    let failed_now: Vec<u32> = before.iter().rev().take_while(|p| p.t == e.t).filter(|p| matches!(p.kind, EventKind::Failed { .. })).map(|p| p.task).collect();
    let created_by = |t: u32| {
        before.iter().find_map(|p| match p.kind {
            EventKind::Created { parent, .. } if p.task == t => Some(parent.unwrap_or(0)),
            _ => None,
        })
    };
    if failed_now.iter().any(|t| created_by(*t) == Some(e.task)) {
        return Msg::new("narr-cancel-parent");
    }
    Msg::new(if failed_now.iter().any(|t| *t != e.task) { "narr-cancel-sibling" } else { "narr-cancel-loop" })
}

/// A write to a global: an ordinary one, or one that overwrote another task's update.
fn var_write(trace: &Trace, k: usize, e: &TraceEvent, name: &'static str, value: i64) -> Msg {
    let previous = trace.events[..k].iter().rev().find_map(|p| match &p.kind {
        EventKind::Var { name: n, value: v, global: true } if *n == name => Some((*v, p.task)),
        _ => None,
    });
    match previous {
        Some((old, writer)) if value <= old && writer != e.task => {
            Msg::new("narr-var-lost").arg("name", name).arg("value", value).arg("other", trace.task_name(writer)).arg("old", old)
        }
        _ => Msg::new("narr-var-write").arg("name", name).arg("value", value),
    }
}
