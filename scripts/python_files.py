#!/usr/bin/env python3
"""Prints what Run my code may run, as JSON for js/python-files.js (esbuild --define):
each Pyodide folder's files in load order and virtual_asyncio's modules, each with its size
and SHA-256 (base64, as Subresource Integrity writes it). The page checks every file it
fetches or takes from its cache against these before anything runs.

    scripts/python_files.py DIST
"""
import base64
import hashlib
import json
import os
import sys


def entry(path):
    with open(path, "rb") as f:
        data = f.read()
    return {"bytes": len(data), "sha256": base64.b64encode(hashlib.sha256(data).digest()).decode()}


def main(dist):
    pyodide = {}
    root = os.path.join(dist, "pyodide")
    for version in sorted(os.listdir(root)):
        with open(os.path.join(root, version, "sizes.json")) as f:
            names = list(json.load(f))   # sizes.json lists the files in the order a run loads them
        pyodide[version] = {name: entry(os.path.join(root, version, name)) for name in names}
    package = os.path.join(dist, "static", "py", "virtual_asyncio")
    modules = {name: entry(os.path.join(package, name)) for name in sorted(os.listdir(package)) if name.endswith(".py")}
    print(json.dumps({"pyodide": pyodide, "modules": modules}, separators=(",", ":")))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
