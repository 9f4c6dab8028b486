"""Stepping line by line (the line tracing's events): the running task's highlight is the
line it executes at every step, the jumps skip the lines, the timeout and TaskGroup lessons
narrate their exceptions, a phone steps with the bar at the bottom of the screen, and
`step=N` links open a run at a step."""
import time

from browser import LANGS, BrowserTestCase

KEY = "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], shiftKey: arguments[1], altKey: arguments[2], bubbles: true}));"
WHERE = "const s = document.querySelector('#stepper .step-where'); return s ? s.textContent : '';"
RUNNING = "const r = document.querySelector('#python .code-line.line-running'); return r ? +r.dataset.line : null;"
SAYS = "return document.querySelector('#stepper .narration').textContent;"
QUOTES = "return [...document.querySelectorAll('#stepper .narration code')].map(c => c.textContent);"


class LineStepping(BrowserTestCase):
    def open(self, query, width=1280, height=900):
        self.browser.resize(width, height)
        self.browser.get(self.server.url + query)
        self.browser.wait("document.querySelector('#stepper .step-buttons')", 30, "the stepper")
        run = self.browser.run_result()
        time.sleep(0.3)
        return run

    def step_through(self, run, buttons, probe, most):
        """From the first step on, one step at a time with the third of `buttons` (▶), at most
        `most` steps: (step index, what the script `probe` returns there)."""
        for i in range(min(len(run["events"]), most)):
            if i:
                self.browser.js("document.querySelectorAll(arguments[0])[2].click();", buttons)
                time.sleep(0.06)
            yield i, self.browser.js(probe)

    def key(self, key, shift=False, alt=False):
        self.browser.js(KEY, key, shift, alt)
        time.sleep(0.05)

    def step_number(self):
        text = self.browser.js(WHERE)
        return int(text.split()[1])

    def first(self):
        """The playhead at the first step (the stepper's ⏮)."""
        self.browser.js("document.querySelector('#stepper .step-buttons button').click();")
        time.sleep(0.05)

    def go_to(self, index):
        """The playhead at step `index` (0-based), with the keys."""
        self.first()
        for _ in range(index):
            self.key("ArrowRight")
        self.assertEqual(self.step_number(), index + 1)

    def test_the_running_highlight_is_the_line_being_executed_at_every_step(self):
        run = self.open("?scenario=gather&mode=sequential&tasks=2&autorun=1&axis=time")
        events = run["events"]
        self.first()
        checked = 0
        for i, e in enumerate(events[:60]):
            if i:
                self.key("ArrowRight")
            if e["task"] and e["kind"] in ("line", "return", "exception", "print", "step"):
                self.assertEqual(self.browser.js(RUNNING), e["line"], f"step {i + 1}: {e['kind']} of Task-{e['task']} on line {e.get('line')}")
                checked += 1
        self.assertGreater(checked, 12)
        # fetch(0) returns to sequential(), which calls fetch(1): the lines in between are steps
        lines = [e["line"] for e in events if e["kind"] == "line" and e["task"] == 1]
        fetch_return = next(e for e in events if e["kind"] == "return")
        after = lines[lines.index(fetch_return["line"]) + 1:][:3]
        self.assertEqual(len(after), 3, "sequential() goes on after fetch(0) returns")

    def test_shift_jumps_over_the_lines_and_alt_by_loop_iteration(self):
        run = self.open("?scenario=timeout&autorun=1&axis=time")
        events = run["events"]
        self.first()
        self.key("ArrowRight", shift=True)
        at = self.step_number() - 1
        self.assertNotEqual(events[at]["kind"], "line")
        self.assertTrue(all(e["kind"] == "line" for e in events[1:at]), "only lines were skipped")
        self.key("ArrowRight", alt=True)
        at2 = self.step_number() - 1
        self.assertGreater(events[at2]["iter"], events[at]["iter"])
        self.assertEqual(events[at2 - 1]["iter"], events[at]["iter"], "the first step of the next iteration")

    def test_the_timeout_lesson_narrates_the_throw_in_the_conversion_and_the_except(self):
        run = self.open("?scenario=timeout&autorun=1&axis=time")
        events = run["events"]
        excs = [i for i, e in enumerate(events) if e["kind"] == "exception"]
        said, quoted = [], []
        for i in excs:
            self.go_to(i)
            said.append(self.browser.js(SAYS))
            quoted.append(self.browser.js(QUOTES))
        self.assertEqual(quoted[0], ["await asyncio.sleep(10)", "except asyncio.CancelledError:"],
                         "the lines the sentence quotes are shown as code, the words around them are not")
        self.assertIn("except TimeoutError:", quoted[-1])
        joined = " | ".join(said)
        self.assertIn("The loop throws CancelledError into Task-1 at await asyncio.sleep(10)", said[0])
        self.assertIn("except asyncio.CancelledError:", said[0])
        self.assertIn("turns the CancelledError into TimeoutError", joined)
        self.assertIn("except TimeoutError:", said[-1])
        self.assertIn("catches it", said[-1])

    def test_the_taskgroup_lesson_narrates_the_exception_group_and_except_star(self):
        run = self.open("?scenario=taskgroup&autorun=1&axis=time")
        events = run["events"]
        group = next(i for i, e in enumerate(events) if e["kind"] == "exception" and e["detail"].startswith("ExceptionGroup"))
        self.go_to(group)
        said = self.browser.js(SAYS)
        self.assertIn("raises an ExceptionGroup holding every failure", said)
        self.assertIn("except* ValueError as eg:", said)
        self.assertNotIn("sibling", self.browser.js(SAYS))

    def test_a_step_where_no_task_runs_marks_the_line_its_sentence_speaks_of(self):
        # Task-1 suspends at `await asyncio.gather(...)`: no task runs, and the sentence says
        # "Task-1 awaits gather() at line N" — line N is the step's line, in the code box's view.
        run = self.open("?scenario=gather&mode=concurrent&tasks=3&autorun=1")
        events = run["events"]
        k = next(i for i, e in enumerate(events) if e["task"] == 1 and e["kind"] == "suspend" and "gather" in e["detail"])
        self.go_to(k)
        self.assertIsNone(self.browser.js(RUNNING), "no task runs at this step")
        self.assertIn(f"line {events[k]['line']}", self.browser.js(SAYS))
        got = self.browser.js("const r = document.querySelector('#python [aria-current=step]'); if (!r) return null;"
                              "const a = r.querySelector('.src').getBoundingClientRect(), box = r.closest('.code').getBoundingClientRect();"
                              "return [+r.dataset.line, r.classList.contains('line-step'), a.top >= box.top - 1 && a.bottom <= box.bottom + 1];")
        self.assertEqual(got, [events[k]["line"], True, True], "the step's line, marked and inside the code box")

    def test_a_phone_steps_with_the_bar_at_the_bottom_in_every_language(self):
        for lang in LANGS:
            with self.subTest(lang=lang):
                self.open(f"?scenario=gather&autorun=1&lang={lang}", 360, 740)
                self.first()
                # wherever the page is scrolled to, the bar is on screen
                for target in ("#python", "#stepper", ".inspector", "#timeline"):
                    self.browser.js("const el = document.querySelector(arguments[0]); if (el) el.scrollIntoView();", target)
                    time.sleep(0.1)
                    bar = self.browser.js("const b = document.querySelector('.compact-stepper').getBoundingClientRect();"
                                          "return [b.top, b.bottom, innerHeight, ...[...document.querySelectorAll('.compact-stepper button')].map(x => [x.getBoundingClientRect().width, x.getBoundingClientRect().height])];")
                    self.assertGreaterEqual(bar[0], 0)
                    self.assertLessEqual(bar[1], bar[2] + 1, f"the bar is on screen with {target} in view")
                    for w, h in bar[3:]:
                        self.assertGreaterEqual(min(w, h), 44, "◀ ▶ are 44 px")
                before = self.browser.js("return document.querySelector('.compact-sentence').textContent;")
                self.browser.js("document.querySelectorAll('.compact-stepper button')[2].click();")  # ⏮ ◀ ▶ ⏭
                time.sleep(0.2)
                self.assertNotEqual(self.browser.js("return document.querySelector('.compact-sentence').textContent;"), before)
                code = self.browser.js("const c = document.querySelector('.compact-code code'); return c ? c.textContent : '';")
                line = self.browser.js("const c = document.querySelector('.compact-code .line-no'); return c ? +c.textContent : null;")
                shown = self.browser.js("return document.querySelector(`#python [data-line=\"${arguments[0]}\"] .text`).textContent.trim();", line)
                self.assertEqual(code, shown, "the bar shows the step's line of code")
                self.browser.screenshot(f"/tmp/compact-stepper-{lang}.png")
        self.browser.resize(1280, 900)
        self.assertFalse(self.browser.js("return getComputedStyle(document.querySelector('.compact-stepper')).display !== 'none';"),
                         "wider screens have the full stepper only")

    def test_on_a_phone_the_running_line_and_the_whole_sentence_are_in_view_at_every_step(self):
        # The line's start (a long line wraps on a phone) between the run bar and the step bar, not covered.
        in_view = ("const row = document.querySelector('#python [aria-current=step] .src'); if (!row) return null;"
                   "const r = row.getBoundingClientRect(), bar = document.querySelector('.compact-stepper').getBoundingClientRect();"
                   "const top = document.querySelector('.run-bar').getBoundingClientRect().bottom;"
                   "const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(r.height / 2, 10));"
                   "return [r.top >= top - 1 && r.top + Math.min(r.height, 20) <= bar.top + 1, !!hit && row.contains(hit), r.top, bar.top];")
        whole = ("const p = document.querySelector('.compact-sentence');"
                 "return p.scrollHeight <= p.clientHeight + 1 || getComputedStyle(p).overflowY === 'auto';")
        for scenario in ("timeout", "taskgroup"):
            with self.subTest(scenario=scenario):
                run = self.open(f"?scenario={scenario}&autorun=1", 360, 740)
                self.browser.js("window.scrollTo(0, 0);")
                # After a run the bar offers ⏮: the first step, from the end.
                self.browser.js("document.querySelector('.compact-stepper button').click();")
                time.sleep(0.1)
                self.assertEqual(self.step_number(), 1)
                seen = 0
                for i, got in self.step_through(run, ".compact-stepper button", in_view, 90):
                    self.assertTrue(self.browser.js(whole), f"{scenario} step {i + 1}: the sentence is cut")
                    if got is None:
                        continue  # no task runs at this step (a timer fires, the loop wakes a task)
                    seen += 1
                    self.assertTrue(got[0], f"{scenario} step {i + 1}: the running line at {got[2]:.0f} px, outside the bars (bottom bar at {got[3]:.0f})")
                    self.assertTrue(got[1], f"{scenario} step {i + 1}: the running line is covered")
                self.assertGreater(seen, 20)
        self.browser.resize(1280, 900)

    def test_on_a_desktop_the_stepper_its_sentence_and_the_running_line_share_one_screen(self):
        # The stepper's sentence whole in the window, below the run bar; the running line's start
        # below the stepper, inside the window and not covered.
        seen_at = ("const s = document.querySelector('#stepper').getBoundingClientRect(), n = document.querySelector('#stepper .narration').getBoundingClientRect();"
                   "const bar = document.querySelector('.run-bar').getBoundingClientRect().bottom;"
                   "const row = document.querySelector('#python [aria-current=step] .src');"
                   "const sentence = n.top >= bar - 1 && n.bottom <= innerHeight + 1;"
                   "if (!row) return [sentence, null];"
                   "const r = row.getBoundingClientRect();"
                   "const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(r.height / 2, 10));"
                   "return [sentence, r.top >= s.bottom - 1 && r.top + Math.min(r.height, 20) <= innerHeight + 1 && !!hit && row.contains(hit), r.top, s.bottom];")
        for lang, scenario in (("en", "timeout"), ("hi", "taskgroup"), ("bn", "gather")):
            with self.subTest(lang=lang, scenario=scenario):
                run = self.open(f"?scenario={scenario}&autorun=1&lang={lang}", 1280, 800)
                # The reader goes to the stepper and takes the first step, then steps on.
                self.browser.js("document.getElementById('stepper').scrollIntoView({block: 'start'});")
                self.browser.js("document.querySelector('#stepper .step-buttons button').click();")
                time.sleep(0.1)
                seen = 0
                for i, got in self.step_through(run, "#stepper .step-buttons button", seen_at, 60):
                    self.assertTrue(got[0], f"{lang} {scenario} step {i + 1}: the sentence is out of view")
                    if got[1] is None:
                        continue
                    seen += 1
                    self.assertTrue(got[1], f"{lang} {scenario} step {i + 1}: the running line at {got[2]:.0f} px is not in view below the stepper (its bottom at {got[3]:.0f})")
                self.assertGreater(seen, 15)
                self.browser.screenshot(f"/tmp/desktop-stepping-{lang}-{scenario}.png")
        self.browser.resize(1280, 900)

    def test_a_step_link_runs_the_scenario_without_autorun(self):
        self.open("?scenario=lock&workers=3&use_lock=false&step=20")
        self.assertEqual(self.step_number(), 20)
        self.assertIn("Copy a link to this step", self.browser.js("return document.querySelector('#stepper .copy-step-link').textContent;"))

    def test_a_step_link_opens_the_run_at_that_step(self):
        self.open("?scenario=lock&workers=3&use_lock=false&autorun=1&step=20")
        self.assertEqual(self.step_number(), 20)
        self.key("ArrowRight")
        self.browser.wait("location.search.includes('step=21')", 5, "the URL says the step")
        self.open("?scenario=sleep&autorun=1&step=9999")
        notices = self.browser.js("return document.body.textContent;")
        self.assertIn("step=9999 in the URL: this run has", notices)

    def test_a_step_link_lands_with_the_line_and_its_sentence_in_view(self):
        # A friend opens a link to the step where Task-1 awaits gather(): on a desktop the
        # stepper's sentence and the step's line share the window; on a phone the line sits
        # between the bars, the bar holding the sentence.
        seen = ("const row = document.querySelector('#python [aria-current=step] .src'); if (!row) return null;"
                "const r = row.getBoundingClientRect(), top = document.querySelector('.run-bar').getBoundingClientRect().bottom;"
                "const bar = document.querySelector('.compact-stepper'), n = document.querySelector('#stepper .narration').getBoundingClientRect();"
                "const bottom = bar && bar.getBoundingClientRect().height ? bar.getBoundingClientRect().top : innerHeight;"
                "const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + Math.min(r.height / 2, 10));"
                "const sentence = bar && bar.getBoundingClientRect().height ? true : n.top >= top - 1 && n.bottom <= innerHeight + 1;"
                "return [r.top >= top - 1 && r.top + Math.min(r.height, 20) <= bottom + 1, !!hit && row.contains(hit), sentence, Math.round(r.top)];")
        run = self.open("?scenario=gather&mode=concurrent&tasks=3&autorun=1")
        k = next(i for i, e in enumerate(run["events"]) if e["task"] == 1 and e["kind"] == "suspend" and "gather" in e["detail"])
        for width, height in ((1280, 800), (360, 740)):
            with self.subTest(width=width):
                self.open(f"?scenario=gather&mode=concurrent&tasks=3&step={k + 1}", width, height)
                self.browser.wait("document.querySelector('#python [aria-current=step]')", 10, "the step's line")
                time.sleep(0.5)
                self.assertEqual(self.step_number(), k + 1)
                got = self.browser.js(seen)
                self.assertEqual(got[:3], [True, True, True], f"at {width} px: the line (at {got[3]} px) in view and not covered, the sentence in view")
        self.browser.resize(1280, 900)
