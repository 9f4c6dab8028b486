"""Tests for harness.py: the virtual clock, the trace format and the sample programs.

Run from the repository root:
    python3 -m unittest discover -s tests/cpython -p 'test_*.py'
"""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "harness.py")
PROGRAMS = os.path.join(HERE, "programs")
LINE_KINDS = ("line", "return", "exception")


def run_harness(path, *extra, env=None):
    """Run the harness on a program file; return (exit code, stdout, stderr)."""
    proc = subprocess.run([sys.executable, HARNESS, path, *extra], capture_output=True,
                          text=True, timeout=60, env=env)
    return proc.returncode, proc.stdout, proc.stderr


class HarnessCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def trace(self, source, *extra):
        """Write source to a file, run the harness, return the parsed JSON."""
        path = os.path.join(self.tmp.name, "prog.py")
        with open(path, "w") as f:
            f.write(textwrap.dedent(source))
        code, out, err = run_harness(path, *extra)
        self.assertEqual(code, 0, err)
        return json.loads(out)   # the whole of stdout is one JSON object

    @staticmethod
    def prints(run):
        return [(t, task, text) for t, task, kind, text, *_ in run["events"] if kind == "print"]

    @staticmethod
    def kinds(run, task):
        """The kinds of `task`'s events, the line tracing's left out."""
        return [kind for _, name, kind, *_ in run["events"] if name == task and kind not in LINE_KINDS]

    @staticmethod
    def traced(run, task):
        """`task`'s line tracing: (kind, detail, line) of its line, return and exception
        events, with its suspensions as ("suspend", "", line)."""
        return [(kind, detail, line) for _, name, kind, detail, line, _ in run["events"]
                if name == task and (kind in LINE_KINDS or kind == "suspend")
                for detail in [detail if kind != "suspend" else ""]]

    @staticmethod
    def head(events):
        """Events without their line and iteration: [t, task, kind, detail]."""
        return [e[:4] for e in events]


class VirtualClockTest(HarnessCase):
    def test_equal_deadlines_fire_in_scheduling_order(self):
        data = self.trace("""
            import asyncio
            async def sleeper(i):
                await asyncio.sleep(1)
                print(i)
            async def main():
                await asyncio.gather(*(sleeper(i) for i in range(10)))
            asyncio.run(main())
        """)
        run = data["runs"][0]
        self.assertEqual([text for _, _, text in self.prints(run)], [str(i) for i in range(10)])
        self.assertEqual({t for t, _, _ in self.prints(run)}, {1.0})
        wakeups = [name for t, name, kind, *_ in run["events"] if kind == "step" and t == 1.0]
        self.assertEqual(wakeups[:10], [f"Task-{i}" for i in range(2, 12)])

    def test_concurrent_and_sequential_elapsed_are_exact(self):
        data = self.trace("""
            import asyncio
            async def main():
                await asyncio.gather(*(asyncio.sleep(1) for _ in range(5)))
            async def sequential():
                for _ in range(5):
                    await asyncio.sleep(1)
            asyncio.run(main())
            asyncio.run(sequential())
        """)
        self.assertEqual([r["elapsed"] for r in data["runs"]], [1.0, 5.0])
        self.assertEqual([r["error"] for r in data["runs"]], [None, None])

    def test_floats_follow_cpython_arithmetic(self):
        data = self.trace("""
            import asyncio, time
            async def main():
                for _ in range(3):
                    await asyncio.sleep(0.1)
                print(time.perf_counter())
            asyncio.run(main())
        """)
        run = data["runs"][0]
        self.assertEqual(self.prints(run)[0][2], repr(0.1 + 0.1 + 0.1))
        self.assertEqual(run["elapsed"], 0.1 + 0.1 + 0.1)

    def test_clock_lands_exactly_on_the_deadline(self):
        # From t=0.2, 0.2 + (0.9 - 0.2) == 0.8999999999999999: the clock must be
        # set to the deadline itself, not to now + timeout.
        data = self.trace("""
            import asyncio, time
            async def nap(d):
                await asyncio.sleep(d)
                print(repr(time.perf_counter()))
            async def main():
                await asyncio.gather(nap(0.9), nap(0.2))
            asyncio.run(main())
        """)
        self.assertEqual(self.prints(data["runs"][0]), [(0.2, "Task-3", "0.2"),
                                                        (0.9, "Task-2", "0.9")])

    def test_cancelled_timers_do_not_move_the_clock(self):
        # 150 cancelled timers also exercise _run_once's heap rebuild branch.
        data = self.trace("""
            import asyncio
            async def quick():
                return 1
            async def main():
                for _ in range(150):
                    await asyncio.wait_for(quick(), 100)
                async with asyncio.timeout(50):
                    pass
                await asyncio.sleep(1)
            asyncio.run(main())
        """)
        self.assertEqual(data["runs"][0]["elapsed"], 1.0)

    def test_deadlock_is_reported_and_stops_the_program(self):
        data = self.trace("""
            import asyncio
            async def lost():
                raise RuntimeError("lost")
            async def main():
                asyncio.create_task(lost())
                await asyncio.sleep(0.5)
                await asyncio.Event().wait()
            asyncio.run(main())
            print("never printed")
        """)
        self.assertEqual(len(data["runs"]), 1)
        run = data["runs"][0]
        self.assertEqual(run["error"], "Deadlock: no task can make progress at t=0.5")
        self.assertEqual(run["elapsed"], 0.5)
        self.assertEqual(self.prints(run), [])
        # garbage from before the deadlock is still collected and reported
        self.assertEqual(run["events"][-1][:4],
                         [0.5, "", "loop-error", "Task exception was never retrieved: RuntimeError: lost"])

    def test_until_stops_at_t(self):
        data = self.trace("""
            import asyncio
            async def main():
                for i in range(10):
                    await asyncio.sleep(1)
                    print("tick", i)
            asyncio.run(main())
        """, "--until", "3.5")
        run = data["runs"][0]
        self.assertEqual(run["error"], "Stopped at t=3.5")
        self.assertEqual(run["elapsed"], 3.5)
        self.assertEqual([t for t, _, _ in self.prints(run)], [1.0, 2.0, 3.0])
        self.assertTrue(all(t <= 3.5 for t, *_ in run["events"]))

    def test_until_also_bounds_a_blocking_sleep(self):
        data = self.trace("""
            import asyncio, time
            async def main():
                print("before")
                time.sleep(5)
                print("after")
            asyncio.run(main())
        """, "--until", "2")
        run = data["runs"][0]
        self.assertEqual(run["error"], "Stopped at t=2.0")
        self.assertEqual([text for _, _, text in self.prints(run)], ["before"])

    def test_time_sleep_blocks_the_loop_and_advances_the_clock(self):
        data = self.trace("""
            import asyncio, time
            async def ticker():
                await asyncio.sleep(0.5)
                print("tick", time.monotonic())
            async def main():
                t = asyncio.create_task(ticker())
                await asyncio.sleep(0)
                start = time.perf_counter()
                time.sleep(1.5)
                print("slept", time.perf_counter() - start)
                await t
            asyncio.run(main())
        """)
        run = data["runs"][0]
        self.assertEqual(self.prints(run), [(1.5, "Task-1", "slept 1.5"),
                                            (1.5, "Task-2", "tick 1.5")])

    def test_to_thread_completes_on_time_while_the_loop_runs(self):
        data = self.trace("""
            import asyncio, time
            async def heartbeat():
                for _ in range(25):
                    await asyncio.sleep(0.1)
                    print("beat")
            async def main():
                beat = asyncio.create_task(heartbeat())
                await asyncio.to_thread(time.sleep, 2)
                print("thread done")
                await beat
            asyncio.run(main())
        """)
        prints = self.prints(data["runs"][0])
        done = [t for t, _, text in prints if text == "thread done"]
        self.assertEqual(done, [2.0])
        beats = [t for t, _, text in prints if text == "beat"]
        self.assertEqual(len(beats), 25)
        self.assertGreaterEqual(len([t for t in beats if t < 2.0]), 19)
        for a, b in zip([0.0] + beats, beats):
            self.assertAlmostEqual(b - a, 0.1, places=9)

    def test_abandoned_to_thread_still_delays_the_end_of_the_run(self):
        # wait_for cancels the awaiting future at t=1; the "thread" keeps running
        # and asyncio.run's shutdown_default_executor waits for it (t=3), and
        # its late result is dropped without a loop error.
        data = self.trace("""
            import asyncio, time
            async def main():
                try:
                    await asyncio.wait_for(asyncio.to_thread(time.sleep, 3), 1)
                except TimeoutError:
                    print("timeout")
            asyncio.run(main())
        """)
        run = data["runs"][0]
        self.assertEqual(self.prints(run), [(1.0, "Task-1", "timeout")])
        self.assertEqual(run["elapsed"], 3.0)
        self.assertEqual([e for e in run["events"] if e[2] == "loop-error"], [])
        # the last task is asyncio.run's shutdown_default_executor, waiting for the thread
        # (its number depends on the version: 3.11's wait_for runs the call as a task)
        last = [name for _, name, kind, *_ in run["events"] if kind == "create"][-1]
        self.assertEqual(self.kinds(run, last), ["create", "step", "suspend", "step", "done"])
        self.assertEqual([t for t, name, kind, *_ in run["events"] if name == last and kind == "done"], [3.0])

    def test_asyncio_run_waits_at_most_300_s_for_threads_since_3_12(self):
        data = self.trace("""
            import asyncio, time
            async def main():
                try:
                    await asyncio.wait_for(asyncio.to_thread(time.sleep, 400), 1)
                except TimeoutError:
                    print("timeout")
            asyncio.run(main())
        """)
        if sys.version_info < (3, 12):
            self.assertEqual((data["runs"][0]["elapsed"], data["warnings"]), (400.0, []))
        else:
            self.assertEqual((data["runs"][0]["elapsed"], data["warnings"]), (
                301.0, ["RuntimeWarning: The executor did not finishing joining its threads within 300 seconds."]))

    def test_to_thread_exception_and_thread_like_context(self):
        data = self.trace("""
            import asyncio, time
            def work():
                time.sleep(1)
                try:
                    asyncio.get_running_loop()
                except RuntimeError:
                    print("no loop in the thread")
                raise KeyError("k")
            async def main():
                try:
                    await asyncio.to_thread(work)
                except KeyError as e:
                    print("caught", repr(e))
            asyncio.run(main())
        """)
        self.assertEqual(self.prints(data["runs"][0]), [(1.0, "", "no loop in the thread"),
                                                        (1.0, "Task-1", "caught KeyError('k')")])


class LineTracingTest(HarnessCase):
    """What each task executes, as sys.settrace reports it in the program's frames."""

    def test_lines_returns_and_the_next_call(self):
        run = self.trace("""
            import asyncio
            async def fetch(i):
                await asyncio.sleep(1)
                return i * 10
            async def main():
                for i in range(2):
                    r = await fetch(i)
                print(r)
            asyncio.run(main())
        """)["runs"][0]
        self.assertEqual(self.traced(run, "Task-1"), [
            ("line", "", 7), ("line", "", 8), ("line", "", 4), ("suspend", "", 4),
            ("line", "", 5), ("return", "fetch -> 0", 5),
            ("line", "", 7), ("line", "", 8), ("line", "", 4), ("suspend", "", 4),
            ("line", "", 5), ("return", "fetch -> 10", 5),
            ("line", "", 7), ("line", "", 9), ("return", "main -> None", 9)])
        # module-level lines run in no task: none is recorded
        self.assertEqual([e for e in run["events"] if e[1] == "" and e[2] in LINE_KINDS], [])

    def test_a_timeout_throws_in_converts_and_is_caught(self):
        run = self.trace("""
            import asyncio
            async def main():
                try:
                    async with asyncio.timeout(2):
                        try:
                            await asyncio.sleep(10)
                        finally:
                            print("cleanup")
                except TimeoutError:
                    print("timed out")
            asyncio.run(main())
        """)["runs"][0]
        traced = [e for e in self.traced(run, "Task-1") if e[0] != "line"]
        self.assertEqual(traced, [
            ("suspend", "", 7),
            ("exception", "CancelledError -> 9", 7),     # thrown in; the finally runs
            # (its re-raise at the finally's end is no new exception event)
            ("exception", "TimeoutError -> 10", 5),      # the async with's exit converts it
            ("return", "main -> None", 11)])
        lines = [line for kind, _, line in self.traced(run, "Task-1") if kind == "line"]
        self.assertEqual(lines, [4, 5, 6, 7, 9, 5, 10, 11])

    def test_an_exception_propagating_out_is_not_a_return(self):
        run = self.trace("""
            import asyncio
            async def inner():
                raise ValueError("no")
            async def main():
                try:
                    await inner()
                except ValueError as e:
                    return str(e)
            asyncio.run(main())
        """)["runs"][0]
        self.assertEqual([e for e in self.traced(run, "Task-1") if e[0] != "line"], [
            ("exception", "ValueError", 4),          # out of inner(): propagates
            ("exception", "ValueError -> 8", 7),     # into main(), caught by the except
            ("return", "main -> 'no'", 9)])

    def test_one_line_loops_are_one_line(self):
        run = self.trace("""
            import asyncio
            async def main():
                total = sum(i for i in range(100))
                for i in range(3): total += i
                return total
            asyncio.run(main())
        """)["runs"][0]
        self.assertEqual(self.traced(run, "Task-1"), [
            ("line", "", 4), ("line", "", 5), ("line", "", 6), ("return", "main -> 4953", 6)])


class TraceFormatTest(HarnessCase):
    def test_create_and_step_events_and_names_across_runs(self):
        data = self.trace("""
            import asyncio
            async def child():
                await asyncio.sleep(0)
            async def main():
                await asyncio.gather(child(), child())
            asyncio.run(main())
            asyncio.run(main())
        """)
        first, second = data["runs"]
        self.assertEqual(self.head(first["events"][:2]), [[0.0, "Task-1", "create", ""],
                                                          [0.0, "Task-1", "step", ""]])
        # first step + wake-up, both through the overridden __step (each step that does not
        # finish the task ends in a suspend)
        self.assertEqual(self.kinds(first, "Task-2"), ["create", "step", "suspend", "step", "done"])
        self.assertEqual(self.kinds(first, "Task-1"), ["create", "step", "suspend", "step", "done"])
        # asyncio.run's shutdown_asyncgens / shutdown_default_executor take Task-4 and Task-5
        self.assertEqual(second["events"][0][:4], [0.0, "Task-6", "create", ""])

    def test_wait_for_runs_a_task_only_before_3_12(self):
        # 3.12 rebuilt wait_for on asyncio.timeout: the awaitable runs in the caller's task.
        data = self.trace("""
            import asyncio
            async def slow():
                try:
                    await asyncio.sleep(10)
                finally:
                    print("cleanup")
            async def main():
                try:
                    await asyncio.wait_for(slow(), 2)
                except TimeoutError:
                    print("timed out")
            asyncio.run(main())
        """)
        run = data["runs"][0]
        if sys.version_info < (3, 12):
            self.assertEqual(self.prints(run), [(2.0, "Task-2", "cleanup"), (2.0, "Task-1", "timed out")])
            self.assertEqual(self.kinds(run, "Task-2"), ["create", "step", "suspend", "step", "print", "cancelled"])
        else:
            self.assertEqual(self.prints(run), [(2.0, "Task-1", "cleanup"), (2.0, "Task-1", "timed out")])
            self.assertEqual(self.kinds(run, "Task-1"), ["create", "step", "suspend", "step", "print", "print", "done"])
            self.assertEqual(self.kinds(run, "Task-2"), ["create", "step", "done"])   # asyncio.run's shutdown

    def test_failures_groups_and_loop_errors(self):
        data = self.trace("""
            import asyncio
            async def fetch():
                pass
            async def bad(exc):
                raise exc
            async def main():
                fetch()
                asyncio.create_task(bad(RuntimeError("lost")))
                await asyncio.sleep(0.1)
                async with asyncio.TaskGroup() as tg:
                    tg.create_task(bad(ValueError("a")))
                    tg.create_task(bad(KeyError("b")))
            asyncio.run(main())
            print("not reached")
        """)
        run = data["runs"][0]
        group = ("ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions) "
                 "[ValueError: a; KeyError: 'b']")
        self.assertEqual(run["error"], group)
        self.assertIn([0.1, "Task-1", "failed", group], self.head(run["events"]))
        self.assertIn("failed", self.kinds(run, "Task-2"))
        self.assertIn([0.1, "", "loop-error", "Task exception was never retrieved: RuntimeError: lost"],
                      self.head(run["events"]))
        self.assertEqual(data["warnings"], ["RuntimeWarning: coroutine 'fetch' was never awaited"])
        self.assertEqual(self.prints(run), [])

    def test_cyclic_garbage_is_collected_at_the_end_of_the_run(self):
        # The lost task sits in a reference cycle. Automatic GC is off during a
        # run, so the allocations at t=1 do not decide when it is reported.
        data = self.trace("""
            import asyncio
            async def lost():
                raise RuntimeError("lost")
            async def main():
                asyncio.create_task(lost())
                await asyncio.sleep(1)
                junk = [[] for _ in range(100000)]
                await asyncio.sleep(1)
            asyncio.run(main())
        """)
        errors = [e[:4] for e in data["runs"][0]["events"] if e[2] == "loop-error"]
        self.assertEqual(errors, [[2.0, "", "loop-error",
                                   "Task exception was never retrieved: RuntimeError: lost"]])

    def test_multiline_print_and_echo(self):
        path = os.path.join(self.tmp.name, "p.py")
        with open(path, "w") as f:
            f.write("import asyncio\nprint('top')\n"
                    "async def main():\n    print('a\\nb')\n"
                    "asyncio.run(main())\n")
        code, out, err = run_harness(path, "--echo")
        self.assertEqual(code, 0)
        run = json.loads(out)["runs"][0]
        self.assertEqual(self.prints(run), [(0.0, "", "top"), (0.0, "Task-1", "a"),
                                            (0.0, "Task-1", "b")])
        self.assertIn("top\na\nb\n", err)

    def test_task_sets_iterate_in_creation_order(self):
        # CPython iterates TaskGroup._tasks and all_tasks() in hash (address)
        # order; the harness fixes creation order. The burn() tasks shift the
        # creation numbers so that both sets wrap around a 32-slot hash table
        # (group: Task-27..36, shutdown: Task-60..69).
        data = self.trace("""
            import asyncio
            async def burn(n):
                for _ in range(n):
                    await asyncio.create_task(asyncio.sleep(0))
            async def sleeper(i, label):
                try:
                    await asyncio.sleep(10)
                except asyncio.CancelledError:
                    print(label, i)
                    raise
            async def fail():
                await asyncio.sleep(1)
                raise ValueError("x")
            async def main():
                await burn(25)
                try:
                    async with asyncio.TaskGroup() as tg:
                        for i in range(10):
                            tg.create_task(sleeper(i, "group"))
                        tg.create_task(fail())
                except* ValueError:
                    pass
                await burn(22)
                for i in range(10):
                    asyncio.create_task(sleeper(i, "shutdown"))
                await asyncio.sleep(0)
            asyncio.run(main())
        """)
        run = data["runs"][0]
        self.assertEqual([e[1] for e in run["events"] if e[2:4] == ["print", "shutdown 0"]],
                         ["Task-60"])
        texts = [text for _, _, text in self.prints(run)]
        self.assertEqual(texts, [f"group {i}" for i in range(10)]
                         + [f"shutdown {i}" for i in range(10)])

    def test_output_is_byte_identical_across_processes(self):
        for name in ("taskgroup_same_iteration.py", "semaphore_cancel.py", "to_thread_blocking.py"):
            path = os.path.join(PROGRAMS, name)
            outs = {run_harness(path, env=dict(os.environ, PYTHONHASHSEED=seed))[1]
                    for seed in ("1", "2", "random")}
            self.assertEqual(len(outs), 1, name)


class LinesAndIterationsTest(HarnessCase):
    """Every event names the program line its task is on and the loop iteration."""

    def test_lines_are_the_innermost_program_frame_and_iterations_count_run_once(self):
        data = self.trace("""
            import asyncio
            async def fetch(n):
                await asyncio.sleep(1)
                return n
            async def sequential():
                return [await fetch(i) for i in range(2)]
            async def main():
                task = asyncio.create_task(fetch(9))
                print("created")
                await sequential()
                await task
            asyncio.run(main())
        """)
        events = data["runs"][0]["events"]
        by = lambda task, kind: [e for e in events if e[1] == task and e[2] == kind]
        # (Line 1 of the program is the empty line after the opening quotes.)
        # Task-1 is created by the asyncio.run line (13), before the first iteration.
        self.assertEqual(by("Task-1", "create")[0][4:], [13, 0])
        # Its first step starts at its def line in iteration 1, creating Task-2 on line 9.
        self.assertEqual(by("Task-1", "step")[0][4:], [8, 1])
        self.assertEqual(by("Task-2", "create")[0][4:], [9, 1])
        self.assertEqual(by("Task-1", "print")[0][4:], [10, 1])
        # Suspended inside fetch (via sequential and the comprehension): fetch's await line,
        # with the stack of program functions.
        first = by("Task-1", "suspend")[0]
        self.assertEqual(first[3:], ["main > sequential > fetch", 4, 1])
        # Task-2 starts at its def line in iteration 2; the sleeps' timers fire in iteration
        # 3, the tasks run again in 4.
        self.assertEqual(by("Task-2", "step")[0][4:], [3, 2])
        self.assertEqual([e[5] for e in by("Task-2", "step")], [2, 4])
        # A finished task's line is the last line its coroutine ran: the return.
        self.assertEqual(by("Task-2", "done")[0][4], 5)

    def test_a_line_outside_the_program_is_none(self):
        data = self.trace("""
            import asyncio
            async def main():
                await asyncio.gather(asyncio.sleep(0))
            asyncio.run(main())
        """)
        events = data["runs"][0]["events"]
        sleeper = [e for e in events if e[1] == "Task-2"]
        # asyncio.sleep's own task has no program frame: no line.
        self.assertTrue(all(e[4] is None for e in sleeper if e[2] in ("step", "suspend", "done")), sleeper)


class ProgramsTest(HarnessCase):
    def test_every_program_runs_without_a_harness_error(self):
        names = sorted(n for n in os.listdir(PROGRAMS) if n.endswith(".py"))
        self.assertGreaterEqual(len(names), 12)
        for name in names:
            with self.subTest(program=name):
                code, out, err = run_harness(os.path.join(PROGRAMS, name))
                self.assertEqual(code, 0, err)
                data = json.loads(out)
                self.assertTrue(data["runs"])
                for run in data["runs"]:
                    self.assertIsNone(run["error"])
                    self.assertTrue(any(e[2] == "print" for e in run["events"]))

    def test_program_expectations(self):
        def prints(name):
            code, out, err = run_harness(os.path.join(PROGRAMS, name))
            return [(t, text) for run in json.loads(out)["runs"]
                    for t, _, kind, text, *_ in run["events"] if kind == "print"]

        self.assertIn((1.1, "main: elapsed 1.1"), prints("taskgroup_later_failure.py"))
        self.assertIn((1.4, "main: sem._value at the end: 1"), prints("semaphore_cancel.py"))
        self.assertIn((1.0, "main: TimeoutError at 1.0"), prints("timeout_during_cleanup.py"))
        blocked = prints("to_thread_blocking.py")
        self.assertIn((2.0, "[time.sleep] heartbeat 1 at 2.0"), blocked)
        self.assertIn((0.1, "[to_thread] heartbeat 1 at 0.1"), blocked)

    def test_uncaught_error_ends_the_program_cleanly(self):
        data = self.trace("""
            import asyncio
            async def main():
                await asyncio.sleep(1)
                raise ValueError("out")
            asyncio.run(main())
            asyncio.run(main())
        """)
        self.assertEqual(len(data["runs"]), 1)
        self.assertEqual(data["runs"][0]["error"], "ValueError: out")
        self.assertEqual(data["runs"][0]["elapsed"], 1.0)


if __name__ == "__main__":
    unittest.main()
