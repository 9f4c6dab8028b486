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
        b.wait("window.heard && window.heard.filter(m => m.type === 'ready').length >= 2", 20, "both embeds ready")
        # Both report their height, and the drop-in's iframe was sized from it.
        b.wait("window.heard.filter(m => m.type === 'resize' && m.id === 'drop-lock').length > 0", 10)
        height = b.js("return document.querySelector('#drop-lock iframe').style.height;")
        reported = self.heard("resize", "drop-lock")[-1]["height"]
        self.assertEqual(height, f"{reported}px")

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


if __name__ == "__main__":
    unittest.main()
