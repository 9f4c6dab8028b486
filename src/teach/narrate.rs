//! One sentence per event, from the loop's point of view, saying why it happened: "The
//! loop takes Task-3 from the ready queue…", "Task-4 writes counter = 1 — Task-2 already
//! wrote 1: an update is lost.", "The 2 s deadline passes: the loop cancels Task-1 at
//! `await slow_call()`."
//!
//! A sentence is a [`Msg`] (a Fluent id and its arguments), so it is read in the page's
//! language; code and names stay as they are.

use super::narrate_lines::{exception_msg, return_msg};
use super::waits::{suspend_msg, wake_msg};
use super::{Fact, Primitive, Replay, StepView, Woken};
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
        EventKind::Created { parent: Some(p), .. } => {
            Msg::new("narr-create").arg("parent", trace.task_name(*p)).arg("task", task).arg("label", label).arg("line", e.line)
        }
        EventKind::Created { parent: None, .. } => Msg::new("narr-create-main").arg("task", task).arg("label", label),
        EventKind::Wake { by } => wake(trace, e, task, *by, replay.woken(k)),
        EventKind::Resumed(Resume::Start) => with_line("narr-step-start").arg("label", label),
        EventKind::Resumed(Resume::Cancel) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) if matches!(fact, Fact::Step { cancelled: true }) => with_line("narr-step-cancel"),
        EventKind::Resumed(_) => with_line("narr-step-resume"),
        EventKind::Suspended { on, .. } => suspend_msg(trace, e, on, after).arg("task", task).arg("line", e.line).code("code", code()),
        EventKind::CancelRequested { by: Some(by) } if !started(trace, e.task, k) => {
            Msg::new("narr-cancel-unstarted").arg("by", trace.task_name(*by)).arg("task", task).arg("label", label)
        }
        EventKind::CancelRequested { by: Some(by) } => with_line("narr-cancel").arg("by", trace.task_name(*by)),
        EventKind::CancelRequested { by: None } => cancel_by_loop(trace, e, fact).arg("task", task).arg("line", e.line).code("code", code()),
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
        EventKind::Release(Prim::Lock) => with_line("narr-release-lock").arg("waiting", after.waiters.get(Primitive::Lock).len()),
        EventKind::Acquire(Prim::Semaphore) => with_line("narr-acquire-permit").arg("held", after.permit_holders.len()),
        EventKind::Release(Prim::Semaphore) => with_line("narr-release-permit").arg("held", after.permit_holders.len()),
        EventKind::EventSet => with_line("narr-event-set").arg("waiting", after.waiters.get(Primitive::Event).len()),
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
    wake_msg(trace, on, *since, e.t, by_name).arg("task", task)
}

/// True when `task` has taken a step before event `k`: a cancellation before that reaches
/// a coroutine that has not begun, so none of its body runs.
fn started(trace: &Trace, task: u32, k: usize) -> bool {
    trace.events[..k].iter().any(|e| e.task == task && matches!(e.kind, EventKind::Resumed(_)))
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

    /// Every scenario at its defaults, at each number's minimum, each choice and each switch
    /// flipped (one at a time), and the edge values where the narration once said false
    /// things: `timeout=0` under `wait_for`, a call shorter than its timeout, a block longer
    /// than the heartbeat's interval.
    fn edge_runs() -> Vec<(String, Trace, Source)> {
        use crate::scenarios::params::ParamKind;
        let mut runs = Vec::new();
        for s in crate::scenarios::all() {
            let mut queries: Vec<Vec<(String, String)>> = vec![vec![]];
            for p in s.params {
                let values: Vec<String> = match &p.kind {
                    ParamKind::Int { min, .. } => vec![min.to_string()],
                    ParamKind::Float { min, .. } => vec![min.to_string()],
                    ParamKind::Bool { default } => vec![(!default).to_string()],
                    ParamKind::Choice { options, .. } => options.iter().map(|(o, _)| o.to_string()).collect(),
                    ParamKind::IntList { .. } | ParamKind::Text { .. } => vec![],
                };
                queries.extend(values.into_iter().map(|v| vec![(p.name.to_string(), v)]));
            }
            let pairs = |q: &[(&str, &str)]| q.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
            match s.id {
                "timeout" => queries.extend([
                    pairs(&[("api", "wait_for"), ("timeout", "0")]),
                    pairs(&[("duration", "1"), ("timeout", "2")]),
                    pairs(&[("api", "wait_for"), ("duration", "1")]),
                ]),
                "blocking" => queries.extend([pairs(&[("block", "0.35"), ("interval", "0.1")]), pairs(&[("mode", "sleep"), ("block", "0.35")])]),
                "taskgroup" => queries.extend([pairs(&[("fail_after", "0"), ("mode", "gather")]), pairs(&[("fail_after", "0.5"), ("delay", "1")])]),
                _ => {}
            }
            for q in queries {
                let Ok(v) = s.values(q.iter().map(|(a, b)| (a.as_str(), b.as_str()))) else { continue };
                let trace = run_virtual(s, &v).report.trace;
                runs.push((format!("{} {q:?}", s.id), trace, s.source(&v)));
            }
        }
        runs
    }

    #[test]
    fn every_sentence_about_sleeps_timers_and_cancellations_matches_the_loop_state() {
        let mut checked = [0usize; 3];
        for (run, trace, src) in edge_runs() {
            let replay = Replay::of(&trace);
            for (k, e) in trace.events.iter().enumerate() {
                let view = replay.view(k);
                let text = || narrate(&trace, &replay, &src, k, &view).en();
                match &e.kind {
                    EventKind::Suspended { on: crate::runtime::WaitOn::Sleep { until }, .. } => {
                        checked[0] += 1;
                        let text = text();
                        let others = view.ready.iter().any(|&t| t != e.task) || view.timers.iter().any(|t| t.task != e.task);
                        let deadline = view.timers.iter().find(|t| t.deadline);
                        if text.contains("no other timer is armed") {
                            assert!(view.timers.len() == 1, "{run}, event {k}: {text} — but the loop has {:?}", view.timers);
                        }
                        if text.contains("waits idle") {
                            assert!(!others, "{run}, event {k}: {text} — but others are ready or asleep");
                        }
                        if let (Some(d), false) = (deadline, others) {
                            let at = crate::i18n::fmt_num(d.at);
                            assert!(text.contains("deadline") && text.contains(&format!("at {at} s")), "{run}, event {k}: {text} — the deadline at {at} s");
                            assert_eq!(text.contains("which comes first"), d.at < *until, "{run}, event {k}: {text}");
                        }
                    }
                    EventKind::Wake { .. } => {
                        let Some(Woken { waited: Some((crate::runtime::WaitOn::Sleep { until }, since)), cancelled: false, .. }) = replay.woken(k) else {
                            continue;
                        };
                        checked[1] += 1;
                        let text = text();
                        let (slept, late) = (until - since, e.t - until);
                        assert!(text.contains(&format!("'s {} s sleep", crate::i18n::fmt_num(slept))), "{run}, event {k}: {text} — slept {slept} s");
                        assert_eq!(text.contains(" late"), late >= super::super::waits::LATE, "{run}, event {k}: {text} — {late} s late");
                        if late >= super::super::waits::LATE {
                            assert!(text.contains(&format!("{} s late", crate::i18n::fmt_num(late))), "{run}, event {k}: {text}");
                        }
                    }
                    EventKind::CancelRequested { by: Some(_) } => {
                        checked[2] += 1;
                        let text = text();
                        let started = trace.events[..k].iter().any(|p| p.task == e.task && matches!(p.kind, EventKind::Resumed(_)));
                        assert_eq!(text.contains("waiting at line"), started, "{run}, event {k}: {text}");
                    }
                    _ => {}
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "sleeps, wake-ups and cancellations checked: {checked:?}");
    }

    #[test]
    fn the_timeout_deadline_is_the_next_timer_and_a_late_heartbeat_says_how_late() {
        let timeout = sentences("timeout", &[]);
        assert!(
            timeout.iter().any(|t| t
                == "Task-1 awaits a 10 s sleep at line 15: the loop arms a timer for 10 s. No other task is ready, so the loop waits idle until its next timer: the deadline of the timeout Task-1 is inside, at 2 s, which comes first."),
            "{timeout:#?}"
        );
        let blocking = sentences("blocking", &[]);
        assert!(
            blocking.iter().any(|t| t
                == "Task-2's 0.1 s sleep was due at 0.1 s, but the loop was held until now: the timer fires 1.9 s late, and the loop queues Task-2 to run."),
            "{blocking:#?}"
        );
        let zero = sentences("timeout", &[("api", "wait_for"), ("timeout", "0")]);
        assert!(
            zero.iter()
                .any(|t| t == "Task-1 cancels Task-2 before it has taken a step: its first step raises CancelledError, so none of slow_call()'s body runs."),
            "{zero:#?}"
        );
    }

    #[test]
    fn a_print_at_the_top_level_is_not_a_task_s() {
        use crate::runtime::TraceEvent;
        let trace = Trace { events: vec![TraceEvent { t: 0.0, task: 0, line: 3, iter: 0, kind: EventKind::Print("hi".into()) }], ..Trace::default() };
        let replay = Replay::of(&trace);
        let said = narrate(&trace, &replay, &Source::plain("import asyncio\n\nprint('hi')\n"), 0, &replay.view(0)).en();
        assert_eq!(said, "The program prints “hi” at its top level (line 3), outside any task.");
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
