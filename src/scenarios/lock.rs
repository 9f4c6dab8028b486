//! **lock** — a shared counter with an `await` between read and write loses updates;
//! `asyncio.Lock` fixes it (the guide's `increment`).

use std::cell::Cell;
use std::rc::Rc;

use super::glossary::{self, Term};
use super::lesson::{keep_the_work, Challenge, Change, Judgement, Lesson, Seen};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::py_num;
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::{gather, now, print, returned, sleep, spawn_at, var, Lock};
use crate::runtime::{EventKind, Trace};

pub(super) const SCENARIO: Scenario = Scenario::of::<LockScenario>(
    Kind::Lock,
    "lock",
    "lock-title",
    &[
        ParamSpec { name: "workers", label: "lock-workers", unit: "", help: "lock-workers-help", kind: ParamKind::Int { default: 100, min: 1, max: 10000 } },
        ParamSpec {
            name: "hold",
            label: "lock-hold",
            unit: "s",
            help: "lock-hold-help",
            kind: ParamKind::Float { default: 0.0, min: 0.0, max: 10.0, step: 0.01 },
        },
        ParamSpec { name: "use_lock", label: "lock-use_lock", unit: "", help: "lock-use_lock-help", kind: ParamKind::Bool { default: true } },
    ],
    Some(Compare { param: "use_lock", a: "false", b: "true" }),
    &["", "use_lock=false", "workers=5&hold=0.1&use_lock=true", "workers=5&hold=0.1&use_lock=false"],
);

pub(super) struct LockScenario;

/// The parameters of **lock**.
pub(super) struct Params {
    /// How many increment() calls run concurrently.
    workers: i64,
    /// The await between read and write (0: `sleep(0)`).
    hold: f64,
    use_lock: bool,
}

impl Def for LockScenario {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        Ok(Params { workers: v.int("workers")?, hold: v.float("hold")?, use_lock: v.bool("use_lock")? })
    }

    fn python(p: &Params) -> String {
        let yield_point = if p.hold == 0.0 {
            "await asyncio.sleep(0)  # simulate a yield point".to_string()
        } else {
            format!("await asyncio.sleep({})  # an await between read and write", py_num(p.hold))
        };
        let workers = p.workers;
        let body = if p.use_lock {
            format!("    async with lock:⟦inc.lock⟧\n        current = counter⟦inc.read⟧\n        {yield_point}⟦inc.await⟧\n        counter = current + 1⟦inc.write⟧\n")
        } else {
            format!("    # no lock: every task may read the counter before any writes it back\n    current = counter⟦inc.read⟧\n    {yield_point}⟦inc.await⟧\n    counter = current + 1⟦inc.write⟧\n")
        };
        let comment = if p.use_lock { format!("always {workers}, never less") } else { "fewer than expected: updates were lost".into() };
        format!(
            r#"import asyncio

counter = 0
lock = asyncio.Lock()


async def increment():⟦increment⟧
    global counter
{body}

async def main():⟦main⟧
    await asyncio.gather(*(increment() for _ in range({workers})))⟦main.gather⟧
    print(counter)⟦?⟧  # {comment}⟦main.print⟧


asyncio.run(main())⟦run⟧
"#
        )
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (workers, hold, use_lock) = (p.workers, p.hold, p.use_lock);
        Box::pin(async move {
            let counter = Rc::new(Cell::new(0i64));
            let lock = Lock::new();
            src.at("main.gather");
            let tasks = (0..workers)
                .map(|i| {
                    let (counter, lock, src) = (counter.clone(), lock.clone(), src.clone());
                    spawn_at(src.code("increment"), &format!("increment() #{i}"), async move {
                        let held = if use_lock {
                            src.at("inc.lock");
                            Some(lock.acquire().await?)
                        } else {
                            None
                        };
                        src.at("inc.read");
                        let current = counter.get();
                        var("current", current, false);
                        src.at("inc.await");
                        sleep(hold).await?;
                        src.at("inc.write");
                        counter.set(current + 1);
                        var("counter", current + 1, true);
                        if held.is_some() {
                            // the `async with` exit (lock.release()) runs at the `async with` line
                            src.at("inc.lock");
                        }
                        drop(held);
                        returned("None");
                        Ok(())
                    })
                })
                .collect();
            gather(tasks).await?;
            src.at("main.print");
            print(counter.get().to_string());
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! {
                "counter" => counter.get(),
                "expected" => workers,
                "lost_updates" => workers - counter.get(),
                "elapsed" => now(),
            })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        let mut terms = glossary::entries(&[Term::Task, Term::Lock, Term::RaceCondition, Term::Await, Term::ReadyQueue, Term::EventLoop]);
        terms[1] = Term::Lock.entry().param("use_lock");
        terms
    }

    fn summary(p: &Params) -> Msg {
        Msg::new(if p.use_lock { "lock-summary-locked" } else { "lock-summary-unlocked" }).arg("workers", p.workers)
    }

    fn headline(_p: &Params, o: &Outcome) -> Msg {
        let num = |k: &str| o.get(k).and_then(serde_json::Value::as_i64).unwrap_or(0);
        let (counter, expected) = (num("counter"), num("expected"));
        if counter == expected {
            Msg::new("lock-headline-exact").arg("counter", counter).arg("expected", expected)
        } else {
            Msg::new("lock-headline-lost").arg("counter", counter).arg("expected", expected).arg("lost", expected - counter)
        }
    }
}

/// The course's lesson on **lock**: the counter reaches 100 with 100 workers.
pub(super) const LESSON: Lesson = Lesson {
    id: "lock",
    scenario: "lock",
    opens_with: &[],
    title: "lock-title",
    explain: "lesson-lock-explain",
    challenge: Challenge { goal: "lesson-lock-goal", change: Change::Parameters, starts_from: &[("use_lock", "false")], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let workers = seen.param("workers");
    let counter = seen.num("counter").unwrap_or(0.0);
    let showed = Msg::new("lesson-lock-showed").arg("counter", counter).arg("workers", workers);
    if workers < 100.0 {
        Judgement::missed(showed, keep_the_work("workers", 100.0))
    } else if counter == workers {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("predict-why-atomic-increment").arg("expected", counter))
    }
}

/// Predict first's question (`super::question`): where the counter ends.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let prompt = Msg::new("predict-q-lock-counter")
            .arg("workers", q::num(v, "workers"))
            .arg("lock", Msg::new(if v.bool("use_lock").unwrap_or(true) { "yes" } else { "no" }));
        vec![q::count("counter", prompt)]
    },
    answer: q::outcome,
    step: |run, _| {
        let trace = &run.report.trace;
        lost_update(trace).or_else(|| q::last(trace, |e| matches!(e.kind, EventKind::Var { name: "counter", .. })))
    },
    why: |w| match w.run.params.bool("use_lock") {
        Ok(false) if w.near(w.p("workers")) => Some("predict-why-atomic-increment"),
        Ok(true) => Some("predict-why-lock-loses"),
        _ => None,
    },
};

/// The first write of `counter` that does not raise it above every earlier write: an update
/// lost.
fn lost_update(trace: &Trace) -> Option<usize> {
    let mut highest = i64::MIN;
    for (i, e) in trace.events.iter().enumerate() {
        if let EventKind::Var { name: "counter", value, global: true } = e.kind {
            if value <= highest {
                return Some(i);
            }
            highest = value;
        }
    }
    None
}
