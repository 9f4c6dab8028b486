"""The global replacements a recorded program runs with: ``asyncio.run`` on a
``VirtualLoop``, the virtual clocks (``clocks.py``), the stand-ins for aiohttp and requests
and the missing-module message (``imports.py``), captured warnings and stdout, recorded lock /
semaphore hand-overs, ``Event.set`` and ``asyncio.timeout`` deadlines; and running the
program file itself."""

import asyncio
import gc
import itertools
import runpy
import sys
import time
import warnings
from asyncio import events, futures, locks, runners, taskgroups, tasks as aio_tasks, timeouts

from . import clocks, imports, simapi
from .lines import LineTracer
from .loop import VirtualLoop, _cancel_all_tasks, _taskgroup_abort, touch_awaited
from .record import STATE, Halt, _Stdout, clip, describe, exc_json

_REAL_SLEEP = time.sleep


def _running_virtual_loop():
    loop = STATE.loop if STATE is not None else None
    return loop if loop is not None and loop.owns_current_thread() else None


def _sleep(seconds):
    loop = _running_virtual_loop()
    if loop is None:
        return _REAL_SLEEP(seconds)
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    loop.block(seconds)


# A worker's job reads `time.sleep(2)`, as the program wrote it.
_sleep.__name__ = _sleep.__qualname__ = "sleep"
_sleep.__module__ = "time"


def virtual_run(main, *, debug=None, loop_factory=None):
    """asyncio.run() replacement: one recorded run on a VirtualLoop."""
    if events._get_running_loop() is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    STATE.begin_run()
    gc_was_enabled = gc.isenabled()
    gc.disable()   # cyclic garbage is collected at fixed points only
    error = halted = raised = None
    try:
        with asyncio.Runner(debug=debug, loop_factory=VirtualLoop) as runner:
            return runner.run(main)
    except BaseException as exc:
        if isinstance(exc, Halt):
            error = halted = exc.reason
        else:
            error, raised = describe(exc), exc_json(exc)
        exc._va_recorded = True   # recorded as the run's error
        raise
    finally:
        gc.collect()
        STATE.end_run(error, halted, raised)
        if gc_was_enabled:
            gc.enable()


def _show_warning(message, category, filename, lineno, file=None, line=None):
    text = clip(f"{category.__name__}: {message}")
    STATE.warn(text)
    STATE.event("warning", text, line=STATE.program_line(sys._getframe(1)))


def _wrap_acquire(original, prim):
    async def acquire(self):
        result = await original(self)
        STATE.event("acquire", line=STATE.program_line(sys._getframe(1)), prim=prim)
        return result
    return acquire


def _wrap_release(original, prim):
    def release(self):
        original(self)
        STATE.event("release", line=STATE.program_line(sys._getframe(1)), prim=prim)
    return release


def _wrap_event_set(original):
    def set(self):
        if not self.is_set():
            STATE.event("event-set", line=STATE.program_line(sys._getframe(1)))
        original(self)
    return set


def _wrap_reschedule(original):
    def reschedule(self, when):
        original(self, when)
        if self._task is not None:
            inside = STATE.timeouts.setdefault(self._task, set())
            (inside.add if when is not None else inside.discard)(id(self))
        if when is not None and self._task is not None:
            STATE.event("deadline", task=self._task, line=STATE.program_line(sys._getframe(1)), at=when)
    return reschedule


def _wrap_timeout_exit(original):
    async def __aexit__(self, exc_type, exc_val, exc_tb):
        try:
            return await original(self, exc_type, exc_val, exc_tb)
        finally:
            STATE.timeouts.get(self._task, set()).discard(id(self))
            if self._when is not None:
                STATE.event("deadline-off", line=STATE.program_line(sys._getframe(1)))
    return __aexit__


def _wrap_wait_for_311(original):
    """3.11's wait_for runs what it waits for as a task under a timer of its own, not an
    asyncio.timeout: that task is noted as timed (a request it makes has a deadline). The
    task is made first, as wait_for itself does with ensure_future."""
    async def wait_for(fut, timeout):
        if timeout is not None and timeout > 0:
            fut = aio_tasks.ensure_future(fut)
            STATE.timed.add(fut)
        return await original(fut, timeout)
    return wait_for


class _InlineExecutor:
    """A worker pool whose calls run inline (see Patches._inline_pools)."""

    def __init__(self, max_workers=None, *args, **kwargs):
        if max_workers is not None and max_workers <= 0:
            raise ValueError("max_workers must be greater than 0")
        self._max_workers = max_workers

    def submit(self, fn, /, *args, **kwargs):
        import concurrent.futures as cf
        future = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        return future

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        return [fn(*args) for args in zip(*iterables)]

    def shutdown(self, wait=True, *, cancel_futures=False):
        pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


class Patches:
    """Install / undo every global replacement a recorded program needs."""

    def __init__(self):
        self._undo = []

    def set(self, obj, name, value):
        self._undo.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def install(self, program, stdout=None):
        self.set(aio_tasks, "_task_name_counter", itertools.count(1).__next__)
        self.set(asyncio, "run", virtual_run)
        self.set(runners, "run", virtual_run)
        self.set(runners, "_cancel_all_tasks", _cancel_all_tasks)
        self.set(taskgroups.TaskGroup, "_abort", _taskgroup_abort)
        clocks.install(self)   # time.time, perf_counter, monotonic, datetime.now, ...: virtual
        self.set(time, "sleep", _sleep)
        imports.install(self)  # aiohttp and requests: the stand-ins; a missing module says what to use
        simapi.begin()         # the simulated API's generator restarts from its seed
        self.set(warnings, "showwarning", _show_warning)
        self.set(locks.Lock, "acquire", _wrap_acquire(locks.Lock.acquire, "lock"))
        self.set(locks.Lock, "release", _wrap_release(locks.Lock.release, "lock"))
        self.set(locks.Semaphore, "acquire", _wrap_acquire(locks.Semaphore.acquire, "semaphore"))
        self.set(locks.Semaphore, "release", _wrap_release(locks.Semaphore.release, "semaphore"))
        self.set(locks.Event, "set", _wrap_event_set(locks.Event.set))
        self.set(timeouts.Timeout, "reschedule", _wrap_reschedule(timeouts.Timeout.reschedule))
        self.set(timeouts.Timeout, "__aexit__", _wrap_timeout_exit(timeouts.Timeout.__aexit__))
        if sys.version_info < (3, 12):
            wait_for = _wrap_wait_for_311(aio_tasks.wait_for)
            self.set(aio_tasks, "wait_for", wait_for)
            self.set(asyncio, "wait_for", wait_for)
        if sys.version_info >= (3, 14):
            self._python_task_registry()
        if sys.platform == "emscripten":
            self._inline_pools()
        self.set(sys, "stdout", stdout or _Stdout())
        self.set(sys, "argv", [program])
        # Pyodide keeps its own loop (the browser's) running at all times; the program's
        # asyncio.run needs none running, as in a plain `python3 main.py`.
        self.on_undo(events._set_running_loop, events._get_running_loop())
        events._set_running_loop(None)

    def _python_task_registry(self):
        """3.14: ``_PyTask`` (what TracedTask is) registers itself only with the pure-Python
        bookkeeping — ``_py_swap_current_task`` / ``_py_enter_task`` and the Python
        ``future_add_to_awaited_by`` — while ``asyncio.current_task``, ``all_tasks`` and the
        awaited-by records that TaskGroup, gather and ``capture_call_graph`` use are the C
        accelerator's, which never sees such a task. Those names are pointed at their
        Python versions for the run, so the program, asyncio itself and the call graph see
        the same tasks as with the C Task."""
        for name in ("current_task", "all_tasks"):
            py = getattr(aio_tasks, "_py_" + name)
            self.set(aio_tasks, name, py)
            self.set(asyncio, name, py)
        for name in ("future_add_to_awaited_by", "future_discard_from_awaited_by"):
            py = touch_awaited(getattr(futures, "_py_" + name))
            self.set(futures, name, py)
            self.set(asyncio, name, py)
        # The call graph (capture_call_graph, print_call_graph) accepts and names the
        # pure-Python Future and Task as it does the C ones.
        import types
        from asyncio import graph
        self.set(graph, "futures", types.SimpleNamespace(Future=(futures.Future, futures._PyFuture)))
        self.set(graph, "tasks", types.SimpleNamespace(Task=(aio_tasks.Task, aio_tasks._PyTask),
                                                       current_task=aio_tasks._py_current_task))

    def _inline_pools(self):
        """Pyodide has no processes and cannot start threads, so ``ProcessPoolExecutor()``
        and ``ThreadPoolExecutor()`` fail when made. The loop never hands them a job (its
        ``run_in_executor`` runs every job inline on a worker lane, whatever the executor),
        so there they are an executor that runs a directly submitted call inline too."""
        import concurrent.futures as cf
        for name in ("ProcessPoolExecutor", "ThreadPoolExecutor"):
            # Looked up in the module's own namespace: concurrent.futures imports them lazily
            # (its __getattr__), and importing concurrent.futures.process fails on a Pyodide
            # without _multiprocessing (0.25's CPython 3.11.3). Undone by removing the name
            # again, so that the lazy import is what a later lookup meets.
            stand_in = type(name, (_InlineExecutor,), {"__module__": cf.__name__})
            if name in vars(cf):
                self.set(cf, name, stand_in)
            else:
                setattr(cf, name, stand_in)
                self.on_undo(lambda n: vars(cf).pop(n, None), name)

    def on_undo(self, fn, value):
        """`fn(value)` is called by undo(), in its turn."""
        self._undo.append((None, fn, value))

    def undo(self):
        while self._undo:
            obj, name, value = self._undo.pop()
            if obj is None:
                name(value)
            else:
                setattr(obj, name, value)


def execute(path):
    """Runs the program file as __main__. Returns None, or the exception it ended with (a
    SystemExit with status 0 counts as none); the exception's `_va_recorded` is true when
    asyncio.run raised it, i.e. it is recorded as that run's error. Every line its tasks
    execute is traced (:mod:`.lines`)."""
    tracer = LineTracer()
    tracer.install()
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException as exc:
        if isinstance(exc, SystemExit) and exc.code in (None, 0):
            return None
        return exc
    finally:
        tracer.undo()
    return None

