//! **mistakes**, `variant=forgot_await`: calling a coroutine function without `await` only
//! makes a coroutine object (its body never runs, and asyncio warns it was never awaited);
//! the GOOD half awaits it.

use std::cell::RefCell;
use std::rc::Rc;

use super::{Params, PY_START};
use crate::i18n::Msg;
use crate::runtime::{inline, now, print, returned, sleep, Loop, PyResult};
use crate::scenarios::common::elapsed_in;
use crate::scenarios::common::py_round;
use crate::scenarios::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use crate::scenarios::outcome;
use crate::scenarios::python::{py_bool, py_num};
use crate::scenarios::question as q;
use crate::scenarios::RunResult;
use crate::scenarios::{Outcome, Source};

pub(super) async fn run(work: f64, src: Rc<Source>) -> PyResult<Outcome> {
    src.at("main.start");
    let start = now();
    let ran: Rc<RefCell<Vec<i64>>> = Rc::default();
    let fetch = |n: i64| {
        let (ran, s) = (ran.clone(), src.clone());
        inline(src.code("fetch"), format!("fetch({n})"), async move {
            s.at("fetch.append");
            ran.borrow_mut().push(n);
            s.at("fetch.print");
            print(format!("fetch {n} running"));
            s.at("fetch.sleep");
            sleep(work).await?;
            s.at("fetch.return");
            returned((n * 2).to_string());
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
    print(format!("GOOD: got {result} at {}", elapsed_in(&src, start)));
    returned("None");
    Ok(outcome! { "warning" => warning, "ran" => ran.borrow().contains(&1), "result" => result, "elapsed" => py_round(now() - start, 6) })
}

pub(super) fn python(p: &Params) -> String {
    format!(
        r#"ran = []


async def fetch(n):⟦fetch⟧
    ran.append(n)⟦fetch.append⟧
    print("fetch", n, "running")⟦fetch.print⟧
    await asyncio.sleep({work})⟦fetch.sleep⟧
    return n * 2⟦fetch.return⟧


async def main():⟦main⟧
{PY_START}    print("BAD: fetch(1) without await")⟦m.bad⟧
    coroutine = fetch(1)⟦?⟧  # only creates a coroutine object: fetch's body does not run⟦m.coro⟧
    print("BAD: got a", type(coroutine).__name__, "- did fetch(1) run?", 1 in ran)⟦m.got⟧
    del coroutine⟦?⟧  # dropped unawaited: RuntimeWarning: coroutine 'fetch' was never awaited⟦m.del⟧
    print("GOOD: await fetch(2)")⟦m.good⟧
    result = await fetch(2)  # the fix: await it (or wrap it in asyncio.create_task and await that)⟦m.await⟧
    print("GOOD: got", result, "at", elapsed())⟦m.result⟧
"#,
        work = py_num(p.work)
    )
}

/// The course's lesson on a forgotten `await`: edit the program so that `fetch(1)` runs.
pub(crate) const LESSON: Lesson = Lesson {
    id: "mistakes-forgot_await",
    scenario: "mistakes",
    opens_with: &[("variant", "forgot_await")],
    title: "mistakes-variant-forgot_await",
    explain: "lesson-mistakes-forgot_await-explain",
    challenge: Challenge { goal: "lesson-mistakes-forgot_await-goal", change: Change::Program, starts_from: &[], judge: judge_lesson },
};

/// Met when `fetch 1 running` was printed by fetch()'s own print (so fetch(1) ran), with
/// no coroutine left unawaited.
fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let ran = seen.prints().iter().any(|(text, line)| *text == "fetch 1 running" && line.starts_with("print(\"fetch\", n, \"running\")"));
    let unawaited = crate::scenarios::diagnostics::of(run).iter().any(|d| d.kind == crate::scenarios::diagnostics::Kind::NeverAwaited);
    if ran && !unawaited {
        Judgement::met(Msg::new("lesson-mistakes-forgot_await-showed-ran"))
    } else {
        Judgement::missed(Msg::new("lesson-mistakes-forgot_await-showed-not-run"), Msg::new("predict-why-coroutine-object"))
    }
}

/// Predict first's question (`crate::scenarios::question`): did the body run?
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |_| vec![q::yes_no("ran", Msg::new("predict-q-forgot-await-ran"))],
    answer: q::outcome,
    step: |run, _| q::first(&run.report.trace, |e| matches!(e.kind, crate::runtime::EventKind::Warning(_))),
    why: |w| (w.given == &serde_json::json!(true)).then_some("predict-why-coroutine-object"),
};
