# The guide's "blocking driver" mistake, runnable: requests.get blocks the loop; to_thread does not.
import asyncio
import time
import requests

async def heartbeat():
    for i in range(3):
        await asyncio.sleep(0.1)
        print("beat", i + 1, "at", round(time.perf_counter(), 3))

async def blocking():
    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0)
    r = requests.get("https://example.com/api")   # holds the loop for the whole request
    print("blocking:", r.status_code, "at", round(time.perf_counter(), 3))
    await beat

async def offloaded():
    start = time.perf_counter()
    beat = asyncio.create_task(heartbeat())
    r = await asyncio.to_thread(requests.get, "https://example.com/api")
    print("to_thread:", r.status_code, "after", round(time.perf_counter() - start, 3))
    await beat

asyncio.run(blocking())
asyncio.run(offloaded())
