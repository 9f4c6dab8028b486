#!/usr/bin/env bash
# Benchmarks, printed as one JSON document: our executor against the browser's own machinery,
# side by side in one page and one run (headless Chromium, cross-origin isolated), the
# first-load bundle size (raw, gzip, brotli), the first load under a phone's network and CPU
# (benches/phone_load.py), the longest main-thread task of each scenario's largest run
# (benches/big_runs.py), and CPython's asyncio as a reference point.
# (The first load's size is scripts/chunks.py's, which also lists every chunk.)
# No timing is asserted anywhere: this prints numbers and ratios.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_provisioned
cd "$ROOT"

"$ROOT/scripts/build.sh" >&2
say "building the benchmark page (feature bench)"
cargo build --release --target "$WASM_TARGET" --lib --features bench >&2
rm -rf target/bench-page && mkdir -p target/bench-page/pkg
wasm-bindgen --target web --no-typescript --out-dir target/bench-page/pkg --out-name app \
  "target/$WASM_TARGET/release/asyncio_playground.wasm" >&2
cp benches/browser/index.html benches/browser/blank-worker.js static/style.css target/bench-page/
cp -r dist/jobs target/bench-page/jobs
# Leave the release build of the main bundle as it was for the next serve/build.
cargo build --release --target "$WASM_TARGET" --lib >&2

say "running the benchmark page in headless Chromium (about a minute)"
page=$(python3 benches/run_browser.py target/bench-page)
cpython=$(python3 benches/cpython_gather.py)
say "loading the page under the phone profile (DevTools protocol, about a minute)"
phone=$(python3 benches/phone_load.py dist)
say "the largest run of every scenario in the page: the longest main-thread task (a minute)"
cargo build --quiet --bin asyncio-playground >&2
big=$(python3 benches/big_runs.py dist target/debug/asyncio-playground)
sizes=$(python3 - <<'PY'
import json, subprocess
r = json.loads(subprocess.run(["python3", "scripts/chunks.py", "dist", "target/split/out", "--json"], capture_output=True, check=True, text=True).stdout)
first = r["first_load"]
print(json.dumps({"name": "first load, brotli (" + " + ".join(f.split("/")[-1] for f in first["files"]) + ")", "ours": first["brotli"], "unit": "bytes", "goal": "ours <= 150000"}))
PY
)
python3 - "$page" "$cpython" "$sizes" "$phone
$big" <<'PY'
import json, platform, sys
page = json.loads(sys.argv[1])
page["results"].append(json.loads(sys.argv[3]))
page["results"].extend(json.loads(line) for line in sys.argv[4].splitlines() if line.strip())
page["results"].append(json.loads(sys.argv[2]))
page["machine"] = f"{platform.machine()}, {platform.system()} {platform.release()}"
print(json.dumps(page, indent=1))
PY
