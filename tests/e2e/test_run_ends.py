"""Every run reports its end (issue 23): an embed on another origin's page, driven as the
audit drove it — set-params + run five times 20 ms apart, 1 000 messages in about a second,
real-clock run/stop five times — says `run-started` for each run it starts, followed by
exactly one `run-finished` or `run-stopped` (with a reason) of the same run number, before
the next run starts."""
import base64
import time
import unittest

from fixtures import FixtureTestCase

RUN_MESSAGES = ("run-started", "run-finished", "run-stopped")


class RunEnds(FixtureTestCase):
    report_title = "Run ends"

    def open_embed(self, query):
        b = self.browser
        b.get(self.fixture.url + "host.html")
        b.js("""const f = document.createElement('iframe'); f.id = 'embed'; f.height = 600;
                f.src = arguments[0] + 'index.html?embed=1&id=ends&' + arguments[1]; document.body.append(f);
                // Posts each [message, ms to wait before the next] in turn.
                window.send = async (steps) => {
                  const frame = document.getElementById('embed').contentWindow;
                  const t0 = performance.now();
                  for (const [message, gap] of steps) {
                    frame.postMessage(message, '*');
                    if (gap > 0) await new Promise(r => setTimeout(r, gap));
                  }
                  return performance.now() - t0;
                };""", self.server.url, query)
        b.wait("window.heard.some(m => m.type === 'ready')", 30, "the embed")

    def tearDown(self):
        # The embed and whatever it still does end with the page.
        self.browser.get("about:blank")

    def send(self, steps):
        return self.browser.js("return window.send(arguments[0]);", steps)

    def settle(self, timeout=15):
        """Waits until the embed has been quiet for a second (and every start has an end, or
        the time is up); returns its run messages."""
        deadline, last, quiet_since = time.time() + timeout, None, time.time()
        while time.time() < deadline:
            heard = self.browser.js("return window.heard.filter(m => arguments[0].includes(m.type))"
                                    ".map(m => ({type: m.type, run: m.run, reason: m.reason, end: m.result && m.result.end,"
                                    " tasks: m.result && m.result.params && m.result.params.tasks}));", list(RUN_MESSAGES))
            if heard != last:
                last, quiet_since = heard, time.time()
            started = sum(m["type"] == "run-started" for m in heard)
            if time.time() - quiet_since > 1.0 and started == len(heard) - started:
                return heard
            time.sleep(0.1)
        return last

    def counts(self, heard):
        return {kind: sum(m["type"] == kind for m in heard) for kind in RUN_MESSAGES}

    def assert_paired(self, heard, what):
        """Every run-started(n) is followed by exactly one end of run n, before the next start;
        run numbers grow."""
        counts = self.counts(heard)
        self.report.append(f"{what}: {counts['run-started']} started, {counts['run-finished']} finished, {counts['run-stopped']} stopped")
        self.assertEqual(counts["run-started"], counts["run-finished"] + counts["run-stopped"], f"{what}: every start has its end ({counts})")
        open_run, last = None, 0
        for i, m in enumerate(heard):
            self.assertIsInstance(m.get("run"), int, f"{what}: message {i} ({m['type']}) carries its run number")
            if m["type"] == "run-started":
                self.assertIsNone(open_run, f"{what}: run {m['run']} started before run {open_run} ended")
                self.assertGreater(m["run"], last, f"{what}: run numbers grow")
                open_run = last = m["run"]
            else:
                self.assertEqual(m["run"], open_run, f"{what}: message {i} ({m['type']}) ends run {m['run']}, not the open run {open_run}")
                if m["type"] == "run-stopped":
                    self.assertIn(m["reason"], ("replaced", "stopped", "ended"), f"{what}: a run-stopped names why")
                open_run = None
        self.assertIsNone(open_run, f"{what}: the last run ended")
        self.assertEqual(self.browser.errors(), [], f"{what}: no page error")

    def test_set_params_and_run_five_times_20_ms_apart(self):
        for gap, what in [(20, "set-params + run x5, 20 ms apart"), (0, "set-params + run x5, back to back")]:
            with self.subTest(what):
                self.open_embed("scenario=gather&tasks=2&delay=0.1")
                steps = []
                for tasks in range(1, 6):
                    steps += [[{"type": "set-params", "params": {"tasks": tasks}}, 0], [{"type": "run"}, gap]]
                self.send(steps)
                heard = self.settle()
                finished = [m for m in heard if m["type"] == "run-finished"]
                self.report.append(f"{what}: the results' tasks {[m['tasks'] for m in finished]}")
                self.assert_paired(heard, what)
                self.assertEqual(len(finished), 5, "five virtual runs, five results")
                self.assertEqual([m["tasks"] for m in finished], [1, 2, 3, 4, 5], "each run with the parameters set just before it")

    def test_a_thousand_messages_in_about_a_second(self):
        self.open_embed("scenario=gather&tasks=2&delay=0.1")
        steps = []
        for i in range(500):
            # In ten bursts of a hundred messages, 100 ms apart: about a second in all.
            steps += [[{"type": "set-params", "params": {"tasks": 1 + i % 5}}, 0], [{"type": "run"}, 100 if i % 50 == 49 else 0]]
        took = self.send(steps)
        heard = self.settle(30)
        rejected = self.browser.js("return window.heard.filter(m => m.type === 'rejected' && m.reason.startsWith('run:')).length;")
        self.report.append(f"1 000 messages sent in {took / 1000:.2f} s; {rejected} runs rejected")
        self.assert_paired(heard, "1 000 messages")
        self.assertEqual(self.counts(heard)["run-started"] + rejected, 500, "every run is started or rejected")

    def test_real_clock_run_and_stop_five_times(self):
        self.open_embed("scenario=sleep&delay=1&clock=real&scale=1")
        # 20 ms apart, then back to back (each run then comes before the stopped one's
        # result task).
        for gap, what in [(20, "real-clock run/stop x5, 20 ms apart"), (0, "real-clock run/stop x5, back to back")]:
            with self.subTest(what):
                self.open_embed("scenario=sleep&delay=1&clock=real&scale=1")
                self.send([[m, gap] for _ in range(5) for m in ({"type": "run"}, {"type": "stop"})])
                heard = self.settle()
                self.assert_paired(heard, what)
                self.assertEqual(self.counts(heard)["run-started"], 5)

    def run_my_code(self, program):
        """An embed with `program` in Run my code; a click in it (code from a host page
        runs only from a click) starts the run."""
        self.open_embed("code=" + base64.urlsafe_b64encode(program.encode()).decode().rstrip("="))
        b = self.browser
        b.enter_frame("#embed")
        try:
            b.wait("document.querySelector('.own-code .cm-editor')", 30, "the editor")
            # In a frame of another origin's page a press counts only once the page has been
            # in full view for half a second (docs/src/embedding.md: not run from a frame the reader cannot see).
            time.sleep(1)
            # A real click, aimed at the element itself (frame coordinates are not the page's).
            button = b._s("POST", "/element", {"using": "css selector", "value": "button.run"})
            b._s("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "duration": 0, "x": 0, "y": 0, "origin": button},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
            b._s("DELETE", "/actions")
        finally:
            b.leave_frames()

    def test_run_my_code_runs_report_their_ends(self):
        b = self.browser
        with self.subTest("to the end"):
            self.run_my_code("import asyncio\n\nasync def main():\n    await asyncio.sleep(1)\n    print('done')\n\nasyncio.run(main())\n")
            b.wait("window.heard.some(m => m.type === 'run-finished')", 60, "the program's result")
            heard = self.settle()
            self.assert_paired(heard, "Run my code, to the end")
            self.assertEqual([m["type"] for m in heard], ["run-started", "run-finished"])
        with self.subTest("stopped"):
            # Stop: the run ends without a result, and says so.
            self.run_my_code("while True:\n    pass\n")
            b.wait("window.heard.some(m => m.type === 'run-started')", 60, "the program's start")
            time.sleep(1)
            b.js("document.getElementById('embed').contentWindow.postMessage({type: 'stop'}, '*');")
            heard = self.settle(8)
            self.assert_paired(heard, "Run my code, stopped")
            self.assertEqual([(m["type"], m["reason"]) for m in heard], [("run-started", None), ("run-stopped", "stopped")])


if __name__ == "__main__":
    unittest.main()
