#!/usr/bin/env bash
# README command 2: provisions what is missing, then runs every test, in two lanes side by side
# and then the browser's end-to-end tests —
#  [tests] lints: cargo fmt --check; cargo clippy -D warnings natively (every target) and for
#     wasm32 (the app, its browser tests, every feature; the workers' jobs module, src/jobs/);
#     then cargo test --workspace (the jobs module, the executor, scenarios, CPython
#     fidelity under CPython 3.11, 3.12 and 3.13, and 3.14 through Pyodide 314 in Node,
#     loaded once per test binary; golden files, doc tests, property tests of the parameter
#     validator and the executor, CLI fuzzing); then the CPython harness's own tests
#     (unittest), under each of those interpreters (3.14: in one Pyodide,
#     `node tests/cpython/pyodide.mjs unittest`); then, once the other lane has the tools,
#     wasm-pack test --headless --chrome (the app mounted in headless Chromium)
#  [bundle] the tools cargo builds, where they are missing (a fresh machine: wasm-bindgen, the
#     splitter, wasm-pack); then the release bundle (scripts/build.sh: in chunks, and the budget
#     of its first load checked by tests/e2e/test_budget.py)
#  end to end: the release bundle served on 127.0.0.1, driven in headless Chromium
#     (service worker, workers, URLs, Stop — what needs a real origin; regression tests of
#     the defects found from outside, memory over many runs, URL and embed-message fuzzing,
#     accessibility with axe-core); tests/e2e/run.py runs the modules side by side, each
#     with its own Chromium and servers, then apart those that measure time or memory (one per core)
# Prints how long each stage took and how busy the processors were. Exits non-zero if any part
# fails (a failure in one lane stops the other). A CPython version provisioning did not find is named
# here and skipped (only that one); with ASYNCIO_REQUIRE_ALL_PYTHONS=1 (CI) it is an error.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# How long each stage took, printed at the end (and where it stopped, on a failure): its wall
# time, and how busy the machine's processors were meanwhile (all of them, whatever ran: a
# stage that keeps them under "N of N cores" waits more than it computes; while the two lanes
# run, each lane's figure counts the other's work too).
busy_ticks() { # the machine's processor time so far, in clock ticks (every core's, not idle)
  local cpu user nice system idle iowait irq softirq steal
  read -r cpu user nice system idle iowait irq softirq steal _ </proc/stat
  echo $((user + nice + system + irq + softirq + steal))
}
STAGE_TIMES=() STAGE_NAME="provisioning" STAGE_START=$SECONDS RUN_START=$SECONDS STAGE_BUSY=$(busy_ticks) RUN_BUSY=$(busy_ticks)
busy_cores() { # $1 = busy ticks since, $2 = seconds since: "1.7 of 2 cores busy"
  awk -v t="$1" -v s="$2" -v hz="$(getconf CLK_TCK)" -v n="$(nproc)" 'BEGIN { printf "%.1f of %d cores busy", (s > 0 ? t / hz / s : 0), n }'
}
end_stage() {
  local busy
  busy=$(busy_ticks)
  STAGE_TIMES+=("$(printf '%6ds  %s  %s' $((SECONDS - STAGE_START)) "$(busy_cores $((busy - STAGE_BUSY)) $((SECONDS - STAGE_START)))" "$STAGE_NAME")")
  STAGE_BUSY=$busy
}
stage() { # $1 = the next stage's name
  end_stage
  STAGE_NAME="$1" STAGE_START=$SECONDS
  say "$1"
}
BUNDLE_PID="" BUNDLE_LOG="$ROOT/target/test-bundle.log" BUNDLE_TIMES="$ROOT/target/test-bundle.times"
report_times() {
  end_stage
  # (A failure in one lane stops the other: the bundle's lane runs in a process group of its own.)
  if [ -n "$BUNDLE_PID" ] && kill -0 "$BUNDLE_PID" 2>/dev/null; then kill -TERM -- "-$BUNDLE_PID" 2>/dev/null || true; fi
  say "stage times ($((SECONDS - RUN_START)) s in all, $(busy_cores $(($(busy_ticks) - RUN_BUSY)) $((SECONDS - RUN_START))) on average):"
  printf '  %s\n' "${STAGE_TIMES[@]}" >&2
}
trap report_times EXIT
# Everything but the tools cargo builds (wasm-bindgen, the splitter, wasm-pack): the bundle's
# lane builds those first, while the other lane lints and runs the native tests, which need
# none of them.
ASYNCIO_DEFER_CARGO_TOOLS=1 ensure_provisioned
cd "$ROOT"

FOUND=() SKIPPED=()
for v in 3.11 3.12 3.13 3.14; do
  var="ASYNCIO_PYTHON_${v/./_}"
  if [ -n "${!var}" ]; then FOUND+=("$v"); else SKIPPED+=("$v"); fi
done
[ ${#SKIPPED[@]} -eq 0 ] || say "CPython $(and_list "${SKIPPED[@]}") not found: its fidelity checks are skipped, the others run"
[ ${#FOUND[@]} -gt 0 ] || die "no CPython 3.11, 3.12, 3.13 or 3.14 found: the fidelity checks need at least one"

# Two lanes side by side, as neither keeps both cores busy on its own (a link, a test binary,
# an interpreter's harness tests run on one): the tools and the release bundle in the
# background, in target folders that the lints and tests do not lock, their output kept and
# printed when they end; the lints, native tests, harness tests and browser tests here (the
# browser tests last, as they need the other lane's tools: the lanes end about together).
TOOLS_READY="$ROOT/target/test-tools.ready"
bundle_lane() {
  STAGE_TIMES=() STAGE_NAME="[bundle] provisioning the tools cargo builds (fast once they are there)" STAGE_START=$SECONDS STAGE_BUSY=$(busy_ticks)
  say "$STAGE_NAME"
  "$ROOT/scripts/provision.sh"
  touch "$TOOLS_READY"
  stage "[bundle] the release bundle: scripts/build.sh"
  # (The Pyodides' brotli copies only where the machine keeps them already: no test reads
  # them, and a fresh machine would spend about two minutes of processor time making them.)
  ASYNCIO_PYODIDE_BROTLI=if-kept "$ROOT/scripts/build.sh"
  end_stage
  printf '%s\n' "${STAGE_TIMES[@]}" >"$BUNDLE_TIMES"
}
mkdir -p "$ROOT/target" && rm -f "$BUNDLE_TIMES" "$TOOLS_READY"
# The native tests' builds keep file and line for a panic's backtrace but no more debug info:
# every test program links in a fraction of the time. (The end-to-end tests' cargo builds of
# the CLI inherit the setting, so they reuse these builds.)
export CARGO_PROFILE_DEV_DEBUG=line-tables-only
say "two lanes: [bundle] the tools, then the release bundle (their output at the end) | [tests] lints, native tests, harness tests, browser tests"
set -m   # (the background lane gets a process group of its own, so that a failure can stop all of it)
bundle_lane >"$BUNDLE_LOG" 2>&1 &
BUNDLE_PID=$!
set +m
LANES_START=$SECONDS

stage "[tests] lints: cargo fmt --check, cargo clippy (native and wasm32, warnings are errors)"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy --target "$WASM_TARGET" --lib --tests --all-features --quiet -- -D warnings
cargo clippy --target "$WASM_TARGET" --lib --quiet -- -D warnings   # the first-load build: no feature
cargo clippy --target "$WASM_TARGET" -p asyncio-playground-jobs --lib --all-features --quiet -- -D warnings   # the workers' jobs module

stage "[tests] native tests: cargo test (fidelity under CPython $(and_list "${FOUND[@]}"))"
cargo test --workspace

# The harness's own tests under each interpreter, side by side (each keeps about one core
# busy, and by now the other lane has mostly ended); each one's output is printed whole.
stage "[tests] CPython harness tests under CPython $(and_list "${FOUND[@]}") (side by side)"
harness_tests() { # $1 = X.Y
  local var="ASYNCIO_PYTHON_${1/./_}"
  if [ "$1" = 3.14 ]; then
    ASYNCIO_PYODIDE_314="${!var}" node tests/cpython/pyodide.mjs unittest
  else
    "${!var}" -m unittest discover -s tests/cpython -p 'test_*.py'
  fi
}
HARNESS_PIDS=()
for v in "${FOUND[@]}"; do
  harness_tests "$v" >"$ROOT/target/harness-$v.log" 2>&1 &
  HARNESS_PIDS+=("$!")
done
HARNESS_FAILED=()
for i in "${!FOUND[@]}"; do
  wait "${HARNESS_PIDS[$i]}" || HARNESS_FAILED+=("${FOUND[$i]}")
  say "[tests] CPython harness tests under CPython ${FOUND[$i]}:"
  cat "$ROOT/target/harness-${FOUND[$i]}.log" >&2
done
[ ${#HARNESS_FAILED[@]} -eq 0 ] || die "the CPython harness tests failed under CPython $(and_list "${HARNESS_FAILED[@]}") (above)"

stage "[tests] browser tests: wasm-pack test --headless --chrome (once the other lane has the tools)"
# (Waits for the tools, unless the other lane has failed: its failure is reported below.)
while [ ! -f "$TOOLS_READY" ] && kill -0 "$BUNDLE_PID" 2>/dev/null; do sleep 1; done
if [ -f "$TOOLS_READY" ]; then
  # (Without debug info: the test module links and loads in a fraction of the time. Only the
  # browser test program, tests/browser/main.rs: the others are native tests, and without it cargo
  # would also link each of them for wasm32 and run the doc tests natively a second time,
  # 150 s. In a target folder of its own, which the native tests' cargo does not lock.)
  CARGO_TARGET_DIR="$ROOT/target/browser-tests" CARGO_PROFILE_DEV_DEBUG=0 \
    wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER" --features test-jobs --test browser
fi

stage "[tests] waiting for the bundle's lane to end"
BUNDLE_OK=0
wait "$BUNDLE_PID" || BUNDLE_OK=$?
BUNDLE_PID=""
say "[bundle] its output:"
cat "$BUNDLE_LOG" >&2
if [ -f "$BUNDLE_TIMES" ]; then while IFS= read -r line; do STAGE_TIMES+=("$line"); done <"$BUNDLE_TIMES"; fi
[ "$BUNDLE_OK" -eq 0 ] || die "the tools or the release bundle failed (above)"
say "both lanes done in $((SECONDS - LANES_START)) s"

stage "end-to-end tests: the release bundle in headless Chromium (modules side by side, then the timing ones one per core)"
python3 tests/e2e/run.py

if [ ${#SKIPPED[@]} -eq 0 ]; then
  say "all tests passed (fidelity under CPython $(and_list "${FOUND[@]}"))"
else
  say "all tests passed; CPython $(and_list "${SKIPPED[@]}") was not found, so its fidelity was not checked"
fi
