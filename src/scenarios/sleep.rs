//! **sleep** — the event loop and `asyncio.sleep` (the guide's `say_hello`).

use std::rc::Rc;

use super::glossary::{self, Term};
use super::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use super::params::{ParamError, ParamKind, ParamSpec};
use super::python::py_num;
use super::question as q;
use super::RunResult;
use super::{Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::EventKind;
use crate::runtime::{now, print, returned, sleep, Entry};

pub(super) const SCENARIO: Scenario = Scenario::of::<Sleep>(
    Kind::Sleep,
    "sleep",
    "sleep-title",
    &[ParamSpec {
        name: "delay",
        label: "sleep-delay",
        unit: "s",
        help: "sleep-delay-help",
        kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 },
    }],
    None,
    &["delay=1", "delay=0", "delay=2.5"],
);

pub(super) struct Sleep;

/// The parameters of **sleep**.
pub(super) struct Params {
    /// How long say_hello() sleeps.
    delay: f64,
}

impl Def for Sleep {
    type Params = Params;

    fn read(v: &Values) -> Result<Params, ParamError> {
        Ok(Params { delay: v.float("delay")? })
    }

    fn python(p: &Params) -> String {
        format!(
            r#"import asyncio


async def say_hello():⟦say_hello⟧
    print("start")⟦start⟧
    await asyncio.sleep({delay})⟦sleep⟧
    print("end")⟦end⟧


asyncio.run(say_hello())⟦run⟧
"#,
            delay = py_num(p.delay)
        )
    }

    fn entry(_p: &Params, src: &Source) -> Entry {
        Entry { code: src.code("say_hello"), label: "say_hello()".into(), line: src.line("run"), ..Entry::default() }
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let delay = p.delay;
        Box::pin(async move {
            let mut log = Vec::new();
            src.at("start");
            print("start");
            log.push(serde_json::json!({"t": now(), "line": "start"}));
            src.at("sleep");
            sleep(delay).await?;
            src.at("end");
            print("end");
            log.push(serde_json::json!({"t": now(), "line": "end"}));
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! { "log" => log })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        glossary::entries(&[Term::EventLoop, Term::Coroutine, Term::Task, Term::Await, Term::Timer, Term::ReadyQueue])
    }

    fn summary(p: &Params) -> Msg {
        Msg::new("sleep-summary").arg("delay", p.delay)
    }

    fn headline(p: &Params, _outcome: &Outcome) -> Msg {
        Msg::new("sleep-headline").arg("delay", p.delay)
    }
}

/// The course's lesson on **sleep**: make `say_hello()` take 2.5 s.
pub(super) const LESSON: Lesson = Lesson {
    id: "sleep",
    scenario: "sleep",
    opens_with: &[],
    title: "sleep-title",
    explain: "lesson-sleep-explain",
    challenge: Challenge { goal: "lesson-sleep-goal", change: Change::Parameters, starts_from: &[], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let showed = Msg::new("lesson-sleep-showed").arg("secs", seen.elapsed());
    if (seen.elapsed() - 2.5).abs() <= 0.05 {
        Judgement::met(showed)
    } else {
        Judgement::missed(showed, Msg::new("predict-why-sleep-zero").arg("expected", seen.param("delay")))
    }
}

/// Predict first's question (`super::question`): how long the run takes.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| vec![q::secs("elapsed", Msg::new("predict-q-sleep-elapsed").arg("delay", q::num(v, "delay")))],
    answer: |run, _| q::elapsed(run),
    step: |run, _| q::last(&run.report.trace, |e| matches!(e.kind, EventKind::Wake { .. })),
    why: |w| w.near(0.0).then_some("predict-why-sleep-zero"),
};
