"""The page in chunks (src/ui/lazy/): what a reader sees before, while and after a chunk
loads, and what happens when one cannot.

- Before the WebAssembly arrives: the default lesson's first screen is in the page already
  (drawn by the app at build time, disabled but for its Run), in English; a lesson's page
  (`?scenario=`, with the values of a link the app wrote) shows that lesson's in the reader's
  language as soon as its copy arrives, those values in its fields, as does a Hindi or
  Bengali reader's default page; any other page says it is loading, never a screen that is
  not its own. A press of the copy's Run says the run will start, and it
  does once the app is here, with the keyboard's focus on the run bar where Run had it; a
  press of one of its lessons puts that lesson's copy in place and in the URL (Back and
  Forward too), which the app then draws; values changed in its parameters, clock and
  switches are the app's once it is here (its checks and messages, the focus and caret
  kept), and a run pressed early is a run of them.
- The first screen needs no chunk: with every chunk unreachable each lesson's first screen
  is whole, in every language — no message id in place of a sentence.
- The part the first result needs comes first: a lesson's run chunk is asked for as the
  first chunk's last bytes come in (on a slow link a round trip before, never beside the
  most of them), before the app draws its first screen, and the teaching chunk only
  once the run chunk is here, so the two never share the network; a `code=` page asks for
  Run my code's chunk first instead.
- A tap before its chunk has arrived shows a loading note in place, then the view, with the
  keyboard focus and the URL as they were.
- A chunk that fails to load says so in the reader's language with a Retry, which brings the
  view once the chunk can be had.
- After a visit the page works offline, its views included (the offline worker,
  static/offline-sw.js).
- A page of one build never loads a chunk of another: after a new build is put in place of
  the old one, the old page asks only for its own build's files.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

from browser import DIST, LANGS, ROOT, Browser, BrowserTestCase, Server, build_folder, chunk_report, wait_http

SCENARIOS = ["sleep", "gather", "taskgroup", "lock", "blocking", "timeout", "bounded-fetch", "mistakes"]
# The app has taken the page over: its run bar drawn, the first screen's copy gone.
APP_HERE = "document.querySelector('#run-bar button.run') && !document.querySelector('.first-screen')"
# An answer of fetch_replaced for the first chunk: held back until the test calls
# window.__letGo(), then fetched.
HOLD = "(window.__held = window.__held || new Promise(go => (window.__letGo = go))).then(() => real.apply(this, arguments))"
# A message id where a sentence should be: words joined by dashes, nothing else.
MESSAGE_ID = re.compile(r"^[a-z][a-z0-9_]*(-[a-z0-9_]+){1,}$")
TEXTS = "return [...document.querySelectorAll('#app *')].flatMap(e => [...e.childNodes]).filter(n => n.nodeType === 3).map(n => n.textContent.trim()).filter(t => t);"


def run_files(program="gather"):
    """The files a first run of `program` needs: the run chunk's part and its program's
    (scripts/chunks.py, from the build's loader)."""
    parts = {"run", "program_" + program}
    return [os.path.basename(f["file"]) for f in chunk_report()["files"] if parts & set(f["loaded by"].split(", "))]


class BeforeTheWasm(BrowserTestCase):
    def test_the_first_screen_is_on_the_page_before_the_wasm_arrives(self):
        b = self.browser
        # The first chunk never arrives.
        with b.fetch_replaced("String(input).endsWith('app_bg.wasm')", "new Promise(() => {})"):
            b.get(self.server.url)
            first = b.wait("document.querySelector('#app .first-screen')", 5, "the first screen")
            self.assertTrue(first)
            texts = b.js("return document.querySelector('#app .first-screen').innerText;")
            self.assertIn("The event loop and asyncio.sleep", texts)
            self.assertIn("Run", texts)
            # Disabled but for its lessons, its parameters (and their Reset), clock and
            # switches, and its Run, which is not the app's (no .run for the app's tests).
            self.assertEqual(b.js("return [...document.querySelectorAll('.first-screen button:not(:disabled)')].map(x => x.className);"),
                             ["pick current"] + ["pick"] * (len(SCENARIOS) - 1) + ["early-run", "secondary"])
            self.assertEqual(b.js("return document.querySelectorAll('.first-screen button.run').length;"), 0)
            inputs = b.js("return [...document.querySelectorAll('.first-screen input, .first-screen select')].map(x => [x.closest('.params, .clock, .run-switches').className, x.disabled]);")
            self.assertEqual({group for group, _ in inputs}, {"params", "clock", "run-switches"})
            self.assertEqual([group for group, disabled in inputs if disabled], [])
            # A value changed hides the summary (it speaks of the values as drawn); Reset puts
            # back both.
            summary = "return [document.querySelector('.first-screen .params input').value, getComputedStyle(document.querySelector('.first-screen .summary')).visibility];"
            drawn = b.js(summary)
            b.js("const t = document.querySelector('.first-screen .params input'); t.value = '17'; t.dispatchEvent(new InputEvent('input', {bubbles: true}));")
            self.assertEqual(b.js(summary), ["17", "hidden"])
            b.click_at(".first-screen form.params > button.secondary")
            self.assertEqual(b.js(summary), drawn)
            self.assertEqual(drawn[1], "visible")
            self.assertEqual(b.js("return document.querySelectorAll('.first-screen [id]').length;"), 0, "no id the app will use")
            # What the first chunk draws alone, in every language alike: no view of another
            # chunk (they arrive in the background while the build draws it, and once made
            # the English copy 2 KB brotli heavier than the Hindi one).
            panels = "return [...document.querySelectorAll('#app .first-screen .panel')].map(p => p.className);"
            english = b.js(panels)
            self.assertEqual(english, ["panel setup", "panel results"])
            # In Hindi: the Hindi copy, fetched beside the bundle.
            b.get(self.server.url + "?lang=hi")
            b.wait("document.querySelector('#app .first-screen[lang=hi]')", 10, "the Hindi first screen")
            self.assertIn("▶ चलाएँ", b.js("return document.querySelector('#app .first-screen').innerText;"))
            self.assertEqual(b.js(panels), english)
            # Another lesson's page, in Bengali: that lesson's own first screen, fetched
            # beside the bundle — its title, its parameters and its mark in the lessons.
            b.get(self.server.url + "?scenario=lock&lang=bn")
            b.wait("document.querySelector('#app .first-screen[lang=bn]')", 10, "the Bengali lock lesson's first screen")
            lock = b.js("return document.querySelector('#app .first-screen').innerText;")
            self.assertIn("একটিমাত্র থ্রেডে রেস কন্ডিশন, আর asyncio.Lock", lock)
            self.assertIn("পড়া আর লেখার মাঝে await", lock)
            self.assertEqual(b.js("return document.querySelector('#app .first-screen .picker [aria-current=page]').dataset.scenario;"), "lock")
            self.assertEqual(b.js(panels), english)
            # The default lesson named, in English: the copy the page carries, nothing fetched.
            b.get(self.server.url + "?scenario=sleep")
            b.wait("document.querySelector('#app .first-screen[lang=en]')", 5, "the first screen")
            self.assertFalse(b.js("return performance.getEntriesByType('resource').some(e => e.name.includes('/first-screen/'));"))
            # A page that asks for more than a lesson and its values (a step of a run, the real
            # clock), for values the copy cannot show as the app would (a number the app would
            # refuse, a choice it does not offer, a key it has no field for, values without a
            # lesson), or for a lesson there is none of: the loading note, never a first screen
            # that is not its own.
            for query in ("?scenario=lock&step=3&lang=bn", "?scenario=lock&clock=real&lang=bn", "?scenario=lock&workers=abc&lang=bn",
                          "?scenario=lock&workers=0x10&lang=bn", "?scenario=lock&workers=2.5&lang=bn",
                          "?scenario=lock&python=2.7&lang=bn", "?scenario=lock&tasks=3&lang=bn", "?workers=3&lang=bn",
                          "?scenario=lock&scenario=sleep&lang=bn", "?scenario=../bn/lock&lang=bn", "?scenario=nosuch&lang=bn"):
                b.get(self.server.url + query)
                note = b.wait("document.querySelector('#app .loading')?.textContent", 5, "the loading note")
                self.assertEqual(note, "প্লেগ্রাউন্ড লোড হচ্ছে…", query)
                time.sleep(0.5)  # (time for a copy to arrive, were one asked for)
                self.assertEqual(b.js("return document.querySelectorAll('#app .first-screen').length;"), 0, query)
            # A server that answers a copy it does not have with a page of its own: the note stays.
            with b.fetch_replaced("String(input).includes('/first-screen/')", "(window.__copyAsked = true, Promise.resolve(new Response('<main><h1>Not found</h1></main>')))"):
                b.get(self.server.url + "?scenario=lock&lang=bn")
                b.wait("window.__copyAsked", 5, "the copy asked for")
                time.sleep(0.5)
                self.assertEqual(b.js("return document.getElementById('app').innerText.trim();"), "প্লেগ্রাউন্ড লোড হচ্ছে…")
        # And the app takes the page over.
        b.get(self.server.url)
        b.wait(APP_HERE, 20, "the app")

    def test_a_press_of_the_copys_run_before_the_app_starts_the_run_once_it_is_here(self):
        b = self.browser
        # The first chunk held back until the press is made (then let through).
        for lang, how in (("en", "pointer"), ("bn", "keyboard")):
            with self.subTest(lang=lang, how=how), b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
                b.get(self.server.url + f"?scenario=lock&lang={lang}")
                b.wait(f"document.querySelector('#app .first-screen[lang={lang}] button.early-run:not(:disabled)')", 10, "the copy's Run")
                if how == "pointer":
                    b.click_at(".first-screen button.early-run")
                else:
                    b.js("document.querySelector('.first-screen button.early-run').focus();")
                    b.press_key("\ue007")  # (Enter)
                note = b.wait("document.querySelector('.first-screen .run-notes [role=status]')?.textContent", 5, "the copy's note")
                self.assertEqual({"en": "The run starts as soon as the playground has loaded.", "bn": "প্লেগ্রাউন্ড লোড হলেই রান শুরু হবে।"}[lang], note)
                self.assertEqual(b.js("return document.querySelector('.first-screen button.early-run').getAttribute('aria-disabled');"), "true")
                self.assertEqual(b.js("return window.__asyncioPlaygroundEarlyRun;"), how)
                self.assertFalse(b.js("return !!document.querySelector('#run-bar');"), "the app is not here yet")
                b.js("window.__letGo();")
                run = b.run_result(60)
                self.assertEqual(run["scenario"], "lock")
                self.assertFalse(b.js("return !!document.querySelector('.first-screen');"))
                if how == "keyboard":
                    b.wait("document.activeElement && document.activeElement.closest('#run-bar .run-main')", 10, "the keyboard's focus on the run bar")
                self.assertEqual(b.js("return window.__asyncioPlaygroundEarlyRun;"), "taken", "the press is taken once")
        # Unpressed, the app starts no run of its own.
        b.get(self.server.url + "?scenario=lock")
        b.wait(APP_HERE, 20, "the app")
        time.sleep(0.5)
        self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null", "no run without a press")

    def test_the_copys_lessons_take_a_press_before_the_app_which_then_draws_the_one_pressed(self):
        b = self.browser
        copy = "document.querySelector('#app > .first-screen[lang={lang}][data-scenario={lesson}]')"
        query = "return Object.fromEntries(new URLSearchParams(location.search));"
        # Hindi by pointer from a lesson's copy; English by keyboard from the copy index.html carries.
        for lang, start, how in (("hi", "gather", "pointer"), ("en", "sleep", "keyboard")):
            with self.subTest(lang=lang, how=how), b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
                b.get(self.server.url + ("?scenario=gather&lang=hi" if lang == "hi" else ""))
                b.wait(copy.format(lang=lang, lesson=start) + "?.querySelector('.pick[data-scenario=lock]:not(:disabled)')", 10, "the copy's lessons")
                if how == "pointer":
                    b.click_at(".first-screen .pick[data-scenario=lock]")
                else:
                    b.js("document.querySelector('.first-screen .pick[data-scenario=lock]').focus();")
                    b.press_key("\ue007")  # (Enter)
                b.wait(copy.format(lang=lang, lesson="lock"), 10, "the pressed lesson's copy")
                self.assertEqual(b.js(query), {"scenario": "lock", "lang": "hi"} if lang == "hi" else {"scenario": "lock"})
                self.assertEqual(b.js("return document.querySelector('.first-screen .pick.current').dataset.scenario;"), "lock")
                if how == "keyboard":
                    self.assertEqual(b.js("return document.activeElement.dataset.scenario;"), "lock", "the keyboard's focus on the lesson pressed")
                # Back and Forward, still before the app.
                b.js("history.back();")
                b.wait(copy.format(lang=lang, lesson=start), 10, "the lesson before, on Back")
                b.js("history.forward();")
                b.wait(copy.format(lang=lang, lesson="lock"), 10, "the lesson pressed, on Forward")
                self.assertFalse(b.js("return !!document.querySelector('#run-bar');"), "the app is not here yet")
                b.js("window.__letGo();")
                b.wait(APP_HERE, 30, "the app")
                self.assertEqual(b.js("return document.querySelector('#app .picker .pick.current').dataset.scenario;"), "lock", "the app draws the lesson pressed")
                self.assertEqual(b.js(query)["scenario"], "lock")
                if how == "keyboard":
                    b.wait("document.activeElement?.matches('#app .picker .pick.current')", 5, "the keyboard's focus on the app's lesson")
                time.sleep(0.3)
                self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null", "a lesson pressed runs nothing")
        # Once Run was pressed in the copy, only the page's lesson can be pressed (as in the app, while a run is under way).
        with b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
            b.get(self.server.url + "?scenario=timeout")
            b.wait("document.querySelector('.first-screen button.early-run:not(:disabled)')", 10, "the copy's Run")
            b.click_at(".first-screen button.early-run")
            self.assertEqual(b.js("return [...document.querySelectorAll('.first-screen .pick:not(:disabled)')].map(p => p.dataset.scenario);"), ["timeout"])
            b.js("window.__letGo();")
            self.assertEqual(b.run_result(60)["scenario"], "timeout")

    def test_the_copys_parameters_take_input_which_the_app_takes_over_with_the_focus(self):
        b = self.browser
        copy = "document.querySelector('#app > .first-screen[lang={lang}][data-scenario=gather]')"
        values = ("return ['tasks', 'delay', 'mode', 'eager'].map(n => document.getElementById('param-' + n))"
                  ".map(f => f && (f.type === 'checkbox' ? f.checked : f.value));")
        for lang in ("en", "hi", "bn"):
            with self.subTest(lang=lang), b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
                b.get(self.server.url + f"?scenario=gather&lang={lang}")
                b.wait(copy.format(lang=lang) + "?.querySelector('.params input:not(:disabled)')", 10, "the copy's parameters")
                field = "#app .first-screen .params .field:nth-of-type({}) "
                # Typed (real keys, the text selected first), slid, chosen and switched.
                b.js(f"document.querySelector('{field.format(1)}input').select();")
                b.press_key("3" if lang != "bn" else "0")
                self.assertEqual(b.js(f"return document.querySelector('{field.format(1)}input.slider').value;"), "3" if lang != "bn" else "5",
                                 "the slider follows the text within its range only")
                # (The lesson's summary, which speaks of the values as drawn, hidden once one is changed.)
                self.assertEqual(b.js("return getComputedStyle(document.querySelector('#app .first-screen .summary')).visibility;"), "hidden")
                b.js(f"const s = document.querySelector('{field.format(2)}input.slider'); s.value = '0.5'; s.dispatchEvent(new InputEvent('input', {{bubbles: true}}));")
                self.assertEqual(b.js(f"return document.querySelector('{field.format(2)}input:not(.slider)').value;"), "0.5", "the text follows the slider")
                b.js(f"const m = document.querySelector('{field.format(3)}select'); m.value = 'concurrent'; m.dispatchEvent(new Event('change', {{bubbles: true}}));")
                b.click_at(f"{field.format(4)}input[type=checkbox]")
                if lang != "hi":
                    b.click_at("#app .first-screen .clock label:nth-of-type(2) input")  # (the real clock)
                # Each field named as the app names it, and Enter in one does not leave the page.
                self.assertEqual(b.js(f"return document.querySelector('{field.format(1)}input').getAttribute('aria-label');"),
                                 b.js(f"return [...document.querySelector('{field.format(1)}label').childNodes].map(n => n.textContent.trim()).join(' ');"))
                b.js(f"const t = document.querySelector('{field.format(1)}input'); t.focus(); t.setSelectionRange(1, 1);")
                b.press_key("\ue007")  # (Enter)
                time.sleep(0.3)
                self.assertTrue(b.js("return !!document.querySelector('#app > .first-screen');"), "still the page, not a form sent")
                self.assertEqual(b.js("return location.search;"), f"?scenario=gather&lang={lang}")
                if lang != "en":
                    # Run pressed in the copy: the values stay as they are, and the run is theirs.
                    b.click_at(".first-screen button.early-run")
                    self.assertEqual(b.js("return document.querySelectorAll('.first-screen .params :is(input, select):not(:disabled)').length;"), 0)
                b.js("window.__letGo();")
                b.wait(APP_HERE, 30, "the app")
                b.wait("document.getElementById('param-eager')?.checked", 5, "the last value handed over")
                self.assertEqual(b.js(values), ["3" if lang != "bn" else "0", "0.5", "concurrent", True], "the app's fields hold the copy's values")
                self.assertEqual(b.js("return [[...document.querySelectorAll('#run-bar .clock input')].map(r => r.checked), !!document.getElementById('scale')];"),
                                 [[lang == "hi", lang != "hi"], lang != "hi"], "the clock chosen in the copy, with what it shows")
                if lang == "en":
                    # The keyboard's focus where it was, the caret too; no run without a press.
                    self.assertEqual(b.js("return [document.activeElement.id, document.activeElement.selectionStart];"), ["param-tasks", 1])
                    time.sleep(0.3)
                    self.assertEqual(b.js("return document.getElementById('run-result').textContent;"), "null")
                    b.js("document.querySelector('#run-bar button.run').click();")
                if lang != "bn":
                    params = b.run_result(60)["params"]
                    self.assertEqual([params["tasks"], params["delay"], params["mode"], params["eager"]], [3, 0.5, "concurrent", True])
                else:
                    # A value the app finds bad: its message beside the field, in the reader's
                    # language, Run disabled (no run), and the focus on that field.
                    error = b.wait("document.querySelector('#app .field.invalid .field-error')?.textContent", 5, "the field's message")
                    self.assertRegex(error, "[\u0980-\u09ff]")
                    self.assertEqual(b.js("return [document.activeElement.id, document.querySelector('#run-bar button.run').disabled];"), ["param-tasks", True])
                    self.assertEqual(b.js("return [window.__asyncioPlaygroundEarlyRun, document.getElementById('run-result').textContent];"), ["taken", "null"])

    def test_a_link_the_app_wrote_shows_its_lessons_copy_with_its_values(self):
        b = self.browser
        fields = ("return [...document.querySelectorAll(arguments[0] + ' .params .field')].map(f => [f.querySelector('label').htmlFor,"
                  " (c => c.type === 'checkbox' ? String(c.checked) : c.value)(f.querySelector('input:not(.slider), select'))]);")
        for lesson, lang in zip(SCENARIOS, ["en", "hi", "bn"] * 3):
            with self.subTest(lesson=lesson, lang=lang):
                # The link the app writes for a lesson once it has run (its values, its clock):
                # reloaded, it shows the copy, with the values the app then shows.
                b.get(self.server.url + f"?scenario={lesson}&lang={lang}")
                b.wait(APP_HERE, 30, "the app")
                b.js("document.querySelector('#run-bar button.run').click();")
                b.run_result(60)
                link = b.js("return location.search;")
                self.assertIn("clock=virtual", link)
                app = b.js(fields, "#app")
                with b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
                    b.get(self.server.url + link)
                    if lesson == "mistakes":
                        # (Which of its fields are shown follows the mistake chosen, and the app's
                        # link gives them all: the copy, drawn with the first mistake's, has no
                        # field for some, so the page says it is loading, as before the copies.)
                        b.wait("document.querySelector('#app > p.loading')", 10, "the loading note")
                        time.sleep(0.5)
                        self.assertFalse(b.js("return !!document.querySelector('#app > .first-screen');"))
                        b.js("window.__letGo();")
                        b.wait(APP_HERE, 30, "the app")
                        self.assertEqual(b.js(fields, "#app"), app)
                        continue
                    b.wait(f"document.querySelector('#app > .first-screen[lang={lang}][data-scenario={lesson}]')", 10, "the link's copy")
                    copy = b.js(fields, "#app > .first-screen")
                    b.js("window.__letGo();")
                    b.wait(APP_HERE, 30, "the app")
                self.assertEqual([v for _, v in copy], [v for _, v in app][:len(copy)], "the copy shows the app's values")
                self.assertEqual(b.js(fields, "#app"), app)
        # A link with values of its own: the copy shows them (its summary, which speaks of the
        # values drawn, hidden), the app reads them from the link, and a value the reader then
        # changes in the copy is handed over.
        link = "?scenario=gather&tasks=7&delay=0.5&mode=concurrent&eager=true&python=3.12&clock=virtual&lang=hi"
        with b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", HOLD):
            b.get(self.server.url + link)
            b.wait("document.querySelector('#app > .first-screen[lang=hi][data-scenario=gather] .params input:not(:disabled)')", 10, "the link's copy")
            self.assertEqual([v for _, v in b.js(fields, "#app > .first-screen")], ["7", "0.5", "concurrent", "true", "3.12"])
            self.assertEqual(b.js("return getComputedStyle(document.querySelector('.first-screen .summary')).visibility;"), "hidden")
            self.assertEqual(b.js("return document.querySelector('.first-screen .params input.slider').value;"), "7")
            b.js("const t = document.querySelector('.first-screen .params input'); t.value = '9'; t.dispatchEvent(new InputEvent('input', {bubbles: true}));")
            b.js("window.__letGo();")
            b.wait(APP_HERE, 30, "the app")
        b.wait("document.getElementById('param-tasks').value === '9'", 5, "the value changed in the copy")
        self.assertEqual([v for _, v in b.js(fields, "#app")], ["9", "0.5", "concurrent", "true", "3.12"])

    def test_on_a_phone_the_copys_lessons_row_shows_the_page_lesson_where_the_app_will(self):
        b = self.browser
        b.resize(360, 740)
        row = ("const ul = document.querySelector('#app .picker ul'); const cur = ul.querySelector('.pick.current').getBoundingClientRect();"
               " const r = ul.getBoundingClientRect(); return [ul.scrollLeft, cur.left >= r.left - 1 && cur.right <= r.right + 1];")
        try:
            for lang, lesson in (("bn", "mistakes"), ("en", "bounded-fetch")):
                with self.subTest(lang=lang, lesson=lesson):
                    with b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", "new Promise(() => {})"):
                        b.get(self.server.url + f"?scenario={lesson}&lang={lang}")
                        b.wait(f"document.querySelector('#app .first-screen[lang={lang}] .picker')", 10, "the copy")
                        copy_left, copy_shown = b.js(row)
                    self.assertGreater(copy_left, 0, "the row scrolled")
                    self.assertTrue(copy_shown, "the page's lesson in the row's view before the app")
                    b.get(self.server.url + f"?scenario={lesson}&lang={lang}")
                    b.wait(APP_HERE, 20, "the app")
                    time.sleep(0.3)
                    app_left, app_shown = b.js(row)
                    self.assertTrue(app_shown)
                    self.assertLessEqual(abs(app_left - copy_left), 1, "no jump when the app takes over")
        finally:
            b.resize(1280, 900)

    def test_every_first_screen_is_whole_without_any_chunk(self):
        b = self.browser
        with b.fetch_replaced("/split_|chunk_/.test(String(input))", "Promise.reject(new TypeError('offline'))"):
            for lang in LANGS:
                for scenario in SCENARIOS:
                    with self.subTest(lang=lang, scenario=scenario):
                        b.get(self.server.url + f"?scenario={scenario}&lang={lang}")
                        b.wait(APP_HERE, 20, "the app")
                        time.sleep(0.3)
                        ids = [t for t in b.js(TEXTS) if MESSAGE_ID.match(t)]
                        self.assertEqual(ids, [], "message ids shown in place of their text")
                        self.assertTrue(b.js("return !document.querySelector('#run-bar button.run').disabled;"), "Run is there")


class ResultsAlone(BrowserTestCase):
    def test_every_result_is_whole_without_the_teaching_chunk_in_every_language(self):
        # The first result waits for the run chunk and what a run's result says
        # (static/i18n/<lang>.results.ftl), never the teaching views' messages: with the
        # teaching chunk held back, each lesson's result has a sentence for every message.
        b = self.browser
        texts = TEXTS.replace("#app *", "#results *")
        with b.fetch_replaced("String(input).includes('split_teach')", "new Promise(() => {})"):
            for lang in LANGS:
                for scenario in SCENARIOS:
                    with self.subTest(lang=lang, scenario=scenario):
                        b.get(self.server.url + f"?scenario={scenario}&lang={lang}&autorun=1")
                        run = b.run_result(30)
                        self.assertEqual(run["scenario"], scenario)
                        b.wait("document.querySelector('#results .headline, #results .outcome, #results table')", 10, "the result shown")
                        shown = b.js(texts)
                        self.assertGreater(len(shown), 3, f"the results panel: {shown}")
                        ids = [t for t in shown if MESSAGE_ID.match(t)]
                        self.assertEqual(ids, [], "message ids shown in place of their text")
                        self.assertFalse(b.js("return !!document.querySelector('#stepper');"), "the teaching chunk was held back")


class Loading(BrowserTestCase):
    def test_the_part_the_first_result_needs_comes_first(self):
        b = self.browser
        b.capture_errors()
        # When the app first takes the first screen's place.
        watch = (f"new MutationObserver((_, o) => {{ if ({APP_HERE}) {{"
                 " window.__drawn = performance.now(); o.disconnect(); } }).observe(document, {subtree: true, childList: true});"
                 # (When the offline worker is registered.)
                 " if (navigator.serviceWorker) { const r = navigator.serviceWorker.register.bind(navigator.serviceWorker);"
                 " navigator.serviceWorker.register = (...a) => { if (String(a[0]).endsWith('offline-sw.js')) window.__offline = performance.now(); return r(...a); }; }")
        entries = ("return performance.getEntriesByType('resource').filter(e => e.name.includes('/pkg/'))"
                   ".map(e => [new URL(e.name).pathname.split('/').pop(), e.startTime, e.responseEnd, e.responseStart]);")
        b.forget_the_site(self.server.url)
        with b.on_every_document(watch):
            b.get(self.server.url + "?scenario=gather")
            b.wait("performance.getEntriesByType('resource').some(e => e.name.endsWith('split_teach.wasm') && e.responseEnd > 0)", 30, "the teaching chunk")
            files = {name: (start, end) for name, start, end, _ in b.js(entries)}
            first_byte = {name: first for name, _, _, first in b.js(entries)}["app_bg.wasm"]
            drawn = b.js("return window.__drawn;")
            run = run_files()
            self.assertIn("split_run.wasm", run)
            # The run chunk's files, and the program's, each part in one response (its pack).
            packs = ["split_run.pack.wasm", "split_program_gather.pack.wasm"]
            self.assertEqual([n for n in run if n in files], [], f"no file of theirs fetched alone: {files}")
            for name in packs:
                self.assertLess(files[name][0], drawn, f"{name} is asked for before the first screen is drawn: {files}, drawn at {drawn}")
                # (asked for a round trip before the first chunk's last bytes are due: never
                # before its first ones)
                self.assertGreater(files[name][0], first_byte, f"{name} waits for the first chunk: {files}")
            run_in = max(files[n][1] for n in packs)
            # The teaching chunk, and the real clock's after it, only once the run chunk is here.
            later = [n for n in files if n.endswith(".wasm") and n not in run + packs and n != "app_bg.wasm"]
            self.assertIn("split_teach.wasm", later)
            for name in later:
                self.assertGreaterEqual(files[name][0], run_in - 1, f"{name} waits for the run chunk: {files}")
            # The offline worker, whose install fetches the chunks, once the teaching chunk is here.
            offline = b.wait("window.__offline", 10, "the offline worker")
            self.assertGreaterEqual(offline, files["split_teach.wasm"][1] - 1, f"the offline worker waits for the teaching chunk: {files}")
            # A code= page: Run my code's chunk first, the run chunk once the page is idle.
            b.forget_the_site(self.server.url)
            b.get(self.server.url + "?code=cHJpbnQoMSk")
            b.wait("performance.getEntriesByType('resource').some(e => e.name.endsWith('split_code.wasm') && e.responseEnd > 0)", 30, "Run my code's chunk")
            files = {name: (start, end) for name, start, end, _ in b.js(entries)}
            self.assertLess(files["split_code.wasm"][0], b.js("return window.__drawn;"), files)
            self.assertNotIn("split_teach.wasm", [n for n, (start, _) in files.items() if start < files["split_code.wasm"][0]], files)
            self.assertNotIn("split_code.pack.wasm", files, "Run my code's part has no pack to ask for")
        self.assertEqual(b.errors(), [])

    def test_the_part_follows_the_first_chunk_never_beside_it_when_half_is_in_at_once(self):
        # On a phone, boot.js may run when much of the first chunk is in already (its preload
        # brought it meanwhile), and those bytes reach it at once: the run part is still asked
        # for about a round trip before the chunk's last bytes are due — by the rate they come
        # at from then on — not at once, beside the rest of the chunk, which it then slowed by
        # its own bytes (Run enabled 0.45 s later on the phone profile in one load in five or
        # more, when boot.js took the bytes in at once as if they had come since it ran).
        # Here the chunk's first half comes at once, the rest over 1.5 s, on a link whose round
        # trip is 150 ms.
        b = self.browser
        b.forget_the_site(self.server.url)
        stream = ("real.apply(this, arguments).then(r => r.arrayBuffer()).then(bytes => {"
                  " const all = new Uint8Array(bytes); const half = all.length >> 1; let at = half;"
                  " return new Response(new ReadableStream({"
                  "  start(c) { window.__streamFirst = performance.now(); c.enqueue(all.slice(0, half)); },"
                  "  pull(c) { return new Promise(go => setTimeout(go, 50)).then(() => {"
                  "   const next = Math.min(all.length, at + Math.ceil(half / 30)); c.enqueue(all.slice(at, next)); at = next;"
                  "   if (at >= all.length) { window.__streamEnd = performance.now(); c.close(); } }); } }),"
                  "  {headers: {'Content-Type': 'application/wasm'}}); })")
        b.cdp("Network.enable")
        b.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1})
        try:
            with b.fetch_replaced("String(input).endsWith('/app_bg.wasm')", stream):
                b.get(self.server.url + "?scenario=gather")
                b.wait("window.__streamEnd && performance.getEntriesByType('resource').some(e => e.name.endsWith('/split_run.pack.wasm'))", 60, "the first chunk and the run part")
                first, end = b.js("return [window.__streamFirst, window.__streamEnd];")
                asked = b.js("return performance.getEntriesByType('resource').find(e => e.name.endsWith('/split_run.pack.wasm')).startTime;")
        finally:
            b.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        self.assertGreater(asked, first + 0.6 * (end - first), f"the run part waits for most of the first chunk: asked at {asked} ms, the chunk from {first} to {end} ms")
        self.assertLess(asked, end, "and is asked for before the chunk's last bytes")

    def test_a_first_results_messages_are_asked_for_once_ahead_of_the_run_chunk_in_the_readers_language(self):
        b = self.browser
        for lang, headline in (("hi", "काउंटर 100 में से 100"), ("en", "counter 100 of 100")):
            with self.subTest(lang):
                b.get(self.server.url + f"?scenario=lock&lang={lang}&autorun=1")
                b.run_result(30)
                b.wait("document.querySelector('#results .headline')", 10, "the headline")
                entries = b.js("return performance.getEntriesByType('resource').map(e => [new URL(e.name).pathname.split('/').pop(), e.startTime]);")
                results = [start for name, start in entries if name == f"{lang}.results.ftl"]
                self.assertEqual(len(results), 1, f"the results' messages fetched once: {entries}")
                self.assertEqual([n for n, _ in entries if n.endswith(".ftl") and not n.startswith(lang)], [], f"no other language's: {entries}")
                run = run_files("lock") + ["split_run.pack.wasm", "split_program_lock.pack.wasm"]
                first_file = min(start for name, start in entries if name in run)
                self.assertLessEqual(results[0], first_file, f"asked for ahead of the run chunk's files: {entries}")
                self.assertTrue(b.js("return document.querySelector('#results .headline').innerText;").startswith(headline), f"the results in {lang}")

    def test_a_results_file_that_cannot_be_had_leaves_the_results_in_english(self):
        b = self.browser
        # (The teaching chunk, which carries English's results too, held back.)
        with b.fetch_replaced("String(input).endsWith('hi.results.ftl') || String(input).includes('split_teach')",
                              "String(input).includes('split_teach') ? new Promise(() => {}) : Promise.resolve(new Response('', {status: 404}))"):
            b.get(self.server.url + "?scenario=lock&lang=hi&autorun=1")
            b.run_result(30)
            b.wait("document.querySelector('#results .headline')", 10, "the headline")
            headline = b.js("return document.querySelector('#results .headline').innerText;")
            self.assertTrue(headline.startswith("counter 100 of 100"), f"the headline in English: {headline!r}")
            ids = [t for t in b.js(TEXTS.replace("#app *", "#results *")) if MESSAGE_ID.match(t)]
            self.assertEqual(ids, [], "message ids shown in place of their text")
            self.assertIn("चलाएँ", b.js("return document.querySelector('.run-bar button.run')?.textContent;"), "the rest in Hindi")

    def test_a_tap_before_its_chunk_arrived_shows_loading_then_the_view(self):
        b = self.browser
        b.capture_errors()
        # The teaching chunk takes 3 s to arrive.
        with b.fetch_replaced("String(input).includes('split_teach')", "new Promise(r => setTimeout(r, 3000)).then(() => real.apply(this, arguments))"):
            b.get(self.server.url + "?scenario=gather")
            b.wait("document.getElementById('predict-switch')", 20, "the switch")
            b.js("document.getElementById('predict-switch').focus(); document.getElementById('predict-switch').click();")
            loading = b.wait("document.querySelector('.lazy-loading')?.textContent", 3, "the loading note in place")
            self.assertEqual(loading, "Loading…")
            self.assertEqual(b.js("return document.activeElement.id;"), "predict-switch", "the focus stays")
            b.wait("document.querySelector('.question')", 20, "Predict first's questions")
            self.assertEqual(b.js("return document.querySelectorAll('.lazy-loading').length;"), 0)
            self.assertEqual(b.js("return document.activeElement.id;"), "predict-switch", "the focus stays after the view arrives")
            self.assertIn("predict=1", b.js("return location.search;"))
        self.assertEqual(b.errors(), [])

    def run_after_a_failed_chunk(self, chunk, query, retry):
        """Opens `query` with `chunk`'s fetches failing and presses Run: the failure is said in
        the results' place (`retry`, Retry in the page's language) and Run is Run again; then
        Retry brings the chunk and Run runs. That run's result."""
        b = self.browser
        with b.fetch_replaced(f"String(input).includes('{chunk}') && !window.__allow", "Promise.reject(new TypeError('offline'))"):
            b.get(self.server.url + query)
            b.wait(APP_HERE, 20, "the app")
            b.js("document.querySelector('#run-bar button.run').click();")
            failed = b.wait("document.querySelector('.lazy-failed')?.innerText", 20, "the failure said in the results' place")
            self.assertIn(retry, failed)
            self.assertFalse(b.js("return document.querySelector('#run-bar button.run').disabled;"), "Run is Run again")
            b.js("window.__allow = true;")
            b.js("document.querySelector('.lazy-failed button').click();")
            b.wait("!document.querySelector('.lazy-failed') && document.querySelector('#results')", 20, "the chunk after Retry")
            b.js("document.querySelector('#run-bar button.run').click();")
            return b.run_result(30)

    def test_a_run_on_the_real_clock_waits_for_its_chunk_and_says_when_it_cannot_have_it(self):
        run = self.run_after_a_failed_chunk("split_real", "?scenario=sleep&clock=real&scale=0.1&lang=bn", "আবার চেষ্টা করুন")
        self.assertEqual((run["scenario"], run["clock"]), ("sleep", "real"), run.get("clock"))

    def test_a_run_waits_for_its_lessons_program_asked_for_as_the_lesson_is_chosen(self):
        b = self.browser
        b.capture_errors()
        # (a program's files, alone or in its pack)
        programs = ("return performance.getEntriesByType('resource').map(e => e.name.split('/').pop())"
                    ".filter(n => n.startsWith('split_program_')).map(n => n.replace('.pack', ''));")
        # Each lesson's program is a chunk of its own: a page loads its lesson's only.
        b.get(self.server.url + "?scenario=gather")
        b.wait(APP_HERE, 20, "the app")
        b.wait("performance.getEntriesByType('resource').some(e => /split_program_gather(\\.pack)?\\.wasm$/.test(e.name))", 20, "gather's program")
        self.assertEqual(b.js(programs), ["split_program_gather.wasm"])
        # Another lesson chosen: its program is asked for before Run is pressed.
        b.js("document.querySelector('.pick[data-scenario=timeout]').click();")
        b.wait("performance.getEntriesByType('resource').some(e => e.name.endsWith('split_program_timeout.wasm'))", 20, "timeout's program")
        b.js("document.querySelector('#run-bar button.run').click();")
        self.assertEqual(b.run_result(30)["scenario"], "timeout")
        self.assertEqual(sorted(b.js(programs)), ["split_program_gather.wasm", "split_program_timeout.wasm"])
        # A program that cannot be had: said in the results' place (in the reader's language),
        # Run is Run again, and Retry brings it.
        run = self.run_after_a_failed_chunk("split_program_lock", "?scenario=lock&lang=hi", "फिर से कोशिश करें")
        self.assertEqual(run["scenario"], "lock")
        self.assertNotIn("error", run["outcome"], run["outcome"])

    def test_a_pack_that_fails_or_is_cut_short_leaves_its_files_to_come_one_by_one(self):
        b = self.browser
        b.capture_errors()
        alone = "return performance.getEntriesByType('resource').map(e => e.name.split('/').pop()).filter(n => n.endsWith('.wasm'));"
        answers = {
            "refused": "Promise.reject(new TypeError('offline'))",
            "not found": "Promise.resolve(new Response('', {status: 404}))",
            "cut short": "real.apply(this, arguments).then(r => r.arrayBuffer()).then(a => new Response(a.slice(0, a.byteLength >> 1)))",
            "not a pack": "Promise.resolve(new Response(new Uint8Array(70000)))",
        }
        for what, answer in answers.items():
            with self.subTest(what), b.fetch_replaced("String(input).endsWith('.pack.wasm')", answer):
                b.forget_the_site(self.server.url)
                b.get(self.server.url + "?scenario=lock&autorun=1")
                run = b.run_result(30)
                self.assertEqual(run["scenario"], "lock")
                self.assertNotIn("error", run["outcome"], run["outcome"])
                self.assertTrue(b.js("return window.__fetchReplaced;"), "the packs were asked for")
                fetched = b.js(alone)
                self.assertIn("split_run.wasm", fetched, "what a pack did not bring comes on its own")
                self.assertIn("split_program_lock.wasm", fetched)
                self.assertEqual(b.js("return document.querySelectorAll('.lazy-failed').length;"), 0)
        self.assertEqual(b.errors(), [])

    def test_a_chunk_file_whose_fetch_drops_once_is_asked_for_again(self):
        # (A dropped connection on a busy server once left a code= page without its editor,
        # and its Run labelled with a message id: nothing asked for the file again.)
        b = self.browser
        once = "(window.__dropped = (window.__dropped || 0) + 1) > 1 ? real.apply(this, arguments) : Promise.reject(new TypeError('Failed to fetch'))"
        with b.fetch_replaced("String(input).endsWith('/split_code.wasm')", once):
            b.forget_the_site(self.server.url)
            b.get(self.server.url + "?code=cHJpbnQoMSk")
            b.wait("document.querySelector('.own-code .cm-editor')", 30, "Run my code's editor")
            self.assertEqual(b.js("return window.__dropped;"), 2, "split_code.wasm asked for again, once")
            self.assertEqual(b.js("return document.querySelectorAll('.lazy-failed').length;"), 0)

    def test_a_code_page_whose_chunk_cannot_be_had_says_so_and_labels_its_run_in_the_readers_language(self):
        # (Run's label on a code= page is the first chunk's message, not Run my code's chunk's:
        # with that chunk missing, Run once said its message id, "code-run".)
        b = self.browser
        with b.fetch_replaced("String(input).includes('split_code') && !window.__allow", "Promise.reject(new TypeError('offline'))"):
            b.forget_the_site(self.server.url)
            b.get(self.server.url + "?code=cHJpbnQoMSk&lang=bn")
            failed = b.wait("document.querySelector('.lazy-failed')?.innerText", 30, "the failure said")
            self.assertIn("আবার চেষ্টা করুন", failed)
            self.assertEqual(b.js("return document.querySelector('#run-bar button.run').innerText.trim();"), "▶ আমার কোড চালান")
            b.js("window.__allow = true;")
            b.js("document.querySelector('.lazy-failed button').click();")
            b.wait("document.querySelector('.own-code .cm-editor')", 30, "Run my code's editor after Retry")
            self.assertEqual(b.js("return document.querySelector('#run-bar button.run').innerText.trim();"), "▶ আমার কোড চালান")

    def test_a_chunk_that_fails_says_so_in_the_readers_language_and_retry_brings_it(self):
        b = self.browser
        with b.fetch_replaced("String(input).includes('split_teach') && !window.__allow", "Promise.reject(new TypeError('offline'))"):
            b.get(self.server.url + "?scenario=gather&lang=hi&autorun=1")
            run = b.run_result(30)
            self.assertEqual(run["scenario"], "gather", "the run needs no teaching view")
            failed = b.wait("document.querySelector('.lazy-failed')?.innerText", 20, "the failure said")
            self.assertIn("लोड नहीं हो सका", failed)
            self.assertIn("फिर से कोशिश करें", failed)
            self.assertFalse(b.js("return !!document.querySelector('#stepper');"))
            b.js("window.__allow = true;")
            b.js("document.querySelector('.lazy-failed button').click();")
            b.wait("document.querySelector('#stepper')", 20, "the views after Retry")
            self.assertEqual(b.js("return document.querySelectorAll('.lazy-failed').length;"), 0)
            self.assertIn("सेकंड", b.js("return document.querySelector('.timeline, #timeline')?.innerText || ''"))


class Offline(unittest.TestCase):
    def setUp(self):
        self.server = Server()
        self.browser = Browser()

    def tearDown(self):
        self.browser.close()
        self.server.close()

    def test_after_a_visit_the_page_works_offline_views_included(self):
        b = self.browser
        b.get(self.server.url + "?scenario=gather&autorun=1")
        b.run_result(30)
        b.wait("document.querySelector('#stepper') && navigator.serviceWorker.controller", 30, "the views and the offline worker")
        # What the worker keeps at once, and what the page loaded since.
        b.wait("caches.keys().then(k => window.__k = k) && (window.__k || []).some(k => k.startsWith('asyncio-playground-build-'))", 20, "its cache")
        # The next visit takes the first result's files from what the worker keeps, one by one:
        # not their pack, which only the network has.
        b.get(self.server.url + "?scenario=lock&autorun=1")
        b.run_result(30)
        wasm = b.js("return performance.getEntriesByType('resource').map(e => e.name.split('/').pop()).filter(n => n.endsWith('.wasm'));")
        self.assertIn("split_run.wasm", wasm)
        self.assertEqual([n for n in wasm if n.endswith(".pack.wasm")], [], wasm)
        b.cdp("Network.enable")
        b.cdp("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        try:
            for query in ("?scenario=lock&autorun=1", "?scenario=timeout&lang=en&autorun=1"):
                b.get(self.server.url + query)
                run = b.run_result(30)
                self.assertEqual(run["end"], "completed")
                b.wait("document.querySelector('#stepper') && document.querySelector('.lanes, .timeline')", 20, "the teaching views, offline")
                self.assertEqual(b.js("return document.querySelectorAll('.lazy-failed').length;"), 0)
        finally:
            b.cdp("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def second_build(dist, into):
    """A copy of `dist` as another build would be: its folder under another id, every file
    that names it rewritten (the bytes of a real second build differ; what matters here is
    that its files have other names)."""
    old = build_folder(dist).split("/")[1]
    new = "f" * 12 if old != "f" * 12 else "e" * 12
    shutil.copytree(dist, into, symlinks=True, ignore=shutil.ignore_patterns("pyodide"))
    os.rename(os.path.join(into, "pkg", old), os.path.join(into, "pkg", new))
    for name in ("index.html", os.path.join("static", "boot.js"), "offline-sw.js"):
        path = os.path.join(into, name)
        with open(path, encoding="utf-8") as f:
            text = f.read().replace(old, new)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        for suffix in (".br", ".gz"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
    return old, new


class TwoBuilds(unittest.TestCase):
    def test_a_page_of_the_old_build_never_loads_a_chunk_of_the_new_one(self):
        root = tempfile.mkdtemp()
        try:
            first, second = os.path.join(root, "a"), os.path.join(root, "b")
            shutil.copytree(DIST, first, symlinks=True, ignore=shutil.ignore_patterns("pyodide"))
            old, new = second_build(DIST, second)
            server = Server(first)
            browser = Browser()
            try:
                b = browser
                # The old build's page, its teaching chunk held back (a slow network).
                # (Held until the new build is in place, then asked of the server as it is then.)
                hold = ("new Promise(r => { const t = setInterval(() => { if (window.__allow) { clearInterval(t); r(); } }, 50); })"
                        ".then(() => real.apply(this, arguments))")
                with b.fetch_replaced("String(input).includes('split_teach')", hold):
                    b.get(server.url + "?scenario=gather")
                    b.wait("document.querySelector('#run-bar button.run')", 20, "the old build's page")
                    # The new build is put in place of the old one.
                    server.proc.terminate()
                    server.proc.wait(timeout=10)
                    server.proc = subprocess.Popen(["python3", os.path.join(ROOT, "scripts", "serve.py"), "--dir", second, "--port", str(server.port)],
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    wait_http(server.url)
                    b.js("window.__allow = true;")
                    b.js("document.getElementById('predict-switch').click();")
                    # Either the old build's chunk (kept by the offline worker) or the
                    # failure said, never the new build's.
                    b.wait("document.querySelector('.question') || document.querySelector('.lazy-failed')", 20, "the chunk's end")
                    names = b.js("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('/pkg/'));")
                    self.assertFalse([n for n in names if f"/pkg/{new}/" in n], f"the old page loaded the new build's files: {names}")
                    self.assertTrue([n for n in names if f"/pkg/{old}/" in n], names)
                # A new page is the new build, whole.
                b.get(server.url + "?scenario=gather&autorun=1")
                b.run_result(30)
                b.wait("document.querySelector('#stepper')", 20, "the new build's views")
                names = b.js("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.includes('/pkg/'));")
                self.assertFalse([n for n in names if f"/pkg/{old}/" in n], names)
            finally:
                browser.close()
                server.close()
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
