//! **mistakes** — the guide's common mistakes, each as a BAD and a GOOD part of one program:
//! a forgotten `await`, a dangling task, a blocking driver, no timeout, CPU-bound work on
//! the loop.

use std::cell::RefCell;
use std::rc::Rc;

use super::common::py_round;
use super::glossary::{self, Term};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::{py_bool, py_float, py_num};
use super::{Def, GlossaryEntry, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::outcome;
use crate::runtime::{
    blocking_sleep, count_primes, enter, gather, inline, now, print, sleep, spawn_at, timeout, to_thread, yield_now, Event, Exc, Job, Loop, PyResult,
    Semaphore, TaskHandle,
};

pub(super) const SCENARIO: Scenario = Scenario::of::<Mistakes>(
    "mistakes",
    "mistakes-title",
    &[
        ParamSpec {
            name: "variant",
            label: "mistakes-variant",
            unit: "",
            help: "mistakes-variant-help",
            kind: ParamKind::Choice {
                default: "forgot_await",
                options: &[
                    ("forgot_await", "mistakes-variant-forgot_await"),
                    ("dangling_task", "mistakes-variant-dangling_task"),
                    ("blocking_driver", "mistakes-variant-blocking_driver"),
                    ("no_timeout", "mistakes-variant-no_timeout"),
                    ("cpu_bound", "mistakes-variant-cpu_bound"),
                ],
            },
        },
        ParamSpec {
            name: "work",
            label: "mistakes-work",
            unit: "s",
            help: "mistakes-work-help",
            kind: ParamKind::Float { default: 1.0, min: 0.0, max: 10.0, step: 0.1 },
        },
        ParamSpec { name: "jobs", label: "mistakes-jobs", unit: "", help: "mistakes-jobs-help", kind: ParamKind::Int { default: 4, min: 1, max: 20 } },
        ParamSpec { name: "cores", label: "mistakes-cores", unit: "", help: "mistakes-cores-help", kind: ParamKind::Int { default: 4, min: 1, max: 16 } },
        ParamSpec {
            name: "timeout",
            label: "mistakes-timeout",
            unit: "s",
            help: "mistakes-timeout-help",
            kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "hang",
            label: "mistakes-hang",
            unit: "s",
            help: "mistakes-hang-help",
            kind: ParamKind::Float { default: 30.0, min: 0.1, max: 600.0, step: 1.0 },
        },
    ],
    None,
    &["variant=dangling_task", "variant=blocking_driver&jobs=3&work=0.5", "variant=no_timeout&hang=10", "variant=cpu_bound&jobs=6&cores=4"],
);

struct Mistakes;

/// Which mistake runs, next to its fix.
#[derive(Clone, Copy, PartialEq)]
enum Variant {
    ForgotAwait,
    DanglingTask,
    BlockingDriver,
    NoTimeout,
    CpuBound,
}

impl Variant {
    /// The parameter value: `forgot_await`, …
    fn id(self) -> &'static str {
        match self {
            Variant::ForgotAwait => "forgot_await",
            Variant::DanglingTask => "dangling_task",
            Variant::BlockingDriver => "blocking_driver",
            Variant::NoTimeout => "no_timeout",
            Variant::CpuBound => "cpu_bound",
        }
    }
}

/// The parameters of **mistakes**.
struct Params {
    variant: Variant,
    /// How long one call takes.
    work: f64,
    jobs: i64,
    cores: i64,
    /// no_timeout: the GOOD handler's deadline.
    timeout: f64,
    /// no_timeout: how long main() waits (the run's horizon).
    hang: f64,
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

fn program(p: &Params, src: Rc<Source>) -> Program {
    let (work, jobs, cores, limit, hang) = (p.work, p.jobs, p.cores, p.timeout, p.hang);
    match p.variant {
        Variant::DanglingTask => Box::pin(dangling_task(work, src)),
        Variant::BlockingDriver => Box::pin(blocking_driver(work, jobs, src)),
        Variant::NoTimeout => Box::pin(no_timeout(limit, hang, src)),
        Variant::CpuBound => Box::pin(cpu_bound(work, jobs, cores, src)),
        Variant::ForgotAwait => Box::pin(forgot_await(work, src)),
    }
}

fn python(p: &Params) -> String {
    let body = match p.variant {
        Variant::DanglingTask => py_dangling_task(p),
        Variant::BlockingDriver => py_blocking_driver(p),
        Variant::NoTimeout => py_no_timeout(p),
        Variant::CpuBound => return py_cpu_bound(p),
        Variant::ForgotAwait => py_forgot_await(p),
    };
    format!("import asyncio\nimport time\n\n{PY_ELAPSED}\n\n{body}\n\nasyncio.run(main())⟦run⟧\n")
}

// ---- forgot_await ---------------------------------------------------------------------

async fn forgot_await(work: f64, src: Rc<Source>) -> PyResult<Outcome> {
    let start = now();
    let ran: Rc<RefCell<Vec<i64>>> = Rc::default();
    let fetch = |n: i64| {
        let (ran, s) = (ran.clone(), src.clone());
        inline(src.code("fetch"), format!("fetch({n})"), async move {
            ran.borrow_mut().push(n);
            s.at("fetch.print");
            print(format!("fetch {n} running"));
            s.at("fetch.sleep");
            sleep(work).await?;
            s.at("fetch.return");
            PyResult::Ok(n * 2)
        })
    };
    src.at("m.bad");
    print("BAD: fetch(1) without await");
    src.at("m.coro");
    let coroutine = fetch(1); // like a coroutine object: nothing runs until it is awaited
    src.at("m.got");
    print(format!("BAD: got a coroutine - did fetch(1) run? {}", py_bool(ran.borrow().contains(&1))));
    src.at("m.del");
    drop(coroutine);
    let warning = "RuntimeWarning: coroutine 'fetch' was never awaited";
    if let Some(lp) = Loop::current() {
        lp.warn(warning);
    }
    src.at("m.good");
    print("GOOD: await fetch(2)");
    src.at("m.await");
    let result = fetch(2).await?;
    src.at("m.result");
    print(format!("GOOD: got {result} at {}", elapsed(start)));
    Ok(outcome! { "warning" => warning, "ran" => ran.borrow().contains(&1), "result" => result, "elapsed" => py_round(now() - start, 6) })
}

fn py_forgot_await(p: &Params) -> String {
    format!(
        r#"ran = []


async def fetch(n):⟦fetch⟧
    ran.append(n)
    print("fetch", n, "running")⟦fetch.print⟧
    await asyncio.sleep({work})⟦fetch.sleep⟧
    return n * 2⟦fetch.return⟧


async def main():⟦main⟧
{PY_START}    print("BAD: fetch(1) without await")⟦m.bad⟧
    coroutine = fetch(1)  # only creates a coroutine object: fetch's body does not run⟦m.coro⟧
    print("BAD: got a", type(coroutine).__name__, "- did fetch(1) run?", 1 in ran)⟦m.got⟧
    del coroutine  # dropped unawaited: RuntimeWarning: coroutine 'fetch' was never awaited⟦m.del⟧
    print("GOOD: await fetch(2)")⟦m.good⟧
    result = await fetch(2)  # the fix: await it (or wrap it in asyncio.create_task and await that)⟦m.await⟧
    print("GOOD: got", result, "at", elapsed())⟦m.result⟧
"#,
        work = py_num(p.work)
    )
}

// ---- dangling_task --------------------------------------------------------------------

async fn save(name: &'static str, work: f64, start: f64, src: Rc<Source>) -> PyResult<()> {
    src.at("save.print");
    print(format!("{name}: saving"));
    src.at("save.sleep");
    if let Err(e) = sleep(work).await {
        if e.is_cancelled() {
            src.at("save.cancelled");
            print(format!("{name}: cancelled at {} - never saved", elapsed(start)));
            src.at("save.reraise");
        }
        return Err(e);
    }
    src.at("save.saved");
    print(format!("{name}: saved at {}", elapsed(start)));
    Ok(())
}

async fn dangling_task(work: f64, src: Rc<Source>) -> PyResult<Outcome> {
    let start = now();
    let background: Rc<RefCell<Vec<TaskHandle<()>>>> = Rc::default();
    src.at("m.good");
    print("GOOD: keep a reference to the task and wait for it");
    src.at("m.create_good");
    let good = spawn_at(src.code("save"), "save('good')", save("good", work, start, src.clone()));
    background.borrow_mut().push(good.clone());
    let (set, id) = (background.clone(), good.id());
    good.add_done_callback(move || set.borrow_mut().retain(|t| t.id() != id));
    let pending = background.borrow().clone();
    src.at("m.gather");
    gather(pending).await?;
    src.at("m.bad");
    print("BAD: create the task, keep no reference, return");
    src.at("m.create_bad");
    let bad = spawn_at(src.code("save"), "save('bad')", save("bad", work, start, src.clone()));
    src.at("m.yield");
    yield_now().await?;
    src.at("m.returns");
    print(format!("main: returns at {} - asyncio.run() cancels what is left", elapsed(start)));
    Ok(outcome! { "saved" => ["good"], "dangling" => if bad.done() { vec![] } else { vec!["bad"] }, "elapsed" => py_round(now() - start, 6) })
}

fn py_dangling_task(p: &Params) -> String {
    format!(
        r#"background_tasks = set()


async def save(name):⟦save⟧
    print(name + ":", "saving")⟦save.print⟧
    try:
        await asyncio.sleep({work})⟦save.sleep⟧
    except asyncio.CancelledError:
        print(name + ":", "cancelled at", elapsed(), "- never saved")⟦save.cancelled⟧
        raise⟦save.reraise⟧
    print(name + ":", "saved at", elapsed())⟦save.saved⟧


async def main():⟦main⟧
{PY_START}    print("GOOD: keep a reference to the task and wait for it")⟦m.good⟧
    task = asyncio.create_task(save("good"))⟦m.create_good⟧
    background_tasks.add(task)  # the loop itself keeps only a weak reference
    task.add_done_callback(background_tasks.discard)
    await asyncio.gather(*background_tasks)⟦m.gather⟧
    print("BAD: create the task, keep no reference, return")⟦m.bad⟧
    asyncio.create_task(save("bad"))  # nobody keeps it, nobody awaits it⟦m.create_bad⟧
    await asyncio.sleep(0)  # it starts...⟦m.yield⟧
    print("main: returns at", elapsed(), "- asyncio.run() cancels what is left")⟦m.returns⟧
"#,
        work = py_num(p.work)
    )
}

// ---- blocking_driver ------------------------------------------------------------------

async fn blocking_driver(work: f64, jobs: i64, src: Rc<Source>) -> PyResult<Outcome> {
    let begin = now();
    src.at("m.bad");
    print(format!("BAD: {jobs} requests, blocking driver"));
    src.at("m.gather_bad");
    let bad = (0..jobs)
        .map(|n| {
            let s = src.clone();
            spawn_at(src.code("handle_bad"), &format!("handle_bad({n})"), async move {
                s.at("hb.return");
                let _query = enter("blocking_query", format!("blocking_query({n})"), 0);
                s.at("bq.sleep");
                blocking_sleep(work); // the query holds the loop's only thread
                drop(_query);
                PyResult::Ok(n)
            })
        })
        .collect();
    gather(bad).await?;
    let blocking = py_round(now() - begin, 2);
    src.at("m.bad_took");
    print(format!("BAD: took {}", py_float(blocking)));
    src.at("m.start");
    let start = now();
    src.at("m.good");
    print(format!("GOOD: {jobs} requests, async driver"));
    src.at("m.gather_good");
    let good = (0..jobs)
        .map(|n| {
            let s = src.clone();
            spawn_at(src.code("handle_good"), &format!("handle_good({n})"), async move {
                s.at("hg.return");
                let q = s.clone();
                let n = inline(s.code("async_query"), format!("async_query({n})"), async move {
                    q.at("aq.sleep");
                    sleep(work).await?; // the task waits; the loop runs the others
                    q.at("aq.return");
                    PyResult::Ok(n)
                })
                .await?;
                Ok(n)
            })
        })
        .collect();
    gather(good).await?;
    let concurrent = py_round(now() - start, 2);
    src.at("m.good_took");
    print(format!("GOOD: took {}", py_float(concurrent)));
    Ok(outcome! { "requests" => jobs, "blocking_elapsed" => blocking, "async_elapsed" => concurrent })
}

fn py_blocking_driver(p: &Params) -> String {
    format!(
        r#"def blocking_query(n):
    """A query through a blocking driver (like psycopg2): the thread waits for the database."""
    time.sleep({work})⟦bq.sleep⟧
    return n


async def async_query(n):⟦async_query⟧
    """The same query through an async driver (like asyncpg): only the task waits."""
    await asyncio.sleep({work})⟦aq.sleep⟧
    return n⟦aq.return⟧


async def handle_bad(n):⟦handle_bad⟧
    return blocking_query(n)  # blocks the whole loop, so requests run one after another⟦hb.return⟧


async def handle_good(n):⟦handle_good⟧
    return await async_query(n)  # or: await asyncio.to_thread(blocking_query, n)⟦hg.return⟧


async def main():⟦main⟧
{PY_START}    print("BAD: {jobs} requests, blocking driver")⟦m.bad⟧
    await asyncio.gather(*(handle_bad(n) for n in range({jobs})))⟦m.gather_bad⟧
    print("BAD: took", elapsed())⟦m.bad_took⟧
    start = time.perf_counter()⟦m.start⟧
    print("GOOD: {jobs} requests, async driver")⟦m.good⟧
    await asyncio.gather(*(handle_good(n) for n in range({jobs})))⟦m.gather_good⟧
    print("GOOD: took", round(time.perf_counter() - start, 2))⟦m.good_took⟧
"#,
        work = py_num(p.work),
        jobs = p.jobs
    )
}

// ---- no_timeout -----------------------------------------------------------------------

/// A request to a server that accepted the connection and never answers.
async fn call_server(src: Rc<Source>) -> PyResult<()> {
    let s = src.clone();
    inline(src.code("call_server"), "call_server()", async move {
        s.at("cs.wait");
        Event::new().wait().await
    })
    .await
}

async fn no_timeout(limit: f64, hang: f64, src: Rc<Source>) -> PyResult<Outcome> {
    let start = now();
    src.at("m.bad");
    let s = src.clone();
    let bad = spawn_at(src.code("handler_without_timeout"), "handler_without_timeout()", async move {
        s.at("hw.call");
        let r = call_server(s.clone()).await;
        if matches!(r, Err(Exc::Cancelled(_))) {
            s.at("hw.cancelled");
            print(format!("BAD: still waiting at {} - cancelled only because the program ends", elapsed(start)));
            s.at("hw.reraise");
        }
        r
    });
    src.at("m.good");
    let s = src.clone();
    let good = spawn_at(src.code("handler_with_timeout"), "handler_with_timeout()", async move {
        s.at("ht.with");
        let inner = s.clone();
        let bounded = timeout(limit, async move {
            inner.at("ht.call");
            let r = call_server(inner.clone()).await;
            inner.at("ht.with");
            r
        });
        match bounded.await {
            Err(Exc::Timeout) => {
                s.at("ht.timeout");
                print(format!("GOOD: TimeoutError at {} - the handler can answer with an error", elapsed(start)));
                Ok(Some(now() - start))
            }
            r => r.map(|()| None),
        }
    });
    src.at("m.sleep");
    sleep(hang).await?;
    src.at("m.print");
    print(format!("main: after {}s, BAD handler finished? {} - GOOD handler finished? {}", py_num(hang), py_bool(bad.done()), py_bool(good.done())));
    let good_at = good.result().and_then(Result::ok).flatten();
    Ok(outcome! {
        "bad_waiting" => !bad.done(),
        "good_raised" => good_at.map(|_| "TimeoutError"),
        "good_at" => good_at.map(|t| py_round(t, 6)),
        "waited" => hang,
    })
}

fn py_no_timeout(p: &Params) -> String {
    format!(
        r#"async def call_server():⟦call_server⟧
    """A request to a server that accepted the connection and never answers."""
    await asyncio.Event().wait()⟦cs.wait⟧


async def handler_without_timeout():⟦handler_without_timeout⟧
    try:
        await call_server()  # BAD: may wait forever, holding whatever it holds⟦hw.call⟧
    except asyncio.CancelledError:
        print("BAD: still waiting at", elapsed(), "- cancelled only because the program ends")⟦hw.cancelled⟧
        raise⟦hw.reraise⟧


async def handler_with_timeout():⟦handler_with_timeout⟧
    try:
        async with asyncio.timeout({limit}):  # GOOD: every external call gets a deadline⟦ht.with⟧
            await call_server()⟦ht.call⟧
    except TimeoutError:
        print("GOOD: TimeoutError at", elapsed(), "- the handler can answer with an error")⟦ht.timeout⟧


async def main():⟦main⟧
{PY_START}    bad = asyncio.create_task(handler_without_timeout())⟦m.bad⟧
    good = asyncio.create_task(handler_with_timeout())⟦m.good⟧
    await asyncio.sleep({hang})⟦m.sleep⟧
    print("main: after {hang}s, BAD handler finished?", bad.done(), "- GOOD handler finished?", good.done())⟦m.print⟧
"#,
        limit = py_num(p.timeout),
        hang = py_num(p.hang)
    )
}

// ---- cpu_bound ------------------------------------------------------------------------

async fn cpu_bound(work: f64, jobs: i64, cores: i64, src: Rc<Source>) -> PyResult<Outcome> {
    let begin = now();
    src.at("m.bad");
    print(format!("BAD: {jobs} CPU-bound jobs on the event loop"));
    let mut primes = 0;
    for _ in 0..jobs {
        src.at("m.for");
        src.at("m.count");
        let _call = enter("count_primes", "count_primes(BELOW)", 0);
        src.at("cp.sleep");
        primes = count_primes(BELOW);
        blocking_sleep(work); // the job's CPU time: the loop can do nothing else meanwhile
    }
    src.at("m.for");
    let on_loop = py_round(now() - begin, 2);
    src.at("m.bad_took");
    print(format!("BAD: took {} - the loop was frozen the whole time", py_float(on_loop)));
    let start = now();
    src.at("m.good");
    print(format!("GOOD: {jobs} jobs on {cores} cores"));
    // One worker per core: virtual workers exactly; the browser's pool up to its own cores.
    let workers = Loop::current().map_or(0, |lp| {
        lp.workers().set_pool_size(cores as usize);
        lp.workers().pool_size()
    });
    let slots = Semaphore::new(cores)?;
    src.at("m.pool");
    src.at("m.gather");
    let tasks = (0..jobs)
        .map(|n| {
            let (slots, s) = (slots.clone(), src.clone());
            spawn_at(src.code("in_worker"), &format!("in_worker({n})"), async move {
                s.at("iw.slots");
                let core = slots.acquire().await?;
                s.at("iw.run");
                let primes = to_thread(Job::CountPrimes { below: BELOW, secs: work }).await;
                s.at("iw.slots");
                drop(core);
                primes
            })
        })
        .collect();
    gather(tasks).await?;
    src.at("m.pool");
    let parallel = py_round(now() - start, 2);
    let speedup = (parallel > 0.0).then(|| py_round(on_loop / parallel, 2));
    src.at("m.good_took");
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

fn py_cpu_bound(p: &Params) -> String {
    let (work, jobs, cores) = (py_num(p.work), p.jobs, p.cores);
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
    time.sleep({work})  # stands in for the CPU time of one job on one core ({work} s)⟦cp.sleep⟧
    return sum(sieve)


async def in_worker(pool, slots):⟦in_worker⟧
    async with slots:  # one job per core; the pool would queue the others the same way⟦iw.slots⟧
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(pool, count_primes, BELOW)⟦iw.run⟧


async def main():⟦main⟧
{PY_START}    print("BAD: {jobs} CPU-bound jobs on the event loop")⟦m.bad⟧
    for _ in range({jobs}):⟦m.for⟧
        count_primes(BELOW)  # blocks the loop: nothing else runs meanwhile⟦m.count⟧
    on_loop = elapsed()
    print("BAD: took", on_loop, "- the loop was frozen the whole time")⟦m.bad_took⟧
    start = time.perf_counter()
    print("GOOD: {jobs} jobs on {cores} cores")⟦m.good⟧
    # Threads would not help here: they share the GIL. Processes run in parallel.
    slots = asyncio.Semaphore({cores})
    with ProcessPoolExecutor(max_workers={cores}) as pool:⟦m.pool⟧
        await asyncio.gather(*(in_worker(pool, slots) for _ in range({jobs})))⟦m.gather⟧
    parallel = round(time.perf_counter() - start, 2)
    print("GOOD: took", parallel, "- speedup", round(on_loop / parallel, 2) if parallel else None)⟦m.good_took⟧


if __name__ == "__main__":  # worker processes import this file
    asyncio.run(main())⟦run⟧
"#
    )
}

impl Def for Mistakes {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        let variant = match v.text("variant")? {
            "dangling_task" => Variant::DanglingTask,
            "blocking_driver" => Variant::BlockingDriver,
            "no_timeout" => Variant::NoTimeout,
            "cpu_bound" => Variant::CpuBound,
            _ => Variant::ForgotAwait,
        };
        Ok(Params { variant, work: v.float("work")?, jobs: v.int("jobs")?, cores: v.int("cores")?, timeout: v.float("timeout")?, hang: v.float("hang")? })
    }

    fn python(p: &Params) -> String {
        python(p)
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        program(p, src)
    }

    fn horizon(p: &Params) -> Option<f64> {
        (p.variant == Variant::NoTimeout).then_some(p.hang)
    }

    fn shown(p: &Params, name: &str) -> bool {
        match name {
            "variant" => true,
            "work" => p.variant != Variant::NoTimeout,
            "jobs" => matches!(p.variant, Variant::BlockingDriver | Variant::CpuBound),
            "cores" => p.variant == Variant::CpuBound,
            "timeout" | "hang" => p.variant == Variant::NoTimeout,
            _ => true,
        }
    }

    /// The BAD halves block the loop without handing it back: blocking_driver's `jobs`
    /// queries all run in one loop iteration, cpu_bound's `jobs` jobs in one step of main().
    fn longest_block(p: &Params) -> Option<super::limits::Block> {
        matches!(p.variant, Variant::BlockingDriver | Variant::CpuBound)
            .then(|| super::limits::Block { secs: p.jobs as f64 * p.work, params: &["jobs", "work"] })
    }

    fn glossary(p: &Params) -> Vec<GlossaryEntry> {
        match p.variant {
            Variant::ForgotAwait => glossary::entries(&[Term::Coroutine, Term::Await, Term::Task, Term::EventLoop]),
            Variant::DanglingTask => glossary::entries(&[Term::Task, Term::Cancellation, Term::Await, Term::EventLoop]),
            Variant::BlockingDriver | Variant::CpuBound => glossary::entries(&[Term::EventLoop, Term::BlockingCall, Term::WorkerThread, Term::Task]),
            Variant::NoTimeout => {
                let mut terms = vec![Term::Timeout.entry().param("timeout")];
                terms.extend(glossary::entries(&[Term::Cancellation, Term::Task, Term::EventLoop]));
                terms
            }
        }
    }

    fn summary(p: &Params) -> Msg {
        let id = match p.variant {
            Variant::ForgotAwait => "mistakes-summary-forgot_await",
            Variant::DanglingTask => "mistakes-summary-dangling_task",
            Variant::BlockingDriver => "mistakes-summary-blocking_driver",
            Variant::NoTimeout => "mistakes-summary-no_timeout",
            Variant::CpuBound => "mistakes-summary-cpu_bound",
        };
        Msg::new(id).arg("work", p.work).arg("jobs", p.jobs).arg("cores", p.cores).arg("timeout", p.timeout).arg("hang", p.hang).arg("variant", p.variant.id())
    }

    fn headline(_p: &Params, o: &Outcome) -> Msg {
        headline(_p, o)
    }
}

/// One sentence per variant, from the outcome.
fn headline(p: &Params, o: &Outcome) -> Msg {
    use serde_json::Value;
    let num = |k: &str| o.get(k).and_then(Value::as_f64).unwrap_or(0.0);
    let text = |k: &str| o.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    match p.variant {
        Variant::ForgotAwait => Msg::new("mistakes-headline-forgot_await").arg("warning", text("warning")).arg("result", num("result") as i64),
        Variant::DanglingTask => {
            let dangling = o.get("dangling").and_then(Value::as_array).map_or(0, Vec::len);
            Msg::new("mistakes-headline-dangling_task").arg("dangling", dangling)
        }
        Variant::BlockingDriver => Msg::new("mistakes-headline-blocking_driver")
            .arg("requests", num("requests") as i64)
            .arg("blocking", num("blocking_elapsed"))
            .arg("async", num("async_elapsed")),
        Variant::NoTimeout => match o.get("good_at").and_then(Value::as_f64) {
            Some(at) => Msg::new("mistakes-headline-no_timeout").arg("waited", num("waited")).arg("at", at),
            None => Msg::new("mistakes-headline-no_timeout-none").arg("waited", num("waited")),
        },
        Variant::CpuBound => {
            let (a, b) = (num("on_loop_elapsed"), num("parallel_elapsed"));
            let speedup = if b > 0.0 { (a / b * 10.0).round() / 10.0 } else { 0.0 };
            Msg::new("mistakes-headline-cpu_bound")
                .arg("jobs", num("jobs") as i64)
                .arg("on_loop", a)
                .arg("parallel", b)
                .arg("workers", num("workers") as i64)
                .arg("speedup", speedup)
        }
    }
}
