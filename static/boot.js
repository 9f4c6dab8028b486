// Loads the bundle's first chunk and mounts the playground (a file, not an inline script, so
// the page's Content-Security-Policy can allow scripts from its own origin only). The first
// chunk loads the others when they are first needed (src/ui/lazy/). scripts/build.sh writes
// this build's folder into the import (pkg/<build>/app.js).
import * as app from "../pkg/app.js";
import { prefetch } from "../pkg/__wasm_split.js";

// The part of the bundle this page's first result needs — the run chunk, or on a `code=` page
// Run my code's — is asked for one round trip before the first chunk's last bytes are due (by
// the rate they arrive at, and the round trip the page's small files took), so that its bytes
// follow the first chunk's with no gap — and never share the network with most of it: the
// first screen is not delayed. The app's own load of the part takes these fetches. Where the
// first chunk's arrival cannot be watched, the part is asked for once it is in.
const query = new URLSearchParams(location.search);
const firstPart = query.has("code") ? "code" : "run";
// (With the run chunk, the program of the lesson the link names, each a part of its own:
// a lesson named otherwise is asked for by the app's first render.)
const program = !query.has("code") && query.get("scenario") ? "program_" + query.get("scenario").replace(/-/g, "_") : null;
const firstChunk = new URL("../pkg/app_bg.wasm", import.meta.url).href;
const FIRST_CHUNK_BYTES = 0; // (its size, written by scripts/build.sh)
// The first result also needs the results' messages in the reader's language
// (static/i18n/<lang>.results.ftl, English's too: the run chunk carries none): asked for here,
// ahead of the part's files, it does not wait behind them, as it did when the app asked for
// it with the run chunk; the app takes this fetch (src/ui/lazy/messages.rs).
const early = new Map();
window.__asyncioPlaygroundEarly = (url) => {
  const response = early.get(url);
  early.delete(url);
  return response;
};
let asked = false;
function askFirstPart() {
  if (!asked) {
    asked = true;
    if (firstPart === "run") {
      const url = new URL(`./i18n/${lang}.results.ftl`, import.meta.url).href;
      const response = fetch(url);
      response.catch(() => {});
      early.set(url, response);
    }
    prefetch(firstPart);
    if (program) prefetch(program);
  }
}
// A round trip, as the page's small files took it: from asking to the last byte (the
// shortest of those that came over the network; where none did, none).
function roundTrip() {
  const small = performance.getEntriesByType("resource").filter((e) => e.transferSize > 0 && e.transferSize < 4096 && e.responseEnd > 0);
  return small.length ? Math.min(...small.map((e) => e.responseEnd - e.startTime)) : 0;
}
// The first chunk's response, its body counted as it streams in (the glue compiles it as it
// arrives, as it would have fetched it: the same request as index.html's preload).
function watched(response) {
  if (!response.ok || !response.body || !FIRST_CHUNK_BYTES || typeof TransformStream !== "function") return response;
  const rtt = roundTrip();
  let received = 0;
  let since = null; // [the time, the bytes in] when this script first saw the chunk's bytes
  const count = new TransformStream({
    transform(chunk, out) {
      received += chunk.byteLength;
      // The rate the bytes arrive at from then on, never the bytes the preload had in by then
      // (which come at once: on a slow phone this script runs when a quarter may be in, and
      // counting those asked for the part at once, sharing the network with the rest of the
      // first chunk): it errs on the slow side, so the part is asked for late rather than
      // early; not before a quarter is in, nor before a round trip of bytes.
      if (!since) since = [performance.now(), received];
      const took = performance.now() - since[0];
      const rate = (received - since[1]) / Math.max(took, 1); // bytes per ms
      if (received * 4 >= FIRST_CHUNK_BYTES && took >= rtt && (FIRST_CHUNK_BYTES - received) / rate <= rtt) askFirstPart();
      out.enqueue(chunk);
    },
    flush() {
      askFirstPart();
    },
  });
  return new Response(response.body.pipeThrough(count), { status: response.status, statusText: response.statusText, headers: { "Content-Type": "application/wasm" } });
}
const firstChunkResponse = fetch(firstChunk).then(watched);

// The reader's language, as static/first-screen.js chose it among the languages it has a
// loading note for (lang= in the URL, else the browser's languages, else English) and wrote on
// <html lang>. The bundle carries no language: the reader's messages are fetched beside it
// (static/i18n/<lang>.ftl, English's too, so that a Hindi or Bengali first load carries no
// English) and handed over before the first render.
const lang = document.documentElement.lang || "en";
// A fetch that fails is tried again, five times, 0.25, 0.5, 1, 2 and 3 s apart (a phone's
// network drops a request now and then, sometimes for seconds); failing still, the page is
// in English, whose messages are fetched in their place (the app fetches the reader's again
// on a switch); where no messages can be had, the page says it could not be loaded.
const RETRY_MS = [250, 500, 1000, 2000, 3000];
function fetchMessages(url, retry = 0) {
  return fetch(url)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .catch(() => (retry < RETRY_MS.length
      ? new Promise((wait) => setTimeout(wait, RETRY_MS[retry])).then(() => fetchMessages(url, retry + 1))
      : null));
}
const messagesOf = (tag) => fetchMessages(new URL(`./i18n/${tag}.ftl`, import.meta.url)).then((text) => (text === null ? null : [tag, text]));
const messages = messagesOf(lang)
  .then((got) => got || (lang === "en" ? null : messagesOf("en")))
  .then((got) => got || Promise.reject(new Error(`its messages (static/i18n/${lang}.ftl) could not be fetched`)));

// Once the page has what it loads by itself — the teaching chunk, fetched when the first
// result's part is here and the page idle (src/ui/lazy/), is the last of it — and the browser
// is idle: the offline worker (offline-sw.js, beside index.html) for the bundle's folder,
// which keeps what the page loads for later visits without a network. Its install fetches
// the bundle's chunks, so earlier it would share the network with the first result's (on a
// phone's link, doubling its wait). Never in the place of another app's worker for that same
// folder.
function whenSettled(f) {
  let started = false;
  const go = () => {
    if (!started) {
      started = true;
      (window.requestIdleCallback || ((g) => setTimeout(g, 500)))(f, { timeout: 3000 });
    }
  };
  const settled = () => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/split_teach.wasm"));
  if (settled()) return go();
  if (typeof PerformanceObserver === "function") {
    const watch = new PerformanceObserver(() => {
      if (settled()) {
        watch.disconnect();
        go();
      }
    });
    watch.observe({ type: "resource" });
  }
  setTimeout(go, 30000); // (a teaching chunk that never came: the worker all the same)
}
function keepOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const scope = new URL("../", import.meta.url).href;
  const script = new URL("../offline-sw.js", import.meta.url).href;
  const ours = (w) => !w || w.scriptURL === script || w.scriptURL === new URL("../sw.js", import.meta.url).href;
  navigator.serviceWorker.getRegistration(scope)
    .then((r) => {
      if (r && r.scope === scope && ![r.active, r.waiting, r.installing].every(ours)) return null;
      return navigator.serviceWorker.register(script, { scope, updateViaCache: "none" });
    })
    .catch(() => {}); // storage refused, a sandboxed document: the page works, online only
}

Promise.all([app.default({ module_or_path: firstChunkResponse }), messages])
  .then(([, [tag, text]]) => {
    askFirstPart(); // (where its arrival was not watched)
    app.provideMessages(tag, text);
    app.mount();
    whenSettled(keepOffline);
  })
  .catch((e) => {
    console.error(e);
    // (Said in the reader's language by static/first-screen.js; plainly where it did not run.)
    if (window.__asyncioPlaygroundFailed) window.__asyncioPlaygroundFailed(e);
    else document.getElementById("app").textContent = "The playground failed to load: " + e;
  });
