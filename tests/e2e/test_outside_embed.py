"""A hostile page around the playground, and its neighbours on the playground's origin
(reliability round three). Each test makes the attack as a page on another origin would —
an attacker's server on 127.0.0.1 at another port (another origin of the same site) and as
`localhost` (another site) — and asserts what the attacker would gain.

- **A hostile embedding host.** embed.js dispatches a playground's events only for messages
  from that element's own frame at the playground's origin: results forged by the host
  itself, by a third frame of either origin, and by a second playground frame that embed.js
  did not mount (the right origin, the wrong frame) reach no element, resize no frame and
  scroll nothing. Hostile arguments to `setParams` (a getter that throws, a function, a huge
  array, `__proto__`, `constructor`, `prototype`, `hasOwnProperty`) are refused or passed on
  as plain names, and lose nothing that was sent before or after them, also before the
  playground is ready. A flood of thousands of run, stop and set-params messages a second
  (prototype keys, huge values, unknown types) leaves the books straight — every
  `run-started` closed exactly once, in order — and the embed answers a valid run afterwards.
  The playground obeys only its parent, at the origins `origin=` names: not the parent at
  another origin, not a page above the parent, not a sibling frame; `origin=*` and
  `origin=null` talk to nobody.
- **The custom element's attributes.** `javascript:`, `data:`, `blob:` and mixed-case or
  tab-split bases mount nothing; values with quotes, `<`, `>`, `&`, `</script>` and newlines,
  and `on…` attributes, run no script on the host page or in the playground's frame. The
  CLI's `embed` output, put on a page, runs no script from its base either (its link
  clicked).
- **Clickjacking Run my code.** A `code=` page in a frame of another origin's page runs the
  program only when the browser (IntersectionObserver v2) has seen the frame shown,
  uncovered and opaque, for a while before the click and after it: a see-through frame, a
  covered one, one covered everywhere but its Run button and one shown only at the click
  run nothing, with the click or the `r` key, and the page says why and offers the full
  playground in a new tab. A frame shown as it is runs the program; so do a same-origin
  frame and the page on its own.
- **The service worker keeps to its path.** With the bundle at `/play/` (and at `/`),
  pages at other paths of the origin (`/other/page.html`, `/`) are not controlled by the
  playground's worker and their requests for its API reach the server; another app's worker
  registered at `/` first is neither replaced nor reinstalled, controls its pages and
  answers its routes after the playground has loaded and run.
"""
import html.parser
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.parse

from browser import DIST, ROOT, Browser, PagesServer, Server
from test_own_code import LOAD_TIMEOUT, code_url



# A page that records every message it hears (with its origin and whether it came from the
# frame #pg) in window.heard.
HEARING = """<!doctype html><meta charset="utf-8"><title>host</title><body>
<script>
window.heard = [];
addEventListener("message", (e) => {
  const pg = document.getElementById("pg");
  const d = e.data;
  if (d && d.source === "asyncio-playground") heard.push(Object.assign({ from: e.origin, fromPg: !!pg && e.source === pg.contentWindow }, d));
});
</script>
%s
</body>"""


class Attacked(unittest.TestCase):
    """One served bundle, one attacker's server and one browser for the class."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.attacker = PagesServer()
        cls.browser = Browser()
        cls.browser.capture_errors()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.attacker.close()
        cls.server.close()

    def tearDown(self):
        self.browser.get("about:blank")

    def page(self, path, body, host="127.0.0.1"):
        """Serves `body` at `path` on the attacker's server; returns its URL as `host`."""
        self.attacker.pages[path] = body
        return self.attacker.url(host) + path.lstrip("/")

    def frame_errors(self, selector):
        return self.browser.in_frame(selector, "return window.__errors || [];")


# ---- 1. A hostile embedding host -----------------------------------------------------------

EVENTS = ["ready", "resize", "run-started", "run-finished", "run-stopped", "rejected", "prediction-checked"]

# The host page loads embed.js from the playground; every event an element receives is kept
# in window.got[element id].
EMBED_HOST = """<!doctype html><meta charset="utf-8"><title>host</title>
<body style="margin:0">
<div id="one" data-asyncio-playground="sleep" data-params="delay=0.25"></div>
<asyncio-playground id="two" scenario="gather" tasks="2" delay="0.1"></asyncio-playground>
<script>
window.got = { one: [], two: [] };
for (const id of ["one", "two"]) {
  for (const type of %(events)s) {
    document.getElementById(id).addEventListener("asyncio-playground:" + type, (e) => got[id].push({ type, detail: e.detail }));
  }
}
</script>
<script src="%(playground)sstatic/embed.js"></script>
</body>"""


class HostileHost(Attacked):
    def embed_host(self, host="127.0.0.1"):
        b = self.browser
        b.get(self.page("/embed-host.html", EMBED_HOST % {"events": json.dumps(EVENTS), "playground": self.server.url}, host))
        b.wait("got.one.some(e => e.type === 'ready') && got.two.some(e => e.type === 'ready')", 30, "both playgrounds ready")

    def got(self, element, kind=None):
        return self.browser.js("return got[arguments[0]].filter(e => !arguments[1] || e.type === arguments[1]);", element, kind)

    def test_embed_js_trusts_only_its_own_frame_at_the_playgrounds_origin(self):
        b = self.browser
        self.embed_host()
        before = {k: len(self.got(k)) for k in ("one", "two")}
        forged = ("{source: 'asyncio-playground', version: 1, id: 'one', type: 'run-finished', run: 99, result: {scenario: 'sleep', forged: WHO}}",
                  "{source: 'asyncio-playground', version: 1, id: 'one', type: 'resize', height: 19999, result_top: 15000}",
                  "{source: 'asyncio-playground', version: 1, id: 'two', type: 'ready'}")
        # The host itself, a frame of its own origin, and a frame of another site.
        b.js("for (const m of arguments[0]) window.postMessage(eval('(' + m.replace('WHO', '\"host\"') + ')'), '*');", forged)
        third = "<script>for (const m of %s) parent.postMessage(eval('(' + m.replace('WHO', '\"' + location.host + '\"') + ')'), '*');</script>" % json.dumps(forged)
        self.page("/third.html", third)
        b.js("for (const host of ['127.0.0.1', 'localhost']) { const i = document.createElement('iframe');"
             " i.src = 'http://' + host + ':' + arguments[0] + '/third.html'; document.body.append(i); }", self.attacker.port)
        # A playground frame embed.js did not mount: the playground's own origin, real messages
        # (ready, resize, and a run's run-started and run-finished), named as the element "one".
        b.js("const i = document.createElement('iframe'); i.id = 'stray'; i.style.height = '300px';"
             "i.src = arguments[0] + 'index.html?embed=1&id=one&scenario=sleep&delay=0.1&origin=' + encodeURIComponent(location.origin);"
             "document.body.append(i); window.__stray = []; addEventListener('message', (e) => { if (e.source === i.contentWindow) __stray.push(e.data.type); });",
             self.server.url)
        b.wait("__stray.includes('ready')", 20, "the stray playground's ready")
        b.js("document.getElementById('stray').contentWindow.postMessage({type: 'run'}, '*');")
        b.wait("__stray.includes('run-finished')", 10, "the stray playground's run")
        time.sleep(1.0)
        for element in ("one", "two"):
            late = self.got(element)[before[element]:]
            forged_ones = [e for e in late if e["type"] != "resize" or (e["detail"] or {}).get("height") == 19999]
            self.assertEqual(forged_ones, [], f"#{element} received events its frame did not send")
        self.assertNotIn("19999px", b.js("return [...document.querySelectorAll('#one iframe, #two iframe')].map(f => f.style.height);"),
                         "a forged resize resized a playground")
        self.assertEqual(b.js("return scrollY;"), 0, "a forged result_top scrolled the host page")
        # The element's own frame is still heard, and only on its element.
        b.js("document.getElementById('one').asyncioPlayground.run();")
        b.wait("got.one.some(e => e.type === 'run-finished')", 10, "#one's own run")
        finished = self.got("one", "run-finished")
        self.assertEqual(len(finished), 1)
        self.assertEqual((finished[0]["detail"]["scenario"], finished[0]["detail"]["elapsed"]), ("sleep", 0.25))
        self.assertNotIn("forged", finished[0]["detail"])
        self.assertEqual(self.got("two", "run-finished"), [])
        self.assertEqual(b.errors(), [])

    # The arguments a host's script may pass to setParams, as a hostile or careless one would.
    HOSTILE_PARAMS = """[
      ["a getter that throws", { get delay() { throw new Error("boom"); } }],
      ["a function", { delay: () => 0.5 }],
      ["a huge array", new Array(1000000).fill(1)],
      ["a huge array as a value", { delay: new Array(100000).fill(1) }],
      ["an own __proto__", JSON.parse('{"__proto__": {"delay": 7}}')],
      ["an object value", { delay: { valueOf() { return 0.5; } } }],
      ["not an object", "delay=0.5"],
      ["null", null],
    ]"""

    def test_hostile_set_params_lose_nothing_before_or_after_ready(self):
        b = self.browser
        for when in ("before ready", "after ready"):
            with self.subTest(when=when):
                b.get(self.page("/element.html", """<!doctype html><meta charset="utf-8"><body>
                    <asyncio-playground id="pg" scenario="sleep" delay="1"></asyncio-playground>
                    <script>window.got = []; for (const t of %s) pg.addEventListener("asyncio-playground:" + t, (e) => got.push({ type: t, detail: e.detail }));</script>
                    <script src="%sstatic/embed.js"></script></body>""" % (json.dumps(EVENTS), self.server.url)))
                b.wait("!!window.customElements.get('asyncio-playground')", 10)
                if when == "after ready":
                    b.wait("got.some(e => e.type === 'ready')", 30, "ready")
                # Each hostile call: what the host's own script sees (an exception, with its
                # message), then the names every object-shaped prototype key takes.
                thrown = b.js("""const out = [];
                    for (const [what, p] of %s) {
                      try { pg.setParams(p); out.push([what, "accepted"]); } catch (e) { out.push([what, e.name + ": " + e.message]); }
                    }
                    pg.setParams({ constructor: 1, hasOwnProperty: 2, prototype: 3, toString: 4 });
                    pg.setParams({ delay: 0.5 });
                    pg.run();
                    return out;""" % self.HOSTILE_PARAMS)
                run = b.wait("got.find(e => e.type === 'run-finished')", 30, "the run asked for after the hostile calls")["detail"]
                self.assertEqual((run["scenario"], run["elapsed"]), ("sleep", 0.5), "the valid set-params and the run were lost")
                self.assertTrue(b.js("return got.some(e => e.type === 'ready');"), "the ready event was lost")
                for what, outcome in thrown:
                    self.assertNotEqual(outcome, "accepted", f"{what} was passed on as it was")
                    self.assertIn("asyncio playground", outcome, f"{what}: the host is not told clearly: {outcome}")
                rejected = b.js("return got.filter(e => e.type === 'rejected').map(e => e.detail.reason);")
                self.assertEqual(len(rejected), 1, rejected)
                for name in ("constructor", "hasOwnProperty", "prototype", "toString"):
                    self.assertIn(f'unknown parameter "{name}"', rejected[0])
                self.assertIsNone(b.js("return ({}).delay;"), "the host's Object.prototype changed")
                self.assertEqual(b.in_frame("#pg iframe", "return [({}).delay, window.__errors || []];"), [None, []])
                self.assertEqual(b.errors(), [])

    FLOOD = """
      const frame = document.getElementById("pg").contentWindow;
      const big = new Array(50000).fill(7);
      const many = {}; for (let i = 0; i < 2000; i++) many["k" + i] = i;
      const messages = [
        () => ({ type: "run" }), () => ({ type: "stop" }), () => ({ type: "run" }),
        () => ({ type: "set-params", params: { tasks: 1 + Math.floor(Math.random() * 4), delay: 0.05 } }),
        () => ({ type: "set-params", params: JSON.parse('{"__proto__": {"tasks": 999}, "constructor": {"prototype": {"x": 1}}}') }),
        () => ({ type: "set-params", params: { hasOwnProperty: 1, prototype: "x", valueOf: 2, toString: "y" } }),
        () => ({ type: "set-params", params: JSON.parse('{"__proto__": 5}') }),
        () => ({ type: "set-params", params: { tasks: big } }),
        () => ({ type: "set-params", params: big }),
        () => ({ type: "set-params", params: many }),
        () => ({ type: "set-params", params: { tasks: "9".repeat(5000) } }),
        () => ({ type: "__proto__" }), () => ({ type: "constructor" }), () => ({ type: "hasOwnProperty" }),
        () => JSON.parse('{"__proto__": {"type": "run"}}'),
        () => ({ type: "set-theme", theme: "x".repeat(100000) }), () => ({ type: big }), () => big,
        () => ({ type: "run", params: { tasks: 2 } }), () => null, () => "run", () => 42,
      ];
      let sent = 0;
      const started = performance.now();
      const timer = setInterval(() => {
        for (let i = 0; i < 30; i++) { frame.postMessage(messages[Math.floor(Math.random() * messages.length)](), "*"); sent++; }
        if (performance.now() - started > arguments[0]) { clearInterval(timer); done(sent); }
      }, 10);"""

    def test_a_flood_of_hostile_messages_leaves_the_books_straight(self):
        b = self.browser
        for host in ("127.0.0.1", "localhost"):
            with self.subTest(host=host):
                origin = self.attacker.url(host).rstrip("/")
                frame = ('<iframe id="pg" style="width:900px;height:700px" src="%sindex.html?embed=1&amp;id=f&amp;scenario=gather'
                         '&amp;tasks=3&amp;delay=0.1&amp;origin=%s"></iframe>' % (self.server.url, urllib.parse.quote(origin, safe="")))
                b.get(self.page("/flood.html", HEARING % frame, host))
                b.wait("heard.some(m => m.type === 'ready')", 20, "ready")
                started = time.time()
                sent = b.js_async(self.FLOOD, 2500)
                # Quiet: nothing new heard for a second.
                count, quiet_since = -1, time.time()
                while time.time() - quiet_since < 1.0:
                    now = b.js("return heard.length;")
                    if now != count:
                        count, quiet_since = now, time.time()
                    self.assertLess(time.time() - started, 60, "the embed was still answering the flood after 60 s")
                    time.sleep(0.1)
                heard = b.js("return heard;")
                self.assertTrue(all(m["fromPg"] and m["from"] == self.server.url.rstrip("/") for m in heard))
                kinds = [m["type"] for m in heard]
                self.assertGreater(kinds.count("rejected"), sent // 4, f"{sent} messages sent")
                self.assertGreater(kinds.count("run-started"), 5)
                self.check_books(heard)
                reasons = [m["reason"] for m in heard if m["type"] == "rejected"]
                self.assertTrue(all(isinstance(r, str) and 0 < len(r) <= 600 for r in reasons))
                self.assertTrue(any('unknown parameter "__proto__"' in r for r in reasons), "a __proto__ key was not named")
                self.assertTrue(any('"hasOwnProperty"' in r for r in reasons))
                self.assertTrue(any("too many keys" in r for r in reasons))
                # Afterwards: stop whatever runs, new parameters, a run, answered as asked.
                b.js("heard.length = 0; const f = document.getElementById('pg').contentWindow; f.postMessage({type: 'stop'}, '*');"
                     "setTimeout(() => { f.postMessage({type: 'set-params', params: {tasks: 2, delay: 0.25, mode: 'concurrent'}}, '*');"
                     " f.postMessage({type: 'run'}, '*'); }, 300);")
                result = b.wait("heard.find(m => m.type === 'run-finished')", 10, "a valid run after the flood")["result"]
                self.assertEqual((result["params"]["tasks"], result["params"]["mode"], result["elapsed"]), (2, "concurrent", 0.25))
                self.assertEqual(b.in_frame("#pg", "return [({}).tasks, ({}).type, window.__errors || []];"), [None, None, []])
                self.assertEqual(b.errors(), [])

    def check_books(self, heard):
        """Every run-started closed exactly once by its own run-finished or run-stopped, before
        the next one; run numbers grow; nothing said of a run that never started."""
        open_run, last = None, 0
        for m in heard:
            if m["type"] == "run-started":
                self.assertIsNone(open_run, f"run {m['run']} started while {open_run} was open")
                self.assertGreater(m["run"], last)
                open_run = last = m["run"]
            elif m["type"] in ("run-finished", "run-stopped"):
                self.assertEqual(m["run"], open_run, f"{m['type']} of run {m['run']} while {open_run} was open")
                open_run = None
        self.assertIsNone(open_run, "a run was never closed")

    def test_the_embed_obeys_only_its_parent_at_the_origins_it_was_told(self):
        b = self.browser
        docs = self.attacker.url("127.0.0.1").rstrip("/")

        def embed(origin, host="127.0.0.1"):
            q = "" if origin is None else "&origin=" + urllib.parse.quote(origin, safe="")
            frame = f'<iframe id="pg" style="width:900px;height:700px" src="{self.server.url}index.html?embed=1&amp;id=o&amp;scenario=sleep&amp;delay=0.1{q}"></iframe>'
            b.get(self.page("/origin.html", HEARING % frame, host))
            b.enter_frame("#pg")
            try:
                b.wait("document.querySelector('button.run')", 15, "the embed")
            finally:
                b.leave_frames()

        def ran():
            return b.in_frame("#pg", "return document.getElementById('run-result').textContent !== 'null';")

        # The parent at another origin than origin= names: not obeyed, not told anything.
        for origin, host in [("https://docs.example", "127.0.0.1"), (docs, "localhost"), ("*", "127.0.0.1"), ("null", "127.0.0.1"),
                             (docs + "/path", "127.0.0.1")]:
            with self.subTest(origin=origin, parent=host):
                embed(origin, host)
                b.js("const f = document.getElementById('pg').contentWindow; f.postMessage({type: 'set-params', params: {delay: 5}}, '*');"
                     "f.postMessage({type: 'run'}, '*');")
                time.sleep(1.0)
                self.assertFalse(ran(), "a parent at an origin origin= does not name made it run")
                self.assertEqual(b.js("return heard;"), [], "the embed told a parent origin= does not name")
        # Named in another spelling (upper case, the default port): the same origin, obeyed.
        embed(docs.replace("http://127.0.0.1", "HTTP://127.0.0.1"))
        b.wait("heard.some(m => m.type === 'ready')", 10, "ready to the named origin")
        b.js("document.getElementById('pg').contentWindow.postMessage({type: 'run'}, '*');")
        b.wait("heard.some(m => m.type === 'run-finished')", 10, "the named parent's run")

        # A page above the allowed parent (another site), and a frame beside the embed: not obeyed.
        embed(docs)
        b.wait("heard.some(m => m.type === 'ready')", 10)
        top = self.page("/top.html", """<!doctype html><meta charset="utf-8"><body>
            <script>window.heard = []; addEventListener("message", (e) => heard.push(e.data));</script>
            <iframe id="docs" style="width:1000px;height:800px" src="%sorigin.html"></iframe></body>""" % self.attacker.url("127.0.0.1"), "localhost")
        b.get(top)
        b.enter_frame("#docs")
        try:
            b.wait("heard.some(m => m.type === 'ready')", 20, "the embed inside the docs page")
            self.page("/sibling.html", "<script>parent.frames[0].postMessage({type: 'run'}, '*');</script>", "localhost")
            b.js("const i = document.createElement('iframe'); i.src = 'http://localhost:' + arguments[0] + '/sibling.html'; document.body.append(i);",
                 self.attacker.port)
        finally:
            b.leave_frames()
        b.js("document.getElementById('docs').contentWindow.frames[0].postMessage({type: 'run'}, '*');"
             "document.getElementById('docs').contentWindow.frames[0].postMessage({type: 'set-params', params: {delay: 9}}, '*');")
        time.sleep(1.5)
        self.assertEqual(b.js("return heard;"), [], "the page above the parent heard the embed")
        b.enter_frame("#docs")
        try:
            heard = b.js("return heard.map(m => m.type);")
            self.assertNotIn("run-started", heard, "the page above the parent, or a sibling frame, made it run")
            self.assertNotIn("rejected", heard, "a message from the page above the parent was even answered")
        finally:
            b.leave_frames()


# ---- 2. The custom element's attributes ----------------------------------------------------

# Every way an attribute could carry script: the page counts what runs in window.__pwned (the
# frames can only reach it through a cross-origin parent, which throws: their errors say so).
PWN = "parent.__pwned = (parent.__pwned || 0) + 1"
HOSTILE_ELEMENTS = """<!doctype html><meta charset="utf-8"><title>attributes</title><body>
<script>window.__pwned = 0; window.blobBase = URL.createObjectURL(new Blob(["<script>%(pwn)s<\\/script>"], { type: "text/html" }));</script>
<div id="probes"></div>
<script>
const PWN = %(pwnjs)s;
const refused = ["javascript:" + PWN + "//", "  JaVaScRiPt:" + PWN + "//", "java\\tscript:" + PWN + "//", "java\\nscript:" + PWN + "//",
  "data:text/html,<script>" + PWN + "<\\/script>", "vbscript:msgbox(1)", blobBase, "javascript:/*http://x*/" + PWN];
const probes = document.getElementById("probes");
let n = 0;
for (const base of refused) {
  const a = document.createElement("asyncio-playground"); a.className = "refused"; a.id = "r" + n++; a.setAttribute("scenario", "sleep"); a.setAttribute("base", base); probes.append(a);
  const d = document.createElement("div"); d.className = "refused"; d.id = "r" + n++; d.setAttribute("data-asyncio-playground", "sleep"); d.setAttribute("data-base", base); probes.append(d);
}
</script>
<asyncio-playground class="mounted" id="m1" scenario='"><img src=x onerror="%(pwn)s">' tasks="</script><script>%(pwn)s</script>"
  delay="1&#10;<img src=x onerror=%(pwn)s>" theme="&quot;><svg onload=%(pwn)s>" height="100;background:url(javascript:%(pwn)s)"
  onload="%(pwn)s" onerror="%(pwn)s" params="tasks=<img src=x onerror=%(pwn)s>&amp;onload=%(pwn)s&amp;origin=*&amp;embed=0"
  origin="*" embed="0" srcdoc="<script>%(pwn)s</script>"></asyncio-playground>
<div class="mounted" id="m2" data-asyncio-playground='"><script>%(pwn)s</script>' data-params="delay=<b onmouseover=%(pwn)s>x</b>&amp;lang=&quot;><img src=x onerror=%(pwn)s>"
  data-height="javascript:%(pwn)s" data-base="%(playground)s"></div>
<asyncio-playground class="mounted" id="m3" scenario="lock" workers="'&quot;&lt;&gt;&amp;" base="%(playground)s?x=&quot;><script>%(pwn)s</script>#<img>"></asyncio-playground>
<script src="%(playground)sstatic/embed.js"></script>
</body>"""


class ElementAttributes(Attacked):
    def test_hostile_attributes_run_no_script_on_the_host_or_in_the_frame(self):
        b = self.browser
        for host in ("127.0.0.1", "localhost"):
            with self.subTest(host=host):
                scripts_before = None
                b.get(self.page("/attributes.html", HOSTILE_ELEMENTS % {"pwn": PWN, "pwnjs": json.dumps(PWN), "playground": self.server.url}, host))
                scripts_before = b.js("return document.scripts.length;")
                # Every element scrolled into view, so that each mounts (or refuses to).
                for _ in range(3):
                    b.js("for (const el of document.querySelectorAll('.refused, .mounted')) el.scrollIntoView();")
                    time.sleep(0.3)
                b.wait("[...document.querySelectorAll('.refused')].every(e => e.textContent.includes('must be an http:// or https:// URL'))", 10,
                       "every refused base named")
                self.assertEqual(b.js("return document.querySelectorAll('.refused iframe').length;"), 0, "a refused base mounted something")
                frames = b.wait("(() => { const f = [...document.querySelectorAll('.mounted iframe')]; return f.length === 3 && f.map(i => i.src); })()", 10,
                                "the three elements with a good base mounted")
                for src in frames:
                    self.assertTrue(src.startswith(self.server.url + "index.html?"), src)
                    q = urllib.parse.parse_qs(urllib.parse.urlsplit(src).query)
                    self.assertEqual((q["embed"], q["origin"]), (["1"], [self.attacker.url(host).rstrip("/")]), src)
                    # The element's on… attributes are not URL keys (params= may name any key:
                    # the playground then names it as unknown, as text).
                    self.assertNotIn("onerror", q)
                    self.assertNotIn("(parent.__pwned || 0) + 1", q.get("onload", []))
                # Each mounted playground has loaded and shows the hostile values as text.
                for i in range(3):
                    b.wait(f"document.querySelectorAll('.mounted iframe')[{i}].contentWindow && true", 5)
                    b.enter_frame(f"#m{i + 1} iframe")
                    try:
                        b.wait("document.querySelector('.notice, button.run, .field-error')", 20, "the playground in the frame")
                        self.assertEqual(b.js("return document.querySelectorAll('img[onerror], svg[onload], b[onmouseover], script:not([src]):not([type])').length;"), 0)
                        self.assertEqual(b.js("return window.__errors || [];"), [], "a script in the frame ran (and failed)")
                    finally:
                        b.leave_frames()
                time.sleep(0.5)
                self.assertEqual(b.js("return window.__pwned;"), 0, "script from an attribute ran on the host page")
                self.assertEqual(b.js("return document.scripts.length;"), scripts_before, "a script element was added to the host page")
                self.assertEqual(b.js("return document.querySelectorAll('img, svg, #probes iframe').length;"), 0)
                self.assertEqual(b.errors(), [])

    def test_the_clis_embed_output_runs_no_script_from_its_base(self):
        subprocess.run(["cargo", "build", "-q", "--bin", "asyncio-playground"], cwd=ROOT, check=True)
        cli = os.path.join(os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target"), "debug", "asyncio-playground")
        b = self.browser
        for base in ["javascript:window.__pwned=1//", " JavaScript:window.__pwned=1//", "data:text/html,<script>parent.__pwned=1</script>",
                     "vbscript:x", '"><script>window.__pwned=1</script>', "https://x.example/\" onclick=\"window.__pwned=1"]:
            with self.subTest(base=base):
                out = subprocess.run([cli, "embed", "--base=" + base, "scenario=sleep"], capture_output=True, text=True)
                if out.returncode != 0:
                    self.assertEqual(out.returncode, 2, out.stderr)
                    self.assertIn("base", out.stderr)
                    continue
                elements = parse_html(out.stdout)
                for tag, attrs in elements:
                    for name, value in attrs:
                        self.assertFalse(name.startswith("on"), (tag, name, value))
                        if name in ("href", "src"):
                            scheme = urllib.parse.urlsplit((value or "").strip().replace("\t", "").replace("\n", "")).scheme.lower()
                            self.assertIn(scheme, ("", "http", "https"), f"{tag} {name}={value!r}")
                # Put on a page as it was printed, embed.js not loaded (as when its script fails):
                # its link is what a reader clicks.
                b.get(self.page("/cli.html", "<!doctype html><meta charset='utf-8'><body><script>window.__pwned = 0;</script>"
                                + out.stdout.replace("static/embed.js", "static/no-such-embed.js") + "</body>"))
                here = self.attacker.url() + "cli.html"
                self.assertEqual(b.js("return document.querySelectorAll('script:not([src])').length;"), 1, "the output added a script")
                if b.js("return !!document.querySelector('a[href]');"):
                    b.click_at("a[href]")
                    time.sleep(0.5)
                self.assertEqual(b.js("return location.href === arguments[0] ? window.__pwned : 0;", here), 0,
                                 "the CLI's embed output ran script from its base")


class Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, attrs))


def parse_html(text):
    p = Elements()
    p.feed(text)
    p.close()
    return p.found


# ---- 3. Clickjacking Run my code -----------------------------------------------------------

EVIL = "import asyncio\nasync def main():\n    print('the host chose this program')\nasyncio.run(main())\n"

# The attacker's page: a decoy button, and the playground's frame over it; the test styles it.
CLICKJACK = """<!doctype html><meta charset="utf-8"><title>Win a prize</title>
<style>body { margin: 0 } #pg { position: absolute; left: 0; top: 0; width: 1000px; height: 800px; border: 0; z-index: 2 }
#decoy { position: absolute; left: 0; top: 0; z-index: 1; font-size: 30px } .cover { position: absolute; z-index: 3; background: #fff;
pointer-events: none; display: none }</style>
<button id="decoy">Claim your prize</button>
<div id="cover" class="cover">Click the button to claim your prize</div>
<iframe id="pg" src="%s"></iframe>"""


class Clickjacking(Attacked):
    def framed(self, host, embed=False, same_origin=False):
        """The attacker's page (or, same_origin, a page of the playground's origin) with a
        code= playground framed in it; returns once the editor is there."""
        b = self.browser
        query = "?code=" + code_url(EVIL)
        if embed:
            query += "&embed=1&id=cj&origin=" + urllib.parse.quote(self.attacker.url(host).rstrip("/"), safe="")
        src = self.server.url + "index.html" + query
        if same_origin:
            b.get(self.server.url + "static/embed-example.html")
            b.js("document.body.innerHTML = ''; document.body.style.margin = '0';"
                 "const i = document.createElement('iframe'); i.id = 'pg'; i.src = arguments[0];"
                 "i.style.cssText = 'position:absolute;left:0;top:0;width:1000px;height:800px;border:0';"
                 "document.body.append(i);", src)
        else:
            b.get(self.page("/prize.html", CLICKJACK % src.replace("&", "&amp;"), host))
        b.wait_in_frame("#pg", "document.querySelector('.own-code .cm-editor') && document.querySelector('button.run')", 30, "the editor in the frame")
        # Every click that reaches the frame is recorded, with what it landed on.
        b.in_frame("#pg", "window.__clicks = []; document.addEventListener('click', (e) => __clicks.push(e.target.className), true);")

    def run_button_at(self):
        """The Run button's centre in the top page's viewport."""
        b = self.browser
        x, y = b.in_frame("#pg", "const r = document.querySelector('button.run').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];")
        fx, fy = b.js("const r = document.getElementById('pg').getBoundingClientRect(); return [r.x, r.y];")
        return round(fx + x), round(fy + y)

    def click(self, x, y):
        b = self.browser
        b._s("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"},
            {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 40}, {"type": "pointerUp", "button": 0}]}]})
        b._s("DELETE", "/actions")

    def press(self, key):
        b = self.browser
        b._s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})
        b._s("DELETE", "/actions")

    def started(self):
        """Whether a run of the program began in the frame (its sandbox, the Stop button, or
        a result)."""
        return self.browser.in_frame("#pg", "return !!document.querySelector('iframe.code-sandbox, button.stop')"
                                            " || document.getElementById('run-result').textContent !== 'null';")

    def assert_refused(self, how):
        b = self.browser
        clicks = b.in_frame("#pg", "return __clicks;")
        if how != "key":
            self.assertTrue(any("run" in c.split() for c in clicks), f"the click did not land on Run ({clicks}): the attack was not made")
        time.sleep(1.5)
        self.assertFalse(self.started(), f"the host's program started from a {how} the reader did not see")
        b.enter_frame("#pg")
        try:
            note = b.wait("document.querySelector('.code-refused')", 5, "the page saying why")
            text = b.js("return document.querySelector('.code-refused').textContent;")
            self.assertIn("did not run", text)
            link = b.js("const a = document.querySelector('.code-refused a'); return a && [a.href, a.target, a.rel, a.textContent];")
            self.assertIsNotNone(link, "no way to the full playground")
            href, target, rel, label = link
            self.assertEqual((target, rel), ("_blank", "noopener"))
            self.assertIn("Open the full playground", label)
            q = urllib.parse.parse_qs(urllib.parse.urlsplit(href).query)
            self.assertEqual(q.get("code"), [code_url(EVIL)])
            self.assertNotIn("embed", q)
            self.assertTrue(note)
        finally:
            b.leave_frames()

    def attack(self, host, style, embed=False, by="click"):
        b = self.browser
        self.framed(host, embed)
        x, y = self.run_button_at()
        b.js("document.getElementById('decoy').style.cssText += ';left:' + (arguments[0] - 80) + 'px;top:' + (arguments[1] - 20) + 'px';", x, y)
        b.js(style, x, y)
        time.sleep(1.0)   # long enough for a visible frame to count as seen
        if by == "click":
            self.click(x, y)
        else:
            # Into the frame on the note above the editor (no control there): the frame has the
            # focus, and the r key is Run my code's shortcut.
            nx, ny = b.in_frame("#pg", "const r = document.querySelector('.code-from').getBoundingClientRect(); return [r.x + 20, r.y + r.height / 2];")
            fx, fy = b.js("const r = document.getElementById('pg').getBoundingClientRect(); return [r.x, r.y];")
            self.click(round(fx + nx), round(fy + ny))
            self.press("r")
        self.assert_refused(by)

    SEE_THROUGH = "document.getElementById('pg').style.opacity = '0';"
    COVERED = ("const c = document.getElementById('cover'); c.style.cssText += ';display:block;left:0;top:0;width:1000px;height:800px;';")
    ALL_BUT_RUN = ("for (const [l, t, w, h] of [[0, 0, 1000, arguments[1] - 25], [0, arguments[1] + 25, 1000, 800], [0, 0, arguments[0] - 60, 800],"
                   " [arguments[0] + 60, 0, 1000, 800]]) { const c = document.getElementById('cover').cloneNode(true); c.id = ''; c.className = 'cover';"
                   " c.style.cssText += ';display:block;left:' + l + 'px;top:' + t + 'px;width:' + w + 'px;height:' + h + 'px'; document.body.append(c); }")

    def test_a_see_through_frame_of_another_site_runs_nothing(self):
        self.attack("localhost", self.SEE_THROUGH)

    def test_a_see_through_frame_of_the_same_site_runs_nothing(self):
        self.attack("127.0.0.1", self.SEE_THROUGH)

    def test_a_see_through_embed_runs_nothing(self):
        self.attack("localhost", self.SEE_THROUGH, embed=True)

    def test_a_covered_frame_runs_nothing(self):
        for host in ("localhost", "127.0.0.1"):
            with self.subTest(host=host):
                self.attack(host, self.COVERED)

    def test_a_frame_covered_everywhere_but_its_run_button_runs_nothing(self):
        self.attack("localhost", self.ALL_BUT_RUN)

    def test_the_r_key_in_a_see_through_frame_runs_nothing(self):
        self.attack("localhost", self.SEE_THROUGH, by="key")

    def test_a_frame_shown_only_at_the_click_runs_nothing(self):
        b = self.browser
        self.framed("localhost")
        x, y = self.run_button_at()
        b.js(self.SEE_THROUGH)
        time.sleep(1.0)
        b.js("document.getElementById('pg').style.opacity = '1';")
        self.click(x, y)
        self.assert_refused("click")

    def test_a_frame_shown_as_it_is_runs_the_program_on_a_click(self):
        b = self.browser
        self.framed("localhost")
        x, y = self.run_button_at()
        time.sleep(1.0)
        self.click(x, y)
        b.enter_frame("#pg")
        try:
            run = b.run_result(LOAD_TIMEOUT)
            self.assertEqual([e["detail"] for e in run["events"] if e["kind"] == "print"], ["the host chose this program"])
            self.assertIsNone(b.js("return document.querySelector('.code-refused');"))
        finally:
            b.leave_frames()

    def test_a_refused_click_then_a_seen_one_runs(self):
        b = self.browser
        self.framed("localhost")
        x, y = self.run_button_at()
        b.js(self.SEE_THROUGH)
        time.sleep(1.0)
        self.click(x, y)
        self.assert_refused("click")
        b.js("document.getElementById('pg').style.opacity = '1';")
        time.sleep(1.0)
        self.click(x, y)
        b.enter_frame("#pg")
        try:
            b.wait("document.querySelector('iframe.code-sandbox, button.stop')", 10, "the run the reader saw and clicked")
            b.wait("!document.querySelector('.code-refused')", 5, "the refusal note gone once the run starts")
        finally:
            b.leave_frames()

    def test_a_same_origin_frame_and_the_page_on_its_own_run_at_once(self):
        b = self.browser
        self.framed(None, same_origin=True)
        x, y = self.run_button_at()
        self.click(x, y)
        b.enter_frame("#pg")
        try:
            b.wait("document.querySelector('iframe.code-sandbox, button.stop')", 5, "a run in the same-origin frame")
        finally:
            b.leave_frames()
        b.get(self.server.url + "?code=" + code_url(EVIL))
        b.wait("document.querySelector('.own-code .cm-editor')", 30, "the editor")
        b.click_at("button.run")
        b.wait("document.querySelector('iframe.code-sandbox, button.stop')", 5, "a run on the page on its own")
        self.assertIsNone(b.js("return document.querySelector('.code-refused');"))


# ---- 4. The service worker's reach over the rest of its origin -----------------------------

API = "__asyncio_playground_api__/"
OTHER_SW = """
self.addEventListener("install", (event) => { event.waitUntil(caches.open("other-app").then(async (c) => {
  const n = Number(await (await c.match("/installs") || new Response("0")).text()) + 1;
  await c.put("/installs", new Response(String(n)));
})); self.skipWaiting(); });
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).pathname === "/other-app/route")
    event.respondWith(new Response("the other app's route", { headers: { "content-type": "text/plain" } }));
});
"""
PAGE = "<!doctype html><meta charset='utf-8'><title>%s</title><p>%s</p>"


def origin_with_the_bundle_at(prefix):
    """A folder for the origin's root: the bundle at `prefix` (linked), another app's page at
    /other/page.html and its worker at /other-sw.js, and (with the bundle elsewhere) a page at /."""
    root = tempfile.mkdtemp(prefix="asyncio-playground-reach-")
    where = os.path.join(root, prefix) if prefix else root
    os.makedirs(where, exist_ok=True)
    for name in os.listdir(DIST):
        os.symlink(os.path.join(DIST, name), os.path.join(where, name))
    os.makedirs(os.path.join(root, "other"))
    files = {"other/page.html": PAGE % ("another app", "Another app of the playground's origin."), "other-sw.js": OTHER_SW}
    if prefix:
        files["index.html"] = PAGE % ("the site", "The origin's own front page.")
    for path, text in files.items():
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    return root


class ServiceWorkerReach(unittest.TestCase):
    def setUp(self):
        self.roots = []
        self.browser = Browser()

    def tearDown(self):
        self.browser.close()
        for server, root in self.roots:
            server.close()
            shutil.rmtree(root, ignore_errors=True)

    def origin(self, prefix):
        root = origin_with_the_bundle_at(prefix)
        server = Server(root)
        self.roots.append((server, root))
        return server.url

    def run_fetch(self, playground):
        b = self.browser
        b.get(playground + "?scenario=bounded-fetch&clock=real&scale=1&autorun=1&urls=4&max_concurrent=2&latency=0.05")
        run = b.run_result(30)
        self.assertEqual(run["outcome"]["ok"], 4)
        self.assertEqual(run["wall"]["requests"]["sent"], 4, "over fetch(), answered by the playground's worker")
        return run

    def registrations(self):
        return self.browser.js("return navigator.serviceWorker.getRegistrations().then(rs => rs.map(r => ({"
                               "scope: r.scope, script: (r.active || r.waiting || r.installing || {}).scriptURL})));")

    def probe(self, page, playground):
        """What a page of the origin sees: its controller, the registration for it, and where
        its requests for the playground's API and for its own paths are answered."""
        b = self.browser
        b.get(page)
        time.sleep(0.3)
        api = playground + API
        return b.js_async("""(async () => {
            const status = (u) => fetch(u, { cache: "no-store" }).then(r => r.status + " " + (r.headers.get("content-type") || ""), e => "failed " + e);
            const reg = await navigator.serviceWorker.getRegistration();
            return {
              controller: navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL,
              registration: reg ? reg.scope : null,
              api: await status(arguments[0] + "x?latency=0&status=200"),
              stats: await status(arguments[0] + "stats"),
              own: await status("/other/missing.json"),
            };
        })().then(done, (e) => done("error " + e));""", api)

    def test_pages_at_other_paths_are_not_controlled_nor_answered(self):
        for prefix in ("play/", ""):
            with self.subTest(bundle_at="/" + prefix):
                url = self.origin(prefix)
                playground = url + prefix
                self.run_fetch(playground)
                # The offline worker registers once the page is idle.
                self.browser.wait("navigator.serviceWorker.getRegistrations().then(rs => window.__n = rs.length) && window.__n === 2", 20, "the offline worker")
                found = {r["scope"]: r["script"] for r in self.registrations()}
                self.assertEqual(found, {playground + API: playground + "sw.js", playground: playground + "offline-sw.js"},
                                 "the playground registered more than its API's path and its own folder")
                # The probe sees the API worker where it is: its own document in its scope.
                ours = self.probe(playground + API + "frame.html", playground)
                self.assertEqual(ours["controller"], playground + "sw.js", ours)
                self.assertTrue(ours["api"].startswith("200 application/json"), ours)
                # The playground's page: the offline worker's, which answers its files only.
                page = self.probe(playground, playground)
                self.assertEqual(page["controller"], playground + "offline-sw.js", page)
                self.assertTrue(page["api"].startswith("404") and page["own"].startswith("404"), page)
                pages = [url + "other/page.html"] + ([url] if prefix else [])
                for page in pages:
                    seen = self.probe(page, playground)
                    if prefix:
                        self.assertEqual((seen["controller"], seen["registration"]), (None, None), f"{page} is in the workers' reach: {seen}")
                    # (With the bundle at the origin's root, its folder is every page's: the
                    # offline worker is theirs too, and answers none of their requests.)
                    self.assertTrue(seen["api"].startswith("404"), f"{page}'s request for the API was answered by a worker: {seen}")
                    self.assertTrue(seen["stats"].startswith("404"), seen)
                    self.assertTrue(seen["own"].startswith("404"), seen)

    def test_another_apps_worker_at_the_root_keeps_working_after_the_playground(self):
        b = self.browser
        for prefix in ("play/", ""):
            with self.subTest(bundle_at="/" + prefix):
                url = self.origin(prefix)
                playground = url + prefix
                b.get(url + "other/page.html")
                b.js_async("navigator.serviceWorker.register('/other-sw.js', {scope: '/'}).then(() => navigator.serviceWorker.ready).then(() => done(true), (e) => done(String(e)));")
                b.get(url + "other/page.html")
                b.wait("navigator.serviceWorker.controller", 10, "the other app's worker controlling its page")
                for _ in range(2):   # a first and a second load (the second asks for a changed sw.js)
                    self.run_fetch(playground)
                registrations = self.registrations()
                other = [r for r in registrations if r["scope"] == url]
                self.assertEqual([r["script"] for r in other], [url + "other-sw.js"], registrations)
                self.assertEqual([r["scope"] for r in registrations if (r["script"] or "").endswith("/sw.js") and "offline" not in r["script"]], [playground + API])
                if not prefix:
                    # The other app's worker has the playground's folder: the offline worker
                    # stays away.
                    self.assertFalse([r for r in registrations if (r["script"] or "").endswith("offline-sw.js")], registrations)
                pages = [url + "other/page.html"] + ([url] if prefix else [])
                for page in pages:
                    seen = self.probe(page, playground)
                    self.assertEqual(seen["controller"], url + "other-sw.js", f"{page} lost the other app's worker: {seen}")
                    self.assertEqual(seen["registration"], url)
                    self.assertTrue(seen["api"].startswith("404"), f"the playground's worker answered {page}: {seen}")
                    route = b.js_async("fetch('/other-app/route').then(r => r.text()).then(done, e => done(String(e)));")
                    self.assertEqual(route, "the other app's route")
                installs = b.js_async("caches.open('other-app').then(c => c.match('/installs')).then(r => r.text()).then(done, e => done(String(e)));")
                self.assertEqual(installs, "1", "the other app's worker was installed again (replaced) after the playground loaded")
                b.js_async("navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister()))).then(() => caches.delete('other-app')).then(() => done(true));")


if __name__ == "__main__":
    unittest.main()
