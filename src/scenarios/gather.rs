//! **gather** — sequential awaits vs `create_task` + `gather` (the guide's `fetch`).

use std::rc::Rc;

use super::glossary::{self, Term};
use super::lesson::{keep_the_work, Challenge, Change, Judgement, Lesson, Seen};
use super::params::{Cross, ParamError, ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::{gather, inline, now, print, returned, sleep, spawn_at, spawn_eager_at, PyResult, PyVersion};
use crate::runtime::{EventKind, WaitOn};

pub(super) const SCENARIO: Scenario = Scenario::of::<Gather>(
    Kind::Gather,
    "gather",
    "gather-title",
    &[
        ParamSpec { name: "tasks", label: "gather-tasks", unit: "", help: "gather-tasks-help", kind: ParamKind::Int { default: 5, min: 1, max: 1000 } },
        ParamSpec {
            name: "delay",
            label: "gather-delay",
            unit: "s",
            help: "gather-delay-help",
            kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "mode",
            label: "gather-mode",
            unit: "",
            help: "gather-mode-help",
            kind: ParamKind::Choice {
                default: "both",
                options: &[("both", "gather-mode-both"), ("sequential", "gather-mode-sequential"), ("concurrent", "gather-mode-concurrent")],
            },
        },
        ParamSpec { name: "eager", label: "gather-eager", unit: "", help: "gather-eager-help", kind: ParamKind::Bool { default: false } },
    ],
    Some(Compare { param: "mode", a: "sequential", b: "concurrent" }),
    // eager=true under 3.11 (which refuses it when asked for) runs as eager=false
    &[
        "",
        "tasks=3&delay=0.1&mode=both",
        "tasks=1&mode=concurrent",
        "tasks=7&delay=0&mode=both",
        "tasks=3&delay=0.1&mode=concurrent&eager=true",
        "tasks=4&delay=0&mode=both&eager=true",
    ],
);

pub(super) struct Gather;

/// The parameters of **gather**.
pub(super) struct Params {
    tasks: i64,
    delay: f64,
    /// Runs the sequential version.
    sequential: bool,
    /// Runs the concurrent version.
    concurrent: bool,
    /// The tasks start eagerly (3.12+): their first step runs inside `create_task`.
    eager: bool,
    /// Whose asyncio: how eager start is written (3.14: `eager_start=True`; 3.12–3.13: the
    /// eager task factory; 3.11 has none).
    python: PyVersion,
}

/// `[0, 2, 4]`: a list of ints as Python writes it.
fn py_list(values: &[i64]) -> String {
    format!("[{}]", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
}

async fn fetch(n: i64, delay: f64, src: Rc<Source>) -> PyResult<i64> {
    src.at("fetch.sleep");
    sleep(delay).await?;
    src.at("fetch.return");
    returned((n * 2).to_string());
    Ok(n * 2)
}

impl Def for Gather {
    type Params = Params;

    const CROSS: &'static [Cross] = &[EAGER_NEEDS_3_12];

    fn read(v: &Values) -> Result<Params, ParamError> {
        let mode = v.text("mode")?;
        Ok(Params {
            tasks: v.int("tasks")?,
            delay: v.float("delay")?,
            sequential: mode != "concurrent",
            concurrent: mode != "sequential",
            eager: v.bool("eager")?,
            python: v.python(),
        })
    }

    fn check(p: &Params) -> Result<(), ParamError> {
        eager_needs_3_12(p.eager, p.python)
    }

    fn shown(p: &Params, name: &str) -> bool {
        name != "eager" || p.concurrent
    }

    fn python(p: &Params) -> String {
        let (n, delay) = (p.tasks, py_num(p.delay));
        let mut calls = String::new();
        if p.sequential {
            calls.push_str(&format!("    await sequential()⟦?⟧  # ~{} seconds⟦main.sequential⟧\n", py_num(p.tasks as f64 * p.delay)));
        }
        if p.concurrent {
            calls.push_str(&format!("    await concurrent()⟦?⟧  # ~{delay} second{}⟦main.concurrent⟧\n", if p.delay == 1.0 { "" } else { "s" }));
        }
        let eager = p.eager && p.python >= PyVersion::V3_12;
        let (factory, eager_arg) = match (eager, p.python >= PyVersion::V3_14) {
            (false, _) => ("", ""),
            (true, true) => ("", ", eager_start=True"),
            // 3.12–3.13: every create_task from here on starts eagerly
            (true, false) => ("    asyncio.get_running_loop().set_task_factory(asyncio.eager_task_factory)⟦conc.factory⟧\n", ""),
        };
        format!(
            r#"import asyncio
import time


async def fetch(n):⟦fetch⟧
    await asyncio.sleep({delay})⟦fetch.sleep⟧
    return n * 2⟦fetch.return⟧


async def sequential():⟦sequential⟧
    start = time.perf_counter()⟦seq.start⟧
    results = [await fetch(i) for i in range({n})]⟦seq.await⟧
    print("sequential:", time.perf_counter() - start)⟦seq.print⟧
    return results⟦seq.return⟧


async def concurrent():⟦concurrent⟧
    start = time.perf_counter()⟦conc.start⟧
{factory}    tasks = [asyncio.create_task(fetch(i){eager_arg}) for i in range({n})]⟦conc.create⟧
    results = await asyncio.gather(*tasks)⟦conc.gather⟧
    print("concurrent:", time.perf_counter() - start)⟦conc.print⟧
    return results⟦conc.return⟧


async def main():⟦main⟧
{calls}

asyncio.run(main())⟦run⟧
"#
        )
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (tasks, delay, run_sequential, run_concurrent, eager) = (p.tasks, p.delay, p.sequential, p.concurrent, p.eager);
        Box::pin(async move {
            let mut out = Outcome::new();
            let mut results = Vec::new();
            if run_sequential {
                src.at("main.sequential");
                let s = src.clone();
                let (elapsed, values) = inline(src.code("sequential"), "sequential()", async move {
                    s.at("seq.start");
                    let start = now();
                    s.at("seq.await");
                    let mut values = Vec::new();
                    for i in 0..tasks {
                        values.push(inline(s.code("fetch"), format!("fetch({i})"), fetch(i, delay, s.clone())).await?);
                        s.at("seq.await");
                    }
                    let elapsed = now() - start;
                    s.at("seq.print");
                    print(format!("sequential: {}", py_float(elapsed)));
                    s.at("seq.return");
                    returned(py_list(&values));
                    PyResult::Ok((elapsed, values))
                })
                .await?;
                results = values;
                out.insert("sequential_elapsed".into(), elapsed.into());
            }
            if run_concurrent {
                src.at("main.concurrent");
                let s = src.clone();
                let (elapsed, values) = inline(src.code("concurrent"), "concurrent()", async move {
                    s.at("conc.start");
                    let start = now();
                    s.at("conc.factory"); // 3.12–3.13 eager: the task factory (no such line otherwise)
                    s.at("conc.create");
                    let handles = (0..tasks)
                        .map(|i| {
                            let (code, label, call) = (s.code("fetch"), format!("fetch({i})"), fetch(i, delay, s.clone()));
                            if eager {
                                spawn_eager_at(code, &label, call) // an ordinary task on 3.11
                            } else {
                                spawn_at(code, &label, call)
                            }
                        })
                        .collect();
                    s.at("conc.gather");
                    let values = gather(handles).await?;
                    let elapsed = now() - start;
                    s.at("conc.print");
                    print(format!("concurrent: {}", py_float(elapsed)));
                    s.at("conc.return");
                    returned(py_list(&values));
                    PyResult::Ok((elapsed, values))
                })
                .await?;
                results = values;
                out.insert("concurrent_elapsed".into(), elapsed.into());
            }
            returned("None");
            out.insert("results".into(), results.into());
            if let (Some(s), Some(c)) = (out.get("sequential_elapsed").and_then(|v| v.as_f64()), out.get("concurrent_elapsed").and_then(|v| v.as_f64())) {
                out.insert("speedup".into(), if c > 0.0 { (s / c).into() } else { serde_json::Value::Null });
            }
            Ok(out)
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        glossary::entries(&[Term::Coroutine, Term::Task, Term::Await, Term::Gather, Term::EventLoop, Term::Timer])
    }

    fn summary(p: &Params) -> Msg {
        Msg::new("gather-summary").arg("tasks", p.tasks).arg("delay", p.delay).arg("total", p.tasks as f64 * p.delay)
    }

    fn headline(p: &Params, o: &Outcome) -> Msg {
        let num = |k: &str| o.get(k).and_then(serde_json::Value::as_f64);
        match (num("sequential_elapsed"), num("concurrent_elapsed")) {
            (Some(s), Some(c)) if c > 0.0 => {
                Msg::new("gather-headline-both").arg("sequential", s).arg("concurrent", c).arg("speedup", (s / c * 10.0).round() / 10.0)
            }
            (Some(s), Some(c)) => Msg::new("gather-headline-instant").arg("sequential", s).arg("concurrent", c),
            (Some(s), None) => Msg::new("gather-headline-sequential").arg("elapsed", s).arg("tasks", p.tasks).arg("delay", p.delay),
            (None, Some(c)) => Msg::new("gather-headline-concurrent").arg("elapsed", c).arg("tasks", p.tasks).arg("delay", p.delay),
            (None, None) => Msg::new("gather-title"),
        }
    }
}

/// `eager=true` needs 3.12 or newer: 3.11 has neither `eager_start` nor the eager task factory.
pub(super) const EAGER_NEEDS_3_12: Cross = Cross::NeedsPython { param: "eager", python: PyVersion::V3_12, message: "error-eager-needs-3-12" };

/// [`EAGER_NEEDS_3_12`].
pub(super) fn eager_needs_3_12(eager: bool, python: PyVersion) -> Result<(), ParamError> {
    if eager && python < PyVersion::V3_12 {
        return Err(ParamError::new("eager", Msg::new("error-eager-needs-3-12").arg("python", python.as_str())));
    }
    Ok(())
}

/// The course's lesson on **gather**: the five calls in under 1.5 s, each still sleeping.
pub(super) const LESSON: Lesson = Lesson {
    id: "gather",
    scenario: "gather",
    opens_with: &[],
    title: "gather-title",
    explain: "lesson-gather-explain",
    challenge: Challenge { goal: "lesson-gather-goal", change: Change::Parameters, starts_from: &[("mode", "sequential")], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let tasks = seen.param("tasks");
    match seen.num("concurrent_elapsed") {
        _ if tasks < 5.0 => {
            Judgement::missed(Msg::new("lesson-gather-showed-sequential").arg("tasks", tasks).arg("secs", seen.elapsed()), keep_the_work("tasks", 5.0))
        }
        _ if seen.param("delay") < 1.0 => {
            Judgement::missed(Msg::new("lesson-gather-showed").arg("tasks", tasks).arg("secs", seen.elapsed()), keep_the_work("delay", 1.0))
        }
        Some(secs) if secs < 1.5 => Judgement::met(Msg::new("lesson-gather-showed").arg("tasks", tasks).arg("secs", secs)),
        Some(secs) => Judgement::missed(
            Msg::new("lesson-gather-showed").arg("tasks", tasks).arg("secs", secs),
            Msg::new("predict-why-sequential-overlap").arg("tasks", tasks),
        ),
        None => {
            let secs = seen.num("sequential_elapsed").unwrap_or(seen.elapsed());
            Judgement::missed(
                Msg::new("lesson-gather-showed-sequential").arg("tasks", tasks).arg("secs", secs),
                Msg::new("predict-why-sequential-overlap").arg("tasks", tasks),
            )
        }
    }
}

/// Predict first's questions (`super::question`): each half's time, as the mode runs them.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let (n, d) = (q::num(v, "tasks"), q::num(v, "delay"));
        let mode = v.text("mode").unwrap_or("");
        let mut out = Vec::new();
        if mode != "concurrent" {
            out.push(q::secs("sequential_elapsed", Msg::new("predict-q-gather-sequential").arg("tasks", n).arg("delay", d)));
        }
        if mode != "sequential" {
            out.push(q::secs("concurrent_elapsed", Msg::new("predict-q-gather-concurrent").arg("tasks", n).arg("delay", d)));
        }
        out
    },
    answer: q::outcome,
    step: |run, id| {
        let trace = &run.report.trace;
        if id == "sequential_elapsed" {
            let children = q::first(trace, |e| matches!(e.kind, EventKind::Created { parent: Some(_), .. })).unwrap_or(trace.events.len());
            trace.events[..children].iter().rposition(|e| e.task == 1 && matches!(e.kind, EventKind::Wake { .. }))
        } else {
            // The moment every task is asleep at once: the last child to suspend before any wakes.
            let first_wake = q::first(trace, |e| e.task != 1 && matches!(e.kind, EventKind::Wake { .. })).unwrap_or(trace.events.len());
            trace.events[..first_wake].iter().rposition(|e| e.task != 1 && matches!(e.kind, EventKind::Suspended { on: WaitOn::Sleep { .. }, .. }))
        }
    },
    why: |w| match w.id {
        "concurrent_elapsed" if w.near(w.p("tasks") * w.p("delay")) => Some("predict-why-added-sleeps"),
        "concurrent_elapsed" if w.near(0.0) => Some("predict-why-gather-instant"),
        "sequential_elapsed" if w.near(w.p("delay")) => Some("predict-why-sequential-overlap"),
        _ => None,
    },
};
