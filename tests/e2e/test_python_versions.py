"""Run my code on the Python the learner chose, in the release bundle.

- every choice runs on its own Pyodide (3.11: 0.25.1, 3.12: 0.27.8, 3.13: 0.29.5, 3.14:
  314.0.8), which the page names: `asyncio.run(main)` without the call prints each version's
  own error (3.11–3.13 a ValueError, 3.14 a TypeError), and only the chosen Pyodide is fetched;
- an opened program's first line names the Python it will run on, never another one;
- on 3.14, `asyncio.print_call_graph()` and `capture_call_graph()` print CPython's own output;
- while Python loads (a slow link), its progress — bytes of the total, which Python — is
  on the first screen of a 360 px phone, beside the Stop button's screen;
- a second visit runs with the server's Pyodide files unreachable (they answer 404): Python
  was kept in the Cache API after the first load, and nothing of it is downloaded again.
"""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from browser import DIST, ROOT, BrowserTestCase, wait_http
from test_own_code import LOAD_TIMEOUT, code_url

# The choice, the CPython its Pyodide is, and that Pyodide's version.
PYODIDES = [("3.11", "3.11.3", "0.25.1"), ("3.12", "3.12.7", "0.27.8"), ("3.13", "3.13.2", "0.29.5"), ("3.14", "3.14.2", "314.0.8")]

RUN_WITHOUT_CALL = "import asyncio\n\nasync def main():\n    print('never')\n\nasyncio.run(main)\n"

CALL_GRAPH = '''import asyncio


async def leaf():
    asyncio.print_call_graph()
    graph = asyncio.capture_call_graph()
    print("captured", graph.future.get_name(), [g.future.get_name() for g in graph.awaited_by])
    await asyncio.sleep(1)


async def main():
    async with asyncio.TaskGroup() as tg:
        tg.create_task(leaf(), name="leaf")

asyncio.run(main())
'''


PRINT_VERSION = "import asyncio, sys\n\nasync def main():\n    print(sys.version.split()[0])\n\nasyncio.run(main())\n"


def prints(run):
    return [e["detail"] for e in run["events"] if e["kind"] == "print"]


class PythonVersions(BrowserTestCase):
    maxDiff = None

    def open_code(self, program, python=None):
        self.browser.get(self.server.url + (f"?python={python}&" if python else "?") + f"code={code_url(program)}")
        self.browser.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")

    def click_run(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.js("document.querySelector('button.run').click();")

    def python_line(self):
        return self.browser.js("return document.querySelector('.code-python').textContent;")

    def pyodide_requests(self):
        return self.browser.js("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/pyodide/'));")

    def test_each_python_runs_on_its_own_pyodide_and_prints_its_own_error(self):
        b = self.browser
        for python, cpython, pyodide in PYODIDES:
            with self.subTest(python=python):
                self.open_code(RUN_WITHOUT_CALL, python)
                self.assertIn(f"CPython {python} ", self.python_line(), "before the run: the Python it will run on")
                self.click_run()
                b.wait("document.querySelector('.code-problem .traceback')", LOAD_TIMEOUT, "the traceback")
                traceback = b.js("return document.querySelector('.code-problem .traceback').textContent;")
                if python == "3.14":
                    self.assertIn("TypeError: An asyncio.Future, a coroutine or an awaitable is required", traceback)
                else:
                    self.assertIn("ValueError: a coroutine was expected, got <function main at 0x", traceback)
                self.assertIn(f"CPython {cpython} (Pyodide {pyodide})", self.python_line())
                fetched = {n.split("/pyodide/")[1].split("/")[0] for n in self.pyodide_requests()}
                # (Nothing at all when this Python is kept already: its files are checked
                # against the build's digests, no list is fetched.)
                self.assertLessEqual(fetched, {python}, "only the chosen Pyodide is fetched")

    def test_the_default_is_3_14_and_a_finished_run_names_the_interpreter(self):
        self.open_code(PRINT_VERSION)
        self.click_run()
        run = self.browser.run_result(LOAD_TIMEOUT)
        self.assertEqual(prints(run), ["3.14.2"])
        self.assertEqual((run["params"]["python"], run["outcome"]["python"]), ("3.14", "3.14.2"))
        self.assertIn("CPython 3.14.2 (Pyodide 314.0.8)", self.python_line())

    def test_an_opened_program_names_the_python_it_will_run_on(self):
        b = self.browser
        for python in ("3.12", "3.14"):
            with self.subTest(python=python):
                # The guide's example, opened from the scenario at this Python: its first line says so.
                b.get(self.server.url + f"?scenario=sleep&python={python}")
                b.wait("document.querySelector('.edit-code a')", 10, "Edit and run this program")
                b.js("document.querySelector('.edit-code a').click();")
                b.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
                first = b.js("return document.querySelector('.cm-line').textContent;")
                self.assertTrue(first.startswith(f"# Runs as on Python {python} "), first)
        # A link whose program says another Python than the link's choice: the line is made to
        # name the one it runs on.
        other = "# Runs as on Python 3.11 (checked against CPython 3.11's asyncio)\n" + PRINT_VERSION
        self.open_code(other, "3.13")
        first = b.wait("document.querySelector('.cm-line').textContent.includes('3.13') && document.querySelector('.cm-line').textContent", 5, "the first line")
        self.assertEqual(first, "# Runs as on Python 3.13 (checked against CPython 3.13's asyncio)")
        self.click_run()
        run = b.run_result(LOAD_TIMEOUT)
        self.assertEqual(prints(run), ["3.13.2"])

    def test_print_call_graph_prints_cpythons_own_output_on_3_14(self):
        self.open_code(CALL_GRAPH, "3.14")
        self.click_run()
        lines = prints(self.browser.run_result(LOAD_TIMEOUT))
        self.assertTrue(lines[0].startswith("* Task(name='leaf', id=0x"), lines)
        self.assertEqual(lines[1], "  + Call stack:")
        self.assertIn("  |   File 'main.py', line 5, in async leaf()", lines)
        at = lines.index("  + Awaited by:")
        self.assertTrue(lines[at + 1].startswith("    * Task(name='Task-1', id=0x"), lines)
        self.assertIn("      |   File 'main.py', line 12, in async main()", lines[at:])
        self.assertEqual(lines[-1], "captured leaf ['Task-1']")

    def test_loading_progress_is_on_the_first_screen_of_a_phone(self):
        b = self.browser
        b.resize(360, 740)
        try:
            self.open_code(PRINT_VERSION, "3.12")
            b.js("return caches.delete('asyncio-playground-python');")
            b.cdp("Network.enable")
            # A slow link (about 1.6 Mbit/s): Python takes seconds to arrive.
            b.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 40, "downloadThroughput": 200000, "uploadThroughput": 100000})
            b.js("window.scrollTo(0, 0);")
            self.click_run()
            b.wait("document.querySelector('.code-progress') && !document.querySelector('.code-progress').hidden"
                   " && Number(document.querySelector('.code-progress').value) > 0", 30, "the progress bar moving")
            where = b.js("""
                const box = (s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
                return {status: box('.code-status'), progress: box('.code-progress'), stop: box('button.stop'),
                        text: document.querySelector('.code-status').textContent, height: innerHeight, width: innerWidth};""")
            if os.environ.get("ASYNCIO_SCREENSHOTS"):
                b.screenshot(os.path.join(os.environ["ASYNCIO_SCREENSHOTS"], "loading-360.png"))
            for name in ("status", "progress", "stop"):
                top, bottom, left, right = where[name]
                self.assertTrue(0 <= top < bottom <= where["height"] and 0 <= left < right <= where["width"], (name, where))
            self.assertRegex(where["text"], r"^Loading Python 3\.12 \(\d+\.\d of \d+\.\d MB\)")
        finally:
            b.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            b.resize(1280, 900)
        self.assertEqual(prints(b.run_result(LOAD_TIMEOUT)), ["3.12.7"])
        self.assertTrue(b.js("return document.querySelector('.code-progress').hidden;"), "the bar goes once Python is there")

    def test_a_second_visit_runs_with_the_servers_pyodide_unreachable(self):
        b = self.browser
        self.open_code(PRINT_VERSION, "3.13")
        self.click_run()
        self.assertEqual(prints(b.run_result(LOAD_TIMEOUT)), ["3.13.2"])
        # The same origin again, now serving the bundle without pyodide/: every file of it is a 404.
        served = tempfile.mkdtemp()
        for name in os.listdir(DIST):
            if name != "pyodide":
                os.symlink(os.path.join(DIST, name), os.path.join(served, name))
        self.server.proc.terminate()
        self.server.proc.wait(timeout=10)
        self.server.proc = subprocess.Popen(["python3", os.path.join(ROOT, "scripts", "serve.py"), "--dir", served, "--port", str(self.server.port)],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_http(self.server.url)
            self.open_code(PRINT_VERSION, "3.13")
            started = time.time()
            self.click_run()
            self.assertEqual(prints(b.run_result(LOAD_TIMEOUT)), ["3.13.2"])
            fetched = self.pyodide_requests()
            self.assertEqual(fetched, [], "every file of Python came from the cache (checked against the build's digests)")
            self.assertIn("CPython 3.13.2", self.python_line())
            self.assertLess(time.time() - started, LOAD_TIMEOUT)
        finally:
            self.server.proc.terminate()
            self.server.proc.wait(timeout=10)
            shutil.rmtree(served, ignore_errors=True)
            self.server.proc = subprocess.Popen(["python3", os.path.join(ROOT, "scripts", "serve.py"), "--dir", DIST, "--port", str(self.server.port)],
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wait_http(self.server.url)


if __name__ == "__main__":
    unittest.main()
