// CPython 3.14 for the fidelity suites: the harness (harness.py) and its unittests run in
// Pyodide 314 (CPython 3.14.2 in WebAssembly, npm's pyodide@314 installed as `pyodide-314`
// by scripts/provision.sh) under Node. Pyodide takes 3–4 s to load, so one process loads it
// once and runs every program of a suite in that one interpreter:
//
//   node tests/cpython/pyodide.mjs serve        one request per stdin line, one answer per
//                                               stdout line (JSON, see below)
//   node tests/cpython/pyodide.mjs run PROGRAM.py [harness args...]
//                                               one harness run; its stdout, stderr, status
//   node tests/cpython/pyodide.mjs unittest     python -m unittest discover -s tests/cpython
//                                               -p 'test_*.py' (the harness's own tests)
//   node tests/cpython/pyodide.mjs version      prints 3.14 (what provisioning checks)
//
// A request is {"argv": ["PROGRAM.py", "--run-result", ...]}; its answer is
// {"status": N, "stdout": "...", "stderr": "..."} — what `python3.14 harness.py ARGV` would
// have printed and exited with. A request {"version": true} is answered {"version": "3.14"}
// (how a test program checks the interpreter without loading Pyodide a second time). The repository is mounted at its own path (NODEFS), so
// programs and the shared static/py/virtual_asyncio are read from it; a program outside it
// (the suites' temporary files) is copied into the interpreter at the same path first.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const PYODIDE_DIR = process.env.ASYNCIO_PYODIDE_314 || path.join(ROOT, "node_modules", "pyodide-314");

async function load(echo = false) {
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  // serve: nothing but answers on stdout; otherwise the interpreter's own output is shown
  const to = (stream) => (echo ? (line) => stream.write(line + "\n") : () => {});
  const py = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep, stdout: to(process.stderr), stderr: to(process.stderr) });
  py.FS.mkdirTree(ROOT);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, ROOT);
  py.runPython(`
import io, os, sys, traceback
sys.path.insert(0, ${JSON.stringify(path.join(HERE))})
os.chdir(${JSON.stringify(ROOT)})
import harness as _va_harness

def _va_run(argv):
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.argv
    sys.stdout, sys.stderr = out, err
    try:
        status = _va_harness.main(list(argv))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        traceback.print_exc(file=err)
        status = 1
    finally:
        sys.stdout, sys.stderr, sys.argv = saved
    return [status or 0, out.getvalue(), err.getvalue()]
`);
  return py;
}

function run(py, argv) {
  const program = argv[0] && path.resolve(argv[0]);
  if (program && !program.startsWith(ROOT + path.sep) && fs.existsSync(program)) {
    py.FS.mkdirTree(path.dirname(program));
    py.FS.writeFile(program, fs.readFileSync(program));
  }
  const args = program ? [program, ...argv.slice(1)] : argv;
  const result = py.globals.get("_va_run")(py.toPy(args));
  const [status, stdout, stderr] = result.toJs();
  result.destroy();
  return { status, stdout, stderr };
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "version") {
  const py = await load();
  process.stdout.write(py.runPython("import sys; '%d.%d' % sys.version_info[:2]") + "\n");
} else if (mode === "run") {
  const py = await load();
  const { status, stdout, stderr } = run(py, rest);
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
} else if (mode === "serve") {
  const py = await load();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let answer;
    try {
      const request = JSON.parse(line);
      answer = request.version ? { version: py.runPython("import sys; '%d.%d' % sys.version_info[:2]") } : run(py, request.argv);
    } catch (e) {
      answer = { status: 1, stdout: "", stderr: `pyodide.mjs: ${e && e.stack || e}\n` };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
} else if (mode === "unittest") {
  const py = await load(true);
  // The tests run the harness as `subprocess.run([sys.executable, harness.py, ...])`;
  // Pyodide has no processes, so such a call runs it in this interpreter instead.
  const status = py.runPython(`
import os, subprocess, sys, unittest

def _va_subprocess_run(args, *, capture_output=False, text=False, timeout=None, env=None,
                       check=False, **kwargs):
    args = [os.fspath(a) for a in args]
    if len(args) < 2 or os.path.basename(args[1]) != "harness.py":
        raise OSError(138, f"{sys.platform} does not support processes.")
    saved = dict(os.environ)
    if env is not None:
        os.environ.clear()
        os.environ.update(env)
    try:
        status, out, err = _va_run(args[2:])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    if not text:
        out, err = out.encode(), err.encode()
    done = subprocess.CompletedProcess(args, status, out, err)
    if check:
        done.check_returncode()
    return done

subprocess.run = _va_subprocess_run
_va_out = sys.stderr
_va_suite = unittest.defaultTestLoader.discover(${JSON.stringify(HERE)}, pattern="test_*.py")
_va_result = unittest.TextTestRunner(stream=_va_out, verbosity=1).run(_va_suite)
0 if _va_result.wasSuccessful() else 1
`);
  process.exitCode = status;
} else {
  process.stderr.write("usage: node tests/cpython/pyodide.mjs serve | run PROGRAM.py [args...] | unittest | version\n");
  process.exitCode = 2;
}
