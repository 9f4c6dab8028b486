//! `asyncio.sleep`.
//!
//! `sleep(d)` with `d > 0` is a loop future resolved by a timer at `loop.time() + d` —
//! `call_later(d, _set_result_unless_cancelled, fut)` in CPython. `sleep(0)` (or less) is a
//! bare yield: exactly one loop iteration.

use super::exception::{Exc, PyResult};
use super::executor::Loop;
use super::future::{yield_now, LoopFuture};
use super::trace::WaitOn;

/// `await asyncio.sleep(delay)`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, sleep};
/// let report = run(async { sleep(1.5).await?; sleep(0.0).await });
/// assert_eq!(report.elapsed, 1.5);
/// ```
///
/// # Cancellation
/// Cancelling the sleeping task ends the sleep at once with `Err(Cancelled)` and cancels
/// its timer. A NaN delay is a `ValueError`, not a panic.
pub async fn sleep(delay: f64) -> PyResult<()> {
    if delay.is_nan() {
        return Err(Exc::value_error("sleep length must not be NaN"));
    }
    if delay <= 0.0 {
        return yield_now().await;
    }
    let Some(lp) = Loop::current() else {
        return Err(Exc::no_running_loop());
    };
    let until = lp.time() + delay;
    let fut = LoopFuture::<()>::new(WaitOn::Sleep { until });
    let setter = fut.clone();
    let timer = lp.call_at(until, move || {
        setter.set_result(());
    });
    let result = fut.wait().await;
    timer.cancel();
    result
}

/// `time.sleep(secs)` called on the loop: blocks the loop's thread. In the virtual clock
/// time jumps by `secs` with nothing else running; in the browser the page freezes for it.
pub fn blocking_sleep(secs: f64) {
    if let Some(lp) = Loop::current() {
        lp.block(secs, "time.sleep");
    }
}

/// `time.perf_counter()` / `loop.time()` for programs: the running loop's clock.
pub fn now() -> f64 {
    Loop::current().map_or(0.0, |lp| lp.time())
}
