"""An Event set by one task releases every waiter; wait_for gives up on one that waits
too long."""
import asyncio
import time


async def waiter(name, ready, limit):
    try:
        await asyncio.wait_for(ready.wait(), timeout=limit)
        print(f"{name}: released at {time.perf_counter():.1f}")
    except TimeoutError:
        print(f"{name}: gave up at {time.perf_counter():.1f}")


async def setter(ready):
    await asyncio.sleep(1)
    print(f"setter: ready at {time.perf_counter():.1f}")
    ready.set()


async def main():
    ready = asyncio.Event()
    await asyncio.gather(waiter("patient", ready, 5), waiter("hasty", ready, 0.5), setter(ready))


asyncio.run(main())
