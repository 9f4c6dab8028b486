"""Runs the benchmark page in headless Chromium and prints its JSON report."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "e2e"))
from browser import Browser, Server  # noqa: E402


def main(directory):
    server = Server(directory, isolated=True)
    browser = Browser()
    try:
        browser.get(server.url + "index.html")
        try:
            text = browser.wait("document.getElementById('results').textContent", 300, "the benchmark report")
        except AssertionError:
            status = browser.js("return document.getElementById('status').textContent;")
            raise SystemExit(f"the benchmark page did not finish; its status line says: {status}")
        report = json.loads(text)
        report["chromium"] = browser.js("return navigator.userAgent;")
        print(json.dumps(report))
    finally:
        browser.close()
        server.close()


if __name__ == "__main__":
    main(sys.argv[1])
