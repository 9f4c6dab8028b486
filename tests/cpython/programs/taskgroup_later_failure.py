"""TaskGroup: one child fails after 1 s; the siblings are cancelled and their cleanup runs.

The failing child raises at t=1. The group cancels both workers (sleeping 3 s). Each
worker's finally-block still awaits sleep(0.1) -- awaiting inside cleanup is allowed
after a cancellation -- so the group only exits at t=1.1, with an ExceptionGroup
holding the single ValueError. Nothing reaches the 3 s mark.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def failing():
    await asyncio.sleep(1)
    print("failing: raising at", elapsed())
    raise ValueError("failed after 1 s")


async def worker(n):
    try:
        await asyncio.sleep(3)
        print("worker", n, "finished (not reached)")
    finally:
        print("worker", n, "cleanup starts at", elapsed())
        await asyncio.sleep(0.1)
        print("worker", n, "cleanup ends at", elapsed())


async def main():
    global START
    START = time.perf_counter()
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(failing())
            tg.create_task(worker(1))
            tg.create_task(worker(2))
    except* ValueError as group:
        print("main: caught", [repr(e) for e in group.exceptions])
    print("main: elapsed", elapsed())


asyncio.run(main())
