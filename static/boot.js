// Loads the bundle and mounts the playground (a file, not an inline script, so the page's
// Content-Security-Policy can allow scripts from its own origin only). A page with code=
// (Run my code) mounts the bundle built with the editor's bridge (pkg-code/) instead of the
// first-load bundle, whose wasm it then never fetches.
import init, { mount } from "../pkg/app.js";

const bundle = /[?&]code=/.test(location.search) ? import("../pkg-code/app.js") : Promise.resolve({ default: init, mount });

// Until the app (and its message files) has loaded: the note in the reader's language,
// chosen as the app chooses it (lang= in the URL, else the browser's languages).
(function () {
  const notes = { hi: "प्लेग्राउंड लोड हो रहा है…", bn: "প্লেগ্রাউন্ড লোড হচ্ছে…" };
  const asked = [new URLSearchParams(location.search).get("lang")].concat(navigator.languages || [navigator.language]);
  for (const tag of asked) {
    const code = String(tag || "").split(/[-_]/)[0].toLowerCase();
    if (code === "en") return;
    if (notes[code]) {
      document.documentElement.lang = code;
      const note = document.querySelector(".loading");
      if (note) note.textContent = notes[code];
      return;
    }
  }
})();

bundle.then((app) => app.default().then(() => app.mount())).catch((e) => {
  document.getElementById("app").textContent = "The playground failed to load: " + e;
});
