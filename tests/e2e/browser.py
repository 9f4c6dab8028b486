"""A small WebDriver client (standard library only) and a server for the release bundle.

The end-to-end tests drive Debian's Chromium through ChromeDriver over the W3C WebDriver
HTTP protocol, against `dist/` served on 127.0.0.1 by scripts/serve.py. Service workers and
module workers need a real origin, which `wasm-pack test`'s own server cannot give them.
"""
import base64
import contextlib
import http.server
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The bundle under test: dist/ of this checkout, or the folder ASYNCIO_DIST names.
DIST = os.environ.get("ASYNCIO_DIST") or os.path.join(ROOT, "dist")
# Beside dist/: the build that made it kept wasm-split-cli's output, with its names.
SPLIT = os.path.join(os.path.dirname(os.path.abspath(DIST)), "target", "split", "out")


def _chunks(*args, text=True):
    return subprocess.run(["python3", os.path.join(ROOT, "scripts", "chunks.py"), DIST, SPLIT, *args], capture_output=True, text=text, check=True).stdout


def chunk_report():
    """scripts/chunks.py's report of the build: each file, who loads it, the first load."""
    return json.loads(_chunks("--json"))


def chunk_symbols(name):
    """The names of the functions one of wasm-split-cli's modules holds."""
    return _chunks("--symbols", name).splitlines()


def chunk_data(name):
    """The bytes of one of wasm-split-cli's modules' data segments."""
    return _chunks("--data", name, text=False)

# Every language the page speaks — English, then one per main messages file in src/i18n/
# (hi.ftl, bn.ftl…), as the build finds them — and the characters of the script each
# translation is written in (its Unicode block): the tests loop over these, so a language
# added by the reference's recipe (docs/src/languages.md) is checked everywhere, and every module fails at once, saying
# so, until its script is written here.
_I18N = os.path.join(ROOT, "src", "i18n")
LANGS = ("en",) + tuple(sorted(f[:-4] for f in os.listdir(_I18N) if f.endswith(".ftl") and f.count(".") == 1 and f != "en.ftl"))
TRANSLATIONS = LANGS[1:]
SCRIPTS = {"hi": ("\u0900", "\u097f"), "bn": ("\u0980", "\u09ff")}
if set(TRANSLATIONS) - set(SCRIPTS):
    raise RuntimeError(f"tests/e2e/browser.py: SCRIPTS has no script for {sorted(set(TRANSLATIONS) - set(SCRIPTS))}")
CHROME_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic", "--window-size=1280,900",
]


# The page's Run button is there and can be pressed (a JS expression).
RUN_ENABLED = "document.querySelector('button.run') && !document.querySelector('button.run').disabled"
# The page's JS glue (`pkg/<build>/app.js`, which index.html preloads), as a JS expression.
GLUE = "document.querySelector('link[rel=modulepreload][href$=\"/app.js\"]').href"


def build_folder(dist=None):
    """The folder of the app's build in dist/ (`pkg/<build>`), relative to dist/."""
    dist = dist or DIST
    builds = sorted(os.listdir(os.path.join(dist, "pkg")))
    if len(builds) != 1:
        raise RuntimeError(f"dist/pkg/ holds {builds}: one build was expected")
    return "pkg/" + builds[0]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except Exception:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {timeout} s")


class PagesServer:
    """Pages of another origin (an attacker's, a host's) on 127.0.0.1 at a port of its own —
    `pages` maps a path to its HTML, anything else is a 404 — or, given `directory`, that
    folder's files from a plain static server that sends no header of its own. Reachable as
    `localhost` too, which is another site to the browser."""

    def __init__(self, pages=None, directory=None):
        self.pages = dict(pages or {})
        server = self

        class Pages(http.server.BaseHTTPRequestHandler):
            def log_message(self, fmt, *args):
                pass

            def do_GET(self):
                page = server.pages.get(self.path.split("?")[0])
                body = (page if page is not None else "not here").encode()
                self.send_response(200 if page is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        class Files(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=directory, **kwargs)

            def log_message(self, fmt, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Files if directory else Pages)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, host="127.0.0.1"):
        return f"http://{host}:{self.port}/"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Server:
    """scripts/serve.py serving dist/ on a free port."""

    def __init__(self, directory=DIST, isolated=False):
        if not os.path.exists(os.path.join(directory, "index.html")):
            raise RuntimeError("dist/ is missing: run scripts/build.sh first")
        self.port = free_port()
        self.proc = subprocess.Popen(
            ["python3", os.path.join(ROOT, "scripts", "serve.py"), "--dir", directory, "--port", str(self.port)]
            + (["--isolated"] if isolated else []),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}/"
        wait_http(self.url)

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


# Installed in every document (frames too) by Browser.capture_errors(): uncaught errors,
# unhandled rejections and Content-Security-Policy violations land in window.__errors.
ERROR_CAPTURE = """
if (!window.__errors) {
  window.__errors = [];
  addEventListener('error', e => window.__errors.push('error: ' + (e.message || e.type)), true);
  addEventListener('unhandledrejection', e => window.__errors.push('rejection: ' + String(e.reason)));
  addEventListener('securitypolicyviolation', e => window.__errors.push('csp: ' + e.violatedDirective + ' ' + e.blockedURI));
}
"""


class Browser:
    """One headless Chromium session."""

    def __init__(self, extra_args=()):
        driver = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
        chrome = shutil.which("chromium") or shutil.which("google-chrome")
        if not driver or not chrome:
            raise RuntimeError("chromedriver and chromium are needed (scripts/provision.sh installs them)")
        self.port = free_port()
        self.driver = subprocess.Popen([driver, f"--port={self.port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        wait_http(self.base + "/status")
        self.profile = tempfile.mkdtemp(prefix="asyncio-playground-chrome-")
        # Asynchronous scripts (axe-core over a whole page) get 90 s, not WebDriver's 30: the
        # modules run side by side, and a busy machine slows each page.
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "timeouts": {"script": 90_000}, "goog:loggingPrefs": {"browser": "ALL"}, "goog:chromeOptions": {
            "binary": chrome, "args": CHROME_ARGS + list(extra_args) + [f"--user-data-dir={self.profile}"]}}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as resp:
                return json.loads(resp.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"WebDriver {method} {path}: {e.read().decode()[:500]}") from None

    def _s(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def get(self, url):
        self._s("POST", "/url", {"url": url})

    def js(self, script, *args):
        """Runs `script` (a function body) in the page and returns its value."""
        return self._s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        """Runs `script` (a function body) in the page; its value is what it passes to
        `done(value)` (the last argument, as WebDriver's asynchronous script gives it)."""
        return self._s("POST", "/execute/async", {"script": "const done = arguments[arguments.length - 1];\n" + script, "args": list(args)})

    def wait(self, expression, timeout=20.0, what=None):
        """Waits until the JS `expression` is truthy; returns its value."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.js(f"return ({expression});")
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out after {timeout} s waiting for {what or expression}\n{self.where_it_stood()}")

    def where_it_stood(self):
        """What the page shows and has loaded, and what its console said: for a wait that
        timed out (a page that never loaded on a busy CI machine says where it stopped)."""
        lines = []
        try:
            state = self.js("""const app = document.getElementById('app');
                return {url: location.href, ready: document.readyState, worker: !!navigator.serviceWorker?.controller,
                        app: app ? app.innerText.slice(0, 400) : null,
                        loaded: performance.getEntriesByType('resource').map(e => `${e.name.replace(location.origin, '')} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ms`).slice(-25)};""")
            lines.append(f"the page: {json.dumps(state, indent=1, ensure_ascii=False)}")
        except Exception as e:  # (the page itself gone: say so)
            lines.append(f"the page did not answer: {e}")
        try:
            log = self._s("POST", "/se/log", {"type": "browser"})
            lines += [f"console: {entry.get('level')} {entry.get('message', '')[:300]}" for entry in log[-20:]]
        except Exception as e:
            lines.append(f"no console log: {e}")
        return "\n".join(lines)

    def wait_for_app(self, timeout=20.0):
        """Waits for the app to have taken the page over: its run bar drawn (Run, or Stop under
        an autorun) and the first screen's copy, whose run bar looks like it, gone."""
        self.wait("document.querySelector('#run-bar button') && !document.querySelector('.first-screen')", timeout, "the app")

    def run_result(self, timeout=30.0):
        """Waits for #run-result to hold a run, and returns it parsed."""
        text = self.wait("(() => { const t = document.getElementById('run-result')?.textContent; return t && t !== 'null' ? t : null; })()",
                         timeout, "#run-result")
        return json.loads(text)

    def help_dialog_open(self):
        """Waits for the help dialog to be open (its chunk comes with the teaching views)."""
        self.wait("document.querySelector('dialog.help-dialog')?.open", 20, "the help dialog (its chunk comes with the teaching views)")

    def enter_frame(self, selector):
        """Runs later calls inside the iframe matching `selector` (cross-origin ones too)."""
        element = self._s("POST", "/element", {"using": "css selector", "value": selector})
        self._s("POST", "/frame", {"id": element})

    def leave_frames(self):
        """Back to the top-level page."""
        self._s("POST", "/frame", {"id": None})

    def cdp(self, cmd, params=None):
        """A Chrome DevTools Protocol command through ChromeDriver."""
        return self._s("POST", "/goog/cdp/execute", {"cmd": cmd, "params": params or {}})

    def capture_errors(self):
        """From now on, every document records its errors in window.__errors (see ERROR_CAPTURE)."""
        self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": ERROR_CAPTURE})

    def errors(self):
        return self.js("return window.__errors || [];")

    @contextlib.contextmanager
    def on_every_document(self, source):
        """Within the block, `source` (JavaScript) runs first in every document loaded."""
        script = self.cdp("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]
        try:
            yield
        finally:
            self.cdp("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})

    def forget_the_site(self, url):
        """Unregisters the service workers of `url`'s origin and empties its caches: the next
        page there loads as on a first visit (the offline worker, once a page has registered
        it, serves later pages their files one by one from its cache)."""
        origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
        self.cdp("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "service_workers,cache_storage"})

    def fetch_replaced(self, when, answer):
        """Within the block, every document loaded answers its own `fetch(input)` with
        `answer` (a JavaScript expression, e.g. a rejected promise) whenever `when` (an
        expression of `input`) holds, and sets `window.__fetchReplaced`; other requests go
        through."""
        return self.on_every_document(
            "(() => { const real = window.fetch; window.fetch = function (input) {"
            f"  if ({when}) {{ window.__fetchReplaced = true; return {answer}; }}"
            "  return real.apply(this, arguments); }; })();")

    def press_key(self, key):
        """A real key press (keydown and keyup from the browser's input pipeline) on the focused
        element: `key` a character, or one of WebDriver's key codes ("\ue007" is Enter)."""
        self._s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})
        self._s("DELETE", "/actions")

    def click_at(self, selector):
        """A real mouse click (pointer events from the browser's input pipeline) on the element's centre,
        once the element exists (the app mounts after its wasm loads, up to 10 s)."""
        self.wait(f"document.querySelector({json.dumps(selector)}) !== null", 10, f"{selector} to appear")
        where = ("const el = document.querySelector(arguments[0]); if (arguments[1]) el.scrollIntoView({block: 'center'});"
                 "const r = el.getBoundingClientRect();"
                 "return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];")
        # The page may still be scrolling (a smooth scroll of the results into view after a
        # run): click only once the element has stopped moving.
        x, y = self.js(where, selector, True)
        deadline = time.time() + 3
        while time.time() < deadline:
            time.sleep(0.1)
            now = self.js(where, selector, False)
            if now == [x, y]:
                break
            x, y = self.js(where, selector, True)
        self._s("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self._s("DELETE", "/actions")

    def in_frame(self, selector, script, *args):
        """Runs `script` (a function body) inside the iframe matching `selector`."""
        self.enter_frame(selector)
        try:
            return self.js(script, *args)
        finally:
            self.leave_frames()

    def wait_in_frame(self, selector, expression, timeout=20.0, what=None):
        """`wait` for `expression` inside the iframe matching `selector`."""
        self.enter_frame(selector)
        try:
            return self.wait(expression, timeout, what)
        finally:
            self.leave_frames()

    def press_run_in(self, selector="iframe[src*='embed=1']"):
        """Presses Run in the playground inside the iframe matching `selector`, once enabled."""
        self.wait_in_frame(selector, RUN_ENABLED, 30, "Run")
        self.in_frame(selector, "document.querySelector('button.run').click();")

    def resize(self, width, height):
        self._s("POST", "/window/rect", {"width": width, "height": height})

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self._s("GET", "/screenshot")))

    def close(self):
        try:
            self._s("DELETE", "")
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=10)
            shutil.rmtree(self.profile, ignore_errors=True)


class BrowserTestCase(unittest.TestCase):
    """Test classes that share one served release bundle and one headless Chromium. A class
    that sets `report_title` collects lines in `cls.report` and prints them after its tests."""

    report_title = None

    @classmethod
    def setUpClass(cls):
        cls.report = []
        cls.server = Server()
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        if cls.report_title:
            print(f"\n{cls.report_title}:")
            for line in cls.report:
                print("  " + line)
        cls.browser.close()
        cls.server.close()
