// The sandbox frame of "Run my code": inlined by scripts/sandbox_page.py into
// code-sandbox.html, which the page loads in an <iframe sandbox="allow-scripts"> — an opaque
// origin (no cookies, no storage of the playground's origin) under a policy that allows no
// connection at all (connect-src 'none') and scripts only from this inline script and blob:
// URLs. It starts the Pyodide worker from a blob: URL of the worker's source (the page's
// <script type="text/plain" id="worker-source">), so the worker has this frame's origin and
// policy, and hands it the page's MessagePort; then it does nothing but report a worker that
// failed to start. The page ends a run for good by taking the frame away.
//
//   page → frame (window message, once): {type: "start"} with the port to hand over
//   frame → page (window message):         {type: "sandbox-ready"}, {type: "worker-error", message}
"use strict";
(() => {
  let started = false;
  addEventListener("message", (event) => {
    if (started || event.source !== parent || !event.data || event.data.type !== "start" || !event.ports[0]) return;
    started = true;
    const source = document.getElementById("worker-source").textContent;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url);
    worker.onerror = (e) => {
      e.preventDefault();
      parent.postMessage({ type: "worker-error", message: String(e.message || "the worker failed") }, "*");
    };
    worker.postMessage({ type: "port" }, [event.ports[0]]);
  });
  parent.postMessage({ type: "sandbox-ready" }, "*");
})();
