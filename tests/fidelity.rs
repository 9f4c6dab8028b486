//! The executor against CPython: each program in `tests/cpython/programs/` runs under the
//! CPython virtual-clock harness on CPython 3.11, 3.12, 3.13 and 3.14 (Pyodide 314's 3.14.2
//! in Node), its mirror here runs on our
//! executor following the same version, and the traces — task creations, every step,
//! prints, outcomes, their loop times and iterations — must be equal.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use std::future::Future;

use asyncio_playground::runtime::*;
use common::{assert_same_trace_with, cpython, elapsed, for_each_python, py_repr_exc, repo, Lines};

/// Runs `program` under every CPython found and `main()` on the executor following each
/// one's version; the traces and elapsed times must be equal.
fn check<T: Clone + 'static, F: Future<Output = PyResult<T>> + 'static>(program: &str, main: impl Fn() -> F + Sync) {
    for_each_python(|py| {
        let theirs = cpython(py, &repo().join("tests/cpython/programs").join(program), &[]);
        let ours = Runner::new().python(py.version).run(main());
        assert_same_trace_with(&ours.trace, &theirs[0], Lines::Ignored);
        assert_eq!(ours.elapsed, theirs[0].elapsed, "{program} under CPython {}: elapsed", py.version);
    });
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

fn py_list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

#[test]
fn create_task_order() {
    async fn worker(n: u32) -> PyResult<u32> {
        print(format!("worker {n} step 1"));
        sleep(0.0).await?;
        print(format!("worker {n} step 2"));
        sleep(0.0).await?;
        print(format!("worker {n} step 3"));
        Ok(n)
    }
    check("create_task_order.py", || async {
        print("main: before create_task");
        let tasks: Vec<_> = [1, 2, 3].into_iter().map(|n| create_task(worker(n))).collect();
        print("main: after create_task, no worker has run yet");
        for t in tasks {
            let r = t.await?;
            print(format!("main: awaited worker {r}"));
        }
        Ok(())
    });
}

async fn job(n: u32) -> PyResult<u32> {
    if n == 2 {
        print(format!("job 2 raising at {}", elapsed()));
        return Err(Exc::value_error("boom at 2"));
    }
    print(format!("job {n} sleeping 1 s"));
    sleep(1.0).await?;
    print(format!("job {n} finished at {}", elapsed()));
    Ok(n)
}

#[test]
fn gather_exceptions() {
    check("gather_exceptions.py", || async {
        let tasks = [1, 2, 3, 4].into_iter().map(|n| create_task(job(n))).collect();
        match gather(tasks).await {
            Ok(results) => print(format!("main: results {results:?}")),
            Err(e) => print(format!("main: caught {} at {}", py_repr_exc(&e), elapsed())),
        }
        sleep(2.0).await?;
        print(format!("main: done at {}", elapsed()));
        Ok(())
    });
}

#[test]
fn gather_return_exceptions_program() {
    check("gather_return_exceptions.py", || async {
        let tasks = [1, 2, 3, 4].into_iter().map(|n| create_task(job(n))).collect();
        let results = gather_return_exceptions(tasks).await?;
        let shown = results.iter().map(|r| match r {
            Ok(v) => v.to_string(),
            Err(e) => py_repr_exc(e),
        });
        print(format!("main: results {} at {}", py_list(shown), elapsed()));
        Ok(())
    });
}

#[test]
fn gather_finished_children() {
    async fn quick(n: i64) -> PyResult<String> {
        print(format!("quick {n} returns {}", n * 10));
        Ok((n * 10).to_string())
    }
    async fn failing() -> PyResult<String> {
        print("failing raises");
        Err(Exc::value_error("failed early"))
    }
    async fn slow() -> PyResult<String> {
        sleep(1.0).await?;
        print(format!("slow returns at {}", elapsed()));
        Ok("'late'".into())
    }
    check("gather_finished_children.py", || async {
        let done: Vec<_> = (0..3).map(|n| create_task(quick(n))).collect();
        sleep(0.0).await?;
        print(format!("main: all done? {}", if done.iter().all(|t| t.done()) { "True" } else { "False" }));
        print(format!("main: gather of finished tasks -> {}", py_list(gather(done.clone()).await?)));
        let pending = create_task(slow());
        print(format!("main: gather of a finished and a pending task -> {}", py_list(gather(vec![done[0].clone(), pending]).await?)));
        let bad = create_task(failing());
        let later = create_task(slow());
        sleep(0.0).await?;
        if let Err(e) = gather(vec![bad, later.clone()]).await {
            print(format!("main: caught {} at {} - later done? {}", py_repr_exc(&e), elapsed(), if later.done() { "True" } else { "False" }));
        }
        print(format!("main: later -> {}", later.await?.trim_matches('\'')));
        Ok(())
    });
}

#[test]
fn taskgroup_same_iteration() {
    async fn fail_after(n: u32, delay: f64) -> PyResult<()> {
        sleep(delay).await?;
        print(format!("child {n} raising at {}", elapsed()));
        Err(Exc::value_error(format!("child {n} failed")))
    }
    async fn long_sleeper() -> PyResult<()> {
        print("sleeper: sleeping 10 s");
        let r = sleep(10.0).await;
        match &r {
            Ok(()) => print("sleeper: woke up (not reached)"),
            Err(e) if e.is_cancelled() => print(format!("sleeper: cancelled at {}", elapsed())),
            Err(_) => {}
        }
        print("sleeper: cleanup");
        r
    }
    check("taskgroup_same_iteration.py", || async {
        let outcome = task_group(|tg| async move {
            tg.create_task(fail_after(1, 0.5))?;
            tg.create_task(fail_after(2, 0.5))?;
            tg.create_task(long_sleeper())?;
            print("main: body done, waiting for the children");
            Ok(())
        })
        .await;
        if let Err(group) = outcome {
            let leaves = group.leaves();
            print(format!("main: caught {} ValueErrors", leaves.len()));
            for e in leaves {
                print(format!("main: caught {}", py_repr_exc(e)));
            }
        }
        print(format!("main: elapsed {}", elapsed()));
        Ok(())
    });
}

#[test]
fn taskgroup_later_failure() {
    async fn failing() -> PyResult<()> {
        sleep(1.0).await?;
        print(format!("failing: raising at {}", elapsed()));
        Err(Exc::value_error("failed after 1 s"))
    }
    async fn worker(n: u32) -> PyResult<()> {
        let r = sleep(3.0).await;
        if r.is_ok() {
            print(format!("worker {n} finished (not reached)"));
        }
        print(format!("worker {n} cleanup starts at {}", elapsed()));
        sleep(0.1).await?;
        print(format!("worker {n} cleanup ends at {}", elapsed()));
        r
    }
    check("taskgroup_later_failure.py", || async {
        let outcome = task_group(|tg| async move {
            tg.create_task(failing())?;
            tg.create_task(worker(1))?;
            tg.create_task(worker(2))?;
            Ok(())
        })
        .await;
        if let Err(group) = outcome {
            let reprs = group.leaves().into_iter().map(|e| format!("\"{}\"", py_repr_exc(e)));
            print(format!("main: caught {}", py_list(reprs)));
        }
        print(format!("main: elapsed {}", elapsed()));
        Ok(())
    });
}

#[test]
fn lock_fifo() {
    check("lock_fifo.py", || async {
        let lock = Lock::new();
        let order = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let tasks = (1..=5)
            .map(|n| {
                let (lock, order) = (lock.clone(), order.clone());
                create_task(async move {
                    print(format!("worker {n} wants the lock"));
                    let _held = lock.acquire().await?;
                    order.borrow_mut().push(n);
                    print(format!("worker {n} acquired at {}", elapsed()));
                    sleep(0.1).await?;
                    print(format!("worker {n} releases at {}", elapsed()));
                    Ok(())
                })
            })
            .collect();
        gather(tasks).await?;
        print(format!("main: acquisition order {:?}", order.borrow()));
        print(format!("main: locked at the end? {}", if lock.locked() { "True" } else { "False" }));
        Ok(())
    });
}

#[test]
fn semaphore_cancel() {
    async fn holder(sem: Semaphore) -> PyResult<String> {
        {
            let _permit = sem.acquire().await?;
            print(format!("holder: acquired at {}", elapsed()));
            sleep(1.0).await?;
            print(format!("holder: releasing at {}", elapsed()));
        }
        Ok("holder".into())
    }
    async fn waiter(name: char, sem: Semaphore) -> PyResult<String> {
        print(format!("waiter {name} waiting"));
        let body = async {
            let _permit = sem.acquire().await?;
            print(format!("waiter {name} acquired at {}", elapsed()));
            sleep(0.2).await?;
            print(format!("waiter {name} releasing at {}", elapsed()));
            Ok(())
        }
        .await;
        if matches!(body, Err(Exc::Cancelled(_))) {
            print(format!("waiter {name} cancelled while waiting at {}", elapsed()));
        }
        body.map(|()| name.to_string())
    }
    check("semaphore_cancel.py", || async {
        let sem = Semaphore::new(1)?;
        let first = create_task(holder(sem.clone()));
        sleep(0.0).await?;
        let waiters: Vec<_> = "ABC".chars().map(|c| create_task(waiter(c, sem.clone()))).collect();
        sleep(0.5).await?;
        print(format!("main: cancel B -> {}", if waiters[1].cancel() { "True" } else { "False" }));
        let mut all = vec![first];
        all.extend(waiters);
        let results = gather_return_exceptions(all).await?;
        let shown = results.iter().map(|r| match r {
            Ok(s) => format!("'{s}'"),
            Err(e) => format!("'{}'", e.type_name()),
        });
        print(format!("main: results {}", py_list(shown)));
        print(format!("main: sem._value at the end: {}", sem.value()));
        print(format!("main: elapsed {}", elapsed()));
        Ok(())
    });
}

#[test]
fn semaphore_burst() {
    async fn holder(sem: Semaphore, name: char, first_sleep: f64) -> PyResult<()> {
        if first_sleep > 0.0 {
            sleep(first_sleep).await?;
        }
        let _permit = sem.acquire().await?;
        print(format!("{name} acquired at {}", elapsed()));
        sleep(1.0).await?;
        print(format!("{name} releases at {}", elapsed()));
        Ok(())
    }
    check("semaphore_burst.py", || async {
        let sem = Semaphore::new(3)?;
        let mut tasks: Vec<_> = "ABC".chars().map(|c| create_task(holder(sem.clone(), c, 0.0))).collect();
        sleep(0.0).await?;
        tasks.push(create_task(holder(sem.clone(), 'D', 0.0)));
        tasks.extend("EF".chars().map(|c| create_task(holder(sem.clone(), c, 1.0))));
        gather(tasks).await?;
        print(format!("main: free permits at the end: {}", sem.value()));
        Ok(())
    });
}

#[test]
fn uncancel_pending() {
    async fn worker() -> PyResult<String> {
        print("worker: first step, yielding");
        match sleep(0.0).await {
            Ok(()) => print("worker: second step, not cancelled"),
            Err(e) => {
                print("worker: CancelledError in the second step");
                return Err(e);
            }
        }
        Ok("finished".into())
    }
    check("uncancel_pending.py", || async {
        let task = create_task(worker());
        sleep(0.0).await?;
        print(format!("main: cancel() -> {}", py_bool(task.cancel())));
        print(format!("main: uncancel() -> {}", task.uncancel()));
        match task.clone().await {
            Ok(r) => print(format!("main: worker {r}")),
            Err(_) => print(format!("main: worker was cancelled; cancelled() = {}", py_bool(task.cancelled()))),
        }
        Ok(())
    });
}

#[test]
fn taskgroup_outside_cancel() {
    async fn failing() -> PyResult<()> {
        sleep(1.0).await?;
        print(format!("failing: raises at {}", elapsed()));
        Err(Exc::value_error("boom"))
    }
    async fn slow_cleanup(owner: TaskHandle<()>) -> PyResult<()> {
        let r = sleep(10.0).await;
        print(format!("cleanup: starts at {} - owner cancelling() = {}", elapsed(), owner.cancelling()));
        sleep(0.5).await?;
        print(format!("cleanup: ends at {} - owner cancelling() = {}", elapsed(), owner.cancelling()));
        r
    }
    async fn owner_body(me: TaskHandle<()>) -> PyResult<()> {
        let child_owner = me.clone();
        let group = task_group(|tg| async move {
            tg.create_task(failing())?;
            tg.create_task(slow_cleanup(child_owner))?;
            Ok(())
        })
        .await;
        match group {
            Err(Exc::Group { .. }) => print(format!("owner: caught the ValueError at {} - cancelling() = {}", elapsed(), me.cancelling())),
            other => other?,
        }
        match sleep(1.0).await {
            Ok(()) => print(format!("owner: slept on until {}", elapsed())),
            Err(e) => {
                print(format!("owner: CancelledError at {}", elapsed()));
                return Err(e);
            }
        }
        Ok(())
    }
    check("taskgroup_outside_cancel.py", || async {
        let ready = LoopFuture::<TaskHandle<()>>::new(WaitOn::Future);
        let handed = ready.clone();
        let task = create_task(async move { owner_body(handed.wait().await?).await });
        ready.set_result(task.clone());
        sleep(1.2).await?;
        print(format!("main: cancel() -> {}", py_bool(task.cancel())));
        match task.await {
            Ok(()) => print("main: owner finished"),
            Err(_) => print(format!("main: owner cancelled at {}", elapsed())),
        }
        Ok(())
    });
}

#[test]
fn timeout_in_taskgroup() {
    async fn child_a() -> PyResult<String> {
        let r = timeout(1.0, async {
            print("A: sleeping 5 s inside timeout(1)");
            sleep(5.0).await?;
            print("A: woke up (not reached)");
            Ok(())
        })
        .await;
        match r {
            Err(Exc::Timeout) => print(format!("A: TimeoutError at {} - handled", elapsed())),
            other => other?,
        }
        Ok("A handled its timeout".into())
    }
    async fn child_b() -> PyResult<String> {
        print("B: sleeping 2 s");
        sleep(2.0).await?;
        print(format!("B: done at {}", elapsed()));
        Ok("B done".into())
    }
    check("timeout_in_taskgroup.py", || async {
        let (a, b) = task_group(|tg| async move { Ok((tg.create_task(child_a())?, tg.create_task(child_b())?)) }).await?;
        let (a, b) = (a.result().unwrap()?, b.result().unwrap()?);
        print(format!("main: {a} / {b}"));
        print(format!("main: elapsed {}", elapsed()));
        Ok(())
    });
}

#[test]
fn timeout_during_cleanup() {
    async fn work() -> PyResult<String> {
        print("work: doing the job");
        let job = sleep(0.5).await.map(|()| {
            print(format!("work: job done at {} - returning", elapsed()));
            "result".to_string()
        });
        print(format!("work: cleanup starts at {}", elapsed()));
        match sleep(2.0).await {
            Ok(()) => print("work: cleanup finished (not reached)"),
            Err(e) => {
                if e.is_cancelled() {
                    print(format!("work: cleanup interrupted by cancellation at {}", elapsed()));
                }
                return Err(e);
            }
        }
        job
    }
    check("timeout_during_cleanup.py", || async {
        match timeout(1.0, work()).await {
            Ok(result) => print(format!("main: got {result}")),
            Err(Exc::Timeout) => print(format!("main: TimeoutError at {}", elapsed())),
            Err(e) => return Err(e),
        }
        print(format!("main: elapsed {}", elapsed()));
        Ok(())
    });
}

#[test]
fn cancel_finished() {
    async fn sleeper() -> PyResult<()> {
        let r = sleep(10.0).await;
        if matches!(r, Err(Exc::Cancelled(_))) {
            print(format!("sleeper: got CancelledError at {}", elapsed()));
        }
        r
    }
    check("cancel_finished.py", || async {
        let done_task = create_task(async { Ok("quick result".to_string()) });
        done_task.clone().await?;
        print(format!("cancel() on a finished task -> {}", py_bool(done_task.cancel())));
        let result = done_task.result().unwrap()?;
        print(format!("finished task: cancelled() = {} result = {result}", py_bool(done_task.cancelled())));
        let task = create_task(sleeper());
        sleep(0.5).await?;
        print(format!("first cancel() -> {}", py_bool(task.cancel())));
        print(format!("second cancel() -> {}", py_bool(task.cancel())));
        print(format!("cancelling() = {}", task.cancelling()));
        if let Err(Exc::Cancelled(_)) = task.clone().await {
            print(format!("main: awaiting the task raised CancelledError at {}", elapsed()));
        }
        print(format!("final state: done = {} cancelled = {} cancelling() = {}", py_bool(task.done()), py_bool(task.cancelled()), task.cancelling()));
        print(format!("cancel() after it finished -> {}", py_bool(task.cancel())));
        Ok(())
    });
}

#[test]
fn wait_for_timeout() {
    async fn slow_call() -> PyResult<String> {
        print("slow_call: started, needs 10 s");
        let r = sleep(10.0).await.map(|()| "slow result".to_string());
        print(format!("slow_call: cleanup at {}", elapsed()));
        r
    }
    check("wait_for_timeout.py", || async {
        match wait_for(slow_call(), Some(2.0)).await {
            Ok(result) => print(format!("main: got {result}")),
            // wait_for raises TimeoutError from the inner task's CancelledError.
            Err(Exc::Timeout) => print(format!("main: TimeoutError at {} caused by CancelledError", elapsed())),
            Err(e) => return Err(e),
        }
        Ok(())
    });
}

#[test]
fn to_thread_blocking() {
    async fn heartbeat(label: &'static str) -> PyResult<()> {
        for i in 1..=3 {
            sleep(0.1).await?;
            print(format!("{label} heartbeat {i} at {}", elapsed()));
        }
        Ok(())
    }
    for_each_python(|py| {
        let theirs = cpython(py, &repo().join("tests/cpython/programs/to_thread_blocking.py"), &[]);
        let offloaded = Runner::new().python(py.version).run(async {
            let beat = create_task(heartbeat("[to_thread]"));
            print(format!("main: to_thread(time.sleep, 2) at {}", elapsed()));
            to_thread(Job::BlockingSleep { secs: 2.0 }).await?;
            print(format!("main: to_thread finished at {}", elapsed()));
            beat.await
        });
        let blocked = Runner::new().python(py.version).run(async {
            let beat = create_task(heartbeat("[time.sleep]"));
            sleep(0.0).await?;
            print(format!("main: time.sleep(2) blocks the loop at {}", elapsed()));
            blocking_sleep(2.0);
            print(format!("main: time.sleep finished at {}", elapsed()));
            beat.await
        });
        // CPython numbers tasks across both runs of the process; ours restart per loop.
        let mut second = theirs[1].events.clone();
        let first_task_of_second_run: u32 = second[0].task.trim_start_matches("Task-").parse().unwrap();
        for e in &mut second {
            let n: u32 = e.task.trim_start_matches("Task-").parse().unwrap();
            e.task = format!("Task-{}", n - first_task_of_second_run + 1);
        }
        assert_same_trace_with(&offloaded.trace, &theirs[0], Lines::Ignored);
        assert_same_trace_with(&blocked.trace, &common::CpythonRun { events: second, elapsed: theirs[1].elapsed, error: None }, Lines::Ignored);
        assert_eq!((offloaded.elapsed, blocked.elapsed), (theirs[0].elapsed, theirs[1].elapsed));
    });
}

#[test]
fn asyncio_run_waits_for_an_abandoned_to_thread_job() {
    let source = r#"
import asyncio
import time


async def main():
    try:
        await asyncio.wait_for(asyncio.to_thread(time.sleep, 3), 1)
    except TimeoutError:
        print("timed out at", round(time.perf_counter(), 1))


asyncio.run(main())
"#;
    for_each_python(|py| {
        let theirs = common::cpython_source(py, "abandoned_to_thread", source, &[]);
        let ours = Runner::new().python(py.version).run(async {
            if let Err(Exc::Timeout) = wait_for(to_thread(Job::BlockingSleep { secs: 3.0 }), Some(1.0)).await {
                print(format!("timed out at {}", elapsed()));
            }
            Ok(())
        });
        assert_same_trace_with(&ours.trace, &theirs[0], Lines::Ignored);
        assert_eq!(ours.elapsed, 1.0, "main finished at 1 s");
        let last = ours.trace.events.last().unwrap();
        assert_eq!((last.t, last.kind.name()), (3.0, "job-end"), "asyncio.run returned only when the thread had finished");
        assert_eq!(theirs[0].elapsed, 3.0);
    });
}

#[test]
fn eager_start() {
    async fn quick(n: u32) -> PyResult<u32> {
        print(format!("quick {n} runs"));
        Ok(n)
    }
    async fn slow(n: u32) -> PyResult<u32> {
        print(format!("slow {n} starts"));
        sleep(1.0).await?;
        print(format!("slow {n} ends"));
        Ok(n)
    }
    check("eager_start.py", || async {
        let tasks =
            vec![spawn_eager_at(Code::default(), "", quick(1)), spawn_eager_at(Code::default(), "", slow(2)), spawn_eager_at(Code::default(), "", quick(3))];
        print(format!("main: created, done: {}", py_list(tasks.iter().map(|t| py_bool(t.done()).to_string()))));
        print(format!("main: {}", py_list(gather(tasks).await?.into_iter().map(|n| n.to_string()))));
        sleep(0.5).await?;
        print("main: done");
        Ok(())
    });
}

#[test]
fn taskgroup_eager_done() {
    async fn quick(n: u32) -> PyResult<u32> {
        print(format!("quick {n} returns"));
        Ok(n)
    }
    async fn bad(n: u32) -> PyResult<u32> {
        print(format!("bad {n} raises"));
        Err(Exc::value_error(format!("boom at {n}")))
    }
    async fn slow(n: u32) -> PyResult<u32> {
        if let Err(e) = sleep(1.0).await {
            print(format!("slow {n} cancelled"));
            return Err(e);
        }
        print(format!("slow {n} ends"));
        Ok(n)
    }
    check("taskgroup_eager_done.py", || async {
        let made: std::rc::Rc<std::cell::RefCell<Vec<TaskHandle<u32>>>> = Default::default();
        let m = made.clone();
        let outcome = task_group(|tg| async move {
            for i in 0..4u32 {
                let child: std::pin::Pin<Box<dyn Future<Output = PyResult<u32>>>> = match i {
                    1 => Box::pin(quick(i)),
                    2 => Box::pin(bad(i)),
                    _ => Box::pin(slow(i)),
                };
                let t = tg.spawn_eager_at(Code::new(["slow", "quick", "bad", "slow"][i as usize], 0), "", child)?;
                print(format!("created {i}, done: {}", py_bool(t.done())));
                m.borrow_mut().push(t);
            }
            print("body ends");
            Ok(())
        })
        .await;
        if let Err(group) = outcome {
            for e in group.leaves() {
                print(format!("caught {}", py_repr_exc(e)));
            }
        }
        let states = made
            .borrow()
            .iter()
            .map(|t| {
                if t.cancelled() {
                    "'cancelled'"
                } else if t.done() {
                    "'done'"
                } else {
                    "'pending'"
                }
                .to_string()
            })
            .collect::<Vec<_>>();
        print(format!("states {}", py_list(states)));
        sleep(0.5).await?;
        print("main: done");
        Ok(())
    });
}
