#!/usr/bin/env bash
# Builds the optimised release bundle into dist/: the wasm app (LTO, opt-level "z", then
# binaryen's wasm-opt -Oz), its JS glue, index.html and static/, and what "Run my code"
# loads on demand: the editor module (esbuild) and Pyodide. Prints the sizes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_provisioned
cd "$ROOT"

# Two builds of the app: dist/pkg/ for the first load, and dist/pkg-code/ with the
# own-code feature (the bridge to "Run my code"), which static/boot.js mounts for pages with
# code= in their URL. The first load carries nothing of Run my code.
rm -rf dist && mkdir -p dist
for variant in pkg:"" pkg-code:own-code; do
  out="${variant%%:*}" features="${variant#*:}"
  say "cargo build --release --target $WASM_TARGET${features:+ --features $features}"
  cargo build --release --target "$WASM_TARGET" --lib ${features:+--features "$features"}
  wasm-bindgen --target web --no-typescript --out-dir "dist/$out" --out-name app \
    "target/$WASM_TARGET/release/asyncio_playground.wasm"
  say "wasm-opt -Oz ($out)"
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "dist/$out/app_bg.wasm" -o "dist/$out/app_bg.wasm"
done
# The module a to_thread worker runs (src/jobs/): the page fetches and compiles it once, on
# the first worker it starts, and hands it to every worker instead of the whole bundle.
say "cargo build --release --target $WASM_TARGET -p asyncio-playground-jobs (the workers' jobs)"
cargo build --release --target "$WASM_TARGET" -p asyncio-playground-jobs --lib
wasm-bindgen --target web --no-typescript --out-dir dist/jobs --out-name jobs \
  "target/$WASM_TARGET/release/asyncio_playground_jobs.wasm"
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  dist/jobs/jobs_bg.wasm -o dist/jobs/jobs_bg.wasm
cp index.html dist/
cp -r static dist/static
# Hindi and Bengali messages, fetched when a reader chooses them (English is in the bundle).
mkdir -p dist/static/i18n && cp src/i18n/hi.ftl src/i18n/bn.ftl dist/static/i18n/
find dist/static -name __pycache__ -prune -exec rm -rf {} +
# Run my code's sandbox frame (its script inlined, allowed by hash) and the list of
# virtual_asyncio's modules, which the page hands to the sandbox (it can fetch nothing).
python3 scripts/sandbox_page.py static dist/static/code-sandbox.html
cp static/sw.js dist/sw.js   # at the root: its scope is __asyncio_playground_api__/ beside it

# "Run my code", loaded only when first used: Pyodide (CPython in WebAssembly) and the editor
# (CodeMirror 6, bundled by esbuild), both from the npm registry, never from a CDN.
# Each CPython the python choice offers, as the Pyodide whose CPython it is (package.json's
# aliases), in its own folder: dist/pyodide/3.11/ … 3.14/, of which the page fetches the chosen
# one only. Only the files a run loads: the loader and its Emscripten module (classic scripts
# up to Pyodide 0.29, ES modules from Pyodide 314, which a module worker loads), the
# interpreter, the standard library and the lock file.
PYODIDES="3.11:pyodide 3.12:pyodide-312 3.13:pyodide-313 3.14:pyodide-314"
for entry in $PYODIDES; do
  version="${entry%%:*}" package="node_modules/${entry#*:}"
  if [ -f "$package/pyodide.asm.mjs" ]; then loader="pyodide.mjs pyodide.asm.mjs"; else loader="pyodide.js pyodide.asm.js"; fi
  files="$loader pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"
  mkdir -p "dist/pyodide/$version"
  for f in $files; do cp "$package/$f" "dist/pyodide/$version/"; done
  # Their sizes, in the order the page fetches them, for the loading progress bar (bytes
  # fetched of the total).
  (cd "dist/pyodide/$version" && python3 -c 'import json, os, sys; print(json.dumps({f: os.path.getsize(f) for f in sys.argv[1:]}))' $files >sizes.json)
done
# The editor module, with every file Python may run recorded in it (name, size, SHA-256): the
# page runs nothing else, whether the file came from the server or from its cache.
say "esbuild: the Run my code editor"
esbuild js/code.js --bundle --format=esm --minify --target=es2020 --log-level=warning \
  --define:PYTHON_FILES="$(python3 scripts/python_files.py dist)" --outfile=dist/static/code.js

# Precompressed copies for servers that send them (scripts/serve.py does): brotli and gzip of
# every text and wasm file the page loads. They are kept in target/precompressed/ by content
# hash, so files that do not change between builds (the four Pyodides: brotli takes about
# 40 s for each interpreter) are compressed once.
say "precompressing (brotli, gzip)"
PRECOMPRESSED=target/precompressed
mkdir -p "$PRECOMPRESSED" && touch "$PRECOMPRESSED/.this-build" && sleep 1
find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' -o -name '*.ftl' -o -name '*.py' -o -name '*.mjs' \) -size +1k |
  while read -r f; do
    sum="$(sha256sum "$f" | cut -d' ' -f1)"
    for kind in gz br; do
      if [ ! -f "$PRECOMPRESSED/$sum.$kind" ]; then
        if [ "$kind" = gz ]; then gzip -9 -c "$f" >"$PRECOMPRESSED/$sum.tmp"; else brotli -q 11 -c "$f" >"$PRECOMPRESSED/$sum.tmp"; fi
        mv "$PRECOMPRESSED/$sum.tmp" "$PRECOMPRESSED/$sum.$kind"
      fi
      cp "$PRECOMPRESSED/$sum.$kind" "$f.$kind"
      touch "$PRECOMPRESSED/$sum.$kind"
    done
  done
# What this build did not use goes (older builds' app and scripts).
find "$PRECOMPRESSED" -type f ! -name .this-build ! -newer "$PRECOMPRESSED/.this-build" -delete

size_line() { # $1 = file (its precompressed copies measured where they were made)
  local raw gz br=""
  raw=$(wc -c <"$1")
  if [ -f "$1.gz" ]; then gz=$(wc -c <"$1.gz"); else gz=$(gzip -9 -c "$1" | wc -c); fi
  if [ -f "$1.br" ]; then br=", brotli $(wc -c <"$1.br") B"; elif command -v brotli >/dev/null; then br=", brotli $(brotli -c -q 11 "$1" | wc -c) B"; fi
  printf '%-28s %8d B raw, gzip %7d B%s\n' "${1#dist/}" "$raw" "$gz" "$br"
}
say "bundle sizes: first load"
for f in dist/pkg/app_bg.wasm dist/pkg/app.js dist/static/*.css; do [ -f "$f" ] && size_line "$f"; done
say "bundle sizes: loaded on demand (the first to_thread worker)"
for f in dist/jobs/jobs_bg.wasm dist/jobs/jobs.js; do size_line "$f"; done
say "bundle sizes: loaded on demand (Run my code)"
for f in dist/pkg-code/app_bg.wasm dist/pkg-code/app.js dist/static/code.js dist/static/code-sandbox.html dist/pyodide/*/*; do
  case "$f" in *.br|*.gz|*/sizes.json) ;; *) size_line "$f" ;; esac
done
for d in dist/pyodide/*/; do # what one Python's first run fetches, raw and as served (brotli where built)
  raw=0 served=0
  for f in $(python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))))' "$d/sizes.json"); do
    raw=$((raw + $(wc -c <"$d/$f"))); served=$((served + $(wc -c <"$d/$f$([ -f "$d/$f.br" ] && echo .br)")))
  done
  printf '%-28s %8d B raw, %8d B as served (one Python)\n' "${d#dist/}" "$raw" "$served"
done
