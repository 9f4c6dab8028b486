"""The time a task's step spends computing on the loop's thread: the guide's CPU-bound
mistake, which asyncio's debug mode reports as a slow step.

On the virtual clock computing takes no loop time — a step is instantaneous unless it blocks
(``time.sleep``, which takes none of the real clock) — so a step's computing is measured
apart, on the real ``time.perf_counter`` (taken before clocks.py makes it virtual; as
CPython's debug mode measures a step, and cheap enough to read around every line event,
where ``process_time`` would double a traced loop's time), less what is not the program's
computing on the loop:

* the harness's own work — the line tracer's callbacks and every recorded event;
* a ``run_in_executor`` / ``to_thread`` job, run inline on a worker lane (a thread in
  CPython, not the loop);
* a step run inside this one (an eager task's first step): that step's computing is its own;
* the interpreter's own cost of calling the line tracer (once per line event in a program
  frame, and per call of any function while tracing): estimated per call by
  :func:`calibrate` when the tracer is installed, as a traced loop's time less the same loop
  untraced.

What is left is the program's bytecode as this run executed it — in the page, the browser's
Python with the line tracing's dispatch, so more than CPython alone would take. It says which
line of the task's own coroutine the time went to (the line that called the work).
"""

import sys
import time

_cpu = now = time.perf_counter   # the real one: this module is imported before any run patches it


class Meter:
    """Seconds of the program's computing so far: the real clock less every span set aside
    and less the interpreter's own cost of calling the line tracer, estimated per call (a
    running total; a step reads the difference)."""

    __slots__ = ("aside", "calls", "per_call", "since")

    def __init__(self):
        self.aside = 0.0
        self.calls = 0          # trace function calls so far
        self.per_call = 0.0     # what calling one costs beyond what it measures (calibrate())
        self.since = None       # when the outermost span set aside began (None: not in one;
                                # the line tracer opens its own inline: enter/leave)

    def clock(self):
        """The program's computing seconds so far (within a span set aside: when it began)."""
        now = self.since if self.since is not None else _cpu()
        return now - self.aside - self.calls * self.per_call

    def enter(self):
        """Begins a span that is not the program's computing; returns whether it is the
        outermost (pass it to :meth:`leave`)."""
        if self.since is not None:
            return False
        self.since = _cpu()
        return True

    def leave(self, outermost):
        if outermost:
            self.aside += _cpu() - self.since
            self.since = None


_calibrated = []   # calibrate() has run in this process


def calibrate(rounds=3, lines=1000):
    """What the interpreter spends per call of a trace function beyond the span it measures
    (making the call, entering and leaving the span): a traced loop's time less the same loop
    untraced and less the spans, per call — the least of a few rounds (a busy machine only
    adds). Sets :data:`METER`'s ``per_call``."""
    scratch = Meter()

    def local(frame, event, arg):   # as the line tracer's: counted, and a span
        scratch.calls += 1
        scratch.leave(scratch.enter())
        return local

    def first(frame, event, arg):   # as the tracer's global function: counted only
        scratch.calls += 1
        return local

    def loop(n):   # line events, and a generator's call, line and return events per item
        for _ in range(n):
            pass
        return sum(1 for _ in range(n))

    best = None
    saved = sys.gettrace()
    try:
        for _ in range(rounds):
            began = _cpu()
            loop(lines)
            plain = _cpu() - began
            scratch.aside, scratch.calls = 0.0, 0
            sys.settrace(first)
            began = _cpu()
            loop(lines)
            traced = _cpu() - began
            sys.settrace(saved)
            if scratch.calls:
                per = (traced - plain - scratch.aside) / scratch.calls
                best = per if best is None else min(best, per)
    finally:
        sys.settrace(saved)
    METER.per_call = max(0.0, best or 0.0)
    _calibrated.append(True)


def calibrate_once():
    """:func:`calibrate`, the first time a process asks (the line tracer, when installed)."""
    if not _calibrated:
        calibrate()


METER = Meter()


class StepCpu:
    """One task step's computing: how much, and on which line of the task's own coroutine
    (the time from one of its line events to the next goes to the first)."""

    __slots__ = ("start", "line", "since", "by_line")

    def __init__(self):
        self.start = self.since = METER.clock()
        self.line = None
        self.by_line = {}

    def at_line(self, line, now):
        """The coroutine's frame starts `line` at the program's computing time `now`."""
        if self.line is not None:
            self.by_line[self.line] = self.by_line.get(self.line, 0.0) + now - self.since
        self.line, self.since = line, now

    def end(self):
        """The step is over: (its computing in seconds, the line most of it went to or None).
        Its computing is set aside from then on, so a step it ran inside does not count it."""
        now = METER.clock()
        self.at_line(None, now)
        computed = max(0.0, now - self.start)
        METER.aside += computed
        hottest = max(self.by_line, key=self.by_line.get) if self.by_line else None
        return computed, hottest
