//! **timeout** — `asyncio.timeout()` (and the older `wait_for()`) cancels a slow call at its
//! await point, runs its cleanup, and raises `TimeoutError` (the guide's `slow_call`).

use std::cell::Cell;
use std::rc::Rc;

use super::common::{elapsed_in, py_round};
use super::glossary::{self, Term};
use super::lesson::{self, Challenge, Change, Judgement, Lesson};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::py_num;
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::EventKind;
use crate::runtime::{inline, now, print, raised, returned, sleep, timeout, wait_for_at, Exc, PyResult, PyVersion};

pub(super) const SCENARIO: Scenario = Scenario::of::<TimeoutScenario>(
    Kind::Timeout,
    "timeout",
    "timeout-title",
    &[
        ParamSpec {
            name: "timeout",
            label: "timeout-timeout",
            unit: "s",
            help: "timeout-timeout-help",
            kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "duration",
            label: "timeout-duration",
            unit: "s",
            help: "timeout-duration-help",
            kind: ParamKind::Float { default: 10.0, min: 0.0, max: 600.0, step: 0.5 },
        },
        ParamSpec {
            name: "api",
            label: "timeout-api",
            unit: "",
            help: "timeout-api-help",
            kind: ParamKind::Choice { default: "timeout", options: &[("timeout", "timeout-api-timeout"), ("wait_for", "timeout-api-wait_for")] },
        },
    ],
    Some(Compare { param: "api", a: "timeout", b: "wait_for" }),
    &["api=wait_for", "duration=1.5", "timeout=2&duration=2", "api=wait_for&timeout=0"],
);

pub(super) struct TimeoutScenario;

/// The parameters of **timeout**.
pub(super) struct Params {
    /// The deadline, in seconds.
    limit: f64,
    /// How long slow_call() sleeps.
    duration: f64,
    /// `asyncio.wait_for` rather than `asyncio.timeout`.
    wait_for: bool,
    /// Whose wait_for the summary explains.
    python: PyVersion,
}

/// What slow_call() went through: when it was cancelled, whether its finally-block ran.
#[derive(Default)]
struct Seen {
    cancelled_at: Cell<Option<f64>>,
    cleanup_ran: Cell<bool>,
}

async fn slow_call(duration: f64, start: f64, seen: Rc<Seen>, src: Rc<Source>) -> PyResult<()> {
    src.at("slow.started");
    print("slow_call: started");
    src.at("slow.try");
    src.at("slow.sleep");
    let slept = sleep(duration).await;
    match &slept {
        Ok(()) => {
            src.at("slow.finished");
            print(format!("slow_call: finished at {}", elapsed_in(&src, start)));
        }
        Err(e) if e.is_cancelled() => {
            seen.cancelled_at.set(Some(now()));
            src.at("slow.except");
            src.at("slow.cancelled");
            print(format!("slow_call: CancelledError at {}", elapsed_in(&src, start)));
            src.at("slow.reraise");
        }
        Err(_) => {}
    }
    src.at("slow.cleanup");
    print("slow_call: cleanup in finally");
    seen.cleanup_ran.set(true);
    if slept.is_ok() {
        returned("None");
    }
    slept
}

impl Def for TimeoutScenario {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        Ok(Params { limit: v.float("timeout")?, duration: v.float("duration")?, wait_for: v.text("api")? == "wait_for", python: v.python() })
    }

    fn python(p: &Params) -> String {
        let (limit, duration) = (py_num(p.limit), py_num(p.duration));
        let bounded = if p.wait_for {
            format!("        await asyncio.wait_for(slow_call(), timeout={limit})⟦main.call⟧\n")
        } else {
            format!("        async with asyncio.timeout({limit}):⟦main.with⟧\n            await slow_call()⟦main.call⟧\n")
        };
        format!(
            r#"import asyncio
import time

START = 0.0


def elapsed():⟦elapsed⟧
    return round(time.perf_counter() - START, 2)⟦elapsed.return⟧


async def slow_call():⟦slow_call⟧
    print("slow_call: started")⟦slow.started⟧
    try:⟦slow.try⟧
        await asyncio.sleep({duration})⟦slow.sleep⟧
        print("slow_call: finished at", elapsed())⟦slow.finished⟧
    except asyncio.CancelledError:⟦slow.except⟧
        # the timeout cancels us here, at the await we are stuck in
        print("slow_call: CancelledError at", elapsed())⟦slow.cancelled⟧
        raise⟦slow.reraise⟧
    finally:
        print("slow_call: cleanup in finally")  # close connections, files, ...⟦slow.cleanup⟧


async def main():⟦main⟧
    global START
    START = time.perf_counter()⟦main.start⟧
    try:⟦main.try⟧
{bounded}        print("main: slow_call() returned at", elapsed())⟦main.returned⟧
    except TimeoutError:⟦main.except⟧
        print("main: operation timed out after {limit}s")⟦main.timedout⟧
    print("main: elapsed", elapsed())⟦main.elapsed⟧


asyncio.run(main())⟦run⟧
"#
        )
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (limit, duration, use_wait_for) = (p.limit, p.duration, p.wait_for);
        Box::pin(async move {
            src.at("main.start");
            let start = now();
            src.at("main.try");
            let seen = Rc::new(Seen::default());
            let call = slow_call(duration, start, seen.clone(), src.clone());
            let code = src.code("slow_call");
            let result = if use_wait_for {
                src.at("main.call");
                let r = wait_for_at(code, "slow_call()", call, Some(limit)).await;
                if let Err(e) = &r {
                    raised(e.type_name().to_string()); // what wait_for raises into main
                }
                r
            } else {
                src.at("main.with");
                let s = src.clone();
                let r = timeout(limit, async move {
                    s.at("main.call");
                    let r = inline(code, "slow_call()", call).await;
                    if let Err(e) = &r {
                        raised(e.type_name().to_string()); // slow_call()'s exception reaches main
                    }
                    s.at("main.with"); // the async with's exit
                    r
                })
                .await;
                if let Err(Exc::Timeout) = &r {
                    raised("TimeoutError"); // the exit turned the CancelledError into it
                }
                r
            };
            let timed_out = match result {
                Ok(()) => {
                    src.at("main.returned");
                    print(format!("main: slow_call() returned at {}", elapsed_in(&src, start)));
                    false
                }
                Err(Exc::Timeout) => {
                    src.at("main.except");
                    src.at("main.timedout");
                    print(format!("main: operation timed out after {}s", py_num(limit)));
                    true
                }
                Err(other) => return Err(other),
            };
            src.at("main.elapsed");
            print(format!("main: elapsed {}", elapsed_in(&src, start)));
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! {
                "timed_out" => timed_out,
                "elapsed" => py_round(now() - start, 6),
                "cleanup_ran" => seen.cleanup_ran.get(),
                "cancelled_at" => seen.cancelled_at.get().map(|t| py_round(t, 6)),
            })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        let mut terms = vec![Term::Timeout.entry().param("timeout")];
        terms.extend(glossary::entries(&[Term::Cancellation, Term::Task, Term::Await, Term::Timer, Term::EventLoop]));
        terms
    }

    fn summary(p: &Params) -> Msg {
        let id = match (p.wait_for, p.python.wait_for_uses_timeout()) {
            (false, _) => "timeout-summary-timeout",
            (true, true) => "timeout-summary-wait_for",
            (true, false) => "timeout-summary-wait_for-3-11",
        };
        Msg::new(id).arg("timeout", p.limit).arg("duration", p.duration)
    }

    fn headline(_p: &Params, o: &Outcome) -> Msg {
        let elapsed = o.get("elapsed").and_then(serde_json::Value::as_f64).unwrap_or(0.0);
        if o.get("timed_out").and_then(serde_json::Value::as_bool).unwrap_or(false) {
            let cleanup = o.get("cleanup_ran").and_then(serde_json::Value::as_bool).unwrap_or(false);
            Msg::new(if cleanup { "timeout-headline-cleanup" } else { "timeout-headline-no-cleanup" }).arg("elapsed", elapsed)
        } else {
            Msg::new("timeout-headline-in-time").arg("elapsed", elapsed)
        }
    }
}

/// The course's lesson on **timeout**: the caller gets `TimeoutError` after 2 s, the
/// cleanup printed.
pub(super) const LESSON: Lesson = Lesson {
    id: "timeout",
    scenario: "timeout",
    opens_with: &[],
    title: "timeout-title",
    explain: "lesson-timeout-explain",
    challenge: Challenge { goal: "lesson-timeout-goal", change: Change::Parameters, starts_from: &[("timeout", "20")], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = lesson::Seen(run);
    let timed_out = seen.value("timed_out").and_then(serde_json::Value::as_bool).unwrap_or(false);
    let cleanup = seen.value("cleanup_ran").and_then(serde_json::Value::as_bool).unwrap_or(false);
    if !timed_out {
        return Judgement::missed(Msg::new("lesson-timeout-showed-finished").arg("secs", seen.elapsed()), Msg::new("predict-why-timeout-always-fires"));
    }
    let showed = Msg::new("lesson-timeout-showed").arg("secs", seen.elapsed());
    if (seen.elapsed() - 2.0).abs() > 0.05 {
        Judgement::missed(showed, Msg::new("lesson-deadline-is-the-timeout").arg("want", 2.0))
    } else if !cleanup {
        Judgement::missed(showed, Msg::new("predict-why-finally-runs"))
    } else {
        Judgement::met(showed)
    }
}

/// Predict first's questions (`super::question`): whether the call timed out, when, and
/// whether its cleanup ran.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let (t, d) = (q::num(v, "timeout"), q::num(v, "duration"));
        vec![
            q::yes_no("timed_out", Msg::new("predict-q-timeout-timed-out").arg("timeout", t).arg("duration", d)),
            q::secs("elapsed", Msg::new("predict-q-timeout-elapsed")),
            q::yes_no("cleanup_ran", Msg::new("predict-q-timeout-cleanup")),
        ]
    },
    answer: q::outcome,
    step: |run, id| {
        let trace = &run.report.trace;
        match id {
            "cleanup_ran" => q::first(trace, |e| matches!(&e.kind, EventKind::Print(p) if p.contains("finally")))
                .or_else(|| q::first(trace, |e| matches!(e.kind, EventKind::CancelRequested { .. }))),
            _ => q::first(trace, |e| matches!(e.kind, EventKind::CancelRequested { by: None }))
                .or_else(|| q::first(trace, |e| matches!(e.kind, EventKind::DeadlineOff))),
        }
    },
    why: |w| {
        let timed_out = w.outcome_true("timed_out");
        match w.id {
            "elapsed" | "timed_out" if timed_out && (w.near(w.p("duration")) || w.given == &serde_json::json!(false)) => Some("predict-why-timeout-waits-call"),
            "elapsed" if w.near(0.0) => Some("predict-why-timeout-at-once"),
            "elapsed" | "timed_out" if !timed_out => Some("predict-why-timeout-always-fires"),
            "cleanup_ran" if w.given == &serde_json::json!(false) => Some("predict-why-finally-runs"),
            // No cleanup though it timed out: the call was cancelled before its first step.
            "cleanup_ran" if timed_out => Some("predict-why-cancelled-before-start"),
            "cleanup_ran" => Some("predict-why-no-cancel-no-cleanup"),
            _ => None,
        }
    },
};
