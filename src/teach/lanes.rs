//! Timeline lanes, a view of a trace: one lane per task (and per worker), each a list of
//! state segments — ready, running, sleeping, waiting on a lock… — with their start and end
//! in loop time and on the loop-iteration axis. The page's timeline draws these; the Chrome
//! Trace export ([`super::chrome`]) writes them. [`LaneBuilder`] makes them event by event:
//! the replay feeds it in its one pass, and a live run's timeline runs it alone.

use super::LaneState;
pub use crate::runtime::TaskEnd;
use crate::runtime::{EventKind, Resume, Trace, TraceEvent, WaitOn};

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
    /// How the task ended, `None` if it had not.
    pub end_state: Option<TaskEnd>,
    /// What it ended with: the result, the exception, or the cancel message.
    pub end_detail: String,
}

impl Lane {
    fn new(kind: LaneKind, name: String, label: String) -> Lane {
        Lane { kind, name, label, segments: Vec::new(), end_state: None, end_detail: String::new() }
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
/// use asyncio_playground::teach::iteration_positions;
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
pub(crate) fn positions_and_widths(trace: &Trace) -> (Vec<f64>, Vec<f64>) {
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
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, sleep};
/// use asyncio_playground::teach::{lanes, LaneState, TaskEnd};
/// let report = run(async { sleep(1.0).await });
/// let lanes = lanes(&report.trace, report.elapsed);
/// assert!(lanes[0].segments.iter().any(|s| s.state == LaneState::Sleeping && s.end == 1.0));
/// assert_eq!(lanes[0].end_state, Some(TaskEnd::Done));
/// ```
pub fn lanes(trace: &Trace, until: f64) -> Vec<Lane> {
    lanes_until(trace, Until::end_of(trace, until))
}

/// The lanes of `trace`, segments still open closed at `until`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, sleep};
/// use asyncio_playground::teach::{lanes_until, Until};
/// let report = run(async { sleep(1.0).await });
/// let lanes = lanes_until(&report.trace, Until { t: 0.5, pos: 1.0 });
/// assert_eq!(lanes[0].segments.last().map(|s| s.end), Some(1.0)); // closed segments keep their end
/// ```
pub fn lanes_until(trace: &Trace, until: Until) -> Vec<Lane> {
    let (positions, widths) = positions_and_widths(trace);
    let mut builder = LaneBuilder::new(trace);
    for ((e, &pos), &width) in trace.events.iter().zip(&positions).zip(&widths) {
        builder.feed(trace, e, pos, width);
    }
    builder.finish(until)
}

/// A segment still open: its state and since when.
#[derive(Clone)]
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

/// The lanes as far as the events fed so far.
#[derive(Clone)]
pub struct LaneBuilder {
    tasks: Vec<(Lane, Option<Open>)>,
    workers: Vec<(Lane, Option<Open>)>,
    /// The block of the step running now: (start, end) on the iteration axis.
    block: (f64, f64),
}

impl LaneBuilder {
    /// No events yet: one empty lane per task of `trace`.
    pub fn new(trace: &Trace) -> LaneBuilder {
        let tasks = trace.tasks.iter().map(|t| (Lane::new(LaneKind::Task(t.id), t.name(), t.label.clone()), None)).collect();
        LaneBuilder { tasks, workers: Vec::new(), block: (0.0, 0.0) }
    }

    /// [`LaneBuilder::new`], with room in each task's lane for `events[id - 1]` events'
    /// segments.
    pub(crate) fn sized(trace: &Trace, events: &[usize]) -> LaneBuilder {
        let mut builder = LaneBuilder::new(trace);
        for ((lane, _), n) in builder.tasks.iter_mut().zip(events) {
            lane.segments.reserve_exact(*n);
        }
        builder
    }

    /// Takes event `e` in, at `pos` on the iteration axis, where one step block of its
    /// iteration is `width` wide.
    pub fn feed(&mut self, trace: &Trace, e: &TraceEvent, pos: f64, width: f64) {
        let opened = |state, why: Why| Some(Open { state, why, since: e.t, since_pos: pos });
        match &e.kind {
            EventKind::JobStart { worker, job } => {
                let w = *worker as usize;
                while self.workers.len() < w {
                    let n = self.workers.len() as u32 + 1;
                    self.workers.push((Lane::new(LaneKind::Worker(n), format!("worker {n}"), String::new()), None));
                }
                if let Some((lane, slot)) = w.checked_sub(1).and_then(|w| self.workers.get_mut(w)) {
                    close(lane, slot, e.t, pos);
                    *slot = opened(LaneState::Busy, Why::Job { job: job.clone(), task: e.task });
                }
            }
            EventKind::JobEnd { worker, .. } => {
                if let Some((lane, slot)) = (*worker as usize).checked_sub(1).and_then(|w| self.workers.get_mut(w)) {
                    close(lane, slot, e.t, pos);
                }
            }
            _ => {}
        }
        let Some((lane, slot)) = (e.task as usize).checked_sub(1).and_then(|i| self.tasks.get_mut(i)) else { return };
        match &e.kind {
            EventKind::Created { .. } => *slot = opened(LaneState::Ready, Why::Created),
            EventKind::Wake { .. } => {
                close(lane, slot, e.t, pos);
                *slot = opened(LaneState::Ready, Why::Queued);
            }
            EventKind::Resumed(resume) => {
                close(lane, slot, e.t, pos);
                self.block = (pos, pos + width);
                let why = match resume {
                    Resume::Start => Why::FirstStep,
                    Resume::Yield => Why::AfterYield,
                    Resume::Woken { .. } => Why::Woken,
                    Resume::Cancel => Why::DeliveringCancel,
                };
                *slot = opened(LaneState::Running, why);
            }
            EventKind::Suspended { on, .. } => {
                close(lane, slot, e.t, self.block.1);
                *slot = opened(on.lane_state(), Why::Waiting(on.clone()));
            }
            EventKind::Blocked { secs, what } => {
                close(lane, slot, e.t, self.block.0);
                lane.segments.push(Segment {
                    start: e.t,
                    end: e.t + secs,
                    start_pos: self.block.0,
                    end_pos: self.block.1,
                    state: LaneState::Blocked,
                    why: Why::Blocked { what: what.clone(), secs: *secs },
                });
                *slot = Some(Open { state: LaneState::Running, why: Why::AfterBlock, since: e.t + secs, since_pos: self.block.1 });
            }
            EventKind::Done { .. } | EventKind::Failed { .. } | EventKind::Cancelled => {
                close(lane, slot, e.t, self.block.1.max(pos));
                lane.end_state = TaskEnd::of(&e.kind);
                lane.end_detail = trace.detail(&e.kind);
            }
            _ => {}
        }
    }

    /// The lanes, task lanes then worker lanes, with the segments still open closed at `until`.
    pub fn finish(mut self, until: Until) -> Vec<Lane> {
        self.tasks.extend(self.workers);
        self.tasks
            .into_iter()
            .map(|(mut lane, mut slot)| {
                close(&mut lane, &mut slot, until.t, until.pos);
                lane
            })
            .collect()
    }
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
        assert_eq!(worker.end_state, Some(TaskEnd::Done));
    }

    #[test]
    fn workers_get_lanes_after_the_tasks() {
        let report = run(async { to_thread(Job::BlockingSleep { secs: 2.0 }).await });
        let lanes = lanes(&report.trace, report.elapsed);
        assert_eq!(lanes.last().unwrap().kind, LaneKind::Worker(1));
        assert_eq!(lanes.last().unwrap().segments[0].end, 2.0);
        assert_eq!(lanes.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(), vec!["Task-1", "worker 1"]);
    }
}
