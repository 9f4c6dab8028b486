#!/usr/bin/env python3
"""The bundle's chunks: each file of the app's build folder with its raw and brotli size,
which of the page's parts loads it (the first screen, or the run, teaching and Run my code
chunks, from the loader __wasm_split.js), and what it holds (the code it carries by module,
read from the function names of wasm-split-cli's output, before wasm-bindgen and wasm-opt
drop them); then the first load as a whole — index.html, boot.js, the glue, the stylesheet
and the first chunk — against its budget.

    scripts/chunks.py DIST SPLIT_OUT            print the table
    scripts/chunks.py DIST SPLIT_OUT --json     the same as JSON (the budget test reads it)
    scripts/chunks.py DIST SPLIT_OUT --symbols FILE   the functions one chunk holds, by name
    scripts/chunks.py DIST SPLIT_OUT --data FILE      its data segments' bytes (its strings, and
                                                       the message ids its code names)
    scripts/chunks.py --prefetch LOADER                gives the loader __wasm_split.js its
                                                       `prefetch(part)` (scripts/build.sh)
    scripts/chunks.py --pack FOLDER LOADER             writes the packs prefetch() fetches: a
                                                       part's files in one file (scripts/build.sh,
                                                       once the chunks are optimised)

Sizes are deterministic for a build, so the budget is checked by a test
(tests/e2e/test_budget.py), never a timing.
"""
import collections
import json
import os
import re
import subprocess
import sys

# The first load: the files every page fetches before its first screen works.
# (The default page is English's: its first screen's messages are fetched beside the first chunk.)
FIRST_LOAD = ["index.html", "static/first-screen.js", "static/boot.js", "static/style.css", "static/i18n/en.ftl", "{pkg}/app.js", "{pkg}/app_bg.wasm"]
# (and the scripts the glue imports, found in the build's folder: see report())
# What the first load may weigh, brotli (issue: a light first screen).
BUDGET = 150_000


def brotli(path):
    if os.path.exists(path + ".br"):
        return os.path.getsize(path + ".br")
    return len(subprocess.run(["brotli", "-c", "-q", "11", path], capture_output=True, check=True).stdout)


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def sections(path):
    """[(section id, its bytes)] of a wasm file."""
    b, i, out = open(path, "rb").read(), 8, []
    while i < len(b):
        sid = b[i]
        n, i = leb(b, i + 1)
        out.append((sid, b[i:i + n]))
        i += n
    return out


def data(path):
    """The bytes of a wasm file's data segments, one after another."""
    return b"".join(s for sid, s in sections(path) if sid == 11)


def import_desc_end(s, j):
    """The index after one import's description starting at s[j] (its kind byte)."""
    kind = s[j]
    j += 1
    if kind == 0:  # a function: its type's index
        return leb(s, j)[1]
    if kind == 1:  # a table: its element type, then its limits
        j += 1
    if kind in (1, 2):  # a table's or a memory's limits
        flags, j = leb(s, j)
        _, j = leb(s, j)
        return leb(s, j)[1] if flags & 1 else j
    return j + 2  # a global: its type and mutability


def functions(path):
    """[(size, symbol)] of every function defined in a wasm file that still has names."""
    imports, bodies, names = 0, [], {}
    for sid, s in sections(path):
        if sid == 2:
            count, j = leb(s, 0)
            for _ in range(count):
                for _ in range(2):
                    ln, j = leb(s, j)
                    j += ln
                imports += s[j] == 0
                j = import_desc_end(s, j)
        elif sid == 10:
            count, j = leb(s, 0)
            for _ in range(count):
                ln, k = leb(s, j)
                bodies.append(k - j + ln)
                j = k + ln
        elif sid == 0:
            ln, j = leb(s, 0)
            if s[j:j + ln] == b"name":
                j += ln
                while j < len(s):
                    sub = s[j]
                    size, j = leb(s, j + 1)
                    if sub == 1:
                        count, k = leb(s, j)
                        for _ in range(count):
                            idx, k = leb(s, k)
                            ln2, k = leb(s, k)
                            names[idx] = s[k:k + ln2].decode("utf-8", "replace")
                            k += ln2
                    j += size
    return [(size, names.get(imports + k, "")) for k, size in enumerate(bodies)]


def holds(path, top=4):
    """The modules (crate::module) with the most code in a wasm file that still has names."""
    by = collections.Counter()
    for size, name in functions(path):
        by[module(name)] += size
    total = sum(by.values()) or 1
    return [f"{m} {100 * v // total}%" for m, v in by.most_common(top)]


def path_parts(symbol):
    """The parts of a legacy-mangled Rust symbol (`_ZN` + length-prefixed names), its hash left out."""
    parts, i = [], 3
    while i < len(symbol) and symbol[i].isdigit():
        j = i
        while symbol[j].isdigit():
            j += 1
        n = int(symbol[i:j])
        parts.append(symbol[j:j + n])
        i = j + n
    return [p for p in parts if not re.fullmatch(r"h[0-9a-f]{16}", p)]


def demangled(symbol):
    """A legacy-mangled Rust symbol as a path (`<A as B>::f`, `crate::module::f`); others as they are."""
    if not symbol.startswith("_ZN"):
        return symbol
    text = "::".join(path_parts(symbol))
    for k, v in {"$LT$": "<", "$GT$": ">", "$u20$": " ", "$C$": ",", "$RF$": "&", "$u7b$": "{", "$u7d$": "}", "..": "::"}.items():
        text = text.replace(k, v)
    return text[1:] if text.startswith("_<") else text


def module(symbol):
    """crate::module of a Rust symbol (legacy mangling), or the crate for std's."""
    if symbol.startswith("_ZN"):
        parts = path_parts(symbol)
        if parts and parts[0].startswith("_$LT$"):
            parts = parts[0][5:].split("..")
        return "::".join(parts[:2]) if parts else "?"
    m = re.search(r"\d+(core|alloc|std|dlmalloc)", symbol)
    return m.group(1) if m else "other"


def loaders(path):
    """{file: the parts that load it} from the loader's comments and deps."""
    text = open(path).read()
    out = {}
    for splits, var in re.findall(r"/\* ([a-z_, ]+) \*/\nconst (__chunk_\d+)", text):
        out[var.replace("__", "") + ".wasm"] = splits
    for name in re.findall(r"__wasm_split_load_(\w+) =", text):
        out[f"split_{name}.wasm"] = name
    return out


# What add_prefetch() writes into the loader: the files of each part boot.js may ask for
# ahead (PREFETCHED, below), and `prefetch(part)`, which starts their fetches before the first
# chunk asks for the part; the part's load then takes the fetch under way (once: a retry after
# a failure fetches anew). A part a lesson's first result needs comes in one response, its
# pack (split_<part>.pack.wasm, see write_packs()): two requests (the run chunk's part, the
# lesson's program) where there were up to 18, each waiting a round trip for its first byte
# on a phone's link, and 12 % fewer bytes, brotli compressing the files together. Each file
# is handed over as soon as its last byte is in; a file the pack did not bring (no pack, a
# failed or cut response, a file not in it) is fetched on its own.
PREFETCH = """
const PARTS = %s;
const PACKED = new Set(%s);
const prefetched = new Map();
const at = (file) => new URL("./" + file, import.meta.url);
export function prefetch(part) {
    const wanted = new Map();
    for (const file of PARTS[part] || []) {
        if (!prefetched.has(file)) {
            let take;
            const src = new Promise((resolve) => (take = resolve));
            src.catch(() => {});
            prefetched.set(file, src);
            wanted.set(file, take);
        }
    }
    // (A page the offline worker serves has every file kept: one by one, none waits for the network.)
    const kept = /\/offline-sw\.js$/.test((navigator.serviceWorker && navigator.serviceWorker.controller || {}).scriptURL);
    if (wanted.size) unpack(PACKED.has(part) && !kept ? "split_" + part + ".pack.wasm" : null, wanted);
}
async function unpack(pack, wanted) {
    try {
        if (!pack) return;
        const response = await fetch(at(pack));
        if (!response.ok) return;
        const reader = response.body.getReader();
        let bytes = new Uint8Array(0), index = null;
        for (;;) {
            const { done, value } = await reader.read();
            if (value) {
                const more = new Uint8Array(bytes.length + value.length);
                more.set(bytes);
                more.set(value, bytes.length);
                bytes = more;
            }
            if (index === null) {
                const end = bytes.indexOf(10);
                if (end < 0) {
                    if (done) return;
                    continue;
                }
                index = JSON.parse(String.fromCharCode(...bytes.subarray(0, end)));
                bytes = bytes.subarray(end + 1);
            }
            while (index.length && bytes.length >= index[0][1]) {
                const [file, size] = index.shift();
                const take = wanted.get(file);
                wanted.delete(file);
                if (take) take(new Response(bytes.slice(0, size), { headers: { "Content-Type": "application/wasm" } }));
                bytes = bytes.subarray(size);
            }
            if (done) return;
        }
    } catch (e) {
        // (what it did not bring is fetched below)
    } finally {
        for (const [file, take] of wanted) take(fetchFile(file));
    }
}
function fetchOnce(file) {
    const src = prefetched.get(file);
    prefetched.set(file, null);
    return src || fetchFile(file);
}
// A file whose fetch fails on the network (a dropped connection; an HTTP error is the
// loader's to judge) is asked for again, 0.25 and then 1 s later.
function fetchFile(file, waits = [250, 1000]) {
    return fetch(at(file)).catch((e) => waits.length
        ? new Promise((go) => setTimeout(go, waits[0])).then(() => fetchFile(file, waits.slice(1)))
        : Promise.reject(e));
}
"""

# The parts boot.js may ask for ahead (prefetch), for a page's first result: the loader's list
# names their files only (the teaching and real clock's chunks are the app's to load).
PREFETCHED = re.compile(r"run|code|program_\w+")
# The parts that have a pack: those boot.js asks for ahead of a lesson's first result (the run
# chunk's, the lesson's program). A program's pack leaves out what the run chunk's brings
# (they are asked for together). (The programs' packs are 243 KB of the bundle, raw; without
# them a lesson's program came in one to three requests beside the run chunk's pack, and the
# first result 24 ms later, English and Hindi alike, measured paired.) Run my code's part has
# none: its first result waits for Pyodide's megabytes, and its pack would be 350 KB more in
# the bundle.
PACKED = re.compile(r"run|program_\w+")


def parts_of(loader):
    """{part: its files, sorted} from the loader as the splitter wrote it."""
    parts = collections.defaultdict(list)
    for name, splits in loaders(loader).items():
        for part in splits.split(", "):
            parts[part].append(name)
    return {k: sorted(v) for k, v in sorted(parts.items())}


def write_packs(folder, loader):
    """Writes each packed part's pack into the build's folder: a line of JSON naming its files
    and their sizes ([[file, bytes], …]), then the files one after another. (Named .wasm so
    that a server sends it as it sends the chunks: compressed, as application/wasm.)"""
    parts = parts_of(loader)
    for part, files in parts.items():
        if not PACKED.fullmatch(part):
            continue
        if part.startswith("program_"):
            files = [f for f in files if f not in parts["run"]]
        index = [[f, os.path.getsize(os.path.join(folder, f))] for f in files]
        with open(os.path.join(folder, f"split_{part}.pack.wasm"), "wb") as out:
            out.write(json.dumps(index, separators=(",", ":")).encode() + b"\n")
            for f in files:
                with open(os.path.join(folder, f), "rb") as src:
                    out.write(src.read())


def add_prefetch(path):
    """Gives the loader (wasm-split-cli's __wasm_split.js) a `prefetch(part)`: the page calls
    it as soon as its first chunk has arrived, for the part its first result needs, so that
    part's files come while the first chunk is compiled and the first screen drawn (the
    page's own load of the part takes the fetches under way)."""
    text = open(path).read()
    fetches = r'fetch\(new URL\("\./([\w.]+\.wasm)", import\.meta\.url\)\)'
    if "export function prefetch" in text or len(re.findall(fetches, text)) < 2:
        raise SystemExit(f"{path}: not the loader add_prefetch() knows")
    parts = {p: files for p, files in parts_of(path).items() if PREFETCHED.fullmatch(p)}
    text = re.sub(fetches, r'fetchOnce("\1")', text)
    open(path, "w").write(text + PREFETCH % (json.dumps(parts), json.dumps([p for p in parts if PACKED.fullmatch(p)])))


def report(dist, split):
    pkg = next(d for d in os.listdir(os.path.join(dist, "pkg")))
    folder = os.path.join(dist, "pkg", pkg)
    # (Who loads what, from the loader as the splitter wrote it: the bundle's copy is minified.)
    by = loaders(os.path.join(split, "__wasm_split.js"))
    rows = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith((".br", ".gz")) or os.path.isdir(path):
            continue
        named = os.path.join(split, "app.wasm" if name == "app_bg.wasm" else name)
        rows.append({"file": f"pkg/{pkg}/{name}", "raw": os.path.getsize(path), "brotli": brotli(path),
                     "loaded by": "first screen" if name in ("app_bg.wasm", "app.js", "__wasm_split.js")
                     else "pack of " + name[len("split_"):-len(".pack.wasm")] if name.endswith(".pack.wasm") else by.get(name, "?"),
                     "holds": holds(named) if name.endswith(".wasm") and os.path.exists(named) else []})
    first = [f.format(pkg=f"pkg/{pkg}") for f in FIRST_LOAD]
    # What the glue imports before it runs: the chunks' loader and wasm-bindgen's snippets.
    first += [os.path.relpath(os.path.join(d, f), dist) for d, _, fs in os.walk(folder) for f in sorted(fs)
              if f.endswith(".js") and not f.endswith((".br", ".gz")) and (f == "__wasm_split.js" or "snippets" in d)]
    first_load = {"files": first, "brotli": sum(brotli(os.path.join(dist, f)) for f in first), "budget": BUDGET}
    return {"build": pkg, "files": rows, "first_load": first_load}


def main():
    if sys.argv[1] == "--prefetch":
        add_prefetch(sys.argv[2])
        return
    if sys.argv[1] == "--pack":
        write_packs(sys.argv[2], sys.argv[3])
        return
    dist, split = sys.argv[1], sys.argv[2]
    if "--data" in sys.argv:
        sys.stdout.buffer.write(data(os.path.join(split, sys.argv[sys.argv.index("--data") + 1])))
        return
    if "--symbols" in sys.argv:
        for _, name in functions(os.path.join(split, sys.argv[sys.argv.index("--symbols") + 1])):
            print(demangled(name))
        return
    r = report(dist, split)
    if "--json" in sys.argv:
        print(json.dumps(r, indent=1))
        return
    for row in r["files"]:
        print(f"{row['file']:<40} {row['raw']:>9} B raw {row['brotli']:>8} B br  {row['loaded by']:<18} {', '.join(row['holds'])}")
    fl = r["first_load"]
    print(f"first load ({' + '.join(os.path.basename(f) for f in fl['files'])}): {fl['brotli']} B brotli, budget {fl['budget']} B")


if __name__ == "__main__":
    main()
