"""Sphinx extension: ``.. asyncio-playground:: SCENARIO`` with the playground's URL keys as
options.

In ``conf.py``::

    extensions = ["asyncio_playground.sphinx"]

The playground comes with the package: an HTML build copies it to
``_static/asyncio-playground/`` and each page links to it there, so the site needs nothing
else (no Rust, no hosting, no network). To use a playground served elsewhere instead::

    asyncio_playground_base_url = "https://your.host/asyncio-playground/"

The copy's Run my code fetches Python (Pyodide) on first use from the npm registry's jsDelivr
mirror; ``asyncio_playground_pyodide_url`` names another place (``https://your.host/pyodide/{python}/``,
or a path on the site's host), where the full playground's ``pyodide/`` folder is served.

In a page::

    .. asyncio-playground:: gather
       :tasks: 3
       :delay: 0.5
       :height: 700px

``:class:`` and ``:name:`` work as on any directive (the element gets the classes, and an id a
``:ref:`` can reach). ``asyncio_playground_defaults`` (a dict of URL keys, ``{"theme": "light",
"lang": "hi"}``) is what every playground of the site has unless it says otherwise.

Every option is a key of the playground's URL (a parameter of the scenario, ``clock``,
``controls``, ``theme``, ``lang``, …; see ``asyncio_playground.doc_keys()``) or ``height``
(px, until the playground reports its own). Values are checked with the playground's own
rules when the page is read; a bad one is a warning at its document and line, in the
playground's words, so ``sphinx-build -W`` fails on it. HTML builders get the
``<asyncio-playground>`` element and the page gets ``embed.js`` once; other builders (LaTeX,
text, man, EPUB…) get a plain link to the full playground.

``asyncio_playground_cli`` names the ``asyncio-playground`` command line to check with
(default: ``$ASYNCIO_PLAYGROUND_CLI``, else the one on the PATH, else the bundled schema;
``"schema"``: always the schema).
"""
import os

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

import asyncio_playground as ap

logger = logging.getLogger(__name__)

#: The builders that get the live element; every other one gets the plain link.
HTML_BUILDERS = ("html", "dirhtml", "singlehtml")


class asyncio_playground_node(nodes.General, nodes.Element):
    """A checked playground: ``html`` holds its element; its child is the plain link."""


class _AnyKey(dict):
    """The option spec: every key the schema lists, and any other name too, so that a key the
    playground adds later is passed on, and an unknown one is named in the playground's words
    (``unknown parameter "speed" (this scenario has: …)``) rather than docutils'."""

    def __missing__(self, key):
        return directives.unchanged

    def __contains__(self, key):
        return True


class AsyncioPlaygroundDirective(Directive):
    optional_arguments = 1
    final_argument_whitespace = False
    has_content = False
    option_spec = _AnyKey((k, directives.unchanged) for k in ap.doc_keys())

    def run(self):
        env = self.state.document.settings.env
        config = env.config
        source, line = self.state_machine.get_source_and_line(self.lineno)
        block = self.block_text.splitlines()

        def line_of(name):
            # An option's own line: `:name: value` (reStructuredText, MyST), or `name: value`
            # in a MyST fence's YAML block.
            for i, text in enumerate(block[1:], 1):
                if text.strip().lower().startswith((f":{name}:", f"{name}:")):
                    return line + i
            return line

        lines, where = [], []
        classes = directives.class_option(self.options.pop("class", "") or "")
        name = self.options.pop("name", None)
        if self.arguments:
            lines.append("scenario=" + self.arguments[0])
            where.append(line)
        for name_, value in self.options.items():
            lines.append(f"{name_}=" + " ".join((value or "").split("\n")))
            where.append(line_of(name_))
        base = None  # the copy in _static/, reached from each page by a relative URL
        if (config.asyncio_playground_base_url or "").strip() or not ap.bundled():
            try:
                base = ap.check_base(config.asyncio_playground_base_url, "asyncio_playground_base_url (conf.py)")
            except ValueError as e:
                message = str(e) if (config.asyncio_playground_base_url or "").strip() else ap.unbundled_message("asyncio_playground_base_url (conf.py)")
                logger.warning(message, location=f"{source}:{line}", type="asyncio_playground")
                return []
        embed, problems = ap.check_with_defaults(lines, config.asyncio_playground_defaults, "asyncio_playground_defaults (conf.py)",
                                                 ap.find_cli(config.asyncio_playground_cli))
        for p in problems:
            logger.warning(p.message, location=f"{source}:{line if p.index is None else where[p.index]}", type="asyncio_playground")
        if embed is None:
            return []
        node = asyncio_playground_node(embed=embed._replace(classes=tuple(classes)), base=base)
        if name:  # a target a :ref: can reach, whose id the element carries
            node["names"].append(nodes.fully_normalize_name(name))
            self.state.document.note_explicit_target(node, node)
        para = nodes.paragraph()
        if base is None:  # (only an HTML page has the copy to link to)
            para += nodes.Text(ap.LINK_TEXT + embed.title)
        else:
            para += nodes.reference("", ap.LINK_TEXT + embed.title, refuri=embed.full_url(base))
        node += para
        node.source, node.line = source, line
        return [node]


class PlainLinkElsewhere(SphinxPostTransform):
    """Outside the HTML builders a playground is its plain link."""
    default_priority = 200

    def run(self, **kwargs):
        if self.app.builder.name in HTML_BUILDERS:
            return
        for node in list(self.document.findall(asyncio_playground_node)):
            node.replace_self(node.children)


#: Where an HTML build puts the bundled playground, under its output folder.
BUNDLED_AT = "_static/asyncio-playground/"


def visit_html(self, node):
    base = node["base"]
    if base is None:  # the bundled copy, from this page
        base = relative_uri(self.builder.get_target_uri(self.builder.current_docname), BUNDLED_AT)
    embed = node["embed"]
    if node["ids"]:
        embed = embed._replace(html_id=node["ids"][0])
    self.body.append(embed.to_html(base) + "\n")
    raise nodes.SkipNode


def add_embed_js(app, pagename, templatename, context, doctree):
    """``embed.js``, once, on each page that has a playground (the bundled copy's: a path
    under ``_static/``, which Sphinx writes relative to each page)."""
    if app.builder.name in HTML_BUILDERS and doctree is not None and next(iter(doctree.findall(asyncio_playground_node)), None) is not None:
        base = (app.config.asyncio_playground_base_url or "").strip()
        app.add_js_file(ap.script_url(base) if base else ap.script_url(BUNDLED_AT[len("_static/"):]), defer="defer")


def point_run_my_code(app, exception):
    """The copy's Run my code fetches its Pyodide where ``asyncio_playground_pyodide_url`` says."""
    url = (app.config.asyncio_playground_pyodide_url or "").strip()
    copy = os.path.join(app.outdir, BUNDLED_AT)
    if exception is None and url and os.path.isfile(os.path.join(copy, "index.html")):
        try:
            ap.set_pyodide_url(copy, url)
        except ValueError as e:
            logger.warning(f"asyncio_playground_pyodide_url (conf.py): {e}", type="asyncio_playground")


def copy_the_bundle(app):
    """With no base URL set, an HTML build gets the playground the package carries: its folder
    joins ``html_static_path``, so that Sphinx copies it to ``_static/asyncio-playground/``."""
    if app.builder.name in HTML_BUILDERS and not (app.config.asyncio_playground_base_url or "").strip() and ap.bundled():
        app.config.html_static_path.append(os.path.dirname(ap.BUNDLE))


def setup(app):
    app.add_config_value("asyncio_playground_base_url", "", "html", [str])
    app.add_config_value("asyncio_playground_cli", None, "env", [str, type(None), bool])
    app.add_config_value("asyncio_playground_pyodide_url", "", "html", [str])
    app.add_config_value("asyncio_playground_defaults", {}, "env", [dict])
    app.add_node(asyncio_playground_node, html=(visit_html, None))
    app.add_directive("asyncio-playground", AsyncioPlaygroundDirective)
    app.add_post_transform(PlainLinkElsewhere)
    app.connect("html-page-context", add_embed_js)
    app.connect("builder-inited", copy_the_bundle)
    app.connect("build-finished", point_run_my_code)
    return {"version": ap.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
