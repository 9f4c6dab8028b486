"""A static file server for the release bundle, bound to 127.0.0.1.

Serves .wasm as application/wasm (needed for streaming compilation) and sends no-cache
headers so a rebuild shows on reload, and `X-Content-Type-Options: nosniff`. A file that
scripts/build.sh precompressed (`app_bg.wasm.br`, `app.js.gz`, …) is sent compressed to a
browser that accepts it — brotli first, then gzip — with `Content-Encoding` and
`Vary: Accept-Encoding`. Prints the URL once listening. (The page's Content-Security-Policy is
in index.html, so it holds on any host.) Run my code's sandbox page gets a header policy on
top of its own, which only a header can set: `sandbox allow-scripts`, so that it has an opaque
origin however it is opened or framed (the page checks that too, and refuses otherwise).
"""
import argparse
import functools
import http.server
import os


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }

    isolated = False

    # Content-Encoding and the suffix of the precompressed file, in order of preference.
    ENCODINGS = [("br", ".br"), ("gzip", ".gz")]

    def send_head(self):
        path = self.translate_path(self.path)
        # A folder's page (`/`, `/play/`) is its index.html, sent compressed like any file.
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/") and os.path.isfile(os.path.join(path, "index.html")):
            path = os.path.join(path, "index.html")
        accepted = {e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")}
        if os.path.isfile(path):
            for encoding, suffix in self.ENCODINGS:
                if encoding in accepted and os.path.isfile(path + suffix):
                    return self.send_compressed(path, path + suffix, encoding)
        return super().send_head()

    def send_compressed(self, path, compressed, encoding):
        f = open(compressed, "rb")
        try:
            size = os.fstat(f.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(size))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        # Files are what their extension says: no content sniffing.
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.path.split("?")[0].endswith("/code-sandbox.html"):
            self.send_header("Content-Security-Policy", "sandbox allow-scripts")
        if self.isolated:
            # Cross-origin isolation: performance.now() resolution goes from 100 us to 5 us.
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet: one line per request is noise here
        pass


class Server(http.server.ThreadingHTTPServer):
    """The standard threading server with a deeper listen queue: a page asks for twenty chunk
    files at once, and socketserver's 5 waiting connections overflowed on a busy machine (a
    chunk's fetch failed with "Failed to fetch")."""

    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--isolated", action="store_true", help="send COOP/COEP headers (cross-origin isolation)")
    args = parser.parse_args()
    Handler.isolated = args.isolated
    handler = functools.partial(Handler, directory=args.dir)
    with Server(("127.0.0.1", args.port), handler) as server:
        print(f"asyncio-playground: http://127.0.0.1:{server.server_address[1]}/", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
