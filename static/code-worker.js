// The worker behind "Run my code": real CPython (Pyodide, shipped in the bundle under
// pyodide/, never fetched from elsewhere) running a learner's program on the virtual-clock
// event loop of static/py/virtual_asyncio — the package the CPython test harness runs on.
// A classic worker, so that an endless loop freezes only this thread: the page's Stop and
// its wall-clock limit terminate it.
//
// Messages from the page: {type: "run", source} (loads Python first if needed).
// To the page: {type: "progress", loaded, total} while Pyodide's files arrive (bytes),
// {type: "ready", python, pyodide}, {type: "result", json} (a JSON string: {result,
// syntax_error, error, warnings}, see virtual_asyncio.run_page), {type: "failed", error}.
"use strict";

const PYODIDE = new URL("../pyodide/", self.location.href).href;
const PACKAGE = new URL("py/virtual_asyncio/", self.location.href).href;
const MODULES = ["__init__.py", "record.py", "loop.py", "patches.py", "result.py"];
const VIRTUAL_TIME_LIMIT = 3600;   // seconds of loop time
const EVENT_LIMIT = 200000;

let total = 0;
let loaded = 0;
let lastReport = 0;

function report(force) {
  const now = Date.now();
  if (force || now - lastReport > 50) {
    lastReport = now;
    self.postMessage({ type: "progress", loaded, total });
  }
}

// Every fetch of Pyodide's files is counted as its bytes arrive (Pyodide fetches the
// wasm, the standard library and its lock file itself).
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!response.body || !String(url).startsWith(PYODIDE)) return response;
  const reader = response.body.getReader();
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        report(true);
        controller.close();
        return;
      }
      loaded += value.byteLength;
      report(false);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

async function fetchText(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

async function load() {
  const sizes = JSON.parse(await (await realFetch(PYODIDE + "sizes.json")).text());
  total = Object.values(sizes).reduce((a, b) => a + b, 0);
  report(true);
  // pyodide.asm.js is a script: fetched here (counted), then run from a blob URL, so that
  // loadPyodide finds _createPyodideModule already defined and does not load it again.
  const asm = await (await self.fetch(PYODIDE + "pyodide.asm.js")).blob();
  const asmUrl = URL.createObjectURL(asm);
  importScripts(PYODIDE + "pyodide.js", asmUrl);
  URL.revokeObjectURL(asmUrl);
  const pyodide = await self.loadPyodide({ indexURL: PYODIDE, stdout: () => {}, stderr: () => {} });
  loaded = total;
  report(true);
  pyodide.FS.mkdirTree("/home/pyodide/virtual_asyncio");
  for (const name of MODULES) {
    pyodide.FS.writeFile("/home/pyodide/virtual_asyncio/" + name, await fetchText(PACKAGE + name));
  }
  pyodide.runPython(`
import os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
import json, virtual_asyncio
`);
  const python = pyodide.runPython("sys.version.split()[0]");
  self.postMessage({ type: "ready", python, pyodide: pyodide.version });
  return { pyodide, python };
}

let ready = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type !== "run") return;
  try {
    ready = ready || load();
    const { pyodide, python } = await ready;
    pyodide.globals.set("_program_source", msg.source);
    const json = pyodide.runPython(
      `json.dumps(virtual_asyncio.run_page("main.py", _program_source, python=${JSON.stringify(python)},
         until=${VIRTUAL_TIME_LIMIT}, max_events=${EVENT_LIMIT}))`,
    );
    self.postMessage({ type: "result", json });
  } catch (error) {
    self.postMessage({ type: "failed", error: String(error && error.message || error) });
  }
};
