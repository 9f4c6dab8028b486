//! A finished run made ready to study: its program text, its [`Replay`] (the view at every
//! event, the iteration-axis positions, the facts), its lanes and marks, worked out once;
//! and the shared playhead that steps one run, or two side by
//! side (Compare), event by event along the chosen axis.

use std::rc::Rc;

use super::marks::finding_marks;
use super::{marks, prefer_iterations, Lane, Mark, Replay, Until};
use crate::choices::Axis;
use crate::scenarios::diagnostics::{self, Diagnostic};
use crate::scenarios::RunResult;

/// A finished run and what the page derives from it.
pub struct Study {
    /// The run; its program is `result.source`.
    pub result: Rc<RunResult>,
    /// The run's trace replayed once: every panel's view at the playhead reads it.
    pub replay: Rc<Replay>,
    pub lanes: Rc<Vec<Lane>>,
    /// The cause-and-effect marks, then what the run found in its program
    /// ([`super::marks::finding_marks`]).
    pub marks: Rc<Vec<Mark>>,
    /// What the run found in its program (`diagnostics::of`), worked out once: the marks,
    /// the program's line marks and the narration read it.
    pub findings: Rc<Vec<Diagnostic>>,
    /// True when the iteration axis tells this run's story better than time.
    pub prefers_iterations: bool,
}

impl Study {
    /// Works everything out for `result`.
    pub fn of(result: Rc<RunResult>) -> Study {
        let trace = &result.report.trace;
        let (replay, lanes) = Replay::with_lanes(trace, Until::end_of(trace, result.end_time()));
        let findings = diagnostics::of(&result);
        let mut all = marks(trace, &replay);
        all.extend(finding_marks(&findings, &replay));
        Study {
            lanes: Rc::new(lanes),
            marks: Rc::new(all),
            findings: Rc::new(findings),
            replay: Rc::new(replay),
            prefers_iterations: prefer_iterations(trace),
            result,
        }
    }

    /// Where event `k` is on `axis`.
    pub fn at(&self, k: usize, axis: Axis) -> f64 {
        match axis {
            Axis::Time => self.result.report.trace.events.get(k).map_or(0.0, |e| e.t),
            Axis::Iterations => self.replay.positions().get(k).copied().unwrap_or(0.0),
        }
    }

    /// The right edge of the timeline on `axis`.
    pub fn extent(&self, axis: Axis) -> f64 {
        match axis {
            Axis::Time => self.result.end_time(),
            Axis::Iterations => self.result.report.trace.events.last().map_or(1.0, |e| f64::from(e.iter) + 1.0),
        }
    }
}

/// The steps of a shared playhead over one or more runs: `(run, event)` pairs in the order
/// they happen along `axis` (ties keep each run's own order, run A first).
///
/// # Examples
/// ```
/// use std::rc::Rc;
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{shared_steps, Axis, Study};
/// let s = find("gather").unwrap();
/// let a = Study::of(Rc::new(run_virtual(s, &s.values([("mode", "sequential")]).unwrap())));
/// let b = Study::of(Rc::new(run_virtual(s, &s.values([("mode", "concurrent")]).unwrap())));
/// let steps = shared_steps(&[&a, &b], Axis::Time);
/// assert_eq!(steps.len(), a.result.report.trace.events.len() + b.result.report.trace.events.len());
/// assert_eq!(steps.last().map(|s| s.0), Some(0)); // the sequential run ends last
/// ```
pub fn shared_steps(studies: &[&Study], axis: Axis) -> Vec<(usize, usize)> {
    let mut steps: Vec<(f64, f64, usize, usize)> = Vec::new();
    for (run, study) in studies.iter().enumerate() {
        for k in 0..study.result.report.trace.events.len() {
            steps.push((study.at(k, axis), study.at(k, Axis::Iterations), run, k));
        }
    }
    steps.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)).then(a.3.cmp(&b.3)));
    steps.into_iter().map(|(_, _, run, k)| (run, k)).collect()
}

/// For each run, the event it is on when the shared playhead is at step `index` of `steps`
/// (`None` for a run that has not started yet).
///
/// # Examples
/// ```
/// use asyncio_playground::teach::runs_at;
/// let steps = vec![(0, 0), (1, 0), (0, 1), (1, 1)];
/// assert_eq!(runs_at(&steps, 2, 2), vec![Some(1), Some(0)]);
/// assert_eq!(runs_at(&steps, 0, 2), vec![Some(0), None]);
/// ```
pub fn runs_at(steps: &[(usize, usize)], index: usize, runs: usize) -> Vec<Option<usize>> {
    let mut at = vec![None; runs];
    for &(run, k) in steps.iter().take(index.saturating_add(1)) {
        if let Some(slot) = at.get_mut(run) {
            *slot = Some(k);
        }
    }
    at
}

/// [`runs_at`] without walking the steps before `index`: each run's events are in the order
/// of the steps, so the event a run is on at step `index` is found by a binary search of
/// that run's own events — the same cost at the last step as at the first.
///
/// # Examples
/// ```
/// use std::rc::Rc;
/// use asyncio_playground::scenarios::{find, run_virtual};
/// use asyncio_playground::teach::{runs_at, runs_at_step, shared_steps, Axis, Study};
/// let s = find("gather").unwrap();
/// let a = Study::of(Rc::new(run_virtual(s, &s.values([("mode", "sequential")]).unwrap())));
/// let b = Study::of(Rc::new(run_virtual(s, &s.values([("mode", "concurrent")]).unwrap())));
/// let steps = shared_steps(&[&a, &b], Axis::Time);
/// assert_eq!(runs_at_step(&[&a, &b], Axis::Time, &steps, 20), runs_at(&steps, 20, 2));
/// ```
pub fn runs_at_step(studies: &[&Study], axis: Axis, steps: &[(usize, usize)], index: usize) -> Vec<Option<usize>> {
    let Some(&(run, k)) = steps.get(index.min(steps.len().saturating_sub(1))) else { return vec![None; studies.len()] };
    let Some(here) = studies.get(run) else { return vec![None; studies.len()] };
    let (t, pos) = (here.at(k, axis), here.at(k, Axis::Iterations));
    let key_before = |s: &Study, r: usize, e: usize| s.at(e, axis).total_cmp(&t).then(s.at(e, Axis::Iterations).total_cmp(&pos)).then(r.cmp(&run)).is_lt();
    studies
        .iter()
        .enumerate()
        .map(|(r, s)| {
            if r == run {
                return Some(k);
            }
            // The number of run r's events whose place in the steps is before this step.
            let (mut lo, mut hi) = (0, s.result.report.trace.events.len());
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if key_before(s, r, mid) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo.checked_sub(1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::{find, run_virtual};

    #[test]
    fn the_runs_at_a_step_found_by_search_are_those_the_steps_walk_finds() {
        for (id, param, a, b) in
            [("gather", "mode", "sequential", "concurrent"), ("lock", "use_lock", "false", "true"), ("taskgroup", "mode", "gather", "taskgroup")]
        {
            let s = find(id).unwrap();
            let study = |v: &str| Study::of(Rc::new(run_virtual(s, &s.values([(param, v)]).unwrap())));
            let (a, b) = (study(a), study(b));
            for axis in [Axis::Time, Axis::Iterations] {
                for studies in [vec![&a, &b], vec![&b, &a], vec![&a]] {
                    let steps = shared_steps(&studies, axis);
                    for index in 0..steps.len() {
                        assert_eq!(runs_at_step(&studies, axis, &steps, index), runs_at(&steps, index, studies.len()), "{id} {axis:?} step {index}");
                    }
                }
            }
        }
    }
}
