"""The program panel shows whole lines at every width: no line is cut or needs sideways
scrolling (long lines wrap under their own indentation), and the column of task names takes
no space when no task is on show (before a run, at the end of one)."""
import time

from browser import BrowserTestCase

# For every line of the shown program: its number, the left edge of its code, the left edge
# of its indentation, the width of its task names, and whether its box overflows the panel.
LINES = """
const box = document.querySelector('#python .code');
return [...box.querySelectorAll('.code-line')].map((row) => {
  const src = row.querySelector('.src'), who = row.querySelector('.who');
  const text = src.querySelector('.text'), indent = src.querySelector('.indent');
  return {line: +row.dataset.line, text: src.textContent, indent: indent.textContent.length,
          textLeft: text.getBoundingClientRect().left, indentLeft: indent.getBoundingClientRect().left,
          who: who.getBoundingClientRect().width, right: src.getBoundingClientRect().right,
          boxRight: box.getBoundingClientRect().right, rows: Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight))};
});
"""


class ProgramPanel(BrowserTestCase):
    def open(self, query, width):
        self.browser.resize(width, 900)
        self.browser.get(self.server.url + query)
        self.browser.wait("document.querySelectorAll('#python .code-line').length > 5", 30, "the program")
        time.sleep(0.5)

    def test_no_line_is_cut_at_any_width_and_wrapped_lines_keep_their_indentation(self):
        for width in (360, 800, 1280):
            for scenario in ("lock", "gather", "bounded-fetch", "taskgroup"):
                with self.subTest(width=width, scenario=scenario):
                    self.open(f"?scenario={scenario}", width)
                    box = self.browser.js("const b = document.querySelector('#python .code'); return [b.scrollWidth, b.clientWidth];")
                    self.assertLessEqual(box[0], box[1] + 1, "the program box scrolls sideways: a line is cut")
                    lines = self.browser.js(LINES)
                    self.assertTrue(all(r["right"] <= r["boxRight"] + 1 for r in lines), "a line runs past the box")
                    # Every line's code starts one character per space of indentation in.
                    char = self.browser.js("const s = document.createElement('span'); s.textContent = 'x'.repeat(10);"
                                           "document.querySelector('#python .code .text').appendChild(s); const w = s.getBoundingClientRect().width / 10; s.remove(); return w;")
                    for r in lines:
                        if r["text"].strip():
                            self.assertAlmostEqual(r["textLeft"] - r["indentLeft"], r["indent"] * char, delta=1.5, msg=f"line {r['line']}: {r['text']!r}")
                    if width == 360:
                        self.assertTrue(any(r["rows"] > 1 for r in lines), "at 360 px some long line wraps")

    def test_the_task_column_takes_no_space_when_no_task_is_on_show(self):
        self.open("?scenario=gather", 1280)
        self.assertEqual({r["who"] for r in self.browser.js(LINES)}, {0}, "before a run")
        self.browser.get(self.server.url + "?scenario=gather&autorun=1")
        self.browser.wait("document.querySelector('#stepper')", 30, "the stepper")
        time.sleep(0.5)
        self.assertEqual({r["who"] for r in self.browser.js(LINES)}, {0}, "at the end, every task is done")
        # Back to the first step: Task-1 is on a line, and only then the column has width.
        self.browser.js("document.querySelector('#stepper .step-buttons button').click();")
        time.sleep(0.5)
        widths = [r["who"] for r in self.browser.js(LINES)]
        self.assertGreater(max(widths), 20, "a task's name is shown at the first step")

    def test_the_running_line_is_kept_in_view_inside_the_program_box(self):
        # The timeout program's last lines are below the box's first screen: stepping to
        # main()'s print (line 33) scrolls the box to it.
        self.open("?scenario=timeout&autorun=1", 1280)
        self.browser.wait("document.querySelector('#stepper')", 30, "the stepper")
        self.browser.js("document.querySelector('#stepper .step-buttons button').click();")
        # line by line, to the first step main() runs at line 32 or below (its except clause)
        for _ in range(80):
            self.browser.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));")
            time.sleep(0.03)
            if (self.browser.js("const r = document.querySelector('#python .line-running'); return r ? +r.dataset.line : 0;") or 0) >= 32:
                break
        time.sleep(0.5)
        place = self.browser.js("""const box = document.querySelector('#python .code').getBoundingClientRect();
            const row = document.querySelector('#python .line-running .src');
            if (!row) return null;
            const r = row.getBoundingClientRect();
            return {line: +row.parentElement.dataset.line, top: r.top - box.top, bottom: box.bottom - r.bottom};""")
        self.assertIsNotNone(place, "a line is running at this step")
        self.assertGreater(place["line"], 25, "the step is on a line below the box's first screen")
        self.assertGreaterEqual(place["top"], 0, "the running line is not above the box's view")
        self.assertGreaterEqual(place["bottom"], 0, "the running line is not below the box's view")
