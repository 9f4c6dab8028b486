"""Stock asyncio on a virtual clock, with every task's life recorded.

Shared by the CPython test harness (``tests/cpython/harness.py``, native CPython) and the
page's "Run my code" (the Pyodide worker, ``static/code/worker.js``): one copy, so the
reference the tests compare against and what a learner's program runs on never drift.

What it owns:

* ``VirtualLoop``: a ``BaseEventLoop`` whose selector jumps the clock to exactly the
  earliest pending timer deadline (timers with equal deadlines fire in scheduling order),
  and which reports a deadlock, or stops at a horizon, instead of blocking;
* ``TracedTask``: the pure-Python ``asyncio.tasks._PyTask`` recording create / wake / step /
  suspend (on what) / cancel / done / failed / cancelled, each event with the program line
  (innermost program frame of the task's ``cr_await`` chain, ``f_lineno``) and the loop
  iteration (``_run_once``, counted from 1 in each ``asyncio.run``);
* ``time.perf_counter`` / ``time.monotonic`` read the virtual clock, ``time.sleep`` on the
  loop blocks it (a ``blocked`` event), ``loop.run_in_executor`` (hence ``asyncio.to_thread``)
  runs the function inline on a worker lane whose ``time.sleep`` only delays the result;
* ``Lock`` / ``Semaphore`` hand-overs, ``Event.set`` and ``asyncio.timeout`` deadlines;
* stdout, warnings and the loop's exception handler as events;
* :func:`run_result`: the recording as the playground's run-result JSON (the shape the Rust
  executor's runs have, ``"scenario": "code"``), and :func:`run_page`, the worker's entry.
  A page run is bounded: it stops at :data:`MAX_EVENTS` events, :data:`MAX_TASKS` tasks,
  :data:`MAX_OUTPUT` bytes of output (the line is cut there) or the worker's loop-time
  limit, its end saying which.

Where CPython iterates a *set* of tasks (``TaskGroup._abort`` and the final
``_cancel_all_tasks`` of ``asyncio.run``) the order depends on memory addresses; it is
fixed to task creation order so that runs are reproducible.
"""

import asyncio
import gc
import heapq

from .loop import TracedTask, VirtualLoop
from .patches import Patches, execute, virtual_run
from .record import HARNESS_KINDS, MAX_EVENTS, MAX_OUTPUT, MAX_TASKS, STATE, Halt, Session, describe, start
from .result import program_traceback, run_page, run_result
