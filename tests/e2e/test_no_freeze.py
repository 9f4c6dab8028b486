"""No input freezes the tab for more than 1 s (issue 23), measured as the longest main-thread
task (the Long Tasks API: a PerformanceObserver for 'longtask', every task over 50 ms) from
the click to the page at rest:

- `lock workers=10000 hold=10 compare=1`: its first display (it froze 4.8 s), and its Export
  JSON (5.4 s, 42 MB), which is written in slices with a progress bar and joins into the
  same JSON as the published run;
- own programs on Pyodide: `gather` of 40 000 sleeping tasks (36.6 s, 372 MB), `print` of
  50 MB (18.7 s), a `sleep(0)` loop (8.8 s): each run is cut at its limit (2 000 tasks,
  0.5 MB of output, 10 000 events) and the page says so; Stop during a flood ends it;
- a corpus of hostile own programs (floods of tasks, prints, writes, exceptions, warnings):
  each stays within the bound and leaves no page error.

Each line of the report gives the longest task, the JS heap and the wasm memory after it.

These machines are shared and their speed varies from run to run, so the bound is set like a
benchmark's ratio, not as a bare time: it is 1 s on a machine as fast as the one it was set
on, and grows in proportion on a slower one (a fixed JavaScript workload, timed in the same
browser before the tests, takes longer than CALIBRATION_MS); and a measurement over the bound
is taken again, up to ATTEMPTS times in all, the best one counting — a real freeze is over it
every time, a neighbour's burst of work is not.
"""
import base64
import json
import time

from browser import GLUE, BrowserTestCase

BOUND_MS = 1000
# The fixed workload below took 280–330 ms (median of five, after two to warm up) in headless
# Chromium on the machine the bound was set on.
CALIBRATION_MS = 300
ATTEMPTS = 3
CALIBRATION = """const t = performance.now(); const a = new Float64Array(1 << 16); let x = 1;
for (let i = 0; i < 4e7; i++) { x = (x * 1103515245 + 12345) | 0; a[i & 65535] += x; }
window.__sink = a[7]; return performance.now() - t;"""
LOAD_TIMEOUT = 180   # Pyodide's first start on a busy 2-core machine, and a flood's run

OBSERVE = """
window.__longest = 0; window.__longtasks = [];
if (!window.__observer) {
  window.__observer = new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      window.__longtasks.push(Math.round(e.duration));
      window.__longest = Math.max(window.__longest, e.duration);
    }
  });
  window.__observer.observe({type: 'longtask'});
}
"""

# Waits for two quiet animation frames and a quiet timer: the page at rest.
SETTLED = "return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(true), 300))));"

FLOOD_TASKS = """import asyncio

async def nap(i):
    await asyncio.sleep(1)
    return i

async def main():
    await asyncio.gather(*(nap(i) for i in range(40_000)))

asyncio.run(main())
"""

HUGE_PRINT = """import asyncio

async def main():
    print("x" * 50_000_000)

asyncio.run(main())
"""

SPIN = """import asyncio

async def main():
    while True:
        await asyncio.sleep(0)

asyncio.run(main())
"""

# Hostile programs: (name, program, what the run's end says).
CORPUS = [
    ("tasks created in a sleep(0) loop", "import asyncio\n\nasync def main():\n    while True:\n        asyncio.create_task(asyncio.sleep(5))\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n", "tasks"),
    ("150 000 printed lines", "import asyncio\n\nasync def main():\n    for i in range(150_000):\n        print('line', i, 'y' * 200)\n\nasyncio.run(main())\n", "output"),
    ("a million writes of one character", "import asyncio\n\nasync def main():\n    for i in range(1_000_000):\n        print('z', end='')\n    await asyncio.sleep(0)\n\nasyncio.run(main())\n", "output"),
    ("prints at top level, then a run", "import asyncio\n\nprint('w' * 5_000_000)\n\nasync def main():\n    print('after')\n\nasyncio.run(main())\n", "output"),
    ("a flood of failing tasks with huge messages", "import asyncio\n\nasync def boom(i):\n    raise ValueError('e' * 1_000_000)\n\nasync def main():\n    await asyncio.gather(*(boom(i) for i in range(5_000)), return_exceptions=True)\n\nasyncio.run(main())\n", "tasks"),
    ("warnings in a loop", "import asyncio, warnings\nwarnings.simplefilter('always')\n\nasync def main():\n    for i in range(100_000):\n        warnings.warn('w' * 10_000)\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n", "output"),
    ("nested gathers", "import asyncio\n\nasync def leaf():\n    await asyncio.sleep(0.1)\n\nasync def branch():\n    await asyncio.gather(*(leaf() for _ in range(100)))\n\nasync def main():\n    await asyncio.gather(*(branch() for _ in range(100)))\n\nasyncio.run(main())\n", "tasks"),
]

CUT_WORDS = {"tasks": "tasks", "output": "MB", "events": "events"}


def code_url(program):
    return base64.urlsafe_b64encode(program.encode()).decode().rstrip("=")


class NoFreeze(BrowserTestCase):
    report_title = "longest main-thread task (bound 1000 ms on a machine of the calibration speed), JS heap, wasm memory"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.browser.capture_errors()
        cls.browser.get(cls.server.url + "?scenario=sleep")
        times = sorted(cls.browser.js(CALIBRATION) for _ in range(7))[2:]
        cls.scale = max(1.0, times[len(times) // 2] / CALIBRATION_MS)
        cls.bound = round(BOUND_MS * cls.scale)
        cls.report.append(f"this machine: the calibration workload took {times[len(times) // 2]:.0f} ms"
                          f" (set at {CALIBRATION_MS} ms), so the bound is {cls.bound} ms")

    def best_of(self, measure):
        """Runs `measure` (returning (value, longest task)) again while its longest task is over
        the bound, up to ATTEMPTS times; returns the attempt with the shortest longest task."""
        best = None
        for _ in range(ATTEMPTS):
            value, longest = measure()
            if best is None or longest < best[1]:
                best = (value, longest)
            if longest <= self.bound:
                break
        return best

    def observe(self):
        self.browser.js(OBSERVE)

    def longest(self, what):
        """The longest task since observe(), once the page is at rest; reported with memory."""
        self.browser.js(SETTLED)
        longest = round(self.browser.js("return window.__longest;"))
        tasks = self.browser.js("return window.__longtasks.slice().sort((a, b) => b - a).slice(0, 5);")
        heap = self.browser.js("return performance.memory ? performance.memory.usedJSHeapSize : 0;")
        wasm = self.browser.js(f"return import({GLUE})"
                               ".then(m => m.default()).then(w => w.memory.buffer.byteLength).catch(() => 0);")
        self.report.append(f"{what}: {longest} ms (longest tasks {tasks}), JS heap {heap / 1e6:.0f} MB, wasm {wasm / 1e6:.0f} MB")
        self.assertEqual(self.browser.errors(), [], f"page errors after {what}")
        return longest

    def clear_result(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")

    # ---------------------------------------------------------------- a big scenario run

    def test_a_big_lock_run_shows_and_exports_without_freezing(self):
        b = self.browser

        def first_display():
            b.get(self.server.url + "?scenario=lock&workers=10000&hold=10&compare=1")
            b.wait("document.querySelector('button.run')", 20, "the Run button")
            self.clear_result()
            self.observe()
            b.js("document.querySelector('button.run').click();")
            run = b.run_result(60)
            self.assertEqual([len(r["tasks"]) for r in run["compare"]], [10001, 10001])
            return run, self.longest("lock 10000/hold 10/compare: first display")
        run, longest = self.best_of(first_display)
        self.assertLessEqual(longest, self.bound)

        # Export JSON: written in slices, with its progress shown; the file is the published JSON.
        b.js("""
            window.__exported = null; window.__progress = [];
            const create = URL.createObjectURL;
            URL.createObjectURL = blob => { window.__exported = blob; return create.call(URL, blob); };
            new MutationObserver(() => {
              const p = document.querySelector('.export-progress progress');
              if (p) window.__progress.push(Number(p.value) / Number(p.max));
            }).observe(document.querySelector('.export'), {subtree: true, attributes: true, childList: true});
        """)
        self.observe()
        b.js("[...document.querySelectorAll('.export button')].find(x => x.textContent.includes('JSON')).click();")
        b.wait("window.__exported !== null", 60, "the exported file")
        self.assertLessEqual(self.longest("lock 10000/hold 10/compare: Export JSON"), self.bound)
        progress = b.js("return window.__progress;")
        self.assertGreater(len(set(progress)), 3, f"the progress bar moved: {progress[:10]}")
        self.assertFalse(b.js("return !!document.querySelector('.export-progress');"), "the progress is gone at the end")
        exported = b.js("return window.__exported.text().then(t => { const j = JSON.parse(t);"
                        " return [t.length, j.compare.map(r => [r.tasks.length, r.events.length, r.end])]; });")
        self.report.append(f"  Export JSON: {exported[0] / 1e6:.1f} MB")
        self.assertEqual(exported[1], [[len(r["tasks"]), len(r["events"]), r["end"]] for r in run["compare"]])

    def test_an_export_can_be_cancelled(self):
        b = self.browser
        b.get(self.server.url + "?scenario=lock&workers=10000&hold=10&compare=1")
        b.wait("document.querySelector('button.run')", 20, "the Run button")
        self.clear_result()
        b.js("document.querySelector('button.run').click();")
        b.run_result(60)
        b.js("window.__exported = null; const create = URL.createObjectURL;"
             "URL.createObjectURL = blob => { window.__exported = blob; return create.call(URL, blob); };")
        b.js("[...document.querySelectorAll('.export button')].find(x => x.textContent.includes('JSON')).click();")
        b.wait("document.querySelector('.export-cancel')", 10, "Cancel while exporting")
        b.js("document.querySelector('.export-cancel').click();")
        b.wait("!document.querySelector('.export-progress')", 5, "the export stopped")
        time.sleep(2)
        self.assertIsNone(b.js("return window.__exported;"), "a cancelled export makes no file")
        self.assertFalse(b.js("return [...document.querySelectorAll('.export button')].some(x => x.disabled);"))

    # ---------------------------------------------------------------- own programs

    def open_code(self, program):
        b = self.browser
        b.get(self.server.url + f"?code={code_url(program)}")
        b.wait("document.querySelector('.own-code .cm-editor')", 60, "the editor")
        b.wait("document.querySelector('button.run') && !document.querySelector('button.run').disabled", 20, "Run my code")
        self.clear_result()

    def run_own(self, program, what):
        """Runs `program`, returns its run-result and the longest task from the click to rest
        (the best of up to ATTEMPTS runs)."""
        def once():
            self.open_code(program)
            self.observe()
            self.browser.js("document.querySelector('button.run').click();")
            run = self.browser.run_result(LOAD_TIMEOUT)
            return run, self.longest(what)
        return self.best_of(once)

    def headline(self):
        return self.browser.js("return [...document.querySelectorAll('.result .headline')].map(h => h.textContent).join(' ');")

    def test_a_gather_of_40000_sleeping_tasks_is_cut_at_2000_tasks(self):
        run, longest = self.run_own(FLOOD_TASKS, "gather of 40 000 sleeping tasks")
        self.assertLessEqual(longest, self.bound)
        self.assertEqual(len(run["tasks"]), 2000)
        self.assertTrue(run["end"].startswith("stopped at t=0: more than 2000 tasks"), run["end"])
        self.assertIn("more than 2000 tasks", self.headline())

    def test_a_print_of_50_mb_is_cut_at_half_a_mb(self):
        run, longest = self.run_own(HUGE_PRINT, "print of 50 MB")
        self.assertLessEqual(longest, self.bound)
        printed = [e["detail"] for e in run["events"] if e["kind"] == "print"]
        self.assertEqual([len(p) for p in printed], [500_000])
        self.assertIn("its output passed 500000 bytes", run["end"])
        self.assertIn("0.5 MB", self.headline())
        # The terminal shows the line's start and how much more it had, not all of it.
        self.browser.wait("document.querySelector('.terminal .out-text')", 20, "the output")
        shown = self.browser.js("return document.querySelector('.terminal .out-text').textContent;")
        self.assertIn("more characters on this line", shown)
        self.assertLess(len(shown), 2_100)

    def test_a_sleep_0_loop_is_cut_at_its_event_limit(self):
        run, longest = self.run_own(SPIN, "a sleep(0) loop")
        self.assertLessEqual(longest, self.bound)
        self.assertIn("events without reaching the end", run["end"])
        self.assertIn("events", self.headline())

    def test_stop_ends_a_flood_at_once(self):
        b = self.browser
        self.open_code(FLOOD_TASKS.replace("40_000", "400_000"))
        self.observe()
        b.js("document.querySelector('button.run').click();")
        b.wait("document.querySelector('.code-status').textContent.includes('Running')", LOAD_TIMEOUT, "the program running")
        time.sleep(0.5)
        started = time.time()
        b.js("document.querySelector('button.stop').click();")
        b.wait("document.querySelector('button.run')", 5, "Run again")
        self.assertLess(time.time() - started, 2, "Stop answers at once")
        self.assertEqual(b.js("return document.querySelectorAll('iframe.code-sandbox').length;"), 0, "no sandbox or worker left")
        self.assertLessEqual(self.longest("Stop during a flood of tasks"), self.bound)

    def test_hostile_programs_stay_within_the_bound(self):
        for name, program, cut in CORPUS:
            with self.subTest(program=name):
                run, longest = self.run_own(program, name)
                self.assertLessEqual(longest, self.bound, name)
                self.assertIn(CUT_WORDS[cut], run["end"] + " " + self.headline(), name)
                self.assertLess(len(json.dumps(run)), 40_000_000, name)
