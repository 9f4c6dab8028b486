"""asyncio.timeout() inside a TaskGroup child only affects that child.

Child A wraps sleep(5) in `async with asyncio.timeout(1)`. At t=1 the timeout
cancels A's task; the context manager sees its own cancellation (uncancel()
brings the count back to 0) and turns it into TimeoutError, which A catches.
A returns normally, so the group is NOT aborted: sibling B still finishes its
2 s sleep and the group exits at t=2 with both results.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def child_a():
    try:
        async with asyncio.timeout(1):
            print("A: sleeping 5 s inside timeout(1)")
            await asyncio.sleep(5)
            print("A: woke up (not reached)")
    except TimeoutError:
        print("A: TimeoutError at", elapsed(), "- handled")
    return "A handled its timeout"


async def child_b():
    print("B: sleeping 2 s")
    await asyncio.sleep(2)
    print("B: done at", elapsed())
    return "B done"


async def main():
    global START
    START = time.perf_counter()
    async with asyncio.TaskGroup() as tg:
        a = tg.create_task(child_a())
        b = tg.create_task(child_b())
    print("main:", a.result(), "/", b.result())
    print("main: elapsed", elapsed())


asyncio.run(main())
