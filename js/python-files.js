// The files Run my code hands to its sandbox, which can fetch nothing itself: the chosen
// Pyodide's (the folder pyodide/<python>/ of the bundle) and virtual_asyncio's modules
// (static/py/virtual_asyncio/). Fetched by the page, counted in bytes as they arrive, held for
// the page's lifetime, and kept in the origin's Cache API (the cache KEPT) after the first
// load, so a later visit loads no Python again and runs with the server unreachable (offline
// too).
//
// Every file is checked before it is used: scripts/build.sh records each file's name, size
// and SHA-256 when it builds the bundle (PYTHON_FILES below, put into this module by esbuild's
// --define), so what runs is exactly what the build shipped, whether it came from the server
// or from the cache. A kept copy that does not match (damaged, or written by something else
// of this origin) is deleted, fetched again, and named in `repaired`; a fetched file that
// does not match is an error, and nothing runs. Copies are kept under their digest, so a
// rebuilt bundle with another Pyodide in a folder fetches it again and drops the old copy.
// Only the page writes the cache: the sandbox has an opaque origin and cannot reach it.
// Where there is no Cache API (a page on plain http from another host) nothing is kept, and
// the browser checks each fetch itself (Subresource Integrity) where the page cannot hash.

/** The Cache API cache that keeps Python between visits. */
export const KEPT = "asyncio-playground-python";

// What the build shipped: {pyodide: {"3.14": {name: {bytes, sha256}}}, modules: {name: {bytes,
// sha256}}}, the digests in base64 (Subresource Integrity's form), the names in load order.
// eslint-disable-next-line no-undef
const SHIPPED = typeof PYTHON_FILES === "undefined" ? { pyodide: {}, modules: {} } : PYTHON_FILES;

// Per Pyodide folder: {manifest, pyodide: {name: ArrayBuffer}, modules: {name: text}, repaired}.
const loaded = new Map();

async function kept() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(KEPT);
  } catch {
    return null; // storage refused (a private window's quota, a sandboxed document)
  }
}

// Hashing needs a secure context (https, or a page on the machine itself), as the Cache API does.
const canHash = () => typeof crypto !== "undefined" && !!crypto.subtle;

/** The SHA-256 of `buffer` in base64, or null where the page cannot hash (no secure context). */
export async function digestOf(buffer) {
  if (!canHash()) return null;
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** The files the build shipped for one Python ("3.14"): {names, bytes, sha256, total}. */
export function pythonManifest(python) {
  const files = SHIPPED.pyodide[python];
  if (!files || !files["pyodide.asm.wasm"]) throw new Error(`this build ships no Pyodide for Python ${python}`);
  const names = Object.keys(files);
  const bytes = Object.fromEntries(names.map((name) => [name, files[name].bytes]));
  const sha256 = Object.fromEntries(names.map((name) => [name, files[name].sha256]));
  return { names, bytes, sha256, total: names.reduce((sum, name) => sum + bytes[name], 0) };
}

// The server's copy of `url`, counted as it arrives, checked against `want` ({bytes, sha256}).
async function fetchChecked(url, want, signal, count) {
  // Without a hash of its own, the page lets the browser check the body (it then arrives whole).
  const response = await fetch(url, canHash() ? { signal } : { signal, integrity: `sha256-${want.sha256}` });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    count(value.byteLength);
  }
  const buffer = await new Blob(chunks).arrayBuffer();
  const digest = await digestOf(buffer);
  if (buffer.byteLength !== want.bytes || (digest !== null && digest !== want.sha256)) {
    throw new Error(`${url} is not the file this playground was built with (its size or SHA-256 differs), so it was not run`);
  }
  return buffer;
}

// One file: the kept copy if it is exactly the one shipped, else the server's (then kept).
// A kept copy that differs is deleted and its name pushed on `repaired`.
async function checkedFile(cache, url, want, signal, count, repaired, name) {
  const key = new URL(`${url}?sha256=${encodeURIComponent(want.sha256)}`, location.href).href;
  const copy = cache && (await cache.match(key).catch(() => null));
  if (copy) {
    const buffer = await copy.arrayBuffer();
    if (buffer.byteLength === want.bytes && (await digestOf(buffer)) === want.sha256) {
      count(buffer.byteLength);
      return buffer;
    }
    await cache.delete(key).catch(() => {});
    repaired.push(name);
  }
  const buffer = await fetchChecked(url, want, signal, count);
  if (cache) {
    // Older copies of this file (another build's, or another Pyodide once in this folder) go.
    for (const old of await cache.keys()) if (old.url.startsWith(new URL(url, location.href).href + "?") && old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(buffer)).catch(() => {});
  }
  return buffer;
}

/**
 * Pyodide's files for the folder pyodideUrl (of Python `manifest` names) and virtual_asyncio's
 * modules from packageUrl, each checked; onProgress(done, total) in bytes of Pyodide's files.
 * Resolves to {manifest, pyodide: {name: ArrayBuffer}, modules: {name: text}, repaired: [names]}.
 */
export async function pythonFiles(pyodideUrl, packageUrl, manifest, signal, onProgress) {
  const done = loaded.get(pyodideUrl);
  if (done) return { ...done, repaired: [] };
  const cache = await kept();
  const { names, bytes, sha256, total } = manifest;
  const repaired = [];
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
  for (const name of names) {
    pyodide[name] = await checkedFile(cache, pyodideUrl + name, { bytes: bytes[name], sha256: sha256[name] }, signal, count, repaired, name);
  }
  onProgress(total, total);
  const modules = {};
  const text = new TextDecoder();
  for (const [name, want] of Object.entries(SHIPPED.modules)) {
    modules[name] = text.decode(await checkedFile(cache, packageUrl + name, want, signal, () => {}, repaired, name));
  }
  const files = { manifest, pyodide, modules };
  loaded.set(pyodideUrl, files);
  return { ...files, repaired };
}
