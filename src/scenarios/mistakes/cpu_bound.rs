//! **mistakes**, `variant=cpu_bound`: CPU-bound work on the loop freezes it; the GOOD half
//! runs the jobs in a process pool, one per core.

use std::rc::Rc;

use super::{Params, BELOW, PY_ELAPSED, PY_START};
use crate::outcome;
use crate::runtime::{blocking_sleep, count_primes, enter, gather, now, print, spawn_at, to_thread, Job, Loop, PyResult, Semaphore};
use crate::scenarios::common::py_round;
use crate::scenarios::python::{py_float, py_num};
use crate::scenarios::{Outcome, Source};

pub(super) async fn run(work: f64, jobs: i64, cores: i64, src: Rc<Source>) -> PyResult<Outcome> {
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

pub(super) fn python(p: &Params) -> String {
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
