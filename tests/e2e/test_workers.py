"""The workers standing in for to_thread's threads, against the release bundle: each is
handed the small jobs module (src/jobs/, dist/jobs/), which the page fetches and compiles
once, not the page's whole bundle; without that module the bundle runs the same jobs."""
import unittest

from browser import BrowserTestCase

CPU_BOUND = "?scenario=mistakes&variant=cpu_bound&jobs=4&cores=4&work=1&clock=real&scale=0.05&autorun=1"
FETCHED = ("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
           ".filter(p => p.endsWith('.wasm'));")


class Workers(BrowserTestCase):
    def tearDown(self):
        self.browser.get("about:blank")

    def run_again(self):
        self.browser.wait("document.querySelector('button.run')", 10, "Run again")
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.js("document.querySelector('button.run').click();")
        return self.browser.run_result(30)

    def test_workers_get_the_jobs_module_which_is_fetched_once(self):
        b = self.browser
        b.get(self.server.url + CPU_BOUND)
        run = b.run_result(30)
        self.assertEqual(run["outcome"]["primes"], 9592, "the workers counted with the jobs module")
        self.assertGreaterEqual(run["wall"]["workers_started"], 1)
        fetched = b.js(FETCHED)
        self.assertEqual(fetched.count("/jobs/jobs_bg.wasm"), 1, fetched)
        app = [p for p in fetched if p.startswith("/pkg/")]
        self.assertEqual(len(app), len(set(app)), f"the page fetched each chunk of its bundle once: {fetched}")
        self.assertEqual(len(fetched), 1 + len(app), f"the workers fetched no wasm: {fetched}")
        run = self.run_again()
        self.assertEqual(run["outcome"]["primes"], 9592)
        self.assertGreaterEqual(run["wall"]["workers_started"], 1, "the second run started workers of its own")
        self.assertEqual(b.js(FETCHED).count("/jobs/jobs_bg.wasm"), 1, "the compiled module is kept for the page's life")
        self.assertEqual(b.errors(), [])

    def test_without_the_jobs_module_the_bundle_runs_the_jobs(self):
        with self.browser.fetch_replaced("String(input).endsWith('jobs_bg.wasm')", "Promise.resolve(new Response('', {status: 404}))"):
            self.browser.get(self.server.url + CPU_BOUND)
            run = self.browser.run_result(30)
            self.assertTrue(self.browser.js("return window.__fetchReplaced === true;"), "the jobs module was asked for")
            self.assertEqual(run["outcome"]["primes"], 9592, "the page's own bundle counted in the workers")
            self.assertGreaterEqual(run["wall"]["workers_started"], 1)
            self.assertNotIn("error", run["outcome"])


if __name__ == "__main__":
    unittest.main()
