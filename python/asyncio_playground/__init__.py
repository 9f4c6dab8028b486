"""Live asyncio playgrounds in Sphinx and MkDocs pages, checked at build time.

``asyncio_playground.sphinx`` is a Sphinx extension (the ``.. asyncio-playground::``
directive) and ``asyncio_playground.mkdocs`` a MkDocs plugin (the ``asyncio-playground``
fence). Both turn what the author wrote into the ``<asyncio-playground>`` element that the
playground's ``embed.js`` makes live, and both check every key and value first, with the
playground's own rules and messages:

* with the ``asyncio-playground`` command line (the ``embed`` command) when it is there —
  on the PATH, or named by ``$ASYNCIO_PLAYGROUND_CLI`` or the tool's ``cli`` setting;
* otherwise against ``schema.json``, which the playground's Rust code exports
  (``asyncio-playground schema``) and this package ships unchanged; the repository's tests
  keep the two equal and compare the messages of both ways. Without the command line, the
  checks that need several parameters at once (taskgroup's ``fail`` below ``tasks``,
  bounded-fetch's ``targets`` as URLs) are left to the page, which names them when it loads.

:func:`check` is what both tools call: the lines an author wrote in, an :class:`Embed` or a
list of :class:`Problem` (each with the index of its line) out.
"""
import html
import json
import os
import re
import shutil
import subprocess
import unicodedata
from typing import List, NamedTuple, Optional, Sequence, Tuple
from urllib.parse import quote

__version__ = "0.1.0"

ELEMENT = "asyncio-playground"
#: The text of the plain link inside every element (and what other builders show).
LINK_TEXT = "Open the asyncio playground: "

#: The playground itself, as the wheel carries it (a checkout of the repository has none until
#: ``scripts/package.sh`` stages one): a folder named ``asyncio-playground``, which the Sphinx
#: extension copies to ``_static/asyncio-playground/`` and the MkDocs plugin to
#: ``asyncio-playground/`` in the site, when no base URL is set.
BUNDLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_static", "asyncio-playground")


def bundled():
    """True when this install carries the playground (:data:`BUNDLE`)."""
    return os.path.isfile(os.path.join(BUNDLE, "static", "embed.js"))


def set_pyodide_url(copy, url):
    """Points Run my code of the bundled playground copied to ``copy`` at ``url`` for its
    Pyodide: one URL with ``{python}`` in it (``https://your.host/pyodide/{python}/``), or a path
    on the site's own host (``/pyodide/{python}/``); the files there must be those of the
    playground's build (each is checked against its digest)."""
    url = check_base(url.replace("{python}", "PYTHON"), "pyodide_url").replace("PYTHON", "{python}")
    page = os.path.join(copy, "index.html")
    with open(page, encoding="utf-8") as f:
        text = f.read()
    text, n = re.subn(r'<meta name="asyncio-playground-pyodide" content="[^"]*">',
                      lambda m: f'<meta name="asyncio-playground-pyodide" content="{_escape(url)}">', text, count=1)
    if n != 1:
        raise ValueError(f"{page} names no place for Pyodide")
    with open(page, "w", encoding="utf-8") as f:
        f.write(text)


def unbundled_message(setting):
    """Why a site cannot get its playgrounds: no base URL set (``setting``) and no bundle."""
    return (f"{setting} is not set, and this install of asyncio_playground carries no playground"
            " (the wheel does; a source checkout does not): install the wheel, or set it to where"
            " the playground bundle is served, e.g. \"https://your.host/asyncio-playground/\"")


_SCHEMA = None


def schema():
    """The playground's schema (``schema.json``, the output of ``asyncio-playground schema``)."""
    global _SCHEMA
    if _SCHEMA is None:
        with open(os.path.join(os.path.dirname(__file__), "schema.json"), encoding="utf-8") as f:
            _SCHEMA = json.load(f)
    return _SCHEMA


def doc_keys():
    """Every key a docs author may write: the page keys that are not set by ``embed.js``, every
    parameter of every scenario, and ``height`` — exactly what the schema lists."""
    s = schema()
    keys = [k["name"] for k in s["page_keys"] if k["name"] not in s["docs_set_by_embed"]]
    for scenario in s["scenarios"]:
        keys.extend(p["name"] for p in scenario["params"] if p["name"] not in keys)
    return keys + ["height"]


class Problem(NamedTuple):
    """A problem with the line at ``index`` of the lines given to :func:`check` (``None``: the
    block as a whole, e.g. no ``scenario``)."""
    index: Optional[int]
    message: str


class Embed(NamedTuple):
    """A checked playground: its scenario, the other keys as written, the initial height, and
    the element's own ``id`` and ``class`` (a docs tool's ``:name:`` and ``:class:``)."""
    scenario: str
    title: str
    params: Tuple[Tuple[str, str], ...]
    height: Optional[int]
    html_id: Optional[str] = None
    classes: Tuple[str, ...] = ()

    def query(self):
        return "&".join(f"{k}={quote(v, safe='-_.~,')}" for k, v in self.params)

    def full_url(self, base):
        q = self.query()
        return f"{with_slash(base)}index.html?scenario={self.scenario}" + (f"&{q}" if q else "")

    def to_html(self, base):
        """The ``<asyncio-playground>`` element, on one line, with a plain link to the full
        playground inside (what a reader without JavaScript sees). Every value is escaped for
        its attribute (a line break or another control character as a character reference, so
        the element stays one line); a name that is not a URL key's (``onload``, one with a
        quote or a space) and a base :func:`check_base` refuses are a ``ValueError``."""
        base = check_base(base, "base")
        attrs = [("scenario", self.scenario)] + list(self.params)
        if self.height is not None:
            attrs.append(("height", str(self.height)))
        for k, _ in attrs:
            if not _NAME.match(k) or k.startswith("on"):
                raise ValueError(f"{_echo(_shown(repr(k)))} is not a name the playground's element takes")
        own = ([("id", self.html_id)] if self.html_id else []) + ([("class", " ".join(self.classes))] if self.classes else [])
        for k, v in own:
            if not _TOKENS.match(v):
                raise ValueError(f"{k} must be words of letters, digits, - and _ (got {_echo(_shown(repr(v)))})")
        attr_text = "".join(f' {k}="{_escape(v)}"' for k, v in own + attrs)
        link = f'<a href="{_escape(self.full_url(base))}">{_escape(LINK_TEXT + self.title)}</a>'
        return f"<{ELEMENT}{attr_text}>{link}</{ELEMENT}>"


# The names of URL keys: the only attribute names the element is written with (besides its
# own id and class, whose values are words of _TOKENS).
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
_TOKENS = re.compile(r"[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*\Z")


def check_with_defaults(lines: Sequence[str], defaults, setting, cli=None):
    """:func:`check` of ``lines`` after the site-wide ``defaults`` (a mapping of URL keys)
    that they do not set themselves. A problem's ``index`` is still one of ``lines``; a
    problem with a default has none and is named as the ``setting`` the defaults came from
    (``asyncio_playground_defaults (conf.py): theme must be …``)."""
    given = {_trim(line).split("=", 1)[0].strip() for line in lines if "=" in line}
    extra = [f"{k}={v}" for k, v in (defaults or {}).items() if k not in given]
    embed, problems = check(extra + list(lines), cli)
    n = len(extra)
    return embed, [Problem(None, f"{setting}: {p.message}") if p.index is not None and p.index < n
                   else Problem(None if p.index is None else p.index - n, p.message) for p in problems]


def _escape(text):
    """``text`` for an attribute value or text: ``& < > " '`` and control characters (line
    breaks included) as references."""
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"&#{ord(m.group())};", html.escape(text, quote=True))


def with_slash(base):
    return base.rstrip("/") + "/"


def script_url(base):
    """Where ``embed.js`` is, for the bundle served at ``base``."""
    return with_slash(base) + "static/embed.js"


def check_base(base, setting):
    """``base`` if it is an http(s) URL or a path; else a message naming ``setting``. As the
    playground's own check (``docs::check_base``): any other scheme (``javascript:``,
    ``data:``…), whitespace, a control character, a quote or an angle bracket is refused, so
    no base puts script in a page's link or script tag."""
    base = (base or "").strip()
    if not base:
        raise ValueError(f"{setting} is not set: where the playground bundle is served, e.g. \"https://your.host/asyncio-playground/\"")
    scheme_ok = base.startswith(("https://", "http://")) or ":" not in base
    if not scheme_ok or re.search(r"[\s\"'<>\x00-\x1f\x7f-\x9f]", base):
        shown = "".join(c.encode("unicode_escape").decode() if unicodedata.category(c) == "Cc" else c for c in base[:100])
        raise ValueError(f"{setting} must be an http(s) URL or a path (got \"{shown}\")")
    return base


def find_cli(setting=None):
    """The ``asyncio-playground`` command to check with: ``setting`` (a path; ``False`` or
    ``"schema"``: never), else ``$ASYNCIO_PLAYGROUND_CLI``, else the one on the PATH; ``None``
    if there is none (then :func:`check` reads the schema)."""
    for candidate in (setting, os.environ.get("ASYNCIO_PLAYGROUND_CLI")):
        if candidate is False or candidate == "schema":
            return None
        if candidate:
            return candidate if os.path.sep in candidate else shutil.which(candidate)
    return shutil.which("asyncio-playground")


def _key_value(line):
    text = _trim(line)
    if not text or text.startswith("#") or "=" not in text:
        return None
    k, v = text.split("=", 1)
    return _trim(k), _trim(v)


def check(lines: Sequence[str], cli=None):
    """Checks ``key=value`` lines (blank lines and ``# comments`` allowed) as the playground
    reads a docs fence. Returns ``(embed, [])`` or ``(None, problems)``. ``cli`` is the
    command line to ask (see :func:`find_cli`); ``None`` reads the schema."""
    if cli:
        try:
            return _check_with_cli(list(lines), cli)
        except OSError:
            pass  # it cannot be run: the schema still can be read
    return _check_with_schema(list(lines))


def _embed_from(lines, title=None):
    pairs = [kv for kv in map(_key_value, lines) if kv]
    scenario = next(v for k, v in pairs if k == "scenario")
    height = next((int(_px(v)) for k, v in pairs if k == "height"), None)
    if title is None:
        title = next((s["title"] for s in schema()["scenarios"] if s["id"] == scenario), scenario)
    return Embed(scenario, title, tuple((k, v) for k, v in pairs if k not in ("scenario", "height")), height)


# ---- with the command line ---------------------------------------------------------------

def _check_with_cli(lines, cli):
    # The CLI reads its arguments as the lines of one fence; blank lines and comments are left
    # out (it counts arguments against the key cap), and a line is never taken for an option.
    # The CLI names a line by quoting it (its first 100 characters): a line repeated word for
    # word gets leading spaces, one more at each repeat, so that each is quoted differently.
    given = [(i, _trim(line)) for i, line in enumerate(lines) if _trim(line) and not _trim(line).startswith("#")]
    repeats, args = {}, []
    for i, t in given:
        n = repeats[t] = repeats.get(t, -1) + 1
        args.append((i, " " * n + (" " + t if t.startswith("--") else t)))
    run = subprocess.run([cli, "embed", "--base=https://playground.invalid/", *(a for _, a in args)],
                         capture_output=True, text=True, encoding="utf-8", errors="replace")
    if run.returncode == 0:
        m = re.search(re.escape(LINK_TEXT) + r"(.*?)</a>", run.stdout)
        return _embed_from(lines, html.unescape(m.group(1)) if m else None), []
    if run.returncode != 2:
        raise OSError(f"{cli} embed exited with {run.returncode}: {run.stderr.strip()}")
    prefixes = [(i, _echo(a[:100]) + ": ") for i, a in args]
    problems = []
    for out in run.stderr.split("\n"):
        if not out.strip():
            continue
        match = max((p for p in prefixes if out.startswith(p[1])), key=lambda p: len(p[1]), default=None)
        if match:
            problems.append(Problem(match[0], out[len(match[1]):]))
        elif len(args) > schema()["max_keys"]:  # the key cap, checked before any line: at the first key past it
            problems.append(Problem(args[schema()["max_keys"]][0], out))
        else:
            problems.append(Problem(None, out))
    return None, problems


# ---- with the schema ---------------------------------------------------------------------
# Each check below reads its ranges, words, characters and messages from schema.json.

def _ranges(name):
    return schema()["chars"][name]


def _in(c, ranges):
    n = ord(c)
    return any(lo <= n <= hi for lo, hi in ranges)


def _trim(s):
    ws = _ranges("whitespace")
    a, b = 0, len(s)
    while a < b and _in(s[a], ws):
        a += 1
    while b > a and _in(s[b - 1], ws):
        b -= 1
    return s[a:b]


def _echo(value):
    controls, rtl = _ranges("bidi_controls"), _ranges("rtl")
    if not any(_in(c, controls) or _in(c, rtl) for c in value):
        return value
    return "\u2068" + "".join("\ufffd" if _in(c, controls) else c for c in value) + "\u2069"


def _shown(s):
    return s[:schema()["shown_chars"]]


def _msg(name, **args):
    text = schema()["messages"][name]
    for k, v in args.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def _ascii_lower(s):
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in s)


_INT = re.compile(r"[+-]?[0-9]+\Z")
_UINT = re.compile(r"\+?[0-9]+\Z")


def _px(value):
    """A height's number: 700 or 700px, as CSS writes it."""
    return value[:-2] if value.endswith("px") else value
_FLOAT = re.compile(r"[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\Z", re.I)
_BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _int_in(s, lo, hi):
    return bool(_INT.match(s)) and lo <= int(s) <= hi


def _float_in(s, lo, hi):
    if not _FLOAT.match(s):
        return False
    v = float(s)
    return v == v and v not in (float("inf"), float("-inf")) and lo <= v <= hi


def _program_ok(s, max_len):
    if len(s.encode("utf-8")) > max_len or any(c not in _BASE64URL for c in s):
        return False
    if len(s) % 4 == 1:
        return False
    n, bits, out = 0, 0, bytearray()
    for c in s:
        n = n << 6 | _BASE64URL.index(c)
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append(n >> bits & 0xFF)
            n &= (1 << bits) - 1
    try:
        out.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _page_key_ok(key, raw):
    s, ty = _trim(raw), key["type"]
    if ty in ("scenario", "choice"):
        return s in key["options"]
    if ty == "flag":
        return _ascii_lower(s) in schema()["words"]["flag"]
    if ty == "number":
        return _float_in(s, *key["range"])
    if ty == "int":
        return _int_in(s, *key["range"])
    if ty == "lang":
        return _ascii_lower(re.split("[-_]", s)[0]) in key["options"]
    if ty == "text":
        return len(raw) <= key["max_len"]
    if ty == "program":
        return _program_ok(s, key["max_len"])
    raise ValueError(f"schema.json: page key type {ty!r} is not known to this package")


def _param_error(param, raw):
    s, kind, rng = _trim(raw), param["kind"], param["range"]
    if kind == "int":
        ok = _int_in(s, *rng)
    elif kind == "number":
        ok = _float_in(s, *rng)
    elif kind == "bool":
        ok = _ascii_lower(s) in schema()["words"]["bool"]
    elif kind == "choice":
        ok = s in rng
    elif kind == "int-list":
        items = [_trim(p) for p in s.split(",") if _trim(p)]
        ok = all(_int_in(p, *rng) for p in items) and len({int(p) for p in items}) == len(items)
    elif kind == "text":
        if len(raw) <= rng[1]:
            return None
        return _msg("param-error-long", param=param["name"], allowed=param["allowed"])
    else:
        raise ValueError(f"schema.json: parameter kind {kind!r} is not known to this package")
    return None if ok else _msg("param-error", param=param["name"], allowed=param["allowed"], got=_echo(_shown(raw)))


_TRUE_WORDS = ("1", "true", "yes", "on")


def _cross_problems(scenario, given):
    """The checks that read several parameters at once (the schema's ``cross`` of the
    scenario, in order; the first that fails is the one the playground names), once every
    parameter is valid on its own: ``[(key, message)]``."""
    specs = {p["name"]: p for p in scenario["params"]}

    def value(name):
        return _trim(given.get(name, specs[name]["default"]))

    for check in scenario.get("cross", []):
        kind, param = check["check"], check["param"]
        if kind == "needs-python":
            python = value("python")
            if _ascii_lower(value(param)) in _TRUE_WORDS and tuple(map(int, python.split("."))) < tuple(map(int, check["python"].split("."))):
                return [(param, check["message"].replace("{python}", python))]
        elif kind == "below":
            items = [int(_trim(p)) for p in value(param).split(",") if _trim(p)]
            bound = int(value(check["bound"]))
            if any(i >= bound for i in items):
                got = ",".join(str(i) for i in items)
                return [(param, check["message"].replace("{max}", str(bound - 1)).replace("{tasks}", str(bound)).replace("{got}", got))]
        elif kind == "http-urls":
            text = given.get(param, specs[param]["default"])
            bad = next((t for t in re.split(r"[ ,\n\t]", text) if t and not _http_url(t)), None)
            if bad is not None:
                return [(param, check["message"].replace("{got}", _echo(bad[:check["shown"]])))]
        else:
            raise ValueError(f"schema.json: cross check {kind!r} is not known to this package")
    return []


def _http_url(url):
    """An absolute http(s) URL with a host (the playground's ``is_http_url``)."""
    for scheme in ("https://", "http://"):
        if url.startswith(scheme):
            host = re.split(r"[/?#]", url[len(scheme):], maxsplit=1)[0]
            return bool(host) and not host.startswith(":") and all(c.isascii() and (c.isalnum() or c in "-.:[]_") for c in host)
    return False


def _check_with_schema(lines):
    s = schema()
    problems, pairs, first, height = [], [], {}, None
    keys = 0
    for i, line in enumerate(lines):
        text = _trim(line)
        if not text or text.startswith("#"):
            continue
        keys += 1
        if keys > s["max_keys"]:
            given = keys + sum(1 for rest in lines[i + 1:] if _trim(rest) and not _trim(rest).startswith("#"))
            return None, [Problem(i, _msg("keys-too-many", n=given, max=s["max_keys"]))]
        if "=" not in text:
            problems.append(Problem(i, _msg("expected-key-value", got=_echo(_shown(text)))))
            continue
        key, value = (_trim(t) for t in text.split("=", 1))
        if key in first or (key == "height" and height is not None):
            problems.append(Problem(i, _msg("param-twice", param=_echo(_shown(key)))))
        elif key == "height":
            lo, hi = s["height"]
            number = _px(value)
            if _UINT.match(number) and lo <= int(number) <= hi:
                height = int(number)
            else:
                problems.append(Problem(i, _msg("height", got=_echo(_shown(value)))))
        elif key in s["docs_set_by_embed"]:
            problems.append(Problem(i, _msg("set-by-embed", key=_shown(key))))
        else:
            first[key] = i
            pairs.append((key, value))

    def line_of(key):
        return first.get(key, first.get("scenario"))

    found = []  # (key, message), in the order the playground reports them
    page_keys = {k["name"]: k for k in s["page_keys"]}
    scenario = None
    raw_id = next((v for k, v in pairs if k == "scenario"), None)
    if raw_id is None:
        found.append(("scenario", _msg("param-missing", param="scenario", allowed=page_keys["scenario"]["allowed"])))
    elif not _page_key_ok(page_keys["scenario"], raw_id):
        found.append(("scenario", _msg("param-error", param="scenario", allowed=page_keys["scenario"]["allowed"], got=_echo(_shown(raw_id)))))
    else:
        scenario = next(sc for sc in s["scenarios"] if sc["id"] == _trim(raw_id))
    params = []
    for key, raw in pairs:
        if key == "scenario":
            continue
        if key in page_keys:
            if not _page_key_ok(page_keys[key], raw):
                found.append((key, _msg("param-error", param=key, allowed=page_keys[key]["allowed"], got=_echo(_shown(raw)))))
        else:
            params.append((key, raw))
    if scenario is not None:
        specs = {p["name"]: p for p in scenario["params"]}
        for key, raw in params:
            if key in specs:
                error = _param_error(specs[key], raw)
            else:
                known = ", ".join(specs) or "none"
                error = _msg("param-unknown", param=_echo(key), known=known)
            if error:
                found.append((key, error))
    if scenario is not None and not any(k in {p["name"] for p in scenario["params"]} or k not in page_keys for k, _ in found):
        found.extend(_cross_problems(scenario, dict(params)))
    problems.extend(Problem(line_of(k), m) for k, m in found)
    if problems:
        problems.sort(key=lambda p: -1 if p.index is None else p.index)
        return None, problems
    return _embed_from(lines), []
