// The first screen before the WebAssembly arrives (a classic script right after #app, so it
// runs before the page is first painted). index.html carries the default lesson's first
// screen in English, drawn by the app itself at build time (scripts/first_screen.py) and
// inert; the app replaces it when it mounts. Here: the reader's language, chosen as the app
// chooses it (lang= in the URL, else the browser's languages, else English), goes on <html
// lang> for static/boot.js; a Hindi or Bengali reader gets the loading note in that language
// at once and that language's copy of the first screen as soon as it arrives
// (static/first-screen.<lang>.html); a page that asks for anything but the default lesson
// (another scenario, other values, Run my code, an embed) gets the loading note, never a
// first screen that is not its own.
(function () {
  "use strict";
  var NOTES = { en: "Loading the playground…", hi: "प्लेग्राउंड लोड हो रहा है…", bn: "প্লেগ্রাউন্ড লোড হচ্ছে…" };
  var query = new URLSearchParams(location.search);
  var asked = [query.get("lang")].concat(navigator.languages || [navigator.language]);
  var lang = "en";
  for (var i = 0; i < asked.length; i++) {
    // As the app reads it (i18n::Lang::parse): trimmed, any case, a region ignored (hi-IN, HI).
    var code = String(asked[i] || "").trim().split(/[-_]/)[0].toLowerCase();
    if (NOTES[code]) { lang = code; break; }
  }
  document.documentElement.lang = lang;
  var app = document.getElementById("app");
  var first = app && app.querySelector(".first-screen");
  if (!first) return;
  var plain = true;
  query.forEach(function (value, key) {
    if (!(key === "lang" || key === "theme" || (key === "scenario" && value === first.getAttribute("data-scenario")))) plain = false;
  });
  function note() {
    var p = document.createElement("p");
    p.className = "loading";
    p.textContent = NOTES[lang];
    return p;
  }
  if (!plain || lang !== "en") first.replaceWith(note());
  if (!plain || lang === "en") return;
  fetch(new URL("first-screen." + lang + ".html", document.currentScript ? document.currentScript.src : location.href))
    .then(function (r) { return r.ok ? r.text() : ""; })
    .then(function (html) {
      var loading = app.querySelector(":scope > p.loading");
      if (!html || !loading) return; // the app is here already
      var holder = document.createElement("div");
      holder.innerHTML = html;
      if (holder.firstElementChild) loading.replaceWith(holder.firstElementChild);
    })
    .catch(function () {});
})();
