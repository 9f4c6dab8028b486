//! The replay's views equal what each view computed on its own before (the oracles, in
//! `oracle/`: test code only, each another way of working the same thing out), at every event
//! of every scenario at every fidelity case.

mod oracle;

use super::Replay;
use crate::scenarios::every_case_run;
use crate::teach::{lanes_until, marks, CallTree, StepView, Until, Window, OUTPUT_LINES, WINDOW};

#[test]
fn the_view_at_every_event_equals_the_step_view_replayed_from_the_start() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        for k in 0..trace.events.len() + 1 {
            let view = replay.view_with(k, usize::MAX);
            let mut old = oracle::full(&view);
            assert_eq!((view.locals.clone(), view.lines.clone(), view.graph.clone()), oracle::derived(&view, &old.tasks), "{} {case}: event {k}", s.id);
            // Who awaits whom is new with the replay: the oracle never knew it.
            old.tasks.iter_mut().for_each(|t| t.awaited_by.clear());
            assert_eq!(old, oracle::step_view(trace, k), "{} {case}: event {k}", s.id);
        }
    }
}

/// `full`'s lists cut to `n` entries each (the output: its last `n.max(OUTPUT_LINES)`).
fn cut(full: &StepView, n: usize) -> StepView {
    fn first<T: Clone>(w: &Window<T>, n: usize) -> Window<T> {
        Window { shown: w.shown.iter().take(n).cloned().collect(), total: w.total }
    }
    fn trees(w: &Window<CallTree>, n: usize) -> Window<CallTree> {
        let shown = w.shown.iter().take(n).map(|t| CallTree { task: t.task, awaits: trees(&t.awaits, n) }).collect();
        Window { shown, total: w.total }
    }
    let from = full.output.shown.len().saturating_sub(n.max(OUTPUT_LINES));
    StepView {
        tasks: first(&full.tasks, n),
        ready: first(&full.ready, n),
        timers: first(&full.timers, n),
        permit_holders: first(&full.permit_holders, n),
        waiters: full.waiters.map(|w| first(w, n)),
        joins: first(&full.joins, n),
        requests: first(&full.requests, n),
        output: Window { shown: full.output.shown[from..].to_vec(), total: full.output.total },
        locals: first(&full.locals, n),
        lines: full.lines.iter().map(|(line, w)| (*line, first(w, n))).collect(),
        graph: trees(&full.graph, n),
        ..full.clone()
    }
}

#[test]
fn a_view_holds_the_first_entries_of_every_list_and_counts_them_all() {
    for (s, case, run) in every_case_run() {
        let replay = Replay::of(&run.report.trace);
        for k in 0..replay.len() {
            for n in [0, 1, 2, WINDOW] {
                assert_eq!(replay.view_with(k, n), cut(&replay.view_with(k, usize::MAX), n), "{} {case}: event {k}, {n} entries", s.id);
            }
        }
    }
}

#[test]
fn the_view_is_the_same_reached_backwards_or_by_a_jump() {
    for (s, case, run) in every_case_run() {
        let replay = Replay::of(&run.report.trace);
        let forwards: Vec<StepView> = (0..replay.len()).map(|k| replay.view_with(k, usize::MAX)).collect();
        for k in (0..replay.len()).rev() {
            assert_eq!(replay.view_with(k, usize::MAX), forwards[k], "{} {case}: event {k}, backwards", s.id);
        }
        // Jumps far and near, in both directions, from a fresh replay and from the end.
        let n = replay.len();
        for k in [n / 2, 3, n.saturating_sub(1), n / 3, n / 3 + 1, 0, n / 4 + 2] {
            let k = k.min(n.saturating_sub(1));
            // Another replay's view: the same but for the histories it reads.
            let fresh = StepView { histories: forwards[k].histories.clone(), ..Replay::of(&run.report.trace).view_with(k, usize::MAX) };
            assert_eq!(fresh, forwards[k], "{} {case}: event {k}, from a fresh replay", s.id);
            assert_eq!(replay.view_with(k, usize::MAX), forwards[k], "{} {case}: event {k}, by a jump", s.id);
        }
    }
}

#[test]
fn the_facts_the_narration_reads_are_those_a_scan_over_the_events_finds() {
    for (s, case, run) in every_case_run() {
        let trace = &run.report.trace;
        let replay = Replay::of(trace);
        for k in 0..trace.events.len() {
            assert_eq!(replay.fact(k), &oracle::fact(trace, k), "{} {case}: event {k}", s.id);
            assert_eq!(replay.woken(k), oracle::woken(trace, k).as_ref(), "{} {case}: event {k}", s.id);
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
