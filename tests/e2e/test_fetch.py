"""bounded-fetch over the browser's real fetch(), against the simulated API's service worker."""
import unittest

from browser import BrowserTestCase

# The hidden frame the page fetches the simulated API from (src/platform/http.rs).
API_FRAME = "document.getElementById('asyncio-playground-api')"
API_FRAME_CONTROLLED = f"{API_FRAME}?.contentWindow?.navigator.serviceWorker.controller"


class RealFetch(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Register the service worker once: the first visit installs it. It controls the
        # hidden frame the simulated API is fetched from, never the page.
        cls.browser.get(cls.server.url + "?scenario=bounded-fetch")
        cls.browser.wait(API_FRAME_CONTROLLED, 20, "the service worker")

    def run_page(self, query):
        self.browser.get(self.server.url + "?scenario=bounded-fetch&clock=real&scale=1&autorun=1&" + query)
        return self.browser.run_result(30)

    def stats(self):
        self.browser.wait(API_FRAME_CONTROLLED, 20, "the simulated API's frame")
        return self.browser.js(f"return {API_FRAME}.contentWindow.fetch(new URL('stats', {API_FRAME}.src)).then(r => r.json());")

    def setUp(self):
        # Answers still pending from an earlier test (aborted ones finish their timers) must
        # not be counted in this one.
        for _ in range(100):
            if self.stats()["in_flight"] == 0:
                return
            import time
            time.sleep(0.05)

    def test_twenty_urls_four_at_a_time_take_five_rounds(self):
        before = self.stats()
        run = self.run_page("urls=20&max_concurrent=4&latency=0.2")
        outcome = run["outcome"]
        self.assertEqual(outcome["ok"], 20)
        self.assertEqual(outcome["errors"], [])
        self.assertEqual(outcome["max_in_flight"], 4)
        self.assertGreaterEqual(run["elapsed"], 1.0)
        self.assertLess(run["elapsed"], 2.0, "about ceil(20/4) x 0.2 s = 1 s")
        self.assertEqual(self.stats()["served"] - before["served"], 20, "every request went over fetch() to the service worker")

    def test_a_request_timeout_aborts_the_request_on_the_wire(self):
        before = self.stats()
        run = self.run_page("urls=3&max_concurrent=3&latency=2&request_timeout=0.3")
        errors = run["outcome"]["errors"]
        self.assertEqual(len(errors), 3)
        self.assertTrue(all("TimeoutError" in e["message"] for e in errors), errors)
        self.assertLess(run["elapsed"], 1.0)
        requests = run["wall"]["requests"]
        self.assertEqual(requests["sent"], 3)
        self.assertEqual(requests["aborted"], 3, "each timeout called AbortController.abort()")
        self.assertEqual(requests["abort_confirmed"], 3, "each fetch() then rejected with AbortError: cancelled before any answer")
        self.assertEqual(self.stats()["served"], before["served"], "the endpoint had answered none of them")

    def test_failures_come_back_as_data_while_the_rest_succeed(self):
        run = self.run_page("urls=20&max_concurrent=5&latency=0.05&fail_rate=0.3&seed=3")
        outcome = run["outcome"]
        self.assertGreater(len(outcome["errors"]), 0)
        self.assertGreater(outcome["ok"], 0)
        self.assertEqual(outcome["ok"] + len(outcome["errors"]), 20)
        self.assertEqual(run["end"], "completed")

    def test_real_urls_that_fail_come_back_as_errors_not_crashes(self):
        from browser import free_port
        closed = f"http://127.0.0.1:{free_port()}/nothing-listens-here"
        # Real URLs start only from a click (never from autorun=1).
        self.browser.get(self.server.url + f"?scenario=bounded-fetch&clock=real&scale=1&urls=3&max_concurrent=3&targets={closed}")
        self.browser.wait("document.querySelector('button.run') && !document.querySelector('button.run').disabled", 10)
        self.browser.click_at("button.run")
        run = self.browser.run_result(30)
        errors = run["outcome"]["errors"]
        self.assertEqual(len(errors), 3)
        self.assertTrue(all(e["url"] == closed for e in errors), errors)
        self.assertTrue(all("Cannot connect" in e["message"] for e in errors), errors)
        self.assertEqual(run["end"], "completed")

    def test_a_malformed_url_gets_a_message_not_a_request(self):
        self.browser.get(self.server.url + "?scenario=bounded-fetch&clock=real&targets=not-a-url")
        message = self.browser.wait("document.querySelector('.field.invalid .field-error')?.textContent", 10)
        self.assertIn("targets must be http:// or https:// URLs", message)
        self.assertTrue(self.browser.js("return document.querySelector('button.run').disabled;"))


if __name__ == "__main__":
    unittest.main()
