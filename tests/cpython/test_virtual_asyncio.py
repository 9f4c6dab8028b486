"""Tests for static/py/virtual_asyncio: the run-result JSON it makes of a program's runs
and run_page, the entry the page's Pyodide worker calls. (The virtual clock and the
harness format are covered by test_harness.py, which runs on the same module.)

Run from the repository root:
    python3 -m unittest discover -s tests/cpython -p 'test_*.py'
"""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "harness.py")
sys.path.insert(0, os.path.join(HERE, "..", "..", "static", "py"))

import virtual_asyncio  # noqa: E402


class PageCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.path = os.path.join(self.tmp.name, "main.py")

    def page(self, source, **options):
        """run_page, in this process, as the worker calls it."""
        return virtual_asyncio.run_page(self.path, textwrap.dedent(source), python="test", **options)

    def result(self, source, **options):
        out = self.page(source, **options)
        self.assertIsNone(out["syntax_error"])
        self.assertIsNone(out["error"], out["error"] and out["error"]["text"])
        return out["result"]

    @staticmethod
    def events(result, kind):
        return [e for e in result["events"] if e["kind"] == kind]

    @staticmethod
    def prints(result):
        return [(e["t"], e["task"], e["detail"]) for e in result["events"] if e["kind"] == "print"]


class RunResultTest(PageCase):
    PROGRAM = """
        import asyncio, time

        async def holder(lock, ev):
            async with lock:
                await asyncio.sleep(1)
            ev.set()

        async def waiter(lock, ev):
            await ev.wait()
            async with lock:
                print("got the lock at", time.monotonic())

        async def main():
            lock, ev = asyncio.Lock(), asyncio.Event()
            a = asyncio.create_task(holder(lock, ev))
            b = asyncio.create_task(waiter(lock, ev))
            await asyncio.sleep(0)
            await a
            await b
            time.sleep(0.5)
            await asyncio.to_thread(time.sleep, 2)
            try:
                async with asyncio.timeout(1):
                    await asyncio.sleep(5)
            except TimeoutError:
                print("timed out at", time.perf_counter())
            return 42

        asyncio.run(main())
    """

    def test_every_event_kind_carries_its_structured_fields(self):
        r = self.result(self.PROGRAM)
        self.assertEqual((r["scenario"], r["clock"], r["ended"], r["main"], r["elapsed"]),
                         ("code", "virtual", {"how": "completed"}, "returned", 4.5))
        self.assertEqual(r["params"], {"code": textwrap.dedent(self.PROGRAM), "python": "test"})
        self.assertEqual(r["outcome"], {"tasks": 3, "result": "42", "python": "test"})
        self.assertEqual([(t["id"], t["label"], t["func"], t.get("line"), t["state"]) for t in r["tasks"]],
                         [(1, "main()", "main", 14, "done"), (2, "holder(lock, ev)", "holder", 4, "done"),
                          (3, "waiter(lock, ev)", "waiter", 9, "done")])
        self.assertEqual([(e["task"], e.get("parent")) for e in self.events(r, "create")], [(1, None), (2, 1), (3, 1)])
        suspends = [(e["task"], e["on"], e.get("until"), e.get("target"), e.get("job"), e["line"])
                    for e in self.events(r, "suspend")]
        self.assertEqual(suspends, [(1, "yield", None, None, None, 18), (2, "sleep", 1.0, None, None, 6),
                                    (3, "event", None, None, None, 10), (1, "join", None, 2, None, 19),
                                    (1, "worker", None, None, "time.sleep(2)", 22),
                                    (1, "sleep", 8.5, None, None, 25)])
        self.assertEqual([(e["task"], e["why"], e.get("by")) for e in self.events(r, "step")],
                         [(1, "start", None), (2, "start", None), (3, "start", None), (1, "yield", None),
                          (2, "woken", None), (3, "woken", 2), (1, "woken", 2), (1, "woken", None),
                          (1, "woken", None)])
        self.assertEqual([(e["t"], e["task"], e["prim"]) for e in r["events"] if e["kind"] in ("acquire", "release")],
                         [(0.0, 2, "lock"), (1.0, 2, "lock"), (1.0, 3, "lock"), (1.0, 3, "lock")])
        self.assertEqual([(e["t"], e["task"]) for e in self.events(r, "event-set")], [(1.0, 2)])
        self.assertEqual([(e["t"], e["secs"], e["what"]) for e in self.events(r, "blocked")], [(1.0, 0.5, "time.sleep")])
        self.assertEqual([(e["t"], e["kind"], e["worker"]) for e in r["events"] if e["kind"].startswith("job-")],
                         [(1.5, "job-start", 1), (3.5, "job-end", 1)])
        self.assertEqual([(e["t"], e["kind"], e.get("at")) for e in r["events"] if e["kind"].startswith("deadline")],
                         [(3.5, "deadline", 4.5), (4.5, "deadline-off", None)])
        self.assertEqual([(e["t"], e["task"], e.get("by")) for e in self.events(r, "cancel")], [(4.5, 1, None)])
        self.assertEqual(self.prints(r), [(1.0, 3, "got the lock at 1.0"), (4.5, 1, "timed out at 4.5")])
        # A task is done before the waiters it wakes.
        kinds = [(e["task"], e["kind"]) for e in r["events"] if e["t"] == 1.0]
        self.assertLess(kinds.index((2, "done")), kinds.index((1, "wake")))

    def test_the_harness_prints_the_same_run_result(self):
        with open(self.path, "w") as f:
            f.write(textwrap.dedent(self.PROGRAM))
        out = subprocess.run([sys.executable, HARNESS, self.path, "--run-result"], capture_output=True,
                             text=True, timeout=60, check=True).stdout
        theirs = json.loads(out)
        ours = self.result(self.PROGRAM)
        for data in (theirs, ours):
            data["outcome"].pop("python")
            data["params"].pop("python")
        self.assertEqual(theirs, ours)

    def test_runs_follow_each_other_on_one_timeline_without_shutdown_tasks(self):
        r = self.result("""
            import asyncio
            async def child():
                await asyncio.sleep(1)
                print("child")
            async def main():
                await asyncio.gather(child(), child())
            asyncio.run(main())
            asyncio.run(main())
        """)
        self.assertEqual([t["id"] for t in r["tasks"]], [1, 2, 3, 4, 5, 6])
        self.assertEqual([t["start"] for t in r["tasks"]], [0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
        self.assertEqual([p[0] for p in self.prints(r)], [1.0, 1.0, 2.0, 2.0])
        self.assertEqual(r["elapsed"], 2.0)
        iters = [e["iter"] for e in r["events"]]
        self.assertEqual(iters, sorted(iters), "iterations keep counting across runs")

    def test_a_lost_exception_is_a_warning_event(self):
        r = self.result("""
            import asyncio
            async def lost():
                raise RuntimeError("lost")
            async def main():
                asyncio.create_task(lost())
                await asyncio.sleep(1)
            asyncio.run(main())
        """)
        # In CPython's words (its default handler's, less the traceback), of the failed task.
        [warning] = self.events(r, "warning")
        self.assertEqual((warning["t"], warning["task"]), (1.0, 2))
        self.assertRegex(warning["detail"], r"^Task exception was never retrieved\nfuture: <Task finished name='Task-2' "
                                            r"coro=<lost\(\) done, defined at .+:3> exception=RuntimeError\('lost'\)>$")
        self.assertEqual(r["tasks"][1]["error"], "RuntimeError: lost")


class RunPageTest(PageCase):
    def test_a_syntax_error_names_its_line(self):
        out = self.page("import asyncio\n\nasync def main(:\n    pass\n")
        self.assertIsNone(out["result"])
        self.assertEqual(out["syntax_error"]["line"], 3)
        self.assertTrue(out["syntax_error"]["message"].startswith("SyntaxError: "), out["syntax_error"])

    def test_an_uncaught_exception_keeps_the_programs_frames(self):
        out = self.page("""
            import asyncio
            async def inner():
                await asyncio.sleep(1)
                raise ValueError("boom")
            async def main():
                await inner()
            asyncio.run(main())
        """)
        self.assertEqual(out["result"]["outcome"], {"error": "ValueError: boom"})
        self.assertEqual(out["result"]["tasks"][0]["state"], "failed")
        error = out["error"]
        self.assertEqual((error["type"], error["message"]), ("ValueError", "boom"))
        self.assertEqual([(f["line"], f["func"]) for f in error["frames"]],
                         [(8, "<module>"), (7, "main"), (5, "inner")])
        self.assertTrue(error["text"].startswith("Traceback (most recent call last):"))
        self.assertTrue(error["text"].endswith("ValueError: boom"))

    def test_a_failure_outside_asyncio_run_has_a_traceback_and_no_run(self):
        out = self.page("print('hi')\nundefined_name\n")
        self.assertIsNone(out["result"])
        self.assertEqual([f["line"] for f in out["error"]["frames"]], [2])

    def test_the_virtual_time_limit_stops_the_run(self):
        r = self.result("""
            import asyncio
            async def main():
                while True:
                    await asyncio.sleep(60)
                    print("minute")
            asyncio.run(main())
        """, until=300.0)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 300.0, "reason": {"loop-time": 300}})
        self.assertEqual([p[0] for p in self.prints(r)], [60.0, 120.0, 180.0, 240.0, 300.0])

    def test_the_event_limit_stops_a_loop_that_never_sleeps(self):
        r = self.result("""
            import asyncio
            async def main():
                while True:
                    await asyncio.sleep(0)
            asyncio.run(main())
        """, max_events=1000)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"events": 1000}})
        # the line tracing's events have a bound of their own (LineTracingBoundTest)
        self.assertLessEqual(len([e for e in r["events"] if e["kind"] not in ("line", "return", "exception")]), 1000)

    def test_the_task_limit_stops_a_flood_of_tasks(self):
        # 40 000 sleeping tasks froze the page for 36 s: the run stops at the limit, with
        # every task it recorded, and says so in its end.
        start = time.perf_counter()
        r = self.result("""
            import asyncio
            async def nap(i):
                await asyncio.sleep(1)
            async def main():
                await asyncio.gather(*(nap(i) for i in range(40_000)))
            asyncio.run(main())
        """)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"tasks": virtual_asyncio.MAX_TASKS}})
        self.assertEqual(len(r["tasks"]), virtual_asyncio.MAX_TASKS)
        self.assertEqual(r["tasks"][-1]["label"], f"nap({virtual_asyncio.MAX_TASKS - 2})")
        self.assertLess(len(json.dumps(r)), 4_000_000)
        # Making the 40 000 tasks takes its time whatever the limit (gather makes them all
        # before the loop can halt): 7–10 s under Pyodide on these shared machines, 10.6 s
        # once on a busy one; the bound is for a run that goes on past the limit.
        self.assertLess(time.perf_counter() - start, 20)

    def test_a_page_run_records_at_most_max_events_whatever_the_caller_asks(self):
        r = self.result("""
            import asyncio
            async def main():
                while True:
                    await asyncio.sleep(0)
            asyncio.run(main())
        """, max_events=200_000)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"events": virtual_asyncio.MAX_EVENTS}})
        self.assertLess(len(json.dumps(r)), 2_000_000)

    def test_the_task_limit_can_be_set(self):
        r = self.result("""
            import asyncio
            async def main():
                for i in range(10):
                    await asyncio.create_task(asyncio.sleep(0))
            asyncio.run(main())
        """, max_tasks=5)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"tasks": 5}})
        self.assertEqual(len(r["tasks"]), 5)

    def test_the_output_limit_cuts_a_huge_print(self):
        # print("x" * 50_000_000) froze the page for 18.7 s: the line is cut at the limit
        # and the run stops there, saying so.
        r = self.result("""
            import asyncio
            async def main():
                print("start")
                print("x" * 50_000_000)
                print("never recorded")
            asyncio.run(main())
        """)
        limit = virtual_asyncio.MAX_OUTPUT
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"output": limit}})
        lines = [p[2] for p in self.prints(r)]
        self.assertEqual(lines[0], "start")
        self.assertEqual(lines[1], "x" * (limit - len("start\n")))
        self.assertEqual(len(lines), 2)
        self.assertLess(len(json.dumps(r)), 2 * limit)

    def test_the_output_limit_counts_bytes_and_never_splits_a_character(self):
        r = self.result("""
            import asyncio
            async def main():
                print("é" * 100)
            asyncio.run(main())
        """, max_output=51)
        self.assertEqual([p[2] for p in self.prints(r)], ["é" * 25])
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"output": 51}})

    def test_many_small_writes_take_linear_time(self):
        # print(..., end="") 200 000 times: each write used to split the whole line so far.
        start = time.perf_counter()
        r = self.result("""
            import asyncio
            async def main():
                for i in range(200_000): print("ab", end="")   # one line: one line event
                print()
                print("done")
            asyncio.run(main())
        """)
        self.assertEqual([p[2] for p in self.prints(r)], ["ab" * 200_000, "done"])
        self.assertEqual(r["ended"], {"how": "completed"})
        self.assertLess(time.perf_counter() - start, 10)

    def test_warnings_and_failures_count_as_output(self):
        r = self.result("""
            import asyncio, warnings
            warnings.simplefilter("always")
            async def main():
                for i in range(100_000):
                    warnings.warn("w" * 10_000)
                    await asyncio.sleep(0)
            asyncio.run(main())
        """)
        self.assertEqual(r["ended"], {"how": "stopped", "at": 0.0, "reason": {"output": virtual_asyncio.MAX_OUTPUT}})
        self.assertLess(len(json.dumps(r)), 2 * virtual_asyncio.MAX_OUTPUT)

    def test_a_huge_exception_message_is_shortened(self):
        out = self.page("""
            import asyncio
            async def boom():
                raise ValueError("y" * 10_000_000)
            async def main():
                await asyncio.gather(boom(), return_exceptions=True)
                await boom()
            asyncio.run(main())
        """)
        self.assertLess(len(json.dumps(out)), 100_000)
        failed = [e["detail"] for e in out["result"]["events"] if e["kind"] == "failed"]
        self.assertTrue(failed and all(d.startswith("ValueError: yyy") and d.endswith("…") for d in failed), failed)
        self.assertTrue(out["error"]["text"].endswith("…"))

    def test_a_deadlock_ends_the_run(self):
        r = self.result("""
            import asyncio
            async def main():
                await asyncio.Event().wait()
            asyncio.run(main())
        """)
        self.assertEqual((r["ended"], r["main"]), ({"how": "deadlock", "at": 0.0}, "unfinished"))

    def test_tasks_awaiting_each_other_end_the_run_as_a_deadlock(self):
        # (Cancelling such tasks recurses without end in Task.cancel(), and 3.14's
        # capture_call_graph() too: neither may turn the deadlock into a RecursionError.)
        r = self.result("""
            import asyncio
            tasks = {}
            async def a():
                await asyncio.sleep(0)
                await tasks['b']
            async def b():
                await asyncio.sleep(0)
                await tasks['a']
            async def main():
                tasks['a'] = asyncio.create_task(a())
                tasks['b'] = asyncio.create_task(b())
                await tasks['a']
            asyncio.run(main())
        """)
        self.assertEqual((r["ended"], r["main"]), ({"how": "deadlock", "at": 0.0}, "unfinished"))
        joins = [(e["task"], e.get("target")) for e in r["events"] if e["kind"] == "suspend" and e.get("on") == "join"]
        self.assertEqual(joins[-2:], [(2, 3), (3, 2)], "both awaits recorded")

    def test_running_again_in_the_same_interpreter_gives_the_same_result(self):
        import asyncio
        import time
        stdout, run, sleep = sys.stdout, asyncio.run, time.sleep
        first, second = self.result(RunResultTest.PROGRAM), self.result(RunResultTest.PROGRAM)
        self.assertEqual(first, second)
        # every patch is undone after a run
        self.assertIs(sys.stdout, stdout)
        self.assertIs(asyncio.run, run)
        self.assertIs(time.sleep, sleep)
        self.assertIsNot(asyncio.Lock.acquire.__module__, "virtual_asyncio.patches")

if __name__ == "__main__":
    unittest.main()


class LineTracingBoundTest(unittest.TestCase):
    """A page run's line tracing has its own bound: past it the tracing stops, a warning
    says so, and the run goes on to its end (the event cap counts the loop's events only)."""

    def test_a_long_loop_stops_tracing_and_runs_on(self):
        from virtual_asyncio import result as page
        source = textwrap.dedent("""
            import asyncio
            async def main():
                total = 0
                for i in range(1000):
                    total += i
                await asyncio.sleep(1)
                print("total", total)
            asyncio.run(main())
        """)
        saved, page.MAX_LINES = page.MAX_LINES, 50
        try:
            with tempfile.TemporaryDirectory() as d:
                out = page.run_page(os.path.join(d, "main.py"), source)["result"]
        finally:
            page.MAX_LINES = saved
        kinds = [e["kind"] for e in out["events"]]
        self.assertEqual(sum(k in ("line", "return", "exception") for k in kinds), 50)
        warnings = [e.get("detail", "") for e in out["events"] if e["kind"] == "warning"]
        self.assertTrue(any("line-by-line tracing stopped after 50" in w for w in warnings), warnings)
        self.assertEqual(out["ended"], {"how": "completed"})
        self.assertEqual([e["detail"] for e in out["events"] if e["kind"] == "print"], ["total 499500"])

    def test_a_line_lists_its_frames_locals_without_addresses(self):
        from virtual_asyncio import result as page
        source = textwrap.dedent("""
            import asyncio
            async def main():
                ev = asyncio.Event()
                n = 3
                await asyncio.sleep(0)
                print(n)
            asyncio.run(main())
        """)
        with tempfile.TemporaryDirectory() as d:
            out = page.run_page(os.path.join(d, "main.py"), source)["result"]
        lines = [(e["line"], e.get("locals")) for e in out["events"] if e["kind"] == "line"]
        self.assertEqual(lines[0], (4, []))
        self.assertEqual(lines[1], (5, [["ev", "<asyncio.locks.Event object [unset]>"]]))
        self.assertEqual(lines[2], (6, [["ev", "<asyncio.locks.Event object [unset]>"], ["n", "3"]]))
        # the first line of the next step lists them again; an unchanged one does not
        self.assertEqual(lines[3][0], 7)
        self.assertIsNotNone(lines[3][1])
