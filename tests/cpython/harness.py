"""Run an asyncio program on real CPython asyncio under a virtual clock; print a JSON trace.

Usage:  python3.X tests/cpython/harness.py PROGRAM.py [--until T] [--echo] [--max-lines N] [--run-result]
                                            [--slow-callback-duration S]

This is the *reference* side of the executor comparison. It executes an unmodified
asyncio program (``runpy`` as ``__main__``) on the interpreter that runs it — CPython
3.11, 3.12 or 3.13, each the reference for the executor following that version — and on
``virtual_asyncio`` — the virtual-clock
event loop and traced tasks in ``static/py/virtual_asyncio/``, the very module the page's
"Run my code" runs learners' programs on in Pyodide — and prints what it recorded:

* by default the harness's own format (README.md beside this file), which the Rust
  fidelity tests read;
* with ``--run-result``, the playground's run-result JSON (``"scenario": "code"``), as the
  page would get it from the Pyodide worker.

Where CPython iterates a *set* of tasks (``TaskGroup._abort`` and the final
``_cancel_all_tasks`` of ``asyncio.run``) the order depends on memory addresses;
``virtual_asyncio`` fixes it to task creation order so traces are reproducible.
"""

import argparse
import gc
import json
import os
import sys
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "static", "py"))

import virtual_asyncio  # noqa: E402  (the shared module, found through the path above)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("program")
    parser.add_argument("--until", type=float, default=None,
                        help="stop the run when the clock would pass T (the user's Stop)")
    parser.add_argument("--echo", action="store_true",
                        help="copy the program's output to stderr")
    parser.add_argument("--max-lines", type=int, default=None,
                        help="stop the line tracing after N line events, as a page run does (MAX_LINES)")
    parser.add_argument("--run-result", action="store_true",
                        help="print the playground's run-result JSON instead of the harness format")
    parser.add_argument("--slow-callback-duration", type=float, default=None, metavar="S",
                        help="the loop's slow_callback_duration (CPython's: 0.1 s), as a program could set it")
    args = parser.parse_args(argv)

    real_stdout = sys.stdout
    session = virtual_asyncio.start(args.program, until=args.until, max_lines=args.max_lines,
                                    echo=sys.stderr if args.echo else None,
                                    slow_callback_duration=args.slow_callback_duration)
    with open(args.program, encoding="utf-8") as f:
        session.source = f.read()   # run-results carry the program (params.code)
    patches = virtual_asyncio.Patches()
    patches.install(args.program)
    status = 0
    try:
        failure = virtual_asyncio.execute(args.program)
        if failure is not None and not getattr(failure, "_va_recorded", False):
            # The program failed outside asyncio.run.
            traceback.print_exception(failure, file=sys.stderr)
            status = 1
        gc.collect()
        session.flush_partial()
    finally:
        patches.undo()
    if args.run_result:
        data = virtual_asyncio.run_result(session, python=sys.version.split()[0])
    else:
        data = session.harness_result()
    real_stdout.write(json.dumps(data) + "\n")
    real_stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
