//! The Chrome Trace export of a run (Trace Event Format, opens in Perfetto): one thread per
//! lane, one complete event per segment with its reason in English, prints as instant
//! events. [`super::export::Pieces`] writes the same events a piece at a time.

use serde_json::{json, Value};

use super::{lanes, Lane, Why};
use crate::runtime::trace::fmt_secs;
use crate::runtime::{EventKind, Trace, TraceEvent, WaitOn};
use crate::scenarios::RunResult;

impl Why {
    /// In English, for exports: `sleep until 1 s`, `time.sleep for 2 s: the whole loop is frozen`.
    pub fn english(&self, trace: &Trace) -> String {
        match self {
            Why::Created => "created, waiting for its first step".into(),
            Why::Queued => "woken: queued to run".into(),
            Why::FirstStep => "first step".into(),
            Why::AfterYield => "after sleep(0)".into(),
            Why::Woken => "woken".into(),
            Why::DeliveringCancel => "delivering CancelledError".into(),
            Why::Waiting(WaitOn::Yield) => "sleep(0): ready again next iteration".into(),
            Why::Waiting(WaitOn::Join { task }) => format!("awaiting {}", trace.task_name(*task)),
            Why::Waiting(on) => on.to_string(),
            Why::Blocked { what, secs } => format!("{what} for {}: the whole loop is frozen", fmt_secs(*secs)),
            Why::AfterBlock => "after the blocking call".into(),
            Why::Job { job, task } => format!("{job} for {}", trace.task_name(*task)),
        }
    }
}

/// The run in Chrome's Trace Event Format (open it in Perfetto or chrome://tracing): one
/// thread per lane, one complete event per segment, prints as instant events.
///
/// # Examples
/// ```
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::chrome::chrome_trace;
/// let s = find("sleep").unwrap();
/// let chrome = chrome_trace(&run_virtual(s, &s.defaults()));
/// assert_eq!(chrome["traceEvents"][0]["args"]["name"], "asyncio playground: sleep");
/// ```
pub fn chrome_trace(run: &RunResult) -> Value {
    let (trace, until) = (&run.report.trace, run.end_time());
    let mut events = vec![chrome_process(&format!("asyncio playground: {}", run.scenario.id))];
    for (i, lane) in lanes(trace, until).iter().enumerate() {
        events.extend(chrome_lane(trace, i, lane));
    }
    events.extend(trace.events.iter().filter_map(chrome_print));
    json!({"traceEvents": events, "displayTimeUnit": "ms"})
}

fn us(t: f64) -> f64 {
    (t * 1e6).round()
}

/// The Chrome trace's first event: the process, named `title`.
pub fn chrome_process(title: &str) -> Value {
    json!({"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": title}})
}

/// The Chrome trace's events of lane `i` (its thread `i + 1`): its name, its place, one
/// complete event per segment and its end.
pub fn chrome_lane(trace: &Trace, i: usize, lane: &Lane) -> Vec<Value> {
    let tid = i + 1;
    let name = if lane.label.is_empty() { lane.name.clone() } else { format!("{} {}", lane.name, lane.label) };
    let mut events = vec![
        json!({"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}}),
        json!({"ph": "M", "name": "thread_sort_index", "pid": 1, "tid": tid, "args": {"sort_index": tid}}),
    ];
    for s in &lane.segments {
        events.push(json!({"ph": "X", "name": s.state.css(), "cat": "asyncio", "pid": 1, "tid": tid,
            "ts": us(s.start), "dur": us(s.end) - us(s.start), "args": {"detail": s.why.english(trace)}}));
    }
    if let Some(end) = lane.end_state {
        let t = lane.segments.last().map_or(0.0, |s| s.end);
        events.push(json!({"ph": "i", "s": "t", "name": end.word(), "pid": 1, "tid": tid, "ts": us(t), "args": {"detail": lane.end_detail}}));
    }
    events
}

/// A print as the Chrome trace's instant event on its task's thread (`None` for other events).
pub fn chrome_print(e: &TraceEvent) -> Option<Value> {
    let EventKind::Print(line) = &e.kind else { return None };
    Some(json!({"ph": "i", "s": "t", "name": "print", "pid": 1, "tid": e.task as usize, "ts": us(e.t), "args": {"line": line}}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{run, to_thread, Job};
    use crate::scenarios::{find, run_virtual};

    #[test]
    fn every_lane_is_a_named_thread() {
        let s = find("blocking").unwrap();
        let run = run_virtual(s, &s.defaults());
        let chrome = chrome_trace(&run);
        let names = chrome["traceEvents"].as_array().unwrap().iter().filter(|e| e["name"] == "thread_name").count();
        assert_eq!(names, lanes(&run.report.trace, run.end_time()).len());
    }

    #[test]
    fn a_worker_lane_says_what_it_runs_for_whom() {
        let report = run(async { to_thread(Job::BlockingSleep { secs: 2.0 }).await });
        let lanes = lanes(&report.trace, report.elapsed);
        let events = chrome_lane(&report.trace, 1, &lanes[1]);
        assert_eq!(events[0]["args"]["name"], "worker 1");
        assert_eq!(events[2]["args"]["detail"], "time.sleep(2) for Task-1");
    }
}
