//! One sentence per event, from the loop's point of view, saying why it happened: "The
//! loop takes Task-3 from the ready queue…", "Task-4 writes counter = 1 — Task-2 already
//! wrote 1: an update is lost.", "The 2 s deadline passes: the loop cancels Task-1 at
//! `await slow_call()`."
//!
//! A sentence is a [`Msg`] (a Fluent id and its arguments), so it is read in the page's
//! language; code and names stay as they are.

use super::narrate_lines::{exception_msg, return_msg};
use super::waits::{suspend_msg, wake_msg};
use super::{Fact, Replay, StepView, Woken};
use crate::i18n::{fmt_num, Msg};
use crate::runtime::{EventKind, Prim, Resume, Trace, TraceEvent};
use crate::scenarios::Source;

/// The sentence for event `k` of `trace`; `replay` is the trace's [`Replay`] (its facts say
/// what came before), `after` its view at `k`.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{narrate, Replay};
/// let s = find("sleep").unwrap();
/// let run = run_virtual(s, &s.defaults());
/// let src = s.source(&s.defaults());
/// let replay = Replay::of(&run.report.trace);
/// let k = run.report.trace.events.iter().position(|e| e.kind.name() == "suspend").unwrap(); // say_hello() awaits its sleep
/// let text = narrate(&run.report.trace, &replay, &src, k, &replay.view(k)).en();
/// assert_eq!(text, "Task-1 awaits a 1 s sleep at line 7: the loop arms a timer for 1 s; no other task is ready and no other timer is armed, so the loop waits idle until then.");
/// ```
pub fn narrate(trace: &Trace, replay: &Replay, src: &Source, k: usize, after: &StepView) -> Msg {
    let Some(e) = trace.events.get(k) else { return Msg::new("narr-none") };
    let task = trace.task_name(e.task);
    let label = trace.task(e.task).map(|t| t.label.clone()).unwrap_or_default();
    let code = || src.line_text(e.line).to_string();
    let with_line = |id: &'static str| Msg::new(id).arg("task", task.clone()).arg("line", e.line).code("code", code());
    let fact = replay.fact(k);
    match &e.kind {
        EventKind::Created { parent: Some(p) } => {
            Msg::new("narr-create").arg("parent", trace.task_name(*p)).arg("task", task).arg("label", label).arg("line", e.line)
        }
        EventKind::Created { parent: None } => Msg::new("narr-create-main").arg("task", task).arg("label", label),
        EventKind::Wake { by } => wake(trace, e, task, *by, replay.woken(k)),
        EventKind::Resumed(Resume::Start) => with_line("narr-step-start").arg("label", label),
        EventKind::Resumed(Resume::Cancel) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) if matches!(fact, Fact::Step { cancelled: true }) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) => with_line("narr-step-resume"),
        EventKind::Suspended { on, .. } => suspend_msg(trace, e, on, after).arg("task", task).arg("line", e.line).code("code", code()),
        EventKind::CancelRequested { by: Some(by) } => with_line("narr-cancel").arg("by", trace.task_name(*by)),
        EventKind::CancelRequested { by: None } => cancel_by_loop(trace, e, fact).arg("task", task).arg("line", e.line).code("code", code()),
        EventKind::Done { .. } => with_line("narr-done").arg("label", label),
        EventKind::Failed { error } => with_line("narr-failed").arg("label", label).arg("error", error.clone()),
        EventKind::Cancelled => with_line("narr-cancelled").arg("label", label),
        EventKind::Print(text) => with_line("narr-print").arg("text", text.clone()),
        EventKind::Blocked { secs, what } => {
            let id = if what.contains('(') { "narr-blocked-call" } else { "narr-blocked" };
            with_line(id).arg("what", what.clone()).arg("secs", *secs)
        }
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
        EventKind::Var { name, value, global: true } => var_write(trace, e, name, *value, fact).arg("task", task).arg("line", e.line),
        EventKind::Var { name, value, global: false } => with_line("narr-var-local").arg("name", *name).arg("value", *value),
        EventKind::Line { .. } => with_line("narr-line"),
        EventKind::Return { func, value } => return_msg(trace, src, k, e, func, value),
        EventKind::Exception { ty, handled } => exception_msg(trace, src, k, e, ty, *handled),
    }
}

/// Why a task's wake-up was queued: what it waited on, and who ended the wait.
fn wake(trace: &Trace, e: &TraceEvent, task: String, by: Option<u32>, woken: Option<&Woken>) -> Msg {
    let Some(woken) = woken else { return Msg::new("narr-wake").arg("task", task) };
    if woken.cancelled {
        return Msg::new("narr-wake-cancel").arg("task", task);
    }
    let Some((on, since)) = &woken.waited else { return Msg::new("narr-wake").arg("task", task) };
    let by_name = by.map(|b| trace.task_name(b)).unwrap_or_default();
    wake_msg(trace, on, e.t - since, by_name).arg("task", task)
}

/// A cancellation the loop delivers: a deadline that passed, `asyncio.run` cleaning up
/// after `main()`, or a TaskGroup cancelling its other tasks (siblings of the one that failed)
/// and its parent.
fn cancel_by_loop(trace: &Trace, e: &TraceEvent, fact: &Fact) -> Msg {
    let Fact::LoopCancel { deadline, main_done, sibling_failed, child_failed } = fact else { return Msg::new("narr-cancel-loop") };
    if let Some((at, t)) = deadline {
        if (at - e.t).abs() < 1e-9 {
            return Msg::new("narr-cancel-deadline").arg("limit", at - t).arg("at", fmt_num(*at));
        }
    }
    if *main_done {
        return Msg::new("narr-cancel-shutdown").arg("main", trace.task(1).map(|t| t.label.clone()).unwrap_or_default());
    }
    Msg::new(match (child_failed, sibling_failed) {
        // the TaskGroup's parent: never "a sibling"
        (true, _) => "narr-cancel-parent",
        (false, true) => "narr-cancel-sibling",
        (false, false) => "narr-cancel-loop",
    })
}

/// A write to a global: an ordinary one, or one that overwrote another task's update.
fn var_write(trace: &Trace, e: &TraceEvent, name: &'static str, value: i64, fact: &Fact) -> Msg {
    match fact {
        Fact::Write { previous: Some((old, writer)) } if value <= *old && *writer != e.task => {
            Msg::new("narr-var-lost").arg("name", name).arg("value", value).arg("other", trace.task_name(*writer)).arg("old", *old)
        }
        _ => Msg::new("narr-var-write").arg("name", name).arg("value", value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    fn sentences(id: &str, query: &[(&str, &str)]) -> Vec<String> {
        let s = find(id).unwrap();
        let v = s.values(query.iter().copied()).unwrap();
        let trace = run_virtual(s, &v).report.trace;
        let src = s.source(&v);
        let replay = Replay::of(&trace);
        (0..trace.events.len()).map(|k| narrate(&trace, &replay, &src, k, &replay.view(k)).en()).collect()
    }

    #[test]
    fn a_sleep_says_the_loop_runs_other_tasks_only_when_there_are_some() {
        let alone = sentences("sleep", &[]);
        let said: Vec<&String> = alone.iter().filter(|t| t.contains("s sleep at line")).collect();
        assert!(!said.is_empty() && said.iter().all(|t| t.contains("waits idle") && !t.contains("other tasks meanwhile")), "{said:#?}");
        let gather = sentences("gather", &[("mode", "concurrent"), ("tasks", "3")]);
        let sleeps: Vec<&String> = gather.iter().filter(|t| t.contains("s sleep at line")).collect();
        // The first two fetches sleep while later ones are ready or asleep; so does the last.
        assert!(sleeps.len() == 3 && sleeps.iter().all(|t| t.contains("runs other tasks meanwhile")), "{sleeps:#?}");
    }

    #[test]
    fn the_lock_race_names_the_lost_update() {
        let text = sentences("lock", &[("workers", "3"), ("use_lock", "false")]);
        assert!(text.iter().any(|t| t == "Task-3 writes counter = 1 — Task-2 already wrote 1: an update is lost."), "{text:#?}");
        assert!(
            text.iter().any(|t| t.starts_with("Task-2 gives the loop up at line") && t.contains("`await asyncio.sleep(0)  # simulate a yield point`")),
            "{text:#?}"
        );
    }

    #[test]
    fn a_timeout_says_which_deadline_cancels_what() {
        let text = sentences("timeout", &[]);
        assert!(text.iter().any(|t| t == "The 2 s deadline passes: the loop cancels Task-1 at `await asyncio.sleep(10)` (line 15)."), "{text:#?}");
        assert!(
            text.iter().any(|t| t == "The loop takes Task-1 from the ready queue to raise CancelledError at line 15 `await asyncio.sleep(10)`."),
            "{text:#?}"
        );
    }

    #[test]
    fn every_event_of_every_scenario_has_a_sentence_in_english() {
        for s in crate::scenarios::all() {
            let v = s.defaults();
            let trace = run_virtual(s, &v).report.trace;
            let src = s.source(&v);
            let replay = Replay::of(&trace);
            for k in 0..trace.events.len() {
                let msg = narrate(&trace, &replay, &src, k, &replay.view(k));
                let text = msg.en();
                assert_ne!(text, msg.id, "{}: no English for {} (event {k})", s.id, msg.id);
                assert!(!text.contains("{$") && !text.contains("{ $"), "{}: unfilled argument in {text}", s.id);
            }
        }
    }
}
