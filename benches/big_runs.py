"""Big runs stay interactive: for every scenario, the largest run its form allows (each
whole-number parameter at its maximum, the others at their defaults; the virtual clock) is
run in the release bundle in headless Chromium, then stepped. Reports the longest
main-thread task (PerformanceObserver `longtask`, 50 ms and over) from pressing Run to the
result shown, and while stepping (ten presses of ←, then the stepper's first and last). Prints JSON lines in
the format of scripts/bench.sh's results; asserts nothing.

usage: python3 benches/big_runs.py DIST ASYNCIO_PLAYGROUND_CLI
"""
import json
import os
import subprocess
import sys
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "e2e"))
from browser import Browser, Server  # noqa: E402

OBSERVE = """
window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); }).observe({type: 'longtask'});
"""

PRESS = """
const keys = arguments[0];
return new Promise(async (done) => {
  for (const key of keys) {
    document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  }
  done(true);
});
"""


def largest(scenario):
    """The scenario's parameters with every whole number at its maximum."""
    return {p["name"]: str(p["range"][1]) for p in scenario["params"] if p["kind"] == "int"}


def measure(browser, url):
    browser.get(url)
    browser.wait("(() => { const b = document.querySelector('#run-bar button.run'); return b && !b.disabled; })()", 60, "Run enabled")
    browser.js(OBSERVE)
    browser.js("document.querySelector('#run-bar button.run').click();")
    browser.wait("document.getElementById('run-result').textContent.length > 10 && document.querySelector('#stepper')", 300, "the result")
    browser.js("return new Promise((r) => setTimeout(r, 500));")
    shown = max(browser.js("return window.__long;") or [0])
    browser.js("window.__long = [];")
    browser.js(PRESS, ["ArrowLeft"] * 10)
    for button in ("first", "last"):
        browser.js(f"[...document.querySelectorAll('#stepper .step-buttons button')].at({0 if button == 'first' else -1}).click();")
        browser.js("return new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));")
    browser.js("return new Promise((r) => setTimeout(r, 300));")
    stepping = max(browser.js("return window.__long;") or [0])
    events = browser.js("const r = JSON.parse(document.getElementById('run-result').textContent); return r && r.events ? r.events.length : 0;")
    return shown, stepping, events


def main(directory, cli):
    schema = json.loads(subprocess.run([cli, "schema"], capture_output=True, check=True, text=True).stdout)
    server = Server(directory)
    browser = Browser()
    try:
        for scenario in schema["scenarios"]:
            params = largest(scenario)
            query = urllib.parse.urlencode({"scenario": scenario["id"], **params, "clock": "virtual"})
            shown, stepping, events = measure(browser, server.url + "?" + query)
            what = f"{scenario['id']} at its largest ({', '.join(f'{k}={v}' for k, v in params.items()) or 'defaults'}; {events} events)"
            print(json.dumps({"name": f"longest main-thread task, Run pressed to result shown: {what}", "ours": round(shown), "unit": "ms", "goal": "ours <= 200 ms"}))
            print(json.dumps({"name": f"longest main-thread task while stepping (10 × ←, first, last): {what}", "ours": round(stepping), "unit": "ms", "goal": "ours <= 200 ms"}))
    finally:
        browser.close()
        server.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
