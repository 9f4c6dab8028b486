import asyncio
import time
from datetime import datetime

async def main():
    start = time.time()
    t0 = time.monotonic()
    print("now:", datetime.now().isoformat())
    await asyncio.sleep(2)
    print("took", time.time() - start, "seconds")
    print("monotonic:", time.monotonic() - t0)
    print("loop:", asyncio.get_running_loop().time())
    print("now:", datetime.now().isoformat())

start = time.time()
asyncio.run(main())
print("whole program:", time.time() - start)
