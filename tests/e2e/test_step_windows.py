"""A big run at the playhead: every list of the loop panel, the values, the call graph and
the program's task names show a window of their first entries and say how many more there
are ("… and N more"), however many tasks are live, and a move of the playhead stays quick."""
import re
import time

from browser import BrowserTestCase

# The loop panel's and the values' "and N more", the program's "+N" chips (with their
# titles), and the call graph's first level.
SHOWN = """
const more = [...document.querySelectorAll('#inspector .more')].map((m) => m.textContent.trim());
const plus = [...document.querySelectorAll('#python .who .chip.more')].map((c) => ({n: +c.textContent.slice(1), title: c.title}));
const lock = [...document.querySelectorAll('#inspector .loop-state dd')].find((dd) => dd.textContent.includes('held by'));
const graph = document.querySelector('#inspector .call-graph > li > .call-graph');
return {more, plus, lock: lock ? {chips: lock.querySelectorAll('.chip').length, text: lock.textContent} : null,
        graphChildren: graph ? graph.querySelectorAll(':scope > li:not(.more)').length : 0};
"""


class StepWindows(BrowserTestCase):
    def test_a_run_with_many_live_tasks_shows_a_window_of_each_list(self):
        self.browser.resize(1280, 900)
        self.browser.get(self.server.url + "?scenario=lock&workers=60&use_lock=true&autorun=1")
        self.browser.wait("document.querySelector('#stepper input[type=range]')", 30, "the stepper")
        # A third of the way in: most workers are queued behind the lock.
        n = self.browser.js("return +document.querySelector('#stepper input[type=range]').max;")
        self.browser.js("const s = document.querySelector('#stepper input[type=range]'); s.value = String(Math.floor(arguments[0] / 3));"
                        "s.dispatchEvent(new Event('input', {bubbles: true}));", n)
        time.sleep(0.5)
        shown = self.browser.js(SHOWN)
        counts = [int(m.group(1)) for m in (re.search(r"and (\d+) more", t) for t in shown["more"]) if m]
        self.assertTrue(counts, f"some list says how many more: {shown['more']}")
        # The lock: its holder (if any) and the first twelve waiters, and how many more wait.
        self.assertIsNotNone(shown["lock"], "the lock's row")
        self.assertIn(shown["lock"]["chips"], (12, 13), shown["lock"]["text"])
        self.assertRegex(shown["lock"]["text"], r"and \d+ more")
        self.assertEqual(shown["graphChildren"], 12, "main() awaits its workers: twelve shown under it")
        # The line the waiters are on: one chip, "+N", and a title naming a window of them.
        big = max(shown["plus"], key=lambda p: p["n"])
        self.assertGreater(big["n"], 12)
        names = re.findall(r"Task-\d+", big["title"])
        self.assertLessEqual(len(names), 12, big["title"])
        self.assertIn(f"and {big['n'] - len(names)} more", big["title"])
        # "show 12 more": every list holds twelve more, at the same step; the next run, twelve.
        step = self.browser.js("return document.querySelector('#stepper input[type=range]').value;")
        self.browser.js("[...document.querySelectorAll('#inspector .more button')].find((b) => b.textContent === 'show 12 more').click();")
        time.sleep(0.5)
        wider = self.browser.js(SHOWN)
        self.assertEqual(self.browser.js("return document.querySelector('#stepper input[type=range]').value;"), step, "the playhead stays")
        self.assertIn(wider["lock"]["chips"], (24, 25), wider["lock"]["text"])
        self.assertEqual(wider["graphChildren"], 24)
        self.browser.js("document.querySelector('#run-bar button.run').click();")
        self.browser.wait("document.querySelector('#stepper input[type=range]')", 30, "the stepper")
        self.browser.js("const s = document.querySelector('#stepper input[type=range]'); s.value = arguments[0];"
                        "s.dispatchEvent(new Event('input', {bubbles: true}));", step)
        time.sleep(0.5)
        self.assertEqual(self.browser.js(SHOWN)["graphChildren"], 12, "a new run shows twelve again")
        # Moving the playhead by one step stays quick with so many tasks live.
        start = time.time()
        for _ in range(20):
            self.browser.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));")
        self.browser.wait("true", 5)
        self.assertLess(time.time() - start, 10, "twenty steps")
