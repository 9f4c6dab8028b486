#!/usr/bin/env bash
# Builds the optimised release bundle into dist/: the wasm app (LTO, opt-level "z", then
# binaryen's wasm-opt -Oz), its JS glue, index.html and static/, and what "Run my code"
# loads on demand: the editor module (esbuild) and Pyodide. Prints the sizes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_provisioned
cd "$ROOT"

# The app, in chunks: linked with its relocations (--emit-relocs), split at the split points
# of src/ui/split.rs by wasm-split-cli into the first chunk (app.wasm: what the first
# screen needs) and the chunks it loads on demand (split_run, split_teach, split_code and the
# chunk_N they share, with __wasm_split.js, their loader), then wasm-bindgen on the first
# chunk (keeping the exports the chunks link to) and wasm-opt on each. Every file of one build
# goes into dist/pkg/<build>/, <build> a digest of them all, so a page of one build never
# loads a chunk of another (an old page whose build is gone says so and offers Retry).
rm -rf dist && mkdir -p dist target   # (target/: the background builds' logs, on a clone never built)

# Precompressed copies (brotli, gzip) are kept by content hash in the user's cache folder
# (ASYNCIO_PRECOMPRESSED, by default ~/.cache/asyncio-playground/precompressed), shared by
# every clone and build on the machine, so a file that does not change is compressed once per
# machine, not once per clone: brotli -q 11 takes 45–75 s for each Pyodide interpreter, four
# of them, the biggest part of a clean clone's build. (A copy is written under a temporary
# name and renamed, so two builds at once never read half a file.)
# ASYNCIO_PYODIDE_BROTLI=if-kept (the test command): the Pyodides' brotli copies are used where
# kept and not made — on a machine without them, brotli -q 11 of the four interpreters is
# about two minutes of processor time, for readers only: no test reads them, and a server
# sends those files' gzip copies instead. A bundle to serve is built without it.
PRECOMPRESSED="${ASYNCIO_PRECOMPRESSED:-${XDG_CACHE_HOME:-$HOME/.cache}/asyncio-playground/precompressed}"
mkdir -p "$PRECOMPRESSED"
PYODIDE_KINDS="gz br"
[ "${ASYNCIO_PYODIDE_BROTLI:-}" != if-kept ] || PYODIDE_KINDS=gz
compressed() { # $1 = a file, $2 = the kinds of copy to make where none is kept: prints the content hash
  local f="$1" sum kind
  sum="$(sha256sum "$f" | cut -d' ' -f1)"
  for kind in $2; do
    if [ ! -f "$PRECOMPRESSED/$sum.$kind" ]; then
      if [ "$kind" = gz ]; then gzip -9 -c "$f" >"$PRECOMPRESSED/$sum.$kind.tmp.$$" || return 1
      else brotli -q 11 -c "$f" >"$PRECOMPRESSED/$sum.$kind.tmp.$$" || return 1; fi
      mv "$PRECOMPRESSED/$sum.$kind.tmp.$$" "$PRECOMPRESSED/$sum.$kind" || return 1
    fi
  done
  echo "$sum"
}
export -f compressed && export PRECOMPRESSED PYODIDE_KINDS
# Each CPython the python choice offers, as the Pyodide whose CPython it is (package.json's
# aliases), and the files of it a run loads: the loader and its Emscripten module (classic
# scripts up to Pyodide 0.29, ES modules from Pyodide 314, which a module worker loads), the
# interpreter, the standard library and the lock file.
PYODIDES="3.11:pyodide 3.12:pyodide-312 3.13:pyodide-313 3.14:pyodide-314"
pyodide_files() { # $1 = the package folder
  if [ -f "$1/pyodide.asm.mjs" ]; then echo "pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"
  else echo "pyodide.js pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"; fi
}
# The files a server sends compressed, and so the ones precompressed: text and wasm. (Not the
# Pyodides' standard library zip: deflated already — brotli takes 2 % off it in 7 s each — it is
# served as it is.)
sent_compressed() { # $1 = a file's name
  case "$1" in *.wasm | *.js | *.mjs | *.css | *.html | *.svg | *.json | *.ftl | *.py) return 0 ;; *) return 1 ;; esac
}
export -f sent_compressed
# Work that needs none of the app's build starts now, beside it (the app's build leaves a core
# idle for most of its link): the Pyodides' compressed copies, and the workers' jobs module,
# in a target folder of its own (cargo keeps one copy of a dependency whatever the flags, so
# the two builds sharing one would rebuild each other's dependencies every time; and linked
# plainly: the relocations are the splitter's, and this module is not split). Their output
# is kept and shown if they fail.
for entry in $PYODIDES; do
  package="node_modules/${entry#*:}"
  for f in $(pyodide_files "$package"); do ! sent_compressed "$f" || printf '%s\0' "$package/$f"; done
done | xargs -0 -P "$(nproc)" -n 1 bash -c 'compressed "$1" "$PYODIDE_KINDS" >/dev/null' _ >target/pyodide-compress.log 2>&1 &
PYODIDE_COMPRESS_PID=$!
say "cargo build --release --target $WASM_TARGET -p asyncio-playground-jobs (the workers' jobs; beside the app's build)"
env -u CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS cargo build --release --target "$WASM_TARGET" -p asyncio-playground-jobs --lib \
  --target-dir target/jobs >target/jobs-build.log 2>&1 &
JOBS_PID=$!
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT   # (a build that stops leaves nothing running)
finished() { # $1 = a background job's pid, $2 = its log, $3 = what it was: waits for it; fails with its log if it failed
  if ! wait "$1"; then cat "$2" >&2; die "$3 failed (its output is above)"; fi
}
WASM_OPT_FEATURES="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue"
# (Paths the compiler still writes — in the name section, which wasm-opt drops — are written
# from the crate's and the registry's folders on, so a build does not depend on where the
# checkout is.)
# The bundle carries a standard library built for it (-Zbuild-std, from the toolchain's
# rust-src, which provisioning installs; RUSTC_BOOTSTRAP lets the stable compiler take the
# flags): a panic aborts at once (immediate-abort: no message is formatted — on wasm32 no one
# reads it, and a panic ends the page either way) and carries no file and line
# (-Zlocation-detail=none). Together they take 16 KB brotli off the first chunk and 9 KB off
# the run chunk. Older compilers spell the strategy as a feature of std. (Under
# RUSTC_BOOTSTRAP the compiler mangles names as a nightly does, v0; the names of the chunks'
# code, which scripts/chunks.py reads, stay legacy-mangled.)
PANIC_FLAGS="-Cpanic=immediate-abort" STD_FEATURES="optimize_for_size"
if ! RUSTC_BOOTSTRAP=1 rustc -Zunstable-options -Cpanic=immediate-abort --target "$WASM_TARGET" --print cfg 2>/dev/null | grep -q 'panic="immediate-abort"'; then
  PANIC_FLAGS="" STD_FEATURES="panic_immediate_abort,optimize_for_size"
fi
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Clink-args=--emit-relocs -Zunstable-options -Csymbol-mangling-version=legacy -Zlocation-detail=none $PANIC_FLAGS --remap-path-prefix=$ROOT/= --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src/="
say "cargo build --release --target $WASM_TARGET --features split (with its own std)"
RUSTC_BOOTSTRAP=1 cargo build --release --target "$WASM_TARGET" --lib --features split \
  -Zbuild-std=std,panic_abort -Zbuild-std-features="$STD_FEATURES"
SPLIT=target/split && rm -rf "$SPLIT" && mkdir -p "$SPLIT/out" "$SPLIT/pkg"
say "wasm-split-cli: the first chunk and the chunks loaded on demand"
# (--fold: what two or more scenarios' programs share goes with the run chunk, so a run loads
# the run chunk's files and one file of its own program's: src/ui/split.rs.)
wasm-split-cli --fold program_=run --fold-keep 4000 --out-name app "target/$WASM_TARGET/release/asyncio_playground.wasm" "$SPLIT/out" >/dev/null
wasm-bindgen --target web --no-typescript --keep-lld-exports --out-dir "$SPLIT/pkg" --out-name app "$SPLIT/out/app.wasm"
# (The glue's functions the first chunk imports, named `_0`, `_1`, … in both: 6.6 KB brotli
# of the first load.)
python3 scripts/short_imports.py "$SPLIT/pkg"
# (The loader gets its prefetch(part), which boot.js calls once the first chunk is in.)
python3 scripts/chunks.py --prefetch "$SPLIT/out/__wasm_split.js"
for f in "$SPLIT"/out/*; do [ "$(basename "$f")" = app.wasm ] || cp "$f" "$SPLIT/pkg/"; done
# The first load's scripts and stylesheet, minified by esbuild (comments and spaces out, local
# names shortened; the names modules import from each other, and the page's globals, kept):
# 5.7 KB brotli of the first load. Here the glue, the loader and wasm-bindgen's snippets;
# boot.js, first-screen.js and style.css below, once copied.
minify() { # $1 = a file, minified in place; $2 = esbuild's loader for it (js, css)
  esbuild --minify --loader="$2" --log-level=warning --log-override:duplicate-object-key=silent <"$1" >"$1.min" && mv "$1.min" "$1"
}
for f in "$SPLIT/pkg/app.js" "$SPLIT/pkg/__wasm_split.js" $(find "$SPLIT/pkg/snippets" -name '*.js' 2>/dev/null); do minify "$f" js; done
say "wasm-opt -Oz (every chunk, side by side)"
optimise() { # $1 = a chunk, optimised in place
  # shellcheck disable=SC2086
  wasm-opt -Oz --strip-producers --strip-target-features $WASM_OPT_FEATURES "$1" -o "$1" 2>&1 | { grep -v "unknown name subsection" >&2 || true; }
  [ "${PIPESTATUS[0]}" -eq 0 ]
}
export -f optimise && export WASM_OPT_FEATURES
printf '%s\0' "$SPLIT"/pkg/*.wasm | xargs -0 -P "$(nproc)" -n 1 bash -c 'optimise "$1"' _
# The parts the first result needs, each in one file too (split_<part>.pack.wasm): the loader's
# prefetch(part) fetches a part in one request (scripts/chunks.py says why).
python3 scripts/chunks.py --pack "$SPLIT/pkg" "$SPLIT/out/__wasm_split.js"
BUILD="$(cat "$SPLIT"/pkg/*.wasm "$SPLIT"/pkg/*.js | sha256sum | cut -c1-12)"
mkdir -p dist/pkg && cp -r "$SPLIT/pkg" "dist/pkg/$BUILD"
echo "$BUILD" >"$SPLIT/build-id"
# The module a to_thread worker runs (src/jobs/): the page fetches and compiles it once, on
# the first worker it starts, and hands it to every worker instead of the whole bundle.
finished "$JOBS_PID" target/jobs-build.log "the workers' jobs module's build"
wasm-bindgen --target web --no-typescript --out-dir dist/jobs --out-name jobs \
  "target/jobs/$WASM_TARGET/release/asyncio_playground_jobs.wasm"
# shellcheck disable=SC2086
wasm-opt -Oz $WASM_OPT_FEATURES dist/jobs/jobs_bg.wasm -o dist/jobs/jobs_bg.wasm
# The page and its loader name this build's folder.
# (index.html names every module of the page's first load — boot.js, the glue, the loader and
# wasm-bindgen's snippets — so that none waits for the one that imports it.)
SNIPPETS="$(cd dist && find "pkg/$BUILD/snippets" -name '*.js' 2>/dev/null | sort | sed 's#.*#  <link rel="modulepreload" href="&">#')"
sed -e "s#\"pkg/#\"pkg/$BUILD/#" index.html | python3 -c 'import sys; t = sys.stdin.read(); a = "__wasm_split.js\">\n"; assert a in t, "index.html names no loader"; sys.stdout.write(t.replace(a, a + sys.argv[1] + ("\n" if sys.argv[1] else ""), 1))' "$SNIPPETS" >dist/index.html
cp -r static dist/static
# (and the first chunk's size, by which it watches it arrive)
FIRST_CHUNK_BYTES="$(wc -c <"dist/pkg/$BUILD/app_bg.wasm")"
sed -e "s#\.\./pkg/#../pkg/$BUILD/#" -e "s#const FIRST_CHUNK_BYTES = 0;#const FIRST_CHUNK_BYTES = $FIRST_CHUNK_BYTES;#" static/boot.js >dist/static/boot.js
grep -q "const FIRST_CHUNK_BYTES = $FIRST_CHUNK_BYTES;" dist/static/boot.js || die "static/boot.js has no FIRST_CHUNK_BYTES to write"
minify dist/static/boot.js js && minify dist/static/first-screen.js js && minify dist/static/style.css css
for f in dist/index.html dist/static/boot.js; do grep -q "pkg/$BUILD/app.js" "$f" || die "$f does not name pkg/app.js"; done
# Every language's messages, the first screen's fetched beside the first chunk in the reader's
# language (English's too: the first chunk carries none) and what a run's result says beside
# the run chunk (English's teaching views' are in the teaching chunk; Run my code's messages,
# src/i18n/own-code/, are in its chunk).
# (Without their comments, which are for translators: Fluent's comment lines start with `#`
# at the line's start, where no message's text can: 0.5 KB brotli of a first screen's file.)
mkdir -p dist/static/i18n
for f in src/i18n/*.ftl; do
  case "$(basename "$f")" in en.lesson.ftl) ;; *) sed '/^#/d' "$f" >"dist/static/i18n/$(basename "$f")" ;; esac
done
find dist/static -name __pycache__ -prune -exec rm -rf {} +
# Run my code's sandbox frame (its script inlined, allowed by hash) and the list of
# virtual_asyncio's modules, which the page hands to the sandbox (it can fetch nothing).
python3 scripts/sandbox_page.py static dist/static/code-sandbox.html
cp static/sw.js dist/sw.js   # at the root: its scope is __asyncio_playground_api__/ beside it

# "Run my code", loaded only when first used: Pyodide (CPython in WebAssembly) and the editor
# (CodeMirror 6, bundled by esbuild), both from the npm registry, never from a CDN.
# Each CPython the python choice offers (see PYODIDES above), in its own folder:
# dist/pyodide/3.11/ … 3.14/, of which the page fetches the chosen one only.
for entry in $PYODIDES; do
  version="${entry%%:*}" package="node_modules/${entry#*:}"
  files="$(pyodide_files "$package")"
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

# The first screen in the page itself, drawn by the app in headless Chromium (English into
# index.html, Hindi and Bengali beside it): readable before the WebAssembly arrives.
say "the first screen, drawn into index.html (headless Chromium)"
python3 scripts/first_screen.py dist

# The offline worker, at the root too (its scope is the bundle's folder): this build's id, its
# files (all of dist/ but Pyodide and the workers themselves), and what it keeps at once (the
# first screen, with its English messages, and the run, teaching and real clock's chunks, and
# what a run's result says in English; Run my code's when it is used; the packs never: they hold the same files again,
# which a page offline then takes one by one).
python3 - "$BUILD" <<'PY'
import json, os, sys
build = sys.argv[1]
files = sorted(os.path.relpath(os.path.join(d, f), "dist") for d, _, fs in os.walk("dist") for f in fs
               if not f.endswith((".br", ".gz")) and not d.startswith("dist/pyodide"))
files = [f for f in files if f not in ("sw.js", "offline-sw.js")]
precache = [f for f in files if f in ("index.html", "static/boot.js", "static/first-screen.js", "static/style.css", "static/favicon.svg", "static/i18n/en.ftl", "static/i18n/en.results.ftl")
            or (f.startswith(f"pkg/{build}/") and not f.endswith(("split_code.wasm", ".pack.wasm")))]
text = open("static/offline-sw.js").read()
for name, value in (("__BUILD__", build), ("__FILES__", json.dumps(files)), ("__PRECACHE__", json.dumps(precache))):
    if name not in text:
        raise SystemExit(f"static/offline-sw.js has no {name}")
    text = text.replace(name, value)
open("dist/offline-sw.js", "w").write(text)
PY

# Precompressed copies for servers that send them (scripts/serve.py does): brotli and gzip of
# every text and wasm file the page loads, from the kept copies (above), made side by side,
# one per core.
say "precompressing (brotli, gzip)"
finished "$PYODIDE_COMPRESS_PID" target/pyodide-compress.log "compressing the Pyodides"
precompress() { # $1 = a file of dist/: its .gz and .br beside it (a Pyodide's .br as PYODIDE_KINDS says)
  local f="$1" sum kind make="gz br"
  case "$f" in dist/pyodide/*) make="$PYODIDE_KINDS" ;; esac
  sum="$(compressed "$f" "$make")" || return 1
  for kind in gz br; do
    [ -f "$PRECOMPRESSED/$sum.$kind" ] || continue   # (only a kind not to be made is missing)
    cp "$PRECOMPRESSED/$sum.$kind" "$f.$kind" && touch "$PRECOMPRESSED/$sum.$kind" || return 1
  done
}
export -f precompress
find dist -type f -size +1k -print0 |
  xargs -0 -P "$(nproc)" -n 1 bash -c '! sent_compressed "$1" || precompress "$1"' _
# What no build used for two weeks goes (older builds' app and scripts; a used copy is touched).
find "$PRECOMPRESSED" -type f -mtime +14 -delete

size_line() { # $1 = file (its precompressed copies measured where they were made)
  local raw
  raw=$(wc -c <"$1")
  if [ -f "$1.br" ]; then printf '%-28s %8d B raw, gzip %7d B, brotli %d B\n' "${1#dist/}" "$raw" "$(wc -c <"$1.gz")" "$(wc -c <"$1.br")"
  elif [ -f "$1.gz" ]; then printf '%-28s %8d B raw, gzip %7d B, no brotli copy (ASYNCIO_PYODIDE_BROTLI)\n' "${1#dist/}" "$raw" "$(wc -c <"$1.gz")"
  else printf '%-28s %8d B raw, served as it is\n' "${1#dist/}" "$raw"; fi
}
say "the Python package with the playground inside (scripts/package.sh)"
"$ROOT/scripts/package.sh"
say "bundle sizes: the first load and the chunks (scripts/chunks.py)"
python3 scripts/chunks.py dist "$SPLIT/out"
say "bundle sizes: loaded on demand (the first to_thread worker)"
for f in dist/jobs/jobs_bg.wasm dist/jobs/jobs.js; do size_line "$f"; done
say "bundle sizes: loaded on demand (Run my code)"
for f in dist/static/code.js dist/static/code-sandbox.html dist/pyodide/*/*; do
  case "$f" in *.br|*.gz|*/sizes.json) ;; *) size_line "$f" ;; esac
done
as_served() { # $1 = a file of dist/: what a server sends of it (its brotli copy, else its gzip copy, else itself)
  local f="$1"
  if [ -f "$f.br" ]; then f="$f.br"; elif [ -f "$f.gz" ]; then f="$f.gz"; fi
  wc -c <"$f"
}
for d in dist/pyodide/*/; do # what one Python's first run fetches, raw and as served
  raw=0 served=0
  for f in $(python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))))' "$d/sizes.json"); do
    raw=$((raw + $(wc -c <"$d/$f"))); served=$((served + $(as_served "$d/$f")))
  done
  printf '%-28s %8d B raw, %8d B as served (one Python)\n' "${d#dist/}" "$raw" "$served"
done
