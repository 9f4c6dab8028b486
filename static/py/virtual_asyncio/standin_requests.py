"""requests, as Run my code has it: a stand-in for requests' everyday API whose requests go
to the simulated API (``simapi.py``) on the virtual clock and never leave the page.
``import requests`` (and ``requests.exceptions``) find this module while a program runs
(``imports.py``). The reference's "aiohttp and requests" (docs/src/run-my-code-libraries.md) lists what is here and
how it maps to requests 2.x.

Like the real library it BLOCKS: called on the event loop's thread, ``requests.get(url)``
holds the whole loop for the request's latency (a ``blocked`` event, BLOCKED on the
timeline) — the guide's "blocking driver" mistake; inside ``asyncio.to_thread`` it occupies
a worker lane instead and the loop runs on. Kept from requests: ``status_code`` / ``ok`` /
``reason`` / ``headers`` / ``text`` / ``content`` / ``json()``, ``raise_for_status()``
raising ``HTTPError('404 Client Error: Not Found for url: …')``, a failed connection
raising ``ConnectionError``, ``timeout=`` raising ``ReadTimeout``, a URL without a scheme
``MissingSchema``."""

import datetime as _datetime
import json as _json

from virtual_asyncio import simapi

__version__ = "2.31.0-playground"   # the API it follows: requests 2.x

__all__ = ["get", "post", "put", "patch", "delete", "head", "options", "request", "Session", "Response",
           "RequestException", "HTTPError", "ConnectionError", "Timeout", "ConnectTimeout", "ReadTimeout",
           "MissingSchema", "InvalidURL", "JSONDecodeError", "exceptions", "codes"]


# --------------------------------------------------------------------------- exceptions

class RequestException(IOError):
    def __init__(self, *args, response=None, request=None, **kwargs):
        self.response = response
        self.request = request
        super().__init__(*args)


class HTTPError(RequestException):
    pass


class ConnectionError(RequestException):   # noqa: A001 (requests' own name)
    pass


class Timeout(RequestException):
    pass


class ConnectTimeout(ConnectionError, Timeout):
    pass


class ReadTimeout(Timeout):
    pass


class MissingSchema(RequestException, ValueError):
    pass


class InvalidURL(RequestException, ValueError):
    pass


class JSONDecodeError(RequestException, _json.JSONDecodeError):
    def __init__(self, *args, **kwargs):
        _json.JSONDecodeError.__init__(self, *args)
        RequestException.__init__(self, *self.args, **kwargs)


class _Codes(dict):
    __getattr__ = dict.get


codes = _Codes(ok=200, OK=200, created=201, no_content=204, not_found=404, server_error=500, too_many_requests=429)


# --------------------------------------------------------------------------- responses

class Response:
    def __init__(self, answer, seconds):
        self.status_code = answer.status
        self.reason = answer.reason
        self.url = answer.url
        self.headers = simapi.Headers(answer.headers)
        self.content = answer.body.encode("utf-8")
        self.encoding = "utf-8"
        self.elapsed = _datetime.timedelta(seconds=seconds)
        self.history = []

    @property
    def ok(self):
        return self.status_code < 400

    @property
    def text(self):
        return self.content.decode(self.encoding)

    def json(self, **kwargs):
        try:
            return _json.loads(self.text, **kwargs)
        except _json.JSONDecodeError as e:
            raise JSONDecodeError(e.msg, e.doc, e.pos) from None

    def raise_for_status(self):
        kind = "Client" if 400 <= self.status_code < 500 else "Server" if 500 <= self.status_code < 600 else None
        if kind:
            raise HTTPError(f"{self.status_code} {kind} Error: {self.reason} for url: {self.url}", response=self)

    def close(self):
        pass

    def __bool__(self):
        return self.ok

    def __repr__(self):
        return f"<Response [{self.status_code}]>"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _pool(answer):
    scheme = "HTTPS" if answer.port == 443 else "HTTP"
    return f"{scheme}ConnectionPool(host={answer.host!r}, port={answer.port})"


def _read_limit(timeout):
    if isinstance(timeout, tuple):
        timeout = timeout[1] if len(timeout) > 1 else timeout[0]
    return None if timeout is None else float(timeout)


def request(method, url, params=None, data=None, headers=None, cookies=None, files=None, auth=None, timeout=None,
            allow_redirects=True, proxies=None, hooks=None, stream=None, verify=None, cert=None, json=None):
    """One blocking request (see the module's docstring)."""
    text, valid = simapi.check_url(url)
    if not valid:
        if "://" not in text:
            raise MissingSchema(f"Invalid URL {text!r}: No scheme supplied. Perhaps you meant https://{text}?")
        raise InvalidURL(f"Invalid URL {text!r}: No host supplied")
    if params:
        from urllib.parse import urlencode
        text += ("&" if "?" in text else "?") + urlencode(params, doseq=True)
    method = str(method).upper()
    answer = simapi.Answer(method, text)
    limit = _read_limit(timeout)
    simapi.record_request(f"requests.{method.lower()}", text, limit, _sys._getframe(1))
    outcome = simapi.block(answer, f"requests.{method.lower()}({text!r})", limit)
    if outcome == "timeout":
        raise ReadTimeout(f"{_pool(answer)}: Read timed out. (read timeout={timeout})")
    if outcome == "failed":
        raise ConnectionError(f"{_pool(answer)}: Max retries exceeded with url: {answer.path} (Caused by "
                              "NewConnectionError('Failed to establish a new connection: simulated connection "
                              "failure (the playground\\'s fail rate)'))")
    return Response(answer, answer.latency)


def get(url, params=None, **kwargs):
    return request("get", url, params=params, **kwargs)


def options(url, **kwargs):
    return request("options", url, **kwargs)


def head(url, **kwargs):
    return request("head", url, **kwargs)


def post(url, data=None, json=None, **kwargs):
    return request("post", url, data=data, json=json, **kwargs)


def put(url, data=None, **kwargs):
    return request("put", url, data=data, **kwargs)


def patch(url, data=None, **kwargs):
    return request("patch", url, data=data, **kwargs)


def delete(url, **kwargs):
    return request("delete", url, **kwargs)


class Session:
    """requests.Session: the same calls, as methods; a context manager."""

    def __init__(self):
        self.headers = {}

    def request(self, method, url, **kwargs):
        return request(method, url, **kwargs)

    def get(self, url, **kwargs):
        return request("get", url, **kwargs)

    def post(self, url, data=None, json=None, **kwargs):
        return request("post", url, data=data, json=json, **kwargs)

    def put(self, url, data=None, **kwargs):
        return request("put", url, data=data, **kwargs)

    def patch(self, url, data=None, **kwargs):
        return request("patch", url, data=data, **kwargs)

    def delete(self, url, **kwargs):
        return request("delete", url, **kwargs)

    def head(self, url, **kwargs):
        return request("head", url, **kwargs)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def session():
    return Session()


for _obj in (RequestException, HTTPError, ConnectionError, Timeout, ConnectTimeout, ReadTimeout, MissingSchema,
             InvalidURL, JSONDecodeError, Response, Session, request, get, options, head, post, put, patch, delete,
             session):
    _obj.__module__ = "requests"
del _obj

import sys as _sys   # noqa: E402
exceptions = _sys.modules[__name__]   # requests.exceptions: the same names (imports.py)
__path__ = []   # a package, so that `from requests.exceptions import HTTPError` finds it
