//! The seams: the only things the executor asks of the world it runs in.
//!
//! [`Platform`], like embassy's time driver, is small: *what time is it*, *run me again
//! soon*, and *block this thread for a while* (the `time.sleep` of the blocking-call trap).
//! Waiting for the next deadline is the driver's business, not the loop's: the loop says
//! when it must run next ([`Loop::next_wake`](super::Loop::next_wake)); the virtual runner
//! jumps its clock there, the browser driver arms its one timer. Two implementations:
//! - [`VirtualClock`] (here): deterministic time that jumps to the next deadline when nothing
//!   is ready. Native tests, the CLI and the page's virtual clock use it.
//! - the browser clock (`crate::platform`, wasm32 only): `performance.now()`, one armed
//!   `setTimeout` and a message-channel hop.
//!
//! Times are guide-seconds (`f64`), like asyncio's `loop.time()`.

use std::cell::Cell;

/// What the executor needs from its host.
pub trait Platform {
    /// The loop's clock, in seconds.
    fn now(&self) -> f64;
    /// The loop has ready work: run it again as soon as possible.
    fn poll_soon(&self);
    /// Block the loop's thread for `secs` — what `time.sleep()` does to asyncio's loop.
    fn block(&self, secs: f64);
    /// Timers due within this margin of now fire now (asyncio's `_clock_resolution`).
    fn resolution(&self) -> f64 {
        1e-9
    }
}

/// Work the loop waits for outside itself — `to_thread` jobs in workers, requests on the
/// network: what is still running, and how Stop ends it. A loop with nothing ready and no
/// timer is waiting for this work, not deadlocked.
pub trait OutsideWork {
    /// Started and not yet finished.
    fn in_flight(&self) -> usize {
        0
    }
    /// Ends everything in flight (Stop).
    fn shutdown(&self) {}
}

/// Deterministic time: starts at 0 and moves only by [`VirtualClock::advance_to`] or `block`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{Platform, VirtualClock};
/// let clock = VirtualClock::new();
/// clock.advance_to(1.5);
/// clock.block(0.5);
/// assert_eq!(clock.now(), 2.0);
/// ```
#[derive(Debug, Default)]
pub struct VirtualClock {
    now: Cell<f64>,
}

impl VirtualClock {
    /// A clock at t = 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves time forward to exactly `t` (never backwards).
    pub fn advance_to(&self, t: f64) {
        if t > self.now.get() {
            self.now.set(t);
        }
    }
}

impl Platform for VirtualClock {
    fn now(&self) -> f64 {
        self.now.get()
    }
    fn poll_soon(&self) {}
    fn block(&self, secs: f64) {
        if secs > 0.0 {
            self.now.set(self.now.get() + secs);
        }
    }
}
