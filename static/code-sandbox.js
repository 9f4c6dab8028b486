// The sandbox frame of "Run my code": inlined by scripts/sandbox_page.py into
// code-sandbox.html, which the page loads in an <iframe sandbox="allow-scripts"> — an opaque
// origin (no cookies, no storage of the playground's origin) under a policy that allows no
// connection at all (connect-src 'none') and scripts only from this inline script and blob:
// URLs. It starts the Pyodide worker from a blob: URL of the worker's source (the page's
// <script type="text/plain" id="worker-source">), so the worker has this frame's origin and
// policy, and hands it the page's MessagePort; then it does nothing but report a worker that
// failed to start. The page ends a run for good by taking the frame away.
//
// It works only as the playground's own sandbox. Anything else — opened on its own, framed
// without sandbox= (it would run with the playground's origin and reach its storage), framed
// by a page of another origin (with or without sandbox=) — gets a one-line notice and nothing
// runs: its own origin must be opaque, its parent must be the page of the origin it was
// served from (location still names it), and the start must come from that page, which hands
// over one end of a MessageChannel it made; programs arrive on that channel only.
//
//   page → frame (window message, once): {type: "start"} with the port to hand over
//   frame → page (window message, to the playground's origin only):
//                                          {type: "sandbox-ready"}, {type: "worker-error", message}
"use strict";
(() => {
  // Where this file was served from: the playground's origin, the only parent it serves.
  const home = new URL(location.href).origin;
  const refuse = (why) => {
    document.body.textContent = `This is the asyncio playground's sandbox, and it runs nothing here: ${why}.`;
  };
  if (self.origin !== "null") return refuse("it must be framed with sandbox=\"allow-scripts\"");
  if (parent === self) return refuse("it must be framed by the playground's page");
  // The browsers that name a frame's ancestors (Chromium, Safari): the parent's origin.
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length && ancestors[0] !== home) return refuse(`it is framed by ${ancestors[0]}, not by ${home}`);
  let started = false;
  addEventListener("message", (event) => {
    if (started || event.source !== parent || event.origin !== home) return;
    if (!event.data || event.data.type !== "start" || !event.ports[0]) return;
    started = true;
    const source = document.getElementById("worker-source").textContent;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url);
    worker.onerror = (e) => {
      e.preventDefault();
      parent.postMessage({ type: "worker-error", message: String(e.message || "the worker failed") }, home);
    };
    worker.postMessage({ type: "port" }, [event.ports[0]]);
  });
  parent.postMessage({ type: "sandbox-ready" }, home);
})();
