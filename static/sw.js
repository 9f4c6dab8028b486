// The playground's simulated API: a service worker answering GET
// <bundle>/__asyncio_playground_api__/… on the page's own origin, so the bounded-fetch
// scenario makes real fetch() calls from any static host, offline too. It stays in its place:
// the page registers it for <bundle>/__asyncio_playground_api__/ only (a path no site uses),
// so it controls no page of the origin, the playground's included, and never takes the place
// of another app's worker. The page makes its requests from a hidden frame at
// <scope>frame.html, a document this worker serves (and so controls). Query parameters set
// each answer:
//   latency  seconds of guide time before answering       status  HTTP status (default 200)
//   fail=1   the connection fails (a network error)        scale   wall seconds per guide-second
// GET …/__asyncio_playground_api__/stats returns {served, aborted, in_flight}: aborted counts requests whose
// fetch was aborted while the answer was pending, where the browser passes the page's abort
// on to the service worker (not every version does; the page counts aborts itself too).
const stats = { served: 0, aborted: 0, in_flight: 0 };

// Beside this script, which the bundle serves next to index.html.
const API = new URL("__asyncio_playground_api__/", self.location.href);

// The frame's document: nothing runs in it; its fetch() is what the page calls.
const FRAME = "<!doctype html><meta charset=utf-8><title>asyncio playground: the simulated API</title>";

// A new sw.js takes over at once (the page loads its frame once it is active). No
// clients.claim(): the page loads the frame after activation, and nothing else is ours.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  // A registration an older playground made for a page's own path (a scope wider than the
  // API's) removes itself: pages it controls keep it until they close, new ones never get it.
  if (self.registration.scope !== API.href) event.waitUntil(self.registration.unregister());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== API.origin || !url.pathname.startsWith(API.pathname)) return;
  const rest = url.pathname.slice(API.pathname.length);
  if (rest === "frame.html" && event.request.mode === "navigate") {
    event.respondWith(new Response(FRAME, {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        // No script; requests to this origin only (the API). Any ancestor may frame it: an
        // embedded playground's hidden frame has the host page above it.
        "content-security-policy": "default-src 'none'; connect-src 'self'",
      },
    }));
    return;
  }
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
