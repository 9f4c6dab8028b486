#!/usr/bin/env bash
# The Python package's wheel with the playground inside (run by scripts/build.sh after dist/):
# a docs author's `pip install` then needs no Rust and no hosting — the Sphinx extension and
# the MkDocs plugin copy the bundle into the site they build.
#
# The bundle in the wheel is dist/ without Pyodide (73 MB of the 77: Run my code, which needs
# it, fetches it on first use from the npm registry's jsDelivr mirror, or from the site's
# `pyodide_url`)
# and without the precompressed copies (a docs host compresses what it serves itself). It is
# asyncio_playground/_static/asyncio-playground/ in the package, so that Sphinx's
# html_static_path copies it to _static/asyncio-playground/.
#
# The same bundle is also the npm package `asyncio-playground` (npm/: its README; made by
# `npm pack`), the convention of web components: for any page, no docs tool needed.
#
# Out: target/package/asyncio_playground-<version>-py3-none-any.whl and
# target/package/asyncio-playground-<version>.tgz (and the staged sources beside them). Needs
# .tools/docs-venv (provisioning) for pip; flit_core comes from PyPI. One version for all:
# the crate's (Cargo.toml), which a test keeps equal to the Python package's.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
[ -f dist/static/embed.js ] || die "dist/ has no bundle: run scripts/build.sh first"
OUT=target/package
rm -rf "$OUT" && mkdir -p "$OUT"
cp -rL python "$OUT/src"   # (its licence files are links to the repository's)
find "$OUT/src" -name __pycache__ -prune -exec rm -rf {} +
BUNDLE="$OUT/src/asyncio_playground/_static/asyncio-playground"
mkdir -p "$BUNDLE"
tar -C dist -cf - --exclude=./pyodide --exclude='*.br' --exclude='*.gz' . | tar -C "$BUNDLE" -xf -
# Run my code there fetches each Python's Pyodide from the npm registry's jsDelivr mirror (the
# same files as the full bundle's, each checked against the digest the build recorded), unless
# the site names another place (the docs tools' pyodide_url).
python3 - "$BUNDLE/index.html" <<'PY'
import json, re, sys
folders = {}
for entry in "3.11:pyodide 3.12:pyodide-312 3.13:pyodide-313 3.14:pyodide-314".split():
    python, package = entry.split(":")
    meta = json.load(open(f"node_modules/{package}/package.json"))
    folders[python] = f"https://cdn.jsdelivr.net/npm/{meta['name']}@{meta['version']}/"
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
tag = '<meta name="asyncio-playground-pyodide" content="">'
assert tag in text, "index.html has no asyncio-playground-pyodide meta"
value = json.dumps(folders, separators=(",", ":")).replace('"', "&quot;")
open(path, "w", encoding="utf-8").write(text.replace(tag, f'<meta name="asyncio-playground-pyodide" content="{value}">'))
PY
"$ROOT/.tools/docs-venv/bin/pip" wheel -q --disable-pip-version-check --no-deps -w "$OUT" "$OUT/src" >&2
WHEEL="$(ls "$OUT"/asyncio_playground-*.whl)"
printf 'the Python package with the playground inside: %s (%d B; the bundle %d files, %d B)\n' \
  "$WHEEL" "$(wc -c <"$WHEEL")" "$(find "$BUNDLE" -type f | wc -l)" "$(du -sb "$BUNDLE" | cut -f1)"

# The npm package: the same bundle, its README and the licences, at the crate's version.
NPM="$OUT/npm"
mkdir -p "$NPM"
cp -r "$BUNDLE"/. "$NPM"/
cp npm/README.md LICENSE-MIT LICENSE-APACHE "$NPM"/
python3 - "$NPM/package.json" <<'PY'
import json, re, sys
cargo = open("Cargo.toml", encoding="utf-8").read()
version = re.search(r'^version = "([^"]+)"', cargo, re.M).group(1)
license = re.search(r'^license = "([^"]+)"', cargo, re.M).group(1)
package = {
    "name": "asyncio-playground",
    "version": version,
    "description": "Live asyncio playgrounds for any web page: the <asyncio-playground> element, running Python's asyncio examples in the browser",
    "license": license,
    "keywords": ["asyncio", "python", "playground", "web-component", "teaching"],
    "browser": "static/embed.js",
    "files": ["**/*"],
}
open(sys.argv[1], "w", encoding="utf-8").write(json.dumps(package, indent=2) + "\n")
PY
(cd "$NPM" && npm pack --silent --pack-destination "$ROOT/$OUT" >/dev/null)
TARBALL="$(ls "$OUT"/asyncio-playground-*.tgz)"
printf 'the npm package with the playground inside: %s (%d B)\n' "$TARBALL" "$(wc -c <"$TARBALL")"
