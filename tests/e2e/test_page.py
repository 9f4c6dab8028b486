"""The release bundle as a learner meets it: the page renders the app, every scenario can be
picked and run on both clocks, and nothing is requested from another origin."""
import unittest

from browser import BrowserTestCase

SCENARIOS = ["sleep", "gather", "taskgroup", "lock", "blocking", "timeout", "bounded-fetch", "mistakes"]


class Page(BrowserTestCase):
    def test_the_page_renders_the_app_with_every_scenario(self):
        self.browser.get(self.server.url)
        self.browser.wait("document.querySelector('main .setup h2') && !document.querySelector('.first-screen')", 10, "the app")  # (not the page's copy)
        picks = self.browser.js("return [...document.querySelectorAll('.pick')].map(e => e.dataset.scenario);")
        self.assertEqual(picks, SCENARIOS)
        # (The program panel comes with the teaching chunk, in the background: it may be a moment later.)
        program = self.browser.wait("document.querySelector('.python pre') && document.querySelector('.python pre').textContent", 20, "the program")
        self.assertIn("say_hello", program)

    def test_every_scenario_runs_on_the_virtual_clock_from_its_button(self):
        self.browser.get(self.server.url)
        self.browser.wait("document.querySelector('button.run')", 10)
        for i, sid in enumerate(SCENARIOS):
            with self.subTest(scenario=sid):
                self.browser.js("document.querySelectorAll('.pick')[arguments[0]].click();", i)
                self.browser.wait(f"location.search.includes('scenario={sid}')", 5)
                self.browser.js("document.getElementById('run-result').textContent = 'null';")
                self.browser.js("document.querySelector('button.run').click();")
                run = self.browser.run_result(10)
                self.assertEqual(run["scenario"], sid)
                self.assertEqual(run["clock"], "virtual")
                self.assertNotIn("error", run["outcome"], run["outcome"])
                headline = self.browser.js("return document.querySelector('.results .headline').textContent;")
                self.assertTrue(headline.strip(), f"{sid} shows a headline")

    def test_every_scenario_runs_on_the_real_clock_with_the_virtual_runs_outcome_keys(self):
        for sid in SCENARIOS:
            with self.subTest(scenario=sid):
                self.browser.get(self.server.url + f"?scenario={sid}&clock=virtual&autorun=1")
                virtual = self.browser.run_result(10)
                self.browser.get(self.server.url + f"?scenario={sid}&clock=real&scale=0.02&autorun=1")
                real = self.browser.run_result(30)
                self.assertEqual(real["clock"], "real")
                self.assertEqual(sorted(real["outcome"]), sorted(virtual["outcome"]), real["outcome"])
                self.assertEqual(real["end"].split(" ")[0], virtual["end"].split(" ")[0])

    def test_a_real_clock_run_measures_wall_time_at_the_chosen_scale(self):
        self.browser.get(self.server.url + "?scenario=gather&tasks=3&delay=1&mode=concurrent&clock=real&scale=0.1&autorun=1")
        run = self.browser.run_result(10)
        self.assertEqual(run["clock"], "real")
        self.assertGreaterEqual(run["outcome"]["concurrent_elapsed"], 1.0)
        self.assertGreaterEqual(run["wall"]["elapsed"], 0.1, "1 guide-second at 0.1 s per guide-second")
        self.assertLess(run["wall"]["elapsed"], 1.0)

    def test_stop_ends_a_real_run(self):
        self.browser.get(self.server.url + "?scenario=sleep&delay=60&clock=real&scale=1&autorun=1")
        self.browser.wait("document.querySelector('button.stop')", 10, "the Stop button")
        self.browser.js("document.querySelector('button.stop').click();")
        run = self.browser.run_result(5)
        self.assertTrue(run["end"].startswith("stopped"), run["end"])
        self.browser.wait("document.querySelector('button.run')", 5, "Run again")

    def test_cpu_bound_jobs_run_in_parallel_on_real_workers(self):
        self.browser.get(self.server.url + "?scenario=mistakes&variant=cpu_bound&jobs=4&cores=4&work=1&clock=real&scale=0.2&autorun=1")
        run = self.browser.run_result(30)
        outcome = run["outcome"]
        cores = self.browser.js("return navigator.hardwareConcurrency;")
        self.assertEqual(outcome["workers"], min(4, cores), "one worker per core, up to the browser's cores")
        self.assertGreaterEqual(run["wall"]["workers_started"], min(4, cores))
        self.assertEqual(outcome["primes"], 9592, "the workers really counted")
        if cores >= 2:
            self.assertLess(outcome["parallel_elapsed"], outcome["on_loop_elapsed"], outcome)
        kinds = {e["kind"] for e in run["events"]}
        self.assertIn("job-start", kinds)

    def test_stop_aborts_every_request_in_flight(self):
        self.browser.get(self.server.url + "?scenario=bounded-fetch&urls=30&max_concurrent=6&latency=5&clock=real&scale=1&autorun=1")
        self.browser.wait("document.querySelector('button.stop')", 10, "the Stop button")
        import time
        time.sleep(0.3)
        self.browser.js("document.querySelector('button.stop').click();")
        run = self.browser.run_result(5)
        self.assertTrue(run["end"].startswith("stopped"), run["end"])
        requests = run["wall"]["requests"]
        self.assertEqual(requests["sent"], 6, "only the semaphore's six were in flight")
        self.assertEqual(requests["aborted"], 6)
        self.assertEqual(requests["abort_confirmed"], 6)

    def test_no_request_leaves_the_origin(self):
        self.browser.get(self.server.url + "?scenario=bounded-fetch&urls=5&latency=0.05&clock=real&scale=1&autorun=1")
        self.browser.run_result(10)
        origins = self.browser.js("return [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))];")
        self.assertEqual(origins, [self.server.url.rstrip("/")])


if __name__ == "__main__":
    unittest.main()
