"""The reference point for spawn + complete: 100 000 create_task + gather in CPython's own
asyncio on this machine (not the same run as the browser's; printed for comparison)."""
import asyncio
import json
import sys
import time

N = 100_000


async def job(i):
    return i


async def main():
    start = time.perf_counter()
    await asyncio.gather(*(asyncio.create_task(job(i)) for i in range(N)))
    return time.perf_counter() - start


elapsed = asyncio.run(main())
print(json.dumps({"name": f"CPython {sys.version.split()[0]}: create_task + gather, per task ({N} tasks)",
                  "ours": None, "reference": elapsed * 1e9 / N, "unit": "ns/task", "goal": "reference only"}))
