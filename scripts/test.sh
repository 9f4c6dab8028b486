#!/usr/bin/env bash
# README command 2: provisions what is missing, then runs every test —
#  1. native: cargo test (executor, scenarios, CPython fidelity, golden files, doc tests,
#     property tests of the parameter validator and the executor, CLI fuzzing)
#  2. the CPython harness's own tests (python3 -m unittest)
#  3. browser: wasm-pack test --headless --chrome (the app mounted in headless Chromium)
#  4. end to end: the release bundle served on 127.0.0.1, driven in headless Chromium
#     (service worker, workers, URLs, Stop — what needs a real origin; the regression tests
#     of issue 20, memory over many runs, URL and embed-message fuzzing)
# Exits non-zero if any part fails.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_provisioned
cd "$ROOT"

say "native tests: cargo test"
cargo test

say "CPython harness tests"
python3 -m unittest discover -s tests/cpython -p 'test_*.py'

say "browser tests: wasm-pack test --headless --chrome"
wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER"

say "end-to-end tests: the release bundle in headless Chromium"
"$ROOT/scripts/build.sh"
python3 -m unittest discover -s tests/e2e -p 'test_*.py' -v

say "all tests passed"
