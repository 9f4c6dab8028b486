#!/usr/bin/env bash
# README command 2: provisions what is missing, then runs every test —
#  0. lints: cargo fmt --check; cargo clippy -D warnings natively (every target) and for
#     wasm32 (the app, its browser tests, every feature; the workers' jobs module, src/jobs/)
#  1. native: cargo test --workspace (the jobs module, the executor, scenarios, CPython
#     fidelity under CPython 3.11, 3.12 and 3.13, and 3.14 through Pyodide 314 in Node,
#     loaded once per test binary; golden files, doc tests, property tests of the parameter
#     validator and the executor, CLI fuzzing)
#  2. the CPython harness's own tests (unittest), under each of those interpreters (3.14: in
#     one Pyodide, `node tests/cpython/pyodide.mjs unittest`)
#  3. browser: wasm-pack test --headless --chrome (the app mounted in headless Chromium)
#  4. end to end: the release bundle (scripts/build.sh: in chunks, and the budget of its
#     first load checked by tests/e2e/test_budget.py) served on 127.0.0.1, driven in headless Chromium
#     (service worker, workers, URLs, Stop — what needs a real origin; regression tests of
#     the defects found from outside, memory over many runs, URL and embed-message fuzzing,
#     accessibility with axe-core); tests/e2e/run.py runs the modules three at a time, each
#     with its own Chromium and servers, then alone those that measure time or memory
# Prints how long each stage took. Exits non-zero if any part fails. A CPython version provisioning did not find is named
# here and skipped (only that one); with ASYNCIO_REQUIRE_ALL_PYTHONS=1 (CI) it is an error.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# How long each stage took, printed at the end (and where it stopped, on a failure).
STAGE_TIMES=() STAGE_NAME="provisioning" STAGE_START=$SECONDS RUN_START=$SECONDS
stage() { # $1 = the next stage's name
  STAGE_TIMES+=("$(printf '%6ds  %s' $((SECONDS - STAGE_START)) "$STAGE_NAME")")
  STAGE_NAME="$1" STAGE_START=$SECONDS
  say "$1"
}
report_times() {
  STAGE_TIMES+=("$(printf '%6ds  %s' $((SECONDS - STAGE_START)) "$STAGE_NAME")")
  say "stage times ($((SECONDS - RUN_START)) s in all):"
  printf '  %s\n' "${STAGE_TIMES[@]}" >&2
}
trap report_times EXIT
ensure_provisioned
cd "$ROOT"

FOUND=() SKIPPED=()
for v in 3.11 3.12 3.13 3.14; do
  var="ASYNCIO_PYTHON_${v/./_}"
  if [ -n "${!var}" ]; then FOUND+=("$v"); else SKIPPED+=("$v"); fi
done
[ ${#SKIPPED[@]} -eq 0 ] || say "CPython $(and_list "${SKIPPED[@]}") not found: its fidelity checks are skipped, the others run"
[ ${#FOUND[@]} -gt 0 ] || die "no CPython 3.11, 3.12, 3.13 or 3.14 found: the fidelity checks need at least one"

stage "lints: cargo fmt --check, cargo clippy (native and wasm32, warnings are errors)"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy --target "$WASM_TARGET" --lib --tests --all-features --quiet -- -D warnings
cargo clippy --target "$WASM_TARGET" --lib --quiet -- -D warnings   # the first-load build: no feature
cargo clippy --target "$WASM_TARGET" -p asyncio-playground-jobs --lib --all-features --quiet -- -D warnings   # the workers' jobs module

stage "native tests: cargo test (fidelity under CPython $(and_list "${FOUND[@]}"))"
cargo test --workspace

for v in "${FOUND[@]}"; do
  var="ASYNCIO_PYTHON_${v/./_}"
  stage "CPython harness tests under CPython $v"
  if [ "$v" = 3.14 ]; then
    ASYNCIO_PYODIDE_314="${!var}" node tests/cpython/pyodide.mjs unittest
  else
    "${!var}" -m unittest discover -s tests/cpython -p 'test_*.py'
  fi
done

stage "browser tests: wasm-pack test --headless --chrome"
# (Without debug info: the test module links and loads in a fraction of the time.)
CARGO_PROFILE_DEV_DEBUG=0 wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER" --features test-jobs

stage "the release bundle: scripts/build.sh"
"$ROOT/scripts/build.sh"
stage "end-to-end tests: the release bundle in headless Chromium (modules side by side, timing ones alone)"
python3 tests/e2e/run.py

if [ ${#SKIPPED[@]} -eq 0 ]; then
  say "all tests passed (fidelity under CPython $(and_list "${FOUND[@]}"))"
else
  say "all tests passed; CPython $(and_list "${SKIPPED[@]}") was not found, so its fidelity was not checked"
fi
