"""asyncio.gather() of tasks that have already finished, next to a pending one.

3.11 schedules gather's done-callback of an already finished child with call_soon, so
the outer future finishes at the earliest one loop iteration later and the caller always
suspends on it. Since 3.12 gather runs the done-callbacks of children that are already
done at once: when every child is done the caller does not suspend at all, and an early
failure reaches the caller in the same step.
"""
import asyncio
import time


def elapsed():
    return round(time.perf_counter(), 1)


async def quick(n):
    print("quick", n, "returns", n * 10)
    return n * 10


async def failing():
    print("failing raises")
    raise ValueError("failed early")


async def slow():
    await asyncio.sleep(1)
    print("slow returns at", elapsed())
    return "late"


async def main():
    done = [asyncio.create_task(quick(n)) for n in range(3)]
    await asyncio.sleep(0)
    print("main: all done?", all(t.done() for t in done))
    print("main: gather of finished tasks ->", await asyncio.gather(*done))
    pending = asyncio.create_task(slow())
    print("main: gather of a finished and a pending task ->", await asyncio.gather(done[0], pending))
    bad = asyncio.create_task(failing())
    later = asyncio.create_task(slow())
    await asyncio.sleep(0)
    try:
        await asyncio.gather(bad, later)
    except ValueError as exc:
        print("main: caught", repr(exc), "at", elapsed(), "- later done?", later.done())
    print("main: later ->", await later)


asyncio.run(main())
