"""A producer/consumer pair over asyncio.Queue: the consumers wait on get(), the producer
waits on put() when the queue is full, and join() returns once every item is done."""
import asyncio
import time


async def producer(queue, n):
    for i in range(n):
        await asyncio.sleep(0.1)
        await queue.put(i)
        print(f"put {i} at {time.perf_counter():.1f} (size {queue.qsize()})")


async def consumer(name, queue):
    while True:
        item = await queue.get()
        await asyncio.sleep(0.3)
        print(f"{name} done with {item} at {time.perf_counter():.1f}")
        queue.task_done()


async def main():
    queue = asyncio.Queue(maxsize=2)
    workers = [asyncio.create_task(consumer(name, queue)) for name in ("A", "B")]
    await producer(queue, 6)
    await queue.join()
    for w in workers:
        w.cancel()
    await asyncio.gather(*workers, return_exceptions=True)
    print(f"all done at {time.perf_counter():.1f}")


asyncio.run(main())
