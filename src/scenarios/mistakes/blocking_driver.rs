//! **mistakes**, `variant=blocking_driver`: a blocking database driver inside `async def`
//! freezes the loop, so the requests run one after another; the GOOD half awaits an async
//! driver and they overlap.

use std::rc::Rc;

use super::{Params, PY_START};
use crate::i18n::Msg;
use crate::runtime::{blocking_sleep, enter, gather, inline, now, print, returned, sleep, spawn_at, PyResult};
use crate::scenarios::common::elapsed_in;
use crate::scenarios::common::py_round;
use crate::scenarios::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use crate::scenarios::outcome;
use crate::scenarios::python::{py_float, py_num};
use crate::scenarios::question as q;
use crate::scenarios::RunResult;
use crate::scenarios::{Outcome, Source};

pub(super) async fn run(work: f64, jobs: i64, src: Rc<Source>) -> PyResult<Outcome> {
    src.at("main.start");
    let begin = now();
    src.at("m.bad");
    print(format!("BAD: {jobs} requests, blocking driver"));
    src.at("m.gather_bad");
    let bad = (0..jobs)
        .map(|n| {
            let s = src.clone();
            spawn_at(src.code("handle_bad"), &format!("handle_bad({n})"), async move {
                s.at("hb.return");
                let query = enter("blocking_query", format!("blocking_query({n})"), s.line("blocking_query"));
                s.at("bq.sleep");
                blocking_sleep(work); // the query holds the loop's only thread
                s.at("bq.return");
                drop(query);
                returned(n.to_string());
                PyResult::Ok(n)
            })
        })
        .collect();
    gather(bad).await?;
    let blocking = py_round(now() - begin, 2);
    src.at("m.bad_took");
    print(format!("BAD: took {}", elapsed_in(&src, begin)));
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
                    returned(n.to_string());
                    PyResult::Ok(n)
                })
                .await?;
                returned(n.to_string());
                Ok(n)
            })
        })
        .collect();
    gather(good).await?;
    let concurrent = py_round(now() - start, 2);
    src.at("m.good_took");
    print(format!("GOOD: took {}", py_float(concurrent)));
    returned("None");
    Ok(outcome! { "requests" => jobs, "blocking_elapsed" => blocking, "async_elapsed" => concurrent })
}

pub(super) fn python(p: &Params) -> String {
    format!(
        r#"def blocking_query(n):⟦blocking_query⟧
    """A query through a blocking driver (like psycopg2): the thread waits for the database."""
    time.sleep({work})⟦bq.sleep⟧
    return n⟦bq.return⟧


async def async_query(n):⟦async_query⟧
    """The same query through an async driver (like asyncpg): only the task waits."""
    await asyncio.sleep({work})⟦aq.sleep⟧
    return n⟦aq.return⟧


async def handle_bad(n):⟦handle_bad⟧
    return blocking_query(n)⟦?⟧  # blocks the whole loop, so requests run one after another⟦hb.return⟧


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

/// The course's lesson on a blocking driver: keep `blocking_query` and make the four BAD
/// requests take about 1 s, not 4.
pub(crate) const LESSON: Lesson = Lesson {
    id: "mistakes-blocking_driver",
    scenario: "mistakes",
    opens_with: &[("variant", "blocking_driver")],
    title: "mistakes-variant-blocking_driver",
    explain: "lesson-mistakes-blocking_driver-explain",
    challenge: Challenge { goal: "lesson-mistakes-blocking_driver-goal", change: Change::Program, starts_from: &[], judge: judge_lesson },
};

/// Met when the program printed `BAD: took X` with X about one query's time (0.9–1.5 s)
/// and at least four `blocking_query` calls went to worker threads.
fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let took = seen.prints().iter().find_map(|(text, _)| text.strip_prefix("BAD: took ").and_then(|x| crate::decimal::parse_f64(x.trim()).ok()));
    let offloaded = seen.jobs().iter().filter(|j| j.starts_with("blocking_query(")).count();
    let Some(took) = took else {
        return Judgement::missed(Msg::new("lesson-mistakes-blocking_driver-showed-none"), Msg::new("lesson-keep-blocking-query"));
    };
    let showed = Msg::new("lesson-mistakes-blocking_driver-showed").arg("secs", took).arg("offloaded", offloaded);
    if offloaded < 4 || took < 0.9 {
        Judgement::missed(showed, Msg::new("lesson-keep-blocking-query"))
    } else if took <= 1.5 {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("predict-why-sleep-keeps-ticking"))
    }
}

/// Predict first's questions (`crate::scenarios::question`): each half's time.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        vec![
            q::secs("blocking_elapsed", Msg::new("predict-q-driver-blocking").arg("jobs", q::num(v, "jobs")).arg("work", q::num(v, "work"))),
            q::secs("async_elapsed", Msg::new("predict-q-driver-async")),
        ]
    },
    answer: q::outcome,
    step: |run, id| {
        use crate::runtime::EventKind;
        match id {
            "blocking_elapsed" => q::last(&run.report.trace, |e| matches!(e.kind, EventKind::Blocked { .. })),
            _ => q::last(&run.report.trace, |e| e.task != 1 && matches!(e.kind, EventKind::Done { .. })),
        }
    },
    why: |w| match w.id {
        "blocking_elapsed" if w.near(w.p("work")) => Some("predict-why-blocking-overlaps"),
        "async_elapsed" if w.near(w.p("jobs") * w.p("work")) => Some("predict-why-added-sleeps"),
        _ => None,
    },
};
