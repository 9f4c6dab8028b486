//! The browser side of the runtime's seams (wasm32 only).
//!
//! - [`clock`]: `performance.now()`, ONE armed `setTimeout` for the earliest deadline, and
//!   a `MessageChannel` hop for "run again soon" (no 4 ms clamp of nested timers).
//! - [`driver`]: runs a scenario on the real clock, handing control back to the browser at
//!   least every 8 ms of busy work, and stops it on request leaking no timer.

pub mod clock;
pub mod driver;

/// `performance.now()` in milliseconds (0 if unavailable).
pub fn perf_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}
