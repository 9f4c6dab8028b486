"""A Sphinx project with live asyncio playgrounds: `sphinx-build -W examples/sphinx OUT`.

`pip install asyncio_playground-*.whl` (built by scripts/build.sh into target/package/: the
package with the playground inside) gives the extension below; a page then writes
`.. asyncio-playground:: SCENARIO` with the playground's URL keys as options (see
index.rst). Values are checked at build time with the playground's own rules, and each page
with a playground gets embed.js once. The playgrounds follow Furo's light, dark and auto
themes by themselves.
"""
import os

project = "asyncio, live"
html_theme = os.environ.get("SPHINX_THEME", "furo")
html_title = "asyncio, live (Sphinx)"
extensions = ["asyncio_playground.sphinx"]

# The playground comes with the package's wheel and is copied into the site: nothing to set.
# To use one served elsewhere, set its URL (the tests set ASYNCIO_PLAYGROUND_BASE to their own
# server's; `./scripts/serve.sh` serves one at http://127.0.0.1:8000/).
asyncio_playground_base_url = os.environ.get("ASYNCIO_PLAYGROUND_BASE", "")
