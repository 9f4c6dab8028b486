#!/usr/bin/env python3
"""Writes the first screens into the built page, so a reader sees the lesson while the
WebAssembly loads: the bundle in dist/ is served and opened in headless Chromium (the same
one the tests use) for every lesson in every language (English, Hindi and Bengali); what the
app draws into #app with the first chunk alone (the others' files are held back) — the
header, the lessons, the run bar, the lesson's title, summary and parameters, the results'
place — is taken as it is, made inert (a copy: nothing on it works until the app takes the
page over, which replaces it, but its lessons, its parameters, clock and switches and its
Run, which static/first-screen.js makes take input and hands to the app), and written:

  - the default lesson's in English into dist/index.html, in place of its loading note;
  - every lesson's in every language (but that one) into
    dist/static/first-screen/<lang>/<lesson>.html, which static/first-screen.js puts in its
    place for a reader of that language on that lesson's page (`?scenario=<lesson>`).

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



def capture(browser, url, lang, scenario=None):
    browser.get(f"{url}?lang={lang}" + (f"&scenario={scenario}" if scenario else ""))
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
        // Its Run is not the app's (static/first-screen.js makes it take a press until the
        // app replaces it): a class of its own, styled as the app's.
        for (const el of app.querySelectorAll('button.run')) el.className = 'early-run';
        // The lesson drawn: the one the lessons' picker marks as the page's.
        const lessons = [...live.querySelectorAll('.picker [data-scenario]')].map(b => b.dataset.scenario);
        const shown = live.querySelector('.picker [data-scenario][aria-current="page"]');
        return [app.innerHTML, shown && shown.dataset.scenario, lessons];""")


def block(lang, lesson, html, where):
    """A copy as the page takes it: inert, busy, in its language, naming its lesson."""
    if "<script" in html.lower():
        raise SystemExit(f"the first screen {where} holds a script: not written")
    return f'<div class="first-screen" inert aria-busy="true" lang="{lang}" data-scenario="{escape(lesson)}">{html}</div>'


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
        default = capture(browser, server.url, "en")
        lessons = default[2]
        if not lessons or default[1] not in lessons:
            raise SystemExit(f"the first screen names no lessons, or not its own: {default[1:]}")
        # (The default lesson in English is index.html's own, drawn above: no file of its own.)
        drawn = {(lang, lesson): capture(browser, server.url, lang, lesson)
                 for lang in LANGS for lesson in lessons if (lang, lesson) != ("en", default[1])}
    finally:
        browser.close()
        server.close()
    for (lang, lesson), (html, shown, _) in drawn.items():
        if shown != lesson:
            raise SystemExit(f"?scenario={lesson}&lang={lang} drew the lesson {shown}")
    html, lesson, _ = default
    index = block("en", lesson, html, "index.html")
    path = os.path.join(dist, "index.html")
    page = open(path, encoding="utf-8").read()
    page, n = re.subn(r'<p class="loading">[^<]*</p>', lambda _: index, page, count=1)
    if n != 1:
        raise SystemExit("index.html has no loading note to replace")
    open(path, "w", encoding="utf-8").write(page)
    print(f"first screen (index.html, {lesson}): {len(index)} B")
    written = 0
    for (lang, lesson), (html, _, _) in drawn.items():
        copy = block(lang, lesson, html, f"{lang}/{lesson}")
        path = os.path.join(dist, "static", "first-screen", lang, lesson + ".html")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w", encoding="utf-8").write(copy + "\n")
        written += len(copy)
    print(f"first screens (static/first-screen/<lang>/<lesson>.html): {len(drawn)}, {written} B")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
