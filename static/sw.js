// The playground's simulated API: a service worker answering GET
// <bundle>/__asyncio_playground_api__/… on the page's own origin, so the bounded-fetch
// scenario makes real fetch() calls from any static host, offline too. The path is one no
// site uses for itself, and the page registers the worker with the narrowest scope (its own
// path): every other request passes through untouched. Query parameters set each answer:
//   latency  seconds of guide time before answering       status  HTTP status (default 200)
//   fail=1   the connection fails (a network error)        scale   wall seconds per guide-second
// GET …/__asyncio_playground_api__/stats returns {served, aborted, in_flight}: aborted counts requests whose
// fetch was aborted while the answer was pending, where the browser passes the page's abort
// on to the service worker (not every version does; the page counts aborts itself too).
const stats = { served: 0, aborted: 0, in_flight: 0 };

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Beside this script, which the bundle serves next to index.html.
const API = new URL("__asyncio_playground_api__/", self.location.href);

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== API.origin || !url.pathname.startsWith(API.pathname)) return;
  const rest = url.pathname.slice(API.pathname.length);
  if (rest === "stats") {
    event.respondWith(json(stats, 200));
    return;
  }
  event.respondWith(answer(event.request, url));
});

function json(body, status) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

function answer(request, url) {
  const q = url.searchParams;
  const number = (name, fallback) => {
    const v = Number(q.get(name));
    return Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  const wallMs = number("latency", 0) * number("scale", 1) * 1000;
  const status = Math.min(599, Math.max(200, Math.floor(number("status", 200))));
  stats.in_flight++;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response) => {
      if (settled) return;
      settled = true;
      stats.in_flight--;
      resolve(response);
    };
    const timer = setTimeout(() => {
      stats.served++;
      finish(q.get("fail") === "1" ? Response.error() : json({ url: url.pathname + url.search, status }, status));
    }, wallMs);
    request.signal.addEventListener("abort", () => {
      clearTimeout(timer);
      stats.aborted++;
      finish(Response.error());
    });
  });
}
