"""A failure in an inner TaskGroup cancels its siblings, leaves the inner group as an
ExceptionGroup, and that cancels the outer group's other tasks too."""
import asyncio
import time


async def step(name, delay, fail=False):
    try:
        await asyncio.sleep(delay)
        if fail:
            raise ValueError(f"{name} failed")
        print(f"{name} finished at {time.perf_counter():.1f}")
    except asyncio.CancelledError:
        print(f"{name} cancelled at {time.perf_counter():.1f}")
        raise


async def inner():
    async with asyncio.TaskGroup() as tg:
        tg.create_task(step("inner-a", 0.5))
        tg.create_task(step("inner-b", 0.2, fail=True))


async def main():
    try:
        async with asyncio.TaskGroup() as outer:
            outer.create_task(step("outer-a", 0.1))
            outer.create_task(step("outer-b", 1.0))
            outer.create_task(inner())
    except* ValueError as group:
        print(f"caught {[str(e) for e in group.exceptions]} at {time.perf_counter():.1f}")


asyncio.run(main())
