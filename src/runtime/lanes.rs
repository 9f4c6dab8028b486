//! Timeline lanes: a trace turned into one lane per task (and per worker), each a list of
//! state segments — ready, running, sleeping, waiting on a lock… — with their start and end
//! in loop time. The page's timeline draws these; the Chrome Trace export writes them.

use serde_json::{json, Value};

use super::trace::{EventKind, Resume, Trace, TraceEvent, WaitOn};

/// What a lane is doing during a segment. Each state has one CSS class, one short label,
/// one glyph for the text timeline and one legend entry: adding a wait kind is adding a
/// variant here (and its [`WaitOn`] mapping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaneState {
    /// The task's step is running on the loop.
    Running,
    /// Queued in the ready queue, waiting for its turn.
    Ready,
    /// `asyncio.sleep`.
    Sleeping,
    /// Awaiting `Lock.acquire()`.
    WaitingLock,
    /// Awaiting `Semaphore.acquire()`.
    WaitingSemaphore,
    /// Awaiting `Event.wait()`.
    WaitingEvent,
    /// Awaiting another task, a `gather` or a `TaskGroup`.
    WaitingJoin,
    /// Awaiting a `to_thread` job.
    InWorker,
    /// A worker running a job (worker lanes).
    Busy,
    /// Awaiting a request.
    Fetching,
    /// A blocking call holding the loop's thread.
    Blocked,
    /// Awaiting any other future.
    Waiting,
}

impl LaneState {
    /// Every state, in legend order.
    pub const ALL: [LaneState; 12] = [
        LaneState::Running,
        LaneState::Ready,
        LaneState::Sleeping,
        LaneState::WaitingLock,
        LaneState::WaitingSemaphore,
        LaneState::WaitingEvent,
        LaneState::WaitingJoin,
        LaneState::InWorker,
        LaneState::Busy,
        LaneState::Fetching,
        LaneState::Blocked,
        LaneState::Waiting,
    ];

    /// The state's CSS class suffix and JSON name: `seg-sleeping`.
    pub fn css(self) -> &'static str {
        match self {
            LaneState::Running => "running",
            LaneState::Ready => "ready",
            LaneState::Sleeping => "sleeping",
            LaneState::WaitingLock => "waiting-lock",
            LaneState::WaitingSemaphore => "waiting-semaphore",
            LaneState::WaitingEvent => "waiting-event",
            LaneState::WaitingJoin => "waiting-join",
            LaneState::InWorker => "in-worker",
            LaneState::Busy => "busy",
            LaneState::Fetching => "fetching",
            LaneState::Blocked => "blocked",
            LaneState::Waiting => "waiting",
        }
    }

    /// The message id of the word written on a wide enough segment (`None`: no word).
    pub fn short_message(self) -> Option<&'static str> {
        match self {
            LaneState::Running | LaneState::Waiting => None,
            LaneState::Ready => Some("short-ready"),
            LaneState::Sleeping => Some("short-sleep"),
            LaneState::WaitingLock => Some("short-lock"),
            LaneState::WaitingSemaphore => Some("short-semaphore"),
            LaneState::WaitingEvent => Some("short-event"),
            LaneState::WaitingJoin => Some("short-join"),
            LaneState::InWorker => Some("short-worker"),
            LaneState::Busy => Some("short-job"),
            LaneState::Fetching => Some("short-fetch"),
            LaneState::Blocked => Some("short-blocked"),
        }
    }

    /// One character for the text timeline (the CLI).
    pub fn glyph(self) -> char {
        match self {
            LaneState::Running | LaneState::Blocked => '#',
            LaneState::Ready => '.',
            LaneState::Sleeping => '~',
            LaneState::WaitingLock => 'L',
            LaneState::WaitingSemaphore => 'S',
            LaneState::WaitingEvent => 'E',
            LaneState::WaitingJoin => 'J',
            LaneState::InWorker | LaneState::Busy => 'W',
            LaneState::Fetching => 'F',
            LaneState::Waiting => '?',
        }
    }

    /// The message id of the legend's words for it (`state-sleeping`).
    pub fn message(self) -> &'static str {
        match self {
            LaneState::Running => "state-running",
            LaneState::Ready => "state-ready",
            LaneState::Sleeping => "state-sleeping",
            LaneState::WaitingLock => "state-waiting-lock",
            LaneState::WaitingSemaphore => "state-waiting-semaphore",
            LaneState::WaitingEvent => "state-waiting-event",
            LaneState::WaitingJoin => "state-waiting-join",
            LaneState::InWorker => "state-in-worker",
            LaneState::Busy => "state-busy",
            LaneState::Fetching => "state-fetching",
            LaneState::Blocked => "state-blocked",
            LaneState::Waiting => "state-waiting",
        }
    }

    /// True for the states of a step holding the loop (drawn even when zero-length).
    pub fn holds_loop(self) -> bool {
        matches!(self, LaneState::Running | LaneState::Blocked)
    }
}

impl WaitOn {
    /// The lane state of a task suspended on this.
    pub fn lane_state(&self) -> LaneState {
        match self {
            WaitOn::Sleep { .. } => LaneState::Sleeping,
            WaitOn::Yield => LaneState::Ready,
            WaitOn::Lock => LaneState::WaitingLock,
            WaitOn::Semaphore => LaneState::WaitingSemaphore,
            WaitOn::Event => LaneState::WaitingEvent,
            WaitOn::Join { .. } | WaitOn::Gather | WaitOn::TaskGroup => LaneState::WaitingJoin,
            WaitOn::Worker { .. } => LaneState::InWorker,
            WaitOn::Fetch { .. } => LaneState::Fetching,
            WaitOn::Future => LaneState::Waiting,
        }
    }
}

/// Why a segment is what it is (shown on hover; the page words it in the reader's
/// language, the Chrome Trace export in English).
#[derive(Clone, Debug, PartialEq)]
pub enum Why {
    /// Created; its first step waits in the ready queue.
    Created,
    /// What it awaited is done; queued to run.
    Queued,
    /// Its first step.
    FirstStep,
    /// Running again after `sleep(0)`.
    AfterYield,
    /// Running again after being woken.
    Woken,
    /// Running to raise `CancelledError` at its await.
    DeliveringCancel,
    /// Suspended on this.
    Waiting(WaitOn),
    /// A blocking call holding the loop's thread.
    Blocked {
        /// The call, e.g. `time.sleep`.
        what: String,
        /// How long it holds the thread, in seconds.
        secs: f64,
    },
    /// Running on after a blocking call.
    AfterBlock,
    /// A worker running `job` for task `task`.
    Job {
        /// The job, as Python writes it.
        job: String,
        /// The task that awaits it.
        task: u32,
    },
}

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
            Why::Blocked { what, secs } => format!("{what} for {}: the whole loop is frozen", super::trace::fmt_secs(*secs)),
            Why::AfterBlock => "after the blocking call".into(),
            Why::Job { job, task } => format!("{job} for {}", trace.task_name(*task)),
        }
    }
}

/// A stretch of time a task spent in one state.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// Loop time, in seconds.
    pub start: f64,
    /// Loop time, in seconds.
    pub end: f64,
    /// Where it starts and ends on the loop-iteration axis (see [`iteration_positions`]).
    pub start_pos: f64,
    /// See `start_pos`.
    pub end_pos: f64,
    /// Which state, for colour, glyph and legend.
    pub state: LaneState,
    /// What exactly, e.g. waiting on a sleep until 1 s.
    pub why: Why,
}

/// What a lane shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LaneKind {
    /// A task's lane, by task id.
    Task(u32),
    /// A worker's lane (a thread for `to_thread`), by worker number.
    Worker(u32),
}

/// One lane of the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Lane {
    /// A task's or a worker's.
    pub kind: LaneKind,
    /// `Task-3` or `worker 1`.
    pub name: String,
    /// What the task runs (`fetch(2)`), or "".
    pub label: String,
    /// Its stretches of time, in order.
    pub segments: Vec<Segment>,
    /// How the task ended (`done`, `failed`, `cancelled`), `None` if it had not.
    pub end_state: Option<&'static str>,
    /// What it ended with: the result, the exception, or the cancel message.
    pub end_detail: String,
}

impl Lane {
    fn new(kind: LaneKind, name: String, label: String) -> Lane {
        Lane { kind, name, label, segments: Vec::new(), end_state: None, end_detail: String::new() }
    }
}

struct Open {
    state: LaneState,
    why: Why,
    since: f64,
    since_pos: f64,
}

fn close(lane: &mut Lane, slot: &mut Option<Open>, t: f64, pos: f64) {
    if let Some(o) = slot.take() {
        lane.segments.push(Segment { start: o.since, end: t.max(o.since), start_pos: o.since_pos, end_pos: pos.max(o.since_pos), state: o.state, why: o.why });
    }
}

/// Where each event sits on the loop-iteration axis. Iteration `i` is the column `[i, i+1)`;
/// the steps run in it share the column in the order they ran (a step of `n` in the column
/// is the block `[i + k/n, i + (k+1)/n)`), so zero-time interleavings read left to right.
/// A step event is placed at the start of its block; every other event at the end of the
/// block of the latest step begun in its iteration (or at `i` before the first).
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{create_task, run, sleep};
/// use asyncio_playground::runtime::lanes::iteration_positions;
/// let report = run(async { let a = create_task(sleep(0.0)); let b = create_task(sleep(0.0)); a.await?; b.await });
/// let pos = iteration_positions(&report.trace);
/// let steps: Vec<f64> = report.trace.events.iter().zip(&pos).filter(|(e, _)| e.kind.name() == "step").map(|(_, p)| *p).collect();
/// assert_eq!(&steps[..3], &[1.0, 2.0, 2.5]); // main alone in iteration 1, then the two tasks share iteration 2
/// ```
pub fn iteration_positions(trace: &Trace) -> Vec<f64> {
    positions_and_widths(trace).0
}

/// [`iteration_positions`], and for each event the width of one step block in its
/// iteration.
fn positions_and_widths(trace: &Trace) -> (Vec<f64>, Vec<f64>) {
    let last = trace.events.last().map_or(0, |e| e.iter) as usize;
    let mut steps = vec![0u32; last + 1];
    for e in &trace.events {
        if matches!(e.kind, EventKind::Resumed(_)) {
            steps[e.iter as usize] += 1;
        }
    }
    let mut positions = Vec::with_capacity(trace.events.len());
    let mut widths = Vec::with_capacity(trace.events.len());
    let (mut iter, mut begun) = (u32::MAX, 0u32);
    for e in &trace.events {
        if e.iter != iter {
            (iter, begun) = (e.iter, 0);
        }
        let n = f64::from(steps[e.iter as usize].max(1));
        positions.push(f64::from(e.iter) + f64::from(begun) / n);
        widths.push(1.0 / n);
        if matches!(e.kind, EventKind::Resumed(_)) {
            begun += 1;
        }
    }
    (positions, widths)
}

/// Where the lanes end: segments still open are closed at this time and axis position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Until {
    /// Loop time, in seconds.
    pub t: f64,
    /// Position on the loop-iteration axis.
    pub pos: f64,
}

impl Until {
    /// The end of a trace: `t`, and the end of its last iteration.
    pub fn end_of(trace: &Trace, t: f64) -> Until {
        Until { t, pos: trace.events.last().map_or(0.0, |e| f64::from(e.iter) + 1.0) }
    }
}

/// The lanes of `trace`; segments still open are closed at `until` (time) and at the end
/// of the trace's last iteration.
pub fn lanes(trace: &Trace, until: f64) -> Vec<Lane> {
    lanes_until(trace, Until::end_of(trace, until))
}

/// The lanes of `trace`, segments still open closed at `until`.
pub fn lanes_until(trace: &Trace, until: Until) -> Vec<Lane> {
    let mut lanes: Vec<Lane> = trace.tasks.iter().map(|t| Lane::new(LaneKind::Task(t.id), t.name(), t.label.clone())).collect();
    let mut open: Vec<Option<Open>> = (0..lanes.len()).map(|_| None).collect();
    let mut workers: Vec<(Lane, Option<Open>)> = Vec::new();
    let (positions, widths) = positions_and_widths(trace);
    // The block of the step running now: (start, end) on the iteration axis.
    let mut block = (0.0, 0.0);

    for ((e, &pos), &width) in trace.events.iter().zip(&positions).zip(&widths) {
        let opened = |state, why: Why| Some(Open { state, why, since: e.t, since_pos: pos });
        match &e.kind {
            EventKind::JobStart { worker, job } => {
                let w = *worker as usize;
                while workers.len() < w {
                    let n = workers.len() as u32 + 1;
                    workers.push((Lane::new(LaneKind::Worker(n), format!("worker {n}"), String::new()), None));
                }
                let (lane, slot) = &mut workers[w - 1];
                close(lane, slot, e.t, pos);
                *slot = opened(LaneState::Busy, Why::Job { job: job.clone(), task: e.task });
            }
            EventKind::JobEnd { worker, .. } => {
                if let Some((lane, slot)) = (*worker as usize).checked_sub(1).and_then(|w| workers.get_mut(w)) {
                    close(lane, slot, e.t, pos);
                }
            }
            _ => {}
        }
        let Some(i) = (e.task as usize).checked_sub(1).filter(|i| *i < lanes.len()) else { continue };
        let (lane, slot) = (&mut lanes[i], &mut open[i]);
        match &e.kind {
            EventKind::Created { .. } => *slot = opened(LaneState::Ready, Why::Created),
            EventKind::Wake { .. } => {
                close(lane, slot, e.t, pos);
                *slot = opened(LaneState::Ready, Why::Queued);
            }
            EventKind::Resumed(resume) => {
                close(lane, slot, e.t, pos);
                block = (pos, pos + width);
                let why = match resume {
                    Resume::Start => Why::FirstStep,
                    Resume::Yield => Why::AfterYield,
                    Resume::Woken { .. } => Why::Woken,
                    Resume::Cancel => Why::DeliveringCancel,
                };
                *slot = opened(LaneState::Running, why);
            }
            EventKind::Suspended { on, .. } => {
                close(lane, slot, e.t, block.1);
                *slot = opened(on.lane_state(), Why::Waiting(on.clone()));
            }
            EventKind::Blocked { secs, what } => {
                close(lane, slot, e.t, block.0);
                lane.segments.push(Segment {
                    start: e.t,
                    end: e.t + secs,
                    start_pos: block.0,
                    end_pos: block.1,
                    state: LaneState::Blocked,
                    why: Why::Blocked { what: what.clone(), secs: *secs },
                });
                *slot = Some(Open { state: LaneState::Running, why: Why::AfterBlock, since: e.t + secs, since_pos: block.1 });
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                close(lane, slot, e.t, block.1.max(pos));
                lane.end_state = Some(e.kind.name());
                lane.end_detail = trace.detail(&e.kind);
            }
            _ => {}
        }
    }
    for (lane, slot) in lanes.iter_mut().zip(open.iter_mut()) {
        close(lane, slot, until.t, until.pos);
    }
    for (mut lane, mut slot) in workers {
        close(&mut lane, &mut slot, until.t, until.pos);
        lanes.push(lane);
    }
    lanes
}

/// The trace in Chrome's Trace Event Format (open it in Perfetto or chrome://tracing):
/// one thread per lane, one complete event per segment, prints as instant events.
pub fn chrome_trace(trace: &Trace, until: f64, title: &str) -> Value {
    let mut events = vec![chrome_process(title)];
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
        events.push(json!({"ph": "i", "s": "t", "name": end, "pid": 1, "tid": tid, "ts": us(t), "args": {"detail": lane.end_detail}}));
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
        let states: Vec<(&str, f64, f64)> = worker.segments.iter().map(|s| (s.state.css(), s.start, s.end)).collect();
        assert_eq!(
            states,
            vec![
                ("ready", 0.0, 0.0),
                ("running", 0.0, 0.0),
                ("sleeping", 0.0, 1.0),
                ("ready", 1.0, 1.0),
                ("running", 1.0, 1.0),
                ("waiting-lock", 1.0, 2.0),
                ("ready", 2.0, 2.0),
                ("running", 2.0, 2.0)
            ]
        );
        let on_axis: Vec<(f64, f64)> = worker.segments.iter().map(|s| (s.start_pos, s.end_pos)).collect();
        // Created at the end of main's block in iteration 1, it runs alone in iteration 2; its timer
        // fires at the start of iteration 3, so it is ready during 3 and runs in 4.
        assert_eq!(on_axis, vec![(2.0, 2.0), (2.0, 3.0), (3.0, 3.0), (3.0, 4.0), (4.0, 5.0), (5.0, 7.0), (7.0, 7.0), (7.0, 8.0)]);
        assert_eq!(worker.end_state, Some("done"));
    }

    #[test]
    fn workers_get_lanes_and_chrome_trace_names_every_lane() {
        let report = run(async { to_thread(Job::BlockingSleep { secs: 2.0 }).await });
        let lanes = lanes(&report.trace, report.elapsed);
        assert_eq!(lanes.last().unwrap().kind, LaneKind::Worker(1));
        assert_eq!(lanes.last().unwrap().segments[0].end, 2.0);
        let chrome = chrome_trace(&report.trace, report.elapsed, "test");
        let names: Vec<&str> =
            chrome["traceEvents"].as_array().unwrap().iter().filter(|e| e["name"] == "thread_name").map(|e| e["args"]["name"].as_str().unwrap()).collect();
        assert_eq!(names, vec!["Task-1 main()", "worker 1"]);
    }
}
