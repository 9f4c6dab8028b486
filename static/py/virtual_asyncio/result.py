"""The recording as the playground's run-result JSON in its loadable form (the schema Rust
declares in ``src/scenarios/wire``, ``"scenario": "code"``): every event's structured
fields, never a sentence for people — the page writes those (``detail``, ``end``) from the
fields when it loads the run — and the page's entry point: compile, run, and report a
syntax error or a traceback as Python shows them."""

import gc
import traceback

from . import simapi
from .patches import Patches, execute
from .record import MAX_EVENTS, MAX_LINES, MAX_OUTPUT, MAX_TASKS, Halt, clip, start, stopped

# The kinds whose `detail` is their own text (the line printed, the warning, the result,
# the exception): the one detail a run-result from here carries.
_TEXT_KINDS = ("print", "warning", "done", "failed")

# The structured fields these kinds carry, as the recording has them.
_FIELD_KINDS = ("blocked", "request", "job-start", "job-end", "acquire", "release", "event-set", "deadline", "deadline-off")


def run_result(session, *, python=None):
    """The recording as run-result JSON: every asyncio.run of the program one after the
    other on one timeline (a later run starts where the earlier one ended), asyncio.run's
    own shutdown tasks left out, tasks numbered 1, 2, ... in creation order."""
    ids = {}
    tasks = []
    out_events = []
    offset_t, offset_iter = 0.0, 0
    elapsed = 0.0
    ended, main, main_error = {"how": "completed"}, None, None

    def tid(task):
        return ids.get(id(task), 0) if task is not None else 0

    def by(ev, task):
        if tid(task):
            ev["by"] = tid(task)

    for run in session.runs:
        last_iter = 0
        for e in run["events"]:
            if e.task is not None and e.task.internal:
                continue
            if e.kind == "create" and e.task is not None and id(e.task) not in ids:
                ids[id(e.task)] = len(tasks) + 1
                tasks.append({"task": e.task, "start": e.t + offset_t, "end": None, "state": "pending"})
            f = e.fields
            t = e.t + offset_t
            kind = "warning" if e.kind == "loop-error" else e.kind
            ev = {"t": t, "task": tid(e.task), "kind": kind, "iter": e.iter + offset_iter}
            if kind in _TEXT_KINDS:
                ev["detail"] = (f.get("result") or "") if kind == "done" else e.detail
            if e.kind == "loop-error" and f.get("log"):   # an exception never retrieved:
                ev["detail"] = f["log"]                   # CPython's words, of its task
                ev["task"] = tid(f["of"]) or ev["task"]
            if e.line:
                ev["line"] = e.line
            if kind == "create":
                if tid(f.get("parent")):
                    ev["parent"] = tid(f["parent"])
                if f.get("awaited_by"):   # 3.14+: awaited already (gathered, a TaskGroup's child)
                    ev["awaited_by"] = [f"Task-{tid(t)}" for t in f["awaited_by"] if tid(t)]
            elif kind in ("wake", "cancel"):
                by(ev, f.get("by"))
            elif kind == "step":
                ev["why"] = f["why"]
                if f["why"] == "woken":
                    by(ev, f.get("by"))
            elif kind == "suspend":
                on = ev["on"] = f["on"]
                if on == "sleep":
                    ev["until"] = f["until"] + offset_t
                elif on == "join":
                    ev["target"] = tid(f["target"])
                elif on == "worker":
                    ev["job"] = f["job"]
                elif on == "fetch":   # a stand-in's request in flight (simapi.py)
                    ev["url"] = f["url"]
                ev["stack"] = [e.task.label] + [call for _, call in f["calls"]]
                ev["funcs"] = [func for func, _ in f["calls"]]
                if "awaited_by" in f:   # 3.14+: who awaits the task (its call graph)
                    ev["awaited_by"] = [f"Task-{tid(t)}" for t in f["awaited_by"] if tid(t)]
                unstarted = [[f"Task-{tid(t)}", [f"Task-{tid(w)}" for w in by if tid(w)]] for t, by in f.get("unstarted", ()) if tid(t)]
                if unstarted:   # 3.14+: who awaits the tasks not yet begun
                    ev["unstarted"] = unstarted
            elif kind == "line":   # the line tracing's (lines.py)
                if "locals" in f:
                    ev["locals"] = f["locals"]
            elif kind == "return":
                ev["func"], ev["repr"] = f["func"], f["value"]
            elif kind == "exception":
                ev["type"] = f["type"]
                if f["handled"] is not None:
                    ev["handled"] = f["handled"]
            elif kind in _FIELD_KINDS:
                for key, value in f.items():
                    ev[key] = value + offset_t if key == "at" else value
            if kind in ("done", "failed", "cancelled") and tid(e.task):
                entry = tasks[tid(e.task) - 1]
                entry["end"], entry["state"] = t, kind
                if kind == "failed":
                    entry["error"] = e.detail
                if kind == "done":
                    entry["result"] = f.get("result")
            out_events.append(ev)
            last_iter = max(last_iter, e.iter)
        elapsed = run["elapsed"] + offset_t
        if run["error"] and not main_error:
            main_error = run["error"]   # the first run's error (or why it halted)
        if run["halted"]:
            ended = dict(run["halted"].ended, at=elapsed)
            main = main or "unfinished"
        elif run["error"] and not main:
            main = {"raised": run["raised"]}
        offset_t, offset_iter = elapsed, offset_iter + last_iter
        if run["halted"]:
            break
    outcome = {"error": main_error} if main_error else {"tasks": len(tasks)}
    if not main_error and tasks and tasks[0].get("result") is not None:
        outcome["result"] = tasks[0]["result"]   # what asyncio.run(main()) returned
        if tasks[0]["task"].func != "main":   # asyncio.run(fetch_all(urls)): who returned it
            outcome["returned_by"] = tasks[0]["task"].func + "()"
    if python and not main_error:   # {"error": ...} alone: what asyncio.run(main()) raised
        outcome["python"] = python
    return {
        "scenario": "code",
        "params": _params(session, python),
        "clock": "virtual",
        "elapsed": elapsed,
        "tasks": [_task_json(i + 1, entry) for i, entry in enumerate(tasks)],
        "events": out_events,
        "outcome": outcome,
        "ended": ended,
        "main": main or "returned",
    }


def _params(session, python):
    """The program and the Python that ran it (major.minor, as the scenarios' `python`)."""
    params = {"code": session.source} if session.source is not None else {}
    if python:
        params["python"] = ".".join(python.split(".")[:2])
    return params


def _task_json(n, entry):
    task = entry["task"]
    out = {"id": n, "name": f"Task-{n}", "label": task.label, "start": entry["start"],
           "end": entry["end"], "state": entry["state"], "func": task.func}
    if task.def_line:
        out["line"] = task.def_line
    if "error" in entry:
        out["error"] = entry["error"]
    return out


# --------------------------------------------------------------------------- the page's entry

def program_traceback(exc, program):
    """An uncaught exception as Python prints it, keeping the program's own frames:
    {"type", "message", "text", "frames": [{"line", "func", "code"}]}."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == program]
    lines = ["Traceback (most recent call last):"]
    for f in frames:
        lines.append(f'  File "{f.filename}", line {f.lineno}, in {f.name}')
        if f.line:
            lines.append(f"    {f.line}")
    lines.extend(clip(line.rstrip("\n")) for line in traceback.format_exception_only(type(exc), exc)[-1:])
    return {"type": type(exc).__name__, "message": clip(str(exc)), "text": "\n".join(l.rstrip("\n") for l in lines),
            "frames": [{"line": f.lineno, "func": f.name, "code": f.line or ""} for f in frames]}


def run_page(path, source, *, until=3600.0, max_events=MAX_EVENTS, max_tasks=MAX_TASKS, max_output=MAX_OUTPUT,
             python=None, api=None):
    """The page's "Run my code": compiles and runs `source` (saved at `path`) on the
    virtual clock and returns {"result": run-result or None, "syntax_error": {"line",
    "column", "message"} or None, "error": traceback or None}. The run stops (its end says
    why) at `until` seconds of loop time, or once it has recorded `max_events` events,
    `max_tasks` tasks or `max_output` bytes of output: what the page receives is bounded
    (`max_events` at most MAX_EVENTS, whatever the caller asks: the page reads every event
    on its main thread)."""
    try:
        compile(source, path, "exec")
    except SyntaxError as exc:
        return {"result": None, "error": None,
                "syntax_error": {"line": exc.lineno or 1, "column": exc.offset or 1,
                                 "message": f"{type(exc).__name__}: {exc.msg}"}}
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    gc.collect()   # an earlier program's garbage (a run cut at a limit leaves some) warns now, not in this run
    session = start(path, until=until, max_events=min(max_events, MAX_EVENTS), max_tasks=max_tasks, max_output=max_output,
                    max_lines=MAX_LINES,
                    until_reason=stopped(f"its loop time reached the limit of {until:g} s", "loop-time", until))
    session.source = source
    simapi.configure(api)   # the simulated API's latency, jitter, fail_rate, seed (defaults where not given)
    patches = Patches()
    patches.install(path)
    failure = None
    try:
        failure = execute(path)
        gc.collect()
        session.flush_partial()
    finally:
        patches.undo()
    # A stopped run (deadlock, horizon, too many events) says why in its "end"; anything
    # else the program raised is shown as Python shows it.
    error = program_traceback(failure, path) if failure is not None and not isinstance(failure, Halt) else None
    result = run_result(session, python=python) if session.runs else None
    return {"result": result, "syntax_error": None, "error": error, "warnings": session.warnings}

