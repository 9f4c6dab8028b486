"""The guide's code pasted into Run my code, in the release bundle on Pyodide: the aiohttp
and requests stand-ins with their simulated API, the virtual clocks, the missing-module
sentence and what the results panel says of a run that leaves no timeline. The programs
are tests/cpython/guide/*.py, which tests/cpython/test_standins.py runs natively under
every CPython; here each is opened from a link (?code=) and run with a CLICK on Run (code
from a link never runs without one).

SCREENSHOTS=dir saves the fetcher's page at 360 px wide.
"""
import os
import unittest

from browser import ROOT, BrowserTestCase
from test_own_code import LOAD_TIMEOUT, code_url, prints

GUIDE = os.path.join(ROOT, "tests", "cpython", "guide")


def guide(name):
    with open(os.path.join(GUIDE, name), encoding="utf-8") as f:
        return f.read()


def in_flight(run):
    flying, most = set(), 0
    for e in run["events"]:
        if e["kind"] == "suspend" and "fetch" in e["detail"].split()[:1]:
            flying.add(e["task"])
        elif e["kind"] == "step":
            flying.discard(e["task"])
        most = max(most, len(flying))
    return most


class Standins(BrowserTestCase):
    maxDiff = None

    def open_code(self, program):
        self.browser.get(self.server.url + f"?code={code_url(program)}")
        self.browser.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
        self.browser.wait("document.querySelector('.code-api summary') && document.querySelector('.code-api summary').textContent", 10, "the API settings")

    def click_run(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.click_at("button.run")

    def run_code(self, program):
        self.open_code(program)
        self.click_run()
        return self.browser.run_result(LOAD_TIMEOUT)

    def results_text(self):
        return self.browser.js("return document.getElementById('results').textContent;")

    def test_the_guides_fetcher_runs_as_pasted_ten_requests_at_a_time(self):
        program = guide("fetcher.py")
        self.open_code(program)
        note = self.browser.js("return document.querySelector('.code-api-note').textContent;")
        self.assertIn("nothing leaves this page", note)
        shot = os.environ.get("SCREENSHOTS")
        if shot:
            self.browser.resize(360, 800)
        self.click_run()
        run = self.browser.run_result(LOAD_TIMEOUT)
        self.assertEqual(prints(run), [(2.5, "50 requests completed")])
        self.assertEqual(run["elapsed"], 2.5)
        self.assertEqual(in_flight(run), 10)
        self.assertEqual(len(run["tasks"]), 51)
        # The headline names the coroutine asyncio.run ran, not a main() the program lacks.
        headline = self.browser.js("return document.querySelector('#results .headline').textContent;")
        self.assertIn("fetch_all() returned", headline)
        self.assertNotIn("main()", headline)
        # Requests in flight are drawn: the loop panel lists them at a step inside the run.
        self.assertTrue(self.browser.js("return document.querySelectorAll('.lanes g.lane').length >= 20;"))
        if shot:
            os.makedirs(shot, exist_ok=True)
            self.browser.screenshot(os.path.join(shot, "fetcher-360.png"))
            self.browser.js("document.getElementById('results').scrollIntoView();")
            self.browser.screenshot(os.path.join(shot, "fetcher-results-360.png"))
            self.browser.js("document.querySelector('.timeline, #timeline, .lanes').scrollIntoView();")
            self.browser.screenshot(os.path.join(shot, "fetcher-timeline-360.png"))
            self.browser.resize(1280, 900)

    def test_the_settings_reach_the_simulated_api(self):
        source = guide("fetcher.py") + "print(sum(r[1] is None for r in results), 'failed')\n"
        self.open_code(source)
        self.browser.js("document.querySelector('.code-api').open = true;")
        for name, value in (("latency", "0.2"), ("fail_rate", "0.3"), ("seed", "7")):
            self.browser.js(f"const i = document.querySelector('input[name=api-{name}]'); i.value = '{value}';"
                            "i.dispatchEvent(new Event('input'));")
        self.click_run()
        run = self.browser.run_result(LOAD_TIMEOUT)
        out = [d for _, d in prints(run)]
        self.assertEqual(out[0], "50 requests completed")
        self.assertAlmostEqual(run["elapsed"], 1.0)   # 5 waves of 0.2 s
        # seed 7, fail rate 0.3: the same draws as the native test's generator
        import sys
        sys.path.insert(0, os.path.join(ROOT, "static", "py"))
        from virtual_asyncio.simapi import SplitMix64
        rng, failed = SplitMix64(7), 0
        for _ in range(50):
            rng.next_float()
            failed += rng.next_float() < 0.3
        self.assertEqual(out[1], f"{failed} failed")

    def test_a_setting_out_of_range_is_named_and_nothing_runs(self):
        self.open_code(guide("fetcher.py"))
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        for name, value, words in (("latency", "99", 'Latency (s) must be a number from 0 to 60 (got "99")'),
                                   ("seed", "1.5", 'Seed must be a whole number from 0 to 2147483648 (got "1.5")')):
            self.browser.js("for (const i of document.querySelectorAll('.code-api input')) i.value = '';"
                            f"document.querySelector('input[name=api-{name}]').value = '{value}';")
            self.browser.click_at("button.run")
            said = self.browser.wait("document.querySelector('.code-problem .syntax-error')?.textContent", 5, "the setting named")
            self.assertIn(words, said)
            self.assertTrue(self.browser.js(f"return document.querySelector('input[name=api-{name}]').getAttribute('aria-invalid') === 'true';"))
            self.assertTrue(self.browser.js("return !!document.querySelector('button.run') && !document.querySelector('button.stop');"), "no run started")
            self.assertEqual(self.browser.js("return document.querySelectorAll('iframe.code-sandbox').length;"), 0)
        self.assertEqual(self.browser.js("return document.getElementById('run-result').textContent;"), "null")

    def test_requests_get_blocks_the_loop_and_to_thread_does_not(self):
        run = self.run_code(guide("blocking_driver.py"))
        blocked = [e for e in run["events"] if e["kind"] == "blocked"]
        self.assertEqual([(e["t"], e["detail"]) for e in blocked], [(0.0, "requests.get('https://example.com/api') for 0.5 s")])
        self.assertEqual([d for _, d in prints(run)],
                         ["blocking: 200 at 0.5", "beat 1 at 0.5", "beat 2 at 0.6", "beat 3 at 0.7",
                          "beat 1 at 0.8", "beat 2 at 0.9", "beat 3 at 1.0", "to_thread: 200 after 0.5"])
        self.assertEqual([e["kind"] for e in run["events"] if e["kind"].startswith("job-")], ["job-start", "job-end"])

    def test_time_time_follows_the_virtual_clock(self):
        run = self.run_code(guide("clocks.py"))
        self.assertEqual([d for _, d in prints(run)], ["now: 2026-01-01T00:00:00", "took 2.0 seconds", "monotonic: 2.0",
                                                       "loop: 2.0", "now: 2026-01-01T00:00:02", "whole program: 2.0"])

    def test_every_block_of_the_guide_prints_what_cpython_prints(self):
        expected = {
            "event_loop.py": ["start", "end"],
            "coroutines_tasks.py": ["sequential: 5.0", "concurrent: 1.0"],
            "taskgroup.py": ["caught: boom at 2"],
            "lock.py": ["100"],
            "timeout.py": ["operation timed out after 2s"],
        }
        for name, lines in expected.items():
            with self.subTest(name):
                self.assertEqual([d for _, d in prints(self.run_code(guide(name)))], lines)

    def test_a_missing_module_says_what_to_use_and_the_results_say_it_failed(self):
        self.open_code(guide("missing_module.py"))
        self.assertIn("Press Run", self.results_text())
        self.click_run()
        self.browser.wait("document.querySelector('.code-problem .traceback')", LOAD_TIMEOUT, "the traceback")
        text = self.browser.js("return document.querySelector('.code-problem .traceback').textContent;")
        self.assertIn("ModuleNotFoundError: No module named 'numpy': Run my code has Python's standard library", text)
        self.assertIn("stand-ins for aiohttp and requests", text)
        self.assertNotIn("micropip", text)
        self.browser.wait("!document.getElementById('results').textContent.includes('Press Run')", 10, "the results' word")
        self.assertIn("failed before any event loop ran", self.results_text())

    def test_a_program_without_asyncio_run_says_so(self):
        self.open_code(guide("bad_vs_good.py"))
        self.click_run()
        self.browser.wait("document.getElementById('results').textContent.includes('without running an event loop')",
                          LOAD_TIMEOUT, "the results' word")


if __name__ == "__main__":
    unittest.main()
