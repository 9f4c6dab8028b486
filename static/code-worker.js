// The worker behind "Run my code": real CPython (Pyodide) running a learner's program on the
// virtual-clock event loop of static/py/virtual_asyncio — the package the CPython test
// harness runs on.
//
// It runs inside the sandbox (static/code-sandbox.js; see the reference's "Run my code: the
// sandbox"): started from a blob: URL by an opaque-origin frame whose policy allows no
// connection, so the program has no network, no cookies and no storage of the playground's
// origin. Everything Python needs — Pyodide's files and virtual_asyncio's modules — is handed
// in by the page; a fetch of anything else fails.
//
// The page talks to it over one MessagePort, handed over once by the frame and held in this
// closure only, so the program (which can reach the worker's globals through `js`) can
// neither read the page's messages nor write to the page: its own postMessage goes to the
// frame, which ignores it.
//   page → worker: {type: "run", source, api?: {latency, jitter, fail_rate, seed} (the simulated
//                  API's settings for the aiohttp and requests stand-ins: numbers, each
//                  checked again by virtual_asyncio.simapi), files?: {name: ArrayBuffer},
//                  modules?: {name: text}}
//                  (the files with the first run: pyodide.js and pyodide.asm.js — or, from
//                  Pyodide 314, the ES modules pyodide.mjs and pyodide.asm.mjs —,
//                  pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json)
//   worker → page: {type: "ready", python, pyodide}, {type: "result", json} (a JSON string:
//                  {result, syntax_error, error, warnings}, see virtual_asyncio.run_page),
//                  {type: "failed", error}.
// A classic worker, so that an endless loop freezes only this thread: the page's Stop and its
// wall-clock limit end it (by taking the frame away). It loads a classic Pyodide (up to
// 0.29) with importScripts. Pyodide 314's loader is an ES module: the worker import()s it and
// its Emscripten module from blob: URLs and hands loadPyodide the module's factory, so
// Pyodide loads no script itself. (A module worker cannot start from a blob: URL of the
// frame's opaque origin; a classic worker's import() of one works.)
"use strict";
(() => {
  const VIRTUAL_TIME_LIMIT = 3600;   // seconds of loop time
  const EVENT_LIMIT = 10000;   // as virtual_asyncio.run_page allows at most (the page reads it well within 1 s)
  // Pyodide's own loads are answered from the files handed in, under this made-up base.
  const INDEX = "https://pyodide.invalid/";
  const TYPES = { ".wasm": "application/wasm", ".json": "application/json", ".zip": "application/zip", ".js": "text/javascript", ".mjs": "text/javascript" };

  let send = null;       // the port's postMessage, bound before any program runs
  let files = null;      // Pyodide's files by name
  let ready = null;

  function typeOf(name) {
    const dot = name.lastIndexOf(".");
    return TYPES[name.slice(dot)] || "application/octet-stream";
  }

  // Only the files handed in are "fetched"; there is no network to reach anyway.
  self.fetch = async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.startsWith(INDEX) ? url.slice(INDEX.length) : null;
    if (name === null || !files || !(name in files)) throw new TypeError(`no network here: ${url}`);
    return new Response(files[name], { status: 200, headers: { "content-type": typeOf(name) } });
  };

  function script(name) {
    return URL.createObjectURL(new Blob([files[name]], { type: "text/javascript" }));
  }

  // Pyodide's loadPyodide and the options that make it load no script of its own.
  async function loader() {
    if ("pyodide.asm.mjs" in files) {
      // Pyodide 314 refuses a classic worker, which it tells by importScripts working; the
      // program has no use for importScripts here (and no script to load: connect-src and
      // script-src allow none).
      self.importScripts = undefined;
      const urls = [script("pyodide.asm.mjs"), script("pyodide.mjs")];
      try {
        const asm = await import(urls[0]);
        const { loadPyodide } = await import(urls[1]);
        return { loadPyodide, options: { createPyodideModule: asm.default } };
      } finally {
        urls.forEach(URL.revokeObjectURL);
      }
    }
    // pyodide.asm.js is run before loadPyodide, so that it finds _createPyodideModule
    // already defined.
    const urls = [script("pyodide.js"), script("pyodide.asm.js")];
    importScripts(...urls);
    urls.forEach(URL.revokeObjectURL);
    return { loadPyodide: self.loadPyodide, options: {} };
  }

  async function load(handed, modules) {
    files = handed;
    const { loadPyodide, options } = await loader();
    const pyodide = await loadPyodide({ ...options, indexURL: INDEX, stdout: () => {}, stderr: () => {} });
    pyodide.FS.mkdirTree("/home/pyodide/virtual_asyncio");
    for (const [name, text] of Object.entries(modules)) {
      pyodide.FS.writeFile("/home/pyodide/virtual_asyncio/" + name, text);
    }
    pyodide.runPython(`
import os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
import json, virtual_asyncio
`);
    const python = pyodide.runPython("sys.version.split()[0]");
    send({ type: "ready", python, pyodide: pyodide.version });
    return { pyodide, python };
  }

  // The simulated API's settings: finite numbers under their names only.
  function apiSettings(api) {
    const out = {};
    for (const key of ["latency", "jitter", "fail_rate", "seed"]) {
      const v = api && typeof api === "object" ? Number(api[key]) : NaN;
      if (Number.isFinite(v)) out[key] = v;
    }
    return out;
  }

  async function run(msg) {
    try {
      if (!ready) {
        if (!msg.files || !msg.modules) throw new Error("the first run needs Python's files");
        ready = load(msg.files, msg.modules);
      }
      const { pyodide, python } = await ready;
      pyodide.globals.set("_program_source", String(msg.source));
      pyodide.globals.set("_program_api", JSON.stringify(apiSettings(msg.api)));
      const json = pyodide.runPython(
        `json.dumps(virtual_asyncio.run_page("main.py", _program_source, python=${JSON.stringify(python)},
           until=${VIRTUAL_TIME_LIMIT}, max_events=${EVENT_LIMIT}, api=json.loads(_program_api)))`,
      );
      send({ type: "result", json: String(json) });
    } catch (error) {
      send({ type: "failed", error: String((error && error.message) || error) });
    }
  }

  // The frame hands the port over once; after that nothing from the worker's global scope
  // is listened to.
  self.onmessage = (event) => {
    const port = event.ports && event.ports[0];
    if (send || !port) return;
    send = MessagePort.prototype.postMessage.bind(port);
    self.onmessage = null;
    port.onmessage = (e) => {
      if (e.data && e.data.type === "run") run(e.data);
    };
  };
})();
