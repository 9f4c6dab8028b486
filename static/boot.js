// Loads the bundle and mounts the playground (a file, not an inline script, so the page's
// Content-Security-Policy can allow scripts from its own origin only). A page with code=
// (Run my code) mounts the bundle built with the editor's bridge (pkg-code/) instead of the
// first-load bundle, whose wasm it then never fetches.
import * as firstLoad from "../pkg/app.js";

const bundle = /[?&]code=/.test(location.search) ? import("../pkg-code/app.js") : Promise.resolve(firstLoad);

// The reader's language, chosen as the app chooses it (lang= in the URL, else the browser's
// languages, else English). The bundle carries English; Hindi or Bengali messages are fetched
// beside it (static/i18n/) and handed over before the first render. Until then, the loading
// note in that language.
const lang = (function () {
  const notes = { hi: "प्लेग्राउंड लोड हो रहा है…", bn: "প্লেগ্রাউন্ড লোড হচ্ছে…" };
  const asked = [new URLSearchParams(location.search).get("lang")].concat(navigator.languages || [navigator.language]);
  for (const tag of asked) {
    // As the app reads it (i18n::Lang::parse): trimmed, any case, a region ignored (hi-IN, HI).
    const code = String(tag || "").trim().split(/[-_]/)[0].toLowerCase();
    if (code === "en") return "en";
    if (notes[code]) {
      document.documentElement.lang = code;
      const note = document.querySelector(".loading");
      if (note) note.textContent = notes[code];
      return code;
    }
  }
  return "en";
})();
// A fetch that fails is tried again, five times, 0.25, 0.5, 1, 2 and 3 s apart (a phone's
// network drops a request now and then, sometimes for seconds); failing still, the page is
// in English (the app fetches again on a switch).
const RETRY_MS = [250, 500, 1000, 2000, 3000];
function fetchMessages(url, retry = 0) {
  return fetch(url)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .catch(() => (retry < RETRY_MS.length
      ? new Promise((wait) => setTimeout(wait, RETRY_MS[retry])).then(() => fetchMessages(url, retry + 1))
      : null));
}
const messages = lang === "en" ? Promise.resolve(null) : fetchMessages(new URL(`./i18n/${lang}.ftl`, import.meta.url));

bundle
  .then((app) => Promise.all([app.default(), messages]).then(([, text]) => {
    if (text) app.provideMessages(lang, text);
    app.mount();
  }))
  .catch((e) => {
    document.getElementById("app").textContent = "The playground failed to load: " + e;
  });
