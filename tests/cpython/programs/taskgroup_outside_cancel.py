"""A TaskGroup whose child fails while the owning task is also cancelled from outside.

At t=1 failing() raises: the group cancels its other child and its owner (cancelling()
becomes 1). The other child's cleanup takes 0.5 s. Before 3.13 the group withdraws its own
cancellation of the owner (uncancel) at once, so during the cleanup the owner's
cancelling() is 0; since 3.13 it does so only after the children have finished.

At t=1.2 main cancels the owner, while the group still waits for the cleanup. The group
raises its ExceptionGroup either way. Before 3.13 that outside cancellation is then lost:
the owner's next await just runs. Since 3.13 the group cancels the owner again on its way
out, so the owner gets CancelledError at its next await.
"""
import asyncio
import time


def elapsed():
    return round(time.perf_counter(), 1)


async def failing():
    await asyncio.sleep(1)
    print("failing: raises at", elapsed())
    raise ValueError("boom")


async def slow_cleanup(owner):
    try:
        await asyncio.sleep(10)
    finally:
        print("cleanup: starts at", elapsed(), "- owner cancelling() =", owner.cancelling())
        await asyncio.sleep(0.5)
        print("cleanup: ends at", elapsed(), "- owner cancelling() =", owner.cancelling())


async def owner_body(me):
    try:
        async with asyncio.TaskGroup() as tg:
            tg.create_task(failing())
            tg.create_task(slow_cleanup(me))
    except* ValueError:
        print("owner: caught the ValueError at", elapsed(), "- cancelling() =", me.cancelling())
    try:
        await asyncio.sleep(1)
        print("owner: slept on until", elapsed())
    except asyncio.CancelledError:
        print("owner: CancelledError at", elapsed())
        raise


async def main():
    ready = asyncio.get_running_loop().create_future()

    async def owner():
        await owner_body(await ready)

    task = asyncio.create_task(owner())
    ready.set_result(task)
    await asyncio.sleep(1.2)
    print("main: cancel() ->", task.cancel())
    try:
        await task
        print("main: owner finished")
    except asyncio.CancelledError:
        print("main: owner cancelled at", elapsed())


asyncio.run(main())
