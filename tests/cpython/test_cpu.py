"""Tests for static/py/virtual_asyncio/cpu.py: what a step computed, less what was not the
program's computing on the loop, and the line it went to; and a page run's slow step when a
task computes.

Run from the repository root:
    python3 -m unittest discover -s tests/cpython -p 'test_*.py'
"""
import json
import os
import sys
import tempfile
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "static", "py"))

from virtual_asyncio import cpu  # noqa: E402
import virtual_asyncio  # noqa: E402
from test_harness import run_harness  # noqa: E402


def busy(seconds):
    """Computes (never sleeps) for `seconds` of the real clock."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


class MeterTest(unittest.TestCase):
    def test_a_span_set_aside_is_not_the_programs_computing(self):
        began = cpu.METER.clock()
        outermost = cpu.METER.enter()
        busy(0.05)
        inner = cpu.METER.enter()    # a span inside a span is not counted twice
        busy(0.02)
        cpu.METER.leave(inner)
        cpu.METER.leave(outermost)
        self.assertLess(cpu.METER.clock() - began, 0.01)
        busy(0.03)
        self.assertGreaterEqual(cpu.METER.clock() - began, 0.03)

    def test_a_step_counts_its_computing_by_line_but_not_a_step_run_inside_it(self):
        outer = cpu.StepCpu()
        outer.at_line(5, cpu.METER.clock())
        busy(0.02)
        outer.at_line(6, cpu.METER.clock())
        busy(0.06)
        inner = cpu.StepCpu()        # an eager task's first step, inside this one
        busy(0.05)
        inner_took, _ = inner.end()
        outer.at_line(7, cpu.METER.clock())
        took, hottest = outer.end()
        self.assertGreaterEqual(inner_took, 0.05)
        self.assertGreaterEqual(took, 0.08)
        self.assertLess(took, 0.08 + 0.04, "the inner step's 0.05 s is its own")
        self.assertEqual(hottest, 6)

    def test_calibrating_measures_a_cost_per_trace_call_and_leaves_tracing_as_it_was(self):
        saved = sys.gettrace()
        cpu.calibrate(rounds=2, lines=500)
        self.assertIs(sys.gettrace(), saved)
        self.assertGreaterEqual(cpu.METER.per_call, 0.0)
        self.assertLess(cpu.METER.per_call, 0.001, "a trace call costs microseconds, not milliseconds")


class ComputingStepTest(unittest.TestCase):
    PROGRAM = textwrap.dedent("""\
        import asyncio


        def crunch(n):
            total = sum(range(n))
            return total


        async def main():
            await asyncio.sleep(1)
            crunch(30_000_000)
            await asyncio.sleep(1)


        asyncio.run(main())
        """)

    def warnings(self, source):
        # (run_page saves the program at its path: a folder of the test's own.)
        with tempfile.TemporaryDirectory() as folder:
            out = virtual_asyncio.run_page(os.path.join(folder, "main.py"), source, python="test")
        self.assertIsNone(out["error"], out["error"])
        return [e for e in out["result"]["events"] if e["kind"] == "warning" and e["detail"].startswith("Executing ")]

    def test_a_step_that_computes_is_a_slow_step_at_the_line_that_computed(self):
        (warning,) = self.warnings(self.PROGRAM)
        self.assertEqual(warning["line"], 11, "the line of main() that called the work")
        self.assertEqual(warning["t"], 1.0, "computing takes no virtual time")
        took = float(warning["detail"].rsplit(" took ", 1)[1].split()[0])
        self.assertGreaterEqual(took, 0.1)

    def test_a_loop_whose_threshold_is_higher_finds_the_step_no_more(self):
        # The harness's --slow-callback-duration sets the loop's threshold, as a program may
        # (CPython's default is 0.1 s): the step computes well past 0.1 s, and well below 60.
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "main.py")
            with open(path, "w") as f:
                f.write(self.PROGRAM)
            found = {}
            for threshold in ("0.1", "60"):
                code, out, err = run_harness(path, "--run-result", "--slow-callback-duration", threshold)
                self.assertEqual(code, 0, err)
                events = json.loads(out)["events"]
                found[threshold] = [e["line"] for e in events if e["kind"] == "warning" and e["detail"].startswith("Executing ")]
        self.assertEqual(found, {"0.1": [11], "60": []})

    def test_the_same_work_in_a_worker_is_not_the_loops(self):
        offloaded = self.PROGRAM.replace("    crunch(30_000_000)", "    await asyncio.to_thread(crunch, 30_000_000)")
        self.assertEqual(self.warnings(offloaded), [])


if __name__ == "__main__":
    unittest.main()
