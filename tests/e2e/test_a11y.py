"""Accessibility of the release bundle, measured as a new user would meet it.

- axe-core (from the npm registry) finds no serious or critical violation on any scenario,
  before and after a run (with the events table open), in the light and the dark theme and
  at 1280 and at 360 px wide (each scenario in both themes and at both widths, every theme
  at every width across the scenarios); the Predict, Run my code and course panels in every
  theme at every width;
- at 360 px every button, field, select, link and slider is at least 44 x 44 px (a checkbox
  or radio with its label), every other focusable element at least 24 x 24;
- Run is inside the first screen at 1280 x 800 and at 360 x 740;
- the timeline has at least four axis ticks at 360 px;
- the mistakes form shows only the selected variant's fields.

The measurements are printed (violations, the smallest target, where Run is) per scenario.
"""
import base64
import json
import os
import unittest

from browser import ROOT, BrowserTestCase

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
SCENARIOS = ["sleep", "gather", "taskgroup", "lock", "blocking", "timeout", "bounded-fetch", "mistakes"]

# Runs axe on the document; resolves to [(id, impact, [targets])] of serious/critical ones.
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => [v.id, v.impact, v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160))])));
"""

# Every visible control's box, and every other focusable element's box.
MEASURE = """
const visible = e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[hidden], dialog:not([open])'); };
const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '') + ' "' + (e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
const out = [];
for (const e of document.querySelectorAll('button, input, select, textarea, a[href], summary')) {
  if (!visible(e)) continue;
  let box = e.getBoundingClientRect();
  if (e.type === 'checkbox' || e.type === 'radio') {
    const label = e.closest('label') || (e.id && document.querySelector('label[for="' + e.id + '"]'));
    if (label) { const l = label.getBoundingClientRect(); box = {width: Math.max(box.width, l.width), height: Math.max(box.height, l.height)}; }
    const field = e.closest('.field'); if (field && !label) { box = e.getBoundingClientRect(); }
  }
  out.push(['control', name(e), Math.round(box.width), Math.round(box.height)]);
}
for (const e of document.querySelectorAll('[tabindex]:not([tabindex="-1"])')) {
  if (e.matches('button, input, select, textarea, a[href], summary') || !visible(e)) continue;
  const box = e.getBoundingClientRect();
  out.push(['focusable', name(e), Math.round(box.width), Math.round(box.height)]);
}
return out;
"""


class Accessibility(BrowserTestCase):
    report_title = "accessibility, per scenario"

    def open(self, query, width, height):
        self.browser.resize(width, height)
        self.browser.get(self.server.url + "index.html?" + query)
        self.browser.wait_for_app()

    def axe(self):
        if not self.browser.js("return typeof axe !== 'undefined';"):   # (once per page)
            with open(AXE) as f:
                self.browser.js(f.read() + "\nreturn true;")
        return self.browser._s("POST", "/execute/async", {"script": RUN_AXE, "args": []})

    def run_and_open_events(self):
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.js("document.querySelector('.run-bar button.run').click();")
        self.browser.run_result(30)
        # (The teaching views follow the result: their chunk is loaded once a run asks for it.)
        self.browser.wait("document.querySelector('#stepper')", 20, "the teaching views")
        self.browser.js("const d = document.querySelector('details.events'); if (d) d.open = true;")

    def test_no_serious_violations_anywhere(self):
        problems = []
        for n, scenario in enumerate(SCENARIOS):
            counts = []
            # Each scenario in both themes and at both widths, each theme at the other width in
            # the next scenario: across the scenarios every theme meets every width four times.
            themes = ["light", "dark"] if n % 2 == 0 else ["dark", "light"]
            for theme, (width, height) in zip(themes, [(1280, 800), (360, 740)]):
                self.open(f"scenario={scenario}&theme={theme}&urls=12", width, height)
                before = self.axe()
                self.run_and_open_events()
                after = self.axe()
                counts.append(len(before) + len(after))
                for phase, found in [("before", before), ("after", after)]:
                    for v in found:
                        problems.append(f"{scenario} {theme} {width}px {phase} a run: {v[0]} ({v[1]}) {v[2]}")
            self.report.append(f"{scenario}: serious/critical axe violations {sum(counts)} "
                               f"({themes[0]} at 1280, {themes[1]} at 360; before/after a run)")
        self.assertEqual(problems, [], "\n".join(problems[:40]))

    def test_the_predict_and_own_code_panels_have_no_serious_violations(self):
        """Predict first (its questions, then its verdicts) and Run my code (the editor with the
        note on where a linked program came from), in both themes, at both widths."""
        program = base64.urlsafe_b64encode(b"import asyncio\nprint('hi')\n").decode().rstrip("=")
        problems = []
        for theme in ["light", "dark"]:
            for width, height in [(1280, 800), (360, 740)]:
                where = f"{theme} {width}px"
                self.open(f"scenario=gather&predict=1&theme={theme}", width, height)
                self.browser.wait("document.querySelector('#predict form.questions input')", 10, "the questions")
                found = [("questions", v) for v in self.axe()]
                self.browser.js("for (const i of document.querySelectorAll('#predict form.questions input')) { i.value = '5';"
                                " i.dispatchEvent(new Event('input', {bubbles: true})); i.dispatchEvent(new Event('change', {bubbles: true})); }")
                self.browser.js("document.querySelector('#predict button.check').click();")
                self.browser.wait("document.getElementById('prediction-result')", 10, "the verdicts")
                found += [("verdicts", v) for v in self.axe()]
                self.open(f"code={program}&theme={theme}", width, height)
                self.browser.wait("document.querySelector('.own-code .cm-editor') && document.querySelector('.code-from')", 20, "the editor")
                found += [("own code", v) for v in self.axe()]
                problems += [f"{where} {panel}: {v[0]} ({v[1]}) {v[2]}" for panel, v in found]
        self.report.append(f"predict first and Run my code: serious/critical axe violations {len(problems)} (light/dark x 1280/360)")
        self.assertEqual(problems, [], "\n".join(problems[:40]))

    def test_the_course_has_no_serious_violations_and_big_enough_targets(self):
        """The course: its lesson list and a lesson at its challenge with a verdict, in both
        themes and at both widths; at 360 px every control of it is at least 44 x 44 px."""
        problems = []
        for theme in ["light", "dark"]:
            for width, height in [(1280, 800), (360, 740)]:
                self.open(f"lesson=lock&stage=challenge&theme={theme}", width, height)
                self.browser.wait("document.querySelector('#course .lesson-goal')", 20, "the course")
                self.browser.js("document.querySelector('#course details.course-lessons').open = true;")
                self.browser.js("document.getElementById('run-result').textContent = 'null';")
                self.browser.js("document.querySelector('.run-bar button.run').click();")
                self.browser.wait("document.querySelector('#course .verdict[data-met]')", 20, "the verdict")
                problems += [f"course {theme} {width}px: {v[0]} ({v[1]}) {v[2]}" for v in self.axe()]
                if width == 360:
                    boxes = [b for b in self.browser.js(MEASURE) if "#course" in b[1] or "course" in b[1] or "lesson" in b[1] or "stage" in b[1]]
                    self.assertGreater(len(boxes), 15, "the course's controls were measured")
                    problems += [f"course {theme}: {b[0]} {b[1]} is {b[2]}x{b[3]}" for b in boxes if b[2] < 44 or b[3] < 44]
        self.report.append(f"the course: serious/critical axe violations and small targets {len(problems)} (light/dark x 1280/360)")
        self.assertEqual(problems, [], "\n".join(problems[:40]))

    def test_every_target_is_big_enough_at_360px(self):
        problems = []
        for scenario in SCENARIOS:
            self.open(f"scenario={scenario}", 360, 740)
            self.run_and_open_events()
            boxes = self.browser.js(MEASURE)
            controls = [b for b in boxes if b[0] == "control"]
            others = [b for b in boxes if b[0] == "focusable"]
            small = [b for b in controls if b[2] < 44 or b[3] < 44] + [b for b in others if b[2] < 24 or b[3] < 24]
            smallest = min(controls, key=lambda b: min(b[2], b[3]))
            self.report.append(f"{scenario}: {len(controls)} controls, {len(others)} other focusables at 360 px; smallest control {smallest[2]}x{smallest[3]} ({smallest[1]})")
            problems += [f"{scenario}: {b[0]} {b[1]} is {b[2]}x{b[3]}" for b in small]
        self.assertEqual(problems, [], "\n".join(problems[:40]))

    def test_run_is_on_the_first_screen(self):
        problems = []
        for scenario in SCENARIOS:
            for width, height in [(1280, 800), (360, 740)]:
                self.open(f"scenario={scenario}", width, height)
                bottom = self.browser.js("return document.querySelector('.run-bar button.run').getBoundingClientRect().bottom;")
                self.report.append(f"{scenario}: Run's bottom edge at y = {round(bottom)} px of {height} ({width} px wide)")
                if bottom > height:
                    problems.append(f"{scenario} at {width}x{height}: Run ends at y={bottom}")
            # While a real-clock run goes on, Stop stays in reach when the page is scrolled.
        self.assertEqual(problems, [], "\n".join(problems))

    def test_after_a_run_the_results_come_into_view(self):
        self.open("scenario=bounded-fetch&urls=12", 360, 740)
        top = self.browser.js("return document.getElementById('results').getBoundingClientRect().top;")
        self.assertGreater(top, 740, "the results start below the first screen on a phone")
        self.browser.js("document.querySelector('.run-bar button.run').click();")
        self.browser.run_result(20)
        self.browser.wait("(() => { const t = document.getElementById('results').getBoundingClientRect().top; return t >= 0 && t < 400; })()", 5,
                          "the results scrolled into view")

    def test_stop_stays_in_reach_while_scrolled(self):
        self.open("scenario=blocking&mode=to_thread&clock=real&scale=1&block=3", 360, 740)
        self.browser.js("document.querySelector('.run-bar button.run').click();")
        self.browser.wait("document.querySelector('.run-bar button.stop')", 10)
        self.browser.js("window.scrollTo(0, document.body.scrollHeight);")
        top = self.browser.js("return document.querySelector('.run-bar button.stop').getBoundingClientRect().top;")
        self.assertTrue(0 <= top < 740, f"Stop is at y={top} after scrolling")
        self.browser.js("document.querySelector('.run-bar button.stop').click();")
        self.browser.run_result(10)

    def test_the_timeline_has_four_ticks_and_readable_lanes_at_360px(self):
        self.open("scenario=bounded-fetch&urls=12&autorun=1", 360, 740)
        self.browser.run_result(30)
        # (The timeline is drawn by the teaching chunk, which may arrive after the result.)
        ticks = self.browser.wait("document.querySelectorAll('.timeline svg.axis g text').length", 15, "the timeline's ticks")
        self.assertGreaterEqual(ticks, 4)
        labels = self.browser.js("return [...document.querySelectorAll('.timeline .lane-label')].map(t => t.textContent);")
        self.assertIn("fetch_one(11)", labels, "lane names are not cut at 360 px")

    def test_the_mistakes_form_shows_only_the_chosen_variant(self):
        expected = {"forgot_await": {"variant", "work"}, "dangling_task": {"variant", "work"},
                    "blocking_driver": {"variant", "work", "jobs"}, "no_timeout": {"variant", "timeout", "hang"},
                    "cpu_bound": {"variant", "work", "jobs", "cores"}}
        expected = {variant: fields | {"python"} for variant, fields in expected.items()}   # every scenario's
        for variant, fields in expected.items():
            self.open(f"scenario=mistakes&variant={variant}", 1280, 800)
            shown = set(self.browser.js("return [...document.querySelectorAll('.params .param-name')].map(e => e.textContent);"))
            self.assertEqual(shown, fields, variant)

    def test_keyboard_shortcuts_and_the_help_dialog(self):
        self.open("scenario=gather", 1280, 800)
        self.browser.js("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: '4', bubbles: true}));")
        self.browser.wait("document.querySelector('.pick.current').dataset.scenario === 'lock'", 5)
        self.browser.js("document.getElementById('run-result').textContent = 'null';")
        self.browser.js("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true}));")
        self.assertEqual(self.browser.run_result(10)["scenario"], "lock")
        self.browser.wait("document.querySelector('.stepper input[type=range]')", 20, "the stepper")
        before = self.browser.js("return document.querySelector('.stepper input[type=range]').value;")
        self.browser.js("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));")
        after = self.browser.js("return document.querySelector('.stepper input[type=range]').value;")
        self.assertEqual(int(after), int(before) - 1)
        self.browser.js("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: '?', bubbles: true}));")
        self.browser.help_dialog_open()
        self.assertIn("kbd", self.browser.js("return document.querySelector('dialog.help-dialog').innerHTML;"))
        skip = self.browser.js("return [...document.querySelectorAll('a.skip')].map(a => a.getAttribute('href'));")
        self.assertEqual(skip, ["#run-bar", "#results"])


if __name__ == "__main__":
    unittest.main()
