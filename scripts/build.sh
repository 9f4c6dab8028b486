#!/usr/bin/env bash
# Builds the optimised release bundle into dist/: the wasm app (LTO, opt-level "z", then
# binaryen's wasm-opt -Oz), its JS glue, index.html and static/. Prints the sizes.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_provisioned
cd "$ROOT"

say "cargo build --release --target $WASM_TARGET"
cargo build --release --target "$WASM_TARGET" --lib
rm -rf dist && mkdir -p dist/pkg
wasm-bindgen --target web --no-typescript --out-dir dist/pkg --out-name app \
  "target/$WASM_TARGET/release/asyncio_playground.wasm"
say "wasm-opt -Oz"
wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  dist/pkg/app_bg.wasm -o dist/pkg/app_bg.wasm
cp index.html dist/
cp -r static dist/static
cp static/sw.js dist/sw.js   # at the root, so its scope covers api/

# Precompressed copies for servers that send them (scripts/serve.py does): brotli and gzip of
# every text and wasm file the page loads.
say "precompressing (brotli, gzip)"
find dist -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' -o -name '*.json' -o -name '*.ftl' -o -name '*.py' -o -name '*.mjs' \) -size +1k |
  while read -r f; do
    gzip -9 -k -f "$f"
    brotli -q 11 -f -k "$f"
  done

size_line() { # $1 = file
  local raw gz br=""
  raw=$(wc -c <"$1"); gz=$(gzip -9 -c "$1" | wc -c)
  if command -v brotli >/dev/null; then br=", brotli $(brotli -c -q 11 "$1" | wc -c) B"; fi
  printf '%-28s %8d B raw, gzip %7d B%s\n' "${1#dist/}" "$raw" "$gz" "$br"
}
say "bundle sizes"
for f in dist/pkg/app_bg.wasm dist/pkg/app.js dist/static/*.css; do [ -f "$f" ] && size_line "$f"; done
