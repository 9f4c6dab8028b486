"""cancel() and uncancel() of a task that is about to run, before it runs.

The worker yields with sleep(0), so it waits on nothing when main cancels it: the
cancellation is pending, to be delivered at its next step. main withdraws it with
uncancel(). In 3.11 and 3.12 that only lowers the count, and the CancelledError is
delivered anyway; since 3.13 an uncancel() that brings the count to zero also drops the
pending cancellation, and the worker carries on.
"""
import asyncio


async def worker():
    print("worker: first step, yielding")
    try:
        await asyncio.sleep(0)
        print("worker: second step, not cancelled")
    except asyncio.CancelledError:
        print("worker: CancelledError in the second step")
        raise
    return "finished"


async def main():
    task = asyncio.create_task(worker())
    await asyncio.sleep(0)
    print("main: cancel() ->", task.cancel())
    print("main: uncancel() ->", task.uncancel())
    try:
        print("main: worker", await task)
    except asyncio.CancelledError:
        print("main: worker was cancelled; cancelled() =", task.cancelled())


asyncio.run(main())
