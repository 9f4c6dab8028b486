"""Runs the end-to-end tests: their modules side by side, each in a process of its own with its
own Chromium and servers (they share nothing but the read-only dist/), the longest first; then,
apart from those, the modules whose checks measure time on the main thread (a busy machine
would make them lie), at most one per core: each keeps about one core busy, so two at once on
a 2-core machine each have a core of their own (their bounds were checked so: the calibrated
freeze bound, Stop's latency, the real-clock runs — the six took 74 and 83 s so, 117 s one after
another). Each module's output is printed whole when it ends, with its wall time and the
processor time of its processes (its browser's too); at the end, the modules by processor
time, the most first. The run fails if any module does, naming them.

    python3 tests/e2e/run.py [MODULE ...]      (all test_*.py by default)

E2E_JOBS sets how many modules run at once side by side (default: 3; such a module keeps
about half a core busy, as its tests wait on the page); E2E_TIMED_JOBS how many timing
modules (default: 2, or 1 on a machine of one core).
"""
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
# Modules that measure time (the longest main-thread task, how soon Stop acts, real fetches'
# and workers' wall-clock time) or memory: apart from the others. (test_fuzz runs side by side:
# its bounds, 10 and 15 s, are for freezes of 30–40 s, against answers of about a second on a
# busy machine.)
TIMED = ["test_no_freeze", "test_memory", "test_keys_and_text", "test_defects", "test_fetch", "test_page"]
# About how long each takes in its group (s, from a clean clone's run: side by side with two
# others; a timing module beside one other), so the longest start first; a module not listed
# counts 20 s.
SECONDS = {"test_docs": 170, "test_own_code": 150, "test_a11y": 140, "test_outside_embed": 130, "test_sandbox": 125,
           "test_python_versions": 110, "test_standins": 105, "test_fuzz": 100, "test_line_stepping": 100,
           "test_diagnostics": 110, "test_issue30": 65, "test_docs_package": 65, "test_i18n": 60, "test_outside": 55,
           "test_chunks": 35, "test_run_ends": 35, "test_course": 35, "test_predict": 30, "test_program_panel": 25,
           "test_service_worker": 20,
           "test_no_freeze": 55, "test_defects": 27, "test_keys_and_text": 13, "test_page": 11, "test_fetch": 8, "test_memory": 6}


class ProcessorTime:
    """The processor time of each running module's processes — the test process, its driver
    and its Chromium's, which no one waits for, so the kernel's own accounting of waited-for
    children misses them — read from /proc once a second (none where there is no /proc)."""

    def __init__(self):
        self.roots, self.seen, self.lock = {}, {}, threading.Lock()
        self.tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        threading.Thread(target=self.sample_forever, daemon=True).start()

    def sample_forever(self):
        while os.path.isdir("/proc"):
            self.sample()
            time.sleep(1)

    def sample(self):
        if not os.path.isdir("/proc"):
            return
        procs = {}
        for name in os.listdir("/proc"):
            try:
                text = open(f"/proc/{name}/stat").read() if name.isdigit() else None
            except OSError:
                continue
            if text:
                fields = text.rsplit(")", 1)[1].split()
                procs[int(name)] = (int(fields[1]), fields[19], (int(fields[11]) + int(fields[12])) / self.tick)
        children = {}
        for pid, (parent, _, _) in procs.items():
            children.setdefault(parent, []).append(pid)
        with self.lock:
            for root, module in self.roots.items():
                todo = [root]
                while todo:
                    pid = todo.pop()
                    todo += children.get(pid, [])
                    if pid in procs:
                        self.seen[(module, pid, procs[pid][1])] = procs[pid][2]

    def start(self, module, pid):
        with self.lock:
            self.roots[pid] = module

    def stop(self, module, pid):
        self.sample()
        with self.lock:
            del self.roots[pid]
            return sum(cpu for (m, _, _), cpu in self.seen.items() if m == module)


PROCESSOR = None


def run(module):
    """Runs one module; returns (module, exit status, output, wall seconds, processor seconds)."""
    started = time.time()
    proc = subprocess.Popen([sys.executable, "-m", "unittest", module, "-v"], cwd=HERE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    PROCESSOR.start(module, proc.pid)
    output = proc.communicate()[0]
    return module, proc.returncode, output, time.time() - started, PROCESSOR.stop(module, proc.pid)


def report(result):
    module, code, output, took, cpu = result
    print(f"\n===== {module}: {'ok' if code == 0 else 'FAILED'} in {took:.0f} s ({cpu:.0f} s of processor) =====", flush=True)
    print(output.rstrip(), flush=True)
    return code == 0


def main(modules):
    global PROCESSOR
    PROCESSOR = ProcessorTime()
    modules = modules or sorted(f[:-3] for f in os.listdir(HERE) if f.startswith("test_") and f.endswith(".py"))
    longest_first = lambda group: sorted(group, key=lambda m: -SECONDS.get(m, 20))  # noqa: E731
    together = longest_first(m for m in modules if m not in TIMED)
    timed = longest_first(m for m in modules if m in TIMED)
    jobs = max(1, int(os.environ.get("E2E_JOBS", "3")))
    timed_jobs = max(1, int(os.environ.get("E2E_TIMED_JOBS", str(min(2, os.cpu_count() or 1)))))
    started = time.time()
    failed, results = [], []
    for group, at_once in ((together, jobs), (timed, timed_jobs)):
        with ThreadPoolExecutor(max_workers=at_once) as pool:
            for result in pool.map(run, group):
                results.append(result)
                if not report(result):
                    failed.append(result[0])
    print("\nprocessor time by module (s, the most first): "
          + ", ".join(f"{m} {cpu:.0f}" for m, _, _, _, cpu in sorted(results, key=lambda r: -r[4]))
          + f"; {sum(r[4] for r in results):.0f} in all", flush=True)
    how = ([f"{len(together)} side by side, {min(jobs, len(together))} at once"] if together else []) \
        + ([f"{len(timed)} timing ones, {min(timed_jobs, len(timed))} at once"] if timed else [])
    print(f"end-to-end: {len(modules)} modules in {time.time() - started:.0f} s ({'; then '.join(how)}); "
          + (f"FAILED: {', '.join(failed)}" if failed else "all passed"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
