"""The asyncio_playground Python package (python/): its schema is the one the Rust code
exports, its own checks give the CLI's messages, and the real sphinx-build and mkdocs (from
.tools/docs-venv, where scripts/provision.sh installs the package) turn the example sites'
directives and fences into elements — or fail on a bad value, naming its file and line in the
CLI's words. No browser: test_docs.py drives the built sites."""
import filecmp
import html.parser
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import asyncio_playground as ap  # noqa: E402  (the source, not the installed copy)

DOCS_BIN = os.environ.get("DOCS_BIN") or os.path.join(ROOT, ".tools", "docs-venv", "bin")
TARGET = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
CLI = os.path.join(TARGET, "debug", "asyncio-playground")
BASE = "https://play.example/asyncio/"
# The checks that read several parameters at once (the schema's "cross": the CLI and the schema both make them).
CROSS = ("fail must be task indices", "targets must be http:// or https:// URLs", "eager needs Python")


def tool(name):
    path = os.path.join(DOCS_BIN, name)
    if not os.path.exists(path):
        raise RuntimeError(f"{path} is missing: run scripts/provision.sh")
    return path


def build_cli():
    subprocess.run(["cargo", "build", "-q", "--bin", "asyncio-playground"], cwd=ROOT, check=True)


def copy_example(name, into):
    dest = os.path.join(into, name)
    shutil.copytree(os.path.join(ROOT, "examples", name), dest)
    return dest


def line_of(path, text):
    with open(path, encoding="utf-8") as f:
        return next(i for i, line in enumerate(f, 1) if line.rstrip("\n") == text)


def edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert old in text, (path, old)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def corpus():
    """Fences of one key each (and some of several) over every key the schema lists: good
    values, edges, and bad ones of every shape."""
    s = ap.schema()
    odd = ["", " ", "abc", "0x10", "1_0", "+5", "-0", "1e3", "1E-2", ".5", "5.", ".", "inf", "-inf", "NaN",
           "infinity", "TRUE", "Yes", "off", "ON", "2,2", "1, 3", ",", "1,,2", "שלום", "\u202eevil", "a\u200fb",
           "ٴ", "x" * 100, "é" * 41, "3\u00a0", "\u30003", "\u20285"]
    fences = []
    for sc in s["scenarios"]:
        for p in sc["params"]:
            values = list(odd) + [p["default"]]
            if p["kind"] in ("int", "number", "int-list"):
                lo, hi = p["range"]
                values += [str(lo), str(hi), str(lo - 1), str(hi + 1), str(hi + 0.5), f"{lo},{hi}"]
            if p["kind"] == "choice":
                values += p["range"] + [p["range"][0].upper(), " " + p["range"][-1] + " "]
            if p["kind"] == "text":
                values += ["https://a.example/x", "y" * p["range"][1], "y" * (p["range"][1] + 1)]
            fences += [[f"scenario={sc['id']}", f"{p['name']}={v}"] for v in values]
    for k in s["page_keys"]:
        values = list(odd) + k.get("options", []) + ["hi-IN", "BN_bd", "en-", "0.01", "10", "10.01", "0.009",
                                                     "cHJpbnQoJ2hpJykK", "cHJp=bnQ", "cHJpb", "_-_-", "wA", "y" * 9000]
        fences += [["scenario=gather", f"{k['name']}={v}"] for v in values]
    fences += [
        [], ["# only a comment", ""], ["tasks=3"], ["scenario=nope", "tasks=0", "theme=blue"],
        ["scenario = gather ", "  tasks = 3", "", "# c", "delay=0.5"], ["scenario=gather", "tasks=3", "tasks=4"],
        ["scenario=gather", "height=5", "height=100", "height=+300", "height=5001", "height=x"],
        ["scenario=gather", "height=420"], ["scenario=gather", "height=700px"], ["scenario=gather", "height=700em"],
        ["scenario=gather", "height=px"], ["scenario=gather", "just words", "--flag", "=3", "speed=1", "שלום=1"],
        ["scenario=gather", "scenario=lock"], ["scenario=taskgroup", "tasks=2", "fail=1"],
        # Checks across parameters (the schema's "cross").
        ["scenario=taskgroup", "tasks=2", "fail=5"], ["scenario=taskgroup", "tasks=2", "fail=1,05,2"], ["scenario=taskgroup", "fail=4"],
        ["scenario=taskgroup", "tasks=1000", "fail=999"], ["scenario=taskgroup", "tasks=3", "fail="], ["scenario=taskgroup", "tasks=x", "fail=5"],
        ["scenario=taskgroup", "tasks=2", "fail=5", "theme=blue"], ["scenario=taskgroup", "tasks=2", "fail=5", "eager=yes", "python=3.11"],
        ["scenario=gather", "eager=true", "python=3.11"], ["scenario=gather", "eager=ON", "python=3.12"], ["scenario=gather", "eager=1"],
        ["scenario=gather", "python=3.11", "eager=0"], ["scenario=gather", "eager=true", "python=3.9"],
        ["scenario=bounded-fetch", "targets=https://a.example/x ftp://b.example/"], ["scenario=bounded-fetch", "targets=https://a.example,  http://b.example:8080/y"],
        ["scenario=bounded-fetch", "targets=https:// http://x"], ["scenario=bounded-fetch", "targets=https://:80/", "urls=3"],
        ["scenario=bounded-fetch", "targets=https://ok.example/ " + "z" * 80], ["scenario=bounded-fetch", "targets=שלום.example"],
        ["scenario=bounded-fetch", "targets=https://ä.example/"], ["scenario=bounded-fetch", "targets=http://a.example/‮evil"],
        ["scenario=gather"] + [f"k{i}=1" for i in range(1000)],
        ["scenario=gather"] + ["# c"] * 50 + ["tasks=1"] * 60 + ["# c"] + ["delay=2"] * 3,
    ]
    return fences


class PackageAgainstTheCli(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        build_cli()

    def test_the_shipped_schema_is_the_one_the_rust_code_exports(self):
        out = subprocess.run([CLI, "schema"], capture_output=True, text=True, check=True).stdout
        with open(os.path.join(ROOT, "python", "asyncio_playground", "schema.json"), encoding="utf-8") as f:
            shipped = json.load(f)
        self.assertEqual(shipped, json.loads(out),
                         "python/asyncio_playground/schema.json is stale: "
                         "cargo run --bin asyncio-playground -- schema > python/asyncio_playground/schema.json")
        # Every URL key is an option of the directive, and every parameter of every scenario.
        keys = ap.doc_keys()
        for k in shipped["page_keys"]:
            self.assertEqual(k["name"] in keys, k["name"] not in shipped["docs_set_by_embed"], k["name"])
        for sc in shipped["scenarios"]:
            for p in sc["params"]:
                self.assertIn(p["name"], keys)

    def test_the_schemas_checks_give_the_clis_messages(self):
        fences = corpus()
        differ, cross = [], 0
        for lines in fences:
            with_cli, with_schema = ap.check(lines, CLI), ap.check(lines, None)
            cross += any(p.message.startswith(CROSS) for p in with_cli[1])
            if with_cli != with_schema:
                differ.append((lines[:3], with_cli, with_schema))
        self.maxDiff = None
        self.assertEqual(differ[:5], [], f"{len(differ)} of {len(fences)} fences are checked differently")
        self.assertGreater(len(fences), 1500)
        self.assertGreater(cross, 20, "fences that fail a check across parameters")
        print(f"\n  {len(fences)} fences: the same result with the CLI and with the schema ({cross} fail a check across parameters)")

    def test_a_fence_checked_and_written(self):
        embed, problems = ap.check(["# c", "scenario=bounded-fetch", "urls=3", "targets=https://a.example/x?a=1&b=<2>",
                                    "height=420", "controls=0"], CLI)
        self.assertEqual(problems, [])
        self.assertEqual(embed.to_html("https://play.example/p"),
                         '<asyncio-playground scenario="bounded-fetch" urls="3" targets="https://a.example/x?a=1&amp;b=&lt;2&gt;" '
                         'controls="0" height="420"><a href="https://play.example/p/index.html?scenario=bounded-fetch&amp;urls=3&amp;'
                         'targets=https%3A%2F%2Fa.example%2Fx%3Fa%3D1%26b%3D%3C2%3E&amp;controls=0">Open the asyncio playground: '
                         + next(sc["title"] for sc in ap.schema()["scenarios"] if sc["id"] == "bounded-fetch") + '</a></asyncio-playground>')
        # The same link as the mdBook preprocessor's (the CLI's `embed`).
        out = subprocess.run([CLI, "embed", "--base=https://play.example/p", "scenario=bounded-fetch", "urls=3",
                              "targets=https://a.example/x?a=1&b=<2>", "controls=0"], capture_output=True, text=True, check=True).stdout
        href = re.search(r'<a href="([^"]+)">([^<]+)</a>', out)
        self.assertIn(f'<a href="{href.group(1)}">{href.group(2)}</a>', embed.to_html("https://play.example/p"))
        _, problems = ap.check(["scenario=gather", "", "tasks=0"], CLI)
        self.assertEqual(problems, [ap.Problem(2, 'tasks must be a whole number from 1 to 1000 (got "0")')])


# Values an author (or a contributed page) might write for the one free-text key, each a
# list of http(s) URLs to the CLI's check too: quotes, angle brackets, ampersands, references,
# </script>, the element's own closing tag, an event handler's name.
HOSTILE_TARGETS = [
    'https://a.example/x?q="><script>alert(1)</script>',
    "https://a.example/'onmouseover='alert(1)'",
    "https://a.example/</asyncio-playground><img/src=x/onerror=alert(1)>",
    "https://a.example/&quot;&#34;&amp;&lt;/script&gt;",
    'https://a.example/"/onload="alert(1)',
]


class Tags(html.parser.HTMLParser):
    """Every start tag of a page, with its attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def tags_of(text):
    p = Tags()
    p.feed(text)
    p.close()
    return p.tags


class HostileValues(unittest.TestCase):
    """What the package writes cannot leave its attribute or its element, whatever the value,
    and no base puts script in a link (reliability round three)."""

    @classmethod
    def setUpClass(cls):
        build_cli()

    def test_hostile_values_stay_inside_their_attribute_with_and_without_the_cli(self):
        for cli in (CLI, None):
            for value in HOSTILE_TARGETS:
                with self.subTest(cli=cli, value=value):
                    embed, problems = ap.check(["scenario=bounded-fetch", f"targets={value}", "urls=2"], cli)
                    self.assertEqual(problems, [])
                    out = embed.to_html(BASE)
                    self.assertNotIn("\n", out)
                    self.assertEqual([t for t, _ in tags_of(out)], ["asyncio-playground", "a"], out)
                    element, link = tags_of(out)[0][1], tags_of(out)[1][1]
                    self.assertEqual(element, {"scenario": "bounded-fetch", "targets": value, "urls": "2"})
                    self.assertEqual(list(link), ["href"])
                    self.assertTrue(link["href"].startswith(BASE + "index.html?scenario=bounded-fetch&targets=https%3A%2F%2Fa.example%2F"))

    def test_names_and_line_breaks_never_leave_the_element(self):
        # An Embed made by hand (the package's API): a name that is not a URL key's is refused,
        # a line break is a reference, so the element stays one line of HTML.
        for name in ["onload", "onclick", 'tasks"', "a b", "x=1", "/", "Tasks>"]:
            with self.subTest(name=name):
                with self.assertRaises(ValueError) as e:
                    ap.Embed("sleep", "t", ((name, "1"),), None).to_html(BASE)
                self.assertIn("is not a name the playground's element takes", str(e.exception))
        out = ap.Embed("bounded-fetch", "t", (("targets", "https://a.example/\n\n<b>x</b>\r\t\x0c"),), None).to_html(BASE)
        self.assertNotRegex(out, r"[\n\r\t\x0c]")
        self.assertEqual(tags_of(out)[0][1]["targets"], "https://a.example/\n\n<b>x</b>\r\t\x0c")

    def test_a_base_that_is_not_http_or_a_path_is_refused(self):
        for base in ["javascript:alert(1)//", " JavaScript:alert(1)//", "data:text/html,<script>alert(1)</script>", "vbscript:x",
                     "blob:https://a.example/1", "/play\x07ground/", "https://a.example/\tx", 'https://a.example/" onclick="x']:
            with self.subTest(base=base):
                with self.assertRaises(ValueError) as e:
                    ap.check_base(base, "base_url")
                self.assertIn("base_url must be an http(s) URL or a path (got ", str(e.exception))
                self.assertNotIn("\n", str(e.exception))
                embed, _ = ap.check(["scenario=sleep"], None)
                with self.assertRaises(ValueError):
                    embed.to_html(base)
        for base in ["https://play.example/p", "/playground/", "../play"]:
            self.assertEqual(ap.check_base(base, "base_url"), base)


class SitesBuiltWithTheRealTools(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        build_cli()
        cls.tmp = tempfile.mkdtemp(prefix="asyncio-playground-package-")
        cls.env = dict(os.environ, ASYNCIO_PLAYGROUND_BASE=BASE, ASYNCIO_PLAYGROUND_CLI=CLI, NO_MKDOCS_2_WARNING="1")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def run_tool(self, cmd, **env):
        return subprocess.run(cmd, env=dict(self.env, **env), capture_output=True, text=True)

    def sphinx(self, src, out, *args, **env):
        return self.run_tool([tool("sphinx-build"), "-q", "-W", "-E", *args, src, os.path.join(self.tmp, out)], **env)

    def mkdocs(self, src, out, **env):
        # Not -q: MkDocs counts only the warnings it prints.
        return self.run_tool([tool("mkdocs"), "build", "--strict", "-f", os.path.join(src, "mkdocs.yml"),
                              "-d", os.path.join(self.tmp, out)], **env)

    def read(self, *path):
        with open(os.path.join(self.tmp, *path), encoding="utf-8") as f:
            return f.read()

    def test_the_installed_package_is_this_repositorys(self):
        py = tool("python")
        where = subprocess.run([py, "-c", "import asyncio_playground, os; print(os.path.dirname(asyncio_playground.__file__))"],
                               capture_output=True, text=True, check=True).stdout.strip()
        src = os.path.join(ROOT, "python", "asyncio_playground")
        names = sorted(n for n in os.listdir(src) if n != "__pycache__")
        _, mismatch, errors = filecmp.cmpfiles(src, where, names, shallow=False)
        self.assertEqual(mismatch + errors, [], "the package in .tools/docs-venv is not python/'s: run scripts/provision.sh")
        # What an index would show of it: the crate's version and licence, the licence texts,
        # the frameworks it plugs into.
        meta = json.loads(subprocess.run([py, "-c", "import importlib.metadata as m, json; d = m.metadata('asyncio_playground');"
                                          " print(json.dumps({k: d.get_all(k) for k in ('Version', 'License-Expression', 'License-File', 'Classifier')}))"],
                                         capture_output=True, text=True, check=True).stdout)
        cargo = pathlib.Path(ROOT, "Cargo.toml").read_text(encoding="utf-8")
        self.assertEqual(meta["Version"], [re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)])
        self.assertEqual(meta["License-Expression"], [re.search(r'^license = "([^"]+)"', cargo, re.M).group(1)])
        self.assertEqual(sorted(meta["License-File"]), ["LICENSE-APACHE", "LICENSE-MIT"])
        self.assertTrue({"Framework :: Sphinx :: Extension", "Framework :: MkDocs"} <= set(meta["Classifier"]), meta["Classifier"])

    def test_sphinx_writes_elements_and_embed_js_once_per_page_that_has_one(self):
        r = self.sphinx(os.path.join(ROOT, "examples", "sphinx"), "sphinx")
        self.assertEqual(r.returncode, 0, r.stderr)
        index = self.read("sphinx", "index.html")
        self.assertIn('<asyncio-playground scenario="gather" tasks="3" delay="0.5"><a href="https://play.example/asyncio/index.html?'
                      'scenario=gather&amp;tasks=3&amp;delay=0.5">Open the asyncio playground: Coroutines vs tasks: '
                      'sequential awaits vs gather</a></asyncio-playground>', index)
        self.assertIn('<asyncio-playground scenario="lock" workers="20" use_lock="false" controls="0" height="420">', index)
        self.assertEqual(index.count(f'<script defer="defer" src="{BASE}static/embed.js"></script>'), 1, index)
        reading = self.read("sphinx", "reading.html")
        self.assertNotIn("static/embed.js", reading)
        self.assertNotIn("<asyncio-playground", reading)
        # Other builders get the plain link.
        r = self.sphinx(os.path.join(ROOT, "examples", "sphinx"), "latex", "-b", "latex")
        self.assertEqual(r.returncode, 0, r.stderr)
        tex = self.read("latex", "asyncioLive.tex") if os.path.exists(os.path.join(self.tmp, "latex", "asyncioLive.tex")) else \
            next(self.read("latex", n) for n in os.listdir(os.path.join(self.tmp, "latex")) if n.endswith(".tex"))
        self.assertIn(r"\sphinxhref{https://play.example/asyncio/index.html?scenario=gather\&tasks=3\&delay=0.5}", tex)
        self.assertIn("Open the asyncio playground: Coroutines vs tasks", tex)
        self.assertNotIn("static/embed.js", tex)
        r = self.sphinx(os.path.join(ROOT, "examples", "sphinx"), "text", "-b", "text")
        self.assertIn("Open the asyncio playground: Race conditions", self.read("text", "index.txt").replace("\n", " "))

    def test_a_bad_value_fails_sphinx_build_w_at_its_line_with_and_without_the_cli(self):
        for cli in (CLI, "schema"):
            with self.subTest(cli=cli):
                src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
                page = os.path.join(src, "index.rst")
                edit(page, "   :use_lock: false\n", "   :use_lock: maybe\n   :theme: blue\n   :speed: 3\n")
                edit(page, "   :tasks: 3\n", "   :tasks: 0\n")
                r = self.sphinx(src, "bad-sphinx", ASYNCIO_PLAYGROUND_CLI=cli)
                self.assertNotEqual(r.returncode, 0, "sphinx-build -W must fail")
                for text, message in [("   :tasks: 0", 'tasks must be a whole number from 1 to 1000 (got "0")'),
                                      ("   :use_lock: maybe", 'use_lock must be true or false (got "maybe")'),
                                      ("   :theme: blue", 'theme must be one of light, dark, auto (got "blue")'),
                                      ("   :speed: 3", 'unknown parameter "speed" (this scenario has: workers, hold, use_lock, python)')]:
                    self.assertIn(f"{page}:{line_of(page, text)}: WARNING: {message}", r.stderr)
                # The same words as the CLI's.
                cli_out = subprocess.run([CLI, "embed", "scenario=lock", "use_lock=maybe"], capture_output=True, text=True)
                self.assertIn('use_lock must be true or false (got "maybe")', cli_out.stderr)

        # Without the base URL, an install that carries no playground (this one: python/ as a
        # checkout has it) says what to do.
        src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
        edit(os.path.join(src, "conf.py"), 'asyncio_playground_base_url = os.environ.get("ASYNCIO_PLAYGROUND_BASE", "")',
             'asyncio_playground_base_url = ""')
        r = self.sphinx(src, "no-base")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("asyncio_playground_base_url (conf.py) is not set, and this install of asyncio_playground carries no playground", r.stderr)
        self.assertIn("install the wheel", r.stderr)

    def test_myst_pages_take_the_same_directive_and_name_their_lines(self):
        # A MyST page (myst-parser): the directive in a ```{asyncio-playground} fence, its
        # options as `:key: value` lines or a YAML block; a bad value fails at its own line.
        src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
        with open(os.path.join(src, "conf.py"), "a", encoding="utf-8") as f:
            f.write('\nextensions.append("myst_parser")\n')
        edit(os.path.join(src, "index.rst"), "   reading\n", "   reading\n   myst\n")
        page = os.path.join(src, "myst.md")
        with open(page, "w", encoding="utf-8") as f:
            f.write("# MyST\n\nTasks side by side:\n\n```{asyncio-playground} gather\n:tasks: 3\n:delay: 0.5\n```\n\n"
                    "A lock, its options in YAML:\n\n```{asyncio-playground} lock\n---\nworkers: 5\nuse_lock: false\n---\n```\n")
        r = self.sphinx(src, "myst")
        self.assertEqual(r.returncode, 0, r.stderr)
        html_ = self.read("myst", "myst.html")
        self.assertIn('<asyncio-playground scenario="gather" tasks="3" delay="0.5"><a href="https://play.example/asyncio/index.html?'
                      'scenario=gather&amp;tasks=3&amp;delay=0.5">', html_)
        self.assertIn('<asyncio-playground scenario="lock" workers="5" use_lock="false">', html_)
        self.assertEqual(html_.count(f'src="{BASE}static/embed.js"'), 1, "embed.js once on the page")
        # A bad value, in either form, fails sphinx-build -W at the line of its option.
        edit(page, ":tasks: 3\n", ":tasks: 0\n")
        edit(page, "use_lock: false\n", "use_lock: maybe\n")
        r = self.sphinx(src, "bad-myst")
        self.assertNotEqual(r.returncode, 0, "sphinx-build -W must fail")
        self.assertIn(f'{page}:{line_of(page, ":tasks: 0")}: WARNING: tasks must be a whole number from 1 to 1000 (got "0")', r.stderr)
        self.assertIn(f'{page}:{line_of(page, "use_lock: maybe")}: WARNING: use_lock must be true or false (got "maybe")', r.stderr)

    def test_class_name_and_site_wide_defaults(self):
        # Sphinx: :class: and :name: as on any directive (a :ref: reaches the playground), and
        # asyncio_playground_defaults under what each directive says.
        src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
        with open(os.path.join(src, "conf.py"), "a", encoding="utf-8") as f:
            f.write('\nasyncio_playground_defaults = {"theme": "light", "lang": "hi"}\n')
        edit(os.path.join(src, "index.rst"), ".. asyncio-playground:: gather\n",
             "See :ref:`the race <the-race>`.\n\n.. asyncio-playground:: gather\n   :class: wide shadowed\n   :name: the-race\n   :lang: bn\n")
        r = self.sphinx(src, "own-sphinx")
        self.assertEqual(r.returncode, 0, r.stderr)
        index = self.read("own-sphinx", "index.html")
        element = index[index.index('<asyncio-playground id="the-race"'):].split(">")[0]
        self.assertEqual(element, '<asyncio-playground id="the-race" class="wide shadowed" scenario="gather" theme="light" lang="bn" tasks="3" delay="0.5"',
                         "the element's id and classes, the default theme, and the directive's own lang over the default")
        self.assertIn('href="#the-race"', index, "the :ref: reaches the playground")
        self.assertEqual(index.count('lang="hi"'), 1, "the other playground takes the default lang")
        # A bad default is named as the defaults, at the directive.
        with open(os.path.join(src, "conf.py"), "a", encoding="utf-8") as f:
            f.write('\nasyncio_playground_defaults = {"theme": "blue"}\n')
        r = self.sphinx(src, "bad-default-sphinx")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn('WARNING: asyncio_playground_defaults (conf.py): theme must be one of light, dark, auto (got "blue")', r.stderr)
        # MkDocs: the plugin's defaults.
        src = copy_example("mkdocs", tempfile.mkdtemp(dir=self.tmp))
        edit(os.path.join(src, "mkdocs.yml"), "      base_url: !ENV", "      defaults: {theme: dark, clock: virtual}\n      base_url: !ENV")
        r = self.mkdocs(src, "defaults-mkdocs")
        self.assertEqual(r.returncode, 0, r.stderr)
        index = self.read("defaults-mkdocs", "index.html")
        self.assertEqual(len(re.findall(r'<asyncio-playground scenario="[a-z-]+" theme="dark" clock="virtual"', index)), 2, "both playgrounds take the defaults")
        edit(os.path.join(src, "mkdocs.yml"), "{theme: dark, clock: virtual}", "{clock: sundial}")
        r = self.mkdocs(src, "bad-default-mkdocs")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn('plugins: asyncio-playground: defaults: clock must be one of virtual, real (got "sundial")', r.stderr)

    def test_mkdocs_writes_elements_and_embed_js_once_per_page_that_has_one(self):
        r = self.mkdocs(os.path.join(ROOT, "examples", "mkdocs"), "mkdocs")
        self.assertEqual(r.returncode, 0, r.stderr)
        index = self.read("mkdocs", "index.html")
        self.assertIn('<asyncio-playground scenario="gather" tasks="3" delay="0.5"><a href="https://play.example/asyncio/index.html?'
                      'scenario=gather&amp;tasks=3&amp;delay=0.5">', index)
        self.assertIn('<asyncio-playground scenario="lock" workers="20" use_lock="false" controls="0" height="420">', index)
        self.assertNotIn("<p><asyncio-playground", index, "a block of its own, not inside a paragraph")
        self.assertEqual(index.count(f'<script src="{BASE}static/embed.js" defer></script>'), 1)
        self.assertNotIn("language-asyncio-playground", index)
        # A fence inside another block is text, and a page without a playground has no script.
        reading = self.read("mkdocs", "reading", "index.html")
        self.assertNotIn("<asyncio-playground", reading)
        self.assertIn("scenario=gather", reading)
        self.assertNotIn("static/embed.js", reading)

    def test_a_bad_value_fails_mkdocs_build_strict_at_its_line_with_and_without_the_cli(self):
        for cli in (CLI, "schema"):
            with self.subTest(cli=cli):
                src = copy_example("mkdocs", tempfile.mkdtemp(dir=self.tmp))
                page = os.path.join(src, "docs", "index.md")
                with open(page, encoding="utf-8") as f:
                    text = f.read()
                with open(page, "w", encoding="utf-8") as f:  # front matter: lines MkDocs takes off the page
                    f.write("---\ntitle: asyncio, live\n---\n" + text.replace("use_lock=false", "use_lock=maybe\ntheme=blue"))
                r = self.mkdocs(src, "bad-mkdocs", ASYNCIO_PLAYGROUND_CLI=cli)
                self.assertNotEqual(r.returncode, 0, "mkdocs build --strict must fail")
                self.assertIn(f'docs/index.md, line {line_of(page, "use_lock=maybe")}: use_lock must be true or false (got "maybe")', r.stderr)
                self.assertIn(f'docs/index.md, line {line_of(page, "theme=blue")}: theme must be one of light, dark, auto (got "blue")', r.stderr)
                self.assertIn("Aborted with 2 warnings in strict mode", r.stdout + r.stderr)

    def test_hostile_values_and_bases_in_real_builds_run_no_script(self):
        """Sphinx and MkDocs, each given every hostile value: each page has its elements with the
        values as written and nothing else of them; a javascript: base fails the build."""
        for cli in (CLI, "schema"):
            with self.subTest(tool="sphinx", cli=cli):
                src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
                page = os.path.join(src, "index.rst")
                with open(page, "a", encoding="utf-8") as f:
                    for value in HOSTILE_TARGETS:
                        f.write(f"\n.. asyncio-playground:: bounded-fetch\n   :targets: {value}\n   :urls: 2\n")
                r = self.sphinx(src, "hostile-sphinx-" + os.path.basename(cli), ASYNCIO_PLAYGROUND_CLI=cli)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.check_page(self.read("hostile-sphinx-" + os.path.basename(cli), "index.html"))
            with self.subTest(tool="mkdocs", cli=cli):
                src = copy_example("mkdocs", tempfile.mkdtemp(dir=self.tmp))
                page = os.path.join(src, "docs", "index.md")
                with open(page, "a", encoding="utf-8") as f:
                    for value in HOSTILE_TARGETS:
                        f.write(f"\n```asyncio-playground\nscenario=bounded-fetch\ntargets={value}\nurls=2\n```\n")
                r = self.mkdocs(src, "hostile-mkdocs-" + os.path.basename(cli), ASYNCIO_PLAYGROUND_CLI=cli)
                self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
                self.check_page(self.read("hostile-mkdocs-" + os.path.basename(cli), "index.html"))
        # A javascript: base fails either build, naming the setting.
        src = copy_example("sphinx", tempfile.mkdtemp(dir=self.tmp))
        r = self.sphinx(src, "js-base-sphinx", ASYNCIO_PLAYGROUND_BASE="javascript:alert(1)//")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn('asyncio_playground_base_url (conf.py) must be an http(s) URL or a path (got "javascript:alert(1)//")', r.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.tmp, "js-base-sphinx", "index.html"))
                         and "javascript:" in self.read("js-base-sphinx", "index.html"))
        src = copy_example("mkdocs", tempfile.mkdtemp(dir=self.tmp))
        r = self.mkdocs(src, "js-base-mkdocs", ASYNCIO_PLAYGROUND_BASE="javascript:alert(1)//")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("must be an http(s) URL or a path", r.stdout + r.stderr)

    def check_page(self, page):
        tags = tags_of(page)
        elements = [a for t, a in tags if t == "asyncio-playground" and a.get("scenario") == "bounded-fetch" and a.get("urls") == "2"]
        self.assertEqual(sorted(a["targets"] for a in elements), sorted(HOSTILE_TARGETS))
        for tag, attrs in tags:
            self.assertFalse(any(k.startswith("on") for k in attrs), (tag, attrs))
            for k in ("href", "src"):
                self.assertFalse((attrs.get(k) or "").strip().lower().startswith(("javascript:", "data:", "vbscript:")), (tag, attrs))
        self.assertNotIn("<img", page)
        self.assertNotIn("alert(1)</script>", page)


if __name__ == "__main__":
    unittest.main()
