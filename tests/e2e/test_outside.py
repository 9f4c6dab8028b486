"""Attacks from outside, as an attacker would make them (reliability round three).

- **The sandbox page runs only as the playground's sandbox.** An attacker's page on another
  origin — of the same site (127.0.0.1 on another port) and of another site (localhost) —
  frames `static/code-sandbox.html` bare (it would run with the playground's origin) and with
  a `sandbox="allow-scripts"` of its own, starts it the way the playground does (a
  MessageChannel's port) and sends it a "Python" whose loader steals from the origin's Cache
  API and IndexedDB, poisons the kept Pyodide, and hands what it read back as its result.
  Nothing runs: the attacker hears nothing (no window message, nothing on its port), the
  frame shows a one-line notice, the cache and IndexedDB are as they were. The same from a
  plain static server that sends no header of its own (any host), and for the page opened on
  its own.
- **A kept Python is checked before it runs.** Every kept copy of the loader and of a
  virtual_asyncio module is overwritten with a same-sized poisoned one, under whatever key it
  is kept: the next run deletes them, fetches the shipped files again, says so, and runs the
  real Python.
- **Every address form of a private host is refused** from a page served on a public name
  (the browser maps play.example to 127.0.0.1): decimal, hex, octal, short, IPv4-mapped IPv6
  and the rest of `src/targets.rs`'s spellings, each naming the address, and a click on Run
  reaches no loopback server.
"""
import json
import time
import unittest

from browser import DIST, Browser, PagesServer, Server, free_port
from fixtures import FixtureServer
from test_own_code import LOAD_TIMEOUT, code_url


# The attacker's "Pyodide": a loader whose loadPyodide reads what a worker of the origin can
# reach, poisons the kept Python, and returns it all as the program's result.
THIEF = r"""
self.loadPyodide = async () => {
  const out = { origin: self.origin };
  try {
    const cache = await caches.open("asyncio-playground-python");
    await cache.put("/stolen-by-attacker", new Response("POISONED"));
    out.cache = (await cache.keys()).map((r) => r.url);
  } catch (e) { out.cache = "blocked " + e.name; }
  try {
    out.idb = await new Promise((ok, no) => { const r = indexedDB.open("victim"); r.onsuccess = () => ok("opened"); r.onerror = () => no(r.error); });
  } catch (e) { out.idb = "blocked " + e.name; }
  return { FS: { mkdirTree() {}, writeFile() {} }, globals: { set() {} }, version: "0.0-attacker",
           runPython: (code) => code.includes("sys.version") ? "3.14.2" : JSON.stringify({ result: null, error: { text: JSON.stringify(out) } }) };
};
"""

ATTACKER = """<!doctype html><meta charset="utf-8"><body>
<script>
window.heard = [];
addEventListener("message", (e) => heard.push({ on: "window", data: JSON.stringify(e.data) }));
const THIEF = %(thief)s;
function attack(frame) {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => heard.push({ on: "port", data: JSON.stringify(e.data) });
  // As the playground starts its sandbox: a port, then a run with Python's files.
  frame.contentWindow.postMessage({ type: "start" }, "*", [channel.port2]);
  const files = { "pyodide.js": THIEF, "pyodide.asm.js": "", "pyodide.asm.wasm": new ArrayBuffer(8), "python_stdlib.zip": new ArrayBuffer(8), "pyodide-lock.json": "{}" };
  setTimeout(() => channel.port1.postMessage({ type: "run", source: "print(1)", files, modules: {} }), 300);
}
</script>
<iframe id="bare" src="%(sandbox)s" onload="attack(this)"></iframe>
<iframe id="boxed" sandbox="allow-scripts" src="%(sandbox)s" onload="attack(this)"></iframe>
</body>"""


class SandboxFramedByAnotherOrigin(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.plain = PagesServer(directory=DIST)  # sends no header of its own: only the page's checks stand
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.plain.close()
        cls.server.close()

    def victim_state(self, origin):
        """The keys of the playground's cache, read on its origin."""
        b = self.browser
        b.get(origin + "static/favicon.svg")
        return b.js_async("caches.open('asyncio-playground-python').then(c => c.keys())"
                          ".then(keys => done(keys.map(r => new URL(r.url).pathname).sort()), e => done('error ' + e));")

    def plant_victim_data(self, origin):
        """Another app of the playground's origin keeps a token in its Cache API."""
        b = self.browser
        b.get(origin + "static/favicon.svg")
        b.js_async("caches.open('asyncio-playground-python').then(c => c.put('/victim-token', new Response('{\"token\": \"CACHE-SECRET-456\"}')))"
                   ".then(() => done(true), e => done(String(e)));")

    def attack(self, playground, attacker_host):
        b = self.browser
        thief_page = PagesServer({"/": ATTACKER % {"thief": json.dumps(THIEF), "sandbox": playground + "static/code-sandbox.html"}})
        try:
            self.plant_victim_data(playground)
            before = self.victim_state(playground)
            b.get(f"http://{attacker_host}:{thief_page.port}/")
            time.sleep(3)   # a real sandbox answers "ready" well within this (before any Python)
            heard = b.js("return window.heard;")
            notices = []
            for frame in ("#bare", "#boxed"):
                notices.append(b.in_frame(frame, "return document.body.innerText;"))
            after = self.victim_state(playground)
            return heard, notices, before, after
        finally:
            thief_page.close()

    def check(self, playground, attacker_host):
        heard, notices, before, after = self.attack(playground, attacker_host)
        self.assertEqual(heard, [], "the attacker heard from the sandbox")
        for text in notices:
            self.assertIn("asyncio playground's sandbox, and it runs nothing here", text)
        self.assertEqual(after, before, "the cache changed")
        self.assertNotIn("/stolen-by-attacker", after)

    def test_framed_by_another_origin_of_the_same_site_nothing_runs(self):
        self.check(self.server.url, "127.0.0.1")

    def test_framed_by_another_site_nothing_runs(self):
        self.check(self.server.url, "localhost")

    def test_on_a_host_that_sends_no_header_the_page_refuses_by_itself(self):
        self.check(f"http://127.0.0.1:{self.plain.port}/", "127.0.0.1")

    def test_opened_on_its_own_it_runs_nothing(self):
        b = self.browser
        for origin in (self.server.url, f"http://127.0.0.1:{self.plain.port}/"):
            b.get(origin + "static/code-sandbox.html")
            text = b.wait("document.body && document.body.innerText", 5, "the notice")
            self.assertIn("runs nothing here", text)

    def test_the_playground_still_runs_its_own_sandbox_from_the_plain_host(self):
        b = self.browser
        b.get(f"http://127.0.0.1:{self.plain.port}/?code=" + code_url("import asyncio\nasync def main():\n    print('mine')\nasyncio.run(main())\n"))
        b.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
        b.click_at("button.run")
        run = b.run_result(LOAD_TIMEOUT)
        self.assertEqual([e["detail"] for e in run["events"] if e["kind"] == "print"], ["mine"])


# Same-sized poisoned copies of what a run loads, as an attacker of the origin would leave them.
POISON_LOADER = ("export async function loadPyodide() { return { FS: { mkdirTree() {}, writeFile() {} }, globals: { set() {} }, version: '0.0-poisoned',"
                 " runPython: (c) => c.includes('sys.version') ? '3.14.2' : JSON.stringify({ result: null, error: { text: 'POISONED: this output was written by the attacker' } }) }; }\n")
POISON_MODULE = "raise SystemExit('POISONED module')\n"


class PoisonedCache(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.server.close()

    PROGRAM = "import asyncio\nasync def main():\n    print('the real Python')\nasyncio.run(main())\n"

    def run_program(self):
        b = self.browser
        b.get(self.server.url + "?code=" + code_url(self.PROGRAM))
        b.wait("document.querySelector('.own-code .cm-editor')", 20, "the editor")
        b.js("document.getElementById('run-result').textContent = 'null';")
        b.click_at("button.run")
        return b.run_result(LOAD_TIMEOUT)

    def cached(self, script):
        """Runs `script` (an async function body of `cache`, the playground's cache) on the page."""
        return self.browser.js_async("caches.open('asyncio-playground-python').then(async (cache) => {" + script + "}).then(done, e => done('error ' + e));")

    def test_a_poisoned_kept_python_is_fetched_again_and_never_runs(self):
        b = self.browser
        self.assertEqual([e["detail"] for e in self.run_program()["events"] if e["kind"] == "print"], ["the real Python"])
        # Every kept copy of the loader and of virtual_asyncio's run_page module, whatever its
        # key, becomes a poisoned one of exactly its size.
        poisoned = self.cached("""
            const out = [];
            for (const key of await cache.keys()) {
              const path = new URL(key.url).pathname;
              const kind = path.endsWith('/pyodide/3.14/pyodide.mjs') ? %s : path.endsWith('/virtual_asyncio/__init__.py') ? %s : null;
              if (kind === null) continue;
              const size = (await (await cache.match(key)).arrayBuffer()).byteLength;
              const body = kind + (kind.startsWith('export') ? '//' : '#') + ' '.repeat(Math.max(0, size - kind.length - 2));
              await cache.put(key, new Response(body.slice(0, size)));
              out.push(path);
            }
            return out;""" % (json.dumps(POISON_LOADER), json.dumps(POISON_MODULE)))
        self.assertEqual(sorted(p.rsplit("/", 1)[1] for p in poisoned), ["__init__.py", "pyodide.mjs"], poisoned)
        run = self.run_program()
        self.assertEqual([e["detail"] for e in run["events"] if e["kind"] == "print"], ["the real Python"])
        self.assertNotIn("poisoned", b.js("return document.querySelector('.code-python').textContent;"))
        note = b.js("return document.querySelector('.code-repaired').textContent;")
        self.assertIn("pyodide.mjs", note)
        self.assertIn("__init__.py", note)
        self.assertIn("fetched again", note)
        # What is kept now is the server's file again.
        kept = self.cached("""
            for (const key of await cache.keys()) {
              if (!new URL(key.url).pathname.endsWith('/pyodide/3.14/pyodide.mjs')) continue;
              const text = await (await cache.match(key)).text();
              const served = await (await fetch(new URL(key.url).pathname)).text();
              return text === served;
            }
            return 'none kept';""")
        self.assertIs(kept, True)


# Loopback as a page on a public name might be asked to reach it.
SPELLINGS = ["http://2130706433:{port}/count", "http://0x7f000001:{port}/count", "http://127.1:{port}/count",
             "http://0177.0.0.1:{port}/count", "http://[::ffff:127.0.0.1]:{port}/count", "http://127.0.0.1.:{port}/count",
             "http://%31%32%37.0.0.1:{port}/count", "http://0:{port}/count", "http://LOCALHOST.:{port}/count"]


class PrivateSpellings(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.fixture = FixtureServer()
        # The playground on a public name: play.example is 127.0.0.1 to this browser only.
        cls.browser = Browser(extra_args=["--host-resolver-rules=MAP play.example 127.0.0.1"])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.fixture.close()
        cls.server.close()

    def test_every_spelling_of_loopback_is_refused_from_a_public_page(self):
        b = self.browser
        page = f"http://play.example:{self.server.port}/"
        port = self.fixture.url.rsplit(":", 1)[1].strip("/")
        self.fixture.reset()
        for spelling in SPELLINGS:
            with self.subTest(spelling=spelling):
                target = spelling.format(port=port)
                b.get(page + "?scenario=bounded-fetch&urls=1&clock=real&scale=1&targets=" + target.replace("%", "%25"))
                message = b.wait("document.querySelector('.field.invalid .field-error')?.textContent", 10, "the refusal")
                # A percent-encoded host is refused before its address is read: the field
                # takes only plain hosts.
                self.assertIn("targets must not include" if "%" not in spelling else "targets must be http:// or https:// URLs", message)
                self.assertIn("is a private or loopback address" if "%" not in spelling else "%31%32%37", message)
                self.assertTrue(b.js("return document.querySelector('button.run').disabled;"))
        time.sleep(0.5)
        self.assertEqual(self.fixture.get("count"), 0, "a loopback server was reached")
        # The same target from a page served on the loopback address itself is the learner's own server.
        b.get(self.server.url + "?scenario=bounded-fetch&urls=1&clock=real&scale=1&targets=" + SPELLINGS[0].format(port=port))
        b.wait("document.querySelector('button.run') && !document.querySelector('button.run').disabled", 10, "Run enabled")
        b.click_at("button.run")
        self.assertEqual(b.run_result(15)["outcome"]["ok"], 1)
        self.assertEqual(self.fixture.get("count"), 1)


if __name__ == "__main__":
    unittest.main()
