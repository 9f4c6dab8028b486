"""Line tracing: what a task *executes* between its suspensions, as ``sys.settrace`` reports
it in the program's own frames (not asyncio's, not the standard library's).

Three kinds of event, each attributed to the task whose step is running (lines run by no
task — the module's top level, a ``to_thread`` function on its worker — are not recorded):

* ``line``: the task starts executing a line (``sys.settrace``'s ``line`` event). A line
  equal to the task's previous line event is not recorded again: a one-line loop is one
  line, and a line that a version reports twice (3.13 reports the ``await`` line again when
  an exception is thrown in there) is one event in every version. Its ``locals`` field is
  the frame's locals as the line starts (``[name, short repr]``, at most
  :data:`MAX_LOCALS`, modules, functions and classes left out) when they differ from those
  of the task's previous line in its step (the first line of each step has them).
* ``return``: a coroutine function of the program returns (not a suspension, which
  ``sys.settrace`` also reports as ``return``, not an exception propagating out, and not a
  comprehension's frame, which 3.11 has and 3.12 inlines): its
  name, its line and a short repr of the value (``fields``: ``func``, ``value``).
* ``exception``: an exception is thrown into, raised in, or propagates through a program
  frame — its type and line, and ``handled``: the next line that frame executes (an
  ``except`` / ``except*`` clause, a ``finally``, or the ``async with`` whose exit turns it
  into another exception, as ``asyncio.timeout`` does), or None when it propagates out of
  the frame. ``StopIteration``, ``StopAsyncIteration`` and ``GeneratorExit`` — how
  coroutines return and close, not errors — are not recorded.
"""

import dis
import inspect
import re
import sys

from .cpu import METER, calibrate_once, now
from .record import STATE, short_repr

_RETURN_OPS = frozenset(dis.opmap[name] for name in ("RETURN_VALUE", "RETURN_CONST") if name in dis.opmap)
_QUIET = (StopIteration, StopAsyncIteration, GeneratorExit)
MAX_LOCALS = 12   # locals a line event lists


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def _locals_of(frame):
    """The frame's locals for people: [name, short repr] pairs, the program's values only (a
    repr's memory address left out: `<asyncio.locks.Event object [unset]>`, the same in
    every run)."""
    out = []
    for name, value in list(frame.f_locals.items()):
        if name.startswith("__") or inspect.ismodule(value) or inspect.isroutine(value) or inspect.isclass(value):
            continue
        out.append([name, short_repr(_Unaddressed(value), 40)])
        if len(out) == MAX_LOCALS:
            break
    return out


def _is_return(frame):
    """True when a ``return`` trace event of `frame` is the function returning, not a
    coroutine suspending (a ``yield``) nor an exception unwinding it."""
    code = frame.f_code.co_code
    i = frame.f_lasti
    return 0 <= i < len(code) and code[i] in _RETURN_OPS


class _Unaddressed:
    """A value whose repr leaves out the memory addresses (short_repr's argument)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return _ADDRESS.sub("", repr(self.value))


class LineTracer:
    """``sys.settrace`` for one program run: install() before it runs, undo() after. Past
    the session's ``max_lines`` (a page run's bound) it stops tracing — the program then runs
    at full speed — and records a warning saying where."""

    def __init__(self):
        self._saved = None
        self._off = False
        self._pending = {}   # frame -> the exception event whose handler line is not yet known

    def install(self):
        calibrate_once()   # what a call of the tracer costs (cpu.py)
        self._saved = sys.gettrace()
        sys.settrace(self._call)

    def undo(self):
        sys.settrace(self._saved)
        self._pending.clear()

    def _stop(self):
        """The bound is reached: no more tracing in this run, and a warning says so."""
        self._off = True
        sys.settrace(None)
        self._pending.clear()
        STATE.event("warning", f"line-by-line tracing stopped after {STATE.max_lines} lines, returns and exceptions; "
                    "the rest of the run is shown by its tasks' steps only")

    def _call(self, frame, event, arg):
        # (Called for every function's frame while tracing — asyncio's too: only counted, its
        # cost estimated per call like the dispatch's, not measured: cpu.py.)
        METER.calls += 1
        if self._off or frame.f_code.co_filename != STATE.program:
            return None
        return self._local

    def _local(self, frame, event, arg):
        if self._off:
            return None
        # The tracing's time is not the program's computing (cpu.py: a counted call and a
        # span, Meter.enter and leave inline — this runs for every line).
        meter = METER
        meter.calls += 1
        outermost = meter.since is None
        if outermost:
            meter.since = now()
        try:
            if STATE.max_lines is not None and STATE.lines >= STATE.max_lines:
                self._stop()
                return None
            task = STATE.current
            if task is None or STATE.frozen:
                return self._local
            if event == "line":
                self._line(task, frame)
            elif event == "return":
                self._return(frame, arg)
            elif event == "exception":
                self._exception(frame, arg[0])
            return self._local
        finally:
            if outermost:
                meter.aside += now() - meter.since
                meter.since = None

    def _line(self, task, frame):
        line = frame.f_lineno
        cpu = getattr(task, "_va_cpu", None)
        if cpu is not None and frame is task._va_top:
            cpu.at_line(line, METER.clock())   # where the task's own coroutine is, and since when
        pending = self._pending.get(frame)
        if pending is not None and line != pending.line:
            del self._pending[frame]
            pending.fields["handled"] = line
        if getattr(task, "_va_line", None) != line:
            task._va_line = line
            values = _locals_of(frame)
            if values != getattr(task, "_va_locals", None):
                task._va_locals = values
                STATE.event("line", task=task, line=line, locals=values)
            else:
                STATE.event("line", task=task, line=line)

    def _return(self, frame, value):
        unwinding = self._pending.pop(frame, None) is not None
        code = frame.f_code
        # comprehensions (3.11's <listcomp> frames; inlined since 3.12) are no function of the program's
        if not unwinding and code.co_flags & inspect.CO_COROUTINE and not code.co_name.startswith("<") and _is_return(frame):
            text = short_repr(value, 40)
            STATE.event("return", f"{code.co_name} -> {text}", line=frame.f_lineno, func=code.co_name, value=text)

    def _exception(self, frame, kind):
        if issubclass(kind, _QUIET):
            return
        pending = self._pending.get(frame)
        if pending is not None and pending.fields["type"] == kind.__name__ and pending.line == frame.f_lineno:
            return   # the same exception reported again where it already is
        event = STATE.event("exception", kind.__name__, line=frame.f_lineno, type=kind.__name__, handled=None)
        if event is not None:
            self._pending[frame] = event
