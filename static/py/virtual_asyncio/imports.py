"""What ``import`` finds while a recorded program runs.

* ``aiohttp``, ``requests`` and ``requests.exceptions`` are the stand-ins beside this file
  (``standin_aiohttp.py``, ``standin_requests.py``), whatever is installed: their requests
  go to the simulated API on the virtual clock (``simapi.py``). Each program imports them
  afresh.
* A module the program imports that this Python does not have (the page's Python is
  offline: the standard library, nothing to install) fails with one sentence saying what
  the playground offers instead — :data:`MISSING` — rather than the default message (in
  Pyodide, advice to ``micropip.install`` it, which cannot work offline). It is still a
  ``ModuleNotFoundError`` with ``name`` set, so ``try: import x / except ImportError``
  works as ever. Imports made by library code (not the program's own lines) keep their
  usual message."""

import importlib.machinery
import importlib.util
import os
import sys

from .record import STATE

HERE = os.path.dirname(os.path.abspath(__file__))
STANDINS = {
    "aiohttp": os.path.join(HERE, "standin_aiohttp.py"),
    "requests": os.path.join(HERE, "standin_requests.py"),
}
ALIASES = {"requests.exceptions": "requests"}

MISSING = ("No module named {name!r}: Run my code has Python's standard library, offline, and stand-ins for "
           "aiohttp and requests whose requests go to a simulated API on the virtual clock; there is no network "
           "to install {name!r} from, so use one of those (or asyncio alone), or open one of the guide's scenarios.")


class StandinFinder:
    """First on sys.meta_path: the stand-ins."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if fullname in STANDINS:
            return importlib.util.spec_from_file_location(fullname, STANDINS[fullname])
        if fullname in ALIASES:
            return importlib.machinery.ModuleSpec(fullname, _AliasLoader(ALIASES[fullname]))
        return None


class _AliasLoader:
    def __init__(self, target):
        self.target = target

    def create_module(self, spec):
        return __import__(self.target)

    def exec_module(self, module):
        pass


def _imported_by_program():
    """True when the import statement being run is on one of the program's lines."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name == "<frozen importlib.util>" or ("importlib" in name and name.endswith("util.py")):
            return False   # importlib.util.find_spec(): a probe, which finds None
        if not (name.startswith("<frozen") or "importlib" in name):
            return name == STATE.program
        frame = frame.f_back
    return False


class MissingFinder:
    """Last on sys.meta_path: reached only when no other finder has the module."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        if "." in fullname or STATE.program is None or not _imported_by_program():
            return None
        raise ModuleNotFoundError(MISSING.format(name=fullname), name=fullname)


def install(patches):
    """Puts both finders in place; undo (with the other patches) takes them and the
    stand-in modules away again."""
    saved = {name: sys.modules.pop(name) for name in (*STANDINS, *ALIASES) if name in sys.modules}
    patches.set(sys, "meta_path", [StandinFinder, *sys.meta_path, MissingFinder])
    patches.on_undo(_restore, saved)


def _restore(saved):
    for name in (*STANDINS, *ALIASES):
        sys.modules.pop(name, None)
    sys.modules.update(saved)
