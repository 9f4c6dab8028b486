#!/usr/bin/env python3
"""Gives the JavaScript functions the first chunk imports short names. wasm-bindgen names
each of them after its Rust binding and a hash (`__wbg_setAttribute_2a4bf8e3c01d9d4c`), and
writes each name twice in the first load: in the first chunk's import section and as a key
of the glue's imports object (`app.js`). The hashes do not compress: the 273 names cost
3.9 KB brotli in the chunk and 2.7 KB in the glue. Here each becomes `_` and its index in
base 36 (`_0` … `_7k`), in both files alike; the other chunks import only the memory, the
table and a global from the loader, so nothing else names them.

    scripts/short_imports.py PKG     (scripts/build.sh: after wasm-bindgen wrote PKG/app.js
                                      and PKG/app_bg.wasm, before either is minified)

A name that is not written exactly once as a key in the glue stops the build: the glue's
layout changed, and renaming it blind would break the page.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chunks import import_desc_end, leb  # noqa: E402  (the build's reader of the wasm format)

MODULE = "./app_bg.js"  # the glue's module name, as wasm-bindgen writes it in the imports


def uleb(n):
    out = bytearray()
    while True:
        x = n & 0x7F
        n >>= 7
        out.append(x | (0x80 if n else 0))
        if not n:
            return bytes(out)


def name(s):
    return uleb(len(s)) + s


def short(i):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        out = digits[i % 36] + out
        i //= 36
        if not i:
            return "_" + out


def rename(wasm):
    """(the wasm with its glue imports renamed, {old name: new name})"""
    head, i, out, names = wasm[:8], 8, bytearray(wasm[:8]), {}
    assert head == b"\0asm\x01\0\0\0", "not a WebAssembly module"
    while i < len(wasm):
        sid = wasm[i]
        size, j = leb(wasm, i + 1)
        body = wasm[j:j + size]
        if sid == 2:
            count, k = leb(body, 0)
            new = bytearray(uleb(count))
            for _ in range(count):
                n, k = leb(body, k)
                module = body[k:k + n]
                k += n
                n, k = leb(body, k)
                field = body[k:k + n]
                k += n
                end = import_desc_end(body, k)
                if module.decode() == MODULE:
                    names[field.decode()] = short(len(names))
                    field = names[field.decode()].encode()
                new += name(module) + name(field) + body[k:end]
                k = end
            assert k == len(body), "the import section was not read to its end"
            body = bytes(new)
        out += bytes([sid]) + uleb(len(body)) + body
        i = j + size
    return bytes(out), names


def main(pkg):
    wasm_path, glue_path = os.path.join(pkg, "app_bg.wasm"), os.path.join(pkg, "app.js")
    with open(wasm_path, "rb") as f:
        wasm, names = rename(f.read())
    with open(glue_path, encoding="utf-8") as f:
        glue = f.read()
    for old, new in names.items():
        key = re.compile(r"(?<![\w$])" + re.escape(old) + r"(?=\s*:)")
        found = len(key.findall(glue))
        if found != 1 or glue.count(old) != 1:
            sys.exit(f"short_imports.py: {old} is written {glue.count(old)} times in {glue_path} ({found} as a key), not once: the glue's layout changed")
        glue = key.sub(new, glue)
    with open(wasm_path, "wb") as f:
        f.write(wasm)
    with open(glue_path, "w", encoding="utf-8") as f:
        f.write(glue)
    print(f"short import names: {len(names)} of the first chunk's imports from the glue")


if __name__ == "__main__":
    main(sys.argv[1])
