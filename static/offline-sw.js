// The playground offline: a service worker for the bundle's own folder (registered by
// static/boot.js once the page is idle; scripts/build.sh writes this build's id and file
// list below), which keeps the bundle's files, so that after a visit the page works offline,
// its chunks and views included. It answers for those files only — anything else the
// origin serves (another app's pages, a site's own /api/) goes to the network untouched —
// and never for Pyodide (Run my code keeps it itself, checked against the build's digests)
// nor the simulated API (the other worker's, sw.js, for __asyncio_playground_api__/ only).
//
// - This build's folder (pkg/<build>/: the first chunk, the chunks loaded on demand, their
//   loader) never changes under its name: kept when the worker installs (the first screen's
//   part and the chunks the page fetches when idle), taken from the cache first, fetched and
//   kept otherwise (Run my code's chunk, when it is used). A page of one build only ever asks
//   for its own folder, so it never runs a chunk of another build.
// - The bundle's other files (index.html, the scripts, the stylesheet, the messages, the jobs
//   module) come from the network first, so a new build shows at once, and from the cache
//   when the network cannot give them.
//
// Each build's files are one cache; the newest two builds' caches are kept (a page of the
// one before may still be open), older ones go when a new worker takes over.
const BUILD = "__BUILD__";
// Paths relative to the bundle's folder: every file it serves (but Pyodide and the workers).
const FILES = new Set(__FILES__);
// What is kept as soon as the worker installs.
const PRECACHE = __PRECACHE__;
const PREFIX = "asyncio-playground-build-";
const CACHE = PREFIX + BUILD;
const ROOT = new URL("./", self.location.href);
const PAGES = new Set(["", "index.html"]);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map((path) => cache.add(new URL(path, ROOT).href).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const order = JSON.parse((await caches.match("__order__").then((r) => r && r.text()).catch(() => null)) || "[]");
    const known = order.filter((k) => k !== CACHE).slice(-1).concat([CACHE]);
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && !known.includes(key)) await caches.delete(key);
    }
    await (await caches.open(CACHE)).put("__order__", new Response(JSON.stringify(known)));
    await self.clients.claim();
  })());
});

// The bundle's path of `url` ("index.html", "pkg/<build>/app.js"), or null for anything else.
function ours(url) {
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (FILES.has(path) || PAGES.has(path)) return path;
  // Another build's folder: an open page of that build asks for its own files.
  return /^pkg\/[0-9a-f]{12}\/[\w.-]+$/.test(path) ? path : null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const path = request.method === "GET" ? ours(new URL(request.url)) : null;
  if (path === null) return;
  const key = new URL(PAGES.has(path) ? "index.html" : path, ROOT).href;
  event.respondWith(path.startsWith("pkg/") ? cacheFirst(request, key) : networkFirst(request, key));
});

// A build's own files: the kept copy (of whichever build's cache holds it), else the network.
async function cacheFirst(request, key) {
  const kept = await caches.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(CACHE)).put(key, response.clone()).catch(() => {});
  return response;
}

// The rest: the network, kept as it arrives; the kept copy when the network fails. (A page
// is kept once, whatever its query: the query is the page's state, not its file.)
async function networkFirst(request, key) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(key, response.clone()).catch(() => {});
    return response;
  } catch (error) {
    const kept = (await (await caches.open(CACHE)).match(key)) || (await caches.match(key));
    if (kept) return kept;
    throw error;
  }
}
