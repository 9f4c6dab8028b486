//! How a run ended ([`RunEnd`]) and why one was cut short ([`StopReason`], with the limit it
//! reached): what the drivers report, the run-result records (its loadable `ended` is their
//! JSON) and the page puts in words.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::exception::Exc;

/// Why a run ended. Its JSON (the loadable run-result's `ended`): `{"how": "completed"}`,
/// `{"how": "deadlock", "at": 2.0}`, `{"how": "stopped", "at": 3.0, "reason": {"horizon": 3.0}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "how", rename_all = "lowercase", deny_unknown_fields)]
pub enum RunEnd {
    /// The main task finished.
    Completed,
    /// Nothing could make progress at loop time `at` (every task waits on something that
    /// no timer or task will ever set).
    Deadlock {
        /// The loop time at which nothing could progress.
        at: f64,
    },
    /// The run was cut short at loop time `at`: a limit was reached, or the reader stopped it.
    Stopped {
        /// The loop time at which the run stopped.
        at: f64,
        /// Which limit, or the reader's Stop.
        reason: StopReason,
    },
}

impl RunEnd {
    /// What a run that ended this way gives for a main task that had not finished: a
    /// `RuntimeError` saying how the run ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::runtime::{RunEnd, StopReason};
    /// let end = RunEnd::Stopped { at: 2.0, reason: StopReason::User };
    /// assert_eq!(end.unfinished_error().describe(), "RuntimeError: stopped at t=2: stopped by the user");
    /// ```
    pub fn unfinished_error(&self) -> Exc {
        match self {
            RunEnd::Deadlock { at } => Exc::runtime_error(format!("deadlock: no task can make progress at t={at}")),
            RunEnd::Stopped { .. } => Exc::runtime_error(self.to_string()),
            RunEnd::Completed => Exc::runtime_error("the run ended before the main task finished"),
        }
    }
}

impl fmt::Display for RunEnd {
    /// The run's end in the run-result JSON's words: `completed`, `deadlock at t=2`,
    /// `stopped at t=3.5: the horizon was reached`.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::runtime::{RunEnd, StopReason};
    /// assert_eq!(RunEnd::Deadlock { at: 2.0 }.to_string(), "deadlock at t=2");
    /// assert_eq!(RunEnd::Stopped { at: 3.5, reason: StopReason::Horizon(3.5) }.to_string(), "stopped at t=3.5: the horizon was reached");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunEnd::Completed => f.write_str("completed"),
            RunEnd::Deadlock { at } => write!(f, "deadlock at t={at}"),
            RunEnd::Stopped { at, reason } => write!(f, "stopped at t={at}: {reason}"),
        }
    }
}

/// Why a run was cut short, with the limit it reached. The executor's drivers stop at the
/// reader's Stop, a horizon and an iteration limit; an own program's recorder
/// (`static/py/virtual_asyncio`) also stops at its limits of tasks, events, output and loop
/// time. People read it in the page's language (the page's messages) or in English
/// ([`fmt::Display`], the CLI and the run-result JSON).
///
/// Its JSON: `"user"`, `{"horizon": 3.0}`, `{"max-iterations": 1000}`, `{"tasks": 2000}`,
/// `{"events": 10000}`, `{"output": 500000}`, `{"loop-time": 3600.0}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// The reader pressed Stop.
    User,
    /// The loop time would have passed the horizon, this many seconds.
    Horizon(f64),
    /// The run took this many loop iterations, the runner's limit
    /// ([`Runner::max_iterations`](super::Runner::max_iterations)).
    MaxIterations(u64),
    /// An own program created more tasks than this.
    Tasks(u64),
    /// An own program recorded more events than this.
    Events(u64),
    /// An own program printed more bytes than this.
    Output(u64),
    /// An own program's loop time reached this many seconds, the page's limit.
    LoopTime(f64),
}

impl fmt::Display for StopReason {
    /// The reason in English, as the run-result's `end` says it.
    ///
    /// # Examples
    ///
    /// ```
    /// use asyncio_playground::runtime::StopReason;
    /// assert_eq!(StopReason::User.to_string(), "stopped by the user");
    /// assert_eq!(StopReason::LoopTime(3600.0).to_string(), "its loop time reached the limit of 3600 s");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::User => f.write_str("stopped by the user"),
            StopReason::Horizon(_) => f.write_str("the horizon was reached"),
            StopReason::MaxIterations(_) => f.write_str("too many loop iterations"),
            StopReason::Tasks(n) => write!(f, "more than {n} tasks (a program that creates tasks without end?)"),
            StopReason::Events(n) => write!(f, "more than {n} events without reaching the end (a loop that awaits asyncio.sleep(0) forever?)"),
            StopReason::Output(n) => write!(f, "its output passed {n} bytes (the rest was cut)"),
            StopReason::LoopTime(secs) => write!(f, "its loop time reached the limit of {secs} s"),
        }
    }
}

/// What a real-clock run measured on the wall clock.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WallStats {
    /// Wall time of the whole run, in seconds.
    pub wall: f64,
    /// The largest delay between a timer's deadline and the moment it ran, in guide-seconds.
    pub max_lateness: f64,
    /// Requests sent with `fetch()`, aborted while in flight, and of those, confirmed
    /// cancelled by the browser (`AbortError`) by the end of the run.
    pub requests: (u64, u64, u64),
    /// Web Workers started for `to_thread`.
    pub workers_started: u64,
}
