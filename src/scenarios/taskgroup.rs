//! **taskgroup** — `gather()` vs `TaskGroup` when tasks fail (the guide's `risky`).

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value as Json};

use super::common::{elapsed_in, py_round, state_in, PY_STATE};
use super::gather::{eager_needs_3_12, EAGER_NEEDS_3_12};
use super::glossary::{self, Term};
use super::lesson::{Challenge, Change, Judgement, Lesson, Seen};
use super::params::{Cross, ParamError, ParamKind, ParamSpec};
use super::python::{py_list, py_num, py_repr_exc, py_str};
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::EventKind;
use crate::runtime::{
    gather, gather_return_exceptions, now, print, raised, returned, sleep, spawn_at, spawn_eager_at, task_group, Exc, PyResult, PyVersion, TaskHandle,
};

pub(super) const SCENARIO: Scenario = Scenario::of::<TaskGroupScenario>(
    Kind::TaskGroup,
    "taskgroup",
    "taskgroup-title",
    &[
        ParamSpec { name: "tasks", label: "taskgroup-tasks", unit: "", help: "taskgroup-tasks-help", kind: ParamKind::Int { default: 4, min: 1, max: 1000 } },
        ParamSpec {
            name: "delay",
            label: "taskgroup-delay",
            unit: "s",
            help: "taskgroup-delay-help",
            kind: ParamKind::Float { default: 1.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec { name: "fail", label: "taskgroup-fail", unit: "", help: "taskgroup-fail-help", kind: ParamKind::IntList { default: "2", min: 0, max: 999 } },
        ParamSpec {
            name: "fail_after",
            label: "taskgroup-fail_after",
            unit: "s",
            help: "taskgroup-fail_after-help",
            kind: ParamKind::Float { default: 0.0, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "mode",
            label: "taskgroup-mode",
            unit: "",
            help: "taskgroup-mode-help",
            kind: ParamKind::Choice {
                default: "taskgroup",
                options: &[
                    ("gather", "taskgroup-mode-gather"),
                    ("gather_return_exceptions", "taskgroup-mode-gather_return_exceptions"),
                    ("taskgroup", "taskgroup-mode-taskgroup"),
                ],
            },
        },
        ParamSpec { name: "eager", label: "taskgroup-eager", unit: "", help: "taskgroup-eager-help", kind: ParamKind::Bool { default: false } },
    ],
    Some(Compare { param: "mode", a: "gather", b: "taskgroup" }),
    // eager=true under 3.11 (which refuses it when asked for) runs as eager=false; the
    // eager cases with a failure at fail_after=0 show 3.12–3.13's TaskGroup aborting inside
    // create_task (the next create_task raises RuntimeError) against 3.14's
    &[
        "mode=gather",
        "mode=gather_return_exceptions&fail=1,3",
        "tasks=5&fail=0,3&fail_after=0.5",
        "mode=gather&tasks=6&fail=1,4&fail_after=0.5&delay=2",
        "eager=true",
        "tasks=3&fail=2&eager=true",
        "tasks=5&fail=1,3&fail_after=0.5&eager=true",
        "tasks=3&fail=&delay=0&eager=true",
        "mode=gather&fail=0,2&eager=true",
        "mode=gather_return_exceptions&fail=1&delay=0.5&eager=true",
    ],
);

pub(super) struct TaskGroupScenario;

/// How main() waits for the tasks.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Gather,
    GatherReturnExceptions,
    TaskGroup,
}

/// The parameters of **taskgroup**.
pub(super) struct Params {
    tasks: i64,
    delay: f64,
    /// The indices of the tasks that raise.
    fail: Vec<i64>,
    fail_after: f64,
    mode: Mode,
    /// The tasks start eagerly (3.12+): their first step runs inside `create_task`.
    eager: bool,
    /// Whose asyncio: how eager start is written (3.14: `eager_start=True`; 3.12–3.13: the
    /// eager task factory; 3.11 has none) and what a TaskGroup does with a child that
    /// finished inside `create_task`.
    python: PyVersion,
}

async fn risky(n: i64, fails: bool, fail_after: f64, delay: f64, start: f64, src: Rc<Source>) -> PyResult<i64> {
    src.at("risky.if");
    if fails {
        if fail_after > 0.0 {
            src.at("risky.fail_sleep");
            sleep(fail_after).await?;
        }
        src.at("risky.raise_print");
        print(format!("risky {n} raises at {}", elapsed_in(&src, start)));
        src.at("risky.raise");
        raised("ValueError");
        return Err(Exc::value_error(format!("boom at {n}")));
    }
    src.at("risky.try");
    src.at("risky.sleep");
    if let Err(e) = sleep(delay).await {
        if e.is_cancelled() {
            // the loop threw the CancelledError in at the await
            src.at("risky.except");
            src.at("risky.cancel_print");
            print(format!("risky {n} cancelled at {}", elapsed_in(&src, start)));
            src.at("risky.reraise");
        }
        return Err(e);
    }
    src.at("risky.done_print");
    print(format!("risky {n} done at {}", elapsed_in(&src, start)));
    src.at("risky.return");
    returned(n.to_string());
    Ok(n)
}

/// What the caller got back: the results, or what it caught.
#[derive(Default)]
struct Answer {
    results: Vec<Json>,
    exceptions: Vec<String>,
    raised: Json,
}

impl Answer {
    /// The caller caught `exc`: one line per leaf, as `except*` iterates them (`prefix`:
    /// the anchors of the `for` and the print).
    fn caught(exc: &Exc, start: f64, src: &Source, each: Option<&str>, print_at: &str) -> Answer {
        let mut exceptions = Vec::new();
        for leaf in exc.leaves() {
            if let Some(each) = each {
                src.at(each);
            }
            src.at(print_at);
            print(format!("caught {} at {}", py_repr_exc(leaf), elapsed_in(src, start)));
            exceptions.push(leaf.to_string());
        }
        if let Some(each) = each {
            src.at(each);
        }
        Answer { results: Vec::new(), exceptions, raised: exc.describe().into() }
    }

    /// `except* ValueError` caught the group `exc`: its ValueErrors as [`Answer::caught`];
    /// the rest (the `RuntimeError` of a `create_task` refused on 3.12–3.13, after an eager
    /// child failed inside an earlier one) is raised on, as `except*` does.
    fn caught_value_errors(exc: Exc, start: f64, src: &Source, each: Option<&str>, print_at: &str) -> PyResult<Answer> {
        let Exc::Group { message, exceptions } = exc else { return Ok(Answer::caught(&exc, start, src, each, print_at)) };
        let (values, rest): (Vec<Exc>, Vec<Exc>) = exceptions.into_iter().partition(|e| e.type_name() == "ValueError");
        let answer = Answer::caught(&Exc::Group { message: message.clone(), exceptions: values }, start, src, each, print_at);
        if rest.is_empty() {
            return Ok(answer);
        }
        // the re-raise at the end of `except*` runs on no line of the program (CPython's
        // f_lineno is None there)
        crate::runtime::at(0);
        Err(Exc::Group { message, exceptions: rest })
    }

    /// The caller got every result.
    fn returned(values: Vec<i64>, start: f64, src: &Source, print_at: &str) -> Answer {
        src.at(print_at);
        print(format!("results: {} at {}", py_list(values.iter().map(i64::to_string)), elapsed_in(src, start)));
        Answer { results: values.into_iter().map(Json::from).collect(), ..Answer::default() }
    }
}

impl Def for TaskGroupScenario {
    type Params = Params;

    const CROSS: &'static [Cross] = &[EAGER_NEEDS_3_12, Cross::Below { param: "fail", bound: "tasks", message: "taskgroup-error-fail" }];

    fn read(v: &Values) -> Result<Params, ParamError> {
        let mode = match v.text("mode")? {
            "gather" => Mode::Gather,
            "gather_return_exceptions" => Mode::GatherReturnExceptions,
            _ => Mode::TaskGroup,
        };
        Ok(Params {
            tasks: v.int("tasks")?,
            delay: v.float("delay")?,
            fail: v.list("fail")?.to_vec(),
            fail_after: v.float("fail_after")?,
            mode,
            eager: v.bool("eager")?,
            python: v.python(),
        })
    }

    fn check(p: &Params) -> Result<(), ParamError> {
        eager_needs_3_12(p.eager, p.python)?;
        match p.fail.iter().find(|&&i| i >= p.tasks) {
            Some(_) => {
                let got = p.fail.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
                Err(ParamError::new("fail", Msg::new("taskgroup-error-fail").arg("max", p.tasks - 1).arg("tasks", p.tasks).arg("got", got)))
            }
            None => Ok(()),
        }
    }

    fn python(p: &Params) -> String {
        let (n, delay, fail_after, mode) = (p.tasks, py_num(p.delay), p.fail_after, p.mode);
        let fail = &p.fail;
        let fail_set = if fail.is_empty() { "set()".to_string() } else { format!("{{{}}}", fail.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")) };
        let fail_sleep = if fail_after > 0.0 { format!("        await asyncio.sleep({})⟦risky.fail_sleep⟧\n", py_num(fail_after)) } else { String::new() };
        let eager = p.eager && p.python >= PyVersion::V3_12;
        let (factory, eager_arg) = match (eager, p.python >= PyVersion::V3_14) {
            (false, _) => ("", ""),
            (true, true) => ("", ", eager_start=True"),
            // 3.12–3.13: every create_task from here on (the group's too) starts eagerly
            (true, false) => ("    asyncio.get_running_loop().set_task_factory(asyncio.eager_task_factory)⟦main.factory⟧\n", ""),
        };
        let wait = match mode {
            Mode::TaskGroup => format!(
                r#"    tasks = []⟦tg.tasks⟧
    try:⟦tg.try⟧
        async with asyncio.TaskGroup() as tg:⟦tg.with⟧
            tasks = [tg.create_task(risky(i){eager_arg}) for i in range({n})]⟦tg.create⟧
        print("results:", [t.result() for t in tasks], "at", elapsed())⟦tg.results⟧
    except* ValueError as eg:⟦tg.except⟧
        # the group cancelled the other tasks and waited for them before raising
        for exc in eg.exceptions:⟦tg.for⟧
            print("caught", repr(exc), "at", elapsed())⟦tg.caught⟧
"#
            ),
            Mode::Gather => format!(
                r#"    tasks = [asyncio.create_task(risky(i){eager_arg}) for i in range({n})]⟦g.create⟧
    try:⟦g.try⟧
        results = await asyncio.gather(*tasks)⟦g.gather⟧
        print("results:", results, "at", elapsed())⟦g.results⟧
    except ValueError as exc:⟦g.except⟧
        # gather() passes on the first failure at once; the other tasks keep running
        print("caught", repr(exc), "at", elapsed())⟦g.caught⟧
"#
            ),
            Mode::GatherReturnExceptions => format!(
                r#"    tasks = [asyncio.create_task(risky(i){eager_arg}) for i in range({n})]⟦g.create⟧
    results = await asyncio.gather(*tasks, return_exceptions=True)⟦g.gather⟧
    print("results:", results, "at", elapsed())⟦g.results⟧
"#
            ),
        };
        format!(
            r#"import asyncio
import time

FAIL = {fail_set}
START = 0.0


def elapsed():⟦elapsed⟧
    return round(time.perf_counter() - START, 2)⟦elapsed.return⟧


{PY_STATE}

async def risky(n):⟦risky⟧
    if n in FAIL:⟦risky.if⟧
{fail_sleep}        print("risky", n, "raises at", elapsed())⟦risky.raise_print⟧
        raise ValueError("boom at " + str(n))⟦risky.raise⟧
    try:⟦risky.try⟧
        await asyncio.sleep({delay})⟦risky.sleep⟧
    except asyncio.CancelledError:⟦risky.except⟧
        print("risky", n, "cancelled at", elapsed())⟦risky.cancel_print⟧
        raise⟦risky.reraise⟧
    print("risky", n, "done at", elapsed())⟦risky.done_print⟧
    return n⟦risky.return⟧


async def main():⟦main⟧
    global START
    START = time.perf_counter()⟦main.start⟧
{factory}{wait}    print("states:", [state(t) for t in tasks])⟦main.states⟧
    orphans = [i for i, t in enumerate(tasks) if not t.done()]⟦main.orphans⟧
    if orphans:⟦main.if_orphans⟧
        # nobody waits for orphans; here main does, so that their prints appear
        print("orphans still running:", orphans)⟦main.orphans_print⟧
        await asyncio.gather(*(tasks[i] for i in orphans), return_exceptions=True)⟦main.orphans_gather⟧
        print("orphans finished at", elapsed())⟦main.orphans_done⟧


asyncio.run(main())⟦run⟧
"#
        )
    }

    /// Outcome: `raised` (what the caller caught, or null), `exceptions` (the messages it saw),
    /// `results`, then `states` and `orphans` (tasks still running) at the moment the caller got
    /// its answer, and `elapsed` (that moment). In gather mode main then waits for the orphans.
    fn program(p: &Params, src: Rc<Source>) -> Program {
        let (n, delay, fail_after, mode, eager) = (p.tasks, p.delay, p.fail_after, p.mode, p.eager);
        let fail = p.fail.clone();
        Box::pin(async move {
            src.at("main.start");
            let start = now();
            src.at("main.factory"); // 3.12–3.13 eager: the task factory (no such line otherwise)
            let (fail, s) = (Rc::new(fail), src.clone());
            let make = move |i: i64| risky(i, fail.contains(&i), fail_after, delay, start, s.clone());
            let risky_code = src.code("risky");
            let tasks: Rc<RefCell<Vec<TaskHandle<i64>>>> = Rc::default();
            let answer = if mode == Mode::TaskGroup {
                let created = tasks.clone();
                src.at("tg.tasks");
                src.at("tg.try");
                src.at("tg.with");
                let s = src.clone();
                let group = task_group(|tg| async move {
                    s.at("tg.create");
                    for i in 0..n {
                        let (label, call) = (format!("risky({i})"), make(i));
                        // eager: an ordinary child on 3.11
                        let child = if eager { tg.spawn_eager_at(risky_code, &label, call) } else { tg.spawn_at(risky_code, &label, call) };
                        match child {
                            Ok(child) => created.borrow_mut().push(child),
                            Err(refused) => {
                                raised(refused.type_name().to_string()); // create_task refuses: RuntimeError
                                s.at("tg.with"); // the body raises into the group's __aexit__
                                return Err(refused);
                            }
                        }
                    }
                    s.at("tg.with");
                    Ok(())
                })
                .await;
                match group {
                    Ok(()) => Answer::returned(tasks.borrow().iter().filter_map(|t| t.result().and_then(Result::ok)).collect(), start, &src, "tg.results"),
                    Err(exc) => {
                        raised(exc.type_name().to_string()); // the group's __aexit__ raises it at the async with
                        src.at("tg.except");
                        Answer::caught_value_errors(exc, start, &src, Some("tg.for"), "tg.caught")?
                    }
                }
            } else {
                src.at("g.create");
                *tasks.borrow_mut() = (0..n)
                    .map(|i| {
                        let (label, call) = (format!("risky({i})"), make(i));
                        if eager {
                            spawn_eager_at(risky_code, &label, call) // an ordinary task on 3.11
                        } else {
                            spawn_at(risky_code, &label, call)
                        }
                    })
                    .collect();
                let all = tasks.borrow().clone();
                src.at("g.try");
                src.at("g.gather");
                if mode == Mode::Gather {
                    match gather(all).await {
                        Ok(values) => Answer::returned(values, start, &src, "g.results"),
                        Err(exc) => {
                            // gather passes the first failure on (thrown in, or raised at once
                            // when a task failed before gather was called)
                            raised(exc.type_name().to_string());
                            src.at("g.except");
                            Answer::caught(&exc, start, &src, None, "g.caught")
                        }
                    }
                } else {
                    let outcomes = gather_return_exceptions(all).await?;
                    let shown: Vec<String> = outcomes.iter().map(|r| r.as_ref().map_or_else(py_repr_exc, i64::to_string)).collect();
                    src.at("g.results");
                    print(format!("results: {} at {}", py_list(shown.clone()), elapsed_in(&src, start)));
                    let failed = outcomes.iter().filter_map(|r| r.as_ref().err().map(Exc::to_string)).collect();
                    let results = outcomes.iter().zip(shown).map(|(r, s)| r.as_ref().map_or(json!(s), |v| json!(v))).collect();
                    Answer { results, exceptions: failed, raised: Json::Null }
                }
            };
            let returned_at = now() - start;
            let tasks = tasks.borrow().clone();
            // [state(t) for t in tasks]: each call, then the comprehension's loop back
            src.at("main.states");
            let states: Vec<&str> = tasks
                .iter()
                .map(|t| {
                    let state = state_in(&src, t);
                    src.at("main.states");
                    state
                })
                .collect();
            print(format!("states: {}", py_list(states.iter().map(|s| py_str(s)))));
            src.at("main.orphans");
            let orphans: Vec<usize> = (0..tasks.len()).filter(|&i| !tasks[i].done()).collect();
            src.at("main.if_orphans");
            if !orphans.is_empty() {
                src.at("main.orphans_print");
                print(format!("orphans still running: {}", py_list(orphans.iter().map(usize::to_string))));
                src.at("main.orphans_gather");
                gather_return_exceptions(orphans.iter().map(|&i| tasks[i].clone()).collect()).await?;
                src.at("main.orphans_done");
                print(format!("orphans finished at {}", elapsed_in(&src, start)));
            }
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! {
                "raised" => answer.raised,
                "exceptions" => answer.exceptions,
                "results" => answer.results,
                "states" => states,
                "orphans" => orphans,
                "elapsed" => py_round(returned_at, 6),
            })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        glossary::entries(&[Term::Task, Term::Gather, Term::TaskGroup, Term::Exception, Term::Cancellation, Term::EventLoop])
    }

    fn summary(p: &Params) -> Msg {
        if let Some(first) = aborts_inside_create_task(p) {
            return Msg::new("taskgroup-summary-taskgroup-eager-abort").arg("tasks", p.tasks).arg("first", first).arg("python", p.python.as_str());
        }
        let id = match p.mode {
            Mode::Gather => "taskgroup-summary-gather",
            Mode::GatherReturnExceptions => "taskgroup-summary-return_exceptions",
            Mode::TaskGroup => "taskgroup-summary-taskgroup",
        };
        Msg::new(id).arg("tasks", p.tasks).arg("failing", p.fail.len()).arg("fail_after", p.fail_after).arg("delay", p.delay)
    }

    fn headline(_p: &Params, o: &Outcome) -> Msg {
        let raised = o.get("raised").and_then(Json::as_str).unwrap_or("");
        let orphans = o.get("orphans").and_then(Json::as_array).map_or(0, Vec::len);
        if raised.is_empty() {
            Msg::new("taskgroup-headline-returned").arg("orphans", orphans)
        } else {
            Msg::new("taskgroup-headline-raised").arg("raised", raised).arg("orphans", orphans)
        }
    }
}

/// The failing task whose eager first step aborts the group inside its own `create_task` so
/// that a later `create_task` raises `RuntimeError` (3.12–3.13 with `eager=true`, a failure
/// at `fail_after=0` before the last task), if any.
fn aborts_inside_create_task(p: &Params) -> Option<i64> {
    let applies = p.mode == Mode::TaskGroup && p.eager && p.fail_after == 0.0 && p.python.taskgroup_settles_done_child_at_create();
    p.fail.iter().copied().filter(|&i| applies && i < p.tasks - 1).min()
}

/// The course's lesson on **taskgroup**: two tasks fail; no task is left running and
/// main() catches both failures.
pub(super) const LESSON: Lesson = Lesson {
    id: "taskgroup",
    scenario: "taskgroup",
    opens_with: &[],
    title: "taskgroup-title",
    explain: "lesson-taskgroup-explain",
    challenge: Challenge {
        goal: "lesson-taskgroup-goal",
        change: Change::Parameters,
        starts_from: &[("mode", "gather"), ("fail", "1,2")],
        judge: judge_lesson,
    },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let failing = run.params.list("fail").map_or(0, <[i64]>::len) as f64;
    let orphans = seen.value("orphans").and_then(Json::as_array).map_or(0, Vec::len);
    let caught = seen.value("exceptions").and_then(Json::as_array).map_or(0, Vec::len);
    let raised = seen.value("raised").and_then(Json::as_str).unwrap_or("").to_string();
    let showed = Msg::new("lesson-taskgroup-showed")
        .arg("orphans", orphans)
        .arg("caught", caught)
        .code("raised", if raised.is_empty() { "None".to_string() } else { raised.clone() });
    if failing < 2.0 {
        Judgement::missed(showed, Msg::new("lesson-taskgroup-two-failures"))
    } else if failing >= seen.param("tasks") {
        Judgement::missed(showed, Msg::new("lesson-taskgroup-keep-a-sibling"))
    } else if orphans > 0 {
        Judgement::missed(showed, Msg::new("predict-why-gather-cancels"))
    } else if raised.is_empty() {
        Judgement::missed(showed, Msg::new("predict-why-return-exceptions"))
    } else if !raised.starts_with("ExceptionGroup") || (caught as f64) < failing {
        Judgement::missed(showed, Msg::new("predict-why-gather-raises-first"))
    } else {
        Judgement::met(showed)
    }
}

/// The states the tasks that did not raise can be in, as the question offers them.
const STATES: [&str; 4] = ["done", "running", "cancelled", "mixed"];
/// What main()'s handler can catch.
const CAUGHT: [&str; 3] = ["ValueError", "ExceptionGroup", "nothing"];

/// Predict first's questions (`super::question`): what became of the other tasks, and what
/// main()'s handler caught.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let api = v.text("mode").unwrap_or("").to_string();
        let states = STATES.iter().map(|s| (*s, Msg::new(state_label(s)))).collect();
        let caught = CAUGHT.iter().map(|c| (*c, if *c == "nothing" { Msg::new("predict-caught-nothing") } else { Msg::new("text").arg("text", *c) })).collect();
        let everyone_fails = v.list("fail").is_ok_and(|f| f.len() as f64 >= q::num(v, "tasks"));
        let mut out = vec![
            q::Question { id: "states", prompt: Msg::new("predict-q-taskgroup-states").arg("api", api.clone()), kind: q::Kind::Choice(states) },
            q::Question { id: "raised", prompt: Msg::new("predict-q-taskgroup-raised").arg("api", api), kind: q::Kind::Choice(caught) },
        ];
        if everyone_fails {
            // No task is left to ask about.
            out.remove(0);
        }
        out
    },
    answer: |run, id| {
        let outcome = run.report.result.as_ref().ok()?;
        match id {
            "states" => Some(json!(others_state(outcome)?)),
            "raised" => Some(json!(caught(outcome))),
            _ => q::outcome(run, id),
        }
    },
    step: |run, id| {
        let trace = &run.report.trace;
        let failed = |e: &crate::runtime::TraceEvent| matches!(e.kind, EventKind::Failed { .. }) && e.task != 1;
        match id {
            "states" => q::first(trace, |e| matches!(e.kind, EventKind::CancelRequested { by: Some(_) }))
                .or_else(|| q::first(trace, failed))
                .or_else(|| q::last(trace, |e| e.task == 1 && matches!(e.kind, EventKind::Resumed(_)))),
            _ => q::first(trace, failed),
        }
    },
    why: |w| match w.id {
        "states" if w.given == &json!("cancelled") && w.text("mode").starts_with("gather") => Some("predict-why-gather-cancels"),
        "states" if w.expected == &json!("done") && w.text("mode") == "taskgroup" => Some("predict-why-finished-first"),
        "states" if w.expected == &json!("cancelled") => Some("predict-why-taskgroup-waits"),
        "states" if w.expected == &json!("running") => Some("predict-why-gather-waits-all"),
        "raised" if w.expected == &json!("ExceptionGroup") => Some("predict-why-exception-group"),
        "raised" if w.expected == &json!("nothing") => Some("predict-why-return-exceptions"),
        "raised" if w.given == &json!("ExceptionGroup") => Some("predict-why-gather-raises-first"),
        "raised" if w.given == &json!("nothing") => Some("predict-why-error-propagates"),
        _ => None,
    },
};

fn state_label(s: &str) -> &'static str {
    match s {
        "done" => "predict-state-done",
        "running" => "predict-state-running",
        "cancelled" => "predict-state-cancelled",
        _ => "predict-state-mixed",
    }
}

/// The state of the tasks that did not raise, as main() sees them after the await
/// (`outcome.states` without the failing ones): all the same, or `mixed`.
fn others_state(outcome: &Outcome) -> Option<&'static str> {
    let states = outcome.get("states")?.as_array()?;
    let others: Vec<&str> = states.iter().filter_map(Json::as_str).filter(|s| *s != "failed").collect();
    let first = *others.first()?;
    let all_same = others.iter().all(|s| *s == first);
    Some(if all_same { STATES.iter().find(|s| **s == first).copied().unwrap_or("mixed") } else { "mixed" })
}

/// What main()'s `except` caught: the exception's type (`outcome.raised`), or `nothing`.
fn caught(outcome: &Outcome) -> String {
    match outcome.get("raised").and_then(Json::as_str) {
        None => "nothing".into(),
        Some(text) => text.split(':').next().unwrap_or(text).trim().to_string(),
    }
}
