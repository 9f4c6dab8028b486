"""Memory over many real-clock runs (issue 20, defect 4): a finished run must be freed once
the page has moved on, so WebAssembly memory and the page's event listeners plateau instead
of growing with every run. Measured on the bundle's own linear memory (the exports of
pkg/app.js), not only the JS heap, and on Chromium's count of event listeners."""
import unittest

from browser import GLUE, BrowserTestCase

WARM_UP = 5
RUNS = 20
WINDOW = 5   # runs between two readings of the memory


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
        wasm, listeners_before = [self.wasm_bytes()], self.listeners()
        for window in range(RUNS // WINDOW):
            for n in range(WINDOW):
                self.run_once(WARM_UP + window * WINDOW + n)
            b.cdp("HeapProfiler.collectGarbage")
            wasm.append(self.wasm_bytes())
        listeners_after = self.listeners()
        grew = wasm[-1] - wasm[0]
        print(f"\n    wasm memory after {WARM_UP} runs {wasm[0]} B, then every {WINDOW} runs "
              f"{', '.join(f'+{after - before} B' for before, after in zip(wasm, wasm[1:]))} "
              f"(+{grew} B in all); event listeners {listeners_before} -> {listeners_after}", end=" ")
        # Linear memory never shrinks: a busy machine can raise its high-water mark once or twice
        # (a megabyte was seen), but a leak grows it with every run — a leak of a whole
        # 1000-task run is ~690 KB, twenty of them ~14 MB; even a fifth of one fails here.
        self.assertLessEqual(grew, 3 * 1024 * 1024, f"wasm memory grew by {grew} B over {RUNS} runs: {wasm}")
        self.assertLessEqual(listeners_after - listeners_before, 2, "event listeners grow with the runs")

if __name__ == "__main__":
    unittest.main()
