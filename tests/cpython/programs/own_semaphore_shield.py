"""A Semaphore lets two requests in at a time; shield() keeps a save running when the
task that awaits it is cancelled."""
import asyncio
import time


async def request(n, sem):
    async with sem:
        print(f"request {n} in at {time.perf_counter():.1f}")
        await asyncio.sleep(0.5)
    return n


async def save(what):
    await asyncio.sleep(1)
    print(f"saved {what} at {time.perf_counter():.1f}")


async def caller():
    try:
        await asyncio.shield(asyncio.ensure_future(save("the report")))
    except asyncio.CancelledError:
        print(f"caller cancelled at {time.perf_counter():.1f}; the save goes on")
        raise


async def main():
    sem = asyncio.Semaphore(2)
    results = await asyncio.gather(*(request(n, sem) for n in range(5)))
    print(f"results {results} at {time.perf_counter():.1f}")
    task = asyncio.create_task(caller())
    await asyncio.sleep(0.2)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await asyncio.sleep(1)
    print(f"main done at {time.perf_counter():.1f}")


asyncio.run(main())
