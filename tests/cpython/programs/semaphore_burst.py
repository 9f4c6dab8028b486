"""Permits freed while every waiter is already woken, then two late acquirers.

Semaphore(3) is held by A, B and C; D waits. At t=1 A, B and C release in one loop
iteration: A's permit goes to D (woken, not yet running), B's and C's stay free. E and F
ask in that same iteration and queue behind D (FIFO). When D resumes, 3.11 and 3.12 wake
one more waiter (E, which wakes F when it resumes); since 3.13 D wakes as many as there
are free permits, E and F together.
"""
import asyncio
import time


def elapsed():
    return round(time.perf_counter(), 1)


async def holder(sem, name, first_sleep):
    if first_sleep:
        await asyncio.sleep(first_sleep)
    async with sem:
        print(name, "acquired at", elapsed())
        await asyncio.sleep(1)
        print(name, "releases at", elapsed())


async def main():
    sem = asyncio.Semaphore(3)
    tasks = [asyncio.create_task(holder(sem, name, 0)) for name in "ABC"]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(holder(sem, "D", 0)))
    tasks += [asyncio.create_task(holder(sem, name, 1)) for name in "EF"]
    await asyncio.gather(*tasks)
    print("main: free permits at the end:", sem._value)


asyncio.run(main())
