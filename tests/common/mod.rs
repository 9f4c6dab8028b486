//! Shared by the native test files: finding the CPython interpreters, running the CPython
//! harness under one of them, and comparing traces.
//!
//! # Which interpreters
//! The suites run every program under CPython 3.11, 3.12, 3.13 and 3.14, each against the
//! executor following that version ([`PyVersion`]). 3.14 is Pyodide 314 (CPython 3.14.2)
//! under Node: one `node tests/cpython/pyodide.mjs serve` per test binary loads it once and
//! runs every program of that binary, one at a time. `scripts/provision.sh` finds them and
//! records them as `ASYNCIO_PYTHON_3_11=/path/to/python3.11` … (3.14: the Pyodide
//! directory, `node_modules/pyodide-314`) in `.tools/toolchain.env`
//! (empty when it found none), which `scripts/test.sh` exports. A variable not set in the
//! environment is read from that file; a version recorded nowhere is looked for as
//! `python3.X` on the PATH. A version found nowhere is skipped (a note on stderr) — unless
//! `ASYNCIO_REQUIRE_ALL_PYTHONS=1` (set by `.ci/run`: CI machines have all four), where the
//! suite fails instead.
#![allow(dead_code)]

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use asyncio_playground::runtime::trace::ComparableEvent;
use asyncio_playground::runtime::{PyVersion, Trace};
#[allow(unused_imports)]
pub use asyncio_playground::scenarios::python::{py_float, py_repr_exc};

/// One `asyncio.run` of a program under the CPython harness.
#[derive(Debug, Clone)]
pub struct CpythonRun {
    pub events: Vec<ComparableEvent>,
    pub elapsed: f64,
    pub error: Option<String>,
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A CPython interpreter of one of the versions the executor follows.
#[derive(Clone, Debug)]
pub struct Python {
    pub version: PyVersion,
    /// The interpreter (3.11–3.13), or the Pyodide directory (3.14: Pyodide 314 in Node).
    pub exe: PathBuf,
}

/// What a harness run printed and exited with.
pub struct HarnessOutput {
    pub success: bool,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// One Node process with Pyodide 314 loaded (`tests/cpython/pyodide.mjs serve`), shared by
/// every 3.14 run of a test binary: Pyodide loads once, programs run one after another.
struct PyodideServer {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

fn pyodide_server(dir: &Path) -> &'static Mutex<PyodideServer> {
    static SERVER: OnceLock<Mutex<PyodideServer>> = OnceLock::new();
    SERVER.get_or_init(|| {
        let mut child = Command::new("node")
            .arg(repo().join("tests/cpython/pyodide.mjs"))
            .arg("serve")
            .env("ASYNCIO_PYODIDE_314", dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("node tests/cpython/pyodide.mjs serve: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Mutex::new(PyodideServer { _child: child, stdin, stdout })
    })
}

impl PyodideServer {
    /// Sends one request line and reads its answer line (an error: what went wrong, for
    /// example a Pyodide that did not load and ended the process).
    fn ask(&mut self, request: &serde_json::Value) -> Result<serde_json::Value, String> {
        writeln!(self.stdin, "{request}").and_then(|_| self.stdin.flush()).map_err(|e| format!("the Pyodide 314 process reads no request: {e}"))?;
        let mut line = String::new();
        self.stdout.read_line(&mut line).map_err(|e| format!("the Pyodide 314 process answers nothing: {e}"))?;
        serde_json::from_str(&line).map_err(|e| format!("the Pyodide 314 process answered {line:?}: {e}"))
    }
}

impl Python {
    /// Runs `tests/cpython/harness.py ARGS` on this interpreter.
    pub fn harness(&self, args: &[OsString]) -> HarnessOutput {
        if self.version < PyVersion::V3_14 {
            let out = Command::new(&self.exe)
                .arg(repo().join("tests/cpython/harness.py"))
                .args(args)
                .output()
                .unwrap_or_else(|e| panic!("{} runs: {e}", self.exe.display()));
            return HarnessOutput { success: out.status.success(), stdout: out.stdout, stderr: out.stderr };
        }
        let argv: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
        let answer =
            pyodide_server(&self.exe).lock().unwrap_or_else(|e| e.into_inner()).ask(&serde_json::json!({ "argv": argv })).unwrap_or_else(|e| panic!("{e}"));
        let text = |k: &str| answer[k].as_str().unwrap_or_default().as_bytes().to_vec();
        HarnessOutput { success: answer["status"].as_i64() == Some(0), stdout: text("stdout"), stderr: text("stderr") }
    }
}

/// `ASYNCIO_PYTHON_3_12` for 3.12: the variable provisioning records the interpreter in.
pub fn python_var(version: PyVersion) -> String {
    format!("ASYNCIO_PYTHON_{}", version.as_str().replace('.', "_"))
}

/// True where every version must be there (`ASYNCIO_REQUIRE_ALL_PYTHONS=1`: CI).
pub fn all_pythons_required() -> bool {
    std::env::var("ASYNCIO_REQUIRE_ALL_PYTHONS").is_ok_and(|v| v == "1")
}

/// What provisioning recorded for `var` in `.tools/toolchain.env` (None: not recorded).
fn recorded(var: &str) -> Option<String> {
    let env = std::fs::read_to_string(repo().join(".tools/toolchain.env")).ok()?;
    env.lines().find_map(|l| l.strip_prefix(var)?.strip_prefix('=')).map(|v| v.trim_matches('"').to_string())
}

/// `exe` if it runs and is CPython `version` (for 3.14: a Pyodide directory whose
/// interpreter, loaded in Node, is CPython 3.14 — asked of the one Pyodide process the test
/// program's 3.14 runs use, so Pyodide loads once, not twice).
fn checked(exe: PathBuf, version: PyVersion) -> Option<PathBuf> {
    if version >= PyVersion::V3_14 {
        if !exe.join("pyodide.mjs").is_file() {
            return None;
        }
        let answer = pyodide_server(&exe).lock().unwrap_or_else(|e| e.into_inner()).ask(&serde_json::json!({ "version": true })).ok()?;
        return (answer["version"].as_str() == Some(version.as_str())).then_some(exe);
    }
    let out = Command::new(&exe).args(["-c", "import sys; print('%d.%d' % sys.version_info[:2])"]).output().ok()?;
    (out.status.success() && String::from_utf8_lossy(&out.stdout).trim() == version.as_str()).then_some(exe)
}

fn find_python(version: PyVersion) -> Option<Python> {
    let var = python_var(version);
    let given = std::env::var(&var).ok().or_else(|| recorded(&var));
    let exe = match given {
        Some(path) if path.is_empty() => None, // provisioning looked and found none
        Some(path) => Some(checked(PathBuf::from(&path), version).unwrap_or_else(|| panic!("{var}={path} is not a working CPython {version}"))),
        None if version >= PyVersion::V3_14 => checked(repo().join("node_modules/pyodide-314"), version),
        None => checked(PathBuf::from(format!("python{version}")), version),
    };
    exe.map(|exe| Python { version, exe })
}

/// The interpreters of the versions found, oldest first (looked up once per test binary).
/// A missing one is skipped with a note, or fails the suite where all are required.
pub fn pythons() -> &'static [Python] {
    static FOUND: OnceLock<Vec<Python>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let mut found = Vec::new();
        for version in PyVersion::ALL {
            match find_python(version) {
                Some(python) => found.push(python),
                None if all_pythons_required() => {
                    panic!("CPython {version} not found, and ASYNCIO_REQUIRE_ALL_PYTHONS=1 requires it ({} is empty or unset)", python_var(version))
                }
                None => eprintln!("note: CPython {version} not found; its fidelity checks are skipped (run ./scripts/test.sh, which looks for it)"),
            }
        }
        assert!(!found.is_empty(), "no CPython 3.11, 3.12, 3.13 or 3.14 found: the fidelity suites need at least one");
        found
    })
}

/// The interpreter of `version`, if found.
pub fn python(version: PyVersion) -> Option<&'static Python> {
    pythons().iter().find(|p| p.version == version)
}

/// Runs `f` for every interpreter found, each in its own thread, and returns their results
/// in version order (a panic in one is re-raised, naming the version).
pub fn for_each_python<R: Send>(f: impl Fn(&Python) -> R + Sync) -> Vec<R> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = pythons().iter().map(|py| (py, scope.spawn(|| f(py)))).collect();
        handles
            .into_iter()
            .map(|(py, h)| h.join().unwrap_or_else(|e| std::panic::resume_unwind(Box::new(format!("under CPython {}: {}", py.version, panic_text(&e))))))
            .collect()
    })
}

fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
}

/// Runs `program` under `tests/cpython/harness.py` on `python` and returns its runs,
/// without asyncio.run's shutdown tasks.
pub fn cpython(python: &Python, program: &Path, extra_args: &[&str]) -> Vec<CpythonRun> {
    let out = python.harness(&harness_args(program, extra_args));
    assert!(out.success, "harness under CPython {} failed on {}: {}", python.version, program.display(), String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("harness prints JSON");
    json["runs"].as_array().expect("runs").iter().map(parse_run).collect()
}

fn harness_args(program: &Path, extra_args: &[&str]) -> Vec<OsString> {
    std::iter::once(program.as_os_str().to_owned()).chain(extra_args.iter().map(OsString::from)).collect()
}

/// Runs Python source text under the harness on `python` (written to a temporary file).
pub fn cpython_source(python: &Python, name: &str, source: &str, extra_args: &[&str]) -> Vec<CpythonRun> {
    let dir = std::env::temp_dir().join(format!("asyncio-playground-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}_py{}.py", python.version.as_str().replace('.', "")));
    std::fs::write(&path, source).unwrap();
    cpython(python, &path, extra_args)
}

fn parse_run(run: &serde_json::Value) -> CpythonRun {
    let mut events: Vec<ComparableEvent> = run["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let kind: &'static str = match e[2].as_str().unwrap() {
                "create" => "create",
                "step" => "step",
                "suspend" => "suspend",
                "done" => "done",
                "failed" => "failed",
                "cancelled" => "cancelled",
                "print" => "print",
                "line" => "line",
                "return" => "return",
                "exception" => "exception",
                _ => "other",
            };
            ComparableEvent {
                t: e[0].as_f64().unwrap(),
                task: e[1].as_str().unwrap().to_string(),
                kind,
                detail: e[3].as_str().unwrap().to_string(),
                line: e[4].as_u64().unwrap_or(0) as u32,
                iter: e[5].as_u64().unwrap() as u32,
            }
        })
        .filter(|e| e.kind != "other")
        .collect();
    // asyncio.run's shutdown (shutdown_asyncgens, shutdown_default_executor) creates tasks
    // after the main task finished; our runner has no such tasks.
    if let Some(main) = events.first().map(|e| e.task.clone()) {
        let end = events.iter().position(|e| e.task == main && matches!(e.kind, "done" | "failed" | "cancelled"));
        if let Some(end) = end {
            let late: Vec<String> = events[end..].iter().filter(|e| e.kind == "create").map(|e| e.task.clone()).collect();
            events.retain(|e| !late.contains(&e.task));
        }
    }
    CpythonRun { events, elapsed: run["elapsed"].as_f64().unwrap(), error: run["error"].as_str().map(String::from) }
}

/// What of the program's position is compared.
#[derive(Clone, Copy, PartialEq)]
pub enum Lines {
    /// Program lines, await stacks, and everything a task executes: the line tracing's
    /// `line`, `return` and `exception` events (the scenarios, whose programs mark every line).
    Traced,
    /// Times, tasks, kinds, details and loop iterations only: hand-written mirrors of the
    /// harness's sample programs, which do not track lines.
    Ignored,
}

/// Asserts that our trace equals CPython's, event by event, showing the first difference.
pub fn assert_same_trace(ours: &Trace, theirs: &CpythonRun) {
    assert_same_trace_with(ours, theirs, Lines::Traced)
}

/// [`assert_same_trace`], choosing whether lines and await stacks count.
pub fn assert_same_trace_with(ours: &Trace, theirs: &CpythonRun, lines: Lines) {
    let kept = |e: &ComparableEvent| lines == Lines::Traced || !matches!(e.kind, "line" | "return" | "exception");
    let blank = |mut e: ComparableEvent| {
        if lines == Lines::Ignored {
            e.line = 0;
            if e.kind == "suspend" {
                e.detail.clear();
            }
        }
        e
    };
    let ours: Vec<ComparableEvent> = ours.comparable().into_iter().filter(kept).map(blank).collect();
    let theirs_events: Vec<ComparableEvent> = theirs.events.iter().filter(|e| kept(e)).cloned().map(blank).collect();
    let theirs = CpythonRun { events: theirs_events, ..theirs.clone() };
    let n = ours.len().max(theirs.events.len());
    for i in 0..n {
        let (a, b) = (ours.get(i), theirs.events.get(i));
        if a != b {
            let from = i.saturating_sub(4);
            let show = |v: &[ComparableEvent]| v[from.min(v.len())..(i + 3).min(v.len())].iter().map(|e| format!("  {e:?}")).collect::<Vec<_>>().join("\n");
            panic!("traces differ at event {i}\nours:\n{}\nCPython:\n{}", show(&ours), show(&theirs.events));
        }
    }
}

/// `round(time.perf_counter() - START, 1)` of the fidelity programs (START is 0).
pub fn elapsed() -> String {
    py_float((asyncio_playground::runtime::now() * 10.0).round() / 10.0)
}

/// Runs Python source under the harness on `python` with `--run-result`: the run-result
/// JSON the page's "Run my code" gets from the Pyodide worker, made by the same module on
/// native CPython.
pub fn cpython_run_result(python: &Python, name: &str, source: &str, extra_args: &[&str]) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("asyncio-playground-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}_py{}.py", python.version.as_str().replace('.', "")));
    std::fs::write(&path, source).unwrap();
    let mut args = harness_args(&path, &["--run-result"]);
    args.extend(extra_args.iter().map(OsString::from));
    let out = python.harness(&args);
    assert!(out.success, "harness under CPython {} failed on {name}: {}", python.version, String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("harness prints JSON")
}

/// The seed of a seeded property or fuzz test: the number in the environment variable `var`
/// (`PROPTEST_SEED`, `CLI_FUZZ_SEED`), else 20. Each test prints the seed it used, so a
/// failure is reproduced by setting it.
pub fn seed(var: &str) -> u64 {
    std::env::var(var).ok().and_then(|s| s.parse().ok()).unwrap_or(20)
}
