"""A Sphinx project with live asyncio playgrounds: `sphinx-build examples/sphinx OUT`.

The recipe: load embed.js on every page (html_js_files below), then put a drop-in element
into any page with a raw HTML block (see index.rst). The playground follows Furo's light,
dark and auto themes by itself.
"""
import os

project = "asyncio, live"
html_theme = "furo"
html_title = "asyncio, live (Sphinx)"

# Where the playground bundle is served (`./scripts/serve.sh` serves it here).
playground = os.environ.get("ASYNCIO_PLAYGROUND_BASE", "http://127.0.0.1:8000/").rstrip("/") + "/"
html_js_files = [(playground + "static/embed.js", {"defer": "defer"})]
