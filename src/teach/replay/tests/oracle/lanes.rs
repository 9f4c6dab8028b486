//! The lanes as they were made before the replay fed them event by event, kept for the
//! tests only as the oracle.

use crate::runtime::{EventKind, Resume, Trace};
use crate::teach::lanes::positions_and_widths;
use crate::teach::{Lane, LaneKind, LaneState, Segment, TaskEnd, Until, Why};

fn new_lane(kind: LaneKind, name: String, label: String) -> Lane {
    Lane { kind, name, label, segments: Vec::new(), end_state: None, end_detail: String::new() }
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

/// The lanes of `trace`, segments still open closed at `until`.
pub(crate) fn lanes_until(trace: &Trace, until: Until) -> Vec<Lane> {
    let mut lanes: Vec<Lane> = trace.tasks.iter().map(|t| new_lane(LaneKind::Task(t.id), t.name(), t.label.clone())).collect();
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
                    workers.push((new_lane(LaneKind::Worker(n), format!("worker {n}"), String::new()), None));
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
                lane.end_state = TaskEnd::of(&e.kind);
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
