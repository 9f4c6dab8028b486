/*! asyncio playground — drop-in embed (contract version 1; see docs/src/embedding.md).
 *
 * <div data-asyncio-playground="gather" data-params="tasks=3&delay=0.5"></div>
 * <script src="https://your.host/playground/static/embed.js" defer></script>
 *
 * Each element becomes an independent playground in an iframe, created when it scrolls
 * into view. Attributes: data-asyncio-playground (scenario id), data-params (query-style
 * parameters), data-height (initial height, px; default 1000, 560 with controls=0), data-base (where the bundle lives; default:
 * the folder above this script, or window.AsyncioPlaygroundBase). The base must resolve to an
 * http:// or https:// URL; anything else (javascript:, data:, …) shows an error in the element
 * and mounts nothing.
 * The element receives DOM events (which bubble and cross shadow roots; each also under a
 * name without the colon, "asyncio-playground-ready" and so on, for JSX) "asyncio-playground:ready", ":run-started" (detail: the
 * message, with the run's number in "run"), ":run-finished" (detail: the run-result JSON),
 * ":run-stopped" (detail: the message: "run" and "reason", a run that ended without a result)
 * and ":resize" (after a run the reader started in that playground, its detail's result_top is
 * the result's offset in the frame, and the page scrolls it into view below any sticky header
 * when it is off-screen; an autorun, a playground without controls or run() never move the
 * page); each run-started is followed by exactly one run-finished or run-stopped.
 * element.asyncioPlayground has run(), stop() and setParams({name: value}). setParams copies its
 * argument at once, as plain names and values: anything else (not an object, a value that is not
 * a string, number or boolean, a getter that throws) is refused with a TypeError that names it,
 * and nothing is sent; a message that cannot be posted never holds up the others.
 * Only messages from an element's own frame, at the playground's origin, reach the element:
 * whatever another frame or the host page itself posts in the playground's name is ignored.
 * Theme: each playground gets the host page's theme (theme=light|dark|auto: a data-theme
 * attribute on <html> or <body>, else the page's computed color-scheme, light when it names
 * none) and follows its changes with set-theme messages, unless data-params sets theme
 * itself. Elements added later (single-page docs sites) are found and mounted too. The
 * element says its state in data-state (state on <asyncio-playground>): idle, running, done
 * or error; attributes changed after it is up reach the playground as set-params.
 *
 * The same as one tag, for hosts that prefer elements (Docusaurus MDX, Astro, plain HTML):
 *
 * <asyncio-playground scenario="gather" tasks="3" delay="0.5"></asyncio-playground>
 *
 * Every attribute is a URL key (scenario, its parameters, clock, controls, theme, lang…), except
 * height (initial px), base (as data-base), params (more keys, query-style) and the attributes
 * every HTML element has (id, class, style, title, hidden, dir, slot, role, tabindex, data-*,
 * aria-*, on*). It loads, follows the theme and sends events as above, and has run(), stop()
 * and setParams() itself (called before it is shown, they mount it and wait until it is ready).
 * The Sphinx directive and the MkDocs plugin (python/) write this element.
 */
(function () {
  "use strict";
  // Loaded twice (a docs theme that re-runs a page's scripts): the first copy does the work.
  if (window.__asyncioPlaygroundEmbed) return;
  window.__asyncioPlaygroundEmbed = true;
  var TAG = "asyncio-playground";
  var script = document.currentScript;
  // Only a string counts: an element with id="AsyncioPlaygroundBase" is not a setting.
  var globalBase = typeof window.AsyncioPlaygroundBase === "string" ? window.AsyncioPlaygroundBase : "";
  var defaultBase = globalBase ||
    (script && script.src ? new URL("..", script.src).href : new URL(".", location.href).href);
  var frames = [];
  var seen = 0;
  var lazy = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (entry.isIntersecting) { lazy.unobserve(entry.target); mount(entry.target, entry.target.__n); }
    });
  }, { rootMargin: "200px" }) : null;

  // Attributes of <asyncio-playground> that are not URL keys.
  var OWN = ["height", "base", "params", "state", "id", "class", "style", "title", "hidden", "dir", "slot", "part",
    "exportparts", "role", "tabindex", "is", "nonce", "autofocus", "inert", "popover", "draggable", "spellcheck",
    "contenteditable", "translate", "accesskey", "enterkeyhint", "inputmode", "autocapitalize", "autocorrect",
    "writingsuggestions"];

  // What an element asks for, in either form: scenario, keys, initial height, base.
  function specOf(el) {
    if (el.localName === TAG) {
      var keys = new URLSearchParams(el.getAttribute("params") || "");
      for (var i = 0; i < el.attributes.length; i++) {
        var a = el.attributes[i];
        if (OWN.indexOf(a.name) >= 0 || /^(data-|aria-|on)/.test(a.name)) continue;
        keys.set(a.name, a.value);
      }
      return { scenario: keys.get("scenario"), params: keys, height: el.getAttribute("height"), base: el.getAttribute("base") };
    }
    return { scenario: el.getAttribute("data-asyncio-playground"), params: new URLSearchParams(el.getAttribute("data-params") || ""),
      height: el.getAttribute("data-height"), base: el.getAttribute("data-base") };
  }

  // The bundle's folder as an absolute http(s) URL ending in "/", or null.
  function baseOf(spec) {
    var url;
    try { url = new URL(spec.base || defaultBase, document.baseURI); } catch (e) { return null; }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.hash = ""; url.search = "";
    return url.href.charAt(url.href.length - 1) === "/" ? url.href : url.href + "/";
  }

  function mount(el, n) {
    if (el.__asyncioPlaygroundMounted) return;
    el.__asyncioPlaygroundMounted = true;
    var spec = specOf(el);
    var base = baseOf(spec);
    if (!base) {
      el.textContent = "asyncio playground: not loaded — " + (el.localName === TAG ? "base" : "data-base") +
        " (or AsyncioPlaygroundBase) must be an http:// or https:// URL.";
      el.setAttribute("role", "alert");
      el.className += " asyncio-playground-error";
      setState(el, "error");
      return;
    }
    var id = el.id || "asyncio-playground-" + n;
    var params = spec.params;
    params.set("scenario", spec.scenario || "sleep");
    params.set("embed", "1");
    params.set("id", id);
    params.set("origin", location.origin);
    var fixedTheme = params.has("theme");
    if (!fixedTheme) params.set("theme", hostTheme());
    var frame = document.createElement("iframe");
    frame.src = base + "index.html?" + params.toString();
    frame.title = "asyncio playground: " + params.get("scenario");
    frame.style.width = "100%";
    frame.style.border = "0";
    // Until the playground reports its height: about what the compact view needs at 700 px.
    var guess = params.get("controls") === "0" ? 560 : 1000;
    frame.style.height = (parseInt(spec.height, 10) || guess) + "px";
    frame.setAttribute("loading", "lazy");
    el.textContent = "";
    el.appendChild(frame);
    var origin = new URL(base).origin;
    // Until the playground says it is ready, messages wait (a page that is still loading would lose them).
    var f = { el: el, frame: frame, origin: origin, fixedTheme: fixedTheme, ready: false, queue: [] };
    // Messages are plain data made here (setParams copies its argument), so posting one cannot
    // fail; should it all the same (the frame going away), the others still go.
    var post = function (message) {
      try { if (frame.contentWindow) frame.contentWindow.postMessage(message, origin); } catch (e) { /* dropped: this one only */ }
    };
    var send = f.send = function (message) { if (f.ready) post(message); else f.queue.push(message); };
    f.becameReady = function () { f.ready = true; f.queue.splice(0).forEach(post); };
    el.asyncioPlayground = {
      run: function () { send({ type: "run" }); },
      stop: function () { send({ type: "stop" }); },
      setParams: function (p) { send({ type: "set-params", params: plainParams(p) }); },
      frame: frame,
    };
    frames.push(f);
    setState(el, "idle");
    followAttributes(el, send);
  }

  // The element's state, for styling and scripts: "idle" (mounted, no run going), "running",
  // "done" (a run finished) or "error" (it could not mount) — the state attribute of
  // <asyncio-playground>, data-state of the data- form.
  function setState(el, state) {
    el.setAttribute(el.localName === TAG ? "state" : "data-state", state);
  }
  var STATES = { "run-started": "running", "run-finished": "done", "run-stopped": "idle" };

  // Attributes changed after the playground is up reach it as set-params (the element's URL
  // keys, its params, or the data- form's data-params; a key whose attribute is removed keeps
  // its value). Changes that come together go as one message. (height and base are read once,
  // when it mounts.)
  function followAttributes(el, send) {
    if (!("MutationObserver" in window)) return;
    new MutationObserver(function (mutations) {
      var changed = Object.create(null), any = false;
      var take = function (name, value) { changed[name] = value; any = true; };
      mutations.forEach(function (m) {
        var name = m.attributeName, value = el.getAttribute(name);
        if (value === null) return;
        if (name === (el.localName === TAG ? "params" : "data-params")) {
          new URLSearchParams(value).forEach(function (v, k) { take(k, v); });
        } else if (el.localName === TAG && OWN.indexOf(name) < 0 && !/^(data-|aria-|on)/.test(name)) {
          take(name, value);
        }
      });
      if (any) send({ type: "set-params", params: changed });
    }).observe(el, { attributes: true });
  }

  // setParams' argument as plain data, read once, now: its own names, each with a string,
  // number or boolean. The copy has no prototype, so a name such as "__proto__" stays a name
  // (which the playground then refuses as an unknown parameter). Anything else is a TypeError
  // naming what was wrong.
  function plainParams(p) {
    var refuse = function (why) { throw new TypeError("asyncio playground: setParams: " + why); };
    var quoted = function (name) { return JSON.stringify(String(name).slice(0, 40)); };
    if (p === null || typeof p !== "object" || Array.isArray(p)) {
      refuse("needs an object of name: value (got " + (p === null ? "null" : Array.isArray(p) ? "an array" : typeof p) + ")");
    }
    var names;
    try { names = Object.keys(p); } catch (e) { refuse("its parameters could not be listed (" + e + ")"); }
    var copy = Object.create(null);
    for (var i = 0; i < names.length; i++) {
      var value;
      try { value = p[names[i]]; } catch (e) { refuse("parameter " + quoted(names[i]) + " could not be read (" + e + ")"); }
      var type = typeof value;
      if (type !== "string" && type !== "number" && type !== "boolean") {
        refuse("parameter " + quoted(names[i]) + " must be a string, number or boolean (got " +
          (value === null ? "null" : Array.isArray(value) ? "an array" : type) + ")");
      }
      copy[names[i]] = value;
    }
    return copy;
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== "asyncio-playground") return;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (event.source !== f.frame.contentWindow || event.origin !== f.origin) continue;
      if (data.type === "ready") {
        f.becameReady();
        if (!f.fixedTheme) f.send({ type: "set-theme", theme: hostTheme() });
      }
      if (data.type === "resize" && typeof data.height === "number" && data.height > 0) {
        f.frame.style.height = Math.min(Math.ceil(data.height), 20000) + "px";
        // After a run: its result's offset in the frame; brought into view when off-screen.
        if (typeof data.result_top === "number" && isFinite(data.result_top)) showResult(f.frame, data.result_top);
      }
      if (STATES[data.type]) setState(f.el, STATES[data.type]);
      // Each event by two names: "asyncio-playground:run-finished" and, for frameworks whose
      // templates take no colon in an event's name (JSX), "asyncio-playground-run-finished";
      // both bubble and cross a shadow root, so a listener on an ancestor hears them.
      var detail = data.result || data;
      f.el.dispatchEvent(new CustomEvent("asyncio-playground:" + data.type, { detail: detail, bubbles: true, composed: true }));
      f.el.dispatchEvent(new CustomEvent("asyncio-playground-" + data.type, { detail: detail, bubbles: true, composed: true }));
    }
  });

  // Scrolls the host page so that the point `top` px into the frame is near the top of the
  // view — below the host's sticky or fixed header and its scroll-padding-top —, unless it
  // is in the upper part of the view already. (The embed asks for it only after a run the
  // reader started there.)
  function showResult(frame, top) {
    var y = frame.getBoundingClientRect().top + Math.max(0, top);
    var h = window.innerHeight || document.documentElement.clientHeight;
    var covered = coveredAtTop();
    if (y >= covered && y < h * 0.6) return;
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: Math.max(0, window.pageYOffset + y - covered - 16), behavior: reduced ? "auto" : "smooth" });
  }

  // How many px at the top of the view the host keeps covered: its scroll-padding-top, or
  // the bottom of a fixed or sticky header there (Material for MkDocs, Furo on a phone),
  // whichever is lower.
  function coveredAtTop() {
    var padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    var bottom = 0;
    var at = document.elementsFromPoint ? document.elementsFromPoint((window.innerWidth || 0) / 2, 1) : [];
    for (var i = 0; i < at.length; i++) {
      for (var el = at[i]; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
        var position = getComputedStyle(el).position;
        if (position === "fixed" || position === "sticky") {
          var r = el.getBoundingClientRect();
          if (r.top <= 1 && r.bottom < (window.innerHeight || 0) / 2) bottom = Math.max(bottom, r.bottom);
          break;
        }
      }
    }
    return Math.max(padding, bottom);
  }

  // The host page's theme: "light", "dark" or "auto" from a data-theme attribute on <html>
  // or <body> (Furo, the Book theme, Docusaurus…), else from Material for MkDocs' palette
  // (data-md-color-scheme: "slate" is dark, "default" light), else from the computed
  // color-scheme: dark alone is "dark", light and dark "auto" (the page follows the reader's
  // system), and none at all "light" — a page that says nothing of dark is light, whatever
  // the reader's system prefers (alabaster, Read the Docs' theme, a plain page).
  function hostTheme() {
    var nodes = [document.documentElement, document.body];
    for (var i = 0; i < nodes.length; i++) {
      var t = nodes[i] && nodes[i].getAttribute("data-theme");
      if (t === "light" || t === "dark" || t === "auto") return t;
    }
    for (var j = 0; j < nodes.length; j++) {
      var md = nodes[j] && nodes[j].getAttribute("data-md-color-scheme");
      if (md === "slate") return "dark";
      if (md === "default") return "light";
    }
    var scheme = (getComputedStyle(document.body || document.documentElement).colorScheme || "").split(/\s+/);
    var dark = scheme.indexOf("dark") >= 0, light = scheme.indexOf("light") >= 0;
    return dark && !light ? "dark" : dark && light ? "auto" : "light";
  }

  // Sends the host's theme to every playground that follows it, when it changes.
  var lastTheme = null;
  function followTheme() {
    var theme = hostTheme();
    if (theme === lastTheme) return;
    lastTheme = theme;
    for (var i = 0; i < frames.length; i++) {
      if (!frames[i].fixedTheme) frames[i].send({ type: "set-theme", theme: theme });
    }
  }

  function watchTheme() {
    lastTheme = hostTheme();
    if ("MutationObserver" in window) {
      var observer = new MutationObserver(followTheme);
      observer.observe(document.documentElement, { attributes: true });
      if (document.body) observer.observe(document.body, { attributes: true });
    }
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      if (query.addEventListener) query.addEventListener("change", followTheme);
    }
  }

  // Numbers an element and mounts it when it scrolls into view (at once without IntersectionObserver).
  function register(el) {
    if (el.__n) return;
    el.__n = ++seen;
    if (lazy) lazy.observe(el); else mount(el, el.__n);
  }

  function scan() {
    var els = document.querySelectorAll("[data-asyncio-playground]");
    for (var i = 0; i < els.length; i++) register(els[i]);
  }

  // <asyncio-playground>: mounted like the data- form; its methods mount it first if need be.
  if (window.customElements && !customElements.get(TAG)) {
    var control = function (el) {
      register(el);
      if (!el.__asyncioPlaygroundMounted) {
        if (lazy) lazy.unobserve(el);
        mount(el, el.__n);
      }
      return el.asyncioPlayground || { run: function () {}, stop: function () {}, setParams: function () {} };
    };
    customElements.define(TAG, class extends HTMLElement {
      connectedCallback() {
        if (!this.style.display && getComputedStyle(this).display === "inline") this.style.display = "block";
        register(this);
      }
      run() { control(this).run(); }
      stop() { control(this).stop(); }
      setParams(p) { control(this).setParams(p); }
    });
  }

  function start() {
    scan();
    watchTheme();
    // Single-page docs sites (Docusaurus, MkDocs Material's instant navigation) add pages
    // without reloading: their new elements are mounted as well.
    if ("MutationObserver" in window && document.body) {
      var pending = false;
      new MutationObserver(function () {
        if (pending) return;
        pending = true;
        setTimeout(function () {
          pending = false;
          frames = frames.filter(function (f) { return f.el.isConnected; });
          scan();
        }, 50);
      }).observe(document.body, { childList: true, subtree: true });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
