"""A second origin for the end-to-end tests: a host page that embeds the playground
(hosts/host.html), and endpoints that a real-URL run may be pointed at, recording what the
browser did with them:

  /count   counts requests                    /huge   a 64 MB body, sent as long as it is read
  /slow    a body trickling for 6 s           /stats  the counters as JSON (/reset clears them)

Every answer allows any origin (CORS), so the playground's fetch() can read it.
"""
import http.server
import json
import os
import threading
import time

from browser import BrowserTestCase

HOSTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hosts")
HUGE_BYTES = 64 * 1024 * 1024


class FixtureServer:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=HOSTS, **kwargs)

            def log_message(self, fmt, *args):
                pass

            def end_headers(self):
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def do_GET(self):
                path = self.path.split("?")[0]
                if path == "/count":
                    server.bump("count")
                    return self.answer(b"ok")
                if path == "/stats":
                    with server.lock:
                        return self.answer(json.dumps(server.stats).encode(), "application/json")
                if path == "/reset":
                    server.reset()
                    return self.answer(b"ok")
                if path == "/huge":
                    return self.stream("huge", HUGE_BYTES // 65536, 65536, 0)
                if path == "/slow":
                    return self.stream("slow", 120, 1024, 0.05)
                return super().do_GET()

            def answer(self, body, kind="text/plain"):
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def stream(self, name, chunks, size, pause):
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                start, chunk = time.monotonic(), b"x" * size
                try:
                    for _ in range(chunks):
                        self.wfile.write(chunk)
                        self.wfile.flush()
                        server.bump(name + "_sent", size)
                        if pause:
                            time.sleep(pause)
                    server.set(name + "_finished_after", round(time.monotonic() - start, 3))
                except (BrokenPipeError, ConnectionResetError):
                    server.set(name + "_closed_after", round(time.monotonic() - start, 3))
                self.close_connection = True

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def reset(self):
        with self.lock:
            self.stats = {"count": 0, "huge_sent": 0, "slow_sent": 0}

    def bump(self, key, by=1):
        with self.lock:
            self.stats[key] = self.stats.get(key, 0) + by

    def set(self, key, value):
        with self.lock:
            self.stats[key] = value

    def get(self, key):
        with self.lock:
            return self.stats.get(key)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class FixtureTestCase(BrowserTestCase):
    """A BrowserTestCase with the second origin (`cls.fixture`, a FixtureServer) running, and
    every document's errors captured (`self.browser.errors()`)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.browser.capture_errors()
        cls.fixture = FixtureServer()

    @classmethod
    def tearDownClass(cls):
        cls.fixture.close()
        super().tearDownClass()
