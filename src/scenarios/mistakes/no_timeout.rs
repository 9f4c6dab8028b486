//! **mistakes**, `variant=no_timeout`: a call to a server that never answers waits forever
//! without a deadline; the GOOD half wraps it in `asyncio.timeout`.

use std::rc::Rc;

use super::{Params, PY_START};
use crate::i18n::Msg;
use crate::runtime::{inline, now, print, raised, returned, sleep, spawn_at, timeout, Event, Exc, PyResult};
use crate::scenarios::common::elapsed_in;
use crate::scenarios::common::py_round;
use crate::scenarios::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use crate::scenarios::outcome;
use crate::scenarios::python::{py_bool, py_num};
use crate::scenarios::question as q;
use crate::scenarios::RunResult;
use crate::scenarios::{Outcome, Source};

/// A request to a server that accepted the connection and never answers.
async fn call_server(src: Rc<Source>) -> PyResult<()> {
    let s = src.clone();
    inline(src.code("call_server"), "call_server()", async move {
        s.at("cs.wait");
        Event::new().wait().await
    })
    .await
}

pub(super) async fn run(limit: f64, hang: f64, src: Rc<Source>) -> PyResult<Outcome> {
    src.at("main.start");
    let start = now();
    src.at("m.bad");
    let s = src.clone();
    let bad = spawn_at(src.code("handler_without_timeout"), "handler_without_timeout()", async move {
        s.at("hw.try");
        s.at("hw.call");
        let r = call_server(s.clone()).await;
        if matches!(r, Err(Exc::Cancelled(_))) {
            s.at("hw.except");
            s.at("hw.cancelled");
            print(format!("BAD: still waiting at {} - cancelled only because the program ends", elapsed_in(&s, start)));
            s.at("hw.reraise");
        }
        r
    });
    src.at("m.good");
    let s = src.clone();
    let good = spawn_at(src.code("handler_with_timeout"), "handler_with_timeout()", async move {
        s.at("ht.try");
        s.at("ht.with");
        let inner = s.clone();
        let bounded = timeout(limit, async move {
            inner.at("ht.call");
            let r = call_server(inner.clone()).await;
            inner.at("ht.with"); // the async with's exit
            r
        });
        match bounded.await {
            Err(Exc::Timeout) => {
                raised("TimeoutError"); // the exit turned the CancelledError into it
                s.at("ht.except");
                s.at("ht.timeout");
                print(format!("GOOD: TimeoutError at {} - the handler can answer with an error", elapsed_in(&s, start)));
                returned("None");
                Ok(Some(now() - start))
            }
            Err(other) => {
                s.at("ht.except"); // `except TimeoutError` does not match: it propagates
                Err(other)
            }
            Ok(()) => Ok(None),
        }
    });
    src.at("m.sleep");
    sleep(hang).await?;
    src.at("m.print");
    print(format!("main: after {}s, BAD handler finished? {} - GOOD handler finished? {}", py_num(hang), py_bool(bad.done()), py_bool(good.done())));
    returned("None");
    let good_at = good.result().and_then(Result::ok).flatten();
    Ok(outcome! {
        "bad_waiting" => !bad.done(),
        "good_raised" => good_at.map(|_| "TimeoutError"),
        "good_at" => good_at.map(|t| py_round(t, 6)),
        "waited" => hang,
    })
}

pub(super) fn python(p: &Params) -> String {
    format!(
        r#"async def call_server():⟦call_server⟧
    """A request to a server that accepted the connection and never answers."""
    await asyncio.Event().wait()⟦cs.wait⟧


async def handler_without_timeout():⟦handler_without_timeout⟧
    try:⟦hw.try⟧
        await call_server()  # BAD: may wait forever, holding whatever it holds⟦hw.call⟧
    except asyncio.CancelledError:⟦hw.except⟧
        print("BAD: still waiting at", elapsed(), "- cancelled only because the program ends")⟦hw.cancelled⟧
        raise⟦hw.reraise⟧


async def handler_with_timeout():⟦handler_with_timeout⟧
    try:⟦ht.try⟧
        async with asyncio.timeout({limit}):  # GOOD: every external call gets a deadline⟦ht.with⟧
            await call_server()⟦ht.call⟧
    except TimeoutError:⟦ht.except⟧
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

/// The course's lesson on a call without a timeout: make the good call give up after 1 s
/// while the server hangs.
pub(crate) const LESSON: Lesson = Lesson {
    id: "mistakes-no_timeout",
    scenario: "mistakes",
    opens_with: &[("variant", "no_timeout")],
    title: "mistakes-variant-no_timeout",
    explain: "lesson-mistakes-no_timeout-explain",
    challenge: Challenge { goal: "lesson-mistakes-no_timeout-goal", change: Change::Parameters, starts_from: &[], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    if seen.value("good_raised").and_then(serde_json::Value::as_str) != Some("TimeoutError") {
        return Judgement::missed(
            Msg::new("lesson-mistakes-no_timeout-showed-answered").arg("secs", seen.param("hang")),
            Msg::new("predict-why-timeout-always-fires"),
        );
    }
    let at = seen.num("good_at").unwrap_or(0.0);
    let showed = Msg::new("lesson-mistakes-no_timeout-showed").arg("secs", at).arg("waited", seen.num("waited").unwrap_or(0.0));
    if (at - 1.0).abs() <= 0.05 {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("lesson-deadline-is-the-timeout").arg("want", 1.0))
    }
}

/// Predict first's questions (`crate::scenarios::question`): when the GOOD handler gets its
/// `TimeoutError`, and whether the BAD one is still waiting.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let mut out = vec![q::yes_no("bad_waiting", Msg::new("predict-q-no-timeout-bad"))];
        if q::num(v, "hang") > q::num(v, "timeout") {
            // (A call that answers before its timeout raises nothing to ask about.)
            out.insert(0, q::secs("good_at", Msg::new("predict-q-no-timeout-good").arg("timeout", q::num(v, "timeout"))));
        }
        out
    },
    answer: q::outcome,
    step: |run, id| {
        use crate::runtime::EventKind;
        let trace = &run.report.trace;
        match id {
            "good_at" => q::first(trace, |e| matches!(e.kind, EventKind::CancelRequested { by: None }))
                .or_else(|| q::first(trace, |e| matches!(e.kind, EventKind::DeadlineOff))),
            _ => q::last(trace, |e| matches!(e.kind, EventKind::CancelRequested { .. })),
        }
    },
    why: |w| match w.id {
        "good_at" if w.near(w.p("hang")) => Some("predict-why-timeout-waits-call"),
        "bad_waiting" if w.given == &serde_json::json!(false) => Some("predict-why-no-timeout-waits"),
        _ => None,
    },
};
