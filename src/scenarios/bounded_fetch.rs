//! **bounded-fetch** — the guide's concurrent API fetcher: a Semaphore caps the requests in
//! flight, each request has its own timeout, a TaskGroup holds the tasks, and errors come
//! back as data (`fetch_one` / `fetch_all`).

use std::cell::Cell;
use std::rc::Rc;

use serde_json::json;

use super::common::py_round;
use super::glossary::{self, Term};
use super::lesson::{keep_the_work, Challenge, Change, Judgement, Lesson, Seen};
use super::params::{Cross, ParamKind, ParamSpec};
use super::python::{py_float, py_num, py_str};
use super::question as q;
use super::RunResult;
use super::{Compare, Def, GlossaryEntry, Kind, Outcome, ParamError, Program, Scenario, Source, Values};
use crate::i18n::Msg;
use crate::runtime::{
    enter, enter_hidden, inline, now, print, raised, reached, returned, task_group, timeout, Exc, Loop, LoopFuture, PyResult, Request, Response, Semaphore,
    WaitOn,
};
use crate::runtime::{EventKind, Prim};

pub(super) const SCENARIO: Scenario = Scenario::of::<BoundedFetch>(
    Kind::BoundedFetch,
    "bounded-fetch",
    "bounded-fetch-title",
    &[
        ParamSpec {
            name: "urls",
            label: "bounded-fetch-urls",
            unit: "",
            help: "bounded-fetch-urls-help",
            kind: ParamKind::Int { default: 50, min: 1, max: 1000 },
        },
        ParamSpec {
            name: "max_concurrent",
            label: "bounded-fetch-max_concurrent",
            unit: "",
            help: "bounded-fetch-max_concurrent-help",
            kind: ParamKind::Int { default: 10, min: 1, max: 1000 },
        },
        ParamSpec {
            name: "latency",
            label: "bounded-fetch-latency",
            unit: "s",
            help: "bounded-fetch-latency-help",
            kind: ParamKind::Float { default: 0.5, min: 0.0, max: 60.0, step: 0.1 },
        },
        ParamSpec {
            name: "jitter",
            label: "bounded-fetch-jitter",
            unit: "s",
            help: "bounded-fetch-jitter-help",
            kind: ParamKind::Float { default: 0.0, min: 0.0, max: 10.0, step: 0.1 },
        },
        ParamSpec {
            name: "request_timeout",
            label: "bounded-fetch-request_timeout",
            unit: "s",
            help: "bounded-fetch-request_timeout-help",
            kind: ParamKind::Float { default: 5.0, min: 0.001, max: 600.0, step: 0.5 },
        },
        ParamSpec {
            name: "fail_rate",
            label: "bounded-fetch-fail_rate",
            unit: "",
            help: "bounded-fetch-fail_rate-help",
            kind: ParamKind::Float { default: 0.0, min: 0.0, max: 1.0, step: 0.05 },
        },
        ParamSpec {
            name: "seed",
            label: "bounded-fetch-seed",
            unit: "",
            help: "bounded-fetch-seed-help",
            kind: ParamKind::Int { default: 1, min: 0, max: 2_147_483_648 },
        },
        ParamSpec {
            name: "targets",
            label: "bounded-fetch-targets",
            unit: "",
            help: "bounded-fetch-targets-help",
            kind: ParamKind::Text { default: "", max_len: 2000 },
        },
    ],
    Some(Compare { param: "max_concurrent", a: "1", b: "10" }),
    &[
        "urls=12&max_concurrent=3&latency=0.5&jitter=0.4&request_timeout=0.75&fail_rate=0.25&seed=8",
        "urls=5&max_concurrent=10&latency=0",
        "urls=20&max_concurrent=4&latency=0.2&jitter=0.3&seed=10",
    ],
);

pub(super) struct BoundedFetch;

/// The parameters of **bounded-fetch**.
pub(super) struct Params {
    urls: i64,
    max_concurrent: i64,
    latency: f64,
    jitter: f64,
    request_timeout: f64,
    fail_rate: f64,
    seed: i64,
    /// Real URLs to fetch on the real clock (empty: the simulated API).
    targets: Vec<String>,
}

/// The `targets` text split into URLs.
fn split_targets(text: &str) -> Vec<String> {
    text.split([' ', ',', '\n', '\t']).filter(|t| !t.is_empty()).map(str::to_string).collect()
}

/// True for an absolute http(s) URL with a host and no spaces.
fn is_http_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !host.starts_with(':') && host.chars().all(|c| c.is_ascii_alphanumeric() || "-.:[]_".contains(c))
    })
}

/// The check across parameters [`check`] makes: every target an http(s) URL (the first that is
/// not, shown cut to this many characters).
const TARGET_SHOWN: usize = 60;
const TARGETS_ARE_URLS: Cross = Cross::HttpUrls { param: "targets", shown: TARGET_SHOWN, message: "bounded-fetch-error-targets" };

fn check(p: &Params) -> Result<(), ParamError> {
    match p.targets.iter().find(|t| !is_http_url(t)) {
        Some(bad) => Err(ParamError::new("targets", Msg::new("bounded-fetch-error-targets").echo("got", &bad.chars().take(TARGET_SHOWN).collect::<String>()))),
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

    def __init__(self, seed):⟦rng.__init__⟧
        self.state = seed⟦rng.state⟧

    def next_float(self):⟦next_float⟧
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK⟦nf.state⟧
        z = self.state⟦nf.z⟧
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK⟦nf.mix30⟧
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK⟦nf.mix27⟧
        z ^= z >> 31⟦nf.mix31⟧
        return (z >> 11) / 2**53⟦nf.return⟧


def make_urls(n, seed):⟦make_urls⟧
    """URLs of the simulated API; each says how the server should answer it."""
    rng = SplitMix64(seed)⟦mu.rng⟧
    urls = []⟦mu.urls⟧
    for i in range(n):⟦mu.for⟧
        latency = round(max(0.0, LATENCY + (2 * rng.next_float() - 1) * JITTER), 3)⟦mu.latency⟧
        fail = rng.next_float() < FAIL_RATE⟦mu.fail⟧
        urls.append(f"/api/item/{i}?latency={latency}&status=200&fail={int(fail)}")⟦mu.append⟧
    return urls⟦mu.return⟧
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

/// `make_urls(n, seed)` as the running task executes it: its lines and those of the
/// generator's `__init__` and `next_float` (plain functions: lines, no returns). The
/// requests themselves come from [`make_requests`]; no line depends on the draws.
fn make_urls_lines(src: &Source, n: i64) {
    let _frame = enter("make_urls", format!("make_urls({n})"), src.line("make_urls"));
    src.at("mu.rng");
    {
        let _init = enter("__init__", "SplitMix64(seed)", src.line("rng.__init__"));
        src.at("rng.state");
    }
    src.at("mu.urls");
    for _ in 0..n {
        src.at("mu.for");
        src.at("mu.latency");
        next_float_lines(src);
        src.at("mu.fail");
        next_float_lines(src);
        src.at("mu.append");
    }
    src.at("mu.for");
    src.at("mu.return");
}

/// `rng.next_float()`'s six lines.
fn next_float_lines(src: &Source) {
    let _frame = enter("next_float", "next_float()", src.line("next_float"));
    for line in ["nf.state", "nf.z", "nf.mix30", "nf.mix27", "nf.mix31", "nf.return"] {
        src.at(line);
    }
}

/// Python's repr of a `fetch_one` result: `('/api/item/0?…', 200, '{"url": …}')`.
fn result_repr((url, status, text): &(String, Option<u16>, String)) -> String {
    let status = status.map_or("None".to_string(), |s| s.to_string());
    format!("({}, {status}, {})", py_str(url), py_str(text))
}

/// `network(seconds)`'s `await answer`: the request on the loop's http service, its answer —
/// a response or a connection failure — the future's *value*, as the program's timer sets the
/// future's result and `get()` raises the failure afterwards (an `Err` here is only what is
/// thrown in: the timeout's cancellation, which aborts the request).
async fn network(req: Request) -> PyResult<PyResult<Response>> {
    let lp = Loop::running()?;
    let answer = LoopFuture::<PyResult<Response>>::new(WaitOn::Fetch { url: req.url.clone() });
    let setter = answer.clone();
    let abort = lp.http().start(&lp, req, Box::new(move |result| _ = setter.set_result(result)));
    let got = answer.wait().await;
    if got.is_err() {
        abort();
    }
    got
}

/// `fetch_one(session, url, semaphore)`: `(url, status, text)`, or `(url, None, error)`.
///
/// The request runs in `session.get(url)`, an async generator behind contextlib's
/// `__aenter__`, which awaits `network()`: program frames the await chain does not reach
/// ([`enter_hidden`]), so the task is shown suspended at `fetch_one`'s `async with`, while a
/// cancellation the timeout throws in arrives in `network()` and passes out through each.
async fn fetch_one(req: Request, semaphore: Semaphore, limit: f64, in_flight: Rc<InFlight>, src: Rc<Source>) -> PyResult<(String, Option<u16>, String)> {
    let url = req.url.clone();
    src.at("fo.sem");
    let _permit = semaphore.acquire().await?;
    src.at("fo.try");
    src.at("fo.timeout");
    in_flight.now.set(in_flight.now.get() + 1);
    in_flight.max.set(in_flight.max.get().max(in_flight.now.get()));
    let s = src.clone();
    let answer = timeout(limit, async move {
        s.at("fo.get");
        let got = {
            let _get = enter_hidden("get", "get(url)", s.line("get"));
            for line in ["get.query", "get.count", "get.max", "get.try", "get.network"] {
                s.at(line);
            }
            let got = {
                let _network = enter_hidden("network", "network(seconds)", s.line("network"));
                for line in ["net.loop", "net.future", "net.timer", "net.try", "net.await"] {
                    s.at(line);
                }
                let got = network(req).await;
                s.at("net.cancel"); // finally: timer.cancel()
                if got.is_ok() {
                    returned("None");
                }
                got
            };
            match got.and_then(|answer| answer) {
                Err(e) if e.is_cancelled() => {
                    raised(e.type_name().to_string()); // the cancellation passes out of network()
                    s.at("get.finally");
                    Err(e)
                }
                Err(e) => {
                    s.at("get.fail");
                    s.at("get.raise");
                    raised(e.type_name().to_string());
                    s.at("get.finally");
                    Err(e)
                }
                Ok(resp) => {
                    s.at("get.fail");
                    s.at("get.yield");
                    let _init = enter("__init__", "SimulatedResponse(url, status)", s.line("response.__init__"));
                    s.at("response.fields");
                    Ok(resp)
                }
            }
        };
        match got {
            Ok(resp) => {
                s.at("fo.return");
                {
                    let _text = enter("text", "text()", s.line("text"));
                    s.at("text.return");
                    returned(py_str(&resp.body));
                }
                s.at("fo.get"); // the async with's exit resumes get() to its finally
                let _get = enter_hidden("get", "get(url)", s.line("get"));
                s.at("get.finally");
                Ok(resp)
            }
            Err(e) => {
                // get()'s exception reaches fetch_one out of contextlib's __aenter__: a cancellation
                // thrown through it, a connection error returned into it
                if e.is_cancelled() {
                    raised(e.type_name().to_string());
                } else {
                    reached(e.type_name().to_string());
                }
                Err(e)
            }
        }
    })
    .await;
    in_flight.now.set(in_flight.now.get() - 1);
    src.at("fo.timeout"); // the timeout's exit
    let result = match answer {
        Ok(resp) => (url, Some(resp.status), resp.body),
        // except (TimeoutError, ClientError) as e: return url, None, str(e) or type(e).__name__
        Err(e) if matches!(e, Exc::Timeout) || e.type_name().starts_with("Client") => {
            if matches!(e, Exc::Timeout) {
                raised("TimeoutError"); // the timeout's exit turned the CancelledError into it
            }
            let message = e.to_string();
            src.at("fo.except");
            src.at("fo.error");
            (url, None, if message.is_empty() { e.type_name().to_string() } else { message })
        }
        Err(other) => return Err(other),
    };
    src.at("fo.sem"); // the semaphore's exit
    returned(result_repr(&result));
    Ok(result)
}

/// The guide's program as it is, over aiohttp, for the user's own URLs.
fn python_real(p: &Params) -> String {
    let real = &p.targets;
    let urls: Vec<String> = (0..p.urls as usize).map(|i| format!("    {:?},", real[i % real.len()])).collect();
    format!(
        r#"# Needs aiohttp: pip install aiohttp
import asyncio
import aiohttp


async def fetch_one(session, url, semaphore):⟦fetch_one⟧
    async with semaphore:⟦fo.sem⟧
        try:⟦fo.try⟧
            async with asyncio.timeout({limit}):⟦fo.timeout⟧
                async with session.get(url) as resp:⟦fo.get⟧
                    return url, resp.status, await resp.text()⟦fo.return⟧
        except (TimeoutError, aiohttp.ClientError) as e:⟦fo.except⟧
            return url, None, str(e)⟦fo.error⟧


async def fetch_all(urls, max_concurrent={max_concurrent}):⟦fetch_all⟧
    semaphore = asyncio.Semaphore(max_concurrent)⟦fa.semaphore⟧
    async with aiohttp.ClientSession() as session:⟦fa.session⟧
        async with asyncio.TaskGroup() as tg:⟦fa.tg⟧
            tasks = [tg.create_task(fetch_one(session, u, semaphore)) for u in urls]⟦fa.create⟧
        return [t.result() for t in tasks]⟦fa.return⟧


urls = [
{urls}
]
results = asyncio.run(fetch_all(urls))⟦run⟧
print(len(results), "requests completed")
"#,
        limit = py_num(p.request_timeout),
        max_concurrent = p.max_concurrent,
        urls = urls.join("\n"),
    )
}

impl Def for BoundedFetch {
    type Params = Params;

    const FETCHES: bool = true;
    const CROSS: &'static [Cross] = &[TARGETS_ARE_URLS];

    fn read(v: &Values) -> Result<Params, ParamError> {
        Ok(Params {
            urls: v.int("urls")?,
            max_concurrent: v.int("max_concurrent")?,
            latency: v.float("latency")?,
            jitter: v.float("jitter")?,
            request_timeout: v.float("request_timeout")?,
            fail_rate: v.float("fail_rate")?,
            seed: v.int("seed")?,
            targets: split_targets(v.text("targets")?),
        })
    }

    fn check(p: &Params) -> Result<(), ParamError> {
        check(p)
    }

    fn real_targets(p: &Params) -> Vec<String> {
        p.targets.clone()
    }

    fn python(p: &Params) -> String {
        if !p.targets.is_empty() {
            return python_real(p);
        }
        let (urls, max_concurrent, seed) = (p.urls, p.max_concurrent, p.seed);
        let (latency, jitter, fail_rate, limit) = (py_num(p.latency), py_num(p.jitter), py_num(p.fail_rate), py_num(p.request_timeout));
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
    def __init__(self, url, status):⟦response.__init__⟧
        self.url, self.status = url, status⟦response.fields⟧

    async def text(self):⟦text⟧
        return f'{{{{"url": "{{self.url}}", "status": {{self.status}}}}}}'⟦text.return⟧


class SimulatedSession:
    def __init__(self):⟦session.__init__⟧
        self.in_flight = 0⟦session.in_flight⟧
        self.max_in_flight = 0⟦session.max_in_flight⟧

    async def __aenter__(self):⟦__aenter__⟧
        return self⟦aenter.return⟧

    async def __aexit__(self, *exc):⟦__aexit__⟧
        return False⟦aexit.return⟧

    @contextlib.asynccontextmanager
    async def get(self, url):⟦get⟧
        query = parse_qs(urlsplit(url).query)⟦get.query⟧
        self.in_flight += 1⟦get.count⟧
        self.max_in_flight = max(self.max_in_flight, self.in_flight)⟦get.max⟧
        try:⟦get.try⟧
            await self.network(float(query["latency"][0]))⟦get.network⟧
            if query["fail"] == ["1"]:⟦get.fail⟧
                raise ClientConnectionError(f"Cannot connect to host for {{url}}")⟦get.raise⟧
            yield SimulatedResponse(url, int(query["status"][0]))⟦get.yield⟧
        finally:
            self.in_flight -= 1⟦get.finally⟧

    async def network(self, seconds):⟦network⟧
        # The answer arrives from a timer, as from a socket: unlike asyncio.sleep(0),
        # even a zero latency waits for the loop to deliver it.
        loop = asyncio.get_running_loop()⟦net.loop⟧
        answer = loop.create_future()⟦net.future⟧
        timer = loop.call_later(seconds, lambda: answer.done() or answer.set_result(None))⟦net.timer⟧
        try:⟦net.try⟧
            await answer⟦net.await⟧
        finally:
            timer.cancel()⟦net.cancel⟧


async def fetch_one(session, url, semaphore):⟦fetch_one⟧
    async with semaphore:⟦fo.sem⟧
        try:⟦fo.try⟧
            async with asyncio.timeout({limit}):⟦fo.timeout⟧
                async with session.get(url) as resp:⟦fo.get⟧
                    return url, resp.status, await resp.text()⟦fo.return⟧
        except (TimeoutError, ClientError) as e:⟦fo.except⟧
            return url, None, str(e) or type(e).__name__  # str(TimeoutError()) is empty⟦fo.error⟧


async def fetch_all(urls, max_concurrent=10):⟦fetch_all⟧
    semaphore = asyncio.Semaphore(max_concurrent)⟦fa.semaphore⟧
    async with SimulatedSession() as session:  # aiohttp.ClientSession() in the guide⟦fa.session⟧
        async with asyncio.TaskGroup() as tg:⟦fa.tg⟧
            tasks = [tg.create_task(fetch_one(session, u, semaphore)) for u in urls]⟦fa.create⟧
        print("max in flight:", session.max_in_flight)⟦fa.print⟧
        return [t.result() for t in tasks]⟦fa.return⟧


async def main():⟦main⟧
    start = time.perf_counter()⟦main.start⟧
    urls = make_urls({urls}, seed={seed})⟦main.urls⟧
    results = await fetch_all(urls, max_concurrent={max_concurrent})⟦main.fetch_all⟧
    print(len(results), "requests completed")⟦main.completed⟧
    errors = [(url, error) for url, status, error in results if status is None]⟦main.errors⟧
    print("ok:", len(results) - len(errors), "errors:", len(errors))⟦main.ok⟧
    for url, error in errors:⟦main.for⟧
        print("error:", url, error)⟦main.error⟧
    print("elapsed", round(time.perf_counter() - start, 3))⟦main.elapsed⟧


asyncio.run(main())⟦run⟧
"#
        )
    }

    fn program(p: &Params, src: Rc<Source>) -> Program {
        let mut requests = make_requests(p.urls, p.latency, p.jitter, p.fail_rate, p.seed as u64);
        let real_urls = p.targets.clone();
        let (max_concurrent, limit, latency) = (p.max_concurrent, p.request_timeout, p.latency);
        let ideal = (requests.len() as f64 / max_concurrent as f64).ceil() * latency;
        Box::pin(async move {
            // Real URLs only where requests reach the network (the browser's fetch); a simulated
            // endpoint answers the simulated URLs.
            let networked = Loop::current().is_some_and(|lp| lp.http().reaches_network());
            if networked && !real_urls.is_empty() {
                for (i, req) in requests.iter_mut().enumerate() {
                    req.url = real_urls[i % real_urls.len()].clone();
                }
            }
            src.at("main.start");
            let start = now();
            let n = requests.len();
            src.at("main.urls");
            make_urls_lines(&src, n as i64);
            let in_flight = Rc::new(InFlight::default());
            src.at("main.fetch_all");
            let s = src.clone();
            let counter = in_flight.clone();
            let results = inline(src.code("fetch_all"), "fetch_all(urls)", async move {
                s.at("fa.semaphore");
                let semaphore = Semaphore::new(max_concurrent)?;
                s.at("fa.session");
                {
                    let _init = enter("__init__", "SimulatedSession()", s.line("session.__init__"));
                    s.at("session.in_flight");
                    s.at("session.max_in_flight");
                }
                {
                    let _aenter = enter("__aenter__", "__aenter__()", s.line("__aenter__"));
                    s.at("aenter.return");
                    returned("<__main__.SimulatedSession object at 0x7f0000000000>");
                }
                s.at("fa.tg");
                let (s2, shared) = (s.clone(), counter.clone());
                let tasks = task_group(|tg| async move {
                    s2.at("fa.create");
                    let mut tasks = Vec::new();
                    for (i, req) in requests.into_iter().enumerate() {
                        tasks.push(tg.spawn_at(
                            s2.code("fetch_one"),
                            &format!("fetch_one({i})"),
                            fetch_one(req, semaphore.clone(), limit, shared.clone(), s2.clone()),
                        )?);
                    }
                    s2.at("fa.tg");
                    Ok(tasks)
                })
                .await?;
                s.at("fa.print");
                print(format!("max in flight: {}", counter.max.get()));
                s.at("fa.return");
                let results: Vec<_> = tasks.iter().filter_map(|t| t.result().and_then(Result::ok)).collect();
                s.at("fa.session"); // the session's exit, then the return
                {
                    let _aexit = enter("__aexit__", "__aexit__()", s.line("__aexit__"));
                    s.at("aexit.return");
                    returned("False");
                }
                returned(format!("[{}]", results.iter().map(result_repr).collect::<Vec<_>>().join(", ")));
                PyResult::Ok(results)
            })
            .await?;
            src.at("main.completed");
            print(format!("{n} requests completed"));
            src.at("main.errors");
            let ok = results.iter().filter(|r| r.1.is_some()).count();
            src.at("main.ok");
            print(format!("ok: {ok} errors: {}", n - ok));
            let mut errors = Vec::new();
            for (url, _, message) in results.iter().filter(|r| r.1.is_none()) {
                src.at("main.for");
                src.at("main.error");
                print(format!("error: {url} {message}"));
                errors.push(json!({"url": url, "message": message}));
            }
            src.at("main.for");
            src.at("main.elapsed");
            print(format!("elapsed {}", py_float(py_round(now() - start, 3))));
            returned("None");
            Ok::<Outcome, _>(crate::scenarios::outcome! {
                "ok" => ok,
                "errors" => errors,
                "max_in_flight" => in_flight.max.get(),
                "elapsed" => py_round(now() - start, 6),
                "ideal" => py_round(ideal, 6),
            })
        })
    }

    fn glossary(_p: &Params) -> Vec<GlossaryEntry> {
        let mut terms = vec![Term::Semaphore.entry().param("max_concurrent"), Term::Timeout.entry().param("request_timeout")];
        terms.extend(glossary::entries(&[Term::TaskGroup, Term::Task, Term::Exception, Term::EventLoop]));
        terms
    }

    fn summary(p: &Params) -> Msg {
        let rounds = (p.urls as f64 / p.max_concurrent as f64).ceil();
        Msg::new("bounded-fetch-summary")
            .arg("urls", p.urls)
            .arg("max", p.max_concurrent)
            .arg("latency", p.latency)
            .arg("timeout", p.request_timeout)
            .arg("rounds", rounds as i64)
            .arg("ideal", rounds * p.latency)
    }

    fn headline(_p: &Params, o: &Outcome) -> Msg {
        let num = |k: &str| o.get(k).and_then(serde_json::Value::as_f64).unwrap_or(0.0);
        Msg::new("bounded-fetch-headline")
            .arg("ok", num("ok") as i64)
            .arg("errors", o.get("errors").and_then(serde_json::Value::as_array).map_or(0, Vec::len))
            .arg("max", num("max_in_flight") as i64)
            .arg("elapsed", num("elapsed"))
            .arg("ideal", num("ideal"))
    }
}

/// The course's lesson on **bounded-fetch**: at most 3 requests in flight, all 50 fetched.
pub(super) const LESSON: Lesson = Lesson {
    id: "bounded-fetch",
    scenario: "bounded-fetch",
    opens_with: &[],
    title: "bounded-fetch-title",
    explain: "lesson-bounded-fetch-explain",
    challenge: Challenge { goal: "lesson-bounded-fetch-goal", change: Change::Parameters, starts_from: &[], judge: judge_lesson },
};

fn judge_lesson(run: &RunResult) -> Judgement {
    let seen = Seen(run);
    let urls = seen.param("urls");
    let in_flight = seen.num("max_in_flight").unwrap_or(0.0);
    let ok = seen.num("ok").unwrap_or(0.0);
    let showed = Msg::new("lesson-bounded-fetch-showed").arg("in_flight", in_flight).arg("ok", ok).arg("urls", urls).arg("secs", seen.elapsed());
    if urls < 50.0 {
        Judgement::missed(showed, keep_the_work("urls", 50.0))
    } else if in_flight > 3.0 {
        Judgement::missed(showed, Msg::new("predict-why-semaphore-ignored").arg("max", seen.param("max_concurrent")))
    } else if in_flight < 3.0 {
        Judgement::missed(showed, Msg::new("lesson-fetch-cap-three"))
    } else if ok < urls {
        Judgement::missed(showed, Msg::new("lesson-fetch-all"))
    } else {
        Judgement::met(showed)
    }
}

/// Predict first's questions (`super::question`): the most requests in flight at once, and
/// the run's time.
pub(super) const PREDICT: q::Predict = q::Predict {
    questions: |v| {
        let (n, m) = (q::num(v, "urls"), q::num(v, "max_concurrent"));
        vec![
            q::count("max_in_flight", Msg::new("predict-q-fetch-in-flight").arg("urls", n).arg("max", m)),
            q::secs("elapsed", Msg::new("predict-q-fetch-elapsed").arg("urls", n).arg("latency", q::num(v, "latency"))),
        ]
    },
    answer: q::outcome,
    step: |run, id| {
        let trace = &run.report.trace;
        match id {
            "max_in_flight" => {
                let most = run.report.result.as_ref().ok()?.get("max_in_flight")?.as_i64()?;
                let mut held = 0i64;
                trace.events.iter().position(|e| {
                    match e.kind {
                        EventKind::Acquire(Prim::Semaphore) => held += 1,
                        EventKind::Release(Prim::Semaphore) => held -= 1,
                        _ => {}
                    }
                    held == most && matches!(e.kind, EventKind::Acquire(_))
                })
            }
            _ => q::last(trace, |e| e.task != 1 && matches!(e.kind, EventKind::Done { .. } | EventKind::Failed { .. })),
        }
    },
    why: |w| match w.id {
        "max_in_flight" if w.given.as_f64().is_some_and(|g| g > w.p("max_concurrent")) => Some("predict-why-semaphore-ignored"),
        "elapsed" if w.near(w.p("latency")) && !q::close(w.p("latency"), w.expected.as_f64().unwrap_or(0.0)) => Some("predict-why-all-at-once"),
        "elapsed" if w.near(w.p("urls") * w.p("latency")) => Some("predict-why-one-at-a-time"),
        _ => None,
    },
};

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
        assert!(s.python(&v).contains("aiohttp.ClientSession()"), "the Python is the guide's own");
    }

    /// The guide's own program (shown for target URLs) has every line the run passes
    /// through: a request's task runs `async with semaphore`, `try`, the timeout, the
    /// request, the `except` and its `return`, each a line of the program shown.
    #[test]
    fn with_target_urls_every_line_a_request_runs_is_a_line_of_the_guides_program() {
        let scenario = super::super::find("bounded-fetch").unwrap();
        let v = scenario.values([("urls", "2"), ("request_timeout", "0.1"), ("latency", "0.5"), ("targets", "https://example.com/")]).unwrap();
        let run = crate::scenarios::run_virtual(scenario, &v);
        let src = &run.source;
        let lines: Vec<&str> = run.report.trace.events.iter().filter(|e| e.task == 2 && e.kind.name() == "line").map(|e| src.line_text(e.line)).collect();
        assert_eq!(
            lines,
            [
                "async with semaphore:",
                "try:",
                "async with asyncio.timeout(0.1):",
                "async with session.get(url) as resp:",
                "async with asyncio.timeout(0.1):", // its exit turns the CancelledError into TimeoutError
                "except (TimeoutError, aiohttp.ClientError) as e:",
                "return url, None, str(e)",
                "async with semaphore:", // its exit
            ],
            "a request that times out, line by line"
        );
    }
}
