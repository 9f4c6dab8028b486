"""Predict first (predict=1): the page asks before it shows, hides the outcome until Run,
judges each answer against the run (right ones right, wrong ones wrong with the catalogue's
misconception and a step), "Show me" puts the playhead on that step; the same in Hindi and
Bengali, and inside an embed, whose host hears `prediction-checked`.

PREDICT_SHOTS=DIR also saves screenshots at 1280 and 360 px in each language there."""
import json
import os
import unittest

from browser import LANGS, BrowserTestCase
from test_own_code import LOAD_TIMEOUT, code_url

HIDDEN = ["#results", "#timeline", "#stepper", "#inspector", "#events"]


class Predict(BrowserTestCase):
    def test_own_code_is_predicted_line_by_line(self):
        b = self.browser
        program = "import asyncio\n\nasync def main():\n    print('start')\n    await asyncio.sleep(1)\n    print('end')\n\nasyncio.run(main())\n"
        b.get(self.server.url + f"?predict=1&code={code_url(program)}")
        b.wait("document.querySelector('.own-code .cm-editor') && document.getElementById('predict-output')", 20, "the editor and the expected output")
        b.js("const t = document.getElementById('predict-output'); t.value = 'start\\nfinish';"
             "t.dispatchEvent(new Event('input', {bubbles: true}));")
        b.click_at("button.run")
        b.wait("document.querySelector('.line-compare')", LOAD_TIMEOUT, "the comparison")
        verdict = json.loads(b.wait("document.getElementById('prediction-result')?.textContent", 10, "#prediction-result"))
        self.assertEqual(verdict["lines"], [{"expected": "start", "printed": "start", "t": 0.0, "same": True},
                                            {"expected": "finish", "printed": "end", "t": 1.0, "same": False}])
        rows = b.js("return [...document.querySelectorAll('.line-compare tr.same, .line-compare tr.differs')].map(r => r.className);")
        self.assertEqual(rows, ["same", "differs"])

    report_title = "Predict first"

    def open(self, query):
        b = self.browser
        b.get(self.server.url + "index.html?" + query)
        b.wait("document.querySelector('#predict form.questions') !== null", 20, "the questions")

    def answer(self, name, value, frame=None):
        script = ("const el = document.querySelector(`[name='${arguments[0]}']`);"
                  "if (!el) return false; el.value = arguments[1];"
                  "el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', {bubbles: true})); return true;")
        ok = self.browser.in_frame(frame, script, name, value) if frame else self.browser.js(script, name, value)
        self.assertTrue(ok, f"a field named {name}")

    def prediction(self, timeout=20):
        text = self.browser.wait("(() => { const t = document.getElementById('prediction-result')?.textContent; return t ? t : null; })()",
                                 timeout, "#prediction-result")
        return {a["question"]: a for a in json.loads(text)["answers"]}

    def assert_hidden(self):
        b = self.browser
        for sel in HIDDEN:
            self.assertFalse(b.js("return document.querySelector(arguments[0]) !== null;", sel), f"{sel} shown before Run")
        self.assertFalse(b.js("return !!document.getElementById('run-result')?.textContent;"), "#run-result written before Run")
        self.assertFalse(b.js("return document.getElementById('prediction-result') !== null;"))

    def show_me(self, question, step):
        b = self.browser
        b.click_at(f"li.verdict[data-question='{question}'] button.show-me")
        b.wait(f"document.querySelector('#stepper input[type=range]')?.value === '{step}'", 10, f"the playhead on event {step}")
        # The focus moves in a task of its own, after the playhead's render.
        b.wait("document.activeElement && document.activeElement.id === 'stepper'", 5, "the stepper to have the focus")
        return b.js("return document.querySelector('#stepper .narration').textContent;")

    def gather_round(self, lang):
        b = self.browser
        self.open(f"scenario=gather&tasks=5&delay=1&mode=both&predict=1&autorun=1&lang={lang}")
        b.js("return new Promise(r => setTimeout(r, 600));")  # autorun=1 must wait for the answers
        self.assert_hidden()
        self.assertTrue(b.js("return document.getElementById('predict-switch').checked;"))
        self.assertIn("predict=1", b.js("return location.search;"))
        labels = b.js("return [...document.querySelectorAll('#predict .question label')].map(l => l.textContent);")
        self.assertEqual(len(labels), 2)
        for name in ["sequential_elapsed", "concurrent_elapsed"]:
            self.assertTrue(b.js("const el = document.querySelector(`[name='${arguments[0]}']`);"
                                 "return !!document.querySelector(`label[for='${el.id}']`);", name), f"{name} has a label")
        self.answer("sequential_elapsed", "5")
        self.answer("concurrent_elapsed", "5")
        b.click_at("#predict button.check")
        verdicts = self.prediction()
        run = b.run_result()
        self.assertEqual(verdicts["sequential_elapsed"]["correct"], True)
        self.assertEqual(verdicts["concurrent_elapsed"]["correct"], False)
        self.assertEqual(verdicts["concurrent_elapsed"]["given"], 5)
        for q in verdicts.values():
            self.assertEqual(q["expected"], run["outcome"][q["question"]], "expected values are the run's own")
            self.assertIsInstance(q["step"], int)
        why = b.js("return document.querySelector(\"li.verdict[data-question='concurrent_elapsed'] .why\").dataset.why;")
        self.assertEqual(why, "predict-why-added-sleeps")
        self.assertEqual(b.js("return document.querySelector('#predict .verdicts').getAttribute('aria-live');"), "polite")
        for sel in ["#results", "#timeline", "#stepper"]:
            self.assertTrue(b.js("return document.querySelector(arguments[0]) !== null;", sel), f"{sel} after Run")
        step = verdicts["concurrent_elapsed"]["step"]
        event = run["events"][step]
        self.assertEqual(event["kind"], "suspend", "the moment the last task falls asleep")
        asleep = {e["task"] for e in run["events"][:step + 1] if e["kind"] == "suspend" and e["task"] != 1}
        self.assertEqual(len(asleep), 5, "all five tasks asleep at once")
        sentence = self.show_me("concurrent_elapsed", step)
        self.assertTrue(sentence.strip())
        text = b.js("return document.getElementById('predict').innerText;")
        self.report.append(f"{lang}: gather 5 × 1 s, answered 5 and 5 — {json.dumps(verdicts)}; Show me → step {step}: {sentence[:90]}")
        return text

    def test_english_hides_the_outcome_judges_and_shows_the_step(self):
        text = self.gather_round("en")
        self.assertIn("You added the sleeps", text)
        self.assertIn("1 of 2 right", text)

    def test_hindi(self):
        text = self.gather_round("hi")
        self.assertTrue(any("\u0900" <= c <= "\u097f" for c in text), "the verdicts are in Devanagari")
        self.assertIn("आपने sleep जोड़ दिए", text)

    def test_bengali(self):
        text = self.gather_round("bn")
        self.assertTrue(any("\u0980" <= c <= "\u09ff" for c in text), "the verdicts are in Bengali script")
        self.assertIn("আপনি sleep-গুলো যোগ করেছেন", text)

    def test_while_it_asks_neither_the_summary_nor_the_program_gives_the_answer(self):
        b = self.browser
        self.open("scenario=gather&tasks=5&delay=1&mode=both&predict=1")
        program = b.js("return document.querySelector('#python .code').textContent;")
        self.assertIn("await sequential()", program)
        self.assertNotIn("# ~", program, "the comments that say how long each takes wait for the run")
        self.assertFalse(b.js("return document.querySelector('.setup p.summary:not(.summary-later)') !== null;"), "no summary while asking")
        self.assertTrue(b.js("return document.querySelector('.setup p.summary-later') !== null;"))
        self.answer("sequential_elapsed", "5")
        b.click_at("#predict button.check")
        self.prediction()
        self.assertIn("# ~5 seconds", b.js("return document.querySelector('#python .code').textContent;"))
        self.assertTrue(b.js("return document.querySelector('.setup p.summary:not(.summary-later)') !== null;"), "the summary after the run")

    def test_turning_it_on_brings_the_questions_into_view_on_a_phone(self):
        b = self.browser
        b.resize(360, 740)
        try:
            b.get(self.server.url + "index.html?scenario=gather")
            b.wait("document.getElementById('predict-switch') && !document.getElementById('predict-switch').disabled", 20, "the switch")
            b.js("window.scrollTo(0, 0);")
            b.click_at("#predict-switch")
            top = b.wait("(() => { const p = document.querySelector('#predict form.questions'); if (!p) return null;"
                         " const r = document.getElementById('predict').getBoundingClientRect();"
                         " return r.top >= -1 && r.top < innerHeight / 2 ? r.top + 1 : null; })()", 10, "the questions in view")
            self.assertGreater(top, 0)
        finally:
            b.resize(1280, 900)

    def test_nothing_answered_is_not_judged(self):
        b = self.browser
        self.open("scenario=gather&tasks=5&delay=1&mode=both&predict=1")
        b.click_at("#predict button.check")
        b.wait("document.querySelector('#results') !== null", 20, "the run shown")
        note = b.wait("document.querySelector('#predict .unanswered-run')?.textContent", 10, "the note that nothing was judged")
        self.assertIn("Nothing was answered", note)
        self.assertFalse(b.js("return document.querySelector('#predict .verdict-list, #predict .score') !== null;"), "no verdicts, no score")
        self.assertFalse(b.js("return document.getElementById('prediction-result') !== null;"), "nothing published as a prediction")
        # One answer of two: judged, and the score counts the one answered.
        b.click_at("#predict button.again")
        b.wait("document.querySelector('#results') === null", 10, "the run put away")
        self.answer("concurrent_elapsed", "1")
        b.click_at("#predict button.check")
        verdicts = self.prediction()
        self.assertIsNone(verdicts["sequential_elapsed"]["given"])
        self.assertIn("1 of 1 right", b.js("return document.querySelector('#predict .score').textContent;"))

    def test_the_lost_update_and_a_choice_question(self):
        b = self.browser
        self.open("scenario=lock&workers=5&use_lock=false&predict=1")
        self.answer("counter", "5")
        b.click_at("#predict button.check")
        v = self.prediction()["counter"]
        run = b.run_result()
        self.assertEqual((v["correct"], v["expected"]), (False, run["outcome"]["counter"]))
        self.assertEqual(b.js("return document.querySelector(\"li.verdict[data-question='counter'] .why\").dataset.why;"),
                         "predict-why-atomic-increment")
        write = run["events"][v["step"]]
        self.assertEqual((write["kind"], write["detail"]), ("var", "counter = 1"), "Show me goes to the lost update's write")
        self.show_me("counter", v["step"])
        # Changing a parameter asks again: the run goes, nothing gives the answer away.
        b.js("const el = document.getElementById('param-workers'); el.value = '6'; el.dispatchEvent(new Event('input', {bubbles: true}));")
        b.wait("document.querySelector('#results') === null", 10, "the old run to go")
        self.assert_hidden()
        # A choice question: what gather's siblings do when one fails.
        self.open("scenario=taskgroup&mode=gather&predict=1")
        self.answer("states", "cancelled")
        self.answer("raised", "ValueError")
        b.click_at("#predict button.check")
        v = self.prediction()
        self.assertEqual((v["states"]["correct"], v["states"]["expected"]), (False, "running"))
        self.assertEqual((v["raised"]["correct"], v["raised"]["given"]), (True, "ValueError"))
        self.assertEqual(b.js("return document.querySelector(\"li.verdict[data-question='states'] .why\").dataset.why;"),
                         "predict-why-gather-cancels")
        # "Just run it" skips the questions: shown, not judged.
        self.open("scenario=sleep&predict=1")
        b.click_at("#predict button.skip-run")
        b.run_result()
        self.assertFalse(b.js("return document.getElementById('prediction-result') !== null;"))
        self.assertTrue(b.js("return document.querySelector('#results') !== null;"))

    def test_progress_is_kept_on_the_device_and_cleared(self):
        b = self.browser
        self.open("scenario=sleep&delay=2&predict=1")
        b.js("localStorage.clear();")
        self.answer("elapsed", "2")
        b.click_at("#predict button.check")
        self.assertTrue(self.prediction()["elapsed"]["correct"])
        b.wait("localStorage.getItem('asyncio-playground.predict-progress') === 'sleep'", 5, "progress saved")
        self.open("scenario=gather&predict=1")
        self.assertTrue(b.js("return document.querySelector(\".progress-path li[data-scenario='sleep']\").classList.contains('right');"))
        b.click_at("#predict button.clear-progress")
        b.wait("localStorage.getItem('asyncio-playground.predict-progress') === null", 5, "progress cleared")

    def test_an_embed_reports_prediction_checked_to_its_host(self):
        b = self.browser
        b.get(self.server.url + "index.html?scenario=sleep")
        b.wait("document.querySelector('#run-bar') !== null", 20)
        b.js("window.heard = []; addEventListener('message', e => { if (e.data && e.data.source === 'asyncio-playground') window.heard.push(e.data); });"
             "const f = document.createElement('iframe'); f.id = 'pg'; f.style.width = '700px'; f.style.height = '1400px';"
             "f.src = arguments[0]; document.body.prepend(f);",
             self.server.url + "index.html?embed=1&id=quiz&scenario=timeout&timeout=2&duration=10&predict=1")
        b.wait("window.heard.some(m => m.type === 'ready')", 20, "the embed ready")
        b.wait("document.getElementById('pg').contentDocument.querySelector('#predict form') !== null", 20)
        self.answer("timed_out", "yes", frame="#pg")
        self.answer("elapsed", "10", frame="#pg")
        self.answer("cleanup_ran", "no", frame="#pg")
        b.in_frame("#pg", "document.querySelector('#predict button.check').click();")
        checked = b.wait("window.heard.find(m => m.type === 'prediction-checked')", 20, "prediction-checked")
        kinds = b.js("return window.heard.map(m => m.type).filter(t => t.startsWith('run-') || t === 'prediction-checked');")
        self.assertEqual(kinds[-1], "prediction-checked", "after the run's run-finished")
        self.assertIn("run-finished", kinds)
        answers = {a["question"]: a for a in checked["answers"]}
        self.assertEqual(checked["id"], "quiz")
        self.assertEqual((answers["timed_out"]["correct"], answers["elapsed"]["correct"], answers["cleanup_ran"]["correct"]), (True, False, False))
        self.assertEqual(answers["elapsed"]["expected"], 2)
        inside = json.loads(b.in_frame("#pg", "return document.getElementById('prediction-result').textContent;"))
        self.assertEqual(inside["answers"], checked["answers"], "the message carries #prediction-result's verdicts")
        whys = b.in_frame("#pg", "return [...document.querySelectorAll('li.verdict .why')].map(w => w.dataset.why);")
        self.assertEqual(whys, ["predict-why-timeout-waits-call", "predict-why-finally-runs"])
        self.report.append(f"embed: prediction-checked {json.dumps(checked['answers'])}")

    @unittest.skipUnless(os.environ.get("PREDICT_SHOTS"), "PREDICT_SHOTS=DIR saves screenshots")
    def test_screenshots(self):
        b = self.browser
        out = os.environ["PREDICT_SHOTS"]
        os.makedirs(out, exist_ok=True)
        for width in [1280, 360]:
            b.resize(width, 1000)
            for lang in LANGS:
                self.open(f"scenario=gather&predict=1&lang={lang}")
                b.js("document.getElementById('predict').scrollIntoView();")
                b.screenshot(os.path.join(out, f"ask-{lang}-{width}.png"))
                self.answer("sequential_elapsed", "5")
                self.answer("concurrent_elapsed", "5")
                b.click_at("#predict button.check")
                self.prediction()
                b.js("document.querySelector('#predict .verdicts').scrollIntoView();")
                b.screenshot(os.path.join(out, f"verdict-{lang}-{width}.png"))
        b.resize(1280, 1000)


if __name__ == "__main__":
    unittest.main()
