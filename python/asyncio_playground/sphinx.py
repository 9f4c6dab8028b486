"""Sphinx extension: ``.. asyncio-playground:: SCENARIO`` with the playground's URL keys as
options.

In ``conf.py``::

    extensions = ["asyncio_playground.sphinx"]
    asyncio_playground_base_url = "https://your.host/asyncio-playground/"

In a page::

    .. asyncio-playground:: gather
       :tasks: 3
       :delay: 0.5
       :height: 700px

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
from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

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
            for i, text in enumerate(block[1:], 1):
                if text.strip().lower().startswith(f":{name}:"):
                    return line + i
            return line

        lines, where = [], []
        if self.arguments:
            lines.append("scenario=" + self.arguments[0])
            where.append(line)
        for name, value in self.options.items():
            lines.append(f"{name}=" + " ".join((value or "").split("\n")))
            where.append(line_of(name))
        try:
            base = ap.check_base(config.asyncio_playground_base_url, "asyncio_playground_base_url (conf.py)")
        except ValueError as e:
            logger.warning(str(e), location=f"{source}:{line}", type="asyncio_playground")
            return []
        embed, problems = ap.check(lines, ap.find_cli(config.asyncio_playground_cli))
        for p in problems:
            logger.warning(p.message, location=f"{source}:{line if p.index is None else where[p.index]}", type="asyncio_playground")
        if embed is None:
            return []
        url = embed.full_url(base)
        node = asyncio_playground_node(html=embed.to_html(base))
        para = nodes.paragraph()
        para += nodes.reference("", ap.LINK_TEXT + embed.title, refuri=url)
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


def visit_html(self, node):
    self.body.append(node["html"] + "\n")
    raise nodes.SkipNode


def add_embed_js(app, pagename, templatename, context, doctree):
    """``embed.js``, once, on each page that has a playground."""
    if app.builder.name in HTML_BUILDERS and doctree is not None and next(iter(doctree.findall(asyncio_playground_node)), None) is not None:
        base = app.config.asyncio_playground_base_url
        app.add_js_file(ap.script_url(base), defer="defer")


def setup(app):
    app.add_config_value("asyncio_playground_base_url", "", "html", [str])
    app.add_config_value("asyncio_playground_cli", None, "env", [str, type(None), bool])
    app.add_node(asyncio_playground_node, html=(visit_html, None))
    app.add_directive("asyncio-playground", AsyncioPlaygroundDirective)
    app.add_post_transform(PlainLinkElsewhere)
    app.connect("html-page-context", add_embed_js)
    return {"version": ap.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
