"""The course: a learner in Hindi on a 360 px phone takes the first three lessons to the end
(a wrong prediction, a missed challenge, then a met one), closes the tab, comes back and
resumes where they left; progress that cannot be read starts a fresh course with a notice;
a link opens a lesson at its challenge and any run of it — from the form, the URL or the
editor — is judged; pages that never open the course leave the device's storage alone.

COURSE_SHOTS=DIR also saves screenshots of each stage at 360 px in every language there."""
import json
import os
import unittest

from browser import LANGS, BrowserTestCase
from test_own_code import LOAD_TIMEOUT, code_url

KEY = "asyncio-playground.course.v1"
SHOTS = os.environ.get("COURSE_SHOTS")


class Course(BrowserTestCase):
    def setUp(self):
        self.browser.resize(360, 800)

    def state(self):
        text = self.browser.wait("document.getElementById('lesson-state')?.textContent || null", 20, "#lesson-state")
        return json.loads(text)

    def wait_state(self, expr, what):
        """Waits until #lesson-state, parsed as `s`, makes `expr` true."""
        self.browser.wait(f"(() => {{ const t = document.getElementById('lesson-state')?.textContent; if (!t) return false; const s = JSON.parse(t); return {expr}; }})()",
                          20, what)

    def click(self, selector):
        self.browser.wait(f"document.querySelector({json.dumps(selector)}) && !document.querySelector({json.dumps(selector)}).disabled", 20, selector)
        self.browser.js("document.querySelector(arguments[0]).click();", selector)

    def set_param(self, name, value):
        b = self.browser
        b.wait(f"document.getElementById('param-{name}')", 10, f"the field {name}")
        b.js("const el = document.getElementById('param-' + arguments[0]); el.value = arguments[1];"
             "el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', {bubbles: true}));", name, value)

    def press_run(self):
        """Presses Run and waits for the verdict of the run it makes."""
        b = self.browser
        b.js("document.getElementById('run-result') && (document.getElementById('run-result').textContent = '');")
        self.click("button.run")
        b.run_result()

    def verdict(self):
        text = self.browser.wait("(() => { const v = document.querySelector('#course .verdict[data-met]'); return v ? v.dataset.met : null; })()",
                                 20, "the challenge's verdict")
        return text == "true"

    def shot(self, name):
        if SHOTS:
            os.makedirs(SHOTS, exist_ok=True)
            self.browser.screenshot(os.path.join(SHOTS, f"course-{name}.png"))

    def fresh(self, query="lang=hi"):
        b = self.browser
        b.get(self.server.url + "index.html?" + query)
        b.wait("document.querySelector('button.course-switch')", 20, "the course switch")
        b.js("localStorage.removeItem(arguments[0]);", KEY)

    def test_a_learner_takes_three_lessons_and_resumes_after_coming_back(self):
        b = self.browser
        self.fresh()
        self.click("button.course-switch")
        self.wait_state("s.lesson === 'sleep' && s.stage === 'explain'", "the first lesson")
        items = b.js("return [...document.querySelectorAll('#course [data-lesson][data-state]')].filter(e => e.tagName === 'LI').map(e => [e.dataset.lesson, e.dataset.state]);")
        self.assertEqual(len(items), 12, items)
        self.assertEqual(items[0], ["sleep", "current"])
        self.assertTrue(all(s == "todo" for _, s in items[1:]))
        self.assertEqual(b.js("return document.documentElement.lang;"), "hi")
        self.assertIn("इवेंट लूप", b.js("return document.querySelector('#course .lesson-explain').textContent;"))
        self.assertLessEqual(b.js("return document.documentElement.scrollWidth;"), 360, "one column at 360 px")
        self.shot("hi-explain")
        # Predict: a wrong answer, judged wrong.
        self.click("#course .course-next")
        self.wait_state("s.stage === 'predict'", "the predict step")
        b.wait("document.querySelector('#predict form.questions input')", 20, "Predict first's question")
        b.js("const el = document.querySelector(\"[name='elapsed']\"); el.value = '0'; el.dispatchEvent(new Event('input', {bubbles: true}));")
        self.shot("hi-predict")
        self.click("button.run")
        verdicts = json.loads(b.wait("document.getElementById('prediction-result')?.textContent || null", 20, "#prediction-result"))
        self.assertFalse(verdicts["answers"][0]["correct"], "0 s for a 1 s sleep is wrong")
        # Run, then the challenge: missed at its start, met by the change it asks for.
        self.click("#course .course-next")
        self.wait_state("s.stage === 'run'", "the run step")
        self.press_run()
        self.click("#course .course-next")
        self.wait_state("s.stage === 'challenge'", "the challenge")
        self.press_run()
        self.assertFalse(self.verdict(), "delay=1 is not 2.5 s")
        # The verdict, not the results below it, is what comes into view after the run.
        b.wait("(() => { const r = document.querySelector('#course .course-verdict').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()",
               5, "the verdict in view")
        self.assertIn("2.5", b.js("return document.querySelector('#course .lesson-goal').textContent;"))
        self.shot("hi-challenge-missed")
        self.set_param("delay", "2.5")
        self.press_run()
        self.assertTrue(self.verdict())
        self.wait_state("s.done.includes('sleep')", "sleep done")
        self.shot("hi-challenge-met")
        # Lesson 2: gather — starts one by one (missed), met concurrently.
        self.click("#course .course-next")
        self.wait_state("s.lesson === 'gather' && s.stage === 'explain'", "the second lesson")
        for stage in ["predict", "run", "challenge"]:
            self.click("#course .course-next")
            self.wait_state(f"s.stage === '{stage}'", stage)
        self.assertEqual(b.js("return document.getElementById('param-mode').value;"), "sequential", "the challenge's starting values")
        self.press_run()
        self.assertFalse(self.verdict())
        self.set_param("mode", "concurrent")
        self.press_run()
        self.assertTrue(self.verdict())
        # Lesson 3: taskgroup — gather leaves orphans; a TaskGroup meets it.
        self.click("#course .course-next")
        self.wait_state("s.lesson === 'taskgroup'", "the third lesson")
        self.click("#course button.stage[data-stage='challenge']")
        self.wait_state("s.stage === 'challenge'", "its challenge")
        self.press_run()
        self.assertFalse(self.verdict())
        self.assertIn("gather()", b.js("return document.querySelector('#course .verdict-why').textContent;"), "the nearest misconception")
        self.set_param("mode", "taskgroup")
        self.press_run()
        self.assertTrue(self.verdict())
        self.wait_state("JSON.stringify(s.done) === '[\"sleep\",\"gather\",\"taskgroup\"]'", "three lessons done")
        self.click("#course .course-next")
        self.wait_state("s.lesson === 'lock' && s.stage === 'explain'", "the fourth lesson")
        # The tab closes; the learner comes back next week to the bare page.
        b.get("about:blank")
        b.get(self.server.url + "index.html?lang=hi")
        self.click("button.course-switch")
        self.wait_state("s.lesson === 'lock' && s.stage === 'explain'", "resumed at the lesson where they left")
        self.assertEqual(self.state()["done"], ["sleep", "gather", "taskgroup"])
        states = dict(b.js("return [...document.querySelectorAll('#course li[data-lesson]')].map(e => [e.dataset.lesson, e.dataset.state]);"))
        self.assertEqual([states[k] for k in ["sleep", "gather", "taskgroup", "lock", "blocking"]], ["done", "done", "done", "current", "todo"])
        self.assertIn("lesson=lock", b.js("return location.search;"))
        self.shot("hi-resumed")

    def test_progress_that_cannot_be_read_starts_a_fresh_course_with_a_notice(self):
        b = self.browser
        for junk in ["{not json", json.dumps({"v": 99, "lesson": "lock", "stage": "run", "done": [], "started": []})]:
            self.fresh("lang=en")
            b.js("localStorage.setItem(arguments[0], arguments[1]);", KEY, junk)
            b.get(self.server.url + "index.html?lang=en")
            b.errors()  # (clears what the load logged)
            self.click("button.course-switch")
            b.wait("document.querySelector('#course .course-notice')", 20, "the notice")
            self.wait_state("s.lesson === 'sleep' && s.done.length === 0", "a fresh course")
            self.assertEqual(json.loads(b.js("return localStorage.getItem(arguments[0]);", KEY))["v"], 1, "fresh progress written back")
            self.assertTrue(b.js("return document.querySelector('button.run') !== null;"), "the page still works")

    def test_a_link_opens_a_lesson_at_its_challenge_and_its_run_is_judged(self):
        b = self.browser
        self.fresh("lang=en")
        b.get(self.server.url + "index.html?lesson=lock&stage=challenge")
        self.wait_state("s.lesson === 'lock' && s.stage === 'challenge'", "the lock challenge")
        b.wait("document.getElementById('param-use_lock')", 10, "the form")
        self.assertFalse(b.js("return document.getElementById('param-use_lock').checked;"), "the challenge starts unlocked")
        b.get(self.server.url + "index.html?lesson=lock&stage=challenge&use_lock=true&workers=100")
        self.wait_state("s.lesson === 'lock' && s.stage === 'challenge'", "the lock challenge, with values")
        self.press_run()
        self.assertTrue(self.verdict())
        self.assertIn("100", b.js("return document.querySelector('#course .verdict').textContent;"))
        self.wait_state("s.done.includes('lock')", "lock done")

    def test_a_program_challenge_is_judged_on_the_learners_own_run(self):
        b = self.browser
        self.fresh("lang=en")
        b.get(self.server.url + "index.html?lesson=mistakes-forgot_await&stage=challenge")
        self.wait_state("s.stage === 'challenge'", "the challenge")
        self.click("#course button.course-edit")
        b.wait("document.querySelector('.own-code .cm-editor')", LOAD_TIMEOUT, "the editor with the lesson's program")
        program = b.js("return document.querySelector('.own-code .cm-content').innerText;")
        self.assertIn("coroutine = fetch(1)", program)
        fixed = b.js("return arguments[0];", program).replace("    coroutine = fetch(1)  # only creates a coroutine object: fetch's body does not run", "    coroutine = await fetch(1)")
        b.get(self.server.url + "index.html?lesson=mistakes-forgot_await&stage=challenge&" + "code=" + code_url(fixed))
        self.wait_state("s.stage === 'challenge'", "the challenge, with the edited program")
        b.wait("document.querySelector('.own-code .cm-editor')", LOAD_TIMEOUT, "the editor")
        self.click("button.run")
        self.assertTrue(json.loads(b.wait("(() => { const v = document.querySelector('#course .verdict[data-met]'); return v ? JSON.stringify(v.dataset.met) : null; })()",
                                          LOAD_TIMEOUT, "the verdict of the own run")) == "true")

    def test_pages_that_never_open_the_course_leave_the_device_alone(self):
        b = self.browser
        self.fresh("lang=en")
        for query in ["scenario=lock", "embed=1&scenario=lock", "scenario=gather&autorun=1", "lesson=lock&embed=1"]:
            b.get(self.server.url + "index.html?" + query)
            b.wait("document.querySelector('button.run, .output')", 20, query)
            self.assertIsNone(b.js("return localStorage.getItem(arguments[0]);", KEY), query)
            self.assertFalse(b.js("return document.getElementById('course') !== null;"), query)

    @unittest.skipUnless(SHOTS, "COURSE_SHOTS=DIR saves the screenshots")
    def test_screenshots_of_each_stage_in_every_language(self):
        b = self.browser
        for lang in LANGS:
            self.fresh(f"lang={lang}")
            for stage in ["explain", "predict", "run", "challenge"]:
                b.get(self.server.url + f"index.html?lang={lang}&lesson=gather&stage={stage}")
                self.wait_state(f"s.stage === '{stage}'", stage)
                b.js("document.getElementById('course').scrollIntoView();")
                self.shot(f"{lang}-{stage}")
