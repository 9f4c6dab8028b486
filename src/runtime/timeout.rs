//! `asyncio.timeout` and `asyncio.wait_for`, as in CPython 3.11–3.13.
//!
//! **timeout** runs the body in the current task. When the deadline passes, a loop callback
//! cancels the task: the body gets `CancelledError` at its current await point, runs its
//! cleanup, and — if that cancellation was the timeout's own — the caller gets
//! `TimeoutError` instead. Cancellations from elsewhere still propagate as cancellations
//! (that is what `cancelling()`/`uncancel()` are for).
//!
//! **wait_for** depends on the loop's [`PyVersion`](super::PyVersion): 3.11 runs the work as a separate task
//! and waits on a waiter future that either the task's completion or a timer releases; on
//! timeout it cancels the task, waits for its cleanup, and raises `TimeoutError`. Since 3.12
//! it is `async with timeout(t): return await aw` — the work runs inline in the caller's
//! task ([`PyVersion::wait_for_uses_timeout`](super::PyVersion::wait_for_uses_timeout)). A timeout of zero or less still runs the work
//! as a task and cancels it at once, in every version.

use std::cell::Cell;
use std::future::Future;
use std::rc::Rc;

use super::exception::{Exc, PyResult};
use super::executor::Loop;
use super::frames::Code;
use super::future::{suspend_on, FutureCell, State};
use super::lines::inline;
use super::task::{current_task, spawn_at, TaskHandle};
use super::trace::{EventKind, WaitOn};

#[derive(Clone, Copy, PartialEq)]
enum Phase {
    Entered,
    Expiring,
}

/// `async with asyncio.timeout(delay): body`.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, timeout, sleep, Exc};
/// let report = run(async { timeout(2.0, async { sleep(10.0).await }).await });
/// assert_eq!(report.result, Err(Exc::Timeout));
/// assert_eq!(report.elapsed, 2.0);
/// ```
///
/// # Cancellation
/// On expiry the body is cancelled at its await point and may run cleanup (awaiting
/// included) before `TimeoutError` reaches the caller. A NaN delay is a `ValueError`.
pub async fn timeout<T>(delay: f64, body: impl Future<Output = PyResult<T>>) -> PyResult<T> {
    if delay.is_nan() {
        return Err(Exc::value_error("timeout must not be NaN"));
    }
    let lp = Loop::running()?;
    let when = lp.time() + delay;
    let task = current_task().ok_or_else(|| Exc::runtime_error("Timeout should be used inside a task"))?;
    let cancelling = task.cancelling();
    let phase = Rc::new(Cell::new(Phase::Entered));
    let on_timeout = {
        let (task, phase) = (task.clone(), phase.clone());
        move || {
            task.cancel(None);
            phase.set(Phase::Expiring);
        }
    };
    let handle = if when <= lp.time() { lp.call_soon_cancellable(on_timeout) } else { lp.call_at(when, on_timeout) };
    lp.note(EventKind::Deadline { at: when });
    let result = body.await;
    handle.cancel();
    lp.note(EventKind::DeadlineOff);
    if phase.get() == Phase::Expiring && task.uncancel() <= cancelling && matches!(result, Err(Exc::Cancelled(_))) {
        return Err(Exc::Timeout);
    }
    result
}

/// `await asyncio.wait_for(program, timeout)`, as the running loop's Python implements it
/// (3.11: the program runs as its own task; 3.12+: inline, under [`timeout`]). `None` waits
/// without a limit.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, wait_for, sleep, Exc};
/// let report = run(async { wait_for(async { sleep(10.0).await }, Some(2.0)).await });
/// assert_eq!(report.result, Err(Exc::Timeout));
/// assert_eq!(report.elapsed, 2.0);
/// ```
///
/// # Cancellation
/// On timeout the program is cancelled at its await point and its cleanup runs before
/// `TimeoutError` is raised (3.11: the inner task is cancelled and awaited). Cancelling the
/// caller cancels the program too.
pub async fn wait_for<T: Clone + 'static>(program: impl Future<Output = PyResult<T>> + 'static, timeout: Option<f64>) -> PyResult<T> {
    wait_for_at(Code::default(), "", program, timeout).await
}

/// [`wait_for`] of a coroutine of the simulated program: `code` and `label` name the task
/// it runs as (see [`spawn_at`](super::task::spawn_at)), or since 3.12 the inline frame.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{wait_for_at, sleep, Code, PyVersion, Runner};
/// let report = Runner::new().python(PyVersion::V3_11)
///     .run(async { wait_for_at(Code::new("slow_call", 3), "slow_call()", sleep(5.0), Some(1.0)).await });
/// assert_eq!(report.trace.tasks[1].label, "slow_call()");
/// ```
///
/// # Cancellation
/// As [`wait_for`].
pub async fn wait_for_at<T: Clone + 'static>(
    code: Code,
    label: &str,
    program: impl Future<Output = PyResult<T>> + 'static,
    timeout: Option<f64>,
) -> PyResult<T> {
    let lp = Loop::running()?;
    let Some(limit) = timeout else { return program.await };
    if limit.is_nan() {
        return Err(Exc::value_error("timeout must not be NaN"));
    }
    if limit > 0.0 && lp.python().wait_for_uses_timeout() {
        if code == Code::default() {
            return self::timeout(limit, program).await;
        }
        return self::timeout(limit, inline(code, label.to_string(), program)).await;
    }
    wait_for_in_task(&lp, code, label, program, limit).await
}

/// 3.11's `wait_for` (and every version's for a timeout of zero or less): the program runs
/// as its own task.
async fn wait_for_in_task<T: Clone + 'static>(
    lp: &Loop,
    code: Code,
    label: &str,
    program: impl Future<Output = PyResult<T>> + 'static,
    timeout: f64,
) -> PyResult<T> {
    let lp = lp.clone();
    if timeout <= 0.0 {
        let task = spawn_at(code, label, program);
        cancel_and_wait(&lp, &task).await?;
        return task_result(&task).map_err(|e| if e.is_cancelled() { Exc::Timeout } else { e });
    }
    let waiter = Rc::new(FutureCell::<()>::new(&lp, WaitOn::Future));
    let timeout_handle = {
        let waiter = waiter.clone();
        lp.call_later(timeout, move || release(&waiter))
    };
    lp.note(EventKind::Deadline { at: lp.time() + timeout });
    let task = spawn_at(code, label, program);
    let callback = {
        let waiter = waiter.clone();
        task.any().add_done_callback(Box::new(move || release(&waiter)))
    };
    let waited = suspend_on(waiter).await;
    let outcome = match waited {
        _ if task.done() => task_result(&task),
        Err(cancelled) => {
            task.any().remove_done_callback(callback);
            cancel_and_wait(&lp, &task).await.and(Err(cancelled))
        }
        Ok(()) => {
            task.any().remove_done_callback(callback);
            cancel_and_wait(&lp, &task).await?;
            task_result(&task).map_err(|e| if e.is_cancelled() { Exc::Timeout } else { e })
        }
    };
    timeout_handle.cancel();
    lp.note(EventKind::DeadlineOff);
    outcome
}

fn release(waiter: &FutureCell<()>) {
    if !waiter.is_done() {
        waiter.finish(State::Value(()));
    }
}

fn task_result<T: Clone + 'static>(task: &TaskHandle<T>) -> PyResult<T> {
    task.result().unwrap_or_else(|| Err(Exc::new("InvalidStateError", "Result is not set.")))
}

/// `_cancel_and_wait`: cancel the task, then wait on a separate waiter until it is done.
async fn cancel_and_wait<T: Clone + 'static>(lp: &Loop, task: &TaskHandle<T>) -> PyResult<()> {
    let waiter = Rc::new(FutureCell::<()>::new(lp, WaitOn::Join { task: task.id() }));
    let callback = {
        let waiter = waiter.clone();
        task.any().add_done_callback(Box::new(move || release(&waiter)))
    };
    task.cancel();
    let result = suspend_on(waiter).await;
    task.any().remove_done_callback(callback);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{create_task, print, run, sleep, PyVersion, Runner};

    async fn slow_call() -> PyResult<()> {
        let r = sleep(10.0).await;
        print("cleanup in finally");
        r
    }

    #[test]
    fn timeout_cancels_at_the_await_point_runs_cleanup_and_raises_timeout_error() {
        let report = run(async { timeout(2.0, slow_call()).await });
        assert_eq!(report.result, Err(Exc::Timeout));
        assert_eq!(report.trace.prints(), vec!["2: cleanup in finally"]);
    }

    #[test]
    fn timeout_expiring_during_awaiting_cleanup_waits_for_the_cleanup() {
        let report = run(async {
            timeout(1.0, async {
                let r = sleep(0.5).await;
                let cleanup = sleep(2.0).await; // the deadline passes in here
                print(format!("cleanup ended with {:?}", cleanup));
                r.and(cleanup)
            })
            .await
        });
        assert_eq!(report.result, Err(Exc::Timeout));
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn an_outside_cancel_is_not_turned_into_timeout_error() {
        let report = run(async {
            let t = create_task(timeout(5.0, sleep(10.0)));
            sleep(1.0).await?;
            t.cancel();
            Ok(t.await)
        });
        assert_eq!(report.result, Ok(Err(Exc::cancelled())));
    }

    #[test]
    fn wait_for_cancels_the_inner_task_and_waits_for_it() {
        let report = Runner::new().python(PyVersion::V3_11).run(async { wait_for(slow_call(), Some(2.0)).await });
        assert_eq!(report.result, Err(Exc::Timeout));
        assert_eq!(report.trace.prints(), vec!["2: cleanup in finally"]);
        assert_eq!(report.trace.tasks.len(), 2, "3.11's wait_for runs the call as its own task");
        let inner_prints: Vec<u32> = report.trace.events.iter().filter(|e| e.kind.name() == "print").map(|e| e.task).collect();
        assert_eq!(inner_prints, vec![2]);
    }

    #[test]
    fn since_3_12_wait_for_runs_the_call_in_the_callers_task() {
        for version in [PyVersion::V3_12, PyVersion::V3_13, PyVersion::V3_14] {
            let report = Runner::new().python(version).run(async { wait_for(slow_call(), Some(2.0)).await });
            assert_eq!(report.result, Err(Exc::Timeout), "{version}");
            assert_eq!(report.trace.prints(), vec!["2: cleanup in finally"], "{version}");
            assert_eq!(report.trace.tasks.len(), 1, "{version}: no task besides main");
        }
    }

    #[test]
    fn wait_for_zero_runs_a_task_and_cancels_it_before_it_starts_in_every_version() {
        for version in PyVersion::ALL {
            let report = Runner::new().python(version).run(async { wait_for(slow_call(), Some(0.0)).await });
            assert_eq!(report.result, Err(Exc::Timeout), "{version}");
            assert!(report.trace.prints().is_empty(), "{version}: the call never started");
            assert_eq!(report.trace.tasks.len(), 2, "{version}");
        }
    }

    #[test]
    fn wait_for_returns_the_result_when_in_time() {
        let report = run(async {
            wait_for(
                async {
                    sleep(1.0).await?;
                    Ok(7)
                },
                Some(2.0),
            )
            .await
        });
        assert_eq!(report.result, Ok(7));
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn nan_delays_are_value_errors() {
        let report = run(async { timeout(f64::NAN, sleep(1.0)).await });
        assert_eq!(report.result.unwrap_err().type_name(), "ValueError");
    }
}
