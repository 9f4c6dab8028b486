//! The sentences of the line tracing's returns and exceptions (a line a task runs is
//! `narr-line`, said as the other events at a line are): a coroutine returning to the
//! function that awaited it, and an exception — how it arrives (thrown in by the loop at
//! an await, raised by the line, passed on from a function it awaited, or made by the exit of
//! an `async with` from another one) and where it goes (an `except` clause, a `finally`, an
//! `async with` exit, out of the function, or the end of the task).

use crate::i18n::Msg;
use crate::runtime::{EventKind, Resume, Trace, TraceEvent};
use crate::scenarios::Source;

/// The sentence for the return event `k` of `func` with `value`: to the function that goes
/// on (the one the task's next line is in), or the end of the task's coroutine.
pub(crate) fn return_msg(trace: &Trace, src: &Source, k: usize, e: &TraceEvent, func: &str, value: &str) -> Msg {
    let next = task_events(trace, e.task, k + 1).find(|n| matches!(n.kind, EventKind::Line { .. }));
    let msg = Msg::new("narr-return").arg("func", func.to_string()).arg("value", value.to_string()).arg("line", e.line);
    match next.and_then(|n| enclosing_function(src, n.line).map(|caller| (caller, n.line))) {
        Some((caller, line)) if caller != func || line < e.line => msg.arg("caller", caller).arg("next", line).arg("to", "caller"),
        _ => msg.arg("caller", "").arg("next", 0u32).arg("to", "task").arg("task", trace.task_name(e.task)),
    }
}

/// The sentence for the exception event `k` of type `ty`, handled at line `handled` (0: it
/// propagated out): how it arrived, then where it goes.
pub(crate) fn exception_msg(trace: &Trace, src: &Source, k: usize, e: &TraceEvent, ty: &str, handled: u32) -> Msg {
    let arrive = arrival(trace, src, k, e, ty);
    let then = if handled != 0 {
        destination(src, handled, ty)
    } else {
        match task_events(trace, e.task, k + 1).find(|n| !matches!(n.kind, EventKind::Line { .. })) {
            Some(TraceEvent { kind: EventKind::Exception { .. }, .. }) => {
                Msg::new("narr-exc-out").arg("func", enclosing_function(src, e.line).unwrap_or_default())
            }
            _ => Msg::new("narr-exc-ends-task").arg("task", trace.task_name(e.task)),
        }
    };
    Msg::new("narr-exc").arg("arrive", arrive).arg("then", then)
}

/// How the exception of event `k` got where it is: thrown in by the loop at an await, raised
/// by what the task awaited, made from another one by an `async with` exit, passed on from a
/// function it awaited, or raised by the line itself.
fn arrival(trace: &Trace, src: &Source, k: usize, e: &TraceEvent, ty: &str) -> Msg {
    let task = trace.task_name(e.task);
    let code = src.line_text(e.line);
    // The task's events before this one in its step, the lines it ran left out.
    let earlier = || trace.events[..k].iter().rev().filter(|p| p.task == e.task).take_while(|p| !matches!(p.kind, EventKind::Suspended { .. }));
    let before = earlier().find(|p| !matches!(p.kind, EventKind::Line { .. }));
    let base = |id: &'static str| Msg::new(id).arg("type", ty.to_string()).arg("task", task.clone()).arg("line", e.line).code("code", code);
    let seen_here = || earlier().any(|p| matches!(&p.kind, EventKind::Exception { ty: t, .. } if **t == *ty));
    // The task's last exception: handled right here as another type, this one is what the
    // `async with`'s exit (or an `except` raising anew) made of it.
    let last = earlier().find_map(|p| match &p.kind {
        EventKind::Exception { ty, handled } => Some((ty, *handled)),
        _ => None,
    });
    if let Some((from, handled)) = last {
        if handled == e.line && **from != *ty {
            return base("narr-exc-converted").arg("from", from.to_string());
        }
    }
    match before.map(|p| &p.kind) {
        _ if ty.ends_with("ExceptionGroup") && code.starts_with("async with") => base("narr-exc-group"),
        Some(EventKind::Resumed(_)) if ty == "CancelledError" => base("narr-exc-thrown"),
        Some(EventKind::Resumed(Resume::Woken { .. } | Resume::Start)) => base("narr-exc-awaited"),
        _ if code.starts_with("raise") => base("narr-exc-raised"),
        _ if seen_here() => base("narr-exc-passed"),
        _ if code.contains("await ") || code.starts_with("async with") => base("narr-exc-awaited"),
        _ => base("narr-exc-raised"),
    }
}

/// Where the frame goes on with the exception: the line `handled` that it runs next.
fn destination(src: &Source, handled: u32, ty: &str) -> Msg {
    let text = src.line_text(handled);
    let msg = |id: &'static str| Msg::new(id).arg("type", ty.to_string()).arg("line", handled).code("code", text);
    if text.starts_with("except") {
        msg("narr-exc-caught")
    } else if text.starts_with("async with") || text.starts_with("with") {
        msg("narr-exc-exit")
    } else if block_header(src, handled).is_some_and(|h| h.starts_with("finally")) {
        msg("narr-exc-finally")
    } else {
        msg("narr-exc-handled")
    }
}

/// The events of `task` from index `from` on.
fn task_events(trace: &Trace, task: u32, from: usize) -> impl Iterator<Item = &TraceEvent> {
    trace.events.get(from..).unwrap_or_default().iter().filter(move |n| n.task == task)
}

/// The line of the header of the block that line `line` of `lines` is in: the nearest line
/// above it that is indented less.
fn header_line(lines: &[&str], line: u32) -> Option<u32> {
    let indent = |l: u32| {
        let raw = lines.get(l.checked_sub(1)? as usize)?;
        (!raw.trim().is_empty()).then(|| raw.len() - raw.trim_start().len())
    };
    let own = indent(line)?;
    (1..line).rev().find(|&l| indent(l).is_some_and(|i| i < own))
}

/// The header of the block that line `line` is in (`finally:`, `try:`), trimmed.
fn block_header(src: &Source, line: u32) -> Option<&str> {
    let lines: Vec<&str> = src.text.lines().collect();
    header_line(&lines, line).map(|l| src.line_text(l))
}

/// The name of the function whose body holds line `line`.
fn enclosing_function(src: &Source, line: u32) -> Option<String> {
    let lines: Vec<&str> = src.text.lines().collect();
    let mut at = line;
    while let Some(header) = header_line(&lines, at) {
        let text = lines[header as usize - 1].trim();
        if let Some(name) = text.strip_prefix("async def ").or_else(|| text.strip_prefix("def ")) {
            return name.split('(').next().map(str::to_string);
        }
        at = header;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    /// The sentences of a scenario's exception events at its defaults, in English.
    fn exceptions_said(id: &str) -> Vec<String> {
        let s = find(id).expect("a scenario");
        let run = run_virtual(s, &s.defaults());
        let (trace, src) = (&run.report.trace, s.source(&s.defaults()));
        trace
            .events
            .iter()
            .enumerate()
            .filter_map(|(k, e)| match &e.kind {
                EventKind::Exception { ty, handled } => Some(exception_msg(trace, &src, k, e, ty, *handled).en()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_timeout_lesson_says_the_throw_in_the_conversion_and_the_except() {
        let said = exceptions_said("timeout");
        assert_eq!(said.len(), 3, "{said:#?}");
        assert!(said[0].starts_with("The loop throws CancelledError into Task-1 at await asyncio.sleep(10)"), "{}", said[0]);
        assert!(said[0].contains("except asyncio.CancelledError: (line 17) catches it."), "{}", said[0]);
        assert!(said[1].contains("The CancelledError reaches line 30, await slow_call(), in the function that awaited it."), "{}", said[1]);
        assert!(said[2].starts_with("Leaving async with asyncio.timeout(2): (line 29) turns the CancelledError into TimeoutError."), "{}", said[2]);
        assert!(said[2].contains("except TimeoutError: (line 32) catches it."), "{}", said[2]);
    }

    #[test]
    fn the_taskgroup_lesson_says_the_exception_group_and_except_star() {
        let said = exceptions_said("taskgroup");
        let group = said.iter().find(|t| t.contains("ExceptionGroup")).expect("the group's exception");
        assert!(group.contains("except* ValueError as eg:") && group.contains("catches it"), "{group}");
        assert!(group.starts_with("Leaving async with asyncio.TaskGroup() as tg: (line 39), the group"), "{group}");
        assert!(said.iter().any(|t| t.starts_with("Line 24 raises ValueError")), "{said:#?}");
    }

    #[test]
    fn the_enclosing_function_and_block_of_a_line() {
        let src = Source::from_marked("async def main():\n    try:\n        await f()\n    finally:\n        print(1)\n");
        assert_eq!(enclosing_function(&src, 5).as_deref(), Some("main"));
        assert_eq!(block_header(&src, 5), Some("finally:"));
        assert_eq!(block_header(&src, 3), Some("try:"));
        assert_eq!(enclosing_function(&src, 1), None);
    }
}
