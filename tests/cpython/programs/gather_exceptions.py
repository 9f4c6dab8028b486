"""gather() without return_exceptions: the first exception propagates, the rest keep running.

Job 2 raises ValueError("boom at 2") in its first step. gather() hands that exception
to main (one iteration later, via the done callback), but it does NOT cancel the
other jobs: they are orphans that still sleep 1 s and print "finished". main
catches the error at t=0, then sleeps 2 s so the orphans' prints are visible.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def job(n):
    if n == 2:
        print("job 2 raising at", elapsed())
        raise ValueError("boom at 2")
    print("job", n, "sleeping 1 s")
    await asyncio.sleep(1)
    print("job", n, "finished at", elapsed())
    return n


async def main():
    global START
    START = time.perf_counter()
    try:
        results = await asyncio.gather(*(job(n) for n in (1, 2, 3, 4)))
        print("main: results", results)
    except ValueError as exc:
        print("main: caught", repr(exc), "at", elapsed())
    await asyncio.sleep(2)
    print("main: done at", elapsed())


asyncio.run(main())
