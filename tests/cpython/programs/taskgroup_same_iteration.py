"""TaskGroup: two children fail in the same loop iteration; both errors are reported.

Children 1 and 2 both raise ValueError after sleep(0.5); their timers fire in the same
iteration, so both have finished before the group's done callbacks run. The first
failure aborts the group (cancels the long sleeper, whose finally-cleanup prints) and
cancels main's __aexit__ wait; the ExceptionGroup holds both ValueErrors, in the
order the children finished. main handles them with `except* ValueError`.
"""
import asyncio
import time

START = 0.0


def elapsed():
    return round(time.perf_counter() - START, 1)


async def fail_after(n, delay):
    await asyncio.sleep(delay)
    print("child", n, "raising at", elapsed())
    raise ValueError(f"child {n} failed")


async def long_sleeper():
    try:
        print("sleeper: sleeping 10 s")
        await asyncio.sleep(10)
        print("sleeper: woke up (not reached)")
    except asyncio.CancelledError:
        print("sleeper: cancelled at", elapsed())
        raise
    finally:
        print("sleeper: cleanup")


async def main():
    global START
    START = time.perf_counter()
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(fail_after(1, 0.5))
            tg.create_task(fail_after(2, 0.5))
            tg.create_task(long_sleeper())
            print("main: body done, waiting for the children")
    except* ValueError as group:
        print("main: caught", len(group.exceptions), "ValueErrors")
        for exc in group.exceptions:
            print("main: caught", repr(exc))
    print("main: elapsed", elapsed())


asyncio.run(main())
