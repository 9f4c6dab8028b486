/*! asyncio playground — drop-in embed (contract version 1; see the README).
 *
 * <div data-asyncio-playground="gather" data-params="tasks=3&delay=0.5"></div>
 * <script src="https://your.host/playground/static/embed.js" defer></script>
 *
 * Each element becomes an independent playground in an iframe, created when it scrolls
 * into view. Attributes: data-asyncio-playground (scenario id), data-params (query-style
 * parameters), data-height (initial height, px), data-base (where the bundle lives; default:
 * the folder above this script, or window.AsyncioPlaygroundBase).
 * The element receives DOM events "asyncio-playground:ready", ":run-finished" (detail: the
 * run-result JSON) and ":resize"; element.asyncioPlayground has run(), stop() and
 * setParams({name: value}).
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var defaultBase = (window.AsyncioPlaygroundBase ||
    (script && script.src ? new URL("..", script.src).href : new URL(".", location.href).href));
  var frames = [];

  function baseOf(el) {
    var base = el.getAttribute("data-base") || defaultBase;
    return base.charAt(base.length - 1) === "/" ? base : base + "/";
  }

  function mount(el, n) {
    if (el.__asyncioPlaygroundMounted) return;
    el.__asyncioPlaygroundMounted = true;
    var base = baseOf(el);
    var id = el.id || "asyncio-playground-" + n;
    var params = new URLSearchParams(el.getAttribute("data-params") || "");
    params.set("scenario", el.getAttribute("data-asyncio-playground") || "sleep");
    params.set("embed", "1");
    params.set("id", id);
    params.set("origin", location.origin);
    var frame = document.createElement("iframe");
    frame.src = base + "index.html?" + params.toString();
    frame.title = "asyncio playground: " + params.get("scenario");
    frame.style.width = "100%";
    frame.style.border = "0";
    frame.style.height = (parseInt(el.getAttribute("data-height"), 10) || 600) + "px";
    frame.setAttribute("loading", "lazy");
    el.textContent = "";
    el.appendChild(frame);
    var origin = new URL(base).origin;
    var send = function (message) { if (frame.contentWindow) frame.contentWindow.postMessage(message, origin); };
    el.asyncioPlayground = {
      run: function () { send({ type: "run" }); },
      stop: function () { send({ type: "stop" }); },
      setParams: function (p) { send({ type: "set-params", params: p }); },
      frame: frame,
    };
    frames.push({ el: el, frame: frame, origin: origin });
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== "asyncio-playground") return;
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (event.source !== f.frame.contentWindow || event.origin !== f.origin) continue;
      if (data.type === "resize" && typeof data.height === "number" && data.height > 0) {
        f.frame.style.height = Math.min(Math.ceil(data.height), 20000) + "px";
      }
      f.el.dispatchEvent(new CustomEvent("asyncio-playground:" + data.type, { detail: data.result || data }));
    }
  });

  function start() {
    var els = document.querySelectorAll("[data-asyncio-playground]");
    var lazy = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) { lazy.unobserve(entry.target); mount(entry.target, entry.target.__n); }
      });
    }, { rootMargin: "200px" }) : null;
    for (var i = 0; i < els.length; i++) {
      els[i].__n = i + 1;
      if (lazy) lazy.observe(els[i]); else mount(els[i], i + 1);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
