"""create_task() only schedules: the first step of a task runs on a later loop iteration.

main creates three workers; both of main's prints come out before any worker runs,
because asyncio.create_task() just queues the task's first __step with call_soon().
Once main awaits, the ready queue is FIFO: step 1 of workers 1, 2, 3, then (after
each `await asyncio.sleep(0)`, which yields for exactly one iteration) step 2 of
1, 2, 3, then step 3 of 1, 2, 3. All three finish in the same iteration, so after
main wakes for worker 1, awaiting workers 2 and 3 (already done) does not yield.
"""
import asyncio


async def worker(n):
    print("worker", n, "step 1")
    await asyncio.sleep(0)
    print("worker", n, "step 2")
    await asyncio.sleep(0)
    print("worker", n, "step 3")
    return n


async def main():
    print("main: before create_task")
    tasks = [asyncio.create_task(worker(n)) for n in (1, 2, 3)]
    print("main: after create_task, no worker has run yet")
    for task in tasks:
        result = await task
        print("main: awaited worker", result)


asyncio.run(main())
