"""The page in Hindi and in Bengali, as a reader of those languages meets it.

- with lang=hi and lang=bn, before and after a run and while stepping, the visible text outside
  code (the program, parameter keys, task names, API names in <code>) is mostly in that
  script, and `<html lang>` says the language;
- an invalid parameter shows the translated message, naming the same parameter and range;
- the language switch in the header keeps the parameters and the finished run, and the
  URL gets lang=;
- the glossary under the summary names the guide's terms and brings their object into view;
- at 360 px wide no text makes the page wider than the screen, not even for a moment;
- every reader fetches their own language's messages only (the bundle carries none): an
  English reader the first screen's and what a run's result says; a Hindi reader's first
  render is already in Hindi, from static/i18n/hi.ftl, and the switch fetches another
  language once (to English too, the page reading on in the language it had meanwhile);
- a reader whose messages cannot be had reads English; where none can be, or the first chunk
  cannot, the page says so in the reader's language with a Try again.

The share of the language's script is printed per scenario.
"""
import json
import time
import unittest

from browser import SCRIPTS, TRANSLATIONS, Browser, BrowserTestCase

SCENARIOS = ["sleep", "gather", "taskgroup", "lock", "blocking", "timeout", "bounded-fetch", "mistakes"]

# Letters of the visible text outside code, counted by script: {script: n, latin: n, sample: [...]}
# Code is what the reader keeps in English: <code>, <pre>, <kbd>, the parameter keys, the
# task chips and the terminal, the scenario ids of the picker, text marked lang="en", and
# inline `code` in sentences.
COUNT = """
const [lo, hi] = arguments;
const skip = 'code, pre, kbd, script, style, .param-name, .chip, .terminal, .pick-id, [lang="en"], svg, .languages, dialog:not([open]), .visually-hidden, option:not(:checked), input';
const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('details:not([open]) > :not(summary)'); };
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
let script = 0, latin = 0; const latinSamples = [];
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  if (!el || el.closest(skip) || !visible(el)) continue;
  const text = n.textContent.replace(/`[^`]*`/g, ' ');
  for (const ch of text) {
    if (ch >= lo && ch <= hi) script++;
    else if (/[A-Za-z]/.test(ch)) latin++;
  }
  const words = text.match(/[A-Za-z][A-Za-z_.()]{2,}/g);
  if (words && latinSamples.length < 40) latinSamples.push(...words.slice(0, 3));
}
return {script, latin, sample: latinSamples.slice(0, 40)};
"""

# What reaches past the screen's right edge, outside what scrolls or clips in place.
CULPRITS = """[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
    && !e.closest('.code, .table-scroll, .lanes-scroll, .terminal, pre, .compact-code, .picker ul'))
    .slice(0, 5).map(e => e.tagName + '.' + (e.getAttribute('class') || '') + ' ' + (e.textContent || '').slice(0, 40));"""

# window.__widest: [the page's widest scroll width since, what made it so], taken on every
# change of the page.
WIDEST = """window.__widest = [document.documentElement.scrollWidth, ''];
new MutationObserver(() => { const w = document.documentElement.scrollWidth;
  if (w > window.__widest[0]) window.__widest = [w, String(""" + CULPRITS.rstrip(";") + """)]; })
  .observe(document.body, {childList: true, subtree: true, attributes: true, characterData: true});"""


class PageInHindiAndBengali(BrowserTestCase):
    report_title = "script share of the visible text outside code"

    def open(self, query, width=1280, height=900):
        self.browser.resize(width, height)
        self.browser.get(self.server.url + "index.html?" + query)
        self.browser.wait_for_app()

    def share(self, lang):
        counts = self.browser.js(COUNT, *SCRIPTS[lang])
        total = counts["script"] + counts["latin"]
        return (counts["script"] / total if total else 0.0), counts

    def start_run(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.js("document.querySelector('.run-bar button.run').click();")
        return self.browser.run_result(30)

    def test_every_scenario_reads_in_the_language_before_after_and_while_stepping(self):
        problems = []
        for lang in TRANSLATIONS:
            for scenario in SCENARIOS:
                self.open(f"scenario={scenario}&lang={lang}&urls=12")
                self.assertEqual(self.browser.js("return document.documentElement.lang;"), lang)
                before, b = self.share(lang)
                self.start_run()
                after, a = self.share(lang)
                # Step back to the middle of the run: the narration and the loop panel. (The
                # stepper comes with the teaching chunk, which may still be on its way.)
                self.browser.wait("document.querySelector('.stepper input[type=range]')", 20, "the stepper")
                self.browser.js("const r = document.querySelector('.stepper input[type=range]');"
                                "r.value = Math.floor(r.max / 2); r.dispatchEvent(new Event('input', {bubbles: true}));")
                self.browser.wait("document.querySelector('.narration').textContent.length > 0", 5)
                stepping, s = self.share(lang)
                narration = self.browser.js("return document.querySelector('.narration').textContent;")
                lo, hi = SCRIPTS[lang]
                if not any(lo <= c <= hi for c in narration):
                    problems.append(f"{lang} {scenario}: narration not in the script: {narration}")
                self.report.append(f"{lang} {scenario}: before {before:.0%}, after a run {after:.0%}, stepping {stepping:.0%}")
                for phase, share, counts in [("before", before, b), ("after", after, a), ("stepping", stepping, s)]:
                    if share < 0.7:
                        problems.append(f"{lang} {scenario} {phase}: {share:.0%} in the script; Latin words: {counts['sample']}")
        self.assertEqual(problems, [], "\n".join(problems))

    def test_an_invalid_parameter_shows_the_translated_message_with_the_same_name_and_range(self):
        expected = {
            "hi": 'workers का मान 1 से 10000 तक की पूर्ण संख्या होना चाहिए (मिला: "0")',
            "bn": 'workers-এর মান হতে হবে 1 থেকে 10000 পর্যন্ত একটি পূর্ণসংখ্যা (পাওয়া গেছে "0")',
        }
        for lang, message in expected.items():
            self.open(f"scenario=lock&workers=0&lang={lang}")
            text = self.browser.wait("document.querySelector('.field.invalid .field-error')?.textContent", 5)
            self.assertEqual(text, message)
            self.assertTrue(self.browser.js("return document.querySelector('.run-bar button.run').disabled;"))
            # Typed into the form: the same message, in seconds for a time.
            self.browser.js("const i = document.getElementById('param-hold'); i.value = '11';"
                            "i.dispatchEvent(new InputEvent('input', {bubbles: true}));")
            hold = self.browser.wait("[...document.querySelectorAll('.field.invalid .field-error')].map(e => e.textContent).find(t => t.startsWith('hold'))", 5)
            unit = {"hi": "सेकंड", "bn": "সেকেন্ড"}[lang]
            self.assertIn("0", hold)
            self.assertIn(f"10 {unit}", hold)
            self.assertIn('"11"', hold)

    def test_the_switch_keeps_the_parameters_and_the_run_and_the_url_says_lang(self):
        self.open("scenario=gather&tasks=3&delay=0.5&lang=hi&autorun=1")
        run = self.browser.run_result(20)
        headline = self.browser.js("return document.querySelector('.results .headline').textContent;")
        self.assertEqual(headline, "अनुक्रमिक 1.5 सेकंड, समवर्ती 0.5 सेकंड → 3× तेज़")
        self.browser.wait("document.querySelector('.stepper button[aria-label]')", 20, "the stepper")
        self.browser.js("document.querySelector('.stepper button[aria-label]').click();")  # ⏮ first event
        steps = self.browser.js("return document.querySelector('.stepper input[type=range]').value;")
        for lang, check in [("bn", "ক্রমিক 1.5 সেকেন্ড, সমসাময়িক 0.5 সেকেন্ড → 3× দ্রুত"),
                            ("en", "sequential 1.5 s, concurrent 0.5 s → 3× faster"),
                            ("hi", "अनुक्रमिक 1.5 सेकंड, समवर्ती 0.5 सेकंड → 3× तेज़")]:
            self.browser.js("document.querySelector(`.languages button[lang='${arguments[0]}']`).click();", lang)
            self.browser.wait(f"document.documentElement.lang === '{lang}'", 5)
            self.browser.wait(f"location.search.includes('lang={lang}')", 5, f"lang={lang} in the URL")
            self.assertIn("tasks=3", self.browser.js("return location.search;"))
            self.assertEqual(self.browser.js("return document.getElementById('param-tasks').value;"), "3")
            # A language not loaded yet arrives from static/i18n/ a moment after the switch.
            self.browser.wait(f"document.querySelector('.results .headline').textContent === {json.dumps(check)}", 5, f"the headline in {lang}")
            self.assertEqual(json.loads(self.browser.js("return document.getElementById('run-result').textContent;")), run,
                             "the run is kept, and its JSON is the same in every language")
            self.assertEqual(self.browser.js("return document.querySelector('.stepper input[type=range]').value;"), steps,
                             "the playhead stays where it was")
            pressed = self.browser.js("return document.querySelector('.languages button[aria-pressed=true]').getAttribute('lang');")
            self.assertEqual(pressed, lang)

    def test_the_glossary_names_the_terms_and_brings_their_objects_into_view(self):
        self.open("scenario=lock&lang=hi")
        self.browser.wait("document.querySelector('.glossary dfn')", 20, "the glossary (the teaching chunk's)")
        terms = self.browser.js("return [...document.querySelectorAll('.glossary dfn')].map(e => e.textContent);")
        self.assertIn("लॉक", terms)
        self.assertIn("रेस कंडीशन", terms)
        english = self.browser.js("return [...document.querySelectorAll('.glossary .term-en')].map(e => e.textContent);")
        self.assertIn("race condition", english)
        # Before a run the loop panel does not exist yet: it says so instead of linking.
        self.assertEqual(self.browser.js("return document.querySelectorAll('.glossary a.place[href=\"#inspector\"]').length;"), 0)
        self.assertGreater(self.browser.js("return document.querySelectorAll('.glossary .place.pending').length;"), 0)
        self.browser.js("document.querySelector('.glossary a.place[href=\"#param-use_lock\"]').click();")
        self.assertEqual(self.browser.js("return document.activeElement.id;"), "param-use_lock")
        self.start_run()
        self.browser.js("document.querySelector('.glossary a.place[href=\"#inspector\"]').click();")
        self.assertEqual(self.browser.js("return document.activeElement.id;"), "inspector")
        top = self.browser.js("return document.getElementById('inspector').getBoundingClientRect().top;")
        self.assertTrue(0 <= top < 400, f"the loop panel is brought into view (top at {top})")

    def test_the_glossary_opens_and_folds_only_when_the_reader_says(self):
        b = self.browser
        for lang in ["en", "hi"]:
            # On a phone it starts folded.
            self.open(f"scenario=gather&lang={lang}", 360, 740)
            b.wait("document.querySelector('details.glossary')", 20, "the glossary (the teaching chunk's)")
            self.assertFalse(b.js("return document.querySelector('details.glossary').open;"), lang)
            # The page drawn at another width (a turned phone; a run's first frame drawn wider)
            # and a run: it stays folded, and the run's result is where it was put.
            b.resize(800, 740)
            self.start_run()
            b.wait("document.querySelector('#stepper')", 20, "the stepper")
            self.assertFalse(b.js("return document.querySelector('details.glossary').open;"), f"{lang}: it opened by itself")
            # Opened by the reader, it stays open through a run at a phone's width.
            b.resize(360, 740)
            b.js("document.querySelector('details.glossary summary').click();")
            self.start_run()
            self.assertTrue(b.js("return document.querySelector('details.glossary').open;"), f"{lang}: it folded by itself")
            # On a desktop it starts open.
            self.open(f"scenario=gather&lang={lang}", 1280, 800)
            b.wait("document.querySelector('details.glossary')", 20, "the glossary")
            self.assertTrue(b.js("return document.querySelector('details.glossary').open;"), lang)

    def test_the_open_glossary_on_a_phone_has_big_targets_and_no_serious_axe_violation(self):
        import test_a11y
        with open(test_a11y.AXE) as f:
            axe = f.read()
        for lang, scenario in [("hi", "bounded-fetch"), ("bn", "lock")]:
            self.open(f"scenario={scenario}&lang={lang}&urls=12", 360, 740)
            self.start_run()
            self.browser.js("document.querySelector('.glossary').open = true;")
            self.browser.js(axe + "\nreturn true;")
            violations = self.browser._s("POST", "/execute/async", {"script": test_a11y.RUN_AXE, "args": []})
            self.assertEqual(violations, [], f"{lang} {scenario}")
            links = [b for b in self.browser.js(test_a11y.MEASURE) if "place" in b[1]]
            self.assertGreaterEqual(len(links), 4, "the glossary's links are measured")
            self.assertEqual([b for b in links if b[2] < 44 or b[3] < 44], [], f"{lang} {scenario}")

    def test_no_text_is_wider_than_a_phone(self):
        problems = []
        for lang in TRANSLATIONS:
            for scenario in SCENARIOS:
                self.open(f"scenario={scenario}&lang={lang}&urls=12", 360, 740)
                # Not for a moment either: the page's width after every change of the page
                # during the run (a view's first frame drawn before it measured its place).
                self.browser.js(WIDEST)
                self.start_run()
                self.browser.js("const d = document.querySelector('details.events'); if (d) d.open = true;")
                widest = self.browser.js("return window.__widest;")
                if widest[0] > self.browser.js("return window.innerWidth;"):
                    problems.append(f"{lang} {scenario}: for a moment the page was {widest[0]} px wide, by {widest[1]}")
                # The timeline's axis title ends before its first tick.
                overlap = self.browser.js("""const t = document.querySelector('.timeline svg.axis .axis-title'); const tick = document.querySelector('.timeline svg.axis g text');
                    return t && tick ? t.getBoundingClientRect().right - tick.getBoundingClientRect().left : -1;""")
                if overlap > 0:
                    problems.append(f"{lang} {scenario}: the axis title runs {overlap:.0f} px into the first tick")
                wide = self.browser.js("return document.documentElement.scrollWidth;")
                inner = self.browser.js("return window.innerWidth;")
                if wide > inner:
                    culprits = self.browser.js("return " + CULPRITS)
                    problems.append(f"{lang} {scenario}: page is {wide} px wide at {inner} px: {culprits}")
        self.assertEqual(problems, [], "\n".join(problems))


class BrowserLanguage(BrowserTestCase):
    """A browser whose preferred language is Hindi gets the page in Hindi without lang=."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.hindi = Browser(extra_args=["--accept-lang=hi-IN,hi,en"])

    @classmethod
    def tearDownClass(cls):
        cls.hindi.close()
        super().tearDownClass()

    def test_the_browsers_language_is_the_default_and_lang_wins(self):
        b = self.hindi
        self.assertEqual(b.js("return navigator.languages[0];"), "hi-IN")
        b.get(self.server.url + "index.html?scenario=sleep")
        self.assertEqual(b.wait("document.querySelector('.run-bar button.run')?.textContent", 20, "the app"), "▶ चलाएँ")
        self.assertEqual(b.js("return document.documentElement.lang;"), "hi")
        b.get(self.server.url + "index.html?scenario=sleep&lang=bn")
        self.assertEqual(b.wait("document.querySelector('.run-bar button.run')?.textContent", 20, "the app"), "▶ চালান", "lang= wins over the browser")
        self.assertEqual(b.js("return document.documentElement.lang;"), "bn")
        # English chosen with the switch stays English when the URL is opened again.
        b.js("document.querySelector(\".languages button[lang='en']\").click();")
        b.wait("location.search.includes('lang=en')", 5, "lang=en in the URL")
        url = b.js("return location.href;")
        b.get(url)
        b.wait("document.querySelector('.run-bar button.run')", 20)
        self.assertEqual(b.js("return document.documentElement.lang;"), "en")
        # The plain English page of an English browser has no lang= in its URL.
        self.browser.get(self.server.url + "index.html?scenario=sleep")
        self.browser.wait("document.querySelector('.run-bar button.run')", 20)
        self.assertNotIn("lang=", self.browser.js("return location.search;"))

    # Every text the page's nodes held before it changed, and every scenario the picker
    # marked current before another, from the document's start: what was drawn and replaced
    # within one task is caught too.
    REPLACED = """
window.__replacedTexts = []; window.__unpicked = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'characterData') window.__replacedTexts.push(r.oldValue);
    if (r.type === 'attributes' && / current/.test(r.oldValue || '') && !r.target.classList.contains('current'))
      window.__unpicked.push(r.target.dataset.scenario);
    for (const n of r.removedNodes) window.__replacedTexts.push(n.textContent);
  }
}).observe(document, {subtree: true, childList: true, characterData: true, characterDataOldValue: true,
                      attributes: true, attributeFilter: ['class'], attributeOldValue: true});
"""

    def test_the_first_render_is_in_the_readers_language_and_at_the_urls_scenario(self):
        # Yew lets the browser paint between a render and its effects once it has worked for
        # 16 ms (a slow phone always does): the page's first render is the URL's already.
        cases = [(self.browser, "scenario=lock&lang=bn", "▶ চালান"), (self.hindi, "scenario=lock", "▶ चलाएँ")]
        for b, query, run in cases:
            with b.on_every_document(self.REPLACED):
                b.get(self.server.url + "index.html?" + query)
                self.assertEqual(b.wait("document.querySelector('.run-bar button.run')?.textContent", 20, "the app"), run, query)
                replaced = b.js("return window.__replacedTexts;")
                self.assertTrue(any("…" in t for t in replaced), f"{query}: the observer saw the loading note go: {replaced[:5]}")
                self.assertNotIn("▶ Run", replaced, f"{query}: the page was first drawn in English")
                self.assertEqual(b.js("return window.__unpicked;"), [], f"{query}: the page was first drawn at another scenario")
                self.assertEqual(b.js("return document.querySelector('.pick.current')?.dataset.scenario;"), "lock")

    def test_a_messages_fetch_that_fails_once_is_tried_again(self):
        # The document's first fetch of a message file fails, as a dropped request would.
        first_ftl = "!window.__fetchReplaced && String(input).endsWith('.ftl')"
        with self.browser.fetch_replaced(first_ftl, "Promise.reject(new TypeError('Failed to fetch'))"):
            self.browser.get(self.server.url + "index.html?scenario=sleep&lang=bn")
            self.assertEqual(self.browser.wait("document.querySelector('.run-bar button.run')?.textContent", 20, "the app"), "▶ চালান",
                             "the second try brought the Bengali messages before the first render")
            self.assertTrue(self.browser.js("return window.__fetchReplaced === true;"), "the first fetch did fail")

    def test_each_reader_fetches_their_own_languages_messages_only(self):
        ftl = "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.ftl')).map(n => n.split('/').pop());"
        self.browser.get(self.server.url + "index.html?scenario=sleep")
        self.browser.wait("document.querySelector('.run-bar button.run')", 20)
        self.browser.wait("performance.getEntriesByType('resource').some(e => e.name.endsWith('en.results.ftl'))", 20, "the results' messages")
        self.assertEqual(self.browser.js(ftl), ["en.ftl", "en.results.ftl"],
                         "an English reader fetches the first screen's messages and what a run's result says (the bundle carries neither)")
        b = self.hindi
        b.get(self.server.url + "index.html?scenario=gather")
        self.assertEqual(b.wait("document.querySelector('.run-bar button.run')?.textContent", 20, "the app"), "▶ चलाएँ",
                         "the first render is already in Hindi")
        self.assertEqual(b.js(ftl)[0], "hi.ftl", "the first screen's messages first")
        # The chunks' messages come with the chunks that speak them: a run's result's with the
        # run chunk, the teaching views' with theirs (once the page is idle).
        b.wait("document.querySelector('#stepper, .glossary')", 20, "the teaching views")
        self.assertEqual(b.js(ftl), ["hi.ftl", "hi.results.ftl", "hi.lesson.ftl"], "and no English")
        b.js("document.querySelector(\".languages button[lang='bn']\").click();")
        b.wait("document.querySelector('.run-bar button.run')?.textContent === '▶ চালান'", 5, "the page in Bengali")
        b.wait("['bn.results.ftl', 'bn.lesson.ftl'].every(f => performance.getEntriesByType('resource').some(e => e.name.endsWith(f)))", 10,
               "Bengali's chunk messages")
        both = ["hi.ftl", "hi.results.ftl", "hi.lesson.ftl", "bn.ftl", "bn.lesson.ftl", "bn.results.ftl"]
        self.assertEqual(sorted(b.js(ftl)), sorted(both), "a switch asks for the chunks' files at once")
        b.js("document.querySelector(\".languages button[lang='hi']\").click();")
        b.wait("document.querySelector('.run-bar button.run')?.textContent === '▶ चलाएँ'", 5, "back in Hindi")
        self.assertEqual(sorted(b.js(ftl)), sorted(both), "a language is fetched once")

    RUN_TEXT = "document.querySelector('.run-bar button.run')?.textContent"
    TITLE = "document.querySelector('main .setup h2')?.textContent"

    def test_a_switch_to_english_fetches_its_messages_and_the_page_reads_on_meanwhile(self):
        # English's first screen messages are fetched like any language's (the bundle carries
        # none): until they come, the page reads in the language it had, never in message ids.
        b = self.hindi
        slow = "new Promise((done) => setTimeout(done, 2000)).then(() => real.call(window, input))"
        with b.fetch_replaced("String(input).endsWith('/en.ftl')", slow):
            b.get(self.server.url + "index.html?scenario=gather")
            self.assertEqual(b.wait(self.RUN_TEXT, 20, "the app"), "▶ चलाएँ")
            title = b.js(f"return {self.TITLE};")
            b.js("document.querySelector(\".languages button[lang='en']\").click();")
            b.wait("document.documentElement.lang === 'en'", 5, "the switch")
            time.sleep(0.5)
            self.assertEqual((b.js(f"return {self.RUN_TEXT};"), b.js(f"return {self.TITLE};")), ("▶ चलाएँ", title),
                             "while English's messages come, the page reads as it did")
            self.assertEqual(b.wait(f"{self.RUN_TEXT} === '▶ Run' && {self.TITLE}", 10, "the page in English"), "Coroutines vs tasks: sequential awaits vs gather")
            self.assertTrue(b.js("return window.__fetchReplaced === true;"), "English's messages were fetched on the switch")

    FAILED = "document.querySelector('#app > .lazy-failed[role=alert]')"

    def failure_said(self, b, what):
        """The alert in the app's place: (its text, its button's, the reason it keeps)."""
        return b.wait(f"{self.FAILED} && [{self.FAILED}.querySelector('p').textContent, {self.FAILED}.querySelector('button').textContent, "
                      f"{self.FAILED}.dataset.error]", 20, what)

    def test_what_cannot_be_had_is_said_in_the_readers_language_with_a_try_again(self):
        # A Bengali reader whose messages cannot be fetched (after every retry) reads the page
        # in English, fetched in their place. Where no messages can be had, or the first chunk
        # cannot, the page says so in the reader's language, with a Try again that loads it
        # anew — never a page of message ids, nor a blank one.
        refused = "Promise.reject(new TypeError('Failed to fetch'))"
        with self.browser.fetch_replaced("String(input).endsWith('/bn.ftl')", refused):
            self.browser.get(self.server.url + "index.html?scenario=sleep&lang=bn")
            self.assertEqual(self.browser.wait(f"{self.RUN_TEXT} === '▶ Run' && {self.TITLE}", 20, "the app in English"),
                             "The event loop and asyncio.sleep")
        with self.browser.fetch_replaced("String(input).endsWith('/en.ftl')", refused):
            self.browser.get(self.server.url + "index.html?scenario=sleep")
            said, retry, why = self.failure_said(self.browser, "the failure said")
            self.assertEqual((said[:34], retry), ("The playground could not be loaded", "Try again"))
            self.assertIn("static/i18n/en.ftl", why)
            self.assertIsNone(self.browser.js(f"return {self.RUN_TEXT};"), "no app mounted without its messages")
        b = self.hindi
        with b.fetch_replaced("/\\/(hi|en)\\.ftl$/.test(String(input))", refused):
            b.get(self.server.url + "index.html?scenario=lock")
            said, retry, why = self.failure_said(b, "the failure said in Hindi")
            self.assertEqual((said[:27], retry), ("प्लेग्राउंड लोड नहीं हो सका", "फिर से कोशिश करें"))
            self.assertIn("static/i18n/hi.ftl", why)
        # Try again, the network back: the page loads, in Hindi, at its lesson.
        b.js(f"{self.FAILED}.querySelector('button').click();")
        self.assertEqual(b.wait(f"{self.RUN_TEXT} === '▶ चलाएँ' && document.querySelector('.pick.current')?.dataset.scenario", 20, "the page again"), "lock")
        with self.browser.fetch_replaced("String(input).endsWith('/app_bg.wasm')", refused):
            self.browser.get(self.server.url + "index.html?scenario=gather&lang=bn")
            said, retry, _ = self.failure_said(self.browser, "the first chunk's failure said")
            self.assertEqual((said[:27], retry), ("প্লেগ্রাউন্ড লোড করা যায়নি", "আবার চেষ্টা করুন"))

if __name__ == "__main__":
    unittest.main()
