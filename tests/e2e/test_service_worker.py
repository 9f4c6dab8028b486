"""The simulated API's service worker stays in its place (issue 23): the bundle served at the
origin's root, beside another app whose worker is registered at scope `/`. The playground
registers its worker for its own folder's `__asyncio_playground_api__/` only, never replaces
or unregisters the other app's worker, still answers bounded-fetch over real fetch(), and a
changed sw.js takes effect on the next load."""
import os
import shutil
import tempfile
import unittest

from browser import DIST, Browser, Server

# Another app on the same origin: its worker, registered at scope "/", answers its own route.
OTHER_SW = """
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).pathname === "/other-app/route")
    event.respondWith(new Response("the other app's route", { headers: { "content-type": "text/plain" } }));
});
"""
OTHER_PAGE = """<!doctype html><meta charset="utf-8"><title>Another app</title>
<p>Another app on the playground's origin.</p>
<script src="register.js"></script>
"""
OTHER_REGISTER = """
window.registered = navigator.serviceWorker.register("/other-sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
"""
# Put in front of the bundle's sw.js for the update test: every simulated-API answer fails.
UPDATE = """// changed: every answer of the simulated API is a network failure
self.addEventListener("fetch", (event) => {
  if (new URL(event.request.url).searchParams.has("latency")) {
    event.stopImmediatePropagation();
    event.respondWith(Response.error());
  }
});
"""
API = "__asyncio_playground_api__/"
FETCH = "?scenario=bounded-fetch&clock=real&scale=1&autorun=1&urls=6&max_concurrent=3&latency=0.05"


def bundle_beside_another_app():
    """dist/ at the root of a temporary folder (linked, except sw.js, which is copied so a
    test may change it), with another app's page and worker."""
    dist = DIST
    root = tempfile.mkdtemp(prefix="asyncio-playground-sw-")
    for name in os.listdir(dist):
        if name.startswith("sw.js"):
            continue  # no precompressed copy: the test's changes must be what is served
        os.symlink(os.path.join(dist, name), os.path.join(root, name))
    shutil.copy(os.path.join(dist, "sw.js"), os.path.join(root, "sw.js"))
    os.makedirs(os.path.join(root, "other-app"))
    for path, text in [("other-sw.js", OTHER_SW), ("other-app/index.html", OTHER_PAGE), ("other-app/register.js", OTHER_REGISTER)]:
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    return root


class ServiceWorkerPlace(unittest.TestCase):
    def setUp(self):
        self.root = bundle_beside_another_app()
        self.server = Server(self.root)
        self.browser = Browser()

    def tearDown(self):
        self.browser.close()
        self.server.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def registrations(self):
        return self.browser.js("return navigator.serviceWorker.getRegistrations().then(rs => rs.map(r => ({"
                               "scope: r.scope, script: (r.active || r.waiting || r.installing || {}).scriptURL})));")

    def run_fetch(self):
        b = self.browser
        b.get(self.server.url + FETCH)
        return b.run_result(30)

    def test_the_playground_at_the_root_leaves_another_apps_worker_alone(self):
        b, url = self.browser, self.server.url
        b.get(url + "other-app/index.html")
        b.js("return window.registered.then(() => true);")
        b.get(url + "other-app/index.html")
        b.wait("navigator.serviceWorker.controller", 10, "the other app's worker controlling its page")

        run = self.run_fetch()
        outcome = run["outcome"]
        self.assertEqual((outcome["ok"], outcome["errors"]), (6, []), "bounded-fetch got its answers")
        self.assertEqual(run["wall"]["requests"]["sent"], 6, "over fetch(), answered by the service worker (not timers in the page)")

        registrations = self.registrations()
        other = [r for r in registrations if r["scope"] == url]
        self.assertEqual(len(other), 1, f"the other app's registration at / is still there: {registrations}")
        self.assertEqual(other[0]["script"], url + "other-sw.js", "and still runs the other app's worker")
        ours = [r for r in registrations if (r["script"] or "").endswith("/sw.js")]
        self.assertEqual([r["scope"] for r in ours], [url + API], "the playground's one registration is scoped to its own folder's API path")

        b.get(url + "other-app/index.html")
        controller = b.wait("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL", 10, "a controller")
        self.assertEqual(controller, url + "other-sw.js", "the other app's page is still controlled by its own worker")
        route = b.js("return fetch('/other-app/route').then(r => r.text());")
        self.assertEqual(route, "the other app's route", "and its routes still work")

    def test_a_changed_sw_js_takes_effect_on_the_next_load(self):
        first = self.run_fetch()
        self.assertEqual(first["outcome"]["ok"], 6)
        with open(os.path.join(self.root, "sw.js")) as f:
            original = f.read()
        with open(os.path.join(self.root, "sw.js"), "w") as f:
            f.write(UPDATE + original)
        run = self.run_fetch()
        errors = run["outcome"]["errors"]
        self.assertEqual(run["wall"]["requests"]["sent"], 6)
        self.assertEqual(len(errors), 6, f"the very next load answers from the new sw.js (every answer fails): {run['outcome']}")
        self.assertTrue(all("Cannot connect" in e["message"] for e in errors), errors)

    def test_an_embed_on_another_origin_fetches_from_its_worker(self):
        from fixtures import FixtureServer
        fixture = FixtureServer()
        try:
            b = self.browser
            b.get(fixture.url + "host.html")
            b.js("const f = document.createElement('iframe'); f.id = 'embed'; f.height = 600;"
                 "f.src = arguments[0] + 'index.html?embed=1&id=sw&scenario=bounded-fetch&clock=real&scale=1&urls=4&max_concurrent=4&latency=0.05';"
                 "document.body.append(f);", self.server.url)
            b.wait("window.heard.some(m => m.type === 'ready')", 30, "the embed")
            b.enter_frame("#embed")
            try:
                b.wait("document.getElementById('asyncio-playground-api')?.contentWindow?.navigator.serviceWorker.controller", 20, "the API frame")
            finally:
                b.leave_frames()
            b.js("document.getElementById('embed').contentWindow.postMessage({type: 'run'}, '*');")
            result = b.wait("window.heard.find(m => m.type === 'run-finished')", 20, "the run")["result"]
            self.assertEqual(result["outcome"]["ok"], 4)
            self.assertEqual(result["wall"]["requests"]["sent"], 4, "answered by the service worker, through the embed's hidden frame")
        finally:
            fixture.close()


if __name__ == "__main__":
    unittest.main()
