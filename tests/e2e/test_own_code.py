"""Run my code in the release bundle: a learner's program in the CodeMirror editor, run on
real CPython (Pyodide, from the bundle) in a Web Worker inside the sandbox frame (see
test_sandbox.py for what the sandbox keeps out), shown like any scenario.

- every scenario's shown program, run this way, gives the executor's prints, times, task
  steps and outcomes (Pyodide 0.25.1 is CPython 3.11.3, the version the executor follows,
  so every event of the harness's kinds is compared, not only the prints);
- own programs beyond the scenarios print the same lines at the same virtual times as the
  CPython harness run natively (python3 here, 3.11 too), with the same task steps;
- a syntax error marks its line, a traceback's lines move the cursor, an endless loop ends
  at the wall-clock limit, Stop during a run leaves no sandbox and no worker, Escape then Tab leaves the
  editor, and the page's first load fetches neither the editor nor Python.
"""
import base64
import glob
import json
import os
import subprocess
import sys
import time
import unittest

from browser import ROOT, BrowserTestCase

SCENARIOS = ["sleep", "gather", "taskgroup", "lock", "blocking", "timeout", "bounded-fetch", "mistakes"]
HARNESS = os.path.join(ROOT, "tests", "cpython", "harness.py")
PROGRAMS = sorted(glob.glob(os.path.join(ROOT, "tests", "cpython", "programs", "own_*.py")))
COMPARED = ("create", "step", "suspend", "done", "failed", "cancelled", "print")
LOAD_TIMEOUT = 120   # Pyodide's first start on a busy 2-core machine

# The sandbox frames on the page (each holds the worker of a run; ending a run removes it).
SANDBOXES = "return document.querySelectorAll('iframe.code-sandbox').length;"


def code_url(program):
    return base64.urlsafe_b64encode(program.encode()).decode().rstrip("=")


def steps(run):
    """The events both sides record, as comparable tuples (stacks as function names)."""
    out = []
    for e in run["events"]:
        if e["kind"] not in COMPARED:
            continue
        detail = e["detail"] if e["kind"] in ("print", "failed") else ""
        if e["kind"] == "suspend":
            detail = [call.split("(")[0] for call in e["stack"]]
        out.append((e["t"], e["task"], e["kind"], detail, e.get("line", 0), e["iter"]))
    return out


def traced(run):
    """The line tracing's events: every line, return and exception, in order."""
    return [(e["t"], e["task"], e["kind"], e.get("detail", "") if e["kind"] != "line" else "", e.get("line", 0), e["iter"])
            for e in run["events"] if e["kind"] in ("line", "return", "exception")]


def outcomes(run):
    return [(t["state"], t.get("error"), t["start"], t["end"]) for t in run["tasks"]]


def prints(run):
    return [(e["t"], e["detail"]) for e in run["events"] if e["kind"] == "print"]


def step_shape(run):
    """Every step, suspension and outcome as (t, kind, iteration), in order, whichever task:
    the schedule, without what can differ between two 3.11 builds for one program — which
    task gets which number where CPython iterates a set of coroutines (as_completed), and
    the last line of a finished coroutine (line tables of except* blocks, 3.11.3 vs 3.11.7)."""
    return sorted((e["t"], e["iter"], e["kind"]) for e in run["events"] if e["kind"] in COMPARED)


class OwnCode(BrowserTestCase):
    maxDiff = None

    def open_code(self, program, autorun=True):
        """Opens the program from a link, to run on Python 3.11 (Pyodide 0.25.1, as the native
        harness here); `autorun`: then presses Run (a program from a link never runs without
        the click)."""
        self.browser.get(self.server.url + f"?python=3.11&code={code_url(program)}")
        self.browser.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
        if autorun:
            self.browser.click_at("button.run")

    def clear_result(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")

    def run_and_wait(self):
        self.clear_result()
        self.browser.js("document.querySelector('button.run').click();")
        return self.browser.run_result(LOAD_TIMEOUT)

    def dedicated_workers(self):
        targets = self.browser._s("POST", "/goog/cdp/execute", {"cmd": "Target.getTargets", "params": {}})["targetInfos"]
        return [t["targetId"] for t in targets if t["type"] == "worker" and t["url"].startswith("blob:null/")]

    def keys(self, *keys):
        actions = [a for k in keys for a in ({"type": "keyDown", "value": k}, {"type": "keyUp", "value": k})]
        self.browser._s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def test_the_first_load_fetches_neither_the_editor_nor_python(self):
        self.browser.get(self.server.url + "?scenario=gather&autorun=1")
        self.browser.run_result(10)
        names = self.browser.js("return performance.getEntriesByType('resource').map(e => e.name);")
        self.assertFalse([n for n in names if "code.js" in n or "pyodide" in n or "code-worker" in n or "code-sandbox" in n], names)

    def test_every_scenario_program_runs_on_cpython_like_the_executor(self):
        for sid in SCENARIOS:
            with self.subTest(scenario=sid):
                # python=3.11: the executor follows the CPython that Pyodide 0.25.1 is (3.11.3)
                self.browser.get(self.server.url + f"?scenario={sid}&python=3.11&autorun=1")
                ours = self.browser.run_result(10)
                self.browser.wait("document.querySelector('.edit-code a')", 5, "Edit and run this program")
                self.browser.js("document.querySelector('.edit-code a').click();")
                self.browser.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
                theirs = self.run_and_wait()
                self.assertEqual(theirs["scenario"], "code")
                self.assertEqual(prints(theirs), prints(ours))
                self.assertEqual(steps(theirs), steps(ours))
                self.assertEqual(traced(theirs), traced(ours), "every line, return and exception")
                self.assertEqual(outcomes(theirs), outcomes(ours))
                self.assertEqual((theirs["elapsed"], theirs["end"]), (ours["elapsed"], ours["end"]))
                # The run is shown like a scenario's: lanes for every task, steps to walk through.
                # A lane per task (the timeline draws those in view: 20-odd of lock's 101).
                lanes = self.browser.js("return document.querySelectorAll('.lanes g.lane:not(.worker)').length;")
                if len(theirs["tasks"]) <= 20:
                    self.assertEqual(lanes, len(theirs["tasks"]))
                else:
                    self.assertGreaterEqual(lanes, 20)

    def test_stepping_own_code_shows_the_running_frames_locals(self):
        program = "import asyncio\n\n\nasync def main():\n    total = 0\n    for i in range(3):\n        total += i\n        await asyncio.sleep(0.1)\n    print(total)\n\n\nasyncio.run(main())\n"
        self.open_code(program)
        run = self.browser.run_result(LOAD_TIMEOUT)
        events = run["events"]
        # the third pass's line 7 (total += i): total is 1, i is 2
        at = [k for k, e in enumerate(events) if e["kind"] == "line" and e["line"] == 7][2]
        self.browser.wait("document.querySelector('#stepper .step-buttons')", 20, "the stepper")
        self.browser.js("document.querySelector('#stepper .step-buttons button').click();")
        for _ in range(at):
            self.browser.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));")
        time.sleep(0.3)
        frame = self.browser.js("const f = document.querySelector('#inspector .frame'); return f ? f.textContent : '';")
        self.assertIn("Locals of Task-1's frame, as line 7 starts", frame)
        shown = self.browser.js("return [...document.querySelectorAll('#inspector .frame dt, #inspector .frame dd')].map(x => x.textContent);")
        self.assertEqual(shown, ["total", "1", "i", "2"])
        if self.browser.js("return !!document.querySelector('#python .code-line');"):
            self.assertEqual(self.browser.js("const r = document.querySelector('#python .code-line.line-running'); return r ? +r.dataset.line : null;"), 7)

    def test_own_programs_print_what_the_cpython_harness_prints(self):
        self.assertEqual(len(PROGRAMS), 5, PROGRAMS)
        for path in PROGRAMS:
            name = os.path.basename(path)
            with self.subTest(program=name):
                with open(path) as f:
                    program = f.read()
                native = json.loads(subprocess.run([sys.executable, HARNESS, path, "--run-result"], capture_output=True,
                                                   text=True, timeout=60, check=True).stdout)
                self.open_code(program)
                page = self.browser.run_result(LOAD_TIMEOUT)
                self.assertTrue(prints(native), name)
                self.assertEqual(prints(page), prints(native))
                self.assertEqual(step_shape(page), step_shape(native))
                self.assertEqual(sorted(outcomes(page)), sorted(outcomes(native)))
                self.assertEqual(page["outcome"]["python"], "3.11.3")

    def test_loading_shows_bytes_and_the_python_version(self):
        self.open_code("import asyncio\nasync def main():\n    print('hi')\nasyncio.run(main())\n", autorun=False)
        self.browser.js("""
            window.__progress = [];
            new MutationObserver(() => {
              const p = document.querySelector('.code-progress');
              const status = document.querySelector('.code-status')?.textContent || '';
              if (p && !p.hidden) window.__progress.push([p.hasAttribute('value') ? Number(p.value) : null, Number(p.max), status]);
            }).observe(document.querySelector('.own-code'), {subtree: true, attributes: true, childList: true});
        """)
        run = self.run_and_wait()
        self.assertEqual(prints(run), [(0.0, "hi")])
        sizes = json.loads(self.browser.js("const r = new XMLHttpRequest(); r.open('GET', 'pyodide/3.11/sizes.json', false); r.send(); return r.responseText;"))
        seen = self.browser.js("return window.__progress;")
        self.assertTrue(seen, "the progress bar showed")
        self.assertEqual({m for v, m, _ in seen if v is not None}, {sum(sizes.values())}, "the total is every file's bytes")
        values = [v for v, _, _ in seen if v is not None]
        self.assertEqual(values, sorted(values), "bytes only grow")
        self.assertEqual(max(values), sum(sizes.values()))
        # Once every byte is here, Python starts: an indeterminate bar that says so.
        last = max(i for i, (v, _, _) in enumerate(seen) if v is not None)
        starting = [s for v, _, s in seen[last + 1:] if v is None]
        self.assertTrue(starting and all("Starting Python" in s for s in starting), f"after the download: {seen[last:]}")
        self.assertIn("CPython 3.11.3 (Pyodide 0.25.1)", self.browser.js("return document.querySelector('.code-python').textContent;"))

    def test_a_syntax_error_marks_its_line(self):
        self.open_code("import asyncio\n\nasync def main(:\n    pass\n")
        self.browser.wait("document.querySelector('.code-problem .syntax-error')", LOAD_TIMEOUT, "the syntax error")
        marked = self.browser.js("return [...document.querySelectorAll('.cm-line')].findIndex(l => l.classList.contains('cm-error-line')) + 1;")
        self.assertEqual(marked, 3)
        self.assertIn("line 3", self.browser.js("return document.querySelector('.code-problem .syntax-error').textContent;"))
        self.assertTrue(self.browser.js("return !!document.querySelector('button.run') && !document.querySelector('button.run').disabled;"))

    def test_a_traceback_line_moves_the_cursor_there(self):
        program = ("import asyncio\n\nasync def inner():\n    await asyncio.sleep(1)\n    raise ValueError('boom')\n\n"
                   "async def main():\n    await inner()\n\nasyncio.run(main())\n")
        self.open_code(program)
        run = self.browser.run_result(LOAD_TIMEOUT)
        self.assertEqual(run["outcome"], {"error": "ValueError: boom"})
        lines = self.browser.js("return [...document.querySelectorAll('.traceback-line')].map(b => b.textContent);")
        self.assertEqual([l.strip() for l in lines], ['File "main.py", line 10, in <module>', 'File "main.py", line 8, in main',
                                                      'File "main.py", line 5, in inner'])
        heights = self.browser.js("return [...document.querySelectorAll('.traceback-line')].map(b => b.getBoundingClientRect().height);")
        self.assertTrue(all(h >= 44 for h in heights), f"44 px targets: {heights}")
        self.browser.js("document.querySelectorAll('.traceback-line')[2].click();")
        self.browser.wait("document.querySelector('.cm-activeLine')?.textContent.includes(\"raise ValueError('boom')\")", 5, "the cursor on line 5")

    def test_an_endless_loop_ends_at_the_wall_clock_limit_and_the_page_stays_responsive(self):
        self.open_code("import asyncio\n\nasync def main():\n    while True:\n        pass\n\nasyncio.run(main())\n", autorun=False)
        self.browser.js("document.querySelector('button.run').click();")
        self.browser.wait("document.querySelector('button.stop')", 10, "Stop while it runs")
        # The page answers while the program spins in its worker.
        started = time.time()
        self.assertEqual(self.browser.js("return 6 * 7;"), 42)
        self.assertLess(time.time() - started, 2)
        self.browser.wait("document.querySelector('.code-status').textContent.includes('more than 15 seconds')", LOAD_TIMEOUT + 20,
                          "the wall-clock limit's message")
        self.assertEqual(self.browser.js(SANDBOXES), 0, "the sandbox and its worker are gone")
        self.browser.wait("document.querySelector('button.run')", 5, "Run again")

    def test_stop_during_a_run_leaves_no_worker(self):
        self.open_code("import asyncio\n\nasync def main():\n    while True:\n        pass\n\nasyncio.run(main())\n", autorun=False)
        before = set(self.dedicated_workers())   # (pages kept for Back may hold some)
        self.browser.js("document.querySelector('button.run').click();")
        self.browser.wait("document.querySelector('.code-status').textContent.includes('Running')", LOAD_TIMEOUT, "the program running")
        ours = set(self.dedicated_workers()) - before
        self.assertEqual(len(ours), 1, "the program runs in a worker")
        self.browser.js("document.querySelector('button.stop').click();")
        self.browser.wait("document.querySelector('button.run')", 5, "Run again")
        self.assertEqual(self.browser.js(SANDBOXES), 0, "the sandbox is gone")
        # The browser's own list of workers (DevTools' targets) loses it too.
        deadline = time.time() + 10
        while ours & set(self.dedicated_workers()) and time.time() < deadline:
            time.sleep(0.2)
        self.assertEqual(ours & set(self.dedicated_workers()), set())

    def test_stop_after_the_run_ended_but_before_it_is_shown_ends_it(self):
        # A finished run is loaded in one task and shown in the next (a 0 ms timer). The
        # page's 0 ms timers are held back 3 s once the program runs, so that Stop lands
        # between the two.
        self.open_code("import asyncio\n\nasync def main():\n    print(sum(range(30_000_000)))\n\nasyncio.run(main())\n", autorun=False)
        self.clear_result()
        self.browser.js("const real = window.setTimeout;"
                        "window.setTimeout = function (f, ms, ...rest) {"
                        "  return real.call(this, f, window.__holdZero && !ms ? 3000 : ms, ...rest); };")
        self.browser.js("document.querySelector('button.run').click();")
        self.browser.wait("document.querySelector('.code-status').textContent.includes('Running')", LOAD_TIMEOUT, "the program running")
        self.browser.js("window.__holdZero = true;")
        self.browser.wait("!document.querySelector('.code-status').textContent.includes('Running')", 30, "the run's end in its worker")
        self.assertEqual(self.browser.js("return document.getElementById('run-result').textContent;"), "null", "not shown yet")
        self.browser.js("document.querySelector('button.stop').click();")
        self.browser.wait("document.querySelector('button.run')", 5, "Run again")
        time.sleep(4)   # the held-back show has had its turn
        self.assertEqual(self.browser.js("return document.getElementById('run-result').textContent;"), "null",
                         "a stopped run is not published as finished")
        self.assertIsNone(self.browser.js("return document.querySelector('.stepper');"), "nor shown")

    def test_escape_then_tab_leaves_the_editor(self):
        self.open_code("import asyncio\n", autorun=False)
        self.browser.js("document.querySelector('.cm-content').focus();")
        self.keys("\uE004")   # Tab: indents inside the editor
        self.assertTrue(self.browser.js("return !!document.activeElement.closest('.cm-editor');"))
        self.assertTrue(self.browser.js("return document.querySelector('.cm-content').textContent.includes('    import');"))
        self.keys("\uE00C", "\uE004")   # Escape, then Tab
        self.assertFalse(self.browser.js("return !!document.activeElement.closest('.cm-editor');"))

    def test_the_url_and_the_snippets_carry_the_program(self):
        program = "import asyncio\nprint('shared')\n"
        self.open_code(program, autorun=False)
        self.assertIn(f"code={code_url(program)}", self.browser.js("return location.search;"))
        # (The snippet is the teaching chunk's, fetched once the page is idle: a tap waits for it.)
        self.browser.wait("document.querySelector('.embed-snippet header button')", 30, "the embed snippet")
        self.browser.js("document.querySelector('.embed-snippet header button').click();")
        snippets = self.browser.js("return [...document.querySelectorAll('.embed-snippet pre')].map(p => p.textContent);")
        self.assertTrue(all(f"code={code_url(program)}" in s for s in snippets), snippets)
        # Typed past what a link holds: the editor says so, and the URL leaves the program out.
        self.browser.js("const dt = new DataTransfer(); dt.setData('text/plain', 'x = 1\\n'.repeat(1500));"
                        "const content = document.querySelector('.cm-content'); content.focus(); document.execCommand('selectAll');"
                        "content.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));")
        notice = self.browser.wait("document.querySelector('.own-code .notice')?.textContent", 5, "the too-long note")
        self.assertIn("12000 characters long once encoded", notice)
        self.browser.wait("!location.search.includes('code=')", 5, "the URL without the program")
        # A link with a program that long is named in the status line.
        self.browser.get(self.server.url + "?code=" + "A" * 9000)
        status = self.browser.wait("document.querySelector('.run-notes .notice')?.textContent", 10, "the notice")
        self.assertIn("code must be base64url", status)


if __name__ == "__main__":
    unittest.main()
