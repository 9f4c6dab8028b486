"""Tests for what makes the guide's code run as pasted in Run my code: the aiohttp and
requests stand-ins and their simulated API (static/py/virtual_asyncio/standin_*.py,
simapi.py), the virtual clocks (clocks.py) and the missing-module message (imports.py).
The guide's code blocks are in tests/cpython/guide/ (tests/e2e/test_standins.py pastes the
same files into the page's editor).

Each stand-in call is checked against what aiohttp 3.x's and requests 2.x's documentation
says it does: statuses, exception classes and texts, the context-manager protocol.

Run from the repository root, under each CPython:
    python3 -m unittest discover -s tests/cpython -p 'test_*.py'
"""
import json
import os
import subprocess
import sys
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
GUIDE = os.path.join(HERE, "guide")
HARNESS = os.path.join(HERE, "harness.py")
sys.path.insert(0, os.path.join(HERE, "..", "..", "static", "py"))

import virtual_asyncio  # noqa: E402
from virtual_asyncio import clocks, imports, simapi  # noqa: E402
from test_virtual_asyncio import PageCase  # noqa: E402


def guide(name):
    with open(os.path.join(GUIDE, name), encoding="utf-8") as f:
        return f.read()


class Case(PageCase):
    def result(self, source, **options):
        result = super().result(source, **options)
        self.assertEqual(result["ended"], {"how": "completed"})
        return result

    def prints(self, result):
        return [e["detail"] for e in result["events"] if e["kind"] == "print"]

    def timed_prints(self, result):
        return [(e["t"], e["detail"]) for e in result["events"] if e["kind"] == "print"]

    @staticmethod
    def in_flight(result):
        """The most requests in flight at once: a task is in flight from its suspend on a
        fetch until its next step."""
        flying, most = set(), 0
        for e in result["events"]:
            if e["kind"] == "suspend" and e["on"] == "fetch":
                flying.add(e["task"])
            elif e["kind"] == "step":
                flying.discard(e["task"])
            most = max(most, len(flying))
        return most


class GuideFetcherTest(Case):
    def test_the_guides_fetcher_prints_50_requests_completed_ten_at_a_time(self):
        r = self.result(guide("fetcher.py"))
        self.assertEqual(self.timed_prints(r), [(2.5, "50 requests completed")])   # ceil(50 / 10) * 0.5 s
        self.assertEqual(r["elapsed"], 2.5)
        self.assertEqual(self.in_flight(r), 10)
        fetches = [e for e in r["events"] if e["kind"] == "suspend" and e["on"] == "fetch"]
        self.assertEqual(len(fetches), 50)
        self.assertTrue(all(e["url"] == "https://example.com" and "detail" not in e
                            and e["line"] == 8 for e in fetches))
        self.assertEqual({t["state"] for t in r["tasks"]}, {"done"})
        self.assertEqual(r["outcome"]["returned_by"], "fetch_all()")

    def test_the_bound_sets_the_time_and_the_most_in_flight(self):
        for bound, latency, elapsed in ((10, 0.5, 2.5), (5, 0.5, 5.0), (50, 0.5, 0.5), (7, 0.2, 1.6)):
            with self.subTest(bound=bound, latency=latency):
                source = guide("fetcher.py").replace("max_concurrent=10", f"max_concurrent={bound}")
                r = self.result(source, api={"latency": latency})
                self.assertEqual(self.prints(r), ["50 requests completed"])
                self.assertAlmostEqual(r["elapsed"], elapsed, places=9)
                self.assertEqual(self.in_flight(r), min(bound, 50))

    def test_seeded_failures_come_back_as_url_none_message(self):
        source = guide("fetcher.py") + textwrap.dedent("""
            failed = [r for r in results if r[1] is None]
            print(len(failed), "failed")
            for url, status, message in failed[:2]:
                print(url, status, message)
        """)
        r = self.result(source, api={"fail_rate": 0.3, "seed": 7})
        rng = simapi.SplitMix64(7)
        expected = 0
        for _ in range(50):
            rng.next_float()
            expected += rng.next_float() < 0.3
        self.assertGreater(expected, 0)
        out = self.prints(r)
        self.assertEqual(out[:2], ["50 requests completed", f"{expected} failed"])
        message = ("Cannot connect to host example.com:443 ssl:default "
                   "[simulated connection failure (the playground's fail rate)]")
        self.assertEqual(out[2], f"https://example.com None {message}")
        self.assertEqual(self.result(source, api={"fail_rate": 0.3, "seed": 7})["events"], r["events"])
        self.assertNotEqual(self.prints(self.result(source, api={"fail_rate": 0.3, "seed": 8}))[1], out[1] + "x")

    def test_jitter_draws_each_latency_from_the_seed_and_a_timeout_cuts_the_slow_ones(self):
        source = guide("fetcher.py").replace("asyncio.timeout(5)", "asyncio.timeout(0.6)") + textwrap.dedent("""
            print(sum(r[1] is None for r in results), "timed out")
        """)
        r = self.result(source, api={"latency": 0.5, "jitter": 0.3, "seed": 3})
        rng = simapi.SplitMix64(3)
        lat = []
        for _ in range(50):
            lat.append(round(max(0.0, 0.5 + (2 * rng.next_float() - 1) * 0.3), 3))
            rng.next_float()
        self.assertEqual(self.prints(r), ["50 requests completed", f"{sum(x > 0.6 for x in lat)} timed out"])
        first = next(e for e in r["events"] if e["kind"] == "wake" and e["task"] == 2)
        self.assertAlmostEqual(first["t"], min(lat[0], 0.6))

    def test_the_harness_runs_the_fetcher_the_same(self):
        path = os.path.join(GUIDE, "fetcher.py")
        out = subprocess.run([sys.executable, HARNESS, path, "--run-result"], capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        self.assertEqual(self.timed_prints(r), [(2.5, "50 requests completed")])


class AiohttpStandinTest(Case):
    def run_main(self, body, **options):
        return self.prints(self.result("import asyncio, aiohttp\n\nasync def main():\n"
                                       + textwrap.indent(textwrap.dedent(body), "    ")
                                       + "\nasyncio.run(main())\n", **options))

    def test_a_response_has_status_ok_reason_headers_and_its_body(self):
        out = self.run_main("""
            async with aiohttp.ClientSession() as session:
                async with session.get("https://api.example.com/items/1") as resp:
                    print(resp.status, resp.ok, resp.reason, resp.headers["content-type"])
                    data = await resp.json()
                    print(data["url"], data["method"], data["status"], data["simulated"])
                    print(type(await resp.read()).__name__, (await resp.text())[:8])
                    resp.raise_for_status()
                resp = await session.post("https://api.example.com/items")
                print(resp.status, resp.method)
            print(session.closed)
        """)
        self.assertEqual(out, ["200 True OK application/json; charset=utf-8",
                               "https://api.example.com/items/1 GET 200 True",
                               'bytes {"url": ',
                               "200 POST",
                               "True"])

    def test_raise_for_status_raises_client_response_error_as_aiohttp_writes_it(self):
        out = self.run_main("""
            async with aiohttp.ClientSession() as session:
                async with session.get("https://example.com/missing?status=404") as resp:
                    print(resp.status, resp.ok, resp.reason)
                    try:
                        resp.raise_for_status()
                    except aiohttp.ClientResponseError as e:
                        print(type(e).__name__, e.status, e.message, "|", e)
                        print(isinstance(e, aiohttp.ClientError))
            async with aiohttp.ClientSession(raise_for_status=True) as session:
                try:
                    await session.get("https://example.com/?status=503")
                except aiohttp.ClientResponseError as e:
                    print(e.status, e.message)
        """)
        self.assertEqual(out, ["404 False Not Found",
                               "ClientResponseError 404 Not Found | 404, message='Not Found', "
                               "url='https://example.com/missing?status=404'",
                               "True",
                               "503 Service Unavailable"])

    def test_failures_and_timeouts_are_aiohttps_exceptions(self):
        out = self.run_main("""
            async with aiohttp.ClientSession() as session:
                try:
                    await session.get("https://example.com/?fail=1")
                except aiohttp.ClientConnectorError as e:
                    print(type(e).__mro__[1].__name__, isinstance(e, aiohttp.ClientConnectionError), isinstance(e, OSError))
                    print(e.host, e.port)
                try:
                    await session.get("https://example.com/", timeout=aiohttp.ClientTimeout(total=0.2))
                except TimeoutError as e:
                    print("total", type(e).__name__, repr(str(e)), asyncio.get_running_loop().time())
                try:
                    await session.get("https://example.com/", timeout=aiohttp.ClientTimeout(sock_read=0.1))
                except aiohttp.ServerTimeoutError as e:
                    print("sock_read", type(e).__name__, isinstance(e, TimeoutError), e)
                try:
                    await session.get("/relative")
                except aiohttp.InvalidURL as e:
                    print(type(e).__name__, e, isinstance(e, ValueError))
            try:
                session.get("https://example.com")
            except RuntimeError as e:
                print(e)
        """)
        self.assertEqual(out, ["ClientOSError True True",
                               "example.com 443",
                               "total TimeoutError '' 0.7",
                               "sock_read SocketTimeoutError True Timeout on reading data from socket",
                               "InvalidUrlClientError /relative True",
                               "Session is closed"])

    def test_sessions_and_responses_are_async_context_managers_and_aiohttp_request_works(self):
        out = self.run_main("""
            session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
            print(await session.__aenter__() is session, session.timeout.total)
            cm = session.get("http://localhost:8080/x?latency=1.5")
            resp = await cm.__aenter__()
            print(resp.status, asyncio.get_running_loop().time(), resp.closed)
            await cm.__aexit__(None, None, None)
            print(resp.closed)
            await session.close()
            print(session.closed)
            async with aiohttp.request("GET", "https://example.com/?latency=0") as resp:
                print("request", resp.status)
            print(issubclass(aiohttp.ServerTimeoutError, TimeoutError), aiohttp.ClientTimeout().total)
        """)
        self.assertEqual(out, ["True 10", "200 1.5 False", "True", "True", "request 200", "True None"])

    def test_requests_in_flight_are_drawn_on_their_tasks(self):
        r = self.result("""
            import asyncio, aiohttp
            async def get(session, n):
                async with session.get(f"https://example.com/{n}?latency={n}") as resp:
                    return resp.status
            async def main():
                async with aiohttp.ClientSession() as s:
                    print(await asyncio.gather(get(s, 1), get(s, 2)))
            asyncio.run(main())
        """)
        self.assertEqual(self.timed_prints(r), [(2.0, "[200, 200]")])
        fetch = [(e["task"], e["url"], e["t"]) for e in r["events"] if e["kind"] == "suspend" and e["on"] == "fetch"]
        self.assertEqual(fetch, [(2, "https://example.com/1?latency=1", 0.0), (3, "https://example.com/2?latency=2", 0.0)])
        wakes = [(e["task"], e["t"]) for e in r["events"] if e["kind"] == "wake" and e["task"] in (2, 3)]
        self.assertEqual(wakes, [(2, 1.0), (3, 2.0)])


class RequestsStandinTest(Case):
    def test_requests_get_blocks_the_loop(self):
        r = self.result(guide("blocking_driver.py"))
        blocked = [e for e in r["events"] if e["kind"] == "blocked"]
        self.assertEqual([(e["t"], e["secs"], e["what"]) for e in blocked],
                         [(0.0, 0.5, "requests.get('https://example.com/api')")])
        self.assertEqual(blocked[0]["line"], 14)
        out = self.timed_prints(r)
        # Blocking: the heartbeat due at 0.1 runs only after the request, at 0.5.
        self.assertEqual(out[:4], [(0.5, "blocking: 200 at 0.5"), (0.5, "beat 1 at 0.5"), (0.6, "beat 2 at 0.6"),
                                   (0.7, "beat 3 at 0.7")])
        # to_thread: a worker lane holds the request, the beats keep time meanwhile.
        jobs = [e for e in r["events"] if e["kind"] in ("job-start", "job-end")]
        self.assertEqual([(e["kind"], e["t"]) for e in jobs], [("job-start", 0.7), ("job-end", 1.2)])
        self.assertTrue(jobs[0]["job"].startswith("requests.get("))
        self.assertEqual([d for _, d in out[4:]], ["beat 1 at 0.8", "beat 2 at 0.9", "beat 3 at 1.0", "to_thread: 200 after 0.5"])

    def test_responses_and_exceptions_are_requests(self):
        r = self.result("""
            import requests
            from requests.exceptions import HTTPError
            import asyncio
            async def main():
                r = requests.get("https://example.com/a", params={"q": "x"})
                print(r.status_code, r.ok, r.reason, r.json()["url"], r.headers["Content-Type"], r.elapsed.total_seconds())
                print(repr(r), type(r.content).__name__, r.text[:8])
                r.raise_for_status()
                try:
                    requests.get("https://example.com/b?status=404").raise_for_status()
                except HTTPError as e:
                    print(e, e.response.status_code, isinstance(e, requests.RequestException))
                try:
                    requests.post("https://example.com/c?fail=1", json={"a": 1})
                except requests.ConnectionError as e:
                    print(str(e).split(" (Caused")[0])
                try:
                    requests.get("https://example.com/d?latency=5", timeout=2)
                except requests.exceptions.Timeout as e:
                    print(type(e).__name__, e)
                try:
                    requests.get("example.com")
                except requests.exceptions.MissingSchema as e:
                    print(e)
                with requests.Session() as s:
                    print(s.get("http://localhost/e?status=201").status_code)
                print(asyncio.get_running_loop().time())
            asyncio.run(main())
        """)
        self.assertEqual(self.prints(r), [
            "200 True OK https://example.com/a?q=x application/json; charset=utf-8 0.5",
            '<Response [200]> bytes {"url": ',
            "404 Client Error: Not Found for url: https://example.com/b?status=404 404 True",
            "HTTPSConnectionPool(host='example.com', port=443): Max retries exceeded with url: /c",
            "ReadTimeout HTTPSConnectionPool(host='example.com', port=443): Read timed out. (read timeout=2)",
            "Invalid URL 'example.com': No scheme supplied. Perhaps you meant https://example.com?",
            "201",
            "4.0",   # 0.5 + 0.5 + 0.5 + 2 (the timeout) + 0.5: the loop was blocked all along
        ])
        self.assertEqual(len([e for e in r["events"] if e["kind"] == "blocked"]), 5)

    def test_a_request_outside_asyncio_run_takes_no_virtual_time(self):
        out = self.page("import requests, time\nt = time.time()\nprint(requests.get('https://example.com').status_code, time.time() - t)\n")
        self.assertIsNone(out["error"])
        self.assertIsNone(out["result"])


class ClockTest(Case):
    def test_every_clock_follows_the_virtual_loop(self):
        r = self.result(guide("clocks.py"))
        self.assertEqual(self.prints(r), ["now: 2026-01-01T00:00:00", "took 2.0 seconds", "monotonic: 2.0",
                                          "loop: 2.0", "now: 2026-01-01T00:00:02", "whole program: 2.0"])

    def test_time_time_and_the_other_clocks(self):
        r = self.result("""
            import asyncio, time, datetime
            async def main():
                await asyncio.sleep(1.5)
                print(time.time(), time.time_ns(), time.perf_counter_ns(), time.monotonic_ns())
                print(time.strftime("%Y-%m-%d %H:%M:%S"), time.ctime(), time.localtime().tm_sec)
                print(datetime.date.today(), datetime.datetime.now(datetime.timezone.utc).isoformat())
                print(isinstance(datetime.datetime(2020, 1, 1), datetime.datetime), isinstance(datetime.datetime.now(), datetime.date))
                time.sleep(2)
                print(time.perf_counter(), datetime.datetime.now().second)
            asyncio.run(main())
            asyncio.run(main())
        """)
        epoch = clocks.EPOCH
        self.assertEqual(epoch, 1767225600)
        self.assertEqual(self.prints(r), [
            f"{epoch + 1.5} {epoch * 10**9 + 1_500_000_000} 1500000000 1500000000",
            "2026-01-01 00:00:01 Thu Jan  1 00:00:01 2026 1",
            "2026-01-01 2026-01-01T00:00:01.500000+00:00",
            "True True",
            "3.5 3",
            # the second run goes on where the first ended (as the page's timeline does)
            f"{epoch + 5.0} {epoch * 10**9 + 5_000_000_000} 5000000000 5000000000",
            "2026-01-01 00:00:05 Thu Jan  1 00:00:05 2026 5",
            "2026-01-01 2026-01-01T00:00:05+00:00",
            "True True",
            "7.0 7",
        ])

    def test_the_clocks_are_real_again_after_the_program(self):
        import time
        self.result("import asyncio\nasyncio.run(asyncio.sleep(1))\n")
        self.assertGreater(time.time(), clocks.EPOCH + 10**6 if time.time() > clocks.EPOCH + 10**6 else 0)
        import datetime
        self.assertIs(datetime.datetime, clocks._REAL_DATETIME)
        self.assertNotIn("aiohttp", sys.modules)


class MissingModuleTest(Case):
    def test_a_missing_module_says_what_to_use_instead(self):
        out = self.page(guide("missing_module.py"))
        self.assertIsNone(out["result"])
        text = out["error"]["text"]
        last = text.splitlines()[-1]
        self.assertEqual(last, "ModuleNotFoundError: " + imports.MISSING.format(name="numpy"))
        self.assertIn("aiohttp and requests", last)
        self.assertNotIn("micropip", text)
        self.assertEqual(out["error"]["frames"][0]["line"], 2)

    def test_a_program_can_still_catch_it_and_probe_with_find_spec(self):
        r = self.result("""
            import importlib.util
            try:
                import numpy
            except ImportError as e:
                print(type(e).__name__, e.name)
            print(importlib.util.find_spec("numpy"))
            import aiohttp, requests
            print(aiohttp.__name__, requests.__name__)
            import asyncio
            asyncio.run(asyncio.sleep(0))
        """)
        self.assertEqual(self.prints(r), ["ModuleNotFoundError numpy", "None", "aiohttp requests"])

    def test_a_failure_inside_asyncio_run_names_it_too(self):
        out = self.page("import asyncio\nasync def main():\n    import pandas\nasyncio.run(main())\n")
        self.assertEqual(out["result"]["outcome"]["error"], "ModuleNotFoundError: " + imports.MISSING.format(name="pandas"))


class GuideBlocksTest(Case):
    """Every code block of the guide, as pasted, prints what CPython prints (on the
    virtual clock the times are exact)."""

    EXPECTED = {
        "event_loop.py": ["start", "end"],
        "coroutines_tasks.py": ["sequential: 5.0", "concurrent: 1.0"],
        "taskgroup.py": ["caught: boom at 2"],
        "lock.py": ["100"],
        "timeout.py": ["operation timed out after 2s"],
        "fetcher.py": ["50 requests completed"],
    }

    def test_each_block_runs_as_pasted(self):
        for name, expected in self.EXPECTED.items():
            with self.subTest(name):
                self.assertEqual(self.prints(self.result(guide(name))), expected)
        out = self.page(guide("bad_vs_good.py"))   # only defines functions
        self.assertEqual((out["error"], out["result"], out["syntax_error"]), (None, None, None))


if __name__ == "__main__":
    unittest.main()
