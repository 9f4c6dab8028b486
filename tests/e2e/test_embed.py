"""Embedding: a host page with an iframe and a drop-in playground, both live, both
reporting over postMessage; malformed messages are ignored without breaking either."""
import unittest

from browser import BrowserTestCase


class Embed(BrowserTestCase):
    def heard(self, kind, embed_id):
        return self.browser.js("return window.heard.filter(m => m.type === arguments[0] && m.id === arguments[1]);", kind, embed_id)

    def run_and_wait(self, js_run, embed_id, count):
        self.browser.js(js_run)
        self.browser.wait(f"window.heard.filter(m => m.type === 'run-finished' && m.id === '{embed_id}').length >= {count}", 15,
                          f"run-finished from {embed_id}")
        return self.heard("run-finished", embed_id)[-1]["result"]

    def test_two_playgrounds_render_run_and_report_and_survive_bad_messages(self):
        b = self.browser
        b.get(self.server.url + "static/embed-example.html")
        # The drop-in mounts when scrolled into view (the iframe above it grows to its content).
        b.wait("document.getElementById('drop-lock')", 10)
        b.js("document.getElementById('drop-lock').scrollIntoView();")
        b.wait("window.heard && window.heard.filter(m => m.type === 'ready').length >= 2", 20, "both embeds ready")
        # Both report their height (several times while they lay out), and each iframe follows
        # the latest report: the drop-in's through embed.js, the plain one through the page.
        for frame in ["#drop-lock iframe", "#frame-gather"]:
            embed_id = "drop-lock" if frame.startswith("#drop") else "frame-gather"
            b.wait(f"(() => {{ const r = window.heard.filter(m => m.type === 'resize' && m.id === '{embed_id}');"
                   f" return r.length > 0 && document.querySelector('{frame}').style.height === Math.ceil(r[r.length - 1].height) + 'px'; }})()",
                   10, f"{frame} sized from its last reported height")

        send = "document.getElementById('frame-gather').contentWindow.postMessage({type: 'run'}, '*');"
        gather = self.run_and_wait(send, "frame-gather", 1)
        self.assertEqual(gather["scenario"], "gather")
        self.assertEqual(gather["outcome"]["concurrent_elapsed"], 0.5)

        lock = self.run_and_wait("document.getElementById('drop-lock').asyncioPlayground.run();", "drop-lock", 1)
        self.assertEqual(lock["params"]["workers"], 20)
        self.assertEqual(lock["outcome"]["lost_updates"], 19)

        # Malformed and hostile messages are ignored (and said so); HTML is never inserted.
        for bad in ["'run'", "[1, 2]", "{type: 'explode'}", "{type: 'set-params', params: {workers: {html: '<img src=x onerror=alert(1)>'}}}",
                    "{type: 'set-params', params: '<b>bold</b>'}"]:
            b.js(f"document.querySelector('#drop-lock iframe').contentWindow.postMessage({bad}, '*');")
        b.wait("window.heard.filter(m => m.type === 'rejected' && m.id === 'drop-lock').length >= 5", 10, "five rejections")
        self.assertEqual(b.js("return document.querySelectorAll('img').length;"), 0)

        # Both still work: new parameters, then a run each.
        b.js("document.getElementById('drop-lock').asyncioPlayground.setParams({workers: 7, use_lock: true});")
        lock = self.run_and_wait("document.getElementById('drop-lock').asyncioPlayground.run();", "drop-lock", 2)
        self.assertEqual(lock["params"]["workers"], 7)
        self.assertEqual(lock["outcome"]["lost_updates"], 0)
        gather = self.run_and_wait(send, "frame-gather", 2)
        self.assertEqual(gather["scenario"], "gather")

    def test_an_embed_with_an_origin_allow_list_ignores_other_origins(self):
        b = self.browser
        b.get(self.server.url + "?embed=1&id=strict&scenario=sleep&origin=https://docs.example")
        b.wait("document.querySelector('button.run')", 10)
        # The page itself (another origin than docs.example) asks it to run: ignored.
        b.js("window.postMessage({type: 'run'}, '*');")
        import time
        time.sleep(0.5)
        self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null")

    def test_theme_dark_under_a_light_system_and_set_theme(self):
        b = self.browser
        b.get(self.server.url + "?embed=1&id=themed&scenario=sleep&theme=dark")
        b.wait("document.querySelector('button.run')", 10)
        self.assertFalse(b.js("return matchMedia('(prefers-color-scheme: dark)').matches;"), "the system is light")
        background = "return getComputedStyle(document.body).backgroundColor;"
        self.assertEqual(b.js(background), "rgb(21, 23, 27)")
        self.assertEqual(b.js("return getComputedStyle(document.querySelector('.panel')).backgroundColor;"), "rgb(29, 32, 38)")
        b.js("window.postMessage({type: 'set-theme', theme: 'light'}, '*');")
        b.wait("getComputedStyle(document.body).backgroundColor === 'rgb(247, 247, 245)'", 5, "light after set-theme")
        b.js("window.postMessage({type: 'set-theme', theme: 'blue'}, '*'); window.postMessage({type: 'set-theme', theme: 'dark'}, '*');")
        b.wait("getComputedStyle(document.body).backgroundColor === 'rgb(21, 23, 27)'", 5, "dark after set-theme")
        b.js("window.postMessage({type: 'set-theme', theme: 'auto'}, '*');")
        b.wait("!document.documentElement.hasAttribute('data-theme')", 5)
        self.assertEqual(b.js(background), "rgb(247, 247, 245)", "auto: the system's light scheme")
        # A bad theme in the URL is named with what it allows.
        b.get(self.server.url + "?embed=1&scenario=sleep&theme=blue")
        notice = b.wait("document.querySelector('.notice')?.textContent", 10)
        self.assertEqual(notice, 'theme must be one of light, dark, auto (got "blue")')

    def test_elements_added_later_are_mounted(self):
        b = self.browser
        b.get(self.server.url + "static/embed-example.html")
        # The drop-in mounts when scrolled into view (the iframe above it grows to its content).
        b.wait("document.getElementById('drop-lock')", 10)
        b.js("document.getElementById('drop-lock').scrollIntoView();")
        b.wait("window.heard && window.heard.filter(m => m.type === 'ready').length >= 2", 20, "both embeds ready")
        b.js("const d = document.createElement('div'); d.id = 'late'; d.setAttribute('data-asyncio-playground', 'sleep');"
             "d.setAttribute('data-params', 'delay=0.25&theme=dark'); document.body.prepend(d); d.scrollIntoView();")
        b.wait("window.heard.filter(m => m.type === 'ready' && m.id === 'late').length === 1", 20, "the late element's playground")
        src = b.js("return document.querySelector('#late iframe').src;")
        self.assertIn("delay=0.25", src)
        self.assertIn("theme=dark", src)
        self.assertEqual(src.count("theme="), 1, "a theme in data-params is kept, not the host's")


if __name__ == "__main__":
    unittest.main()
