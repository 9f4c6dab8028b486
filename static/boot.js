// Loads the bundle and mounts the playground (a file, not an inline script, so the page's
// Content-Security-Policy can allow scripts from its own origin only). A page with code=
// (Run my code) loads the bundle built with the editor's bridge (pkg-code/); every other
// page, the first-load bundle (pkg/).
const bundle = /[?&]code=/.test(location.search) ? "../pkg-code/app.js" : "../pkg/app.js";

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

import(bundle).then(({ default: init, mount }) => init().then(() => mount())).catch((e) => {
  document.getElementById("app").textContent = "The playground failed to load: " + e;
});
