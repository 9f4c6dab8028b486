//! The sentences of the line tracing's events: a line a task runs, a coroutine returning to
//! the function that awaited it, and an exception — how it arrives (thrown in by the loop at
//! an await, raised by the line, passed on from a function it awaited, or made by the exit of
//! an `async with` from another one) and where it goes (an `except` clause, a `finally`, an
//! `async with` exit, out of the function, or the end of the task).

use crate::i18n::Msg;
use crate::runtime::{EventKind, Resume, Trace, TraceEvent};
use crate::scenarios::Source;

/// The sentence for the line, return or exception event `k` (`None`: another kind).
pub(crate) fn narrate_traced(trace: &Trace, src: &Source, k: usize, e: &TraceEvent) -> Option<Msg> {
    let task = trace.task_name(e.task);
    let code = |line: u32| src.line_text(line).to_string();
    Some(match &e.kind {
        EventKind::Line { .. } => Msg::new("narr-line").arg("task", task).arg("line", e.line).arg("code", code(e.line)),
        EventKind::Return { func, value } => {
            let next = task_events(trace, e.task, k + 1).find(|n| matches!(n.kind, EventKind::Line { .. }));
            let msg = Msg::new("narr-return").arg("func", func.to_string()).arg("value", value.clone()).arg("line", e.line);
            match next.and_then(|n| enclosing_function(src, n.line).map(|caller| (caller, n.line))) {
                Some((caller, line)) if caller != **func || line < e.line => msg.arg("caller", caller).arg("next", line).arg("to", "caller"),
                _ => msg.arg("caller", "").arg("next", 0u32).arg("to", "task").arg("task", task),
            }
        }
        EventKind::Exception { ty, handled } => {
            let arrive = arrival(trace, src, k, e, ty);
            let then = if *handled != 0 {
                destination(src, *handled, ty)
            } else {
                match task_events(trace, e.task, k + 1).find(|n| !matches!(n.kind, EventKind::Line { .. })) {
                    Some(TraceEvent { kind: EventKind::Exception { .. }, .. }) => {
                        Msg::new("narr-exc-out").arg("func", enclosing_function(src, e.line).unwrap_or_default())
                    }
                    _ => Msg::new("narr-exc-ends-task").arg("task", task),
                }
            };
            Msg::new("narr-exc").arg("arrive", arrive).arg("then", then)
        }
        _ => return None,
    })
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
    let base = |id: &'static str| Msg::new(id).arg("type", ty.to_string()).arg("task", task.clone()).arg("line", e.line).arg("code", code.to_string());
    let seen_here = || earlier().any(|p| matches!(&p.kind, EventKind::Exception { ty: t, .. } if **t == *ty));
    match before.map(|p| &p.kind) {
        Some(EventKind::Resumed(_)) if ty == "CancelledError" => base("narr-exc-thrown"),
        Some(EventKind::Resumed(Resume::Woken { .. } | Resume::Start)) => base("narr-exc-awaited"),
        Some(EventKind::Exception { ty: from, handled }) if *handled == e.line && **from != *ty => base("narr-exc-converted").arg("from", from.to_string()),
        _ if code.starts_with("raise") => base("narr-exc-raised"),
        _ if seen_here() => base("narr-exc-passed"),
        _ if code.contains("await ") || code.starts_with("async with") => base("narr-exc-awaited"),
        _ => base("narr-exc-raised"),
    }
}

/// Where the frame goes on with the exception: the line `handled` that it runs next.
fn destination(src: &Source, handled: u32, ty: &str) -> Msg {
    let text = src.line_text(handled);
    let msg = |id: &'static str| Msg::new(id).arg("type", ty.to_string()).arg("line", handled).arg("code", text.to_string());
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

fn indent(src: &Source, line: u32) -> Option<usize> {
    let raw = src.text.lines().nth(line.checked_sub(1)? as usize)?;
    (!raw.trim().is_empty()).then(|| raw.len() - raw.trim_start().len())
}

/// The header of the block that line `line` is in (`finally:`, `try:`), trimmed.
fn block_header(src: &Source, line: u32) -> Option<&str> {
    let own = indent(src, line)?;
    (1..line).rev().find(|&l| indent(src, l).is_some_and(|i| i < own)).map(|l| src.line_text(l))
}

/// The name of the function whose body holds line `line`.
fn enclosing_function(src: &Source, line: u32) -> Option<String> {
    let mut at = line;
    while let Some(header) = block_header(src, at) {
        let name = header.strip_prefix("async def ").or_else(|| header.strip_prefix("def "));
        if let Some(name) = name {
            return name.split('(').next().map(str::to_string);
        }
        at = (1..at).rev().find(|&l| src.line_text(l) == header)?;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_enclosing_function_and_block_of_a_line() {
        let src = Source::from_marked("async def main():\n    try:\n        await f()\n    finally:\n        print(1)\n");
        assert_eq!(enclosing_function(&src, 5).as_deref(), Some("main"));
        assert_eq!(block_header(&src, 5), Some("finally:"));
        assert_eq!(block_header(&src, 3), Some("try:"));
        assert_eq!(enclosing_function(&src, 1), None);
    }
}
