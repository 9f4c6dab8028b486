"""Every clock a program reads follows the virtual loop.

While a recorded program runs, ``time.time()``, ``time.time_ns()``, ``time.monotonic()``
(``_ns``), ``time.perf_counter()`` (``_ns``), ``time.localtime()`` / ``gmtime()`` /
``ctime()`` / ``asctime()`` / ``strftime()`` without a time, ``datetime.datetime.now()`` /
``today()`` / ``utcnow()`` and ``datetime.date.today()`` read one virtual clock:

* ``perf_counter`` and ``monotonic`` are the virtual time since the program started: in
  its first ``asyncio.run`` exactly the loop's time (``loop.time()``); a later run goes on
  where the earlier ones ended (as the page's timeline does), and between runs they stand
  at the end of the last one;
* the wall clocks (``time.time()``, ``datetime.now()``) are :data:`EPOCH` —
  2026-01-01 00:00:00 UTC — plus that same virtual time;
* local time is UTC (``datetime.now()`` is naive UTC, ``localtime`` is ``gmtime``), so
  a run prints the same in every browser and on every machine.

``time.sleep`` is the one in ``patches.py`` (it blocks the loop); ``time.process_time`` and
``thread_time`` (CPU time) stay real. Outside ``asyncio.run`` nothing moves the virtual
clock (``time.sleep`` there really sleeps, as before)."""

import datetime as _dt
import sys
import time
import warnings

from .record import STATE

EPOCH = 1767225600          # 2026-01-01T00:00:00Z, the virtual wall clock's start
EPOCH_NS = EPOCH * 1_000_000_000

_REAL = {name: getattr(time, name) for name in ("gmtime", "strftime", "asctime")}
_REAL_DATETIME = _dt.datetime
_REAL_DATE = _dt.date


def now():
    """Virtual seconds since the program started: earlier runs' loop time, plus this run's
    (with what an inline to_thread function has slept so far)."""
    base = 0.0
    for run in STATE.runs:
        if run is not STATE.run:
            base += run["elapsed"]
    loop = STATE.loop
    if STATE.run is not None and loop is not None and loop.owns_current_thread():
        return base + loop.virtual_now() if base else loop.virtual_now()
    return base


def _time():
    return EPOCH + now()


def _time_ns():
    return EPOCH_NS + round(now() * 1e9)


def _counter_ns():
    return round(now() * 1e9)


def _gmtime(secs=None):
    return _REAL["gmtime"](_time() if secs is None else secs)


def _ctime(secs=None):
    return _REAL["asctime"](_gmtime(secs))


def _asctime(t=None):
    return _REAL["asctime"](_gmtime() if t is None else t)


def _strftime(format, t=None):
    return _REAL["strftime"](format, _gmtime() if t is None else t)


def _mktime(t):
    import calendar
    return float(calendar.timegm(tuple(t)[:6]))


def _named(fn, name):
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "time"
    return fn


# --------------------------------------------------------------------------- datetime

class _RealInstances(type):
    """isinstance / issubclass against the real datetime classes, so that values made
    before the program started (or by C code) still count."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, cls._va_real)

    def __subclasscheck__(cls, sub):
        return issubclass(sub, cls._va_real)


def _utc_naive(secs):
    return _REAL_DATETIME(1970, 1, 1) + _dt.timedelta(seconds=secs)


class date(_REAL_DATE, metaclass=_RealInstances):
    _va_real = _REAL_DATE

    @classmethod
    def today(cls):
        d = _utc_naive(_time())
        return cls(d.year, d.month, d.day)

    @classmethod
    def fromtimestamp(cls, t):
        d = _utc_naive(t)
        return cls(d.year, d.month, d.day)


class datetime(_REAL_DATETIME, metaclass=_RealInstances):
    _va_real = _REAL_DATETIME

    @classmethod
    def fromtimestamp(cls, t, tz=None):
        d = _utc_naive(t)
        if tz is None:
            return cls.combine(d.date(), d.time())
        return tz.fromutc(cls.combine(d.date(), d.time(), tzinfo=tz))

    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(_time(), tz)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(_time())

    @classmethod
    def utcnow(cls):
        if sys.version_info >= (3, 12):
            warnings.warn("datetime.datetime.utcnow() is deprecated and scheduled for removal in a future version. "
                          "Use timezone-aware objects to represent datetimes in UTC: datetime.datetime.now(datetime.UTC).",
                          DeprecationWarning, stacklevel=2)
        return cls.fromtimestamp(_time())

    @classmethod
    def utcfromtimestamp(cls, t):
        if sys.version_info >= (3, 12):
            warnings.warn("datetime.datetime.utcfromtimestamp() is deprecated and scheduled for removal in a future "
                          "version. Use timezone-aware objects to represent datetimes in UTC: "
                          "datetime.datetime.fromtimestamp(timestamp, datetime.UTC).",
                          DeprecationWarning, stacklevel=2)
        return cls.fromtimestamp(t)


date.__module__ = datetime.__module__ = "datetime"


def install(patches):
    """Puts the virtual clocks in place (undone with the other patches)."""
    patches.set(time, "perf_counter", _named(lambda: now(), "perf_counter"))
    patches.set(time, "monotonic", _named(lambda: now(), "monotonic"))
    patches.set(time, "perf_counter_ns", _named(_counter_ns, "perf_counter_ns"))
    patches.set(time, "monotonic_ns", _named(lambda: _counter_ns(), "monotonic_ns"))
    patches.set(time, "time", _named(_time, "time"))
    patches.set(time, "time_ns", _named(_time_ns, "time_ns"))
    patches.set(time, "gmtime", _named(_gmtime, "gmtime"))
    patches.set(time, "localtime", _named(lambda secs=None: _gmtime(secs), "localtime"))
    patches.set(time, "ctime", _named(_ctime, "ctime"))
    patches.set(time, "asctime", _named(_asctime, "asctime"))
    patches.set(time, "strftime", _named(_strftime, "strftime"))
    patches.set(time, "mktime", _named(_mktime, "mktime"))
    patches.set(_dt, "datetime", datetime)
    patches.set(_dt, "date", date)
