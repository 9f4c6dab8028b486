"""The simulated API that the aiohttp and requests stand-ins (``standin_aiohttp.py``,
``standin_requests.py``) talk to: no request ever leaves the process (the page's sandbox
has no network at all). Every request is answered on the virtual clock:

* after a latency — :data:`DEFAULTS` ``latency`` (0.5 s), plus or minus up to ``jitter``,
  drawn from a splitmix64 generator seeded with ``seed`` (the bounded-fetch scenario's
  generator, draw for draw: one draw for the latency, one for the failure);
* with status 200 and a small JSON body naming the request, or — with probability
  ``fail_rate`` — a connection failure (each stand-in raises its library's exception);
* a URL may say how it is answered, as the bounded-fetch scenario's do:
  ``?latency=0.3``, ``?status=404``, ``?fail=1`` override the draws for that request.

:func:`configure` sets the settings (the page's Run my code panel passes them to
``run_page``); :func:`begin` restarts the generator for each program. An awaited request
(aiohttp) suspends its task on a future marked ``_va_fetch`` (the run-result's
``suspend`` ``on: "fetch"`` with its ``url``: drawn as a request in flight); a blocking one
(requests) blocks the loop (a ``blocked`` event), or, inside ``asyncio.to_thread``, its
worker lane, for the latency."""

import json
import math
import sys
from http import HTTPStatus
from urllib.parse import parse_qs, urlsplit

DEFAULTS = {"latency": 0.5, "jitter": 0.0, "fail_rate": 0.0, "seed": 1}
LIMITS = {"latency": (0.0, 60.0), "jitter": (0.0, 10.0), "fail_rate": (0.0, 1.0), "seed": (0, 2**31)}


class SplitMix64:
    """The bounded-fetch scenario's seeded generator."""

    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed

    def next_float(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        z ^= z >> 31
        return (z >> 11) / 2**53


class _Api:
    def __init__(self):
        self.settings = dict(DEFAULTS)
        self.rng = SplitMix64(DEFAULTS["seed"])
        self.count = 0


API = _Api()


def _number(value, lo, hi, whole):
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(x):
        return None
    x = min(max(x, lo), hi)
    return int(x) if whole else x


def configure(settings=None):
    """Sets the simulated API's settings (`latency`, `jitter`, `fail_rate`, `seed`; any
    missing or unreadable one takes its default, each is clamped to its range) and returns
    them."""
    chosen = dict(DEFAULTS)
    for key, value in dict(settings or {}).items():
        if key in LIMITS:
            lo, hi = LIMITS[key]
            x = _number(value, lo, hi, key == "seed")
            if x is not None:
                chosen[key] = x
    API.settings = chosen
    begin()
    return dict(chosen)


def begin():
    """A program starts: the generator restarts from the seed."""
    API.rng = SplitMix64(API.settings["seed"])
    API.count = 0


def settings():
    return dict(API.settings)


class Answer:
    """How the simulated server answers one request."""

    __slots__ = ("method", "url", "host", "port", "path", "latency", "status", "fail", "body", "n")

    def __init__(self, method, url):
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        s = API.settings
        API.count += 1
        self.n = API.count
        drawn = s["latency"] + (2 * API.rng.next_float() - 1) * s["jitter"]
        self.latency = round(max(0.0, drawn), 3)
        self.fail = API.rng.next_float() < s["fail_rate"]
        self.status = 200
        if "latency" in query:
            x = _number(query["latency"][0], 0.0, 3600.0, False)
            if x is not None:
                self.latency = x
        if "status" in query:
            x = _number(query["status"][0], 100, 599, True)
            if x is not None:
                self.status = x
        if "fail" in query:
            self.fail = query["fail"][0] not in ("", "0", "false")
        self.method, self.url = method.upper(), url
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.path = parts.path or "/"
        self.body = json.dumps({"url": url, "method": self.method, "status": self.status, "request": self.n,
                                "simulated": True})

    @property
    def reason(self):
        try:
            return HTTPStatus(self.status).phrase
        except ValueError:
            return ""

    @property
    def headers(self):
        return {"Content-Type": "application/json; charset=utf-8", "Content-Length": str(len(self.body.encode())),
                "Server": "asyncio-playground (simulated)"}

    @property
    def label(self):
        """What the timeline shows of the request in flight."""
        return self.url if self.method == "GET" else f"{self.method} {self.url}"


def check_url(url):
    """The URL as text; a URL without a scheme and host is refused as the libraries do
    (the caller raises its library's exception)."""
    text = str(url)
    parts = urlsplit(text)
    return text, bool(parts.scheme in ("http", "https") and parts.hostname)


# --------------------------------------------------------------------------- on the loop

def _loop():
    """The running virtual loop of this thread (or, inside to_thread, the loop the worker
    lane belongs to), or None outside asyncio.run."""
    from .record import STATE
    loop = STATE.loop
    return loop if loop is not None and loop.owns_current_thread() else None


def record_request(what, url, limit, frame):
    """A request made by the running task on the loop's thread, or by a ``to_thread`` /
    ``run_in_executor`` job the task awaits (`what`: the call, `session.get`; `limit`: its
    own time limit in seconds, None if it was given none): a ``request`` event of that task,
    at the program's line that made it (a job's: the line that handed it over), saying
    whether it is under a deadline — an asyncio.timeout (or wait_for) of its task or of a
    task that created it, still open."""
    from .record import STATE
    loop = _loop()
    if loop is None:
        return
    task = STATE.current if getattr(loop, "_offload", None) is None else getattr(loop, "_offload_task", None)
    if task is None:
        return
    fields = {"what": what, "address": url}
    if limit is not None:
        fields["limit"] = float(limit)
    if _under_deadline(STATE, task):
        fields["guarded"] = True
    STATE.event("request", task=task, line=STATE.program_line(frame), **fields)


def _under_deadline(state, task):
    seen = set()
    while task is not None and id(task) not in seen:
        seen.add(id(task))
        if state.timeouts.get(task) or task in state.timed:
            return True
        task = getattr(task, "_va_parent", None)
    return False


def awaited(answer, timeout=None):
    """An awaitable request: a future the task suspends on until the answer's latency (or
    `timeout`, if shorter) has passed on the virtual clock. Its result is "ok", "failed" or
    "timeout"."""
    import asyncio
    loop = asyncio.get_running_loop()
    future = loop.create_future()
    future._va_fetch = answer.label
    late = timeout is not None and timeout < answer.latency
    outcome = "timeout" if late else ("failed" if answer.fail else "ok")
    timer = loop.call_later(timeout if late else answer.latency, _deliver, future, outcome)
    future.add_done_callback(lambda f: timer.cancel())
    return future


def _deliver(future, outcome):
    if not future.done():
        future.set_result(outcome)


def block(answer, what, timeout=None):
    """A blocking request: the loop's thread (or the worker lane it runs on) is held for
    the answer's latency (or `timeout`, if shorter). Returns "ok", "failed" or "timeout".
    Outside asyncio.run no time passes (nothing is recorded there)."""
    late = timeout is not None and timeout < answer.latency
    loop = _loop()
    if loop is not None:
        loop.block(timeout if late else answer.latency, what=what, frame=sys._getframe(1))
    return "timeout" if late else ("failed" if answer.fail else "ok")


class Headers(dict):
    """An answer's headers as both stand-ins hand them out: a mapping whose keys match
    whatever their case (aiohttp's CIMultiDictProxy, requests' CaseInsensitiveDict), the
    names kept as the answer wrote them."""

    def __init__(self, items):
        super().__init__((k.lower(), (k, v)) for k, v in items.items())

    def __getitem__(self, key):
        return super().__getitem__(key.lower())[1]

    def get(self, key, default=None):
        item = super().get(key.lower())
        return default if item is None else item[1]

    def __contains__(self, key):
        return super().__contains__(key.lower())

    def __iter__(self):
        return (k for k, _ in super().values())

    def items(self):
        return list(super().values())

    def keys(self):
        return [k for k, _ in super().values()]

    def values(self):
        return [v for _, v in super().values()]

    def __repr__(self):
        return repr(dict(self.items()))
