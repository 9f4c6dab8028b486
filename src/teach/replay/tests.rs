//! The replay's views equal what each view computed on its own before (the oracles), at
//! every event of every scenario at every fidelity case.

use super::oracle;
use super::Replay;
use crate::scenarios::every_case_run;
use crate::teach::{lanes_until, marks, narrate, Until};

#[test]
fn the_view_at_every_event_equals_the_step_view_replayed_from_the_start() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        for k in 0..trace.events.len() + 1 {
            let mut view = replay.view(k);
            // Who awaits whom is new with the replay: the oracle never knew it.
            view.tasks.iter_mut().for_each(|t| t.awaited_by.clear());
            assert_eq!(view, oracle::step_view(trace, k), "{} {case}: event {k}", s.id);
        }
    }
}

#[test]
fn the_sentence_of_every_event_is_unchanged() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        let src = s.source(&run.params);
        let replay = Replay::of(trace);
        for k in 0..trace.events.len() {
            let after = replay.view(k);
            assert_eq!(narrate(trace, &replay, &src, k, &after), oracle::narrate(trace, &src, k, &after), "{} {case}: event {k}", s.id);
        }
    }
}

#[test]
fn the_marks_are_unchanged() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        assert_eq!(marks(trace, &Replay::of(trace)), oracle::marks(trace), "{} {case}", s.id);
    }
}

#[test]
fn the_lanes_are_unchanged() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        let until = Until::end_of(trace, run.end_time());
        assert_eq!(lanes_until(trace, until), oracle::lanes_until(trace, until), "{} {case}", s.id);
        assert_eq!(Replay::with_lanes(trace, until).1, oracle::lanes_until(trace, until), "{} {case}: the replay's", s.id);
    }
}
