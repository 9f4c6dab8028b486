//! **blocking** — the blocking-call trap: `time.sleep()` on the loop freezes every task;
//! `asyncio.sleep()` and `asyncio.to_thread()` do not (the guide's `bad` / `good`).

use std::cell::RefCell;
use std::rc::Rc;

use super::common::{elapsed_in, py_round};
use super::glossary::{self, Term};
use super::lesson::{keep_the_work, Challenge, Change, Judgement, Lesson, Seen};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::{blocking_sleep, now, print, returned, sleep, spawn_at, to_thread, yield_now, Job, PyResult};
use crate::runtime::{EventKind, Trace};

pub(super) const SCENARIO: Scenario = Scenario::of::<Blocking>(
    Kind::Blocking,
    "blocking",
    "blocking-title",
    &[
        ParamSpec {
            name: "heartbeats",
            label: "blocking-heartbeats",
            unit: "",
            help: "blocking-heartbeats-help",
            kind: ParamKind::Int { default: 3, min: 1, max: 100 },
        },
        ParamSpec {
            name: "interval",
            label: "blocking-interval",
            unit: "s",
            help: "blocking-interval-help",
            kind: ParamKind::Float { default: 0.1, min: 0.01, max: 10.0, step: 0.01 },
        },
        ParamSpec {
            name: "block",
            label: "blocking-block",
            unit: "s",
            help: "blocking-block-help",
            kind: ParamKind::Float { default: 2.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "mode",
            label: "blocking-mode",
            unit: "",
            help: "blocking-mode-help",
            kind: ParamKind::Choice {
                default: "blocking",
                options: &[("blocking", "blocking-mode-blocking"), ("sleep", "blocking-mode-sleep"), ("to_thread", "blocking-mode-to_thread")],
            },
        },
    ],
    Some(Compare { param: "mode", a: "blocking", b: "to_thread" }),
    &["mode=to_thread", "mode=sleep&heartbeats=5&interval=0.3&block=1", "heartbeats=4&interval=0.25&block=0.6", "mode=to_thread&block=0"],
);

pub(super) struct Blocking;

/// How main() waits.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// `time.sleep()` on the loop.
    Blocking,
    /// `await asyncio.sleep()`.
    Sleep,
    /// `await asyncio.to_thread(time.sleep, …)`.
    ToThread,
}

/// The parameters of **blocking**.
pub(super) struct Params {
    heartbeats: i64,
    interval: f64,
    block: f64,
    mode: Mode,
}

/// How main() waits, as Python code: `time.sleep(2)`, `await asyncio.sleep(2)`, …
fn call(mode: Mode, block: f64) -> String {
    let block = py_num(block);
    match mode {
        Mode::Blocking => format!("time.sleep({block})"),
        Mode::Sleep => format!("await asyncio.sleep({block})"),
        Mode::ToThread => format!("await asyncio.to_thread(time.sleep, {block})"),
    }
}

impl Def for Blocking {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        let mode = match v.text("mode")? {
            "sleep" => Mode::Sleep,
            "to_thread" => Mode::ToThread,
            _ => Mode::Blocking,
        };
        Ok(Params { heartbeats: v.int("heartbeats")?, interval: v.float("interval")?, block: v.float("block")?, mode })
    }

    /// `time.sleep(block)` on the loop, in the blocking mode.
    fn longest_block(p: &Params) -> Option<super::limits::Block> {
        (p.mode == Mode::Blocking).then_some(super::limits::Block { secs: p.block, params: &["block"] })
    }

    fn python(p: &Params) -> String {
        let (beats, interval, mode) = (p.heartbeats, py_num(p.interval), p.mode);
        let what = call(mode, p.block);
        let comment = match mode {
            Mode::Blocking => "BAD: blocks the whole event loop",
            Mode::Sleep => "GOOD: yields control back to the loop",
            Mode::ToThread => "GOOD: the blocking call runs in a worker thread",
        };
        format!(
            r#"import asyncio
import time

START = 0.0
gaps = []


def elapsed():⟦elapsed⟧
    return round(time.perf_counter() - START, 2)⟦elapsed.return⟧


async def heartbeat():⟦heartbeat⟧
    last = time.perf_counter()⟦hb.last⟧
    for i in range(1, {beats} + 1):⟦hb.for⟧
        await asyncio.sleep({interval})⟦hb.sleep⟧
        now = time.perf_counter()⟦hb.now⟧
        gaps.append(now - last)  # on time, this is {interval}⟦hb.gap⟧
        last = now⟦hb.last_now⟧
        print("heartbeat", i, "at", elapsed())⟦hb.print⟧


async def main():⟦main⟧
    global START
    START = time.perf_counter()⟦main.start⟧
    beat = asyncio.create_task(heartbeat())⟦main.create⟧
    await asyncio.sleep(0)  # the heartbeat starts and schedules its first beat⟦main.yield⟧
    print("main: {what} at", elapsed())⟦main.print_what⟧
    {what}  # {comment}⟦main.wait⟧
    print("main: done waiting at", elapsed())⟦main.done_waiting⟧
    await beat⟦main.await_beat⟧
    print("largest gap between heartbeats:", round(max(gaps), 2))⟦main.gap⟧


asyncio.run(main())⟦run⟧
"#
        )
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (beats, interval, block, mode) = (p.heartbeats, p.interval, p.block, p.mode);
        Box::pin(async move {
            src.at("main.start");
            let start = now();
            let gaps = Rc::new(RefCell::new(Vec::<f64>::new()));
            src.at("main.create");
            let beat = {
                let (gaps, s) = (gaps.clone(), src.clone());
                spawn_at(src.code("heartbeat"), "heartbeat()", async move {
                    s.at("hb.last");
                    let mut last = now();
                    for i in 1..=beats {
                        s.at("hb.for");
                        s.at("hb.sleep");
                        sleep(interval).await?;
                        s.at("hb.now");
                        let t = now();
                        s.at("hb.gap");
                        gaps.borrow_mut().push(t - last);
                        s.at("hb.last_now");
                        last = t;
                        s.at("hb.print");
                        print(format!("heartbeat {i} at {}", elapsed_in(&s, start)));
                    }
                    s.at("hb.for");
                    returned("None");
                    PyResult::Ok(())
                })
            };
            src.at("main.yield");
            yield_now().await?;
            src.at("main.print_what");
            print(format!("main: {} at {}", call(mode, block), elapsed_in(&src, start)));
            src.at("main.wait");
            match mode {
                Mode::Blocking => blocking_sleep(block),
                Mode::Sleep => sleep(block).await?,
                Mode::ToThread => {
                    to_thread(Job::BlockingSleep { secs: block }).await?;
                }
            }
            src.at("main.done_waiting");
            print(format!("main: done waiting at {}", elapsed_in(&src, start)));
            src.at("main.await_beat");
            beat.await?;
            let max_gap = gaps.borrow().iter().copied().fold(0.0, f64::max);
            src.at("main.gap");
            print(format!("largest gap between heartbeats: {}", py_float(py_round(max_gap, 2))));
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! {
                "max_heartbeat_gap" => py_round(max_gap, 6),
                "elapsed" => py_round(now() - start, 6),
                "worker_used" => mode == Mode::ToThread,
            })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        glossary::entries(&[Term::EventLoop, Term::BlockingCall, Term::WorkerThread, Term::Await, Term::Timer, Term::Task])
    }

    fn summary(p: &Params) -> Msg {
        let id = match p.mode {
            Mode::Blocking => "blocking-summary-blocking",
            Mode::Sleep => "blocking-summary-sleep",
            Mode::ToThread => "blocking-summary-to_thread",
        };
        Msg::new(id).arg("interval", p.interval).arg("block", p.block)
    }

    fn headline(p: &Params, o: &Outcome) -> Msg {
        let gap = o.get("max_heartbeat_gap").and_then(serde_json::Value::as_f64).unwrap_or(0.0);
        Msg::new("blocking-headline").arg("gap", gap).arg("interval", p.interval)
    }
}

/// The course's lesson on **blocking**: the heartbeat stays on time while the 2 s call runs.
pub(super) const LESSON: Lesson = Lesson {
    id: "blocking",
    scenario: "blocking",
    opens_with: &[],
    title: "blocking-title",
    explain: "lesson-blocking-explain",
    challenge: Challenge { goal: "lesson-blocking-goal", change: Change::Parameters, starts_from: &[("mode", "blocking")], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let gap = seen.num("max_heartbeat_gap").unwrap_or(f64::INFINITY);
    let showed = Msg::new("lesson-blocking-showed").arg("gap", gap).arg("interval", seen.param("interval"));
    if seen.param("block") < 2.0 {
        Judgement::missed(showed, keep_the_work("block", 2.0))
    } else if gap <= seen.param("interval") * 1.5 + 1e-9 {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("predict-why-sleep-keeps-ticking"))
    }
}

/// Predict first's questions (`super::question`): the heartbeats while main() waits, and the
/// run's time.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let mode = v.text("mode").unwrap_or("").to_string();
        vec![
            q::count("heartbeats_while_waiting", Msg::new("predict-q-blocking-heartbeats").arg("mode", mode).arg("block", q::num(v, "block"))),
            q::secs("elapsed", Msg::new("predict-q-blocking-elapsed")),
        ]
    },
    answer: |run, id| match id {
        "elapsed" => q::elapsed(run),
        "heartbeats_while_waiting" => Some(serde_json::json!(heartbeats_while_waiting(&run.report.trace)?)),
        _ => q::outcome(run, id),
    },
    step: |run, id| {
        let trace = &run.report.trace;
        match id {
            "heartbeats_while_waiting" => q::first(trace, |e| matches!(e.kind, EventKind::Blocked { .. })).or_else(|| {
                let from = *q::prints_of(trace, 1).first()?;
                trace.events.iter().enumerate().skip(from).find(|(_, e)| e.task != 1 && matches!(e.kind, EventKind::Print(_))).map(|(i, _)| i)
            }),
            _ => q::last(trace, |e| e.task == 1 && matches!(e.kind, EventKind::Resumed(_))),
        }
    },
    why: |w| match w.id {
        "heartbeats_while_waiting" if w.text("mode") == "blocking" => Some("predict-why-sleep-keeps-ticking"),
        "heartbeats_while_waiting" if w.near(0.0) => Some("predict-why-await-frees-loop"),
        "elapsed" if w.text("mode") == "blocking" && w.near(w.p("block")) => Some("predict-why-block-then-beats"),
        "elapsed" if w.near(w.p("block") + w.p("heartbeats") * w.p("interval")) => Some("predict-why-beats-after"),
        _ => None,
    },
};

/// Heartbeats printed between main()'s first print (it starts waiting) and its second (done
/// waiting), in the order the run printed them.
fn heartbeats_while_waiting(trace: &Trace) -> Option<i64> {
    let main_prints = q::prints_of(trace, 1);
    let (from, to) = (*main_prints.first()?, *main_prints.get(1)?);
    Some(trace.events[from..to].iter().filter(|e| e.task != 1 && matches!(e.kind, EventKind::Print(_))).count() as i64)
}
