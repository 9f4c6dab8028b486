"""Runs the end-to-end tests: their modules side by side, each in a process of its own with its
own Chromium and servers (they share nothing but the read-only dist/), the longest first; then,
alone, the modules whose checks measure time on the main thread (a busy machine would make
them lie). Each module's output is printed whole when it ends, with its time; the run fails
if any module does, naming them.

    python3 tests/e2e/run.py [MODULE ...]      (all test_*.py by default)

E2E_JOBS sets how many modules run at once (default: 3; the tests mostly wait on the page).
"""
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
# Modules that measure time (the longest main-thread task, how soon Stop acts, real fetches'
# and workers' wall-clock time, answers within a time) or memory: alone.
ALONE = ["test_no_freeze", "test_memory", "test_fuzz", "test_keys_and_text", "test_defects", "test_fetch", "test_page"]
# About how long each takes (s), so the longest start first; a module not listed counts 20 s.
SECONDS = {"test_a11y": 140, "test_i18n": 110, "test_outside_embed": 90, "test_own_code": 75, "test_sandbox": 60, "test_defects": 55,
           "test_standins": 40, "test_python_versions": 35, "test_outside": 30, "test_issue30": 30, "test_line_stepping": 25,
           "test_docs_package": 25, "test_run_ends": 25, "test_chunks": 25}


def run(module):
    started = time.time()
    done = subprocess.run([sys.executable, "-m", "unittest", module, "-v"], cwd=HERE, capture_output=True, text=True)
    return module, done.returncode, done.stdout + done.stderr, time.time() - started


def report(result):
    module, code, output, took = result
    print(f"\n===== {module}: {'ok' if code == 0 else 'FAILED'} in {took:.0f} s =====", flush=True)
    print(output.rstrip(), flush=True)
    return code == 0


def main(modules):
    modules = modules or sorted(f[:-3] for f in os.listdir(HERE) if f.startswith("test_") and f.endswith(".py"))
    together = sorted((m for m in modules if m not in ALONE), key=lambda m: -SECONDS.get(m, 20))
    alone = [m for m in modules if m in ALONE]
    jobs = max(1, int(os.environ.get("E2E_JOBS", "3")))
    started = time.time()
    failed = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(run, together):
            if not report(result):
                failed.append(result[0])
    for module in alone:
        if not report(run(module)):
            failed.append(module)
    print(f"\nend-to-end: {len(modules)} modules in {time.time() - started:.0f} s ({jobs} at once, then {len(alone)} alone); "
          + (f"FAILED: {', '.join(failed)}" if failed else "all passed"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
