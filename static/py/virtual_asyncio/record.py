"""Recording: the events of a program's runs, the session that holds them, stdout as
print events, and the small text helpers every part uses.

A recording is bounded, so that what the page receives is too: at most `max_events`
events (the line tracing's not counted: they have their own bound, `max_lines`, past which
the tracing stops and a warning says so while the run goes on), `max_tasks` tasks and
`max_output` bytes of output — printed text, and the text of
warnings, failures and the loop's errors (the page's defaults:
:data:`MAX_EVENTS`, :data:`MAX_TASKS`, :data:`MAX_OUTPUT`; the harness sets none), and no text longer than
:data:`MAX_TEXT` characters (an exception's message). Passing a limit stops recording at
once — the event, task or text beyond it is not kept (a printed line is cut at the limit)
— and the loop halts at its next iteration, the run's end saying which limit it was."""

import itertools
import sys

from .cpu import METER

LINE_KINDS = ("line", "return", "exception")   # the line tracing's (lines.py)
HARNESS_KINDS = ("create", "step", "suspend", "done", "failed", "cancelled", "print", "loop-error") + LINE_KINDS

MAX_EVENTS = 10_000       # events a page run records: the page reads them in well under 1 s
MAX_LINES = 50_000        # line, return and exception events a page run records; then tracing stops
MAX_TASKS = 2_000         # tasks a page run records (each has a lane; every step shows them)
MAX_OUTPUT = 500_000      # bytes of output (UTF-8) a page run records
MAX_TEXT = 1_000          # characters of one exception's or warning's text
MAX_WARNINGS = 100        # warnings kept in the session's list


class Halt(BaseException):
    """The run was stopped (deadlock, horizon, too many events); the program does not continue."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Stop(str):
    """Why a run stopped: its words (the Halt's message, the run's error) and ``ended``, how
    the run-result says it as data, without its time (Rust's ``runtime::RunEnd``):
    ``{"how": "deadlock"}``, or ``{"how": "stopped", "reason": {"tasks": 5}}`` with one of
    the reasons ``horizon``, ``loop-time`` (seconds), ``tasks``, ``events``, ``output``
    (bytes)."""

    def __new__(cls, text, ended):
        stop = super().__new__(cls, text)
        stop.ended = ended
        return stop


def stopped(text, reason, limit):
    """A run stopped at a limit: `reason` (``tasks``…) and its `limit`, with `text` its words."""
    return Stop(text, {"how": "stopped", "reason": {reason: limit}})


def exc_json(exc):
    """An exception as the run-result's data: {"type", "message"}, a group's members in
    "exceptions" (Rust's ``wire::ExcJson``); messages at most MAX_TEXT characters."""
    if isinstance(exc, BaseExceptionGroup):
        return {"type": type(exc).__name__, "message": clip(exc.message),
                "exceptions": [exc_json(sub) for sub in exc.exceptions]}
    return {"type": type(exc).__name__, "message": clip(str(exc))}


def describe(exc):
    """'TypeName: message', groups as 'ExceptionGroup: <str> [Sub: msg; ...]', at most
    MAX_TEXT characters."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, BaseExceptionGroup):
        text += " [" + "; ".join(describe(sub) for sub in exc.exceptions) + "]"
    return clip(text)


def clip(text, limit=MAX_TEXT):
    """`text`, or its first `limit` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


def clip_utf8(text, room):
    """The longest start of `text` that takes at most `room` bytes in UTF-8 (no character
    split)."""
    if room <= 0:
        return ""
    head = text[:room]   # a character takes at least one byte
    if head.isascii():
        return head
    return head.encode("utf-8", "surrogatepass")[:room].decode("utf-8", "ignore")


def utf8_size(text):
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def fmt_t(t):
    return repr(float(t))


def fmt_secs(t):
    """Seconds for people, as the page writes them: 1 s, 0.5 s, 2.25 s."""
    return f"{t:.6f}".rstrip("0").rstrip(".") + " s"


def short_repr(value, limit=24):
    try:
        text = repr(value)
    except Exception:   # a broken __repr__ must not break the recording
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def call_label(code, local_vars):
    """`fetch(2)`, `worker(queue, 'A')`: a function's name and its positional / keyword-only
    arguments, each as its repr, or as the parameter's name where the repr is an object's
    `<...>` (a Queue, a Lock)."""
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    args = []
    for n in names:
        if n in local_vars and n != "self":
            text = short_repr(local_vars[n])
            args.append(n if text.startswith("<") else text)
    return f"{code.co_name}({', '.join(args)})"


# --------------------------------------------------------------------------- recording

class TaskRecord:
    """What the recording keeps of a task: never the task itself, so that recording does
    not keep tasks alive ("Task exception was never retrieved" still shows up)."""

    __slots__ = ("seq", "label", "func", "def_line", "internal")

    def __init__(self, seq, label, func, def_line, internal):
        self.seq, self.label, self.func = seq, label, func
        self.def_line, self.internal = def_line, internal


class Event:
    """One recorded event: loop time, task (a TaskRecord, or None for the loop) and its
    name then, kind, detail, program line (or None), loop iteration, and the structured
    fields of its kind (tasks in them as TaskRecords)."""

    __slots__ = ("t", "task", "name", "kind", "detail", "line", "iter", "fields")

    def __init__(self, t, task, name, kind, detail, line, iteration, fields):
        self.t, self.task, self.name, self.kind, self.detail = t, task, name, kind, detail
        self.line, self.iter, self.fields = line, iteration, fields

    def harness_row(self):
        detail = self.detail
        if self.kind == "exception" and self.fields.get("handled") is not None:
            detail = f"{detail} -> {self.fields['handled']}"
        return [self.t, self.name, self.kind, detail, self.line, self.iter]


def _record_of(value):
    """A task as its TaskRecord; anything else unchanged."""
    return getattr(value, "_va", value)


class Session:
    """Everything recorded while one program runs (one object, reset for each program)."""

    def __init__(self):
        self.reset(None)

    def reset(self, program, *, until=None, until_reason=None, max_events=None, max_tasks=None, max_output=None,
              max_lines=None, echo=None, slow_callback_duration=None):
        # Loops of earlier programs (their garbage is collected later) record nothing here.
        self.generation = getattr(self, "generation", 0) + 1
        self.program = program      # the program's file name, as its frames report it
        self.until = until          # the clock never passes this (the user's Stop, a limit)
        self.until_reason = until_reason   # a Stop: why, as the run's end says (default: the horizon)
        self.max_events = max_events
        self.max_tasks = max_tasks
        self.max_output = max_output   # bytes of printed text
        self.max_lines = max_lines     # line tracing events; past them the tracing stops (a warning says so)
        self.lines = 0              # line tracing events recorded so far
        self.echo = echo            # a stream that receives a copy of the program's output
        self.slow_callback_duration = slow_callback_duration   # a new loop's, if not CPython's 0.1 s
        self.runs = []
        self.warnings = []
        self.run = None             # the run dict being recorded, or None between runs
        self.loop = None            # the VirtualLoop of the current / last run
        self.current = None         # the TracedTask whose step is executing
        self.frozen = False         # set by a halt: nothing more is recorded for this run
        self.overflow = None        # a limit passed (why, as the end says): the loop halts at its next iteration
        self.pending = []           # events before the first run
        self.partial = []           # the pieces of an unterminated printed line
        self.iteration = 0          # loop iterations run so far in this run
        self.count = 0              # events recorded so far
        self.tasks = 0              # program tasks created so far
        self.output = 0             # bytes printed so far
        self.task_seq = itertools.count(1)
        self.source = None          # the program's text, when the page runs it
        # 3.14+: create events whose "awaited_by" is filled in at the next event that is not a
        # creation (gather() and TaskGroup.create_task() add their waiter right after
        # creating the task), as (event, task) pairs; and how to read a task's waiters.
        self.unsettled = []
        self.awaited_by_of = getattr(self, "awaited_by_of", None)
        # 3.14+: the tasks whose waiters changed since the last suspension (in the order
        # changed; a suspension lists those not yet begun).
        self.touched = {}
        # The timeouts each task is inside now (asyncio.timeout, and wait_for, which uses it
        # from 3.12), and the tasks 3.11's wait_for runs under its own timer: a request
        # made under one of them has a deadline (simapi.record_request).
        self.timeouts = {}
        self.timed = set()

    def program_line(self, frame):
        """The line of the innermost program frame at or above `frame`, or None."""
        while frame is not None:
            if frame.f_code.co_filename == self.program:
                return frame.f_lineno
            frame = frame.f_back
        return None

    def now(self):
        return self.loop.virtual_now() if self.loop is not None else 0.0

    def passed_limit(self, reason):
        """A limit is passed: nothing more is recorded, and the loop halts at its next
        iteration with `reason` as the run's end."""
        if self.overflow is None:
            self.overflow = reason
        self.frozen = True

    def passed_output_limit(self):
        self.passed_limit(stopped(f"its output passed {self.max_output} bytes (the rest was cut)", "output", self.max_output))

    def count_task(self):
        """A program task is created; False when it is one too many (it is not recorded)."""
        self.tasks += 1
        if self.max_tasks is not None and self.tasks > self.max_tasks:
            self.passed_limit(stopped(f"more than {self.max_tasks} tasks (a program that creates tasks without end?)",
                                      "tasks", self.max_tasks))
            return False
        return True

    def warn(self, text):
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(clip(text))

    def event(self, kind, detail="", task=None, line=None, **fields):
        """Records an event; returns it (None when nothing is recorded). (Its time is the
        harness's, not the program's computing: cpu.py.)"""
        if self.frozen:
            return None
        outermost = METER.enter()
        try:
            return self._event(kind, detail, task, line, fields)
        finally:
            METER.leave(outermost)

    def _event(self, kind, detail, task, line, fields):
        if task is None:
            task = self.current
        if kind != "create" and self.unsettled:
            self.settle_created()
        if kind in LINE_KINDS:
            # The line tracing has its own bound (it stops there, the run goes on).
            if self.max_lines is not None and self.lines >= self.max_lines:
                return None
            self.lines += 1
        else:
            self.count += 1
        if kind not in LINE_KINDS and self.max_events is not None and self.count > self.max_events:
            self.passed_limit(stopped(f"more than {self.max_events} events without reaching the end"
                                      " (a loop that awaits asyncio.sleep(0) forever?)", "events", self.max_events))
            return None
        if kind in ("warning", "failed", "loop-error") and self.max_output is not None:
            size = utf8_size(detail)
            if self.output + size > self.max_output:
                self.passed_output_limit()
                return None
            self.output += size
        for key, value in fields.items():
            fields[key] = _record_of(value)
        record, name = (task._va, task.get_name()) if task is not None else (None, "")
        ev = Event(self.now(), record, name, kind, detail, line, self.iteration, fields)
        target = self.run if self.run is not None else (self.runs[-1] if self.runs else None)
        (target["events"] if target is not None else self.pending).append(ev)
        return ev

    def settle_created(self):
        """Fills in the waiters of the tasks created since the last event that was not a
        creation: they are in place by now."""
        unsettled, self.unsettled = self.unsettled, []
        for ev, task in unsettled:
            ev.fields["awaited_by"] = self.awaited_by_of(task)

    def write(self, text):
        """sys.stdout.write replacement: one 'print' event per completed line (each write
        looks at its own text only: many small writes take linear time); output beyond
        max_output bytes is cut."""
        written = len(text)
        if self.echo is not None:
            self.echo.write(text)
        if self.frozen or not text:
            return written
        cut = False
        if self.max_output is not None:
            size = utf8_size(text)
            room = self.max_output - self.output
            if size > room:
                text, size, cut = clip_utf8(text, room), room, True
            self.output += size
        if "\n" in text:
            lines = text.split("\n")
            lines[0] = "".join(self.partial) + lines[0]
            self.partial = [lines.pop()]
            where = self.program_line(sys._getframe(1))
            for line in lines:
                self.event("print", line, line=where)
        else:
            self.partial.append(text)
        if cut:
            self.flush_partial(self.program_line(sys._getframe(1)))
            self.passed_output_limit()
        return written

    def flush_partial(self, where=None):
        line, self.partial = "".join(self.partial), []
        if line:
            self.event("print", line, line=where if where is not None else self.program_line(sys._getframe(1)))

    def begin_run(self):
        if self.run is not None:
            raise RuntimeError("nested asyncio.run() is not supported")
        self.run = {"events": self.pending, "elapsed": 0.0, "error": None, "raised": None, "halted": None,
                    "main": None, "main_done": False}
        self.pending = []
        self.runs.append(self.run)
        self.loop = None
        self.frozen = False
        self.iteration = 0

    def end_run(self, error, halted, raised=None):
        """The run ends: `error` what it raised (or why it halted) in words, `halted` the
        Stop that halted it, `raised` what it raised as data (exc_json)."""
        self.flush_partial()
        self.run["elapsed"] = self.now()
        self.run["error"] = error
        self.run["raised"] = raised
        self.run["halted"] = halted
        self.run = None

    def harness_result(self):
        """The harness's JSON: {"runs": [{"events": [[t, task, kind, detail, line, iter]...],
        "elapsed", "error"}], "warnings": [...]}, with the harness's kinds only."""
        runs = [{"events": [e.harness_row() for e in r["events"] if e.kind in HARNESS_KINDS],
                 "elapsed": r["elapsed"], "error": r["error"]} for r in self.runs]
        return {"runs": runs, "warnings": self.warnings}


STATE = Session()   # what the program running now records


def start(program, **options):
    """Starts recording `program` (a file name): until=, max_events=, max_tasks=,
    max_output=, max_lines=, echo=, slow_callback_duration=."""
    STATE.reset(program, **options)
    return STATE


class _Stdout:
    """Minimal text stream standing in for sys.stdout while the program runs."""

    encoding = "utf-8"
    errors = "strict"

    def write(self, text):
        return STATE.write(text)

    def flush(self):
        pass

    def writable(self):
        return True

