//! The run ledger: which run is open, and what a host page is told about each run's end.
//!
//! The embed contract promises that every `run-started` is followed by exactly one
//! `run-finished`, or a `run-stopped` naming why (`"replaced"`, `"stopped"`, `"ended"`), in
//! order, each carrying its run number. The page tells the ledger what happens to its runs —
//! a scenario run, a real-clock run, Stop, a run of the learner's own program — as it
//! happens (never from a render, which may come after the next run has begun), and posts
//! the [`Note`]s the ledger returns, in the order returned:
//!
//! - [`Ledger::started`] opens a run; an older run still open is closed first with
//!   `run-stopped` `"replaced"`;
//! - [`Ledger::ending`] marks the open run as over while its results are worked out (a host
//!   may start the next run meanwhile);
//! - [`Ledger::finished`] and [`Ledger::stopped`] close the open run, once;
//! - late events of closed runs (an older run's results arriving after it was replaced, a
//!   second end, a start of a number already seen) are dropped.
//!
//! Plain Rust with no browser types: tested natively.

/// Why a run ended without a run-result (`run-stopped`'s `reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// A newer run began while this one was still open.
    Replaced,
    /// The user or the host pressed Stop.
    Stopped,
    /// The run ended without a result of its own (a syntax error, the wall-clock limit, a
    /// program whose result could not be read).
    Ended,
}

impl StopReason {
    /// Every reason, as the embed contract lists them.
    pub const ALL: [StopReason; 3] = [StopReason::Replaced, StopReason::Stopped, StopReason::Ended];

    /// The reason as a `run-stopped` message says it.
    ///
    /// # Examples
    /// ```
    /// use asyncio_playground::ledger::StopReason;
    /// let words: Vec<&str> = StopReason::ALL.iter().map(|r| r.as_str()).collect();
    /// assert_eq!(words, ["replaced", "stopped", "ended"]);
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Replaced => "replaced",
            StopReason::Stopped => "stopped",
            StopReason::Ended => "ended",
        }
    }
}

/// What the host page is told, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `run-started` for run `run`.
    Started { run: u64 },
    /// `run-finished` for run `run` (with its run-result).
    Finished { run: u64 },
    /// `run-stopped` for run `run`, saying why it has no run-result.
    Stopped { run: u64, reason: StopReason },
}

impl Note {
    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Note::Started { .. } => "run-started",
            Note::Finished { .. } => "run-finished",
            Note::Stopped { .. } => "run-stopped",
        }
    }

    /// The run the message is about.
    pub fn run(&self) -> u64 {
        match self {
            Note::Started { run } | Note::Finished { run } | Note::Stopped { run, .. } => *run,
        }
    }
}

/// The open run, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Open {
    run: u64,
    /// Over, its results still being worked out.
    ending: bool,
}

/// Which run is open; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    open: Option<Open>,
    /// The highest run number started so far (numbers only grow).
    last: u64,
}

impl Ledger {
    /// An empty ledger: no run yet.
    pub fn new() -> Ledger {
        Ledger::default()
    }

    /// Run `run` began. Closes an older open run (`run-stopped` `"replaced"`) first. A
    /// number not above every number seen so far is a late event and is dropped.
    pub fn started(&mut self, run: u64) -> Vec<Note> {
        if run <= self.last {
            return Vec::new();
        }
        self.last = run;
        let mut notes = Vec::with_capacity(2);
        if let Some(old) = self.open.take() {
            notes.push(Note::Stopped { run: old.run, reason: StopReason::Replaced });
        }
        self.open = Some(Open { run, ending: false });
        notes.push(Note::Started { run });
        notes
    }

    /// Run `run` is over and its results are on their way. True if it is the open run.
    pub fn ending(&mut self, run: u64) -> bool {
        match &mut self.open {
            Some(open) if open.run == run => {
                open.ending = true;
                true
            }
            _ => false,
        }
    }

    /// Run `run` finished with a run-result: `run-finished`, unless it is not the open run.
    pub fn finished(&mut self, run: u64) -> Option<Note> {
        self.close(run).map(|run| Note::Finished { run })
    }

    /// Run `run` ended without a run-result, for `reason`: `run-stopped`,
    /// unless it is not the open run.
    pub fn stopped(&mut self, run: u64, reason: StopReason) -> Option<Note> {
        self.close(run).map(|run| Note::Stopped { run, reason })
    }

    /// The open run's number.
    pub fn open(&self) -> Option<u64> {
        self.open.map(|o| o.run)
    }

    /// True while a run is open and not yet over (a host's `run` and `set-params` wait).
    pub fn busy(&self) -> bool {
        self.open.is_some_and(|o| !o.ending)
    }

    /// True if run `run` is the open one (its results are still wanted).
    pub fn is_open(&self, run: u64) -> bool {
        self.open() == Some(run)
    }

    fn close(&mut self, run: u64) -> Option<u64> {
        match self.open {
            Some(open) if open.run == run => {
                self.open = None;
                Some(run)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_starts_and_finishes_once() {
        let mut l = Ledger::new();
        assert_eq!(l.started(1), vec![Note::Started { run: 1 }]);
        assert!(l.busy());
        assert_eq!(l.finished(1), Some(Note::Finished { run: 1 }));
        assert_eq!(l.finished(1), None, "a second end of the same run is dropped");
        assert_eq!(l.stopped(1, StopReason::Stopped), None);
        assert!(!l.busy());
        assert_eq!(l.open(), None);
    }

    #[test]
    fn a_newer_run_closes_the_open_one_as_replaced_before_it_starts() {
        let mut l = Ledger::new();
        l.started(1);
        assert_eq!(l.started(2), vec![Note::Stopped { run: 1, reason: StopReason::Replaced }, Note::Started { run: 2 }]);
        assert_eq!(l.finished(1), None, "the replaced run's late result is dropped");
        assert_eq!(l.finished(2), Some(Note::Finished { run: 2 }));
    }

    #[test]
    fn late_starts_are_dropped() {
        let mut l = Ledger::new();
        l.started(3);
        assert_eq!(l.started(2), vec![]);
        assert_eq!(l.started(3), vec![]);
        assert_eq!(l.open(), Some(3));
    }

    #[test]
    fn an_ending_run_is_no_longer_busy_but_still_open() {
        let mut l = Ledger::new();
        l.started(1);
        assert!(!l.ending(2));
        assert!(l.ending(1));
        assert!(!l.busy());
        assert!(l.is_open(1));
        assert_eq!(l.finished(1), Some(Note::Finished { run: 1 }));
    }

    #[test]
    fn stop_closes_with_its_reason() {
        let mut l = Ledger::new();
        l.started(1);
        assert_eq!(l.stopped(1, StopReason::Stopped), Some(Note::Stopped { run: 1, reason: StopReason::Stopped }));
        assert_eq!(Note::Stopped { run: 1, reason: StopReason::Stopped }.kind(), "run-stopped");
    }

    /// Any interleaving of starts and ends: every start is closed exactly once, in order, and
    /// nothing is said about a run that never started.
    #[test]
    fn every_start_is_closed_exactly_once_in_order() {
        let mut rng = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut l = Ledger::new();
        let mut notes = Vec::new();
        let mut last = 0_u64;
        for _ in 0..20_000 {
            let pick = next();
            // Mostly the newest runs, sometimes an older (late) or unknown number.
            let run = (last + 2).saturating_sub(next() % 4).max(1);
            match pick % 5 {
                0 | 1 => {
                    last = last.max(run);
                    notes.extend(l.started(run));
                }
                2 => notes.extend(l.finished(run)),
                3 => notes.extend(l.stopped(run, StopReason::Stopped)),
                _ => {
                    l.ending(run);
                }
            }
        }
        if let Some(open) = l.open() {
            notes.extend(l.finished(open));
        }
        let mut open: Option<u64> = None;
        let mut seen = 0;
        for n in &notes {
            match n {
                Note::Started { run } => {
                    assert_eq!(open, None, "{run} started while another was open");
                    assert!(*run > seen, "run numbers grow");
                    seen = *run;
                    open = Some(*run);
                }
                Note::Finished { run } | Note::Stopped { run, .. } => {
                    assert_eq!(open, Some(*run), "an end of a run that is not open");
                    open = None;
                }
            }
        }
        assert_eq!(open, None);
        assert!(notes.len() > 1000);
    }
}
