"""Memory over many real-clock runs (issue 20, defect 4): a finished run must be freed once
the page has moved on, so WebAssembly memory and the page's event listeners plateau instead
of growing with every run. Measured on the bundle's own linear memory (the exports of
pkg/app.js), not only the JS heap, and on Chromium's count of event listeners."""
import unittest

from browser import GLUE, BrowserTestCase

WARM_UP = 5
RUNS = 20


class Memory(BrowserTestCase):
    def wasm_bytes(self):
        return self.browser.js(f"return import({GLUE})"
                               ".then(m => m.default()).then(w => w.memory.buffer.byteLength);")

    def listeners(self):
        return self.browser.cdp("Memory.getDOMCounters")["jsEventListeners"]

    def run_once(self, n):
        b = self.browser
        b.js("document.getElementById('run-result').textContent = 'null';")
        b.js("document.querySelector('button.run').click();")
        run = b.run_result(30)
        self.assertEqual((run["clock"], run["end"]), ("real", "completed"), f"run {n}")
        b.wait("document.querySelector('button.run') && !document.querySelector('button.stop')", 5)

    def test_wasm_memory_and_listeners_plateau_over_twenty_real_clock_runs(self):
        b = self.browser
        b.get(self.server.url + "?scenario=gather&tasks=1000&delay=0.5&mode=concurrent&clock=real&scale=0.01")
        b.wait("document.querySelector('button.run')", 10)
        for n in range(WARM_UP):
            self.run_once(n)
        b.cdp("HeapProfiler.collectGarbage")
        wasm_before, listeners_before = self.wasm_bytes(), self.listeners()
        for n in range(RUNS):
            self.run_once(WARM_UP + n)
        b.cdp("HeapProfiler.collectGarbage")
        wasm_after, listeners_after = self.wasm_bytes(), self.listeners()
        grew = wasm_after - wasm_before
        print(f"\n    wasm memory after {WARM_UP} runs {wasm_before} B, after {WARM_UP + RUNS} runs {wasm_after} B "
              f"(+{grew} B); event listeners {listeners_before} -> {listeners_after}", end=" ")
        # A leak of one 1000-task run is ~690 KB: twenty of them would be ~14 MB.
        self.assertLessEqual(grew, 1024 * 1024, f"wasm memory grew by {grew} B over {RUNS} runs")
        self.assertLessEqual(listeners_after - listeners_before, 2, "event listeners grow with the runs")


if __name__ == "__main__":
    unittest.main()
