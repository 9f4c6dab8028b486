"""Run an asyncio program on real CPython asyncio under a virtual clock; print a JSON trace.

Usage:  python3.X tests/cpython/harness.py PROGRAM.py [--until T] [--echo]

This module owns the *reference* side of the executor comparison: it executes an
unmodified asyncio program (``runpy`` as ``__main__``) on the interpreter that runs it —
CPython 3.11, 3.12 or 3.13, each the reference for the executor following that version —
with

* ``asyncio.run`` replaced by ``asyncio.Runner(loop_factory=VirtualLoop)``;
* ``VirtualLoop``: a ``BaseEventLoop`` whose selector jumps the clock to exactly the
  earliest pending timer deadline, whose timers with equal deadlines fire in
  scheduling order, and which reports a deadlock (or ``--until`` stop) instead of
  blocking;
* ``TracedTask``: the pure-Python ``asyncio.tasks._PyTask`` with ``create`` /
  ``step`` / ``suspend`` / ``done`` / ``failed`` / ``cancelled`` recording (it overrides
  ``Task.__step``, which every version schedules and wakes through; 3.12's eager start,
  ``__eager_start``, is not used: the harness creates tasks itself, and a program that
  installs its own task factory is not traced);
* ``time.perf_counter`` / ``time.monotonic`` / ``time.sleep`` and
  ``loop.run_in_executor`` (hence ``asyncio.to_thread``) mapped onto the clock;
* stdout, warnings and the loop exception handler captured as events;
* where each task is in the program: every event carries the line of the innermost
  frame of the task's await chain that belongs to the program file (``cr_await``
  chain, ``f_lineno``), and the number of the loop iteration (``_run_once``, counted
  from 1 in each ``asyncio.run``; 0 before the first).

Where CPython iterates a *set* of tasks (``TaskGroup._abort`` and the final
``_cancel_all_tasks`` of ``asyncio.run``) the order depends on memory addresses;
the harness fixes it to task creation order so traces are reproducible.

The JSON format and the clock rules are described in README.md.
"""

import argparse
import asyncio
import gc
import heapq
import itertools
import json
import operator
import runpy
import sys
import threading
import time
import traceback
import warnings
from asyncio import events, runners, taskgroups, tasks as aio_tasks

_REAL_PERF_COUNTER = time.perf_counter
_REAL_MONOTONIC = time.monotonic
_REAL_SLEEP = time.sleep


class Halt(BaseException):
    """The run was stopped (deadlock or --until); the program does not continue."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def describe(exc):
    """'TypeName: message', groups as 'ExceptionGroup: <str> [Sub: msg; ...]'."""
    text = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, BaseExceptionGroup):
        text += " [" + "; ".join(describe(sub) for sub in exc.exceptions) + "]"
    return text


def fmt_t(t):
    return repr(float(t))


# --------------------------------------------------------------------------- recording

class Session:
    """Everything recorded while the program runs (one per harness process)."""

    def __init__(self):
        self.runs = []
        self.warnings = []
        self.run = None          # the run dict being recorded, or None between runs
        self.loop = None         # the VirtualLoop of the current / last run
        self.current = None      # the TracedTask whose step is executing
        self.frozen = False      # set by a halt: nothing more is recorded for this run
        self.pending = []        # print events before the first run
        self.partial = ""        # text of an unterminated printed line
        self.echo = None         # stream that receives a copy of the program's output
        self.program = None      # the program's file name, as its frames report it
        self.iteration = 0       # loop iterations run so far in this run

    def program_line(self, frame):
        """The line of the innermost program frame at or above `frame`, or None."""
        while frame is not None:
            if frame.f_code.co_filename == self.program:
                return frame.f_lineno
            frame = frame.f_back
        return None

    def now(self):
        return self.loop.virtual_now() if self.loop is not None else 0.0

    def event(self, kind, detail="", task=None, line=None):
        if self.frozen:
            return
        if task is None:
            task = self.current.get_name() if self.current is not None else ""
        ev = [self.now(), task, kind, detail, line, self.iteration]
        target = self.run if self.run is not None else (self.runs[-1] if self.runs else None)
        (target["events"] if target is not None else self.pending).append(ev)

    def write(self, text):
        """sys.stdout.write replacement: one 'print' event per completed line."""
        if self.echo is not None:
            self.echo.write(text)
        self.partial += text
        *lines, self.partial = self.partial.split("\n")
        if lines:
            where = self.program_line(sys._getframe(1))
            for line in lines:
                self.event("print", line, line=where)
        return len(text)

    def flush_partial(self):
        if self.partial:
            line, self.partial = self.partial, ""
            self.event("print", line, line=self.program_line(sys._getframe(1)))

    def begin_run(self):
        if self.run is not None:
            raise RuntimeError("harness: nested asyncio.run() is not supported")
        self.run = {"events": self.pending, "elapsed": 0.0, "error": None}
        self.pending = []
        self.runs.append(self.run)
        self.loop = None
        self.frozen = False
        self.iteration = 0

    def end_run(self, error):
        self.flush_partial()
        self.run["elapsed"] = self.now()
        self.run["error"] = error
        self.run = None

    def result(self):
        return {"runs": self.runs, "warnings": self.warnings}


STATE = Session()


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


# --------------------------------------------------------------------------- timers

class OrderedTimerHandle(events.TimerHandle):
    """A TimerHandle ordered by (when, seq): equal deadlines fire in scheduling order."""

    __slots__ = ("_seq",)

    def __init__(self, when, seq, callback, args, loop, context=None):
        super().__init__(when, callback, args, loop, context)
        self._seq = seq

    def _key(self):
        return (self._when, self._seq)

    def __hash__(self):
        return hash(self._key())

    def _compare(op):
        def compare(self, other):
            if not isinstance(other, OrderedTimerHandle):
                return NotImplemented
            return op(self._key(), other._key())
        return compare

    __lt__, __le__ = _compare(operator.lt), _compare(operator.le)
    __gt__, __ge__ = _compare(operator.gt), _compare(operator.ge)
    __eq__ = _compare(operator.eq)
    del _compare


class _VirtualSelector:
    """Stands in for the I/O selector: select() is where the loop would block."""

    def __init__(self, loop):
        self._loop = loop

    def select(self, timeout):
        self._loop._advance(timeout)
        return []


# --------------------------------------------------------------------------- tasks

_TASK_SEQ = itertools.count(1)


class TracedTask(aio_tasks._PyTask):
    """Pure-Python Task recording create / step / done / failed / cancelled."""

    def __init__(self, coro, *, loop=None, name=None, context=None):
        self._harness_seq = next(_TASK_SEQ)   # before __init__: _register_task hashes us
        super().__init__(coro, loop=loop, name=name, context=context)
        # The line that created the task: where the program is, outside asyncio's frames.
        STATE.event("create", task=self.get_name(), line=STATE.program_line(sys._getframe(1)))

    def __hash__(self):
        # Deterministic set / WeakSet order (identity equality is kept).
        return self._harness_seq

    def _program_frames(self):
        """The task's await chain, outermost first: the frames of coroutines (and
        generators) that belong to the program file."""
        frames = []
        obj = self._coro
        while obj is not None:
            frame = (getattr(obj, "cr_frame", None) or getattr(obj, "gi_frame", None)
                     or getattr(obj, "ag_frame", None))
            if frame is not None and frame.f_code.co_filename == STATE.program:
                frames.append(frame)
            obj = (getattr(obj, "cr_await", None) or getattr(obj, "gi_yieldfrom", None)
                   or getattr(obj, "ag_await", None))
        return frames

    def _where(self):
        """(line, stack): the innermost program frame's line and the chain's function
        names (comprehension frames left out), or (None, "")."""
        frames = self._program_frames()
        if not frames:
            return None, ""
        names = [f.f_code.co_name for f in frames if not f.f_code.co_name.startswith("<")]
        return frames[-1].f_lineno, " > ".join(names)

    def _Task__step(self, exc=None):
        was_done = self.done()
        top = getattr(self._coro, "cr_frame", None)
        STATE.event("step", task=self.get_name(), line=self._where()[0])
        outer, STATE.current = STATE.current, self
        try:
            super()._Task__step(exc)
        finally:
            STATE.current = outer
            if self.done() and not was_done:
                # A finished coroutine keeps its frame's last line.
                last = top.f_lineno if top is not None and top.f_code.co_filename == STATE.program else None
                self._record_outcome(last)
            elif not self.done():
                line, stack = self._where()
                STATE.event("suspend", stack, task=self.get_name(), line=line)

    def _record_outcome(self, line):
        if self.cancelled():
            STATE.event("cancelled", task=self.get_name(), line=line)
        elif self._exception is not None:   # not .exception(): that marks it retrieved
            STATE.event("failed", describe(self._exception), task=self.get_name(), line=line)
        else:
            STATE.event("done", task=self.get_name(), line=line)


# Reprs and loop messages use the class name ("Task exception was never retrieved").
TracedTask.__name__ = TracedTask.__qualname__ = "Task"


def _creation_order(task):
    return getattr(task, "_harness_seq", 0)


def _taskgroup_abort(self):
    """TaskGroup._abort (taskgroups.py:177) iterating in creation order."""
    self._aborting = True
    for t in sorted(self._tasks, key=_creation_order):
        if not t.done():
            t.cancel()


def _cancel_all_tasks(loop):
    """runners._cancel_all_tasks (runners.py:193) cancelling in creation order."""
    to_cancel = sorted(aio_tasks.all_tasks(loop), key=_creation_order)
    if not to_cancel:
        return
    for task in to_cancel:
        task.cancel()
    loop.run_until_complete(aio_tasks.gather(*to_cancel, return_exceptions=True))
    for task in to_cancel:
        if task.cancelled():
            continue
        if task.exception() is not None:
            loop.call_exception_handler({
                'message': 'unhandled exception during asyncio.run() shutdown',
                'exception': task.exception(),
                'task': task,
            })


# --------------------------------------------------------------------------- the loop

def _settle(future, outcome):
    """Timer callback delivering a run_in_executor result (unless cancelled)."""
    if future.cancelled():
        return
    kind, value = outcome
    if kind == "result":
        future.set_result(value)
    else:
        future.set_exception(value)


class VirtualLoop(asyncio.BaseEventLoop):
    """An event loop on a virtual clock that never really waits."""

    until = None   # --until T: the clock never passes T

    def __init__(self):
        super().__init__()
        self._now = 0.0
        self._clock_resolution = 1e-9
        self._selector = _VirtualSelector(self)
        self._timer_seq = itertools.count()
        self._offload = None   # seconds slept by an inline run_in_executor call
        self._executor_idle_at = None   # when the last default-executor job completes
        self._halted = None    # reason, once the run was stopped
        STATE.loop = self

    # -- clock
    def time(self):
        return self._now

    def virtual_now(self):
        """Loop time, plus what an inline 'thread' function has slept so far."""
        return self._now + (self._offload or 0.0)

    def owns_current_thread(self):
        return self.is_running() and threading.get_ident() == self._thread_id

    def _next_deadline(self):
        return min(h._when for h in self._scheduled if not h._cancelled)

    def _advance(self, timeout):
        if self._halted:
            raise Halt(self._halted)
        if timeout is None:
            self._halt(f"Deadlock: no task can make progress at t={fmt_t(self._now)}")
        if timeout <= 0:
            return
        deadline = self._next_deadline()
        if self.until is not None and deadline > self.until:
            self._now = float(self.until)
            self._halt(f"Stopped at t={fmt_t(self._now)}")
        self._now = float(deadline)

    def block(self, seconds):
        """time.sleep(seconds) called on the loop's thread."""
        if self._offload is not None:
            self._offload += seconds
            return
        target = self._now + seconds
        if self.until is not None and target > self.until:
            self._now = float(self.until)
            self._stop_recording(f"Stopped at t={fmt_t(self._now)}")
            return   # the loop raises Halt at its next select()
        self._now = float(target)

    def _stop_recording(self, reason):
        gc.collect()   # garbage from before the stop is still reported
        self._halted = reason
        STATE.frozen = True

    def _halt(self, reason):
        self._stop_recording(reason)
        raise Halt(reason)

    # -- BaseEventLoop hooks
    def _run_once(self):
        STATE.iteration += 1
        super()._run_once()

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass

    def run_forever(self):
        if self._halted:   # a stopped run never resumes (e.g. in Runner.close)
            raise Halt(self._halted)
        super().run_forever()

    def call_at(self, when, callback, *args, context=None):
        """base_events.py:733, with an OrderedTimerHandle."""
        if when is None:
            raise TypeError("when cannot be None")
        self._check_closed()
        if self._debug:
            self._check_thread()
            self._check_callback(callback, 'call_at')
        timer = OrderedTimerHandle(when, next(self._timer_seq), callback, args, self, context)
        heapq.heappush(self._scheduled, timer)
        timer._scheduled = True
        return timer

    def create_task(self, coro, *, name=None, context=None):
        """base_events.py:429 (no-factory branch), with a TracedTask."""
        self._check_closed()
        if self._task_factory is not None:
            return super().create_task(coro, name=name, context=context)
        return TracedTask(coro, loop=self, name=name, context=context)

    def run_in_executor(self, executor, func, *args):
        """Run func inline now; deliver its outcome after the time it slept."""
        self._check_closed()
        future = self.create_future()
        seconds, outcome = self._run_offloaded(func, args)
        timer = self.call_later(seconds, _settle, future, outcome)
        if executor is None:
            self._executor_idle_at = max(self._executor_idle_at or 0.0, timer.when())
        return future

    async def shutdown_default_executor(self, timeout=None):
        """base_events.py (shutdown_default_executor): asyncio.run waits for the default
        executor's threads, i.e. until every to_thread job has finished, even abandoned
        ones. Since 3.12 asyncio.run passes timeout=THREAD_JOIN_TIMEOUT (300 s): after
        that it warns and stops waiting."""
        self._executor_shutdown_called = True
        if self._executor_idle_at is None:   # no default executor was created
            return
        until = max(self._executor_idle_at, self._now)
        late = timeout is not None and until > self._now + timeout
        done = self.create_future()
        self.call_at(self._now + timeout if late else until, _settle, done, ("result", None))
        await done
        if late:
            warnings.warn("The executor did not finishing joining "
                          f"its threads within {timeout} seconds.",
                          RuntimeWarning, stacklevel=2)

    def _run_offloaded(self, func, args):
        saved_task, STATE.current = STATE.current, None   # as in a worker thread:
        events._set_running_loop(None)                      # no loop, no current task
        self._offload = 0.0
        try:
            outcome = ("result", func(*args))
        except BaseException as exc:   # concurrent.futures captures everything
            outcome = ("exception", exc)
        finally:
            seconds, self._offload = self._offload, None
            events._set_running_loop(self)
            STATE.current = saved_task
        return seconds, outcome

    def call_exception_handler(self, context):
        detail = str(context.get("message", ""))
        if context.get("exception") is not None:
            detail += ": " + describe(context["exception"])
        STATE.event("loop-error", detail)
        super().call_exception_handler(context)


# --------------------------------------------------------------------------- patches

def _running_virtual_loop():
    loop = STATE.loop
    return loop if loop is not None and loop.owns_current_thread() else None


def _virtual_clock(real_clock):
    def clock():
        loop = _running_virtual_loop()
        return loop.virtual_now() if loop is not None else real_clock()
    return clock


def _sleep(seconds):
    loop = _running_virtual_loop()
    if loop is None:
        return _REAL_SLEEP(seconds)
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    loop.block(seconds)


def virtual_run(main, *, debug=None, loop_factory=None):
    """asyncio.run() replacement: one recorded run on a VirtualLoop."""
    if events._get_running_loop() is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    STATE.begin_run()
    gc_was_enabled = gc.isenabled()
    gc.disable()   # cyclic garbage is collected at fixed points only
    error = None
    try:
        with asyncio.Runner(debug=debug, loop_factory=VirtualLoop) as runner:
            return runner.run(main)
    except BaseException as exc:
        error = exc.reason if isinstance(exc, Halt) else describe(exc)
        exc._harness_recorded = True   # recorded as the run's error
        raise
    finally:
        gc.collect()
        STATE.end_run(error)
        if gc_was_enabled:
            gc.enable()


def _show_warning(message, category, filename, lineno, file=None, line=None):
    STATE.warnings.append(f"{category.__name__}: {message}")


class Patches:
    """Install / undo every global replacement the harness needs."""

    def __init__(self):
        self._undo = []

    def set(self, obj, name, value):
        self._undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def install(self, program):
        self.set(aio_tasks, "_task_name_counter", itertools.count(1).__next__)
        self.set(asyncio, "run", virtual_run)
        self.set(runners, "run", virtual_run)
        self.set(runners, "_cancel_all_tasks", _cancel_all_tasks)
        self.set(taskgroups.TaskGroup, "_abort", _taskgroup_abort)
        self.set(time, "perf_counter", _virtual_clock(_REAL_PERF_COUNTER))
        self.set(time, "monotonic", _virtual_clock(_REAL_MONOTONIC))
        self.set(time, "sleep", _sleep)
        self.set(warnings, "showwarning", _show_warning)
        self.set(sys, "stdout", _Stdout())
        self.set(sys, "argv", [program])

    def undo(self):
        while self._undo:
            obj, name, value = self._undo.pop()
            setattr(obj, name, value)


# --------------------------------------------------------------------------- main

def run_program(path):
    """Execute the program; return the process exit status."""
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException as exc:
        clean_exit = isinstance(exc, SystemExit) and exc.code in (None, 0)
        if not getattr(exc, "_harness_recorded", clean_exit):   # not from asyncio.run
            traceback.print_exc(file=sys.stderr)
            return 1
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("--until", type=float, default=None,
                        help="stop the run when the clock would pass T (the user's Stop)")
    parser.add_argument("--echo", action="store_true",
                        help="copy the program's output to stderr")
    args = parser.parse_args(argv)

    real_stdout = sys.stdout
    VirtualLoop.until = args.until
    STATE.program = args.program
    STATE.echo = sys.stderr if args.echo else None
    patches = Patches()
    patches.install(args.program)
    try:
        status = run_program(args.program)
        gc.collect()
        STATE.flush_partial()
    finally:
        patches.undo()
    real_stdout.write(json.dumps(STATE.result()) + "\n")
    real_stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
