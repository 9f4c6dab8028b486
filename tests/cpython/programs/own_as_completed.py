"""as_completed hands results back in the order they finish, not the order asked for."""
import asyncio
import time


async def fetch(n, delay):
    await asyncio.sleep(delay)
    return f"page {n} after {delay} s"


async def main():
    jobs = [fetch(1, 0.3), fetch(2, 0.1), fetch(3, 0.2)]
    for next_done in asyncio.as_completed(jobs):
        result = await next_done
        print(f"{result} (at {time.perf_counter():.1f})")


asyncio.run(main())
