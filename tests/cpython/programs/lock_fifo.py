"""asyncio.Lock is fair: waiters acquire it in the order they started waiting.

Five workers start in creation order; worker 1 takes the free lock in its first
step, 2..5 queue up. Each holds the lock across sleep(0.1), and release() wakes the
first waiter, so the acquisition order is 1, 2, 3, 4, 5, at 0.0, 0.1, ... 0.4.
"""
import asyncio
import time

START = 0.0
order = []


def elapsed():
    return round(time.perf_counter() - START, 1)


async def worker(n, lock):
    print("worker", n, "wants the lock")
    async with lock:
        order.append(n)
        print("worker", n, "acquired at", elapsed())
        await asyncio.sleep(0.1)
        print("worker", n, "releases at", elapsed())


async def main():
    global START
    START = time.perf_counter()
    lock = asyncio.Lock()
    await asyncio.gather(*(worker(n, lock) for n in range(1, 6)))
    print("main: acquisition order", order)
    print("main: locked at the end?", lock.locked())


asyncio.run(main())
