//! **mistakes** — the guide's common mistakes, each as a BAD and a GOOD part of one program:
//! a forgotten `await`, a dangling task, a blocking driver, no timeout, CPU-bound work on
//! the loop.

use std::rc::Rc;

use super::glossary::{self, Term};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::question;
use super::{Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;

mod blocking_driver;
mod cpu_bound;
mod dangling_task;
mod forgot_await;
mod no_timeout;

/// Each mistake's lesson, from its own file, in the guide's order.
pub(super) const LESSONS: &[&super::lesson::Lesson] =
    &[&forgot_await::LESSON, &dangling_task::LESSON, &blocking_driver::LESSON, &no_timeout::LESSON, &cpu_bound::LESSON];

pub(super) const SCENARIO: Scenario = Scenario::of::<Mistakes>(
    Kind::Mistakes,
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

pub(super) struct Mistakes;

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
    /// Every variant, with its parameter value.
    const ALL: [(Variant, &'static str); 5] = [
        (Variant::ForgotAwait, "forgot_await"),
        (Variant::DanglingTask, "dangling_task"),
        (Variant::BlockingDriver, "blocking_driver"),
        (Variant::NoTimeout, "no_timeout"),
        (Variant::CpuBound, "cpu_bound"),
    ];

    /// The parameter value: `forgot_await`, …
    fn id(self) -> &'static str {
        Variant::ALL.iter().find(|(v, _)| *v == self).map_or("forgot_await", |(_, id)| id)
    }

    /// The variant whose parameter value is `id` (the validator has checked it is one).
    fn of(id: &str) -> Variant {
        Variant::ALL.iter().find(|(_, name)| *name == id).map_or(Variant::ForgotAwait, |(v, _)| *v)
    }
}

/// The parameters of **mistakes**.
pub(super) struct Params {
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

/// The rendered programs' clock: seconds since main() started, as `round(…, 2)`.
const PY_ELAPSED: &str = "START = 0.0\n\n\ndef elapsed():⟦elapsed⟧\n    return round(time.perf_counter() - START, 2)⟦elapsed.return⟧\n";

/// The first lines of every rendered main().
const PY_START: &str = "    global START\n    START = time.perf_counter()⟦main.start⟧\n";

/// The number the CPU-bound jobs compute (small enough for a quick real run).
const BELOW: u64 = 100_000;

impl Def for Mistakes {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        let variant = Variant::of(v.text("variant")?);
        Ok(Params { variant, work: v.float("work")?, jobs: v.int("jobs")?, cores: v.int("cores")?, timeout: v.float("timeout")?, hang: v.float("hang")? })
    }

    fn python(p: &Params) -> String {
        let body = match p.variant {
            Variant::DanglingTask => dangling_task::python(p),
            Variant::BlockingDriver => blocking_driver::python(p),
            Variant::NoTimeout => no_timeout::python(p),
            Variant::CpuBound => return cpu_bound::python(p),
            Variant::ForgotAwait => forgot_await::python(p),
        };
        format!("import asyncio\nimport time\n\n{PY_ELAPSED}\n\n{body}\n\nasyncio.run(main())⟦run⟧\n")
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (work, jobs, cores, limit, hang) = (p.work, p.jobs, p.cores, p.timeout, p.hang);
        match p.variant {
            Variant::DanglingTask => Box::pin(dangling_task::run(work, src)),
            Variant::BlockingDriver => Box::pin(blocking_driver::run(work, jobs, src)),
            Variant::NoTimeout => Box::pin(no_timeout::run(limit, hang, src)),
            Variant::CpuBound => Box::pin(cpu_bound::run(work, jobs, cores, src)),
            Variant::ForgotAwait => Box::pin(forgot_await::run(work, src)),
        }
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
}

/// Predict first's questions (`super::question`): each variant's own (its file's `PREDICT`).
pub(super) const PREDICT: question::Predict = question::Predict {
    questions: |v| variant_predict(v).map_or_else(Vec::new, |p| (p.questions)(v)),
    answer: |run, id| (variant_predict(&run.params)?.answer)(run, id),
    step: |run, id| (variant_predict(&run.params)?.step)(run, id),
    why: |w| (variant_predict(&w.run.params)?.why)(w),
};

/// The questions of the variant `values` choose.
fn variant_predict(v: &Values) -> Option<&'static question::Predict> {
    Some(match v.text("variant").ok()? {
        "forgot_await" => &forgot_await::PREDICT,
        "dangling_task" => &dangling_task::PREDICT,
        "blocking_driver" => &blocking_driver::PREDICT,
        "no_timeout" => &no_timeout::PREDICT,
        "cpu_bound" => &cpu_bound::PREDICT,
        _ => return None,
    })
}
