//! Timeline lanes: a trace turned into one lane per task (and per worker), each a list of
//! state segments — ready, running, sleeping, waiting on a lock… — with their start and end
//! in loop time. The page's timeline draws these; the Chrome Trace export writes them.

use serde_json::{json, Value};

use super::trace::{EventKind, Resume, Trace, WaitOn};

/// A stretch of time a task spent in one state.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub start: f64,
    pub end: f64,
    /// `ready`, `running`, `blocked`, `sleeping`, `waiting-lock`, `waiting-semaphore`,
    /// `waiting-event`, `waiting-join`, `in-worker`, `fetching`, `waiting`, or `busy` (a
    /// worker running a job).
    pub state: &'static str,
    /// What exactly, e.g. `sleep until 1 s`.
    pub detail: String,
}

/// What a lane shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LaneKind {
    Task(u32),
    Worker(u32),
}

/// One lane of the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Lane {
    pub kind: LaneKind,
    /// `Task-3` or `worker 1`.
    pub name: String,
    /// What the task runs (`fetch(2)`), or "".
    pub label: String,
    pub segments: Vec<Segment>,
    /// How the task ended (`done`, `failed`, `cancelled`), `None` if it had not.
    pub end_state: Option<&'static str>,
    pub end_detail: String,
}

struct Open {
    state: &'static str,
    detail: String,
    since: f64,
}

/// The lanes of `trace`; segments still open are closed at `until`.
pub fn lanes(trace: &Trace, until: f64) -> Vec<Lane> {
    let mut lanes: Vec<Lane> = trace
        .tasks
        .iter()
        .map(|t| Lane { kind: LaneKind::Task(t.id), name: t.name(), label: t.label.clone(), segments: Vec::new(), end_state: None, end_detail: String::new() })
        .collect();
    let mut open: Vec<Option<Open>> = (0..lanes.len()).map(|_| None).collect();
    let mut workers: Vec<(Lane, Option<Open>)> = Vec::new();

    fn close(lane: &mut Lane, slot: &mut Option<Open>, t: f64) {
        if let Some(o) = slot.take() {
            lane.segments.push(Segment { start: o.since, end: t.max(o.since), state: o.state, detail: o.detail });
        }
    }

    for e in &trace.events {
        match &e.kind {
            EventKind::JobStart { worker, job } => {
                let w = *worker as usize;
                while workers.len() < w {
                    let n = workers.len() as u32 + 1;
                    workers.push((Lane { kind: LaneKind::Worker(n), name: format!("worker {n}"), label: String::new(), segments: Vec::new(), end_state: None, end_detail: String::new() }, None));
                }
                let (lane, slot) = &mut workers[w - 1];
                close(lane, slot, e.t);
                let who = trace.task_name(e.task);
                *slot = Some(Open { state: "busy", detail: format!("{job} for {who}"), since: e.t });
            }
            EventKind::JobEnd { worker, .. } => {
                if let Some((lane, slot)) = workers.get_mut(*worker as usize - 1) {
                    close(lane, slot, e.t);
                }
            }
            _ => {}
        }
        let Some(i) = (e.task as usize).checked_sub(1).filter(|i| *i < lanes.len()) else { continue };
        let (lane, slot) = (&mut lanes[i], &mut open[i]);
        match &e.kind {
            EventKind::Created { .. } => *slot = Some(Open { state: "ready", detail: "created, waiting for its first step".into(), since: e.t }),
            EventKind::Resumed(why) => {
                close(lane, slot, e.t);
                let detail = match why {
                    Resume::Start => "first step",
                    Resume::Yield => "after sleep(0)",
                    Resume::Woken { .. } => "woken",
                    Resume::Cancel => "delivering CancelledError",
                };
                *slot = Some(Open { state: "running", detail: detail.into(), since: e.t });
            }
            EventKind::Suspended(on) => {
                close(lane, slot, e.t);
                let (state, detail) = match on {
                    WaitOn::Yield => ("ready", "sleep(0): ready again next iteration".to_string()),
                    WaitOn::Join { task } => (on.state_name(), format!("awaiting {}", trace.task_name(*task))),
                    other => (other.state_name(), other.to_string()),
                };
                *slot = Some(Open { state, detail, since: e.t });
            }
            EventKind::Blocked { secs, what } => {
                close(lane, slot, e.t);
                lane.segments.push(Segment { start: e.t, end: e.t + secs, state: "blocked", detail: format!("{what}: the whole loop is frozen") });
                *slot = Some(Open { state: "running", detail: "after the blocking call".into(), since: e.t + secs });
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                close(lane, slot, e.t);
                lane.end_state = Some(e.kind.name());
                lane.end_detail = trace.detail(&e.kind);
            }
            _ => {}
        }
    }
    for (lane, slot) in lanes.iter_mut().zip(open.iter_mut()) {
        close(lane, slot, until);
    }
    for (mut lane, mut slot) in workers {
        close(&mut lane, &mut slot, until);
        lanes.push(lane);
    }
    lanes
}

/// The trace in Chrome's Trace Event Format (open it in Perfetto or chrome://tracing):
/// one thread per lane, one complete event per segment, prints as instant events.
pub fn chrome_trace(trace: &Trace, until: f64, title: &str) -> Value {
    let us = |t: f64| (t * 1e6).round();
    let mut events = vec![json!({"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": title}})];
    let lanes = lanes(trace, until);
    for (i, lane) in lanes.iter().enumerate() {
        let tid = i + 1;
        let name = if lane.label.is_empty() { lane.name.clone() } else { format!("{} {}", lane.name, lane.label) };
        events.push(json!({"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}}));
        events.push(json!({"ph": "M", "name": "thread_sort_index", "pid": 1, "tid": tid, "args": {"sort_index": tid}}));
        for s in &lane.segments {
            events.push(json!({"ph": "X", "name": s.state, "cat": "asyncio", "pid": 1, "tid": tid,
                "ts": us(s.start), "dur": us(s.end) - us(s.start), "args": {"detail": s.detail}}));
        }
        if let Some(end) = lane.end_state {
            let t = lane.segments.last().map_or(0.0, |s| s.end);
            events.push(json!({"ph": "i", "s": "t", "name": end, "pid": 1, "tid": tid, "ts": us(t), "args": {"detail": lane.end_detail}}));
        }
    }
    for e in &trace.events {
        if let EventKind::Print(line) = &e.kind {
            let tid = e.task as usize;
            events.push(json!({"ph": "i", "s": "t", "name": "print", "pid": 1, "tid": tid, "ts": us(e.t), "args": {"line": line}}));
        }
    }
    json!({"traceEvents": events, "displayTimeUnit": "ms"})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, run, sleep, to_thread, Job, Lock};

    #[test]
    fn a_task_sleeping_then_waiting_for_a_lock_gets_those_segments() {
        let report = run(async {
            let lock = Lock::new();
            let held = lock.acquire().await?;
            let l2 = lock.clone();
            let t = create_task(async move {
                sleep(1.0).await?;
                let _g = l2.acquire().await?;
                Ok(())
            });
            sleep(2.0).await?;
            drop(held);
            t.await
        });
        let lanes = lanes(&report.trace, report.elapsed);
        let worker = &lanes[1];
        let states: Vec<(&str, f64, f64)> = worker.segments.iter().map(|s| (s.state, s.start, s.end)).collect();
        assert_eq!(states, vec![("ready", 0.0, 0.0), ("running", 0.0, 0.0), ("sleeping", 0.0, 1.0), ("running", 1.0, 1.0), ("waiting-lock", 1.0, 2.0), ("running", 2.0, 2.0)]);
        assert_eq!(worker.end_state, Some("done"));
    }

    #[test]
    fn workers_get_lanes_and_chrome_trace_names_every_lane() {
        let report = run(async { to_thread(Job::BlockingSleep { secs: 2.0 }).await });
        let lanes = lanes(&report.trace, report.elapsed);
        assert_eq!(lanes.last().unwrap().kind, LaneKind::Worker(1));
        assert_eq!(lanes.last().unwrap().segments[0].end, 2.0);
        let chrome = chrome_trace(&report.trace, report.elapsed, "test");
        let names: Vec<&str> = chrome["traceEvents"].as_array().unwrap().iter().filter(|e| e["name"] == "thread_name").map(|e| e["args"]["name"].as_str().unwrap()).collect();
        assert_eq!(names, vec!["Task-1 main()", "worker 1"]);
    }
}
