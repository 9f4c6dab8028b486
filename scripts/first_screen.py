#!/usr/bin/env python3
"""Writes the first screen into the built page, so a reader sees the lesson while the
WebAssembly loads: the bundle in dist/ is served and opened in headless Chromium (the same
one the tests use) in every language (English, Hindi and Bengali); what the app draws into #app for the
default scenario with the first chunk alone (the others' files are held back) — the header,
the lessons, the run bar, the lesson's title, summary and parameters, the results' place — is
taken as it is, made inert (a copy: nothing on it
works until the app takes the page over, which replaces it), and written:

  - English into dist/index.html, in place of its loading note;
  - every other language (Hindi, Bengali) into dist/static/first-screen.<lang>.html, which
    static/first-screen.js puts in its place for a reader of that language.

    scripts/first_screen.py DIST
"""
from html import escape
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
from browser import LANGS, Browser, Server  # noqa: E402  (LANGS: every language, from src/i18n/)

# What the app draws, once it has drawn its first screen.
DRAWN = "document.querySelector('#app .app #run-bar button.run') && document.querySelector('#app .setup .params, #app .setup form')"



def capture(browser, url, lang):
    browser.get(f"{url}?lang={lang}")
    browser.wait(DRAWN, 60, f"the first screen in {lang}")
    # The app has settled: the language switch says the reader's language.
    browser.wait(f"document.documentElement.lang === '{lang}'", 10, "the language")
    return browser.js("""
        // What the app set as properties (a field's value, a checked choice) becomes markup.
        const live = document.getElementById('app');
        for (const el of live.querySelectorAll('input')) {
          if (el.type === 'checkbox' || el.type === 'radio') el.toggleAttribute('checked', el.checked);
          else el.setAttribute('value', el.value);
        }
        for (const el of live.querySelectorAll('select option')) el.toggleAttribute('selected', el.selected);
        const app = live.cloneNode(true);
        // A copy to read, not to use: no ids twice once the app draws its own, nothing to focus.
        for (const el of app.querySelectorAll('[id]')) el.removeAttribute('id');
        for (const el of app.querySelectorAll('button, input, select, textarea, a[href]')) {
          el.setAttribute('tabindex', '-1');
          if (el.matches('button, input, select, textarea')) el.setAttribute('disabled', '');
        }
        return [app.innerHTML, new URLSearchParams(location.search).get('scenario')];""")


def main(dist):
    server = Server(dist)
    browser = Browser()
    try:
        browser.resize(1280, 900)
        # The first screen is what the first chunk draws alone: the other chunks' files are
        # held back (asked for, never answered), so that no view of theirs — the results
        # panel, the teaching views, which the page fetches in the background — is drawn in
        # by the time of the copy, whichever arrives first in which language.
        browser.cdp("Fetch.enable", {"patterns": [{"urlPattern": "*/split_*.wasm"}, {"urlPattern": "*/chunk_*.wasm"}]})
        drawn = {lang: capture(browser, server.url, lang) for lang in LANGS}
    finally:
        browser.close()
        server.close()
    for lang, (html, scenario) in drawn.items():
        if "<script" in html.lower():
            raise SystemExit(f"the {lang} first screen holds a script: not written")
        block = f'<div class="first-screen" inert aria-busy="true" lang="{lang}" data-scenario="{escape(scenario or "")}">{html}</div>'
        if lang == "en":
            path = os.path.join(dist, "index.html")
            page = open(path, encoding="utf-8").read()
            page, n = re.subn(r'<p class="loading">[^<]*</p>', lambda _: block, page, count=1)
            if n != 1:
                raise SystemExit("index.html has no loading note to replace")
            open(path, "w", encoding="utf-8").write(page)
        else:
            open(os.path.join(dist, "static", f"first-screen.{lang}.html"), "w", encoding="utf-8").write(block + "\n")
        print(f"first screen ({lang}): {len(block)} B")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
