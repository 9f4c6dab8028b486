//! Awaiting the host's outside work: a request (`await session.get(url)`, [`fetch`]) and a
//! job on a worker thread (`await asyncio.to_thread(...)`, [`to_thread`]). Each hands the
//! work to the running loop's seam ([`Http`], [`Workers`]) and waits on a loop future that
//! the seam's callback settles, so the task resumes one iteration after the work is done,
//! as in CPython.

use std::cell::RefCell;

use super::exception::{Exc, PyResult};
use super::executor::Loop;
use super::future::LoopFuture;
use super::http::{Request, Response};
use super::offload::Job;
use super::trace::WaitOn;

/// `await session.get(url)`: the response, or the connection error as an exception.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, fetch, Request};
/// let report = run(async {
///     fetch(Request { url: "/api/1".into(), latency: 0.5, status: 200, fail: false }).await
/// });
/// assert_eq!(report.result.unwrap().status, 200);
/// assert_eq!(report.elapsed, 0.5);
/// ```
///
/// # Cancellation
/// Cancelling the awaiting task aborts the request.
pub async fn fetch(req: Request) -> PyResult<Response> {
    let lp = Loop::running()?;
    let fut = LoopFuture::<Response>::new(WaitOn::Fetch { url: req.url.clone() });
    let setter = fut.clone();
    let abort = lp.http().start(
        &lp as &dyn super::schedule::Schedule,
        req,
        Box::new(move |result| {
            setter.settle(result);
        }),
    );
    let abort = RefCell::new(Some(abort));
    let result = fut.wait().await;
    if matches!(result, Err(Exc::Cancelled(_))) {
        if let Some(abort) = abort.borrow_mut().take() {
            abort();
        }
    }
    result
}

/// `await asyncio.to_thread(job)`: runs `job` on a worker while the loop keeps running.
///
/// # Examples
/// ```
/// use asyncio_playground::runtime::{run, to_thread, Job};
/// let report = run(async { to_thread(Job::CountPrimes { below: 100, secs: 0.5 }).await });
/// assert_eq!(report.result, Ok("25".to_string()));
/// ```
///
/// # Cancellation
/// The awaiting task gets `Err(Cancelled)` at once; the job itself runs on (see the module
/// docs) and its result is dropped.
pub async fn to_thread(job: Job) -> PyResult<String> {
    let lp = Loop::running()?;
    let fut = LoopFuture::<String>::new(WaitOn::Worker { job: job.describe() });
    let setter = fut.clone();
    lp.workers().submit(
        &lp as &dyn super::schedule::Schedule,
        job,
        Box::new(move |result| {
            setter.settle(result);
        }),
    );
    fut.wait().await
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::runtime::{create_task, gather, run, sleep, timeout, Runner, VirtualWorkers};

    #[test]
    fn a_timeout_aborts_the_request() {
        let report = run(async {
            let r = timeout(1.0, fetch(Request { url: "/slow".into(), latency: 5.0, status: 200, fail: false })).await;
            Ok(r)
        });
        assert_eq!(report.result, Ok(Err(Exc::Timeout)));
        assert_eq!(report.elapsed, 1.0);
    }

    #[test]
    fn a_failed_connection_is_an_exception_value() {
        let report = run(async { fetch(Request { url: "/down".into(), latency: 0.1, status: 0, fail: true }).await });
        assert_eq!(report.result.unwrap_err().type_name(), "ClientConnectionError");
    }

    #[test]
    fn the_loop_keeps_running_while_a_job_runs() {
        let report = run(async {
            let beat = create_task(async {
                let mut beats = Vec::new();
                for _ in 0..3 {
                    sleep(0.1).await?;
                    beats.push(crate::runtime::now());
                }
                Ok(beats)
            });
            to_thread(Job::BlockingSleep { secs: 2.0 }).await?;
            beat.await
        });
        let beats = report.result.unwrap();
        assert_eq!(beats.len(), 3);
        assert!((beats[2] - 0.3).abs() < 1e-9, "{beats:?}");
        assert_eq!(report.elapsed, 2.0);
    }

    #[test]
    fn jobs_queue_when_every_worker_is_busy() {
        let runner = Runner::new();
        runner.event_loop().set_workers(Rc::new(VirtualWorkers::new(2)));
        let report = runner.run(async {
            let jobs = (0..5).map(|_| create_task(to_thread(Job::CountPrimes { below: 10, secs: 1.0 }))).collect();
            gather(jobs).await
        });
        assert_eq!(report.result, Ok(vec!["4".to_string(); 5]));
        assert_eq!(report.elapsed, 3.0); // ceil(5 / 2) rounds of 1 s
    }

    #[test]
    fn a_failing_job_raises_in_the_awaiting_task() {
        let report = run(async { to_thread(Job::Fail { message: "disk on fire".into(), secs: 0.5 }).await });
        assert_eq!(report.result, Err(Exc::value_error("disk on fire")));
    }
}
