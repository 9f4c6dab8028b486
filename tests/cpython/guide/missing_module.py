import asyncio
import numpy

print(numpy.arange(3))
