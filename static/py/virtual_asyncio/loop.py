"""The virtual-clock event loop and the traced task: a ``BaseEventLoop`` whose selector
jumps the clock to the next timer, and the pure-Python ``_PyTask`` recording its life
(create, wake, step, suspend on what, cancel, done / failed / cancelled) with the program
line and loop iteration of every event."""

import asyncio
import gc
import heapq
import itertools
import operator
import sys
import threading
import warnings
from asyncio import events, format_helpers, futures, tasks as aio_tasks

from .cpu import METER, StepCpu
from .record import STATE, Halt, Stop, TaskRecord, call_label, clip, describe, fmt_t, short_repr, stopped

# --------------------------------------------------------------------------- timers

class _TimedRun:
    """Debug mode's slow callback, in every run: a callback that is not a task's step or
    wake-up (those are timed by the task: `TracedTask._Task__step`), run by the loop and
    holding it at least ``loop.slow_callback_duration``, is reported in CPython's own words —
    ``'Executing %s took %.3f seconds'`` with the handle's repr (``<Handle cb() at
    main.py:3>``, a timer's with its ``when=``; ``created at`` too under ``debug=True``) — at
    the line of its longest blocking call. On the virtual clock what holds the loop in a
    callback is its blocking calls (its computing is not measured)."""

    __slots__ = ()

    def _run(self):
        if isinstance(getattr(self._callback, "__self__", None), (aio_tasks._PyTask, asyncio.Task)):
            return super()._run()
        loop = self._loop
        began, outer = loop.time(), loop._va_blocks
        loop._va_blocks = []
        try:
            super()._run()
        finally:
            blocks, loop._va_blocks = loop._va_blocks, outer
        took = loop.time() - began
        if blocks and took >= loop.slow_callback_duration:
            line = max(blocks, key=lambda b: b[0])[1]
            STATE.event("warning", clip("Executing %s took %.3f seconds" % (self, took)), task=None, line=line)


class TimedHandle(_TimedRun, events.Handle):
    """The loop's Handle (call_soon), its slow runs reported (`_TimedRun`)."""

    __slots__ = ()


class OrderedTimerHandle(_TimedRun, events.TimerHandle):
    """A TimerHandle ordered by (when, seq): equal deadlines fire in scheduling order; its
    slow runs reported (`_TimedRun`)."""

    __slots__ = ("_seq",)

    def __init__(self, when, seq, callback, args, loop, context=None):
        super().__init__(when, callback, args, loop, context)
        if self._source_traceback:   # (created where the program called call_at / call_later)
            del self._source_traceback[-1]
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


# Reprs use the class name, as CPython's handles are named.
TimedHandle.__name__ = TimedHandle.__qualname__ = "Handle"
OrderedTimerHandle.__name__ = OrderedTimerHandle.__qualname__ = "TimerHandle"


class _VirtualSelector:
    """Stands in for the I/O selector: select() is where the loop would block."""

    def __init__(self, loop):
        self._loop = loop

    def select(self, timeout):
        self._loop._advance(timeout)
        return []


# --------------------------------------------------------------------------- tasks

def _is_wakeup(callback):
    """True for a task's `__wakeup` (the done-callback a task adds to the future it awaits)."""
    return isinstance(getattr(callback, "__self__", None), TracedTask) and callback.__name__ == "__wakeup"


def _waits_on(task):
    """What a suspended task waits for: (on, fields), from the future it awaits and the
    asyncio frames of its await chain."""
    fut = task._fut_waiter
    if fut is None:
        return "yield", {}
    if isinstance(fut, TracedTask):
        return "join", {"target": fut}
    if isinstance(fut, aio_tasks._GatheringFuture):
        return "gather", {}
    if getattr(fut, "_va_until", None) is not None:
        return "sleep", {"until": fut._va_until}
    if getattr(fut, "_va_job", None) is not None:
        return "worker", {"job": fut._va_job}
    if getattr(fut, "_va_fetch", None) is not None:   # a stand-in's request (simapi.py)
        return "fetch", {"url": fut._va_fetch}
    names = set()
    obj = task._coro
    while obj is not None:
        code = getattr(obj, "cr_code", None) or getattr(obj, "gi_code", None)
        if code is not None:
            names.add(getattr(code, "co_qualname", code.co_name))
        obj = (getattr(obj, "cr_await", None) or getattr(obj, "gi_yieldfrom", None)
               or getattr(obj, "ag_await", None))
    for qualname, on in (("Lock.acquire", "lock"), ("Semaphore.acquire", "semaphore"),
                         ("Event.wait", "event"), ("TaskGroup.__aexit__", "taskgroup")):
        if qualname in names:
            return on, {}
    return "future", {}


class TracedTask(aio_tasks._PyTask):
    """Pure-Python Task recording its life."""

    def __init__(self, coro, *, loop=None, name=None, context=None, eager_start=False):
        # The harness's own bookkeeping and its pure-Python Task (C's create_task takes a
        # microsecond) are not the program's computing (cpu.py); an eager first step is.
        outermost = METER.enter()
        try:
            self._va_setup(coro)
            if not eager_start:
                super().__init__(coro, loop=loop, name=name, context=context)
        finally:
            METER.leave(outermost)
        if eager_start:   # 3.12+: the first step runs inside this call (_Task__eager_start)
            super().__init__(coro, loop=loop, name=name, context=context, eager_start=True)
        self._va_record_create()

    def _va_setup(self, coro):
        """The task's records, before asyncio's Task is set up."""
        self._va_seq = next(STATE.task_seq)   # before __init__: _register_task hashes us
        self._va_created = False      # its create event is recorded
        self._va_started = False
        self._va_recorded = False     # recorded with the call graph (3.14+): its waiters are reported
        self._va_woken_by = False     # False: not woken; None: by the loop; a task: by it
        self._va_finished = False     # its outcome is recorded
        self._va_top = None           # its coroutine's frame
        self._va_cpu = None           # its running step's computing (cpu.py)
        code = getattr(coro, "cr_code", None) or getattr(coro, "gi_code", None)
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        run = STATE.run
        func = code.co_name if code is not None else type(coro).__name__
        self._va = TaskRecord(
            self._va_seq,
            call_label(code, frame.f_locals) if code is not None and frame is not None else f"{func}()",
            func,
            code.co_firstlineno if code is not None and code.co_filename == STATE.program else 0,
            # asyncio.run's own shutdown work (shutdown_asyncgens, its aclose() tasks,
            # shutdown_default_executor): whatever starts after the main task finished
            run is not None and run["main_done"],
        )
        if run is not None and run["main"] is None:
            run["main"] = self._va

    def _va_record_create(self):
        # The line that created the task: where the program is, outside asyncio's frames.
        if self._va_created:
            return
        self._va_created = True
        self._va_parent = STATE.current   # who created it: a deadline of theirs bounds it too
        if self._va.internal or STATE.count_task():
            ev = STATE.event("create", task=self, line=STATE.program_line(sys._getframe(2)), parent=STATE.current)
            if ev is not None and STATE.awaited_by_of is not None:
                STATE.unsettled.append((ev, self))
                self._va_recorded = True   # a task past the limit is in no call graph

    def _Task__eager_start(self):
        """3.12+ ``Task.__eager_start``: the task's first step, run by its constructor inside
        the creating task's step (and recorded as that step)."""
        self._va_record_create()
        self._va_top = getattr(self._coro, "cr_frame", None)
        self._va_started, self._va_woken_by = True, False
        self._va_locals = None   # the step's first line lists its frame's locals (lines.py)
        STATE.event("step", task=self, line=self._where()[0], why="start", by=None)
        outer, STATE.current = STATE.current, self
        try:
            super()._Task__eager_start()
        finally:
            STATE.current = outer
            self._va_after_step(False)

    def __hash__(self):
        # Deterministic set / WeakSet order (identity equality is kept).
        return self._va_seq

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
        """(line, stack, calls): the innermost program frame's line, the chain's function
        names (comprehension frames left out) and the frames below the task's own coroutine
        as (function, call) pairs, or (None, "", [])."""
        frames = self._program_frames()
        if not frames:
            return None, "", []
        named = [f for f in frames if not f.f_code.co_name.startswith("<")]
        own = getattr(self._coro, "cr_frame", None) or getattr(self._coro, "gi_frame", None)
        inner = [f for f in named if f is not own]
        calls = [(f.f_code.co_name, call_label(f.f_code, f.f_locals)) for f in inner]
        return frames[-1].f_lineno, " > ".join(f.f_code.co_name for f in named), calls

    def cancel(self, msg=None):
        if not self.done():
            STATE.event("cancel", task=self, line=self._where()[0], by=STATE.current)
        return super().cancel(msg)

    def _Task__step(self, exc=None):
        was_done = self.done()
        self._va_top = getattr(self._coro, "cr_frame", None)
        if not self._va_started:
            why, by = "start", None
        elif self._va_woken_by is not False:
            why, by = "woken", self._va_woken_by
        elif exc is not None:
            why, by = "cancel", None
        else:
            why, by = "yield", None
        self._va_started, self._va_woken_by = True, False
        self._va_locals = None   # the step's first line lists its frame's locals (lines.py)
        STATE.event("step", task=self, line=self._where()[0], why=why, by=by)
        outer, STATE.current = STATE.current, self
        loop = self._loop
        began = loop.time()
        self._va_cpu = StepCpu()
        try:
            super()._Task__step(exc)
        finally:
            computed, hottest = self._va_cpu.end()
            self._va_cpu = None
            STATE.current = outer
            self._va_after_step(was_done)
        _warn_if_slow(self, loop, loop.time() - began, computed, hottest)

    def _va_after_step(self, was_done):
        """Records how a step ended: the task's outcome, or where it suspended on what."""
        if self.done() and not was_done:
            self.record_outcome()
        elif not self.done():
            line, stack, calls = self._where()
            on, fields = _waits_on(self)
            if _CALL_GRAPH:
                fields["awaited_by"] = _awaited_by(self)
                fields["unstarted"] = _unstarted_awaited()
            STATE.event("suspend", stack, task=self, line=line, on=on, calls=calls, **fields)

    def record_outcome(self):
        """Records how the task ended, once: when its coroutine has returned or raised and
        before the callbacks that future schedules (so its waiters wake after it is done)."""
        if self._va_finished:
            return
        self._va_finished = True
        if STATE.run is not None and STATE.run["main"] is self._va:
            STATE.run["main_done"] = True
        top = self._va_top   # a finished coroutine keeps its frame's last line
        line = top.f_lineno if top is not None and top.f_code.co_filename == STATE.program else None
        if self.cancelled():
            STATE.event("cancelled", task=self, line=line)
        elif self._exception is not None:   # not .exception(): that marks it retrieved
            STATE.event("failed", describe(self._exception), task=self, line=line)
        else:
            STATE.event("done", task=self, line=line,
                        result=None if self._result is None else short_repr(self._result, 200))


def _warn_if_slow(task, loop, held, computed, hottest):
    """Debug mode's slow step, in every run: a step that held the loop at least
    ``loop.slow_callback_duration`` is reported in CPython's own words — base_events.py's
    ``'Executing %s took %.3f seconds'`` with the task's repr after the step
    (``_format_handle`` of a task's wake-up), so with ``debug=True`` the repr also says where
    the task was created, as CPython's does.

    What held it: on the virtual clock, the blocking calls in the step (`held`: exactly what
    they slept, the same in every run); and, when the step's computing alone reached the
    threshold (`computed`, measured: cpu.py), that too — the seconds are then both, as
    CPython's wall clock would have them, and the line is the one the computing went to
    (`hottest`). A computing step is told by its seconds exceeding its blocking calls'
    (diagnostics' cpu-bound); below the threshold computing is left out, so the seconds stay
    exact."""
    line = task._where()[0]
    if computed >= loop.slow_callback_duration:
        took, line = held + computed, hottest or line
    elif held >= loop.slow_callback_duration:
        took = held
    else:
        return
    # (C's Task names its wake-up `task_wakeup`, the pure-Python Task it runs on here
    # `__wakeup`: the text is C's, which is what CPython runs.)
    shown = repr(task).replace("Task.__wakeup()", "Task.task_wakeup()")
    text = clip('Executing %s took %.3f seconds' % (shown, took))
    STATE.event("warning", text, task=task, line=line)


# 3.14+: asyncio records who awaits whom (capture_call_graph); suspensions carry it.
_CALL_GRAPH = hasattr(asyncio, "capture_call_graph")


def _awaited_by(task):
    """The tasks awaiting `task` now, as CPython's call graph has them
    (``capture_call_graph(task).awaited_by``), in creation order, as TaskRecords."""
    # The future's own set of waiters is what capture_call_graph() starts from; read directly,
    # since capture_call_graph() builds each waiter's graph in turn and, for tasks that await
    # each other, recurses without end (the deadlock finder must still see them).
    parents = getattr(task, "_asyncio_awaited_by", None)
    if parents is None and not hasattr(task, "_asyncio_awaited_by"):
        graph = asyncio.capture_call_graph(task, depth=1, limit=0)
        parents = [g.future for g in (graph.awaited_by if graph is not None else ())]
    return [p._va for p in sorted(parents or (), key=_creation_order) if isinstance(p, TracedTask)]


if _CALL_GRAPH:
    STATE.awaited_by_of = _awaited_by


def _unstarted_awaited():
    """The tasks not yet begun whose waiters changed since the last suspension (``await
    task``, ``gather()`` of created tasks), in creation order, each with its waiters now —
    leaving out a task whose create event is yet to be settled (it carries them); forgets
    them all. (Rust's ``Loop::unstarted_awaited``.)"""
    touched, STATE.touched = STATE.touched, {}
    fresh = {id(task) for _, task in STATE.unsettled}
    tasks = [t for t in touched if isinstance(t, TracedTask) and not t._va_started and id(t) not in fresh]
    return [(t._va, _awaited_by(t)) for t in sorted(tasks, key=_creation_order)]


def touch_awaited(add_or_discard):
    """``future_add_to_awaited_by`` / ``future_discard_from_awaited_by`` that also note the
    task whose waiters changed (for the next suspension's ``unstarted``)."""
    def noted(fut, waiter):
        add_or_discard(fut, waiter)
        if getattr(fut, "_va_recorded", False) and not STATE.frozen and isinstance(waiter, futures._PyFuture):
            STATE.touched[fut] = None
    return noted


# Reprs and loop messages use the class name ("Task exception was never retrieved").
TracedTask.__name__ = TracedTask.__qualname__ = "Task"


def _creation_order(task):
    return getattr(task, "_va_seq", 0)


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
    if getattr(loop, "_halted", None):
        # A stopped run (a deadlock, a horizon, a limit) never resumes and records nothing
        # more, so nothing would see the cancellations — and cancelling tasks that await each
        # other recurses without end in Task.cancel() (each cancels the task it waits on).
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

def _settle(future, outcome, job=None):
    """Timer callback delivering a run_in_executor result (unless cancelled)."""
    if job is not None:
        loop, worker, task = job
        loop._workers.discard(worker)
        STATE.event("job-end", task=task, worker=worker, ok=outcome[0] == "result")
    if future.cancelled():
        return
    kind, value = outcome
    if kind == "result":
        future.set_result(value)
    else:
        future.set_exception(value)


class VirtualLoop(asyncio.BaseEventLoop):
    """An event loop on a virtual clock that never really waits."""

    def __init__(self):
        super().__init__()
        self._now = 0.0
        self._clock_resolution = 1e-9
        self._selector = _VirtualSelector(self)
        self._timer_seq = itertools.count()
        self._offload = None   # seconds slept by an inline run_in_executor call
        self._offload_task = None   # the task that handed that call over
        self._executor_idle_at = None   # when the last default-executor job completes
        self._workers = set()  # worker lanes busy with a job
        self._halted = None    # reason, once the run was stopped
        self._va_blocks = None   # (seconds, line) of the blocking calls of a callback running
        self._generation = STATE.generation
        if STATE.slow_callback_duration is not None:   # (as a program may set it on its loop)
            self.slow_callback_duration = STATE.slow_callback_duration
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
            self._halt(Stop(f"Deadlock: no task can make progress at t={fmt_t(self._now)}", {"how": "deadlock"}))
        if timeout <= 0:
            return
        deadline = self._next_deadline()
        until = STATE.until
        if until is not None and deadline > until:
            self._now = float(until)
            self._halt(STATE.until_reason or stopped(f"Stopped at t={fmt_t(self._now)}", "horizon", self._now))
        self._now = float(deadline)

    def block(self, seconds, what="time.sleep", frame=None):
        """time.sleep(seconds) (or another blocking call, `what`: a stand-in's request)
        called on the loop's thread; `frame` is where it was called (default: the caller's
        caller)."""
        if self._offload is not None:
            self._offload += seconds
            return
        until = STATE.until
        target = self._now + seconds
        line = STATE.program_line(frame or sys._getframe(2))
        if until is not None and target > until:
            STATE.event("blocked", line=line, secs=until - self._now, what=what)
            self._now = float(until)
            self._stop_recording(STATE.until_reason or stopped(f"Stopped at t={fmt_t(self._now)}", "horizon", self._now))
            return   # the loop raises Halt at its next select()
        STATE.event("blocked", line=line, secs=seconds, what=what)
        if self._va_blocks is not None:   # in a callback that is not a task's (_TimedRun)
            self._va_blocks.append((seconds, line))
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
        if STATE.overflow and not self._halted:   # a limit of the recording was passed
            self._halted = STATE.overflow
            raise Halt(self._halted)
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

    def run_until_complete(self, future):
        if self._halted:
            # A stopped run never resumes, so what Runner.close() asks it to run
            # (shutdown_asyncgens()…) is never started: closed here, it is not reported later
            # as a coroutine never awaited.
            if asyncio.iscoroutine(future):
                future.close()
            raise Halt(self._halted)
        return super().run_until_complete(future)

    def call_soon(self, callback, *args, context=None):
        running = STATE.current
        if running is not None and running.done():
            running.record_outcome()   # its result is set: the callbacks are its waiters
        if _is_wakeup(callback):
            task = callback.__self__
            task._va_woken_by = STATE.current
            STATE.event("wake", task=task, line=task._where()[0], by=STATE.current)
        handle = super().call_soon(callback, *args, context=context)
        if handle._source_traceback:   # (created where the program called call_soon)
            del handle._source_traceback[-1]
        return handle

    def _call_soon(self, callback, args, context):
        """base_events.py's, with a TimedHandle."""
        handle = TimedHandle(callback, args, self, context)
        if handle._source_traceback:
            del handle._source_traceback[-1]
        self._ready.append(handle)
        return handle

    def call_at(self, when, callback, *args, context=None):
        """base_events.py:733, with an OrderedTimerHandle."""
        if when is None:
            raise TypeError("when cannot be None")
        self._check_closed()
        if self._debug:
            self._check_thread()
            self._check_callback(callback, 'call_at')
        timer = OrderedTimerHandle(when, next(self._timer_seq), callback, args, self, context)
        if timer._source_traceback:
            del timer._source_traceback[-1]
        heapq.heappush(self._scheduled, timer)
        timer._scheduled = True
        if callback is futures._set_result_unless_cancelled and args:
            args[0]._va_until = when   # asyncio.sleep's future: it waits until `when`
        return timer

    def create_task(self, coro, *, name=None, context=None, **kwargs):
        """base_events.py:429 (no-factory branch), with a TracedTask; ``eager_start=True``
        (3.14) and ``asyncio.eager_task_factory`` (3.12+) make it an eagerly started one."""
        self._check_closed()
        eager = kwargs.pop("eager_start", None)
        factory = self._task_factory
        if factory is not None and factory is getattr(aio_tasks, "eager_task_factory", None):
            eager, factory = (True if eager is None else eager), None
        if factory is not None:
            if eager is not None:
                kwargs["eager_start"] = eager
            return super().create_task(coro, name=name, context=context, **kwargs)
        if kwargs:
            raise TypeError(f"create_task() got an unexpected keyword argument {next(iter(kwargs))!r}")
        task = TracedTask(coro, loop=self, name=name, context=context, eager_start=bool(eager))
        if task._source_traceback:
            # Debug mode: CPython's Task is created here and drops this frame from where it
            # was created, so its repr says "created at" the caller of loop.create_task
            # (tasks.py's create_task, runners.py's Runner.run).
            task._source_traceback = format_helpers.extract_stack(sys._getframe(1))
        return task

    def run_in_executor(self, executor, func, *args):
        """Run func inline now, on a worker lane; deliver its outcome after the time it slept."""
        self._check_closed()
        future = self.create_future()
        job = _job_label(func, args)
        future._va_job = job
        worker = next(n for n in itertools.count(1) if n not in self._workers)
        self._workers.add(worker)
        STATE.event("job-start", line=STATE.program_line(sys._getframe(1)), worker=worker, job=job)
        seconds, outcome = self._run_offloaded(func, args)
        timer = self.call_later(seconds, _settle, future, outcome, (self, worker, STATE.current))
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
        self._offload_task = saved_task   # (the task awaiting the job: its requests are its, simapi.py)
        outermost = METER.enter()   # a worker's computing, not the loop's (cpu.py)
        try:
            outcome = ("result", func(*args))
        except BaseException as exc:   # concurrent.futures captures everything
            outcome = ("exception", exc)
        finally:
            METER.leave(outermost)
            seconds, self._offload, self._offload_task = self._offload, None, None
            events._set_running_loop(self)
            STATE.current = saved_task
        return seconds, outcome

    def call_exception_handler(self, context):
        if self._generation != STATE.generation:
            return   # the garbage of an earlier program, collected during this one
        detail = str(context.get("message", ""))
        if context.get("exception") is not None:
            detail += ": " + describe(context["exception"])
        fields = {}
        fut = context.get("future")
        if detail.startswith("Task exception was never retrieved") and isinstance(fut, TracedTask):
            # What CPython's default handler logs (less the traceback): the message, then the
            # task as `future: <Task finished name='Task-2' coro=<…> exception=ValueError('x')>`
            # (under debug=True also where it was created); in the run-result, of that task.
            fields = {"log": clip(f"{context['message']}\nfuture: {fut!r}"), "of": fut}
        STATE.event("loop-error", clip(detail), **fields)
        super().call_exception_handler(context)


def _job_label(func, args):
    """`time.sleep(2)`, `count_primes(100000)`: what a worker runs."""
    inner = getattr(func, "func", None)   # functools.partial (to_thread wraps the call in one)
    if inner is not None and getattr(func, "args", None) is not None:
        func, args = inner, tuple(func.args) + tuple(args)
        if getattr(func, "__name__", "") == "run" and args and callable(args[0]):   # contextvars.Context.run
            func, args = args[0], args[1:]
    module = getattr(func, "__module__", None)
    name = getattr(func, "__qualname__", None) or getattr(func, "__name__", None) or type(func).__name__
    if module in ("time", "requests"):
        name = f"{module}.{name}"
    return f"{name}({', '.join(short_repr(a) for a in args)})"

