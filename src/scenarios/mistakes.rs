//! **mistakes** — the guide's common mistakes, each as a BAD and a GOOD part of one program:
//! a forgotten `await`, a dangling task, a blocking driver, no timeout, CPU-bound work on
//! the loop.

use std::cell::RefCell;
use std::rc::Rc;

use super::common::py_round;
use super::params::{ParamKind, ParamSpec};
use super::python::{py_bool, py_float, py_num};
use super::{no_check, Outcome, Program, Scenario, Values};
use crate::outcome;
use crate::runtime::{
    blocking_sleep, count_primes, gather, now, print, sleep, spawn, timeout, to_thread, yield_now, Event, Exc, Job, Loop, PyResult,
    Semaphore, TaskHandle,
};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "mistakes",
    title: "Common mistakes, and their fixes",
    summary: "Each variant runs the mistake (BAD) and its fix (GOOD) in one program. Calling a \
              coroutine without await runs nothing; a task nobody keeps or awaits is cancelled \
              when main() returns; a blocking database driver or CPU-heavy code freezes the loop \
              for every task; a call without a timeout can wait forever. The fixes: await it, \
              keep and await your tasks, use an async driver (or asyncio.to_thread), wrap \
              external calls in asyncio.timeout(), and move CPU-bound work off the loop — to a \
              ProcessPoolExecutor in Python (threads share the GIL); in the browser a worker is \
              a real thread.",
    params: &[
        ParamSpec {
            name: "variant",
            label: "Mistake",
            unit: "",
            help: "Which mistake to run, next to its fix.",
            kind: ParamKind::Choice {
                default: "forgot_await",
                options: &[
                    ("forgot_await", "forgetting to await a coroutine"),
                    ("dangling_task", "a task nobody keeps or awaits"),
                    ("blocking_driver", "a blocking driver in async code"),
                    ("no_timeout", "no timeout on a network call"),
                    ("cpu_bound", "CPU-bound work on the loop"),
                ],
            },
        },
        ParamSpec {
            name: "work",
            label: "Work per call",
            unit: "s",
            help: "How long one call takes: fetch() and save() sleep this long, one query or one CPU job (on one core) takes this long.",
            kind: ParamKind::Float { default: 1.0, min: 0.0, max: 10.0, step: 0.1 },
        },
        ParamSpec { name: "jobs", label: "Calls", unit: "", help: "blocking_driver: concurrent requests, one query each; cpu_bound: CPU-bound jobs.", kind: ParamKind::Int { default: 4, min: 1, max: 20 } },
        ParamSpec { name: "cores", label: "Cores", unit: "", help: "cpu_bound: worker processes (one per core) that run jobs in parallel.", kind: ParamKind::Int { default: 4, min: 1, max: 16 } },
        ParamSpec { name: "timeout", label: "Timeout", unit: "s", help: "no_timeout: the GOOD handler's asyncio.timeout().", kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec { name: "hang", label: "Watch for", unit: "s", help: "no_timeout: how long main() waits before the program ends (the run's horizon).", kind: ParamKind::Float { default: 30.0, min: 0.1, max: 600.0, step: 1.0 } },
    ],
    compare: None,
    check: no_check,
    program,
    python,
    horizon,
    fidelity_cases: &["variant=dangling_task", "variant=blocking_driver&jobs=3&work=0.5", "variant=no_timeout&hang=10", "variant=cpu_bound&jobs=6&cores=4"],
};

fn horizon(v: &Values) -> Option<f64> {
    (v.text("variant") == "no_timeout").then(|| v.float("hang"))
}

fn elapsed(start: f64) -> String {
    py_float(py_round(now() - start, 2))
}

/// The rendered programs' clock: seconds since main() started, as `round(…, 2)`.
const PY_ELAPSED: &str = "START = 0.0\n\n\ndef elapsed():\n    return round(time.perf_counter() - START, 2)\n";

/// The first lines of every rendered main().
const PY_START: &str = "    global START\n    START = time.perf_counter()\n";

/// The number the CPU-bound jobs compute (small enough for a quick real run).
const BELOW: u64 = 100_000;

fn program(v: &Values) -> Program {
    let (work, jobs, cores, limit, hang) = (v.float("work"), v.int("jobs"), v.int("cores"), v.float("timeout"), v.float("hang"));
    match v.text("variant") {
        "dangling_task" => Box::pin(dangling_task(work)),
        "blocking_driver" => Box::pin(blocking_driver(work, jobs)),
        "no_timeout" => Box::pin(no_timeout(limit, hang)),
        "cpu_bound" => Box::pin(cpu_bound(work, jobs, cores)),
        _ => Box::pin(forgot_await(work)),
    }
}

fn python(v: &Values) -> String {
    let body = match v.text("variant") {
        "dangling_task" => py_dangling_task(v),
        "blocking_driver" => py_blocking_driver(v),
        "no_timeout" => py_no_timeout(v),
        "cpu_bound" => return py_cpu_bound(v),
        _ => py_forgot_await(v),
    };
    format!("import asyncio\nimport time\n\n{PY_ELAPSED}\n\n{body}\n\nasyncio.run(main())\n")
}

// ---- forgot_await ---------------------------------------------------------------------

async fn forgot_await(work: f64) -> PyResult<Outcome> {
    let start = now();
    let ran: Rc<RefCell<Vec<i64>>> = Rc::default();
    let fetch = |n: i64| {
        let ran = ran.clone();
        async move {
            ran.borrow_mut().push(n);
            print(format!("fetch {n} running"));
            sleep(work).await?;
            PyResult::Ok(n * 2)
        }
    };
    print("BAD: fetch(1) without await");
    let coroutine = fetch(1); // like a coroutine object: nothing runs until it is awaited
    print(format!("BAD: got a coroutine - did fetch(1) run? {}", py_bool(ran.borrow().contains(&1))));
    drop(coroutine);
    let warning = "RuntimeWarning: coroutine 'fetch' was never awaited";
    if let Some(lp) = Loop::current() {
        lp.warn(warning);
    }
    print("GOOD: await fetch(2)");
    let result = fetch(2).await?;
    print(format!("GOOD: got {result} at {}", elapsed(start)));
    Ok(outcome! { "warning" => warning, "ran" => ran.borrow().contains(&1), "result" => result, "elapsed" => py_round(now() - start, 6) })
}

fn py_forgot_await(v: &Values) -> String {
    format!(
        r#"ran = []


async def fetch(n):
    ran.append(n)
    print("fetch", n, "running")
    await asyncio.sleep({work})
    return n * 2


async def main():
{PY_START}    print("BAD: fetch(1) without await")
    coroutine = fetch(1)  # only creates a coroutine object: fetch's body does not run
    print("BAD: got a", type(coroutine).__name__, "- did fetch(1) run?", 1 in ran)
    del coroutine  # dropped unawaited: RuntimeWarning: coroutine 'fetch' was never awaited
    print("GOOD: await fetch(2)")
    result = await fetch(2)  # the fix: await it (or wrap it in asyncio.create_task and await that)
    print("GOOD: got", result, "at", elapsed())
"#,
        work = py_num(v.float("work"))
    )
}

// ---- dangling_task --------------------------------------------------------------------

async fn save(name: &'static str, work: f64, start: f64) -> PyResult<()> {
    print(format!("{name}: saving"));
    if let Err(e) = sleep(work).await {
        if e.is_cancelled() {
            print(format!("{name}: cancelled at {} - never saved", elapsed(start)));
        }
        return Err(e);
    }
    print(format!("{name}: saved at {}", elapsed(start)));
    Ok(())
}

async fn dangling_task(work: f64) -> PyResult<Outcome> {
    let start = now();
    let background: Rc<RefCell<Vec<TaskHandle<()>>>> = Rc::default();
    print("GOOD: keep a reference to the task and wait for it");
    let good = spawn("save('good')", save("good", work, start));
    background.borrow_mut().push(good.clone());
    let (set, id) = (background.clone(), good.id());
    good.add_done_callback(move || set.borrow_mut().retain(|t| t.id() != id));
    let pending = background.borrow().clone();
    gather(pending).await?;
    print("BAD: create the task, keep no reference, return");
    let bad = spawn("save('bad')", save("bad", work, start));
    yield_now().await?;
    print(format!("main: returns at {} - asyncio.run() cancels what is left", elapsed(start)));
    Ok(outcome! { "saved" => ["good"], "dangling" => if bad.done() { vec![] } else { vec!["bad"] }, "elapsed" => py_round(now() - start, 6) })
}

fn py_dangling_task(v: &Values) -> String {
    format!(
        r#"background_tasks = set()


async def save(name):
    print(name + ":", "saving")
    try:
        await asyncio.sleep({work})
    except asyncio.CancelledError:
        print(name + ":", "cancelled at", elapsed(), "- never saved")
        raise
    print(name + ":", "saved at", elapsed())


async def main():
{PY_START}    print("GOOD: keep a reference to the task and wait for it")
    task = asyncio.create_task(save("good"))
    background_tasks.add(task)  # the loop itself keeps only a weak reference
    task.add_done_callback(background_tasks.discard)
    await asyncio.gather(*background_tasks)
    print("BAD: create the task, keep no reference, return")
    asyncio.create_task(save("bad"))  # nobody keeps it, nobody awaits it
    await asyncio.sleep(0)  # it starts...
    print("main: returns at", elapsed(), "- asyncio.run() cancels what is left")
"#,
        work = py_num(v.float("work"))
    )
}

// ---- blocking_driver ------------------------------------------------------------------

async fn blocking_driver(work: f64, jobs: i64) -> PyResult<Outcome> {
    let begin = now();
    print(format!("BAD: {jobs} requests, blocking driver"));
    let bad = (0..jobs)
        .map(|n| {
            spawn(&format!("handle_bad({n})"), async move {
                blocking_sleep(work); // the query holds the loop's only thread
                PyResult::Ok(n)
            })
        })
        .collect();
    gather(bad).await?;
    let blocking = py_round(now() - begin, 2);
    print(format!("BAD: took {}", py_float(blocking)));
    let start = now();
    print(format!("GOOD: {jobs} requests, async driver"));
    let good = (0..jobs)
        .map(|n| {
            spawn(&format!("handle_good({n})"), async move {
                sleep(work).await?; // the task waits; the loop runs the others
                Ok(n)
            })
        })
        .collect();
    gather(good).await?;
    let concurrent = py_round(now() - start, 2);
    print(format!("GOOD: took {}", py_float(concurrent)));
    Ok(outcome! { "requests" => jobs, "blocking_elapsed" => blocking, "async_elapsed" => concurrent })
}

fn py_blocking_driver(v: &Values) -> String {
    format!(
        r#"def blocking_query(n):
    """A query through a blocking driver (like psycopg2): the thread waits for the database."""
    time.sleep({work})
    return n


async def async_query(n):
    """The same query through an async driver (like asyncpg): only the task waits."""
    await asyncio.sleep({work})
    return n


async def handle_bad(n):
    return blocking_query(n)  # blocks the whole loop, so requests run one after another


async def handle_good(n):
    return await async_query(n)  # or: await asyncio.to_thread(blocking_query, n)


async def main():
{PY_START}    print("BAD: {jobs} requests, blocking driver")
    await asyncio.gather(*(handle_bad(n) for n in range({jobs})))
    print("BAD: took", elapsed())
    start = time.perf_counter()
    print("GOOD: {jobs} requests, async driver")
    await asyncio.gather(*(handle_good(n) for n in range({jobs})))
    print("GOOD: took", round(time.perf_counter() - start, 2))
"#,
        work = py_num(v.float("work")),
        jobs = v.int("jobs")
    )
}

// ---- no_timeout -----------------------------------------------------------------------

/// A request to a server that accepted the connection and never answers.
async fn call_server() -> PyResult<()> {
    Event::new().wait().await
}

async fn no_timeout(limit: f64, hang: f64) -> PyResult<Outcome> {
    let start = now();
    let bad = spawn("handler_without_timeout()", async move {
        let r = call_server().await;
        if matches!(r, Err(Exc::Cancelled(_))) {
            print(format!("BAD: still waiting at {} - cancelled only because the program ends", elapsed(start)));
        }
        r
    });
    let good = spawn("handler_with_timeout()", async move {
        match timeout(limit, call_server()).await {
            Err(Exc::Timeout) => {
                print(format!("GOOD: TimeoutError at {} - the handler can answer with an error", elapsed(start)));
                Ok(Some(now() - start))
            }
            r => r.map(|()| None),
        }
    });
    sleep(hang).await?;
    print(format!("main: after {}s, BAD handler finished? {} - GOOD handler finished? {}", py_num(hang), py_bool(bad.done()), py_bool(good.done())));
    let good_at = good.result().and_then(Result::ok).flatten();
    Ok(outcome! {
        "bad_waiting" => !bad.done(),
        "good_raised" => good_at.map(|_| "TimeoutError"),
        "good_at" => good_at.map(|t| py_round(t, 6)),
        "waited" => hang,
    })
}

fn py_no_timeout(v: &Values) -> String {
    format!(
        r#"async def call_server():
    """A request to a server that accepted the connection and never answers."""
    await asyncio.Event().wait()


async def handler_without_timeout():
    try:
        await call_server()  # BAD: may wait forever, holding whatever it holds
    except asyncio.CancelledError:
        print("BAD: still waiting at", elapsed(), "- cancelled only because the program ends")
        raise


async def handler_with_timeout():
    try:
        async with asyncio.timeout({limit}):  # GOOD: every external call gets a deadline
            await call_server()
    except TimeoutError:
        print("GOOD: TimeoutError at", elapsed(), "- the handler can answer with an error")


async def main():
{PY_START}    bad = asyncio.create_task(handler_without_timeout())
    good = asyncio.create_task(handler_with_timeout())
    await asyncio.sleep({hang})
    print("main: after {hang}s, BAD handler finished?", bad.done(), "- GOOD handler finished?", good.done())
"#,
        limit = py_num(v.float("timeout")),
        hang = py_num(v.float("hang"))
    )
}

// ---- cpu_bound ------------------------------------------------------------------------

async fn cpu_bound(work: f64, jobs: i64, cores: i64) -> PyResult<Outcome> {
    let begin = now();
    print(format!("BAD: {jobs} CPU-bound jobs on the event loop"));
    let mut primes = 0;
    for _ in 0..jobs {
        primes = count_primes(BELOW);
        blocking_sleep(work); // the job's CPU time: the loop can do nothing else meanwhile
    }
    let on_loop = py_round(now() - begin, 2);
    print(format!("BAD: took {} - the loop was frozen the whole time", py_float(on_loop)));
    let start = now();
    print(format!("GOOD: {jobs} jobs on {cores} cores"));
    // One worker per core: virtual workers exactly; the browser's pool up to its own cores.
    let workers = Loop::current().map_or(0, |lp| {
        lp.workers().set_pool_size(cores as usize);
        lp.workers().pool_size()
    });
    let slots = Semaphore::new(cores)?;
    let tasks = (0..jobs)
        .map(|n| {
            let slots = slots.clone();
            spawn(&format!("in_worker({n})"), async move {
                let _core = slots.acquire().await?;
                to_thread(Job::CountPrimes { below: BELOW, secs: work }).await
            })
        })
        .collect();
    gather(tasks).await?;
    let parallel = py_round(now() - start, 2);
    let speedup = (parallel > 0.0).then(|| py_round(on_loop / parallel, 2));
    print(format!("GOOD: took {} - speedup {}", py_float(parallel), speedup.map_or("None".to_string(), py_float)));
    Ok(outcome! {
        "jobs" => jobs,
        "cores" => cores,
        "workers" => workers,
        "primes" => primes,
        "on_loop_elapsed" => on_loop,
        "parallel_elapsed" => parallel,
        "speedup" => speedup,
    })
}

fn py_cpu_bound(v: &Values) -> String {
    let (work, jobs, cores) = (py_num(v.float("work")), v.int("jobs"), v.int("cores"));
    format!(
        r#"import asyncio
import time
from concurrent.futures import ProcessPoolExecutor

BELOW = {BELOW}
{PY_ELAPSED}

def count_primes(below):
    """CPU-bound work: count the primes below `below` with a sieve."""
    sieve = bytearray([1]) * below
    sieve[:2] = b"\0\0"
    for i in range(2, int(below**0.5) + 1):
        if sieve[i]:
            sieve[i * i :: i] = bytes(len(range(i * i, below, i)))
    time.sleep({work})  # stands in for the CPU time of one job on one core ({work} s)
    return sum(sieve)


async def in_worker(pool, slots):
    async with slots:  # one job per core; the pool would queue the others the same way
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, count_primes, BELOW)


async def main():
{PY_START}    print("BAD: {jobs} CPU-bound jobs on the event loop")
    for _ in range({jobs}):
        count_primes(BELOW)  # blocks the loop: nothing else runs meanwhile
    on_loop = elapsed()
    print("BAD: took", on_loop, "- the loop was frozen the whole time")
    start = time.perf_counter()
    print("GOOD: {jobs} jobs on {cores} cores")
    # Threads would not help here: they share the GIL. Processes run in parallel.
    slots = asyncio.Semaphore({cores})
    with ProcessPoolExecutor(max_workers={cores}) as pool:
        await asyncio.gather(*(in_worker(pool, slots) for _ in range({jobs})))
    parallel = round(time.perf_counter() - start, 2)
    print("GOOD: took", parallel, "- speedup", round(on_loop / parallel, 2) if parallel else None)


if __name__ == "__main__":  # worker processes import this file
    asyncio.run(main())
"#
    )
}
