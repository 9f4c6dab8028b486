"""to_thread() keeps the loop running; a direct time.sleep() blocks it.

Run 1: main awaits asyncio.to_thread(time.sleep, 2). The sleep happens in a worker
thread, so the heartbeat task keeps ticking at 0.1, 0.2, 0.3 while main waits; main
resumes at t=2.
Run 2 (a second asyncio.run): main calls time.sleep(2) directly. The heartbeat's
first tick was due at 0.1 but nothing can run until main yields at t=2; the ticks
come late, at 2.0, 2.1, 2.2.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def heartbeat(label):
    for i in range(1, 4):
        await asyncio.sleep(0.1)
        print(label, "heartbeat", i, "at", elapsed())


async def main_to_thread():
    global START
    START = time.perf_counter()
    beat = asyncio.create_task(heartbeat("[to_thread]"))
    print("main: to_thread(time.sleep, 2) at", elapsed())
    await asyncio.to_thread(time.sleep, 2)
    print("main: to_thread finished at", elapsed())
    await beat


async def main_blocking():
    global START
    START = time.perf_counter()
    beat = asyncio.create_task(heartbeat("[time.sleep]"))
    await asyncio.sleep(0)  # the heartbeat starts and schedules its first tick
    print("main: time.sleep(2) blocks the loop at", elapsed())
    time.sleep(2)
    print("main: time.sleep finished at", elapsed())
    await beat


asyncio.run(main_to_thread())
asyncio.run(main_blocking())
