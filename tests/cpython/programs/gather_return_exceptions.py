"""gather(return_exceptions=True): exceptions become results, in argument order.

Same jobs as gather_exceptions.py: job 2 raises ValueError("boom at 2") at once,
the others sleep 1 s. Nothing propagates; gather waits for all four jobs and
returns [1, ValueError('boom at 2'), 3, 4] at t=1.
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
    results = await asyncio.gather(*(job(n) for n in (1, 2, 3, 4)), return_exceptions=True)
    print("main: results", results, "at", elapsed())


asyncio.run(main())
