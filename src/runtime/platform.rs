//! The platform seam: the only things the executor asks of the world it runs in.
//!
//! Like embassy's time driver, the seam is small: *what time is it*, *wake me at this
//! deadline*, *run me again soon*, and *block this thread for a while* (the `time.sleep`
//! of the blocking-call trap). Two implementations exist:
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
    /// Run the loop at `deadline` (or never, with `None`); replaces the previous request.
    fn arm(&self, deadline: Option<f64>);
    /// The loop has ready work: run it again as soon as possible.
    fn poll_soon(&self);
    /// Block the loop's thread for `secs` — what `time.sleep()` does to asyncio's loop.
    fn block(&self, secs: f64);
    /// Timers due within this margin of now fire now (asyncio's `_clock_resolution`).
    fn resolution(&self) -> f64 {
        1e-9
    }
    /// True when time only moves when the loop lets it (the virtual clock).
    fn is_virtual(&self) -> bool {
        false
    }
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
    armed: Cell<Option<f64>>,
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

    /// The deadline the loop last asked to be woken at.
    pub fn armed(&self) -> Option<f64> {
        self.armed.get()
    }
}

impl Platform for VirtualClock {
    fn now(&self) -> f64 {
        self.now.get()
    }
    fn arm(&self, deadline: Option<f64>) {
        self.armed.set(deadline);
    }
    fn poll_soon(&self) {}
    fn block(&self, secs: f64) {
        if secs > 0.0 {
            self.now.set(self.now.get() + secs);
        }
    }
    fn is_virtual(&self) -> bool {
        true
    }
}
