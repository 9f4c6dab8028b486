"""The bundled server: precompressed brotli and gzip with the right headers, plain otherwise."""
import gzip
import os
import unittest
import urllib.request

from browser import DIST, Server, build_folder


class Serve(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def get(self, path, encoding=None):
        req = urllib.request.Request(self.server.url + path, headers={"Accept-Encoding": encoding} if encoding else {})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.headers, resp.read()

    def test_the_wasm_goes_out_as_brotli_gzip_or_plain_as_the_browser_accepts(self):
        wasm = build_folder() + "/app_bg.wasm"
        plain_file = os.path.join(DIST, wasm)
        with open(plain_file, "rb") as f:
            plain = f.read()
        with open(plain_file + ".br", "rb") as f:
            br = f.read()
        headers, body = self.get(wasm, "gzip, deflate, br")
        self.assertEqual(headers["Content-Encoding"], "br")
        self.assertEqual(headers["Content-Type"], "application/wasm")
        self.assertEqual(headers["Vary"], "Accept-Encoding")
        self.assertEqual(body, br)
        self.assertLess(len(body), len(plain) // 2)
        headers, body = self.get(wasm, "gzip")
        self.assertEqual(headers["Content-Encoding"], "gzip")
        self.assertEqual(gzip.decompress(body), plain)
        headers, body = self.get(wasm)
        self.assertIsNone(headers["Content-Encoding"])
        self.assertEqual(body, plain)
        self.assertEqual(headers["X-Content-Type-Options"], "nosniff")

    def test_the_page_loads_compressed_in_the_browser(self):
        headers, body = self.get("index.html", "br")
        self.assertEqual(headers["Content-Encoding"], "br")
        self.assertEqual(headers["Content-Type"], "text/html")


if __name__ == "__main__":
    unittest.main()
