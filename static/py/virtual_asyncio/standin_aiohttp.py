"""aiohttp, as Run my code has it: a stand-in for the part of aiohttp's client API that
asyncio tutorials use, whose requests go to the simulated API (``simapi.py``) on the
virtual clock and never leave the page. ``import aiohttp`` finds this module while a
program runs (``imports.py``). The reference's "aiohttp and requests" (docs/src/run-my-code-libraries.md) lists what
is here and how it maps to aiohttp 3.x.

Behaviour kept from aiohttp: a session and a response are async context managers
(``async with session.get(url) as resp``; ``await session.get(url)`` works too), a
response's ``status`` / ``ok`` / ``reason`` / ``headers``, ``await text()`` / ``json()`` /
``read()``, ``raise_for_status()`` raising ``ClientResponseError`` whose ``str`` is
aiohttp's (``404, message='Not Found', url='…'``), a connection failure raising
``ClientConnectorError`` (``Cannot connect to host H:P ssl:default [...]``), the total
timeout raising a bare ``TimeoutError`` (``sock_read``: ``SocketTimeoutError``), a URL
without a host raising ``InvalidUrlClientError``, a closed session ``RuntimeError('Session
is closed')``."""

import asyncio
import sys
import json as _json

from virtual_asyncio import simapi

__version__ = "3.9.5-playground"   # the API it follows: aiohttp 3.9 (and later 3.x)

__all__ = ["ClientSession", "ClientResponse", "ClientTimeout", "ClientError", "ClientResponseError",
           "ClientConnectionError", "ClientOSError", "ClientConnectorError", "ServerConnectionError",
           "ServerTimeoutError", "ConnectionTimeoutError", "SocketTimeoutError", "ContentTypeError",
           "InvalidURL", "InvalidUrlClientError", "TCPConnector", "request"]


# --------------------------------------------------------------------------- exceptions

class ClientError(Exception):
    """Base class for client connection errors."""


class ClientResponseError(ClientError):
    def __init__(self, request_info, history, *, status=None, message="", headers=None):
        self.request_info = request_info
        self.status = status if status is not None else 0
        self.message = message
        self.headers = headers
        self.history = history
        self.args = (request_info, history)

    def __str__(self):
        return f"{self.status}, message={self.message!r}, url={str(self.request_info.real_url)!r}"

    def __repr__(self):
        return f"{type(self).__name__}({self.request_info!r}, {self.history!r}, status={self.status!r}, message={self.message!r})"


class ContentTypeError(ClientResponseError):
    pass


class ClientConnectionError(ClientError):
    pass


class ClientOSError(ClientConnectionError, OSError):
    pass


class ClientConnectorError(ClientOSError):
    def __init__(self, host, port, strerror):
        super().__init__(111, strerror)
        self.host, self.port = host, port
        self.args = (f"{host}:{port}", strerror)

    def __str__(self):
        return f"Cannot connect to host {self.host}:{self.port} ssl:default [{self.strerror}]"

    __reduce__ = BaseException.__reduce__


class ServerConnectionError(ClientConnectionError):
    pass


class ServerTimeoutError(ServerConnectionError, asyncio.TimeoutError):
    pass


class ConnectionTimeoutError(ServerTimeoutError):
    pass


class SocketTimeoutError(ServerTimeoutError):
    pass


class InvalidURL(ClientError, ValueError):
    def __init__(self, url, description=None):
        self.url, self.description = url, description
        super().__init__(*((url, description) if description else (url,)))

    def __str__(self):
        return f"{self.url} - {self.description}" if self.description else str(self.url)

    def __repr__(self):
        return f"<{type(self).__name__} {self}>"


class InvalidUrlClientError(InvalidURL):
    pass


# --------------------------------------------------------------------------- settings

class ClientTimeout:
    """aiohttp.ClientTimeout(total=None, connect=None, sock_read=None, sock_connect=None):
    here `total` bounds the whole request (TimeoutError), `sock_read` the wait for the
    answer (SocketTimeoutError), `connect` / `sock_connect` a failing connection
    (ConnectionTimeoutError)."""

    __slots__ = ("total", "connect", "sock_read", "sock_connect", "ceil_threshold")

    def __init__(self, total=None, connect=None, sock_read=None, sock_connect=None, ceil_threshold=5):
        self.total, self.connect, self.sock_read = total, connect, sock_read
        self.sock_connect, self.ceil_threshold = sock_connect, ceil_threshold

    def __repr__(self):
        return (f"ClientTimeout(total={self.total!r}, connect={self.connect!r}, sock_read={self.sock_read!r}, "
                f"sock_connect={self.sock_connect!r}, ceil_threshold={self.ceil_threshold!r})")

    def __eq__(self, other):
        return isinstance(other, ClientTimeout) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)


DEFAULT_TIMEOUT = ClientTimeout(total=5 * 60, sock_connect=30)


class TCPConnector:
    """Accepted (limit=, limit_per_host=, ssl=, ...) and otherwise ignored: the simulated
    API has no connection pool. Bound concurrency with asyncio.Semaphore."""

    def __init__(self, *args, limit=100, limit_per_host=0, **kwargs):
        self.limit, self.limit_per_host = limit, limit_per_host
        self.closed = False

    async def close(self):
        self.closed = True


class RequestInfo:
    __slots__ = ("url", "method", "headers", "real_url")

    def __init__(self, url, method, headers):
        self.url = self.real_url = url
        self.method, self.headers = method, headers

    def __repr__(self):
        return f"RequestInfo(url={self.url!r}, method={self.method!r}, headers={self.headers!r}, real_url={self.real_url!r})"


class _Headers(simapi.Headers):
    """Response headers (aiohttp's CIMultiDictProxy): keys match whatever their case."""

    def __repr__(self):
        return f"<CIMultiDictProxy({', '.join(f'{k!r}: {v!r}' for k, v in self.items())})>"


# --------------------------------------------------------------------------- responses

class ClientResponse:
    """The answer to one request (its body is already there: the simulated server sends
    it with the headers)."""

    def __init__(self, answer, method):
        self.method = method
        self.url = self.real_url = answer.url
        self.status = answer.status
        self.reason = answer.reason
        self.headers = _Headers(answer.headers)
        self.content_type = "application/json"
        self.charset = "utf-8"
        self.history = ()
        self.request_info = RequestInfo(answer.url, method, {})
        self._body = answer.body.encode("utf-8")
        self.closed = False

    @property
    def ok(self):
        return self.status < 400

    def __repr__(self):
        return f"<ClientResponse({self.url}) [{self.status} {self.reason}]>\n{self.headers!r}\n"

    async def read(self):
        return self._body

    async def text(self, encoding=None, errors="strict"):
        return self._body.decode(encoding or self.charset, errors)

    async def json(self, *, encoding=None, loads=_json.loads, content_type="application/json"):
        if content_type and content_type not in self.content_type:
            raise ContentTypeError(self.request_info, self.history, status=self.status,
                                   message=f"Attempt to decode JSON with unexpected mimetype: {self.content_type}",
                                   headers=self.headers)
        return loads(self._body.decode(encoding or self.charset))

    def raise_for_status(self):
        if not self.ok:
            raise ClientResponseError(self.request_info, self.history, status=self.status, message=self.reason,
                                      headers=self.headers)

    def release(self):
        self.closed = True

    def close(self):
        self.closed = True

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class _RequestContextManager:
    """What session.get() returns: awaitable, or an async context manager."""

    __slots__ = ("_coro", "_resp")

    def __init__(self, coro):
        self._coro = coro
        self._resp = None

    def __await__(self):
        return self._coro.__await__()

    def send(self, value):
        return self._coro.send(value)

    def close(self):
        self._coro.close()

    async def __aenter__(self):
        self._resp = await self._coro
        return self._resp

    async def __aexit__(self, exc_type, exc, tb):
        if self._resp is not None:
            self._resp.release()


def _seconds(value):
    return None if value is None or value <= 0 else float(value)


async def _request(method, url, timeout, raise_for_status):
    text, valid = simapi.check_url(url)
    if not valid:
        raise InvalidUrlClientError(text)
    method = method.upper()
    answer = simapi.Answer(method, text)
    limits = [(t, kind) for t, kind in (
        (_seconds(timeout.total), "total"),
        (_seconds(timeout.sock_read), "read"),
        (_seconds(timeout.connect or timeout.sock_connect) if answer.fail else None, "connect"),
    ) if t is not None]
    limit, kind = min(limits) if limits else (None, None)
    own = [t for t, k in limits if k != "connect"] if timeout is not DEFAULT_TIMEOUT else []
    simapi.record_request(f"session.{method.lower()}", text, min(own) if own else None, sys._getframe(1))
    outcome = await simapi.awaited(answer, limit)
    if outcome == "timeout":
        if kind == "total":
            raise asyncio.TimeoutError()
        if kind == "read":
            raise SocketTimeoutError("Timeout on reading data from socket")
        raise ConnectionTimeoutError(f"Connection timeout to host {text}")
    if outcome == "failed":
        raise ClientConnectorError(answer.host, answer.port, "simulated connection failure (the playground's fail rate)")
    resp = ClientResponse(answer, method)
    if raise_for_status:
        resp.raise_for_status()
    return resp


class ClientSession:
    """aiohttp.ClientSession: async with it (or close() it), then get / post / put /
    patch / delete / head / options / request(method, url, ...)."""

    def __init__(self, base_url=None, *, connector=None, timeout=None, raise_for_status=False, headers=None, **kwargs):
        self._base_url = base_url
        self.connector = connector or TCPConnector()
        self.timeout = timeout if isinstance(timeout, ClientTimeout) else DEFAULT_TIMEOUT
        self._raise_for_status = raise_for_status
        self.headers = dict(headers or {})
        self._closed = False

    @property
    def closed(self):
        return self._closed

    def request(self, method, url, *, timeout=None, raise_for_status=None, **kwargs):
        if self._closed:
            raise RuntimeError("Session is closed")
        if self._base_url is not None:
            url = str(self._base_url).rstrip("/") + "/" + str(url).lstrip("/")
        if isinstance(timeout, (int, float)):
            timeout = ClientTimeout(total=timeout)
        chosen = timeout if isinstance(timeout, ClientTimeout) else self.timeout
        check = self._raise_for_status if raise_for_status is None else raise_for_status
        return _RequestContextManager(_request(method, url, chosen, check))

    def get(self, url, **kwargs):
        return self.request("GET", url, **kwargs)

    def post(self, url, **kwargs):
        return self.request("POST", url, **kwargs)

    def put(self, url, **kwargs):
        return self.request("PUT", url, **kwargs)

    def patch(self, url, **kwargs):
        return self.request("PATCH", url, **kwargs)

    def delete(self, url, **kwargs):
        return self.request("DELETE", url, **kwargs)

    def head(self, url, **kwargs):
        return self.request("HEAD", url, **kwargs)

    def options(self, url, **kwargs):
        return self.request("OPTIONS", url, **kwargs)

    async def close(self):
        self._closed = True

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc, tb):
        await self.close()

    def __repr__(self):
        return "<aiohttp.client.ClientSession (simulated)>"


class _SessionRequest:
    """aiohttp.request(method, url): a one-off session around one request."""

    def __init__(self, method, url, kwargs):
        self._session = ClientSession()
        self._cm = self._session.request(method, url, **kwargs)

    async def __aenter__(self):
        try:
            return await self._cm.__aenter__()
        except BaseException:
            await self._session.close()
            raise

    async def __aexit__(self, *exc):
        await self._cm.__aexit__(*exc)
        await self._session.close()


def request(method, url, **kwargs):
    return _SessionRequest(method, url, kwargs)


for _cls in (ClientError, ClientResponseError, ContentTypeError, ClientConnectionError, ClientOSError,
             ClientConnectorError, ServerConnectionError, ServerTimeoutError, ConnectionTimeoutError,
             SocketTimeoutError, InvalidURL, InvalidUrlClientError, ClientTimeout, TCPConnector,
             ClientResponse, ClientSession, RequestInfo):
    _cls.__module__ = "aiohttp"
del _cls
