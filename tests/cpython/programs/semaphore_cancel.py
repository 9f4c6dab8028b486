"""Semaphore(1): cancelling a queued waiter neither loses nor leaks the permit.

The holder takes the only permit for 1 s. Waiters A, B, C queue in that order.
At t=0.5 main cancels B while it is still waiting: B leaves the queue and its
CancelledError propagates. At t=1 the holder releases and the permit is handed
to A (FIFO), then at 1.2 to C. In the end sem._value is back to 1.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def holder(sem):
    async with sem:
        print("holder: acquired at", elapsed())
        await asyncio.sleep(1)
        print("holder: releasing at", elapsed())
    return "holder"


async def waiter(name, sem):
    print("waiter", name, "waiting")
    try:
        async with sem:
            print("waiter", name, "acquired at", elapsed())
            await asyncio.sleep(0.2)
            print("waiter", name, "releasing at", elapsed())
    except asyncio.CancelledError:
        print("waiter", name, "cancelled while waiting at", elapsed())
        raise
    return name


async def main():
    global START
    START = time.perf_counter()
    sem = asyncio.Semaphore(1)
    first = asyncio.create_task(holder(sem))
    await asyncio.sleep(0)  # the holder takes the permit first
    waiters = [asyncio.create_task(waiter(name, sem)) for name in "ABC"]
    await asyncio.sleep(0.5)
    print("main: cancel B ->", waiters[1].cancel())
    results = await asyncio.gather(first, *waiters, return_exceptions=True)
    print("main: results", [r if isinstance(r, str) else type(r).__name__ for r in results])
    print("main: sem._value at the end:", sem._value)
    print("main: elapsed", elapsed())


asyncio.run(main())
