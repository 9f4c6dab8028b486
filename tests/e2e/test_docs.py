"""Docs sites with live playgrounds: the example mdBook, Sphinx and MkDocs projects under
examples/, built with the real tools (from PyPI, in .tools/docs-venv, with the
asyncio_playground package of python/) against the served bundle and served from another
origin, then read in headless Chromium. Each playground runs, follows its host page's theme
(mdBook's themes, Furo's and the Book theme's switch, Material's palette toggle, clicked), and
links to the full playground with the same state. A plain page of <asyncio-playground>
elements checks the element itself: lazy loading, methods, events, a fixed theme, elements
added later. (tests/e2e/test_docs_package.py checks the builds' output and failures.)"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from browser import DIST, ROOT, Browser, PagesServer, Server

DOCS_BIN = os.environ.get("DOCS_BIN") or os.path.join(ROOT, ".tools", "docs-venv", "bin")
DARK_BG, LIGHT_BG = "rgb(21, 23, 27)", "rgb(247, 247, 245)"
# Both forms of a playground on a page.
PLAYGROUNDS = "[data-asyncio-playground], asyncio-playground"
SHOTS = os.environ.get("ASYNCIO_DOCS_SCREENSHOTS")  # a folder: screenshots of each site, light and dark
ELEMENT_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>asyncio-playground elements</title>
<script src="{base}static/embed.js" defer></script></head><body>
<h1>Elements</h1>
<asyncio-playground id="pg" scenario="gather" tasks="2" delay="0.25" params="mode=concurrent" class="mine"></asyncio-playground>
<div style="height: 4000px"></div>
<asyncio-playground scenario="lock" workers="5" use_lock="false" theme="dark" controls="0" height="300"></asyncio-playground>
</body></html>
"""


def tool(name):
    path = os.path.join(DOCS_BIN, name)
    if not os.path.exists(path):
        raise RuntimeError(f"{path} is missing: run scripts/provision.sh")
    return path


class DocsSites(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.out = tempfile.mkdtemp(prefix="asyncio-playground-docs-")
        base = cls.server.url
        subprocess.run(["cargo", "build", "-q", "--bin", "mdbook-asyncio-playground", "--bin", "asyncio-playground"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        # The Sphinx extension and the MkDocs plugin check values with this CLI.
        env = dict(os.environ, PATH=os.path.join(target, "debug") + os.pathsep + os.environ["PATH"],
                   MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL=base, ASYNCIO_PLAYGROUND_BASE=base,
                   ASYNCIO_PLAYGROUND_CLI=os.path.join(target, "debug", "asyncio-playground"), NO_MKDOCS_2_WARNING="1")
        examples = os.path.join(ROOT, "examples")
        for cmd, extra in (([tool("mdbook"), "build", os.path.join(examples, "mdbook"), "-d", os.path.join(cls.out, "mdbook")], {}),
                           ([tool("sphinx-build"), "-q", "-W", os.path.join(examples, "sphinx"), os.path.join(cls.out, "sphinx")], {}),
                           ([tool("sphinx-build"), "-q", "-W", os.path.join(examples, "sphinx"), os.path.join(cls.out, "sphinx-book")],
                            {"SPHINX_THEME": "sphinx_book_theme"}),
                           ([tool("mkdocs"), "build", "-s", "-f", os.path.join(examples, "mkdocs", "mkdocs.yml"), "-d", os.path.join(cls.out, "mkdocs")], {})):
            subprocess.run(cmd, env=dict(env, **extra), check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(cls.out, "element.html"), "w") as f:
            f.write(ELEMENT_PAGE.format(base=base))
        with open(os.path.join(cls.out, "index.html"), "w") as f:
            f.write("<a href='mdbook/'>mdBook</a> <a href='sphinx/'>Sphinx</a> <a href='sphinx-book/'>Sphinx, Book theme</a>"
                    " <a href='mkdocs/'>MkDocs</a> <a href='element.html'>elements</a>")
        cls.sites = Server(directory=cls.out)  # another port: another origin than the bundle
        cls.browser = Browser()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.sites.close()
        cls.server.close()
        shutil.rmtree(cls.out, ignore_errors=True)

    def open(self, page, frames=1):
        b = self.browser
        b.leave_frames()
        b.get(self.sites.url + page)
        # The sites share an origin: one theme's stored colour mode (Furo's and the Book theme's) is not another test's.
        if b.js("const n = localStorage.length; localStorage.clear(); return n;"):
            b.get(self.sites.url + page)
        b.js("window.finished = []; document.querySelectorAll(arguments[0]).forEach((el, i) =>"
             " el.addEventListener('asyncio-playground:run-finished', e => window.finished.push([i, e.detail])));", PLAYGROUNDS)
        for i in range(frames):
            b.js("document.querySelectorAll(arguments[0])[arguments[1]].scrollIntoView();", PLAYGROUNDS, i)
            b.wait(f"document.querySelectorAll('iframe[src*=\"embed=1\"]').length > {i}", 10, f"iframe {i + 1}")
            self.in_frame(i, "document.querySelector('.results')")

    def in_frame(self, index, expression, timeout=15, wait=True):
        """Waits for `expression` inside the index-th playground (an id: the one of that id), or just evaluates it."""
        name = index if isinstance(index, str) else f"asyncio-playground-{index + 1}"
        frame = f"iframe[src*='id={name}&']"
        return self.browser.wait_in_frame(frame, expression, timeout) if wait else self.browser.in_frame(frame, f"return ({expression});")

    def frame_theme(self, index):
        return self.in_frame(index, "[document.documentElement.dataset.theme || 'auto', getComputedStyle(document.body).backgroundColor]")

    def wait_frame_background(self, index, colour):
        self.in_frame(index, f"getComputedStyle(document.body).backgroundColor === '{colour}'", 10)

    def click(self, selector):
        """A real click on the first visible element matching `selector` (themes put some of their
        buttons in headers that only phones show)."""
        b = self.browser
        b.wait(f"[...document.querySelectorAll({json.dumps(selector)})].some(e => e.getClientRects().length)", 10, selector)
        b.js("document.querySelectorAll('[data-click-target]').forEach(e => e.removeAttribute('data-click-target'));"
             "[...document.querySelectorAll(arguments[0])].find(e => e.getClientRects().length).setAttribute('data-click-target', '');", selector)
        # WebDriver's element click: scrolled into view and clicked in one step, so that the
        # playgrounds' resizing (which moves the page) cannot move the button in between; the
        # theme's smooth scrolling (Furo's) is turned off so that the scroll is done by then.
        b.js("document.documentElement.style.scrollBehavior = 'auto';")
        element = b._s("POST", "/element", {"using": "css selector", "value": "[data-click-target]"})
        b._s("POST", f"/element/{next(iter(element.values()))}/click", {})

    def shoot(self, name):
        """With ASYNCIO_DOCS_SCREENSHOTS set, the page at 1280 and 360 px wide."""
        if not SHOTS:
            return
        b = self.browser
        os.makedirs(SHOTS, exist_ok=True)
        for width in (1280, 360):
            b.resize(width, 900)
            b.js("document.documentElement.style.scrollBehavior = 'auto'; document.querySelector(arguments[0])?.scrollIntoView({block: 'start'});"
                 "scrollBy(0, -200);", PLAYGROUNDS)
            b.js("return new Promise(r => setTimeout(r, 1500));")
            b.screenshot(os.path.join(SHOTS, f"{name}-{width}.png"))
        b.resize(1280, 900)
        b.wait("innerWidth > 1000", 5, "the window back at 1280 px")
        b.js("return new Promise(r => setTimeout(r, 500));")

    def run_embed(self, index):
        b = self.browser
        count = b.js("return window.finished.length;")
        b.js("document.querySelectorAll(arguments[1])[arguments[0]].asyncioPlayground.run();", index, PLAYGROUNDS)
        b.wait(f"window.finished.length > {count}", 15, "run-finished")
        return b.js("return window.finished[window.finished.length - 1][1];")

    def test_mdbook_fence_is_live_follows_the_book_theme_and_opens_in_full(self):
        b = self.browser
        self.assertFalse(b.js("return matchMedia('(prefers-color-scheme: dark)').matches;"), "tests run under a light system")
        self.open("mdbook/gather.html")
        src = b.js("return document.querySelector('[data-asyncio-playground] iframe').src;")
        self.assertIn("theme=light", src)  # mdBook's light theme says color-scheme: light
        result = self.run_embed(0)
        self.assertEqual(result["params"], {"tasks": 3, "delay": 0.5, "mode": "both", "eager": False, "python": "3.14"})
        self.assertEqual(result["outcome"]["concurrent_elapsed"], 0.5)

        # The reader picks mdBook's "coal" theme: the playground turns dark, and back.
        b.js("document.documentElement.classList.replace('light', 'coal');")
        self.wait_frame_background(0, DARK_BG)
        self.assertEqual(self.frame_theme(0)[0], "dark")
        b.js("document.documentElement.classList.replace('coal', 'light');")
        self.wait_frame_background(0, LIGHT_BG)
        b.js("document.documentElement.classList.replace('light', 'navy');")
        self.wait_frame_background(0, DARK_BG)

        # The visible link opens the full page with the same state, which reproduces the run.
        href = self.in_frame(0, "document.querySelector('.open-full a[target=_blank]')?.href")
        self.assertNotIn("embed=", href)
        self.assertIn("scenario=gather&tasks=3&delay=0.5&mode=both&eager=false&python=3.14&clock=virtual", href)
        self.assertIn("theme=dark", href)
        b.get(href)
        full = b.run_result()
        self.assertEqual(full, result)
        self.assertIsNone(b.js("return document.querySelector('.app.embed');"))
        self.assertEqual(b.js("return getComputedStyle(document.body).backgroundColor;"), DARK_BG)

    def test_mdbook_output_only_playground_runs_by_itself(self):
        b = self.browser
        self.open("mdbook/lock.html", frames=2)
        text = self.in_frame(0, "(() => { const t = document.getElementById('run-result').textContent; return t !== 'null' && t; })()")
        self.assertEqual(json.loads(text)["outcome"]["lost_updates"], 19)
        self.assertEqual(self.in_frame(0, "document.querySelectorAll('button.run, input, .python').length", wait=False), 0)
        self.assertTrue(self.in_frame(0, "document.querySelector('.open-full a')", wait=False))
        self.assertTrue(self.in_frame(1, "document.querySelector('button.run')"))
        self.assertEqual(self.run_embed(1)["outcome"]["lost_updates"], 0)

    def test_sphinx_furo_page_is_live_and_follows_the_theme_switch(self):
        b = self.browser
        self.open("sphinx/index.html", frames=2)
        self.assertEqual(b.js("return document.querySelectorAll('asyncio-playground').length;"), 2, "the directive writes the element")
        self.assertEqual(b.js("return document.querySelectorAll('script[src$=\"static/embed.js\"]').length;"), 1)
        self.assertEqual(self.run_embed(0)["outcome"]["concurrent_elapsed"], 0.5)
        self.assertIn("lost_updates", self.in_frame(1, "document.getElementById('run-result').textContent !== 'null' && document.getElementById('run-result').textContent"))
        self.shoot("sphinx-furo-light")
        # Furo's theme button cycles auto, dark and light, and writes data-theme on <body>.
        self.assertEqual(b.js("return document.body.dataset.theme;"), "auto")
        self.click(".theme-toggle")
        b.wait("document.body.dataset.theme !== 'auto'", 5, "Furo's next theme")
        self.wait_frame_background(0, DARK_BG)
        self.wait_frame_background(1, DARK_BG)
        self.shoot("sphinx-furo-dark")
        self.click(".theme-toggle")
        b.wait("document.body.dataset.theme === 'light'", 5, "Furo's light theme")
        self.wait_frame_background(0, LIGHT_BG)
        # A page without a playground loads no embed.js.
        b.get(self.sites.url + "sphinx/reading.html")
        self.assertEqual(b.js("return document.querySelectorAll('script[src$=\"static/embed.js\"], asyncio-playground').length;"), 0)

    def test_sphinx_book_theme_page_follows_its_colour_mode(self):
        b = self.browser
        self.open("sphinx-book/index.html", frames=1)
        self.assertEqual(self.run_embed(0)["outcome"]["concurrent_elapsed"], 0.5)
        self.shoot("sphinx-book-light")
        # The Book theme (pydata-sphinx-theme) writes data-theme on <html> from its colour-mode menu.
        b.js("document.querySelector('.theme-change-button[data-mode=dark]').click();")
        b.wait("document.documentElement.dataset.theme === 'dark'", 5, "the Book theme's dark mode")
        self.wait_frame_background(0, DARK_BG)
        self.shoot("sphinx-book-dark")
        b.js("document.querySelector('.theme-change-button[data-mode=light]').click();")
        self.wait_frame_background(0, LIGHT_BG)

    def test_mkdocs_material_page_is_live_and_follows_the_palette_toggle(self):
        b = self.browser
        self.open("mkdocs/index.html", frames=2)
        self.assertEqual(b.js("return document.querySelectorAll('asyncio-playground').length;"), 2, "the fence becomes the element")
        self.assertEqual(b.js("return document.querySelectorAll('script[src$=\"static/embed.js\"]').length;"), 1)
        self.assertEqual(self.run_embed(0)["outcome"]["sequential_elapsed"], 1.5)
        self.assertIn("lost_updates", self.in_frame(1, "document.getElementById('run-result').textContent !== 'null' && document.getElementById('run-result').textContent"))
        self.assertEqual(self.frame_theme(0)[1], LIGHT_BG)
        self.shoot("mkdocs-material-light")
        # Material's palette toggle writes data-md-color-scheme on <body>: slate is dark.
        self.click("form[data-md-component=palette] label")
        b.wait("document.body.dataset.mdColorScheme === 'slate'", 5, "Material's slate scheme")
        self.wait_frame_background(0, DARK_BG)
        self.wait_frame_background(1, DARK_BG)
        self.shoot("mkdocs-material-dark")
        self.click("form[data-md-component=palette] label")
        b.wait("document.body.dataset.mdColorScheme === 'default'", 5, "Material's default scheme")
        self.wait_frame_background(0, LIGHT_BG)

    def test_no_host_page_moves_by_itself(self):
        """An output-only playground runs as soon as it is shown, and the host's run() runs
        another: neither moves the host page (it used to jump 1,000 px to the result)."""
        b = self.browser
        # (page, the output-only playground's index, a playground with controls)
        pages = [("sphinx/index.html", 1, 0), ("mkdocs/index.html", 1, 0), ("mdbook/lock.html", 0, 1)]
        try:
            for width, height in ((1280, 900), (360, 740)):
                b.resize(width, height)
                b.wait(f"innerWidth === {width}", 5, f"the window at {width} px")
                for page, quiet, other in pages:
                    with self.subTest(page=page, width=width):
                        self.open(page, frames=0)
                        samples = b.js("return new Promise(r => { const s = []; const t = setInterval(() => {"
                                       " s.push(Math.round(scrollY)); if (s.length === 20) { clearInterval(t); r(s); } }, 250); });")
                        self.assertEqual(set(samples), {0}, f"scrollY over the 5 s after load: {samples}")
                        # The output-only playground did run meanwhile: the page stayed still for its result.
                        self.assertIn("outcome", self.in_frame(quiet, "document.getElementById('run-result').textContent", wait=False))
                        # The host's run() of a playground with controls moves nothing either.
                        b.js("document.documentElement.style.scrollBehavior = 'auto';"
                             "document.querySelectorAll(arguments[0])[arguments[1]].scrollIntoView({block: 'end'}); scrollBy(0, 200);",
                             PLAYGROUNDS, other)
                        time.sleep(0.3)
                        before = b.js("return Math.round(scrollY);")
                        self.in_frame(other, "document.querySelector('button.run')")
                        self.run_embed(other)
                        time.sleep(1.5)
                        self.assertEqual(b.js("return Math.round(scrollY);"), before, "the host's run() scrolled the page")
        finally:
            b.resize(1280, 900)

    def test_a_readers_run_brings_its_result_into_view_below_the_sticky_header(self):
        """Material's header is sticky (48 px): the result of a run the reader started comes
        into view below it, on a desktop and on a phone."""
        b = self.browser
        try:
            for width, height in ((1280, 900), (360, 740)):
                with self.subTest(width=width):
                    b.resize(width, height)
                    b.wait(f"innerWidth === {width}", 5, f"the window at {width} px")
                    self.open("mkdocs/index.html", frames=1)
                    b.js("document.documentElement.style.scrollBehavior = 'auto';")
                    header = b.js("return document.querySelector('.md-header').getBoundingClientRect().bottom;")
                    self.assertGreater(header, 0, "Material's header is at the top")
                    # The reader clicks Run in the first playground, its Run button near the
                    # bottom of the view, so that its result comes below the view.
                    button = self.in_frame(0, "document.querySelector('button.run').getBoundingClientRect().bottom", wait=False)
                    frame = b.js("return document.querySelector('iframe[src*=\"id=asyncio-playground-1&\"]').getBoundingClientRect().top;")
                    b.js("scrollBy(0, arguments[0]);", frame + button - (height - 40))
                    b.enter_frame("iframe[src*='id=asyncio-playground-1&']")
                    try:
                        element = b._s("POST", "/element", {"using": "css selector", "value": "button.run"})
                        b._s("POST", f"/element/{next(iter(element.values()))}/click", {})
                    finally:
                        b.leave_frames()
                    b.wait("window.finished.length > 0", 15, "run-finished")
                    where = ("const f = document.querySelector('iframe[src*=\"id=asyncio-playground-1&\"]').getBoundingClientRect().top;"
                             " return Math.round(f + arguments[0]);")
                    # Wait for the host to stop scrolling, then read where the results are.
                    last, still = None, 0
                    for _ in range(40):
                        inner = self.in_frame(0, "document.getElementById('results').getBoundingClientRect().top", wait=False)
                        top = b.js(where, inner)
                        still = still + 1 if top == last else 0
                        if still >= 3:
                            break
                        last = top
                        time.sleep(0.1)
                    self.assertGreaterEqual(top, header, f"the results (at {top} px) are not under the {header:.0f} px header")
                    self.assertLess(top, height * 0.6, f"the results (at {top} px) are in the upper part of the view")
        finally:
            b.resize(1280, 900)

    def test_the_element_loads_lazily_has_methods_and_events_and_a_fixed_theme(self):
        b = self.browser
        b.leave_frames()
        b.get(self.sites.url + "element.html")
        b.wait("document.querySelector('#pg iframe')", 10, "the first element's iframe")
        self.assertEqual(b.js("return document.querySelectorAll('asyncio-playground iframe').length;"), 1, "the second waits until it is shown")
        self.assertEqual(b.js("return getComputedStyle(document.getElementById('pg')).display;"), "block")
        src = b.js("return document.querySelector('#pg iframe').src;")
        # This page names no colour scheme: it is light, and so is the playground.
        for part in ("scenario=gather", "tasks=2", "delay=0.25", "mode=concurrent", "embed=1", "id=pg", "theme=light"):
            self.assertIn(part, src)
        self.assertNotIn("class=", src, "HTML's own attributes are not keys")
        # Its own methods and events.
        b.js("window.seen = []; const pg = document.getElementById('pg');"
             "['ready', 'run-started', 'run-finished'].forEach(t => pg.addEventListener('asyncio-playground:' + t, e => window.seen.push([t, e.detail])));")
        self.in_frame("pg", "document.querySelector('.results')")
        b.js("document.getElementById('pg').run();")
        b.wait("window.seen.some(s => s[0] === 'run-finished')", 15, "run-finished")
        result = b.js("return window.seen.find(s => s[0] === 'run-finished')[1];")
        self.assertEqual(result["params"]["tasks"], 2)
        self.assertEqual(result["params"]["mode"], "concurrent")
        self.assertEqual(result["outcome"]["concurrent_elapsed"], 0.25)
        # The events bubble, under names without a colon too (JSX); the element says its state;
        # an attribute changed now reaches the playground.
        self.assertEqual(b.js("return document.getElementById('pg').getAttribute('state');"), "done")
        b.js("window.heard = []; for (const t of ['run-started', 'run-finished']) document.addEventListener('asyncio-playground-' + t,"
             " e => window.heard.push([t, e.target.id, document.getElementById('pg').getAttribute('state'), e.detail]));"
             "document.getElementById('pg').setAttribute('tasks', '4');")
        self.in_frame("pg", "document.getElementById('param-tasks')?.value === '4'")
        b.js("document.getElementById('pg').run();")
        b.wait("window.heard.some(h => h[0] === 'run-finished')", 15, "a run after the attribute changed")
        heard = b.js("return window.heard;")
        self.assertEqual([h[:3] for h in heard], [["run-started", "pg", "running"], ["run-finished", "pg", "done"]])
        self.assertEqual(heard[1][3]["params"]["tasks"], 4, "the changed attribute took effect")
        # The second: a fixed dark theme, output only, its initial height until it reports its own.
        b.js("document.querySelectorAll('asyncio-playground')[1].scrollIntoView();")
        b.wait("document.querySelectorAll('asyncio-playground iframe').length === 2", 10, "the second iframe")
        self.assertIn("theme=dark", b.js("return document.querySelectorAll('asyncio-playground iframe')[1].src;"))
        self.wait_frame_background(1, DARK_BG)
        self.assertEqual(json.loads(self.in_frame(1, "(() => { const t = document.getElementById('run-result').textContent; return t !== 'null' && t; })()"))["params"]["workers"], 5)
        # An element added later, asked to run before it is shown or ready: it mounts and runs once ready.
        b.js("window.late = []; const el = document.createElement('asyncio-playground');"
             "el.setAttribute('scenario', 'sleep'); el.setAttribute('delay', '0.5'); el.id = 'late';"
             "el.addEventListener('asyncio-playground:run-finished', e => window.late.push(e.detail));"
             "document.body.appendChild(el); el.run();")
        b.wait("window.late.length === 1", 20, "the late element's run")
        self.assertEqual(b.js("return window.late[0].params.delay;"), 0.5)
        self.assertEqual(b.js("return document.querySelectorAll('asyncio-playground iframe').length;"), 3)
        self.assertEqual(b.js("return typeof document.getElementById('late').asyncioPlayground.setParams;"), "function")

    def test_a_page_that_says_nothing_of_dark_has_a_light_playground_on_a_dark_system(self):
        """alabaster, Read the Docs' theme, a plain page: no dark of their own, so the playground
        stays light when the reader's system is dark; a page that offers both follows it."""
        b = self.browser
        b.leave_frames()
        b.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            b.get(self.sites.url + "element.html")
            b.wait("document.querySelector('#pg iframe')", 10, "the element's iframe")
            self.assertIn("theme=light", b.js("return document.querySelector('#pg iframe').src;"))
            self.wait_frame_background("pg", LIGHT_BG)
            b.js("document.documentElement.style.colorScheme = 'light dark';")
            self.wait_frame_background("pg", DARK_BG)
        finally:
            b.cdp("Emulation.setEmulatedMedia", {"features": []})


if __name__ == "__main__":
    unittest.main()


def pinned(*names):
    """`name==version` of each of `names`, as scripts/docs-requirements.txt pins them."""
    with open(os.path.join(ROOT, "scripts", "docs-requirements.txt"), encoding="utf-8") as f:
        pins = dict(line.strip().split("==", 1) for line in f if "==" in line and not line.startswith("#"))
    return [f"{n}=={pins[n]}" for n in names]


def packaged(suffix):
    """The one package scripts/package.sh made whose name ends with `suffix`."""
    folder = os.path.join(ROOT, "target", "package")
    found = [f for f in os.listdir(folder) if f.endswith(suffix)] if os.path.isdir(folder) else []
    if len(found) != 1:
        raise RuntimeError(f"target/package/ holds {found}, not one *{suffix}: run scripts/build.sh (it runs scripts/package.sh)")
    return os.path.join(folder, found[0])


class FreshInstall(unittest.TestCase):
    """A package installed into a fresh folder (cls.out), its site served (cls.sites) and read
    in one Chromium (cls.browser)."""

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.sites.close()
        shutil.rmtree(cls.out, ignore_errors=True)


class BundledSites(FreshInstall):
    """A docs author with Python only: the package's wheel (scripts/package.sh, run by the
    build), installed with Sphinx and MkDocs from PyPI into a fresh environment whose PATH has
    no Rust and no asyncio-playground command, builds the example sites with no base URL set:
    each carries the playground itself, a page at any depth reaches it by a relative URL, and
    the playgrounds run from the site alone, served from one origin with nothing else."""

    @classmethod
    def setUpClass(cls):
        cls.wheel = packaged(".whl")
        cls.out = tempfile.mkdtemp(prefix="asyncio-playground-bundled-")
        venv = os.path.join(cls.out, "venv")
        subprocess.run(["python3", "-m", "venv", venv], check=True)
        # (No Rust, no playground command: the checks read the schema the package carries.)
        cls.env = {"PATH": os.path.join(venv, "bin") + os.pathsep + "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"),
                   "NO_MKDOCS_2_WARNING": "1", "LANG": "C.UTF-8"}
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "--disable-pip-version-check", cls.wheel,
                        *pinned("sphinx", "furo", "mkdocs", "mkdocs-material")], env=cls.env, check=True)
        sources = os.path.join(cls.out, "src")
        shutil.copytree(os.path.join(ROOT, "examples"), sources)
        # A page two folders down, in each site.
        os.makedirs(os.path.join(sources, "sphinx", "deep", "er"))
        with open(os.path.join(sources, "sphinx", "deep", "er", "page.rst"), "w") as f:
            f.write(":orphan:\n\nDeep\n====\n\n.. asyncio-playground:: lock\n   :workers: 5\n   :use_lock: false\n")
        os.makedirs(os.path.join(sources, "mkdocs", "docs", "deep", "er"))
        with open(os.path.join(sources, "mkdocs", "docs", "deep", "er", "page.md"), "w") as f:
            f.write("# Deep\n\n```asyncio-playground\nscenario=lock\nworkers=5\nuse_lock=false\n```\n")
        bin_ = os.path.join(venv, "bin")
        # The Sphinx site's Run my code fetches Python from this site's own host (the full
        # playground's pyodide/, served beside it); MkDocs' keeps the default, jsDelivr's.
        os.makedirs(os.path.join(cls.out, "site"), exist_ok=True)
        if not os.path.exists(os.path.join(cls.out, "site", "pyodide")):
            os.symlink(os.path.join(ROOT, "dist", "pyodide"), os.path.join(cls.out, "site", "pyodide"))
        for cmd in ([os.path.join(bin_, "sphinx-build"), "-q", "-W", "-D", "asyncio_playground_pyodide_url=/pyodide/{python}/",
                     os.path.join(sources, "sphinx"), os.path.join(cls.out, "site", "sphinx")],
                    [os.path.join(bin_, "mkdocs"), "build", "-s", "-f", os.path.join(sources, "mkdocs", "mkdocs.yml"), "-d", os.path.join(cls.out, "site", "mkdocs")]):
            subprocess.run(cmd, env=cls.env, check=True, stdout=subprocess.DEVNULL)
        # A plain static server that sends no header of its own, as a docs host.
        cls.sites = PagesServer(directory=os.path.join(cls.out, "site"))
        cls.url = cls.sites.url()
        cls.browser = Browser()

    def test_the_environment_has_no_rust_and_the_wheel_carries_the_playground_and_its_licences(self):
        path = self.env["PATH"]
        self.assertIsNone(shutil.which("cargo", path=path))
        self.assertIsNone(shutil.which("asyncio-playground", path=path))
        import zipfile
        names = zipfile.ZipFile(self.wheel).namelist()
        for name in ("asyncio_playground/_static/asyncio-playground/index.html", "asyncio_playground/_static/asyncio-playground/static/embed.js"):
            self.assertIn(name, names)
        self.assertTrue(any(n.endswith("licenses/LICENSE-MIT") for n in names) and any(n.endswith("licenses/LICENSE-APACHE") for n in names))
        self.assertFalse([n for n in names if "/pyodide/" in n or n.endswith((".br", ".gz"))], "no Pyodide, no precompressed copies")
        print(f"\n  the wheel: {os.path.getsize(self.wheel):,} B, {len(names)} files")

    def test_each_site_carries_the_playground_and_every_page_reaches_it(self):
        site = os.path.join(self.out, "site")
        for folder, page, script in (("sphinx/_static/asyncio-playground", "sphinx/index.html", "_static/asyncio-playground/static/embed.js"),
                                     ("sphinx/_static/asyncio-playground", "sphinx/deep/er/page.html", "../../_static/asyncio-playground/static/embed.js"),
                                     ("mkdocs/asyncio-playground", "mkdocs/index.html", "asyncio-playground/static/embed.js"),
                                     ("mkdocs/asyncio-playground", "mkdocs/deep/er/page/index.html", "../../../asyncio-playground/static/embed.js")):
            self.assertTrue(os.path.isfile(os.path.join(site, folder, "index.html")), folder)
            self.assertTrue(os.path.isfile(os.path.join(site, folder, "static", "embed.js")), folder)
            with open(os.path.join(site, page), encoding="utf-8") as f:
                text = f.read()
            self.assertEqual(text.count("static/embed.js"), 1, page)
            # (Sphinx adds ?v=… to a script of _static/.)
            self.assertTrue(f'src="{script}"' in text or f'src="{script}?v=' in text, f"{page}: no <script src=\"{script}\">")
            # The plain link inside the element, for a reader without JavaScript: the same copy.
            link = '<a href="' + script[:-len("static/embed.js")] + "index.html?scenario="
            self.assertIn(link, text[text.index("<asyncio-playground"):], f"{page}: no {link}")

    def test_run_my_code_fetches_python_where_the_site_says(self):
        import base64
        import re
        with open(os.path.join(self.out, "site", "mkdocs", "asyncio-playground", "index.html"), encoding="utf-8") as f:
            meta = re.search(r'<meta name="asyncio-playground-pyodide" content="([^"]*)">', f.read())
        folders = json.loads(meta.group(1).replace("&quot;", '"'))
        self.assertEqual(sorted(folders), ["3.11", "3.12", "3.13", "3.14"])
        self.assertTrue(all(u.startswith("https://cdn.jsdelivr.net/npm/pyodide@") for u in folders.values()), folders)
        # The Sphinx site names its own host: a program runs on Python fetched from there.
        program = "import asyncio\n\nasync def main():\n    await asyncio.sleep(1)\n    print('from the site')\n\nasyncio.run(main())\n"
        code = base64.urlsafe_b64encode(program.encode()).decode().rstrip("=")
        b = self.browser
        b.get(self.url + f"sphinx/_static/asyncio-playground/index.html?python=3.12&code={code}")
        b.wait("document.querySelector('button.run') && !document.querySelector('button.run').disabled", 60, "Run")
        b.js("document.getElementById('run-result') && (document.getElementById('run-result').textContent = '');")
        b.js("document.querySelector('button.run').click();")
        result = b.run_result(120)
        self.assertEqual(result["outcome"]["python"], "3.12.7", result.get("outcome"))
        self.assertIn("from the site", json.dumps(result["events"]))

    def test_the_playgrounds_run_from_the_site_alone(self):
        b = self.browser
        for page, scenario in (("sphinx/deep/er/page.html", "lock"), ("mkdocs/deep/er/page/", "lock"), ("sphinx/index.html", "gather")):
            b.get(self.url + page)
            b.js("window.finished = []; document.querySelectorAll('asyncio-playground').forEach((el, i) =>"
                 " el.addEventListener('asyncio-playground:run-finished', e => window.finished.push([i, e.detail])));")
            b.js("document.querySelector('asyncio-playground').scrollIntoView();")
            src = b.wait("document.querySelector('iframe[src*=\"embed=1\"]')?.src", 15, f"the playground's frame on {page}")
            self.assertTrue(src.startswith(self.url), f"{page}: the site's own copy, not another host's: {src}")
            b.press_run_in()
            result = b.wait("(window.finished.find(f => f[0] === 0) || [])[1]", 30, f"run-finished on {page}")
            self.assertEqual(result["scenario"], scenario, page)
            if scenario == "lock":
                self.assertEqual(result["outcome"]["lost_updates"], 4, page)


class NpmPackage(FreshInstall):
    """A web author with Node only: the npm tarball (scripts/package.sh) installed with
    `npm install` into an empty project whose PATH has no Rust; a plain page that loads its
    embed.js and writes the element runs the playground, from a plain static server. And an
    mdBook book whose preprocessor copies that package into the book (`bundle`): its
    playgrounds run from the book's own host."""

    @classmethod
    def setUpClass(cls):
        cls.tarball = packaged(".tgz")
        cls.out = tempfile.mkdtemp(prefix="asyncio-playground-npm-")
        cls.env = {"PATH": os.path.dirname(shutil.which("node")) + os.pathsep + "/usr/bin:/bin", "HOME": cls.out}
        with open(os.path.join(cls.out, "package.json"), "w") as f:
            json.dump({"name": "a-site", "private": True}, f)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", cls.tarball], cwd=cls.out, env=cls.env, check=True)
        cls.package = os.path.join(cls.out, "node_modules", "asyncio-playground")
        with open(os.path.join(cls.out, "index.html"), "w") as f:
            f.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>a site</title>'
                    '<script src="node_modules/asyncio-playground/static/embed.js" defer></script></head><body>'
                    '<asyncio-playground scenario="gather" tasks="2" delay="0.25" params="mode=concurrent"></asyncio-playground></body></html>')
        # An mdBook book whose playground is this package, copied in by the preprocessor
        # (`bundle`; the preprocessor is the one Rust-built part of an mdBook setup).
        subprocess.run(["cargo", "build", "-q", "--bin", "mdbook-asyncio-playground"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        book = os.path.join(cls.out, "book")
        shutil.copytree(os.path.join(ROOT, "examples", "mdbook"), book, ignore=shutil.ignore_patterns("asyncio-playground"))
        subprocess.run([tool("mdbook"), "build", book, "-d", os.path.join(cls.out, "book-site")], check=True, stdout=subprocess.DEVNULL,
                       env=dict(cls.env, PATH=os.path.join(target, "debug") + os.pathsep + cls.env["PATH"],
                                MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BUNDLE="../node_modules/asyncio-playground",
                                MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL=""))
        cls.sites = PagesServer(directory=cls.out)
        cls.browser = Browser()

    def test_the_package_has_the_playground_its_readme_licences_and_the_one_version(self):
        self.assertIsNone(shutil.which("cargo", path=self.env["PATH"]))
        for name in ("index.html", "static/embed.js", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "package.json"):
            self.assertTrue(os.path.isfile(os.path.join(self.package, name)), name)
        self.assertFalse(os.path.exists(os.path.join(self.package, "pyodide")), "no Pyodide: Run my code fetches it")
        with open(os.path.join(self.package, "package.json"), encoding="utf-8") as f:
            meta = json.load(f)
        with open(os.path.join(ROOT, "Cargo.toml"), encoding="utf-8") as f:
            cargo = next(line.split('"')[1] for line in f if line.startswith("version = "))
        self.assertEqual((meta["name"], meta["version"], meta["license"]), ("asyncio-playground", cargo, "MIT OR Apache-2.0"))
        print(f"\n  the npm tarball: {os.path.getsize(self.tarball):,} B")

    def test_a_plain_page_runs_the_element(self):
        b = self.browser
        b.get(self.sites.url() + "index.html")
        b.js("window.finished = []; document.querySelector('asyncio-playground').addEventListener('asyncio-playground-run-finished', e => window.finished.push(e.detail));")
        b.wait("document.querySelector('iframe[src*=\"embed=1\"]')", 15, "the playground's frame")
        b.press_run_in()
        result = b.wait("window.finished[0]", 30, "run-finished (its JSX name)")
        self.assertEqual((result["scenario"], result["outcome"]["concurrent_elapsed"]), ("gather", 0.25))

    def test_an_mdbook_book_carries_the_package_and_runs_it(self):
        site = os.path.join(self.out, "book-site")
        for name in ("index.html", "static/embed.js"):
            self.assertTrue(os.path.isfile(os.path.join(site, "asyncio-playground", name)), name)
        b = self.browser
        b.get(self.sites.url() + "book-site/gather.html")
        b.js("window.finished = []; document.querySelector('[data-asyncio-playground]').addEventListener('asyncio-playground:run-finished', e => window.finished.push(e.detail));")
        b.js("document.querySelector('[data-asyncio-playground]').scrollIntoView();")
        src = b.wait("document.querySelector('iframe[src*=\"embed=1\"]')?.src", 15, "the playground's frame")
        self.assertTrue(src.startswith(self.sites.url() + "book-site/asyncio-playground/"), f"the book's own copy: {src}")
        b.press_run_in()
        result = b.wait("window.finished[0]", 30, "run-finished")
        self.assertEqual((result["scenario"], result["params"]["tasks"]), ("gather", 3), result)


class ReferenceBook(FreshInstall):
    """The reference (docs/), an mdBook built with this project's preprocessor and the bundle
    under test copied in (`bundle`): every chapter is there, each fence of it is a playground,
    and they run from the book's own host."""

    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp(prefix="asyncio-playground-reference-")
        subprocess.run(["cargo", "build", "-q", "--bin", "mdbook-asyncio-playground"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        book = os.path.join(cls.out, "docs")
        shutil.copytree(os.path.join(ROOT, "docs"), book, ignore=shutil.ignore_patterns("asyncio-playground", "book"))
        subprocess.run([tool("mdbook"), "build", book, "-d", os.path.join(cls.out, "site")], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=dict(os.environ, PATH=os.path.join(target, "debug") + os.pathsep + os.environ["PATH"],
                                                          MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BUNDLE=DIST,
                                                          MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL=""))
        cls.sites = PagesServer(directory=os.path.join(cls.out, "site"))
        cls.browser = Browser()

    def test_every_chapter_is_built_and_each_fence_is_a_playground(self):
        import re
        site, src = os.path.join(self.out, "site"), os.path.join(ROOT, "docs", "src")
        with open(os.path.join(src, "SUMMARY.md"), encoding="utf-8") as f:
            chapters = re.findall(r"\]\(([a-z-]+)\.md\)", f.read())
        self.assertGreaterEqual(len(chapters), 10, chapters)
        for name in chapters:
            with open(os.path.join(src, name + ".md"), encoding="utf-8") as f:
                # (A fence shown inside a ````md block is text.)
                text = re.sub(r"^````\w*$.*?^````$", "", f.read(), flags=re.M | re.S)
            fences = len(re.findall(r"^```asyncio-playground$", text, re.M))
            with open(os.path.join(site, name + ".html"), encoding="utf-8") as f:
                page = f.read()
            self.assertEqual(page.count('<div class="asyncio-playground" data-asyncio-playground='), fences, name)
            self.assertEqual(page.count("asyncio-playground/static/embed.js"), 1 if fences else 0, name)
        self.assertTrue(os.path.isfile(os.path.join(site, "asyncio-playground", "index.html")))
        self.assertFalse(os.path.exists(os.path.join(site, "asyncio-playground", "pyodide")))

    def test_the_scenarios_chapters_playgrounds_run(self):
        b = self.browser
        b.get(self.sites.url() + "scenarios.html")
        b.js("window.finished = []; document.querySelectorAll('[data-asyncio-playground]').forEach((el, i) =>"
             " el.addEventListener('asyncio-playground:run-finished', e => window.finished.push([i, e.detail])));")
        lock = b.js("return [...document.querySelectorAll('[data-asyncio-playground]')].findIndex(e => e.dataset.asyncioPlayground === 'lock');")
        b.js("document.querySelectorAll('[data-asyncio-playground]')[arguments[0]].scrollIntoView();", lock)
        b.wait("document.querySelector('iframe[src*=\"scenario=lock\"]')", 15, "the lock playground's frame")
        b.press_run_in("iframe[src*='scenario=lock']")
        result = b.wait(f"(window.finished.find(f => f[0] === {lock}) || [])[1]", 30, "run-finished")
        self.assertEqual((result["scenario"], result["outcome"]["lost_updates"]), ("lock", 4), result)

