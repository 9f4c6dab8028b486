"""asyncio.wait_for() around a 10 s call with a 2 s timeout.

In 3.11 wait_for wraps the coroutine in its own task. At t=2 it cancels that
task and waits for it to finish: slow_call's finally-cleanup runs (at t=2), then
the caller gets TimeoutError (chained from the CancelledError) at t=2.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def slow_call():
    try:
        print("slow_call: started, needs 10 s")
        await asyncio.sleep(10)
        return "slow result"
    finally:
        print("slow_call: cleanup at", elapsed())


async def main():
    global START
    START = time.perf_counter()
    try:
        result = await asyncio.wait_for(slow_call(), 2)
        print("main: got", result)
    except TimeoutError as exc:
        print("main: TimeoutError at", elapsed(), "caused by", type(exc.__cause__).__name__)


asyncio.run(main())
