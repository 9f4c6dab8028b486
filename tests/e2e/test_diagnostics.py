"""What a run finds in the learner's own program, on the page: a program that would hang for
ever in CPython (a Lock its holder never releases, two tasks awaiting each other) ends by
itself, with no Stop, and the results name each stuck task with its line and what it waits
on, in the reader's language; a blocking call is named at its line with its fix, and the step
it held as asyncio's debug mode words it, with a link to the mistake next to its fix; a step
that computes is named CPU-bound at the line that called the work, a callback that blocks the
loop (`call_soon`) as debug mode's slow callback; the run-result carries
them as `diagnostics`; the same program fixed says nothing.

DIAG_SHOTS=DIR also saves screenshots at 360 px in every language there."""
import json
import os
import time
import unittest

from browser import LANGS, BrowserTestCase
from test_own_code import LOAD_TIMEOUT, code_url

SHOTS = os.environ.get("DIAG_SHOTS")

HANG = """import asyncio


async def worker(lock):
    async with lock:
        print("worker has the lock")


async def main():
    lock = asyncio.Lock()
    await lock.acquire()
    await asyncio.gather(worker(lock))


asyncio.run(main())
"""

WARNED = """import asyncio

async def fetch():
    return 1

async def boom():
    raise ValueError('x')

async def main():
    fetch()
    t = asyncio.create_task(boom())
    asyncio.create_task(fetch())
    await asyncio.sleep(1)
    del t

asyncio.run(main())
"""

# The same program minding each: the coroutine awaited, the failing task's exception
# retrieved, the other task kept and awaited.
HEEDED = (WARNED.replace("    fetch()\n", "    await fetch()\n")
          .replace("    asyncio.create_task(fetch())\n", "    kept = asyncio.create_task(fetch())\n")
          .replace("    del t\n", "    await kept\n    try:\n        await t\n    except ValueError:\n        print('boom handled')\n"))

BLOCKING = """import asyncio
import time


async def work():
    time.sleep(0.15)
    await asyncio.sleep(0.01)


async def main():
    await asyncio.create_task(work())


asyncio.run(main(), debug=True)
"""

NO_TIMEOUT = """import asyncio
import aiohttp


async def fetch(session, url):
    async with session.get(url) as resp:
        return resp.status


async def main():
    async with aiohttp.ClientSession() as session:
        print(await fetch(session, "https://example.com/1"))


asyncio.run(main())
"""

CPU_BOUND = """import asyncio


def crunch(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


async def main():
    print(crunch(3_000_000))
    await asyncio.sleep(0.01)


asyncio.run(main(), debug=True)
"""

SLOW_CALLBACK = """import asyncio
import time


def blocking_cb():
    time.sleep(0.15)


async def main():
    loop = asyncio.get_running_loop()
    loop.call_soon(blocking_cb)
    await asyncio.sleep(1)


asyncio.run(main())
"""

FIXED = HANG.replace("    await lock.acquire()\n", "    await lock.acquire()\n    lock.release()\n")


class Diagnostics(BrowserTestCase):
    def run_program(self, program, lang="en"):
        return self.run_page(f"lang={lang}&code={code_url(program)}", "document.querySelector('.own-code .cm-editor')")

    def run_page(self, query, ready="true"):
        """Opens the page at `query`, waits for `ready` (JS), presses Run: the run-result."""
        b = self.browser
        b.get(self.server.url + f"index.html?{query}")
        b.wait(ready, LOAD_TIMEOUT, "the page")
        b.js("document.getElementById('run-result') && (document.getElementById('run-result').textContent = '');")
        b.wait("document.querySelector('button.run') && !document.querySelector('button.run').disabled", LOAD_TIMEOUT, "Run")
        b.js("document.querySelector('button.run').click();")
        return b.run_result(LOAD_TIMEOUT)

    def assert_says_nothing(self, program):
        """The program runs to its end and the run finds nothing in it."""
        run = self.run_program(program)
        self.assertEqual(run["end"], "completed", program)
        self.assertNotIn("diagnostics", run, program)

    def findings(self):
        """The findings listed under the results: [kind, line, text, the mistake's link]."""
        return self.browser.wait("(() => { const l = [...document.querySelectorAll('.diagnostics li')]; return l.length ? l.map(e => "
                                 "[e.dataset.kind, e.dataset.line, e.textContent, e.querySelector('a.see-mistake')?.getAttribute('href')]) : null; })()",
                                 20, "the findings under the results")

    def marked_lines(self):
        """The program's lines marked with a finding."""
        return self.browser.wait("(() => { const l = [...document.querySelectorAll('#python .code-line.line-finding')]; return l.length ? l.map(e => e.dataset.line) : null; })()",
                                 20, "the line marked in the program")

    def shoot(self, name, centre=None):
        """With DIAG_SHOTS=DIR, a screenshot `name` there (the element `centre` scrolled to the middle)."""
        if not SHOTS:
            return
        os.makedirs(SHOTS, exist_ok=True)
        if centre:
            self.browser.js(f"document.querySelector({json.dumps(centre)}).scrollIntoView({{block: 'center'}});")
        self.browser.screenshot(os.path.join(SHOTS, name))

    def step_to_finding(self, from_end=False):
        """Moves the playhead to the first step, then one step at a time (the phone's ▶), until
        the narration tells a finding: (steps taken, its kind, the bar's sentence), or None.
        `from_end`: from the last step backwards (◀), for a finding after thousands of lines."""
        b = self.browser
        buttons = "[...document.querySelectorAll('.compact-stepper .compact-buttons button')]"
        start, step = (3, 1) if from_end else (0, 2)
        b.wait(f"{buttons}.length === 4", 20, "the phone's stepper")
        b.js(f"{buttons}[{start}].click();")
        for i in range(400):
            time.sleep(0.03)
            told = b.js("const f = document.querySelector('.compact-sentence .step-finding');"
                        "return f ? [f.dataset.kind, document.querySelector('.compact-sentence').textContent] : null;")
            if told:
                return (i, *told)
            if b.js(f"return {buttons}[{step}].disabled;"):
                return None
            b.js(f"{buttons}[{step}].click();")
        return None

    def test_a_hang_ends_by_itself_naming_each_stuck_task_in_the_readers_language(self):
        b = self.browser
        b.resize(360, 800)
        for lang in LANGS:
            run = self.run_program(HANG, lang)
            self.assertTrue(run["end"].startswith("deadlock"), run["end"])
            self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]], [("deadlock", "Task-1", 12), ("deadlock", "Task-2", 5)])
            self.assertIn("a Lock that Task-1 holds", run["diagnostics"][1]["text"])
            items = self.findings()
            self.assertEqual([line for _, line, _, _ in items], ["12", "5"])
            self.assertIn("async with lock:", items[1][2])
            self.assertFalse(b.js("return !!document.querySelector('.run-bar button.stop');"), "no Stop needed: the run has ended")
            if lang != "en":
                self.assertNotIn("waits at line", items[1][2], f"the finding in {lang}")
            self.shoot(f"deadlock-{lang}-360.png", ".diagnostics")

    def test_a_blocking_call_and_the_slow_step_it_makes_are_explained_in_the_readers_language(self):
        b = self.browser
        b.resize(360, 800)
        for lang in LANGS:
            run = self.run_program(BLOCKING, lang)
            self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]], [("blocking-call", "Task-2", 6), ("slow-step", "Task-2", 6)])
            slow = run["diagnostics"][1]["text"]
            self.assertTrue(slow.startswith("Executing <Task pending name='Task-2' coro=<work() running at ") and slow.endswith(" took 0.150 seconds"), slow)
            self.assertIn("created at", slow, "debug=True: the repr says where the task was created")
            items = self.findings()
            self.assertEqual([(k, line) for k, line, _, _ in items], [("blocking-call", "6"), ("slow-step", "6")])
            self.assertIn("time.sleep(0.15)", items[0][2])
            self.assertIn("asyncio.to_thread", items[0][2])
            self.assertEqual(items[0][3], f"?scenario=mistakes&variant=blocking_driver&lang={lang}")
            self.assertEqual(items[1][3], f"?scenario=mistakes&variant=cpu_bound&lang={lang}")
            if lang != "en":
                self.assertNotIn("blocks the loop", items[0][2], f"the finding in {lang}")
            # The program marks the line, saying both findings.
            marks = b.wait("(() => { const l = [...document.querySelectorAll('#python .code-line.line-finding')]; return l.length ? l.map(e => [e.dataset.line, e.querySelector('.finding-mark').getAttribute('aria-label')]) : null; })()",
                           20, "the line marked in the program")
            self.assertEqual([line for line, _ in marks], ["6"])
            said = marks[0][1].split("\n")
            self.assertEqual(len(said), 2, marks)
            for sentence, (_, _, item, _) in zip(said, items):
                self.assertTrue(item.startswith(sentence), (sentence, item))
            # The timeline marks both on Task-2's lane, saying them; its legend names the mark.
            marks = b.wait("(() => { const m = [...document.querySelectorAll('#timeline .mark.mark-finding')]; return m.length ? m.map(e => e.querySelector('title').textContent) : null; })()",
                           20, "the findings on the timeline")
            self.assertEqual(len(marks), 2, marks)
            self.assertTrue(items[0][2].startswith(marks[0][:15]), (marks, items[0][2]))
            self.assertTrue(b.js("return !!document.querySelector('#timeline .legend span.mark-finding');"), "the legend names the mark")
            # Stepping to the blocking call's moment says it after the step's own sentence.
            told = self.step_to_finding()
            self.assertIsNotNone(told, "a step whose narration tells a finding")
            self.assertEqual(told[1], "blocking-call")
            self.assertIn(items[0][2][:20], told[2], f"the finding, in {lang}")
            self.shoot(f"blocking-step-{lang}-360.png")
            self.shoot(f"blocking-{lang}-360.png", ".diagnostics")
            self.shoot(f"blocking-line-{lang}-360.png", "#python .finding-mark")
        # Awaiting instead of blocking: nothing to say.
        self.assert_says_nothing(BLOCKING.replace("time.sleep(0.15)", "await asyncio.sleep(0.15)"))

    def test_a_callback_that_blocks_the_loop_is_named_with_its_line_in_the_readers_language(self):
        self.browser.resize(360, 800)
        for lang in ("en", "hi"):
            run = self.run_program(SLOW_CALLBACK, lang)
            # (A callback runs in no task.)
            self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]], [("blocking-call", "", 6), ("slow-step", "", 6)])
            self.assertTrue(run["diagnostics"][1]["text"].startswith("Executing <Handle blocking_cb() at main.py:5> took 0.150 seconds"), run["diagnostics"][1]["text"])
            items = self.findings()
            self.assertEqual([(k, line) for k, line, _, _ in items], [("blocking-call", "6"), ("slow-step", "6")])
            self.assertIn("blocking_cb()", items[1][2])
            self.assertIn("time.sleep(0.15)", items[1][2])
            (self.assertIn if lang == "en" else self.assertNotIn)("The callback", items[1][2], f"the finding in {lang}")
            self.assertEqual(self.marked_lines(), ["6"])
            self.shoot(f"slow-callback-{lang}-360.png", ".diagnostics")

    def assert_found_alone(self, program, lang, found, variant, quoted, english, from_end=False):
        """Runs `program` in `lang`: its one finding is `found` (kind, task, line) — in the
        run-result, listed under the results quoting `quoted` with a link to the `mistakes`
        `variant`, in the reader's language (`english` only in English), its line marked in
        the program, and told by the narration when stepping reaches it. Returns the
        run-result's text of it."""
        run = self.run_program(program, lang)
        self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]], [found])
        kind, _, line = found
        items = self.findings()
        self.assertEqual([(k, n, href) for k, n, _, href in items], [(kind, str(line), f"?scenario=mistakes&variant={variant}&lang={lang}")])
        self.assertIn(quoted, items[0][2])
        (self.assertIn if lang == "en" else self.assertNotIn)(english, items[0][2], f"the finding in {lang}")
        self.assertEqual(self.marked_lines(), [str(line)])
        told = self.step_to_finding(from_end)
        self.assertIsNotNone(told, "a step whose narration tells the finding")
        self.assertEqual(told[1], kind)
        self.assertIn(items[0][2][:12], told[2], f"the finding, in {lang}")
        return run["diagnostics"][0]["text"]

    def test_a_step_that_computes_is_named_cpu_bound_in_the_readers_language_and_offloaded_it_is_not(self):
        self.browser.resize(360, 800)
        for lang in LANGS:
            # (After 50,000 traced lines: stepped to from the run's end.)
            text = self.assert_found_alone(CPU_BOUND, lang, ("cpu-bound", "Task-1", 12), "cpu_bound", "print(crunch(3_000_000))", "computed for", from_end=True)
            self.assertTrue(text.startswith("Executing <Task pending name='Task-1' coro=<main() running at ") and text.endswith(" seconds"), text)
            self.assertGreaterEqual(float(text.rsplit(" took ", 1)[1].split()[0]), 0.1, text)
            self.assertIn("ProcessPoolExecutor", self.findings()[0][2])
            self.shoot(f"cpu-bound-step-{lang}-360.png")
            self.shoot(f"cpu-bound-{lang}-360.png", ".diagnostics")
        # The same work on a worker thread: the loop was free.
        self.assert_says_nothing(CPU_BOUND.replace("print(crunch(3_000_000))", "print(await asyncio.to_thread(crunch, 3_000_000))"))

    def test_a_request_without_a_timeout_is_named_in_the_readers_language_and_one_under_a_deadline_is_not(self):
        self.browser.resize(360, 800)
        for lang in LANGS:
            text = self.assert_found_alone(NO_TIMEOUT, lang, ("no-timeout", "Task-1", 6), "no_timeout", "asyncio.timeout(10)", "with no timeout")
            self.assertTrue(text.startswith("Line 6 `async with session.get(url) as resp:` requests https://example.com/1 with no timeout"), text)
            self.shoot(f"no-timeout-{lang}-360.png", ".diagnostics")
        # Under a deadline, or with a timeout of its own: nothing to say.
        for fixed in (NO_TIMEOUT.replace("        print(await fetch(", "        async with asyncio.timeout(10):\n            print(await fetch("),
                      NO_TIMEOUT.replace("session.get(url)", "session.get(url, timeout=aiohttp.ClientTimeout(total=10))")):
            self.assert_says_nothing(fixed)

    def test_a_coroutine_never_awaited_an_exception_never_retrieved_and_a_dropped_task_are_named_in_the_readers_language(self):
        english = ("keeps it nowhere", "calls fetch() without await", "nobody retrieved it")
        for lang in LANGS:
            run = self.run_program(WARNED, lang)
            self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]],
                             [("dropped-task", "Task-3", 12), ("never-awaited", "Task-1", 10), ("never-retrieved", "Task-2", 7)])
            self.assertEqual(run["diagnostics"][1]["text"], "RuntimeWarning: coroutine 'fetch' was never awaited")
            self.assertEqual(run["diagnostics"][2]["text"], "Task exception was never retrieved\nfuture: <Task finished name='Task-2' "
                                                            "coro=<boom() done, defined at main.py:6> exception=ValueError('x')>")
            items = [item[:3] for item in self.findings()]
            self.assertEqual([(k, line) for k, line, _ in items], [("dropped-task", "12"), ("never-awaited", "10"), ("never-retrieved", "7")])
            self.assertIn("asyncio.create_task(fetch())", items[0][2])
            for (_, _, text), words in zip(items, english):
                (self.assertIn if lang == "en" else self.assertNotIn)(words, text, f"the finding in {lang}")
            if lang == "hi":
                self.assertIn("पंक्ति 10", items[1][2])
        # Each minded: nothing to say.
        self.assert_says_nothing(HEEDED)

    def test_hundreds_of_findings_show_the_first_hundred_and_a_count(self):
        b = self.browser
        # (CPython says "never awaited" once per line; an exception never retrieved, per task.)
        program = ("import asyncio\n\nasync def boom(n):\n    raise ValueError(n)\n\nasync def main():\n"
                   "    for n in range(500):\n        asyncio.create_task(boom(n))\n    await asyncio.sleep(1)\n\nasyncio.run(main())\n")
        run = self.run_program(program)
        found = len(run["diagnostics"])
        kinds = sorted({d["kind"] for d in run["diagnostics"]})
        # Each task is dropped (kept by nobody) and its exception never retrieved: 500 of each.
        self.assertEqual((found, kinds), (1000, ["dropped-task", "never-retrieved"]), "the run-result lists them all")
        shown = b.wait("document.querySelectorAll('.diagnostics li[data-kind]').length || null", 20, "the findings")
        self.assertEqual(shown, 100)
        self.assertIn(str(found - 100), b.js("return document.querySelector('.diagnostics li.more').textContent;"))
        self.assertTrue(b.js("return document.querySelector('button.run') !== null;"), "the page still works")

    def test_a_scenarios_slow_step_is_in_the_words_its_pythons_debug_mode_prints(self):
        # (blocking's BAD half on CPython 3.11, Pyodide 0.25's 3.11.3: the task's repr written
        # from the trace, held to CPython's by tests/diagnostics.rs.)
        run = self.run_page("scenario=blocking&python=3.11")
        self.assertEqual([(d["kind"], d["task"], d["line"]) for d in run["diagnostics"]], [("blocking-call", "Task-1", 29), ("slow-step", "Task-1", 29)])
        self.assertEqual(run["diagnostics"][1]["text"],
                         "Executing <Task pending name='Task-1' coro=<main() running at main.py:31> wait_for=<Task pending name='Task-2' "
                         "coro=<heartbeat() running at main.py:16> wait_for=<Future pending cb=[Task.task_wakeup()]> cb=[Task.task_wakeup()]> "
                         "cb=[_run_until_complete_cb() at /lib/python311.zip/asyncio/base_events.py:180]> took 2.000 seconds")

    def test_the_fixed_program_finishes_and_says_nothing(self):
        self.assert_says_nothing(FIXED)
        self.assertFalse(self.browser.js("return !!document.querySelector('.diagnostics');"))


if __name__ == "__main__":
    unittest.main()
