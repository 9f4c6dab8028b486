// The files Run my code hands to its sandbox, which can fetch nothing itself: the chosen
// Pyodide's (the folder pyodide/<python>/ of the bundle, listed by its sizes.json) and
// virtual_asyncio's modules (static/py/virtual_asyncio/, listed by its files.json). Fetched by
// the page, counted in bytes as they arrive, held for the page's lifetime, and kept in the
// origin's Cache API (the cache KEPT) after the first load, so a later visit loads no Python
// again and runs with the server's Pyodide files unreachable (offline too):
// - Pyodide's big files are taken from the cache first, under their URL and byte count (from
//   sizes.json), so a rebuilt bundle with another Pyodide in a folder fetches it again and
//   drops the old copy;
// - the small lists and modules come from the server first (a new build shows at once) and
//   from the cache when the server cannot be reached.
// Where there is no Cache API (a page on plain http from another host) nothing is kept.

/** The Cache API cache that keeps Python between visits. */
export const KEPT = "asyncio-playground-python";

// The names a Pyodide folder's sizes.json may list (scripts/build.sh writes it).
const PYODIDE_FILE = /^(pyodide\.m?js|pyodide\.asm\.m?js|pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json)$/;

// Per Pyodide folder: {manifest, pyodide: {name: ArrayBuffer}, modules: {name: text}}.
const loaded = new Map();

async function kept() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(KEPT);
  } catch {
    return null; // storage refused (a private window's quota, a sandboxed document)
  }
}

async function get(url, signal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// A small file from the server, or its kept copy when the server cannot give it.
async function serverFirst(cache, url, signal) {
  try {
    const response = await get(url, signal);
    if (cache) await cache.put(url, response.clone()).catch(() => {});
    return response;
  } catch (error) {
    if (signal.aborted) throw error;
    const copy = cache && (await cache.match(url));
    if (copy) return copy;
    throw error;
  }
}

/** The files of a Pyodide folder's sizes.json ({name: bytes}), in order, known names only. */
export function pyodideManifest(sizes) {
  if (!sizes || typeof sizes !== "object" || Array.isArray(sizes)) throw new Error("sizes.json: not an object");
  const names = Object.keys(sizes).filter((name) => PYODIDE_FILE.test(name));
  if (!names.includes("pyodide.asm.wasm")) throw new Error("sizes.json: no pyodide.asm.wasm");
  const bytes = Object.fromEntries(names.map((name) => [name, Math.max(0, Math.floor(Number(sizes[name]) || 0))]));
  return { names, bytes, total: names.reduce((sum, name) => sum + bytes[name], 0) };
}

/** The chosen Pyodide's file list (a few hundred bytes), before anything else. */
export async function pythonManifest(pyodideUrl, signal) {
  const done = loaded.get(pyodideUrl);
  if (done) return done.manifest;
  const response = await serverFirst(await kept(), pyodideUrl + "sizes.json", signal);
  return pyodideManifest(await response.json());
}

// One of Pyodide's files: the kept copy of exactly its size, or the server's, counted as it
// arrives and then kept.
async function pyodideFile(cache, url, bytes, signal, count) {
  const key = `${url}?bytes=${bytes}`;
  const copy = cache && (await cache.match(key));
  if (copy) {
    const buffer = await copy.arrayBuffer();
    if (buffer.byteLength === bytes) {
      count(buffer.byteLength);
      return buffer;
    }
  }
  const reader = (await get(url, signal)).body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    count(value.byteLength);
  }
  const buffer = await new Blob(chunks).arrayBuffer();
  if (cache) {
    // Older copies of this file (another Pyodide once in this folder) go.
    for (const old of await cache.keys()) if (old.url.startsWith(url + "?") && old.url !== new URL(key, location.href).href) await cache.delete(old);
    await cache.put(key, new Response(buffer)).catch(() => {});
  }
  return buffer;
}

/** Pyodide's files and virtual_asyncio's modules for the folder pyodideUrl; onProgress(done, total) in bytes. */
export async function pythonFiles(pyodideUrl, packageUrl, manifest, signal, onProgress) {
  const done = loaded.get(pyodideUrl);
  if (done) return done;
  const cache = await kept();
  const { names, bytes, total } = manifest;
  let sum = 0;
  let last = 0;
  const count = (n) => {
    sum += n;
    if (Date.now() - last > 50) {
      last = Date.now();
      onProgress(Math.min(sum, total), total);
    }
  };
  onProgress(0, total);
  const pyodide = {};
  for (const name of names) pyodide[name] = await pyodideFile(cache, pyodideUrl + name, bytes[name], signal, count);
  onProgress(total, total);
  const modules = {};
  const moduleNames = await (await serverFirst(cache, packageUrl + "files.json", signal)).json();
  for (const name of moduleNames) {
    if (typeof name === "string" && /^[a-z_]+\.py$/.test(name)) modules[name] = await (await serverFirst(cache, packageUrl + name, signal)).text();
  }
  const files = { manifest, pyodide, modules };
  loaded.set(pyodideUrl, files);
  return files;
}
