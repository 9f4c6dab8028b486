// The first screen before the WebAssembly arrives (a classic script right after #app, so it
// runs before the page is first painted). index.html carries the default lesson's first
// screen in English, drawn by the app itself at build time (scripts/first_screen.py) and
// inert; the app replaces it when it mounts. Here: the reader's language, chosen as the app
// chooses it (lang= in the URL, else the browser's languages, else English), goes on <html
// lang> for static/boot.js. A page that asks for a lesson (`scenario=`, besides its
// language and theme, and its values) gets that lesson's first screen in the reader's language:
// the one index.html carries, else the loading note at once and the lesson's copy as soon as
// it arrives (static/first-screen/<lang>/<lesson>.html), with the values its link gives
// (pageOf() and fill(), below: a link the app wrote, reloaded or shared). A page that asks
// for anything else (Run my code, an embed, values the copy cannot show as the app would) gets
// the loading note, never a first screen that is not its own. Its lessons, its parameters and
// its Run take input (live(), below).
(function () {
  "use strict";
  var NOTES = { en: "Loading the playground…", hi: "प्लेग्राउंड लोड हो रहा है…", bn: "প্লেগ্রাউন্ড লোড হচ্ছে…" };
  var STARTING = {
    en: "The run starts as soon as the playground has loaded.",
    hi: "प्लेग्राउंड लोड होते ही रन शुरू होगा।",
    bn: "প্লেগ্রাউন্ড লোড হলেই রান শুরু হবে।"
  };
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
  // Where the app cannot be had (its first chunk, or its messages in any language: static/
  // boot.js calls this), the page says so in the reader's language, in the app's place, with a
  // Try again that loads the page anew (its URL keeps what the reader chose); the reason, for
  // whoever looks, is the alert's data-error.
  var FAILED = {
    en: "The playground could not be loaded: is the connection on?",
    hi: "प्लेग्राउंड लोड नहीं हो सका: क्या कनेक्शन चालू है?",
    bn: "প্লেগ্রাউন্ড লোড করা যায়নি: সংযোগ চালু আছে কি?"
  };
  var RETRY = { en: "Try again", hi: "फिर से कोशिश करें", bn: "আবার চেষ্টা করুন" };
  window.__asyncioPlaygroundFailed = function (error) {
    var alert = document.createElement("div");
    alert.className = "lazy-failed notice";
    alert.setAttribute("role", "alert");
    alert.setAttribute("data-error", String(error));
    var said = document.createElement("p");
    said.textContent = FAILED[lang];
    var retry = document.createElement("button");
    retry.type = "button";
    retry.className = "secondary";
    retry.textContent = RETRY[lang];
    retry.addEventListener("click", function () { location.reload(); });
    alert.append(said, retry);
    app.replaceChildren(alert);
  };
  var first = app && app.querySelector(".first-screen");
  if (!first) return;
  var shown = first.getAttribute("data-scenario");
  // What the page's URL asks for: its lesson, and the values it gives (its lesson's
  // parameters, and `clock=virtual`, as the app writes them into a link); null where no copy
  // can stand for the page: a key given twice or values without a lesson (the page says so
  // in a notice), or anything else (Run my code, an embed, the course, a step, the real
  // clock, Predict first…).
  function pageOf(search) {
    var lesson = null;
    var pairs = [];
    var seen = {};
    var one = true;
    new URLSearchParams(search).forEach(function (value, key) {
      one = one && !seen[key];
      seen[key] = true;
      if (key === "scenario") lesson = value;
      else if (key !== "lang" && key !== "theme" && !(key === "clock" && value === "virtual")) pairs.push([key, value]);
    });
    return one && (lesson || !pairs.length) ? { lesson: lesson || shown, pairs: pairs } : null;
  }
  // Puts the values a link gives into `copy` as the ones it was drawn with (so only what the
  // reader changes is handed to the app, which reads the link itself), and hides the lesson's
  // summary where they differ (it speaks of the values drawn); false where the copy cannot
  // show one as the app would: a key it has no field for, a choice it does not offer, a
  // number outside its slider's range (or one written otherwise), a text other than the one
  // drawn.
  function fill(copy, pairs) {
    var differs = false;
    for (var i = 0; i < pairs.length; i++) {
      var value = pairs[i][1];
      var label = /^[a-z_]+$/.test(pairs[i][0]) && copy.querySelector('.params .field label[for="param-' + pairs[i][0] + '"]');
      var f = label && label.closest(".field").querySelector("input:not(.slider), select");
      var slider = f && f.parentNode.querySelector("input.slider");
      // (A number as the app writes one: digits, a point only where its slider's steps
      // are not whole.)
      var whole = !slider || slider.step === "1";
      var number = (whole ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(value.trim()) ? Number(value.trim()) : NaN;
      if (!f) return false;
      if (f.type === "checkbox") {
        if (value !== "true" && value !== "false") return false;
        differs = differs || f.defaultChecked !== (value === "true");
        f.checked = f.defaultChecked = value === "true";
      } else if (f.tagName === "SELECT") {
        if (![].some.call(f.options, function (o) { return o.value === value; })) return false;
        differs = differs || f.value !== value;
        [].forEach.call(f.options, function (o) { o.selected = o.defaultSelected = o.value === value; });
      } else if (slider ? number >= Number(slider.min) && number <= Number(slider.max) : value === f.defaultValue) {
        differs = differs || f.defaultValue !== value;
        f.value = f.defaultValue = value;
        if (slider) slider.value = slider.defaultValue = String(number);
      } else {
        return false;
      }
    }
    var summary = copy.querySelector(".setup .summary");
    if (differs && summary) {
      summary.style.visibility = "hidden";
      summary.setAttribute("data-stale", "");
    }
    return true;
  }
  function note() {
    var p = document.createElement("p");
    p.className = "loading";
    p.textContent = NOTES[lang];
    return p;
  }
  // index.html's copy (the default lesson, in English), as drawn: a lesson pressed in it
  // marks itself, and the page may come back to that lesson.
  var carried = first.cloneNode(true);
  var base = document.currentScript ? document.currentScript.src : location.href;
  // The copy of `lesson` in the reader's language (a promise): index.html's, else the one the
  // build wrote (static/first-screen/<lang>/<lesson>.html); null where there is none.
  function copyOf(lesson) {
    if (lang === carried.lang && lesson === carried.getAttribute("data-scenario")) return Promise.resolve(carried.cloneNode(true));
    // (A lesson's name as the build writes its file: lower-case words and dashes.)
    if (!/^[a-z]+(-[a-z]+)*$/.test(lesson)) return Promise.resolve(null);
    return fetch(new URL("first-screen/" + lang + "/" + lesson + ".html", base))
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        // (Only a copy: a server that answers a missing file with a page of its own is ignored.)
        var copy = holder.firstElementChild;
        return copy && copy.className === "first-screen" ? copy : null;
      })
      .catch(function () { return null; });
  }
  // What stands for the app until it is here: a copy, or the loading note (null after).
  function standIn() {
    return app.querySelector(":scope > .first-screen, :scope > p.loading");
  }
  // Puts `copy` (or, where there is none, the loading note) in the stand-in's place; false
  // once the app is here.
  function place(copy) {
    var now = standIn();
    if (!now) return false;
    if (now !== copy) now.replaceWith(copy || note());
    if (copy) live(copy);
    return true;
  }
  // The copy of the page `page` (what pageOf() read), its values filled in (a promise; null
  // where there is none).
  function copyFor(page) {
    return page ? copyOf(page.lesson).then(function (copy) { return copy && fill(copy, page.pairs) ? copy : null; }) : Promise.resolve(null);
  }
  // The page's URL changed before the app is here (a press of a lesson in the copy, Back or
  // Forward): its copy takes this one's place, with the keyboard's focus on its lesson's
  // button where it was on the one pressed. The app, once here, draws what the URL says.
  function go(focused) {
    var search = location.search;
    var page = pageOf(search);
    copyFor(page).then(function (copy) {
      if (location.search !== search || !place(copy) || !copy || !focused) return;
      var pick = copy.querySelector('.picker .pick[data-scenario="' + page.lesson + '"]');
      if (pick) pick.focus();
    });
  }
  var focused = null; // what in a copy had the keyboard's focus last
  var shownCopy = null; // the copy that took input last (its values, once the app is here)
  var earlyRun = null; // how the copy's Run was pressed ("keyboard", "pointer"), if it was
  app.addEventListener("focusin", function (e) { focused = e.target.closest(".first-screen") ? e.target : null; });
  // A copy in place takes a press of Run, so a reader who presses at first sight waits for
  // the code, not for the button: once the app has replaced the copy, its own Run is pressed
  // for them (and focused where the copy's had the keyboard's focus). Its lessons take a press
  // too (a new history entry, as the app's lessons make), and its parameters, clock and
  // switches take input, until Run was pressed: the app is handed the values changed
  // (handOver(), below), so their checks and messages are its own, and what they show or hide
  // (a time scale on the real clock, a field that matters for another's value) shows once it is
  // here; its Reset puts back the values as drawn. The rest of the copy (Help, the languages,
  // the course) stays as drawn, disabled, until then.
  // One of the copy's controls, as the app has it: enabled, in the tab order.
  function enable(control) {
    control.disabled = false;
    control.removeAttribute("tabindex");
  }
  function live(copy) {
    // (Its lessons' row, where it scrolls sideways on a phone, with the page's lesson in its
    // middle, as the app's picker puts it: no jump when the app takes over.)
    var row = copy.querySelector(".picker ul");
    var current = row && row.querySelector(".pick.current");
    if (current && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = Math.max(0, current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
    }
    var run = copy.querySelector("button.early-run");
    if (!run) return;
    copy.removeAttribute("inert");
    var picks = copy.querySelectorAll(".picker button.pick[data-scenario]");
    [run].concat([].slice.call(picks)).forEach(enable);
    shownCopy = copy;
    var form = copy.querySelector("form.params");
    if (form) {
      form.addEventListener("submit", function (e) { e.preventDefault(); });
      // (The lesson's summary speaks of the values as drawn: once one is changed it is hidden,
      // its room kept, until the app says it anew for the values now.)
      var summary = copy.querySelector(".setup .summary");
      var stale = function () { if (summary) summary.style.visibility = "hidden"; };
      form.addEventListener("input", stale);
      form.addEventListener("change", stale);
      // Its Reset puts back the values as drawn (the guide's, or a link's), and with them the
      // summary.
      var reset = form.querySelector(":scope > button.secondary");
      if (reset) {
        enable(reset);
        reset.addEventListener("click", function () {
          form.reset();
          if (summary && !summary.hasAttribute("data-stale")) summary.style.visibility = "";
        });
      }
    }
    var fields = [].slice.call(controls(copy)).concat([].slice.call(copy.querySelectorAll(".params input.slider")));
    fields.forEach(function (f) {
      if (f.classList.contains("slider")) {
        f.disabled = false; // (out of the tab order, as the app's)
        return;
      }
      enable(f);
      // (The copy has no ids, so its fields' labels name no field: each is named as they are.)
      var label = f.closest(".params .field") && f.closest(".field").querySelector("label");
      if (label) f.setAttribute("aria-label", [].map.call(label.childNodes, function (n) { return n.textContent.trim(); }).filter(Boolean).join(" "));
    });
    // A number's slider and its text kept together, as the app keeps them.
    [].forEach.call(copy.querySelectorAll(".params .num"), function (num) {
      var text = num.querySelector("input:not(.slider)");
      var slider = num.querySelector("input.slider");
      if (!text || !slider) return;
      slider.addEventListener("input", function () { text.value = slider.value; });
      text.addEventListener("input", function () {
        var v = text.value.trim() === "" ? NaN : Number(text.value.trim());
        if (v >= Number(slider.min) && v <= Number(slider.max)) slider.value = String(v);
      });
    });
    [].forEach.call(picks, function (pick) {
      pick.addEventListener("click", function () {
        var to = pick.getAttribute("data-scenario");
        if (earlyRun || to === copy.getAttribute("data-scenario")) return;
        var was = new URLSearchParams(location.search);
        var query = new URLSearchParams();
        query.set("scenario", to);
        ["lang", "theme"].forEach(function (key) { if (was.has(key)) query.set(key, was.get(key)); });
        history.pushState(null, "", "?" + query);
        [].forEach.call(picks, function (b) {
          b.classList.toggle("current", b === pick);
          if (b === pick) b.setAttribute("aria-current", "page"); else b.removeAttribute("aria-current");
        });
        go(document.activeElement === pick);
      });
    });
    run.addEventListener("click", function () {
      if (earlyRun) return;
      earlyRun = document.activeElement === run && run.matches(":focus-visible") ? "keyboard" : "pointer";
      window.__asyncioPlaygroundEarlyRun = earlyRun;
      run.setAttribute("aria-disabled", "true");
      // (As the app's lessons and fields are while a run is under way: only the page's lesson
      // can be pressed, and the values stay as they are.)
      [].forEach.call(picks, function (b) { b.disabled = !b.classList.contains("current"); });
      fields.forEach(function (f) { f.disabled = true; });
      if (reset) reset.disabled = true;
      var notes = copy.querySelector(".run-notes");
      if (notes) {
        var p = document.createElement("p");
        p.className = "hint";
        p.setAttribute("role", "status");
        p.textContent = STARTING[lang];
        notes.appendChild(p);
      }
    });
  }
  var page = pageOf(location.search);
  if (!page) return first.replaceWith(note());
  // Until the app is here: Back and Forward between the lessons pressed in the copy.
  window.addEventListener("popstate", function () {
    if (standIn()) go(false);
  });
  // The copy's controls that take input: each parameter's field (its text, choice or
  // switch; a number's slider follows its text) and the run bar's clock and switches.
  function controls(copy) {
    return copy.querySelectorAll(".params .field input:not(.slider), .params .field select, .run-main .clock input, .run-main .run-switches input");
  }
  // The app's control for one of the copy's: a field's by the id its label names (the copy
  // has none), the run bar's by its place in the same group.
  function appControl(c) {
    var label = c && c.closest(".params .field") && c.closest(".field").querySelector("label[for]");
    if (label) return document.getElementById(label.getAttribute("for"));
    var group = c && c.closest(".run-main .clock, .run-main .predict-switch, .run-main .compare");
    var there = group && app.querySelector("#run-bar ." + group.classList[0]);
    return there && there.querySelectorAll("input")[[].indexOf.call(group.querySelectorAll("input"), c)];
  }
  // The values the reader changed in `copy`, each set in the app's own control as if typed
  // or pressed there, in the page's order with a turn of the app's between them (a field the
  // app shows only for another's value is there once that one is set; one it does not show is
  // left); then `done()`, at once where nothing was changed.
  function handOver(copy, done) {
    var changed = [].filter.call(copy ? controls(copy) : [], function (c) {
      if (c.type === "checkbox" || c.type === "radio") return c.checked !== c.defaultChecked && (c.checked || c.type === "checkbox");
      if (c.tagName === "SELECT") return [].some.call(c.options, function (o) { return o.selected !== o.defaultSelected; });
      return c.value !== c.defaultValue;
    });
    (function next() {
      if (!changed.length) return done();
      var c = changed.shift();
      var to = appControl(c);
      if (to && !to.disabled && to.tagName === c.tagName && to.type === c.type) {
        if (c.type === "checkbox" || c.type === "radio") {
          if (to.checked !== c.checked) to.click();
        } else {
          to.value = c.value;
          to.dispatchEvent(c.tagName === "SELECT" ? new Event("change", { bubbles: true }) : new InputEvent("input", { bubbles: true }));
        }
      }
      setTimeout(next, 0);
    })();
  }
  // The hand-over, once the app has replaced the stand-in: the values changed in the copy go
  // to the app's controls (above), with the keyboard's focus where it was in the copy: a
  // control's (a text's caret too), or a lesson's button's. Then the copy's press of Run is
  // the app's Run pressed (focused where the copy's Run had the keyboard's focus, once the run
  // bar shows Stop in its place); where the app finds a value bad, its Run stays disabled, its
  // message says why beside the field, and the focus goes to that field.
  var takeOver = new MutationObserver(function () {
    if (standIn() || !app.querySelector("#run-bar button.run")) return;
    takeOver.disconnect();
    var lost = !document.activeElement || document.activeElement === document.body;
    handOver(shownCopy, function () {
      var field = lost && focused && !focused.matches(".pick") && appControl(focused);
      if (field) {
        field.focus();
        if (focused.type === "text" && field.type === "text") field.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      } else if (lost && focused && focused.matches(".pick")) {
        var pick = app.querySelector(".picker .pick.current");
        if (pick) pick.focus();
      }
      if (!earlyRun) return;
      window.__asyncioPlaygroundEarlyRun = "taken";
      var appRun = app.querySelector("#run-bar button.run");
      if (!appRun || appRun.disabled) {
        var bad = app.querySelector(".params [aria-invalid=true]");
        if (bad) bad.focus();
        return;
      }
      appRun.click();
      if (earlyRun === "keyboard") setTimeout(function () { var b = app.querySelector("#run-bar .run-main > button"); if (b) b.focus(); }, 0);
    });
  });
  takeOver.observe(app, { childList: true, subtree: true });
  if (lang === first.lang && page.lesson === shown && fill(first, page.pairs)) return live(first); // (the copy the page carries)
  first.replaceWith(note());
  copyFor(page).then(function (copy) { if (copy) place(copy); });
})();
