#!/usr/bin/env bash
# Runs the README's test command (.ci/run, as CI does) the way a newcomer's fresh machine of
# our kind runs it, and prints how long it took: a clean clone of REV (default HEAD) in a new
# folder, an empty home — no cargo-installed tools, no downloaded crates, no npm, pip or
# precompressed-copy caches — and rustup's default toolchain with the host target only (a
# copy of it without the wasm32 standard library and rust-src, which provisioning adds
# again). What it cannot take away is kept: the machine's Debian packages and pyenv's
# Pythons. Then README command 1 (scripts/serve.sh) on a second clean clone, which must build
# and serve the page. About 25 minutes and 7 GB; the folder is printed and left for a look
# (delete it after). The machine's speed is measured before and after the run.
#
#   scripts/fresh-machine.sh [REV]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REV="${1:-HEAD}"
F="$(mktemp -d "${TMPDIR:-/tmp}/asyncio-playground-fresh.XXXXXX")"
echo "==> a fresh machine in $F (a clone of $(git -C "$ROOT" rev-parse --short "$REV"))" >&2

# rustup: the default toolchain, copied without the wasm32 target and rust-src.
USER_RUSTUP="$(rustup show home)"
TC="$(rustup default | awk '{print $1}')"
mkdir -p "$F/rustup/toolchains" "$F/home/.cargo/bin" "$F/home/.config"
cp "$USER_RUSTUP/settings.toml" "$F/rustup/"
cp -a "$USER_RUSTUP/toolchains/$TC" "$F/rustup/toolchains/"
LIB="$F/rustup/toolchains/$TC/lib/rustlib"
rm -rf "$LIB/wasm32-unknown-unknown" "$LIB/src" "$LIB/manifest-rust-std-wasm32-unknown-unknown" "$LIB/manifest-rust-src"
sed -i '/^rust-std-wasm32-unknown-unknown$/d; /^rust-src$/d' "$LIB/components"
python3 - "$LIB/multirust-config.toml" <<'PY'   # (rustup's record of what was added)
import re, sys
text = open(sys.argv[1]).read()
entries = re.split(r"\n(?=\[\[components\]\])", text)
gone = ('pkg = "rust-src"', 'target = "wasm32-unknown-unknown"')
open(sys.argv[1], "w").write("\n".join(e for e in entries if not any(g in e for g in gone)))
PY
# An empty cargo home whose bin holds rustup's proxies only, as rustup-init leaves it.
for b in cargo rustc rustup rustdoc rustfmt cargo-fmt cargo-clippy clippy-driver; do
  ln -s "$(command -v rustup)" "$F/home/.cargo/bin/$b"
done
# The image's own settings (npm's and pip's registry and certificates, git's identity).
for f in .npmrc .gitconfig; do [ ! -f "$HOME/$f" ] || cp "$HOME/$f" "$F/home/"; done
[ ! -d "$HOME/.config/pip" ] || cp -r "$HOME/.config/pip" "$F/home/.config/"

git clone -q "$ROOT" "$F/repo" && git -C "$F/repo" checkout -q "$REV"
PYENV="$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")"
# The PATH without the user's cargo bin and the checkout's node_modules.
PATH_LEFT="$(tr ':' '\n' <<<"$PATH" | grep -v -x -e "${CARGO_HOME:-$HOME/.cargo}/bin" -e "$ROOT/node_modules/.bin" | paste -sd: -)"
FRESH=(env -u XDG_CACHE_HOME -u ASYNCIO_PRECOMPRESSED -u RUSTUP_TOOLCHAIN
  HOME="$F/home" CARGO_HOME="$F/home/.cargo" RUSTUP_HOME="$F/rustup" PYENV_ROOT="$PYENV"
  PATH="$F/home/.cargo/bin:$PATH_LEFT")
# How fast the machine is, before and after the run (the machines are shared, and their speed
# moves by more than a change makes): a fixed single-threaded job, brotli -q 11 of Pyodide
# 314's interpreter (CONTRIBUTING.md gives the times of its runs beside this job's).
PROBE="$ROOT/node_modules/pyodide-314/pyodide.asm.wasm"
probe() { # $1 = when
  [ -f "$PROBE" ] && command -v brotli >/dev/null || return 0
  local t0=$EPOCHREALTIME
  brotli -q 11 -c "$PROBE" >/dev/null
  echo "==> the machine's speed $1: brotli -q 11 of Pyodide 314's interpreter in $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s" >&2
}
probe "before the run"
cd "$F/repo"
status=0 start=$SECONDS
"${FRESH[@]}" CI=true ./.ci/run || status=$?
echo "==> the fresh machine's test run: $((SECONDS - start)) s, exit $status; the machine is in $F" >&2
probe "after the run"
[ "$status" -eq 0 ] || exit "$status"

# README command 1 on a second clean clone (never built; the machine as the test run left it):
# it builds and serves, and the page it serves loads its first chunk. Not timed with the above.
git clone -q "$ROOT" "$F/serve" && git -C "$F/serve" checkout -q "$REV"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
start=$SECONDS
(cd "$F/serve" && exec setsid "${FRESH[@]}" PORT="$PORT" ./scripts/serve.sh) >"$F/serve.log" 2>&1 &
SERVER=$!
served=""
while kill -0 "$SERVER" 2>/dev/null && [ $((SECONDS - start)) -lt 1800 ]; do
  if page="$(curl -fsS "http://127.0.0.1:$PORT/" 2>/dev/null)"; then
    chunk="$(grep -o 'pkg/[0-9a-f]*/app_bg.wasm' <<<"$page" | head -n 1)"
    [ -n "$chunk" ] && curl -fsS -o /dev/null "http://127.0.0.1:$PORT/$chunk" && served="$chunk"
    break
  fi
  sleep 5
done
kill -- -"$SERVER" 2>/dev/null || true
if [ -z "$served" ]; then
  tail -n 40 "$F/serve.log" >&2
  echo "==> README command 1 (scripts/serve.sh) on a clean clone did not serve the page (its log: $F/serve.log)" >&2
  exit 1
fi
echo "==> README command 1 (scripts/serve.sh) on a clean clone: built and served in $((SECONDS - start)) s ($served)" >&2
