#!/usr/bin/env python3
"""Writes code-sandbox.html, the page of Run my code's sandbox frame (see static/code-sandbox.js).

It inlines the frame's script, allowed by its SHA-256 in the page's Content-Security-Policy
(the only script the frame may run besides blob: URLs it makes), and carries the worker's
source as inert text that the script starts from a blob: URL. The policy allows no
connection, no frame, no form, no image or style from anywhere: the worker inherits it.

    scripts/sandbox_page.py STATIC_DIR OUT_FILE
"""
import base64
import hashlib
import sys

POLICY = ("default-src 'none'; script-src '{hash}' blob: 'wasm-unsafe-eval'; worker-src blob:; "
          "connect-src 'none'; base-uri 'none'; form-action 'none'")


def page(runner, worker):
    for name, text in (("code-sandbox.js", runner), ("code-worker.js", worker)):
        if "</script" in text.lower() or "<!--" in text:
            raise SystemExit(f"{name} must not contain '</script' or '<!--': it is inlined in a <script> element")
    digest = base64.b64encode(hashlib.sha256(runner.encode()).digest()).decode()
    policy = POLICY.format(hash=f"sha256-{digest}")
    return ("<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">\n"
            "<title>Run my code: sandbox</title>\n</head>\n<body>\n"
            f"<script type=\"text/plain\" id=\"worker-source\">{worker}</script>\n"
            f"<script>{runner}</script>\n</body>\n</html>\n")


def main(static_dir, out):
    with open(f"{static_dir}/code-sandbox.js") as f:
        runner = f.read()
    with open(f"{static_dir}/code-worker.js") as f:
        worker = f.read()
    with open(out, "w") as f:
        f.write(page(runner, worker))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
