"""The timeout fires while the inner work is already in its cleanup.

work() finishes its job at t=0.5 and is returning, but its finally-block awaits
sleep(2). The timeout(1) deadline passes during that cleanup: CancelledError is
thrown into the cleanup's sleep, the rest of the cleanup is skipped, the pending
return value is lost, and the caller sees TimeoutError at t=1 -- even though the
job itself had completed.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def work():
    try:
        print("work: doing the job")
        await asyncio.sleep(0.5)
        print("work: job done at", elapsed(), "- returning")
        return "result"
    finally:
        print("work: cleanup starts at", elapsed())
        try:
            await asyncio.sleep(2)
            print("work: cleanup finished (not reached)")
        except asyncio.CancelledError:
            print("work: cleanup interrupted by cancellation at", elapsed())
            raise


async def main():
    global START
    START = time.perf_counter()
    try:
        async with asyncio.timeout(1):
            result = await work()
        print("main: got", result)
    except TimeoutError:
        print("main: TimeoutError at", elapsed())
    print("main: elapsed", elapsed())


asyncio.run(main())
