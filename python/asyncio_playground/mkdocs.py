"""MkDocs plugin: the mdBook preprocessor's fence, in MkDocs.

In ``mkdocs.yml``::

    plugins:
      - search
      - asyncio-playground

The playground comes with the package: the build copies it to ``asyncio-playground/`` in the
site and each page links to it there, so the site needs nothing else (no Rust, no hosting, no
network). To use a playground served elsewhere instead, set ``base_url``::

      - asyncio-playground:
          base_url: https://your.host/asyncio-playground/

The copy's Run my code fetches Python (Pyodide) on first use from the npm registry's jsDelivr
mirror; ``pyodide_url`` names another place (``https://your.host/pyodide/{python}/``, or a path
on the site's host), where the full playground's ``pyodide/`` folder is served.

In a page, a fence whose body is ``key=value`` lines (the playground's URL keys, ``height``,
``# comments``)::

    ```asyncio-playground
    scenario=gather
    tasks=3
    ```

``defaults`` (a mapping of URL keys, ``{theme: light, lang: hi}``) is what every playground of
the site has unless its fence says otherwise.

Each such fence becomes the ``<asyncio-playground>`` element, and a page that has one gets
``embed.js`` once. Values are checked with the playground's own rules and messages; a bad
one is a warning with the file and line (``docs/index.md, line 14: tasks must be …``), so
``mkdocs build --strict`` fails on it, and the fence stays as code. Fences inside other
fences (a page that shows the syntax) are left alone. ``cli`` names the
``asyncio-playground`` command line to check with (default: ``$ASYNCIO_PLAYGROUND_CLI``, else
the one on the PATH, else the bundled schema; ``schema``: always the schema).

The plugin also makes ``<asyncio-playground>`` a block-level tag for Python-Markdown, so the
element can be written by hand too (on its own lines, with blank lines around it).
"""
import logging
import os
import re
import shutil

from markdown.extensions import Extension
from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

import asyncio_playground as ap

log = logging.getLogger("mkdocs.plugins.asyncio_playground")

INFO = "asyncio-playground"
_FENCE = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)\Z")


def rewrite(markdown, base, cli=None, defaults=None):
    """``markdown`` with each playground fence replaced by its element; ``(text, problems,
    count)``, where problems are ``(line in markdown, message)``. ``defaults``: the URL keys
    every fence has unless it sets them itself (a problem with one is named as the
    plugin's ``defaults``, at the fence's first line)."""
    lines = markdown.split("\n")
    out, problems, count = [], [], 0
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m or (m["fence"][0] == "`" and "`" in m["info"]):
            out.append(lines[i])
            i += 1
            continue
        char, length, indent = m["fence"][0], len(m["fence"]), m["indent"]
        closing = re.compile(r"[ \t]*" + re.escape(char) + "{" + str(length) + r",}[ \t]*\Z")
        end = next((j for j in range(i + 1, len(lines)) if closing.match(lines[j])), len(lines))
        words = m["info"].split()
        if not words or words[0] != INFO:
            out.extend(lines[i:end + 1])
            i = end + 1
            continue
        body = [b[len(indent):] if b.startswith(indent) else b for b in lines[i + 1:end]]
        embed, found = ap.check_with_defaults(body, defaults, "plugins: asyncio-playground: defaults", cli)
        if embed is None:
            problems.extend((i + 1 if p.index is None else i + 2 + p.index, p.message) for p in found)
            out.extend(lines[i:end + 1])
        else:
            count += 1
            # One line of HTML with blank lines around it: a block of raw HTML.
            out.extend(["", indent + embed.to_html(base), ""])
        i = end + 1
    return "\n".join(out), problems, count


class _BlockLevel(Extension):
    """``<asyncio-playground>`` is a block of raw HTML, as ``<div>`` is."""

    def extendMarkdown(self, md):
        if ap.ELEMENT not in md.block_level_elements:
            md.block_level_elements.append(ap.ELEMENT)


class _Config(Config):
    base_url = config_options.Type(str, default="")
    cli = config_options.Optional(config_options.Type(str))
    pyodide_url = config_options.Type(str, default="")
    defaults = config_options.Type(dict, default={})


#: Where the bundled playground goes in the site.
BUNDLED_AT = "asyncio-playground/"


class AsyncioPlaygroundPlugin(BasePlugin[_Config]):
    def on_config(self, config):
        self.base = None  # the copy in the site, reached from each page by a relative URL
        setting = "plugins: asyncio-playground: base_url"
        if self.config.base_url.strip() or not ap.bundled():
            try:
                self.base = ap.check_base(self.config.base_url, setting)
            except ValueError as e:
                raise PluginError(str(e) if self.config.base_url.strip() else ap.unbundled_message(setting))
        self.cli = ap.find_cli(self.config.cli)
        self.root = os.path.dirname(os.path.abspath(config.config_file_path or "mkdocs.yml"))
        self.pages = set()
        config.markdown_extensions.append(_BlockLevel())
        return config

    def on_page_markdown(self, markdown, page, config, files):
        source = page.file.content_string if hasattr(page.file, "content_string") else markdown
        # The front matter MkDocs took off: lines before the first line of `markdown`.
        offset = source[:len(source) - len(markdown)].count("\n") if source.endswith(markdown) else 0
        text, problems, count = rewrite(markdown, self.page_base(page), self.cli, self.config.defaults)
        path = os.path.relpath(page.file.abs_src_path, self.root) if page.file.abs_src_path else page.file.src_uri
        for line, message in problems:
            log.warning(f"{path}, line {line + offset}: {message}")
        if count:
            self.pages.add(page.file.src_uri)
        return text

    def page_base(self, page):
        """The playground's base from `page`: the one set, or the bundled copy's, relative."""
        return self.base if self.base is not None else get_relative_url(BUNDLED_AT, page.url)

    def on_page_content(self, html, page, config, files):
        if page.file.src_uri in self.pages:
            html += f'\n<script src="{ap.script_url(self.page_base(page))}" defer></script>\n'
        return html

    def on_post_build(self, config):
        """With no base URL set, the site gets the playground the package carries."""
        if self.base is None:
            copy = os.path.join(config.site_dir, BUNDLED_AT)
            shutil.copytree(ap.BUNDLE, copy, dirs_exist_ok=True)
            if self.config.pyodide_url.strip():
                try:
                    ap.set_pyodide_url(copy, self.config.pyodide_url.strip())
                except ValueError as e:
                    raise PluginError(f"plugins: asyncio-playground: {e}")
