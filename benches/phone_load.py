"""The first load on a cheap phone: the release bundle loaded in headless Chromium under
Lighthouse's mobile profile (1.6 Mbps down, 750 kbps up, 150 ms round trip, the CPU slowed
4×, the cache disabled), through the DevTools protocol.

For each page it loads, five times, it reports the median of: the time from navigation to
the Run button being enabled (the page is usable), the time to the first result when Run is
pressed at that moment, and the bytes transferred by then. Prints JSON lines in the format
of scripts/bench.sh's results; asserts nothing.

usage: python3 benches/phone_load.py DIST
"""
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "e2e"))
from browser import Browser, Server  # noqa: E402

PROFILE = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
CPU_SLOWDOWN = 4
LOADS = 5

# Runs in every document before its own scripts: notes when Run becomes enabled, presses
# it then, and notes when the first result is published in #run-result.
WATCH = """
window.__phone = {};
(function () {
  const tick = () => {
    const run = document.querySelector('#run-bar button.run');
    if (run && !run.disabled && window.__phone.usable === undefined) {
      window.__phone.usable = performance.now();
      run.click();
    }
    const out = document.getElementById('run-result');
    if (window.__phone.usable !== undefined && out && out.textContent.length > 10 && window.__phone.result === undefined) {
      window.__phone.result = performance.now();
      window.__phone.bytes = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
        .reduce((sum, e) => sum + (e.transferSize || 0), 0);
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def load(browser, url):
    browser.get("about:blank")
    browser.get(url)
    return browser.wait("window.__phone && window.__phone.result !== undefined && window.__phone", 120, "the first result")


def main(directory):
    server = Server(directory)
    browser = Browser()
    try:
        browser.cdp("Network.enable")
        browser.cdp("Network.setCacheDisabled", {"cacheDisabled": True})
        browser.cdp("Network.emulateNetworkConditions", PROFILE)
        browser.cdp("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        browser.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        for name, query in [("gather, English", "?scenario=gather"), ("gather, Hindi", "?scenario=gather&lang=hi")]:
            runs = [load(browser, server.url + query) for _ in range(LOADS)]
            usable = statistics.median(r["usable"] for r in runs)
            result = statistics.median(r["result"] for r in runs)
            transferred = statistics.median(r["bytes"] for r in runs)
            where = f"phone profile (1.6 Mbps, 150 ms RTT, CPU 4× slower, no cache), {name}, median of {LOADS} loads"
            print(json.dumps({"name": f"first load until Run is enabled: {where}", "ours": round(usable), "unit": "ms", "goal": "ours <= 1500 ms"}))
            print(json.dumps({"name": f"first load until the first result (Run pressed when enabled): {where}", "ours": round(result), "unit": "ms", "goal": "reported"}))
            print(json.dumps({"name": f"bytes transferred by the first result: {where}", "ours": round(transferred), "unit": "B", "goal": "reported"}))
    finally:
        browser.close()
        server.close()


if __name__ == "__main__":
    main(sys.argv[1])
