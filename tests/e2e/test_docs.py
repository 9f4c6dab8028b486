"""Docs sites with live playgrounds: the example mdBook, Sphinx and MkDocs projects under
examples/, built with the real tools (from PyPI, in .tools/docs-venv) against the served
bundle and served from another origin, then read in headless Chromium. Each playground runs,
follows its host page's theme, and links to the full playground with the same state."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

from browser import ROOT, Browser, Server

DOCS_BIN = os.environ.get("DOCS_BIN") or os.path.join(ROOT, ".tools", "docs-venv", "bin")
DARK_BG, LIGHT_BG = "rgb(21, 23, 27)", "rgb(247, 247, 245)"


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
        subprocess.run(["cargo", "build", "-q", "--bin", "mdbook-asyncio-playground"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        env = dict(os.environ, PATH=os.path.join(target, "debug") + os.pathsep + os.environ["PATH"],
                   MDBOOK_PREPROCESSOR__ASYNCIO_PLAYGROUND__BASE_URL=base, ASYNCIO_PLAYGROUND_BASE=base,
                   ASYNCIO_PLAYGROUND_EMBED_JS=base + "static/embed.js")
        examples = os.path.join(ROOT, "examples")
        for cmd in ([tool("mdbook"), "build", os.path.join(examples, "mdbook"), "-d", os.path.join(cls.out, "mdbook")],
                    [tool("sphinx-build"), "-q", "-W", os.path.join(examples, "sphinx"), os.path.join(cls.out, "sphinx")],
                    [tool("mkdocs"), "build", "-q", "-s", "-f", os.path.join(examples, "mkdocs", "mkdocs.yml"), "-d", os.path.join(cls.out, "mkdocs")]):
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(cls.out, "index.html"), "w") as f:
            f.write("<a href='mdbook/'>mdBook</a> <a href='sphinx/'>Sphinx</a> <a href='mkdocs/'>MkDocs</a>")
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
        b.js("window.finished = []; document.querySelectorAll('[data-asyncio-playground]').forEach((el, i) =>"
             " el.addEventListener('asyncio-playground:run-finished', e => window.finished.push([i, e.detail])));")
        for i in range(frames):
            b.js("document.querySelectorAll('[data-asyncio-playground]')[arguments[0]].scrollIntoView();", i)
            b.wait(f"document.querySelectorAll('[data-asyncio-playground] iframe').length > {i}", 10, f"iframe {i + 1}")
            self.in_frame(i, "document.querySelector('.results')")

    def in_frame(self, index, expression, timeout=15, wait=True):
        """Waits for `expression` inside the index-th playground (or just evaluates it)."""
        b = self.browser
        b.enter_frame(f"iframe[src*='id=asyncio-playground-{index + 1}&']")
        try:
            return b.wait(expression, timeout) if wait else b.js(f"return ({expression});")
        finally:
            b.leave_frames()

    def frame_theme(self, index):
        return self.in_frame(index, "[document.documentElement.dataset.theme || 'auto', getComputedStyle(document.body).backgroundColor]")

    def wait_frame_background(self, index, colour):
        self.in_frame(index, f"getComputedStyle(document.body).backgroundColor === '{colour}'", 10)

    def run_embed(self, index):
        b = self.browser
        count = b.js("return window.finished.length;")
        b.js("document.querySelectorAll('[data-asyncio-playground]')[arguments[0]].asyncioPlayground.run();", index)
        b.wait(f"window.finished.length > {count}", 15, "run-finished")
        return b.js("return window.finished[window.finished.length - 1][1];")

    def test_mdbook_fence_is_live_follows_the_book_theme_and_opens_in_full(self):
        b = self.browser
        self.assertFalse(b.js("return matchMedia('(prefers-color-scheme: dark)').matches;"), "tests run under a light system")
        self.open("mdbook/gather.html")
        src = b.js("return document.querySelector('[data-asyncio-playground] iframe').src;")
        self.assertIn("theme=light", src)  # mdBook's light theme says color-scheme: light
        result = self.run_embed(0)
        self.assertEqual(result["params"], {"tasks": 3, "delay": 0.5, "mode": "both", "python": "3.13"})
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
        self.assertIn("scenario=gather&tasks=3&delay=0.5&mode=both&python=3.13&clock=virtual", href)
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
        self.assertEqual(self.run_embed(0)["outcome"]["concurrent_elapsed"], 0.5)
        self.assertIn("lost_updates", self.in_frame(1, "document.getElementById('run-result').textContent !== 'null' && document.getElementById('run-result').textContent"))
        # Furo's theme button writes data-theme on <body>.
        b.js("document.body.dataset.theme = 'dark';")
        self.wait_frame_background(0, DARK_BG)
        self.wait_frame_background(1, DARK_BG)
        b.js("document.body.dataset.theme = 'light';")
        self.wait_frame_background(0, LIGHT_BG)

    def test_mkdocs_page_is_live_and_follows_the_colour_mode(self):
        b = self.browser
        self.open("mkdocs/index.html", frames=1)
        self.assertEqual(self.run_embed(0)["outcome"]["sequential_elapsed"], 1.5)
        # MkDocs' colour-mode toggle writes data-bs-theme; Bootstrap turns that into color-scheme.
        b.js("document.documentElement.setAttribute('data-bs-theme', 'dark');")
        self.wait_frame_background(0, DARK_BG)
        b.js("document.documentElement.setAttribute('data-bs-theme', 'light');")
        self.wait_frame_background(0, LIGHT_BG)


if __name__ == "__main__":
    unittest.main()
