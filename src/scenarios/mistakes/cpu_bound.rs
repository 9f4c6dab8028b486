//! **mistakes**, `variant=cpu_bound`: CPU-bound work on the loop freezes it; the GOOD half
//! runs the jobs in a process pool, one per core.

use std::rc::Rc;

use super::{Params, BELOW, PY_ELAPSED, PY_START};
use crate::i18n::Msg;
use crate::runtime::{at, blocking_sleep, enter, gather, now, print, returned, spawn_at, to_thread, Job, Loop, PyResult, Semaphore};
use crate::scenarios::common::elapsed_in;
use crate::scenarios::common::py_round;
use crate::scenarios::lesson::{keep_the_work, Challenge, Change, Judgement, Lesson, Seen};
use crate::scenarios::outcome;
use crate::scenarios::python::{py_float, py_num};
use crate::scenarios::question as q;
use crate::scenarios::RunResult;
use crate::scenarios::{Outcome, Source};

/// `count_primes(below)` called by the running task: its frame runs the sieve line by line as
/// CPython does (the `for` line per `i` and once more when `range` is exhausted, the `if` per
/// `i`, the crossing-out line per prime `i`), then the job's CPU time on the loop's thread.
fn count_primes_on_loop(src: &Source, below: u64, work: f64) -> u64 {
    let _frame = enter("count_primes", "count_primes(BELOW)", src.line("count_primes"));
    let (each, test, cross) = (src.line("cp.for"), src.line("cp.if"), src.line("cp.cross"));
    src.at("cp.sieve");
    let below = below as usize;
    let mut sieve = vec![1u8; below];
    src.at("cp.zero");
    sieve.iter_mut().take(2).for_each(|b| *b = 0);
    for i in 2..=(below as f64).sqrt() as usize {
        at(each);
        at(test);
        if sieve[i] == 1 {
            at(cross);
            (i * i..below).step_by(i).for_each(|j| sieve[j] = 0);
        }
    }
    at(each);
    src.at("cp.sleep");
    blocking_sleep(work); // the job's CPU time: the loop can do nothing else meanwhile
    src.at("cp.return");
    sieve.iter().map(|&b| u64::from(b)).sum()
}

pub(super) async fn run(work: f64, jobs: i64, cores: i64, src: Rc<Source>) -> PyResult<Outcome> {
    src.at("main.start");
    let begin = now();
    src.at("m.bad");
    print(format!("BAD: {jobs} CPU-bound jobs on the event loop"));
    let mut primes = 0;
    for _ in 0..jobs {
        src.at("m.for");
        src.at("m.count");
        primes = count_primes_on_loop(&src, BELOW, work);
    }
    src.at("m.for");
    src.at("m.on_loop");
    let on_loop = crate::decimal::parse_f64(&elapsed_in(&src, begin)).unwrap_or(0.0);
    src.at("m.bad_took");
    print(format!("BAD: took {} - the loop was frozen the whole time", py_float(on_loop)));
    src.at("m.start");
    let start = now();
    src.at("m.good");
    print(format!("GOOD: {jobs} jobs on {cores} cores"));
    // One worker per core: virtual workers exactly; the browser's pool up to its own cores.
    let workers = Loop::current().map_or(0, |lp| {
        lp.workers().set_pool_size(cores as usize);
        lp.workers().pool_size()
    });
    src.at("m.slots");
    let slots = Semaphore::new(cores)?;
    src.at("m.pool");
    src.at("m.gather");
    let tasks = (0..jobs)
        .map(|n| {
            let (slots, s) = (slots.clone(), src.clone());
            spawn_at(src.code("in_worker"), &format!("in_worker({n})"), async move {
                s.at("iw.slots");
                let core = slots.acquire().await?;
                s.at("iw.loop");
                s.at("iw.run");
                let primes = to_thread(Job::CountPrimes { below: BELOW, secs: work }).await;
                s.at("iw.slots"); // the async with's exit
                drop(core);
                if let Ok(n) = &primes {
                    returned(n.to_string());
                }
                primes
            })
        })
        .collect();
    gather(tasks).await?;
    src.at("m.pool"); // the with's exit
    src.at("m.parallel");
    let parallel = py_round(now() - start, 2);
    let speedup = (parallel > 0.0).then(|| py_round(on_loop / parallel, 2));
    src.at("m.good_took");
    print(format!("GOOD: took {} - speedup {}", py_float(parallel), speedup.map_or("None".to_string(), py_float)));
    returned("None");
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

def count_primes(below):⟦count_primes⟧
    """CPU-bound work: count the primes below `below` with a sieve."""
    sieve = bytearray([1]) * below⟦cp.sieve⟧
    sieve[:2] = b"\0\0"⟦cp.zero⟧
    for i in range(2, int(below**0.5) + 1):⟦cp.for⟧
        if sieve[i]:⟦cp.if⟧
            sieve[i * i :: i] = bytes(len(range(i * i, below, i)))⟦cp.cross⟧
    time.sleep({work})  # stands in for the CPU time of one job on one core ({work} s)⟦cp.sleep⟧
    return sum(sieve)⟦cp.return⟧


async def in_worker(pool, slots):⟦in_worker⟧
    async with slots:  # one job per core; the pool would queue the others the same way⟦iw.slots⟧
        loop = asyncio.get_running_loop()⟦iw.loop⟧
        return await loop.run_in_executor(pool, count_primes, BELOW)⟦iw.run⟧


async def main():⟦main⟧
{PY_START}    print("BAD: {jobs} CPU-bound jobs on the event loop")⟦m.bad⟧
    for _ in range({jobs}):⟦m.for⟧
        count_primes(BELOW)⟦?⟧  # blocks the loop: nothing else runs meanwhile⟦m.count⟧
    on_loop = elapsed()⟦m.on_loop⟧
    print("BAD: took", on_loop, "- the loop was frozen the whole time")⟦m.bad_took⟧
    start = time.perf_counter()⟦m.start⟧
    print("GOOD: {jobs} jobs on {cores} cores")⟦m.good⟧
    # Threads would not help here: they share the GIL. Processes run in parallel.
    slots = asyncio.Semaphore({cores})⟦m.slots⟧
    with ProcessPoolExecutor(max_workers={cores}) as pool:⟦m.pool⟧
        await asyncio.gather(*(in_worker(pool, slots) for _ in range({jobs})))⟦m.gather⟧
    parallel = round(time.perf_counter() - start, 2)⟦m.parallel⟧
    print("GOOD: took", parallel, "- speedup", round(on_loop / parallel, 2) if parallel else None)⟦m.good_took⟧


if __name__ == "__main__":  # worker processes import this file
    asyncio.run(main())⟦run⟧
"#
    )
}

/// The course's lesson on CPU-bound work: with 8 jobs, the parallel version at least 4×
/// faster than on the loop.
pub(crate) const LESSON: Lesson = Lesson {
    id: "mistakes-cpu_bound",
    scenario: "mistakes",
    opens_with: &[("variant", "cpu_bound")],
    title: "mistakes-variant-cpu_bound",
    explain: "lesson-mistakes-cpu_bound-explain",
    challenge: Challenge {
        goal: "lesson-mistakes-cpu_bound-goal",
        change: Change::Parameters,
        starts_from: &[("jobs", "8"), ("cores", "2")],
        judge: judge_lesson,
    },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let speedup = seen.num("speedup").unwrap_or(0.0);
    let showed = Msg::new("lesson-mistakes-cpu_bound-showed")
        .arg("loop", seen.num("on_loop_elapsed").unwrap_or(0.0))
        .arg("parallel", seen.num("parallel_elapsed").unwrap_or(0.0))
        .arg("speedup", speedup);
    if seen.param("jobs") < 8.0 {
        Judgement::missed(showed, keep_the_work("jobs", 8.0))
    } else if seen.param("work") < 0.5 {
        Judgement::missed(showed, keep_the_work("work", 0.5))
    } else if speedup >= 4.0 - 1e-9 {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("lesson-cpu-cores").arg("cores", seen.param("cores")))
    }
}

/// Predict first's questions (`crate::scenarios::question`): each half's time.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        vec![
            q::secs("on_loop_elapsed", Msg::new("predict-q-cpu-loop").arg("jobs", q::num(v, "jobs")).arg("work", q::num(v, "work"))),
            q::secs("parallel_elapsed", Msg::new("predict-q-cpu-parallel").arg("cores", q::num(v, "cores"))),
        ]
    },
    answer: q::outcome,
    step: |run, id| {
        use crate::runtime::EventKind;
        match id {
            "on_loop_elapsed" => q::last(&run.report.trace, |e| matches!(e.kind, EventKind::Blocked { .. })),
            _ => q::last(&run.report.trace, |e| matches!(e.kind, EventKind::JobEnd { .. })),
        }
    },
    why: |w| match w.id {
        "on_loop_elapsed" if w.near(w.p("work")) => Some("predict-why-cpu-overlaps"),
        "parallel_elapsed" if w.near(w.p("jobs") * w.p("work")) => Some("predict-why-processes-parallel"),
        "parallel_elapsed" if w.near(w.p("work")) && w.p("cores") < w.p("jobs") => Some("predict-why-cores-limit"),
        _ => None,
    },
};
