//! **bounded-fetch** — the guide's concurrent API fetcher: a Semaphore caps the requests in
//! flight, each request has its own timeout, a TaskGroup holds the tasks, and errors come
//! back as data (`fetch_one` / `fetch_all`).

use std::cell::Cell;
use std::rc::Rc;

use serde_json::json;

use super::common::py_round;
use super::params::{ParamKind, ParamSpec};
use super::python::{py_float, py_num};
use super::{no_horizon, Compare, Outcome, ParamError, Program, Scenario, Values};
use crate::runtime::Loop;
use crate::runtime::{fetch, now, print, task_group, timeout, Exc, PyResult, Request, Semaphore};

pub(super) const SCENARIO: Scenario = Scenario {
    id: "bounded-fetch",
    title: "A real-world fetcher: Semaphore, per-request timeout, TaskGroup",
    summary: "All the fetch_one() tasks start at once, but the Semaphore lets only \
              max_concurrent of them send a request at a time; the rest queue, so the run \
              takes about ceil(urls / max_concurrent) rounds of latency. A request slower \
              than its timeout, or a failed connection, is caught inside fetch_one() and \
              returned as data, so one bad URL never cancels the other requests.",
    params: &[
        ParamSpec { name: "urls", label: "URLs", unit: "", help: "How many URLs to fetch.", kind: ParamKind::Int { default: 50, min: 1, max: 1000 } },
        ParamSpec { name: "max_concurrent", label: "Semaphore", unit: "", help: "At most this many requests in flight at once (the Semaphore's value).", kind: ParamKind::Int { default: 10, min: 1, max: 1000 } },
        ParamSpec { name: "latency", label: "Latency", unit: "s", help: "How long the simulated server takes to answer a request.", kind: ParamKind::Float { default: 0.5, min: 0.0, max: 60.0, step: 0.1 } },
        ParamSpec { name: "jitter", label: "Jitter", unit: "s", help: "Each latency varies by up to ± this much (seeded, never below 0).", kind: ParamKind::Float { default: 0.0, min: 0.0, max: 10.0, step: 0.1 } },
        ParamSpec { name: "request_timeout", label: "Timeout per request", unit: "s", help: "The asyncio.timeout() around each request.", kind: ParamKind::Float { default: 5.0, min: 0.001, max: 600.0, step: 0.5 } },
        ParamSpec { name: "fail_rate", label: "Failure rate", unit: "", help: "The share of requests whose connection fails (0 to 1, seeded).", kind: ParamKind::Float { default: 0.0, min: 0.0, max: 1.0, step: 0.05 } },
        ParamSpec { name: "seed", label: "Seed", unit: "", help: "Seed of the random jitter and failures: the same seed gives the same run.", kind: ParamKind::Int { default: 1, min: 0, max: 2_147_483_648 } },
        ParamSpec {
            name: "targets",
            label: "Real URLs (optional)",
            unit: "",
            help: "http(s) URLs separated by spaces or commas. On the real clock they are fetched for real (cycled over the URLs); CORS refusals and network failures come back as errors, as data. Empty: the page's simulated API. The virtual clock always simulates.",
            kind: ParamKind::Text { default: "", max_len: 2000 },
        },
    ],
    compare: Some(Compare { param: "max_concurrent", a: "1", b: "10" }),
    check,
    program,
    python,
    horizon: no_horizon,
    fidelity_cases: &[
        "urls=12&max_concurrent=3&latency=0.5&jitter=0.4&request_timeout=0.75&fail_rate=0.25&seed=8",
        "urls=5&max_concurrent=10&latency=0",
        "urls=20&max_concurrent=4&latency=0.2&jitter=0.3&seed=10",
    ],
};

/// The `targets` parameter split into URLs.
fn targets(v: &Values) -> Vec<String> {
    v.text("targets").split([' ', ',', '\n', '\t']).filter(|t| !t.is_empty()).map(str::to_string).collect()
}

/// True for an absolute http(s) URL with a host and no spaces.
fn is_http_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !host.starts_with(':') && host.chars().all(|c| c.is_ascii_alphanumeric() || "-.:[]_".contains(c))
    })
}

fn check(v: &Values) -> Result<(), ParamError> {
    match targets(v).into_iter().find(|t| !is_http_url(t)) {
        Some(bad) => Err(ParamError {
            param: "targets".into(),
            message: format!("targets must be http:// or https:// URLs separated by spaces or commas (got \"{}\")", bad.chars().take(60).collect::<String>()),
        }),
        None => Ok(()),
    }
}

/// splitmix64: the small seeded generator both programs use, draw for draw.
struct SplitMix64(u64);

impl SplitMix64 {
    /// A float in [0, 1) from the top 53 bits (exact in both languages).
    fn next_float(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / 9_007_199_254_740_992.0
    }
}

/// The Python twin of [`SplitMix64`] and [`make_requests`].
const PY_RNG: &str = r#"class SplitMix64:
    """A small seeded generator (splitmix64), so every run draws the same numbers."""

    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed

    def next_float(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        z ^= z >> 31
        return (z >> 11) / 2**53


def make_urls(n, seed):
    """URLs of the simulated API; each says how the server should answer it."""
    rng = SplitMix64(seed)
    urls = []
    for i in range(n):
        latency = round(max(0.0, LATENCY + (2 * rng.next_float() - 1) * JITTER), 3)
        fail = rng.next_float() < FAIL_RATE
        urls.append(f"/api/item/{i}?latency={latency}&status=200&fail={int(fail)}")
    return urls
"#;

/// The requests in url order: latency and failure drawn from the seeded generator.
fn make_requests(n: i64, latency: f64, jitter: f64, fail_rate: f64, seed: u64) -> Vec<Request> {
    let mut rng = SplitMix64(seed);
    (0..n)
        .map(|i| {
            let drawn = latency + (2.0 * rng.next_float() - 1.0) * jitter;
            let lat = py_round(if drawn > 0.0 { drawn } else { 0.0 }, 3); // Python's max(0.0, drawn)
            let fail = rng.next_float() < fail_rate;
            let url = format!("/api/item/{i}?latency={}&status=200&fail={}", py_float(lat), u8::from(fail));
            Request { url, latency: lat, status: 200, fail }
        })
        .collect()
}

/// Requests in flight now and at most (what the simulated session counts).
#[derive(Default)]
struct InFlight {
    now: Cell<i64>,
    max: Cell<i64>,
}

/// `fetch_one(session, url, semaphore)`: `(url, status, text)`, or `(url, None, error)`.
async fn fetch_one(req: Request, semaphore: Semaphore, limit: f64, in_flight: Rc<InFlight>) -> PyResult<(String, Option<u16>, String)> {
    let url = req.url.clone();
    let _permit = semaphore.acquire().await?;
    in_flight.now.set(in_flight.now.get() + 1);
    in_flight.max.set(in_flight.max.get().max(in_flight.now.get()));
    let answer = timeout(limit, fetch(req)).await;
    in_flight.now.set(in_flight.now.get() - 1);
    match answer {
        Ok(resp) => Ok((url, Some(resp.status), resp.body)),
        // except (TimeoutError, ClientError) as e: return url, None, str(e) or type(e).__name__
        Err(e) if matches!(e, Exc::Timeout) || e.type_name().starts_with("Client") => {
            let message = e.to_string();
            Ok((url, None, if message.is_empty() { e.type_name().to_string() } else { message }))
        }
        Err(other) => Err(other),
    }
}

fn program(v: &Values) -> Program {
    let mut requests = make_requests(v.int("urls"), v.float("latency"), v.float("jitter"), v.float("fail_rate"), v.int("seed") as u64);
    let real_urls = targets(v);
    let (max_concurrent, limit, latency) = (v.int("max_concurrent"), v.float("request_timeout"), v.float("latency"));
    let ideal = (requests.len() as f64 / max_concurrent as f64).ceil() * latency;
    Box::pin(async move {
        let on_real_clock = Loop::current().is_some_and(|lp| !lp.platform().is_virtual());
        if on_real_clock && !real_urls.is_empty() {
            for (i, req) in requests.iter_mut().enumerate() {
                req.url = real_urls[i % real_urls.len()].clone();
            }
        }
        let start = now();
        let n = requests.len();
        let semaphore = Semaphore::new(max_concurrent)?;
        let in_flight = Rc::new(InFlight::default());
        let counter = in_flight.clone();
        let tasks = task_group(|tg| async move {
            let mut tasks = Vec::new();
            for (i, req) in requests.into_iter().enumerate() {
                tasks.push(tg.spawn(&format!("fetch_one({i})"), fetch_one(req, semaphore.clone(), limit, counter.clone()))?);
            }
            Ok(tasks)
        })
        .await?;
        print(format!("max in flight: {}", in_flight.max.get()));
        let results: Vec<_> = tasks.iter().filter_map(|t| t.result().and_then(Result::ok)).collect();
        print(format!("{n} requests completed"));
        let ok = results.iter().filter(|r| r.1.is_some()).count();
        print(format!("ok: {ok} errors: {}", n - ok));
        let mut errors = Vec::new();
        for (url, _, message) in results.iter().filter(|r| r.1.is_none()) {
            print(format!("error: {url} {message}"));
            errors.push(json!({"url": url, "message": message}));
        }
        print(format!("elapsed {}", py_float(py_round(now() - start, 3))));
        Ok::<Outcome, _>(crate::outcome! {
            "ok" => ok,
            "errors" => errors,
            "max_in_flight" => in_flight.max.get(),
            "elapsed" => py_round(now() - start, 6),
            "ideal" => py_round(ideal, 6),
        })
    })
}

fn python(v: &Values) -> String {
    let real = targets(v);
    if !real.is_empty() {
        return python_real(v, &real);
    }
    let (urls, max_concurrent, seed) = (v.int("urls"), v.int("max_concurrent"), v.int("seed"));
    let (latency, jitter, fail_rate, limit) = (py_num(v.float("latency")), py_num(v.float("jitter")), py_num(v.float("fail_rate")), py_num(v.float("request_timeout")));
    format!(
        r#"import asyncio
import contextlib
import time
from urllib.parse import parse_qs, urlsplit

LATENCY = {latency}
JITTER = {jitter}
FAIL_RATE = {fail_rate}


{PY_RNG}

# aiohttp is not installed here, so a small simulated session stands in for
# aiohttp.ClientSession: the server answers after the latency written in the URL,
# or the connection fails, exactly as the playground's simulated API does.
class ClientError(Exception):
    pass


class ClientConnectionError(ClientError):
    pass


class SimulatedResponse:
    def __init__(self, url, status):
        self.url, self.status = url, status

    async def text(self):
        return f'{{{{"url": "{{self.url}}", "status": {{self.status}}}}}}'


class SimulatedSession:
    def __init__(self):
        self.in_flight = 0
        self.max_in_flight = 0

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    @contextlib.asynccontextmanager
    async def get(self, url):
        query = parse_qs(urlsplit(url).query)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await self.network(float(query["latency"][0]))
            if query["fail"] == ["1"]:
                raise ClientConnectionError(f"Cannot connect to host for {{url}}")
            yield SimulatedResponse(url, int(query["status"][0]))
        finally:
            self.in_flight -= 1

    async def network(self, seconds):
        # The answer arrives from a timer, as from a socket: unlike asyncio.sleep(0),
        # even a zero latency waits for the loop to deliver it.
        loop = asyncio.get_running_loop()
        answer = loop.create_future()
        timer = loop.call_later(seconds, lambda: answer.done() or answer.set_result(None))
        try:
            await answer
        finally:
            timer.cancel()


async def fetch_one(session, url, semaphore):
    async with semaphore:
        try:
            async with asyncio.timeout({limit}):
                async with session.get(url) as resp:
                    return url, resp.status, await resp.text()
        except (TimeoutError, ClientError) as e:
            return url, None, str(e) or type(e).__name__  # str(TimeoutError()) is empty


async def fetch_all(urls, max_concurrent=10):
    semaphore = asyncio.Semaphore(max_concurrent)
    async with SimulatedSession() as session:  # aiohttp.ClientSession() in the guide
        async with asyncio.TaskGroup() as tg:
            tasks = [tg.create_task(fetch_one(session, u, semaphore)) for u in urls]
        print("max in flight:", session.max_in_flight)
        return [t.result() for t in tasks]


async def main():
    start = time.perf_counter()
    urls = make_urls({urls}, seed={seed})
    results = await fetch_all(urls, max_concurrent={max_concurrent})
    print(len(results), "requests completed")
    errors = [(url, error) for url, status, error in results if status is None]
    print("ok:", len(results) - len(errors), "errors:", len(errors))
    for url, error in errors:
        print("error:", url, error)
    print("elapsed", round(time.perf_counter() - start, 3))


asyncio.run(main())
"#
    )
}

/// The guide's program as it is, over aiohttp, for the user's own URLs.
fn python_real(v: &Values, real: &[String]) -> String {
    let urls: Vec<String> = (0..v.int("urls") as usize).map(|i| format!("    {:?},", real[i % real.len()])).collect();
    format!(
        r#"# Needs aiohttp: pip install aiohttp
import asyncio
import aiohttp


async def fetch_one(session, url, semaphore):
    async with semaphore:
        try:
            async with asyncio.timeout({limit}):
                async with session.get(url) as resp:
                    return url, resp.status, await resp.text()
        except (TimeoutError, aiohttp.ClientError) as e:
            return url, None, str(e)


async def fetch_all(urls, max_concurrent={max_concurrent}):
    semaphore = asyncio.Semaphore(max_concurrent)
    async with aiohttp.ClientSession() as session:
        async with asyncio.TaskGroup() as tg:
            tasks = [tg.create_task(fetch_one(session, u, semaphore)) for u in urls]
        return [t.result() for t in tasks]


urls = [
{urls}
]
results = asyncio.run(fetch_all(urls))
print(len(results), "requests completed")
"#,
        limit = py_num(v.float("request_timeout")),
        max_concurrent = v.int("max_concurrent"),
        urls = urls.join("\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_urls_are_checked_before_any_request() {
        let s = &SCENARIO;
        assert!(s.values([("targets", "https://example.com/a http://localhost:8000/x")]).is_ok());
        for bad in ["example.com", "ftp://x.org", "https://", "http:// spaced.org", "javascript:alert(1)"] {
            let errors = s.values([("targets", bad)]).unwrap_err();
            assert_eq!(errors[0].param, "targets", "{bad}");
            assert!(errors[0].message.starts_with("targets must be http:// or https:// URLs"), "{}", errors[0].message);
        }
    }

    #[test]
    fn the_virtual_clock_simulates_even_with_target_urls() {
        let s = &SCENARIO;
        let v = s.values([("urls", "3"), ("latency", "0.5"), ("targets", "https://example.com/")]).unwrap();
        let run = crate::scenarios::run_virtual(super::super::find("bounded-fetch").unwrap(), &v);
        assert_eq!(run.report.result.unwrap()["ok"], 3);
        assert!(python(&v).contains("aiohttp.ClientSession()"), "the Python is the guide's own");
    }
}
