"""Eager start: a task whose first step runs inside the create_task call.

3.14: ``create_task(coro, eager_start=True)``; 3.12 and 3.13: the loop's task factory
``asyncio.eager_task_factory`` (every create_task starts eagerly); 3.11 has neither, so its
tasks start on the next loop iteration as usual. An eager task that finishes in its first
step is done before create_task returns and is never scheduled; one that awaits is
suspended there and goes on like any other task. The gather of them then finds the quick
one already done.
"""
import asyncio
import sys


async def quick(n):
    print(f"quick {n} runs")
    return n


async def slow(n):
    print(f"slow {n} starts")
    await asyncio.sleep(1)
    print(f"slow {n} ends")
    return n


def start(coro):
    if sys.version_info >= (3, 14):
        return asyncio.create_task(coro, eager_start=True)
    return asyncio.create_task(coro)


async def main():
    if (3, 12) <= sys.version_info < (3, 14):
        asyncio.get_running_loop().set_task_factory(asyncio.eager_task_factory)
    tasks = [start(quick(1)), start(slow(2)), start(quick(3))]
    print(f"main: created, done: {[t.done() for t in tasks]}")
    print(f"main: {await asyncio.gather(*tasks)}")
    await asyncio.sleep(0.5)
    print("main: done")


asyncio.run(main())
