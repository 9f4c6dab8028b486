# Shared helpers for the project's scripts: where things are, logging, and the toolchain
# choice that provision.sh records. Source it; do not run it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"           # what provision.sh installs or records (git-ignored)
STATE="$TOOLS/toolchain.env"   # written by provision.sh, sourced by serve.sh and test.sh
WASM_TARGET=wasm32-unknown-unknown

say() { printf '\033[1m==>\033[0m %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Installs the named Debian packages that are missing.
apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "please install: ${missing[*]}"
  say "apt-get install ${missing[*]}"
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  if [ ! -f "$TOOLS/.apt-updated" ]; then $sudo apt-get update -q >&2 && touch "$TOOLS/.apt-updated"; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >&2
}

# Runs provision.sh (fast when everything is already there) and loads what it recorded:
# RUSTUP_TOOLCHAIN (the toolchain that has the wasm32 standard library), PATH additions,
# DOCS_BIN (mdbook, sphinx-build, mkdocs), and ASYNCIO_PYTHON_3_11/_3_12/_3_13 (the CPython
# interpreters found; empty if not) and ASYNCIO_PYTHON_3_14 (the Pyodide 314 directory).
ensure_provisioned() {
  "$ROOT/scripts/provision.sh"
  # shellcheck disable=SC1090
  source "$STATE"
  export RUSTUP_TOOLCHAIN PATH CHROMEDRIVER DOCS_BIN ASYNCIO_PYTHON_3_11 ASYNCIO_PYTHON_3_12 ASYNCIO_PYTHON_3_13 ASYNCIO_PYTHON_3_14
}

# "3.12", "3.12 and 3.13", "3.11, 3.12 and 3.13": the words for a list of versions.
and_list() {
  local out="" i
  for ((i = 1; i <= $#; i++)); do
    if [ "$i" -eq 1 ]; then out="${!i}"; elif [ "$i" -eq $# ]; then out+=" and ${!i}"; else out+=", ${!i}"; fi
  done
  printf '%s' "$out"
}

# The wasm-bindgen version pinned in Cargo.lock; the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$ROOT/Cargo.lock"
}
