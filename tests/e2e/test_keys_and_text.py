"""Regression tests for issue 23 (keys, origins, text), against the release bundle: each
reproduces a defect as the outside audit found it and checks that it stays fixed.

- keys in linear time, at most 1 000: a URL with 100 000 keys froze the tab 42.6 s, an
  embed's `set-params` with 100 000 keys 31.4 s;
- origins checked once: `origin=*` was reported invalid yet used, `origin=http://LOCALHOST:…`
  passed the check but its messages were dropped;
- text that cannot deceive: a right-to-left override in a value reordered the message,
  `lang=HI` was refused while the page spoke Hindi, an unreadable `code=` with `autorun=1`
  ran the default scenario, a too-long embed parameter was not named.

The longest main-thread task is read from a `PerformanceObserver` of `longtask` entries (the
issue's measure); the bound asserted is the issue's, 1 s.
"""
import json
import os
import time
import unittest

from fixtures import FixtureTestCase

# Records the longest task from now on in window.__longest (ms).
WATCH_LONG_TASKS = """window.__longest = 0;
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration); })
  .observe({type: 'longtask'});"""


class KeysOriginsText(FixtureTestCase):
    def tearDown(self):
        self.browser.get("about:blank")

    def notices(self):
        return self.browser.js("return [...document.querySelectorAll('.field-error, .notice')].map(e => e.textContent).join(' | ');")

    def embed(self, query, host=None):
        """The fixture's host page (another origin) with one iframe embed."""
        b = self.browser
        b.get((host or self.fixture.url) + "host.html")
        b.js("const f = document.createElement('iframe'); f.id = 'embed'; f.height = 600;"
             "f.src = arguments[0] + 'index.html?embed=1&id=k&' + arguments[1]; document.body.append(f);", self.server.url, query)
        return "document.getElementById('embed').contentWindow.postMessage"

    def test_a_url_with_100000_keys_is_read_up_to_the_cap_without_freezing_the_tab(self):
        b = self.browser
        b.get(self.server.url + "?scenario=gather&tasks=2")
        b.wait("document.querySelector('button.run')", 10, "the app")
        # A static server refuses a URL this long, so the page gets it as a history entry (Back/Forward).
        b.js("history.pushState(null, '', '?scenario=gather&' + Array.from({length: 100000}, (_, i) => 'k' + i + '=1').join('&'));")
        b.js(WATCH_LONG_TASKS)
        started = time.time()
        b.js("setTimeout(() => dispatchEvent(new PopStateEvent('popstate')), 50);")
        notice = b.wait("[...document.querySelectorAll('.notice')].map(e => e.textContent).find(t => t.includes('at most 1000 keys'))", 30,
                        "the notice naming the cap")
        took = time.time() - started
        self.assertIn("the URL has 100001 keys, at most 1000 keys are allowed: only the first 1000 were read", notice)
        longest = b.js("return new Promise(r => setTimeout(() => r(window.__longest), 200));")
        print(f"\n    a URL of 100 000 keys: shown in {took:.2f} s, longest task {longest:.0f} ms", end=" ")
        self.assertLess(longest, 1000, f"the longest task took {longest:.0f} ms (42.6 s before the fix)")
        self.assertLess(took, 10, f"{took:.1f} s until the page said so")
        # The same from a link, as long as a server takes: 6 000 keys.
        b.get(self.server.url + "?scenario=gather&" + "&".join(f"k{i}=1" for i in range(6000)))
        notice = b.wait("[...document.querySelectorAll('.notice')].map(e => e.textContent).find(t => t.includes('at most 1000 keys'))", 15,
                        "the notice naming the cap")
        self.assertIn("the URL has 6001 keys", notice)
        # And a valid run afterwards.
        b.js("document.getElementById('run-result').textContent = 'null'; document.querySelector('button.run').click();")
        self.assertEqual(b.run_result(20)["scenario"], "gather")
        self.assertEqual(b.errors(), [])

    def test_set_params_with_100000_keys_is_refused_at_once_naming_the_cap(self):
        b = self.browser
        send = self.embed("scenario=gather&tasks=2")
        b.wait("window.heard.some(m => m.type === 'ready')", 15, "the embed")
        b.in_frame("#embed", WATCH_LONG_TASKS)
        started = time.time()
        b.js(send + "({type: 'set-params', params: Object.fromEntries(Array.from({length: 100000}, (_, i) => ['k' + i, i]))}, '*');")
        rejected = b.wait("window.heard.find(m => m.type === 'rejected')", 30, "the rejection")
        took = time.time() - started
        self.assertEqual(rejected["reason"], "set-params: too many keys: 100000 given, at most 1000 keys are allowed")
        longest = b.in_frame("#embed", "return new Promise(r => setTimeout(() => r(window.__longest), 200));")
        print(f"\n    set-params of 100 000 keys: answered in {took:.2f} s, longest task {longest:.0f} ms", end=" ")
        self.assertLess(longest, 1000, f"the embed's longest task took {longest:.0f} ms (31.4 s before the fix)")
        self.assertLess(took, 10, f"{took:.1f} s to answer")
        # A parameter that is too long is named, with its length.
        b.js(send + "({type: 'set-params', params: {tasks: '9'.repeat(5000)}}, '*');")
        reason = b.wait("window.heard.filter(m => m.type === 'rejected')[1]?.reason", 10, "the second rejection")
        self.assertEqual(reason, 'parameter "tasks" is too long: at most 4000 characters (got 5000)')
        # Still answers a valid run.
        b.js(send + "({type: 'run'}, '*');")
        finished = b.wait("window.heard.find(m => m.type === 'run-finished')", 15, "the run")
        self.assertEqual(finished["result"]["params"]["tasks"], 2)

    def test_an_invalid_origin_is_never_used(self):
        b = self.browser
        send = self.embed("scenario=gather&tasks=2&origin=*")
        b.wait("document.getElementById('embed').contentWindow.length >= 0", 5)
        time.sleep(3)
        b.js(send + "({type: 'run'}, '*');")
        time.sleep(1)
        self.assertEqual(b.js("return window.heard;"), [], "a host on no allowed origin heard the embed")
        notice = b.in_frame("#embed", "return document.querySelector('.notice')?.textContent || '';")
        self.assertIn("origin must be", notice)
        self.assertEqual(b.in_frame("#embed", "return document.getElementById('run-result').textContent;"), "null", "it obeyed the host")

    def test_an_origin_in_capitals_is_the_same_origin(self):
        b = self.browser
        port = self.fixture.url.rstrip("/").rsplit(":", 1)[1]
        send = self.embed(f"scenario=gather&tasks=2&origin=http://LOCALHOST:{port}", host=f"http://localhost:{port}/")
        ready = b.wait("window.heard.find(m => m.type === 'ready')", 15, "ready, at the host in capitals")
        self.assertEqual(ready["from"], self.server.url.rstrip("/"))
        b.js(send + "({type: 'run'}, '*');")
        finished = b.wait("window.heard.find(m => m.type === 'run-finished')", 15, "the run the host asked for")
        self.assertEqual(finished["result"]["scenario"], "gather")
        self.assertEqual(b.in_frame("#embed", "return document.querySelector('.notice')?.textContent || '';"), "", "the origin was valid")

    def test_lang_in_capitals_or_with_a_region_is_accepted_as_the_page_reads_it(self):
        b = self.browser
        for tag in ["HI", "hi-IN", "Bn_bd"]:
            b.get(self.server.url + f"?scenario=sleep&lang={tag}")
            b.wait("document.querySelector('button.run')", 10, "the app")
            self.assertEqual(b.js("return document.documentElement.lang;"), tag[:2].lower(), tag)
            self.assertEqual(self.notices(), "", f"lang={tag} is spoken, and not reported as invalid")
        b.get(self.server.url + "?scenario=sleep&lang=fr")
        b.wait("document.querySelector('.notice')", 10, "a notice")
        # (The languages as the contract lists them, in Lang::ALL's order: the docs packages' schema.)
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "python", "asyncio_playground", "schema.json"), encoding="utf-8") as f:
            allowed = next(k["allowed"] for k in json.load(f)["page_keys"] if k["name"] == "lang")
        self.assertTrue(allowed.startswith("one of en, hi, bn"), allowed)
        self.assertIn(f'lang must be {allowed} (got "fr")', self.notices())

    def test_an_unreadable_code_with_autorun_says_so_and_runs_nothing(self):
        b = self.browser
        for code in ["@@not-base64@@", "A" * 8196]:
            b.get(self.server.url + f"?scenario=sleep&autorun=1&code={code}")
            notice = b.wait("[...document.querySelectorAll('.notice')].map(e => e.textContent).join(' | ') || null", 10, "a notice")
            self.assertIn("code must be base64url", notice, code[:20])
            self.assertIn("autorun=1 was not followed", notice, code[:20])
            time.sleep(1.5)
            self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null",
                             f"code={code[:20]}…: the default scenario ran instead")
        self.assertEqual(b.errors(), [])

    def test_a_right_to_left_override_in_a_value_cannot_reorder_the_message(self):
        b = self.browser
        b.get(self.server.url + "?scenario=gather&tasks=%E2%80%AE0%20tog")
        message = b.wait("document.querySelector('.field-error')?.textContent", 10, "the field's message")
        self.assertNotIn("\u202e", message)
        self.assertIn("(got \"\u2068\ufffd0 tog\u2069\")", message)
        b.get(self.server.url + "?scenario=gather&%E2%80%AEx=1")
        notice = b.wait("document.querySelector('.notice')?.textContent", 10, "a notice")
        self.assertIn("unknown parameter \"\u2068\ufffdx\u2069\"", notice)


if __name__ == "__main__":
    unittest.main()
