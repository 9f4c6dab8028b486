//! **mistakes**, `variant=dangling_task`: a task nobody keeps a reference to or awaits is
//! cancelled when `asyncio.run()` ends; the GOOD half keeps it in a set and gathers it. (The
//! other way such a task is lost — the loop holds it only weakly, so the garbage collector
//! may take it mid-run, when it runs — depends on CPython's collector, which the executor
//! does not model; the lesson's summary says so, beside the same fix.)

use std::cell::RefCell;
use std::rc::Rc;

use super::{Params, PY_START};
use crate::i18n::Msg;
use crate::runtime::{gather, now, print, returned, sleep, spawn_at, yield_now, PyResult, TaskHandle};
use crate::scenarios::common::elapsed_in;
use crate::scenarios::common::py_round;
use crate::scenarios::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use crate::scenarios::outcome;
use crate::scenarios::python::py_num;
use crate::scenarios::question as q;
use crate::scenarios::RunResult;
use crate::scenarios::{Outcome, Source};

async fn save(name: &'static str, work: f64, start: f64, src: Rc<Source>) -> PyResult<()> {
    src.at("save.print");
    print(format!("{name}: saving"));
    src.at("save.try");
    src.at("save.sleep");
    if let Err(e) = sleep(work).await {
        if e.is_cancelled() {
            src.at("save.except");
            src.at("save.cancelled");
            print(format!("{name}: cancelled at {} - never saved", elapsed_in(&src, start)));
            src.at("save.reraise");
        }
        return Err(e);
    }
    src.at("save.saved");
    print(format!("{name}: saved at {}", elapsed_in(&src, start)));
    returned("None");
    Ok(())
}

pub(super) async fn run(work: f64, src: Rc<Source>) -> PyResult<Outcome> {
    src.at("main.start");
    let start = now();
    let background: Rc<RefCell<Vec<TaskHandle<()>>>> = Rc::default();
    src.at("m.good");
    print("GOOD: keep a reference to the task and wait for it");
    src.at("m.create_good");
    let good = spawn_at(src.code("save"), "save('good')", save("good", work, start, src.clone()));
    src.at("m.add");
    background.borrow_mut().push(good.clone());
    src.at("m.callback");
    let (set, id) = (background.clone(), good.id());
    good.add_done_callback(move || set.borrow_mut().retain(|t| t.id() != id));
    let pending = background.borrow().clone();
    src.at("m.gather");
    gather(pending).await?;
    src.at("m.bad");
    print("BAD: create the task, keep no reference, return");
    src.at("m.create_bad");
    let bad = spawn_at(src.code("save"), "save('bad')", save("bad", work, start, src.clone()));
    src.at("m.yield");
    yield_now().await?;
    src.at("m.returns");
    print(format!("main: returns at {} - asyncio.run() cancels what is left", elapsed_in(&src, start)));
    returned("None");
    Ok(outcome! { "saved" => ["good"], "dangling" => if bad.done() { vec![] } else { vec!["bad"] }, "elapsed" => py_round(now() - start, 6) })
}

pub(super) fn python(p: &Params) -> String {
    format!(
        r#"background_tasks = set()


async def save(name):⟦save⟧
    print(name + ":", "saving")⟦save.print⟧
    try:⟦save.try⟧
        await asyncio.sleep({work})⟦save.sleep⟧
    except asyncio.CancelledError:⟦save.except⟧
        print(name + ":", "cancelled at", elapsed(), "- never saved")⟦save.cancelled⟧
        raise⟦save.reraise⟧
    print(name + ":", "saved at", elapsed())⟦save.saved⟧


async def main():⟦main⟧
{PY_START}    print("GOOD: keep a reference to the task and wait for it")⟦m.good⟧
    task = asyncio.create_task(save("good"))⟦m.create_good⟧
    background_tasks.add(task)  # the loop itself keeps only a weak reference⟦m.add⟧
    task.add_done_callback(background_tasks.discard)⟦m.callback⟧
    await asyncio.gather(*background_tasks)⟦m.gather⟧
    print("BAD: create the task, keep no reference, return")⟦m.bad⟧
    asyncio.create_task(save("bad"))  # nobody keeps it, nobody awaits it⟦m.create_bad⟧
    await asyncio.sleep(0)  # it starts...⟦m.yield⟧
    print("main: returns at", elapsed(), "- asyncio.run() cancels what is left")⟦m.returns⟧
"#,
        work = py_num(p.work)
    )
}

/// The course's lesson on a dangling task: edit the program so that the bad task saves too.
pub(crate) const LESSON: Lesson = Lesson {
    id: "mistakes-dangling_task",
    scenario: "mistakes",
    opens_with: &[("variant", "dangling_task")],
    title: "mistakes-variant-dangling_task",
    explain: "lesson-mistakes-dangling_task-explain",
    challenge: Challenge { goal: "lesson-mistakes-dangling_task-goal", change: Change::Program, starts_from: &[], judge: judge_lesson },
};

/// Met when save()'s own print said `bad: saved at …` (the task ran to its end).
fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let saved = seen.prints().iter().any(|(text, line)| text.starts_with("bad: saved at") && line.contains("\"saved at\""));
    if saved {
        Judgement::met(Msg::new("lesson-mistakes-dangling_task-showed-saved"))
    } else {
        Judgement::missed(Msg::new("lesson-mistakes-dangling_task-showed-lost"), Msg::new("predict-why-run-cancels-leftovers"))
    }
}

/// Predict first's question (`crate::scenarios::question`): was the dangling task's save done?
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |_| vec![q::yes_no("bad_saved", Msg::new("predict-q-dangling-saved"))],
    answer: |run, _| Some(serde_json::json!(q::outcome(run, "saved")?.as_array()?.iter().any(|s| s == "bad"))),
    step: |run, _| q::last(&run.report.trace, |e| matches!(e.kind, crate::runtime::EventKind::Cancelled | crate::runtime::EventKind::CancelRequested { .. })),
    why: |w| (w.given == &serde_json::json!(true)).then_some("predict-why-run-cancels-leftovers"),
};
