"""What a learner and a docs author tripped over (issue 30), one regression test each:

- words left in English on Hindi and Bengali pages: the scenario buttons, the result rows'
  labels, the mistakes headline's BAD/GOOD, the Compare switch's raw `mode=sequential`;
- marks and numbers that contradict the run: deadline marks of deadlines that never fired
  (drawn at the lane's right edge), two "elapsed" with no word on the difference, the real
  clock's speed unsaid, ratios with six decimals;
- controls that do not look like controls: collapsibles with no disclosure marker, "?" on a
  touch screen listing keyboard shortcuts, a see-through run bar 155 px tall on a phone;
- embeds on phones: 1576 px tall before a run, Run that seems to do nothing (the result far
  below, nothing scrolled), "Edit and run this program" loading the app inside the frame.
"""
import json
import re
import time
import unittest

from browser import LANGS, SCRIPTS, TRANSLATIONS, BrowserTestCase
from fixtures import FixtureServer



def in_script(text, lang):
    lo, hi = SCRIPTS[lang]
    return any(lo <= c <= hi for c in text)


class Issue30(BrowserTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.fixture = FixtureServer()

    @classmethod
    def tearDownClass(cls):
        cls.fixture.close()
        super().tearDownClass()

    def open(self, query, width=1280, height=800):
        b = self.browser
        b.resize(width, height)
        b.get(self.server.url + "index.html?" + query)
        b.wait_for_app()  # (not any '.run-bar button': a lesson's copy, a link's too, has one)

    def run_once(self):
        b = self.browser
        b.js("document.getElementById('run-result').textContent = 'null';")
        b.js("document.querySelector('.run-bar button.run').click();")
        return b.run_result(30)

    # --- English left in Hindi and Bengali -------------------------------------------------

    def test_scenario_buttons_are_named_in_the_readers_language(self):
        for lang in TRANSLATIONS:
            self.open(f"scenario=gather&lang={lang}")
            names = self.browser.js("return [...document.querySelectorAll('.picker .pick')].map(b => b.innerText.replace(/^\\s*\\d+\\s*/, ''));")
            self.assertEqual(len(names), 8)
            self.assertEqual([n for n in names if not in_script(n, lang)], [], f"{lang}: {names}")
            # The id stays where it is code: the URL.
            self.assertIn("scenario=gather", self.browser.js("return location.search;"))

    def test_on_a_phone_the_current_scenario_button_is_in_view(self):
        b = self.browser
        for lang in LANGS:
            for sid in ["taskgroup", "bounded-fetch", "mistakes"]:
                self.open(f"scenario={sid}&lang={lang}", 360, 740)
                b.wait("document.querySelector('.pick.current')", 10)
                box = b.js("const r = document.querySelector('.pick.current').getBoundingClientRect(); return [r.left, r.right];")
                self.assertTrue(0 <= box[0] and box[1] <= 360, f"{lang} {sid}: the current button spans {box} of a 360 px row")
                self.assertEqual(b.js("return window.scrollY;"), 0, "the page itself did not scroll")

    def test_every_result_row_is_labelled_in_the_readers_language(self):
        cases = ["lock&use_lock=false", "mistakes", "taskgroup&mode=gather", "gather", "timeout", "blocking", "bounded-fetch&urls=12"]
        for lang in TRANSLATIONS:
            for case in cases:
                self.open(f"scenario={case}&lang={lang}")
                self.run_once()
                labels = self.browser.js("""return [...document.querySelectorAll('#results .result dt')].map(dt => {
                    const c = dt.cloneNode(true); c.querySelectorAll('code').forEach(x => x.remove()); return c.textContent.trim(); });""")
                self.assertTrue(labels, f"{lang} {case}: no rows")
                self.assertEqual([l for l in labels if not in_script(l, lang)], [], f"{lang} {case}: {labels}")
                # yes / no values are words of the language, never a raw key beside them.
                values = self.browser.js("return [...document.querySelectorAll('#results .result dd')].map(d => d.textContent);")
                self.assertFalse([v for v in values if v.strip() in ("true", "false")], values)

    def test_the_mistakes_headline_has_no_english_bad_and_good(self):
        for lang in TRANSLATIONS:
            self.open(f"scenario=mistakes&variant=forgot_await&lang={lang}")
            self.run_once()
            headline = self.browser.js("return document.querySelector('#results .headline').textContent;")
            self.assertNotRegex(headline, r"\b(BAD|GOOD)\b", f"{lang}: {headline}")
            self.assertTrue(in_script(headline, lang), headline)

    def test_the_compare_switch_is_in_words(self):
        for lang in LANGS:
            for scenario in ["gather", "lock", "blocking", "taskgroup", "timeout", "bounded-fetch"]:
                self.open(f"scenario={scenario}&lang={lang}")
                text = self.browser.js("return document.querySelector('.run-bar .compare').textContent;")
                self.assertNotIn("=", text, f"{lang} {scenario}: {text}")
                self.assertIn("↔", text, f"{lang} {scenario}: {text}")
                if lang != "en":
                    self.assertTrue(in_script(text, lang), text)
            # The compared runs' labels say the same words.
            self.open(f"scenario=gather&lang={lang}&compare=1")
            self.run_once()
            heads = self.browser.js("return [...document.querySelectorAll('#results .result h3')].map(h => h.textContent);")
            self.assertEqual(len(heads), 2)
            self.assertFalse([h for h in heads if "=" in h], heads)

    # --- Numbers that contradict -------------------------------------------------------------

    def test_no_deadline_mark_for_a_deadline_that_never_fired(self):
        self.open("scenario=bounded-fetch&lang=en")
        result = self.run_once()
        self.assertEqual(result["outcome"]["errors"], [])
        marks = self.browser.js("return document.querySelectorAll('.lanes .mark-deadline').length;")
        self.assertEqual(marks, 0, "no request timed out: no ⏰")
        # A deadline that fired is drawn where it fired, inside the run's span.
        self.open("scenario=timeout&lang=en")
        result = self.run_once()
        self.assertTrue(result["outcome"]["timed_out"])
        self.assertEqual(self.browser.js("return document.querySelectorAll('.lanes .mark-deadline').length;"), 1)

    def test_two_elapsed_values_come_with_a_sentence_on_what_each_measures(self):
        for lang in LANGS:
            self.open(f"scenario=taskgroup&mode=gather&lang={lang}")
            result = self.run_once()
            self.assertNotEqual(result["outcome"]["elapsed"], result["elapsed"])
            rows = self.browser.js("return [...document.querySelectorAll('#results .result dt')].filter(d => /elapsed/.test(d.textContent) || d.classList.contains('elapsed')).length;")
            note = self.browser.js("return document.querySelector('#results .elapsed-note')?.textContent || '';")
            self.assertTrue(rows <= 1 or note, f"{lang}: {rows} elapsed rows and no sentence")
            if note:
                self.assertIn(f"{result['outcome']['elapsed']:g}", note)
                self.assertIn(f"{result['elapsed']:g}", note)
                if lang != "en":
                    self.assertTrue(in_script(note, lang), note)
            # Where both say the same, one row.
            self.open(f"scenario=timeout&lang={lang}")
            self.run_once()
            rows = self.browser.js("return [...document.querySelectorAll('#results .result dt')].filter(d => /elapsed/.test(d.textContent) || d.classList.contains('elapsed')).length;")
            self.assertEqual(rows, 1, lang)

    def test_ratios_are_rounded_for_people_and_the_run_result_keeps_full_precision(self):
        self.open("scenario=gather&tasks=3&delay=0.7&clock=real&scale=0.05&lang=en")
        result = self.run_once()
        speedup = result["outcome"]["speedup"]
        shown = self.browser.js("""return [...document.querySelectorAll('#results .result dt')]
            .filter(d => d.textContent.includes('speedup')).map(d => d.nextElementSibling.textContent)[0];""")
        self.assertIsNotNone(shown)
        self.assertRegex(shown, r"^\d+(\.\d)?×$", shown)
        self.assertAlmostEqual(float(shown.rstrip("×")), round(speedup, 1), places=6)
        headline = self.browser.js("return document.querySelector('#results .headline').textContent;")
        self.assertIn(shown.rstrip("×") + "×", headline, "the headline and the row say the same")

    def test_the_real_clock_states_its_speed(self):
        for lang in LANGS:
            self.open(f"scenario=gather&tasks=2&delay=0.5&clock=real&scale=0.1&lang={lang}")
            result = self.run_once()
            speed = self.browser.js("return document.querySelector('#results .speed')?.textContent || '';")
            self.assertIn("10×", speed, f"{lang}: {speed!r}")
            numbers = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", speed)]
            self.assertTrue(any(abs(x - result["elapsed"]) < 1e-6 for x in numbers), f"the guide's time {result['elapsed']} in {speed!r}")
            # rounded to 3 decimals for people (the page's rounding and Python's may differ on a tie)
            self.assertTrue(any(abs(x - result["wall"]["elapsed"]) <= 0.0005 + 1e-9 for x in numbers),
                            f"the wall time {result['wall']['elapsed']} in {speed!r}")
            if lang != "en":
                self.assertTrue(in_script(speed, lang), speed)

    # --- Controls that look like controls ----------------------------------------------------

    def test_every_collapsible_has_a_disclosure_marker(self):
        for width in [360, 1280]:
            self.open("scenario=gather&lang=en", width, 740)
            self.run_once()
            bare = self.browser.js("""return [...document.querySelectorAll('details > summary')].filter(s => {
                const d = getComputedStyle(s).display; const before = getComputedStyle(s, '::before').content;
                return d !== 'list-item' && (!before || before === 'none' || before === 'normal'); }).map(s => s.textContent.slice(0, 30));""")
            self.assertEqual(bare, [], f"{width}: summaries without a marker")

    def touch(self, on):
        b = self.browser
        b.cdp("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5} if on else {"enabled": False})
        b.cdp("Emulation.setEmitTouchEventsForMouse", {"enabled": on, "configuration": "mobile"})

    def test_help_on_a_touch_screen_is_about_touch(self):
        b = self.browser
        try:
            self.touch(True)
            self.open("scenario=gather&lang=hi", 360, 740)
            self.assertTrue(b.js("return matchMedia('(pointer: coarse)').matches || matchMedia('(hover: none)').matches;"),
                            "touch emulation makes the pointer coarse")
            b.js("document.querySelector('.run-bar .help-button').click();")
            b.help_dialog_open()
            shown = b.js("""const d = document.querySelector('dialog.help-dialog');
                const vis = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
                return {kbd: [...d.querySelectorAll('kbd')].filter(vis).length, touch: [...d.querySelectorAll('.help-touch')].filter(vis).map(e => e.textContent),
                        title: d.querySelector('h2').textContent};""")
            self.assertEqual(shown["kbd"], 0, "no keyboard keys on a touch screen")
            self.assertTrue(shown["touch"], "touch help is shown")
            self.assertTrue(all(in_script(t, "hi") for t in shown["touch"]), shown)
        finally:
            self.touch(False)
        self.open("scenario=gather&lang=en", 1280, 800)
        b.js("document.querySelector('.run-bar .help-button').click();")
        b.help_dialog_open()
        self.assertGreater(b.js("return [...document.querySelectorAll('dialog.help-dialog kbd')].filter(e => e.getClientRects().length > 0).length;"), 0,
                           "keys where there is a keyboard")

    def test_the_run_bar_is_opaque_and_at_most_96_px_tall_on_a_phone(self):
        for lang in LANGS:
            for query in [f"scenario=gather&lang={lang}", f"scenario=lock&lang={lang}&predict=1", f"scenario=timeout&lang={lang}&clock=real"]:
                self.open(query, 360, 740)
                bar = self.browser.js("""const r = document.getElementById('run-bar'); const s = getComputedStyle(r);
                    return {h: r.getBoundingClientRect().height, bg: s.backgroundColor, w: document.documentElement.scrollWidth};""")
                self.assertLessEqual(bar["h"], 96, f"{query}: {bar}")
                alpha = re.findall(r"[\d.]+", bar["bg"])
                self.assertTrue(bar["bg"].startswith("rgb(") or (len(alpha) == 4 and float(alpha[3]) == 1), f"{query}: {bar['bg']} is see-through")
                self.assertLessEqual(bar["w"], 360, f"{query}: the page is wider than the phone")

    def test_an_embed_in_a_docs_column_on_a_phone_has_nothing_past_its_edge(self):
        # A docs theme's column on a 360 px phone leaves an embed about 290 px: the run bar's
        # clock and Compare wrapped over the help button and off the edge there; and at every
        # width the bar itself reached past the embed's padding (3 px on a phone, 10 px wider),
        # which gave every embed a sideways scrollbar.
        for lang, width in [(lang, 290) for lang in LANGS] + [("en", 760)]:  # (and a desktop's docs column)
            for query in [f"scenario=gather&lang={lang}&embed=1", f"scenario=lock&lang={lang}&embed=1&predict=1"]:
                self.open(query, width, 740)
                past = self.browser.js("""const W = document.documentElement.clientWidth;
                    return [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > W + 0.5; })
                        .map(e => e.tagName + '.' + e.className).slice(0, 5);""")
                self.assertEqual(past, [], query)
                # The help button is not covered by the clock's choices.
                overlap = self.browser.js("""const h = document.querySelector('.run-main > .help-button').getBoundingClientRect();
                    return Math.max(0, ...[...document.querySelectorAll('.run-bar .clock label')].map(l => l.getBoundingClientRect().right - h.left));""")
                self.assertLessEqual(overlap, 0, f"{query}: the clock runs {overlap} px under the help button")
                if "predict" not in query:
                    # Run becoming "Run again" does not make the bar taller (the page would jump).
                    bar = "return document.getElementById('run-bar').getBoundingClientRect().height;"
                    before = self.browser.js(bar)
                    self.browser.js("document.querySelector('button.run').click();")
                    self.browser.wait("document.getElementById('run-result').textContent !== 'null'", 15, "the result")
                    self.assertEqual(self.browser.js(bar), before, f"{query}: the run bar's height changed with the run")

    # --- Embeds on phones ----------------------------------------------------------------------

    def host(self, width, html):
        b = self.browser
        b.resize(width, 800)
        b.get(self.fixture.url + "host.html")
        b.js("document.body.insertAdjacentHTML('beforeend', arguments[0]);", html.replace("{base}", self.server.url))

    def test_the_compact_embed_is_at_most_900_px_tall_before_a_run_with_one_more_control(self):
        b = self.browser
        for lang in LANGS:
            self.host(716, f'<iframe id="f" style="width:700px;border:0" src="{{base}}index.html?embed=1&id=f&scenario=gather&lang={lang}"></iframe>')
            b.wait("window.heard.some(m => m.type === 'ready')", 20, "ready")
            time.sleep(1.0)
            height = b.wait("(() => { const r = window.heard.filter(m => m.type === 'resize'); return r.length && r[r.length - 1].height; })()", 10)
            self.report.append(f"embed before a run, 700 px wide, {lang}: {height} px")
            self.assertLessEqual(height, 900, lang)
            mores = b.in_frame("#f", "return document.querySelectorAll('.embed-more').length;")
            self.assertEqual(mores, 1, "one More control")

    def test_after_run_the_embeds_result_comes_into_view_on_the_host(self):
        b = self.browser
        pad = '<div style="height:300px">docs text</div>'
        self.host(360, pad + '<asyncio-playground id="p" scenario="gather"></asyncio-playground><div style="height:2000px"></div>'
                  '<script src="{base}static/embed.js"></script>')
        b.js("const s = document.createElement('script'); s.src = arguments[0] + 'static/embed.js'; document.head.append(s);", self.server.url)
        b.js("document.getElementById('p').scrollIntoView();")
        b.wait("window.heard.some(m => m.type === 'ready')", 20, "ready")
        time.sleep(1.0)
        b.js("window.scrollTo(0, document.getElementById('p').getBoundingClientRect().top + scrollY);")
        b.enter_frame("#p iframe")
        try:
            b.js("document.querySelector('.run-bar button.run').click();")
        finally:
            b.leave_frames()
        b.wait("window.heard.some(m => m.type === 'run-finished')", 20, "run-finished")
        time.sleep(1.5)
        top = b.js("""const f = document.querySelector('#p iframe'); const m = window.heard.filter(m => m.type === 'resize' && typeof m.result_top === 'number');
            return m.length ? f.getBoundingClientRect().top + m[m.length - 1].result_top : null;""")
        self.assertIsNotNone(top, "a resize message carries the result's offset")
        self.assertGreaterEqual(top, -1)
        self.assertLess(top, 800 * 0.6, "the result is in the host's view")

    def test_a_plain_iframe_gets_the_results_offset(self):
        b = self.browser
        self.host(360, '<iframe id="f" style="width:360px;height:3000px;border:0" src="{base}index.html?embed=1&id=f&scenario=sleep"></iframe>')
        b.wait("window.heard.some(m => m.type === 'ready')", 20, "ready")
        offsets = "window.heard.filter(m => m.type === 'resize' && typeof m.result_top === 'number')"
        # The host's own run moves nothing: no offset to scroll to (issue 43).
        b.js("document.getElementById('f').contentWindow.postMessage({type: 'run'}, '*');")
        b.wait("window.heard.some(m => m.type === 'run-finished')", 20)
        time.sleep(1.0)
        self.assertEqual(b.js(f"return {offsets}.length;"), 0, "a run the reader did not start carries no result_top")
        # A run the reader starts in the frame does.
        b.enter_frame("#f")
        try:
            b.js("document.querySelector('.run-bar button.run').click();")
        finally:
            b.leave_frames()
        b.wait("window.heard.filter(m => m.type === 'run-finished').length > 1", 20)
        offset = b.wait(f"(() => {{ const m = {offsets}; return m.length ? m[m.length - 1].result_top : null; }})()", 10, "result_top")
        actual = b.in_frame("#f", "return document.getElementById('results').getBoundingClientRect().top + scrollY;")
        self.assertAlmostEqual(offset, actual, delta=2)

    def test_edit_and_run_in_an_embed_opens_the_full_playground_in_a_new_tab(self):
        b = self.browser
        self.open("embed=1&scenario=gather&tasks=3&id=x", 700, 800)
        # Behind the compact view's More.
        self.assertIsNone(b.js("return document.querySelector('a.edit-code-link');"))
        b.js("document.querySelector('.embed-more').click();")
        b.wait("document.querySelector('a.edit-code-link')", 5, "the link")
        link = b.js("""const a = document.querySelector('a.edit-code-link'); return a && {target: a.target, href: a.href, rel: a.rel};""")
        self.assertIsNotNone(link)
        self.assertEqual(link["target"], "_blank")
        self.assertIn("noopener", link["rel"])
        self.assertIn("code=", link["href"])
        self.assertNotIn("embed=1", link["href"])
        self.assertIn("tasks=3", link["href"])


if __name__ == "__main__":
    unittest.main()
