"""Task.cancel() return values and the cancelling() counter.

cancel() on a task that already finished returns False and changes nothing.
On a sleeping task, cancel() returns True -- and so does a second cancel()
before the task has run again (3.11 counts requests: cancelling() == 2), yet
only one CancelledError is delivered. Afterwards the task is done and
cancelled, cancelling() stays 2, and a further cancel() returns False.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def quick():
    return "quick result"


async def sleeper():
    try:
        await asyncio.sleep(10)
    except asyncio.CancelledError:
        print("sleeper: got CancelledError at", elapsed())
        raise


async def main():
    global START
    START = time.perf_counter()
    done_task = asyncio.create_task(quick())
    await done_task
    print("cancel() on a finished task ->", done_task.cancel())
    print("finished task: cancelled() =", done_task.cancelled(), "result =", done_task.result())

    task = asyncio.create_task(sleeper())
    await asyncio.sleep(0.5)
    print("first cancel() ->", task.cancel())
    print("second cancel() ->", task.cancel())
    print("cancelling() =", task.cancelling())
    try:
        await task
    except asyncio.CancelledError:
        print("main: awaiting the task raised CancelledError at", elapsed())
    print("final state: done =", task.done(), "cancelled =", task.cancelled(),
          "cancelling() =", task.cancelling())
    print("cancel() after it finished ->", task.cancel())


asyncio.run(main())
