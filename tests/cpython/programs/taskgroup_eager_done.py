"""TaskGroup with eager tasks: children that finish inside create_task.

3.14: ``tg.create_task(coro, eager_start=True)``; 3.12 and 3.13: the loop's task factory
``asyncio.eager_task_factory``; 3.11 has neither, so its tasks start on the next iteration
and nothing below is eager. A child that returns or raises before its first await is done
when create_task returns. CPython 3.12.1 and 3.13.0 then run the group's ``_on_task_done``
at once: the failure of ``bad(2)`` aborts the group inside that create_task (``slow(0)`` is
cancelled, main is asked to cancel), so the next ``tg.create_task`` raises
``RuntimeError('TaskGroup <TaskGroup tasks=1 errors=1 cancelling> is shutting down')``,
which the group raises along with the ValueError (3.12 also warns that the refused
``slow(3)`` was never awaited; 3.13 closes it). 3.14 adds the done-callback as for any
task (gh-128550): the failure aborts the group on the next iteration, after the body has
created ``slow(3)`` and finished.
"""
import asyncio
import sys


async def quick(n):
    print(f"quick {n} returns")
    return n


async def bad(n):
    print(f"bad {n} raises")
    raise ValueError(f"boom at {n}")


async def slow(n):
    try:
        await asyncio.sleep(1)
    except asyncio.CancelledError:
        print(f"slow {n} cancelled")
        raise
    print(f"slow {n} ends")
    return n


def start(tg, coro):
    if sys.version_info >= (3, 14):
        return tg.create_task(coro, eager_start=True)
    return tg.create_task(coro)


async def main():
    if (3, 12) <= sys.version_info < (3, 14):
        asyncio.get_running_loop().set_task_factory(asyncio.eager_task_factory)
    made = []
    try:
        async with asyncio.TaskGroup() as tg:
            for i, f in enumerate([slow, quick, bad, slow]):
                made.append(start(tg, f(i)))
                print(f"created {i}, done: {made[-1].done()}")
            print("body ends")
    except* Exception as eg:
        for e in eg.exceptions:
            print("caught", repr(e))
    states = ["cancelled" if t.cancelled() else "done" if t.done() else "pending" for t in made]
    print("states", states)
    await asyncio.sleep(0.5)
    print("main: done")


asyncio.run(main())
