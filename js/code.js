// "Run my code", loaded only when a learner first edits a program (bundled with CodeMirror 6
// by esbuild into static/code.js; not part of the page's first load, and its styles come
// with it). It owns the editor and the sandbox a program runs in; the Yew app owns
// everything else: it mounts this module into a host element, hands it the program and the
// page's translated words, starts and stops runs from its run bar, and receives the
// run-result JSON, which it turns into a run like any scenario's.
//
// The sandbox (docs/src/run-my-code-sandbox.md): a hidden <iframe sandbox="allow-scripts">
// of static/code-sandbox.html — an opaque origin whose policy allows no connection — starts
// the Pyodide worker (static/code-worker.js) and hands it one end of a MessageChannel whose
// other end only this module holds. The page fetches Pyodide's files and virtual_asyncio's
// modules itself (with their progress; js/python-files.js, which keeps them for later
// visits) and sends them over the channel; results come back
// over it and are checked before they are used. Stop, the wall-clock limit and destroy()
// take the frame away, which ends its worker.
//
// Which Python: options.python ("3.14") names the choice, options.pyodideUrl the folder of
// its Pyodide in the bundle (pyodide/3.14/); the files to fetch, their sizes and digests were
// recorded when the bundle was built (js/python-files.js; from Pyodide 314 the loader is an
// ES module, pyodide.mjs and pyodide.asm.mjs).
//
// mount(host, options) -> controller
//   options: {program, strings, python, sandboxUrl, pyodideUrl, packageUrl, wallLimit (seconds), onChange(text), onStart(), onResult(runResult: its JSON
//             text), onEnd(why: "stopped" | "syntax" | "raised" | "no-loop" | "limit" | "failed")}
//   The panel's "Simulated API" settings (latency, jitter, fail rate, seed) go with each run
//   to the aiohttp and requests stand-ins (virtual_asyncio.simapi).
//   controller: {run(), stop(), setStrings(strings), destroy()}
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";
import { pythonFiles, pythonManifest } from "./python-files.js";

// The page's Python colours (static/style.css), so both themes apply.
const pythonColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword, tags.operatorKeyword], color: "var(--py-kw)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--py-str)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--py-num)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--py-comment)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.standard(tags.variableName)], color: "var(--py-builtin)" },
]);

const STYLE = `
@media (min-width: 900px) { main:has(.own-code) { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); } }
.own-code .editor-loading, .run-bar .clock[hidden] { display: none; }
.code-editor { border: 1px solid var(--line); border-radius: 8px; overflow: hidden; margin: 0.4rem 0; }
.code-editor .cm-editor { background: var(--code-bg); color: var(--ink); font-size: 0.9rem; max-height: 70vh; }
.code-editor .cm-scroller { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; line-height: 1.5; }
.code-editor .cm-gutters { background: var(--panel); color: var(--muted); border-right: 1px solid var(--line); }
.code-editor .cm-activeLine, .code-editor .cm-activeLineGutter { background: color-mix(in srgb, var(--accent) 10%, transparent); }
.code-editor .cm-cursor { border-left-color: var(--ink); }
.code-editor .cm-focused { outline: 3px solid var(--ring); outline-offset: -3px; }
.code-editor .cm-selectionBackground, .code-editor .cm-focused .cm-selectionBackground { background: color-mix(in srgb, var(--accent) 30%, transparent) !important; }
.code-editor .cm-error-line { background: color-mix(in srgb, var(--danger) 22%, transparent); }
.code-api { margin: 0.4rem 0; }
.code-api summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; }
.code-api .code-api-fields { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.code-api label { display: flex; flex-direction: column; font-size: 0.85rem; }
.code-api input { width: 7rem; min-height: 44px; font: inherit; }
.code-progress { width: 100%; height: 0.8rem; accent-color: var(--accent); }
.code-loading .code-status { margin: 0.2rem 0; }
/* While Python loads (the first run: megabytes), its progress stays on screen wherever the
   page is scrolled, on a phone too, where the panel's place is below the first screen. */
.code-loading:has(> .code-progress:not([hidden])) { position: fixed; left: 0; right: 0; bottom: 0; z-index: 30;
  background: var(--panel); border-top: 1px solid var(--line); padding: 0.4rem 1rem calc(0.4rem + env(safe-area-inset-bottom)); }
.code-problem .syntax-error, .code-problem p { color: var(--danger); margin: 0.3rem 0; }
.code-problem .traceback { background: var(--code-bg); border-radius: 8px; padding: 0.5rem; font-size: 0.84rem; white-space: pre-wrap; margin: 0; }
.code-problem .traceback-line { font: inherit; color: var(--accent); background: none; border: 0; padding: 0.1rem 0; min-height: 44px;
  text-decoration: underline; cursor: pointer; text-align: left; white-space: pre-wrap; }
`;

// The line a SyntaxError points at, marked until the program changes.
const markError = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    if (tr.docChanged) return Decoration.none;
    for (const e of tr.effects) {
      if (e.is(markError)) {
        if (e.value === null) return Decoration.none;
        const line = tr.state.doc.line(Math.min(Math.max(e.value, 1), tr.state.doc.lines));
        return Decoration.set([Decoration.line({ class: "cm-error-line", attributes: { "aria-invalid": "true" } }).range(line.from)]);
      }
    }
    return marks;
  },
  provide: (f) => EditorView.decorations.from(f),
});

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// The simulated API's settings (virtual_asyncio/simapi.py: DEFAULTS and LIMITS).
const API_FIELDS = [
  { key: "latency", label: "apiLatency", value: 0.5, min: 0, max: 60, step: 0.1 },
  { key: "jitter", label: "apiJitter", value: 0, min: 0, max: 10, step: 0.1 },
  { key: "fail_rate", label: "apiFailRate", value: 0, min: 0, max: 1, step: 0.05 },
  { key: "seed", label: "apiSeed", value: 1, min: 0, max: 2147483648, step: 1 },
];

// Seconds Pyodide may take to start in the worker once its files are there.
const START_LIMIT = 60;
// The longest texts a runner message may carry: a version, an error, a result.
const MAX_VERSION = 40;
const MAX_ERROR = 10000;
const MAX_RESULT = 64 * 1024 * 1024;

/** True for a message the worker may send over its port (docs/src/run-my-code-sandbox.md). */
export function validRunnerMessage(msg) {
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return false;
  const text = (v, max) => typeof v === "string" && v.length <= max;
  switch (msg.type) {
    case "ready":
      return text(msg.python, MAX_VERSION) && text(msg.pyodide, MAX_VERSION);
    case "result":
      return text(msg.json, MAX_RESULT);
    case "failed":
      return text(msg.error, MAX_ERROR);
    default:
      return false;
  }
}

/** The worker's result JSON as an object of the expected shape, or null (rejected). */
export function parseResult(json) {
  let out;
  try {
    out = JSON.parse(json);
  } catch {
    return null;
  }
  if (!out || typeof out !== "object" || Array.isArray(out)) return null;
  if (out.result !== undefined && out.result !== null && (typeof out.result !== "object" || Array.isArray(out.result))) return null;
  const se = out.syntax_error;
  if (se && (typeof se !== "object" || typeof se.message !== "string" || !Number.isInteger(se.line))) return null;
  if (out.error && (typeof out.error !== "object" || typeof out.error.text !== "string")) return null;
  return out;
}

// The sandbox frame and the page's end of its channel. onMessage gets the worker's checked
// messages; onFailure a worker that failed to start.
function openSandbox(url, onMessage, onFailure) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("src", url);
  frame.setAttribute("aria-hidden", "true");
  frame.setAttribute("tabindex", "-1");
  frame.setAttribute("title", "Run my code: sandbox");
  frame.className = "code-sandbox";
  frame.hidden = true;
  const channel = new MessageChannel();
  const sandbox = { ready: false, frame, send: (msg) => channel.port1.postMessage(msg), close };
  channel.port1.onmessage = (e) => {
    if (!validRunnerMessage(e.data)) return;
    if (e.data.type === "ready") sandbox.ready = true;
    onMessage(e.data);
  };
  let handedOver = false;
  const fromFrame = (e) => {
    if (e.source !== frame.contentWindow || e.origin !== "null" || !e.data || typeof e.data !== "object") return;
    if (e.data.type === "sandbox-ready" && !handedOver) {
      handedOver = true;
      frame.contentWindow.postMessage({ type: "start" }, "*", [channel.port2]);
    } else if (e.data.type === "worker-error") {
      onFailure(String(e.data.message).slice(0, MAX_ERROR));
    }
  };
  window.addEventListener("message", fromFrame);
  document.body.append(frame);
  function close() {
    window.removeEventListener("message", fromFrame);
    channel.port1.onmessage = null;
    channel.port1.close();
    frame.remove();
  }
  return sandbox;
}

export function mount(host, options) {
  let strings = options.strings;
  let sandbox = null;    // the run's sandbox frame, kept between runs until a stop
  let downloads = null;  // aborts the download of Python's files
  let running = false;
  let timer = null;
  let pythonVersion = null;

  if (!document.getElementById("code-style")) document.head.append(el("style", { id: "code-style", text: STYLE }));
  const progress = el("progress", { class: "code-progress", max: "1", value: "0", hidden: "" });
  const status = el("p", { class: "code-status hint", role: "status", "aria-live": "polite" });
  const version = el("p", { class: "code-python hint" });
  const repairedNote = el("p", { class: "code-repaired hint", role: "status" });
  const problem = el("div", { class: "code-problem", role: "alert" });
  const hint = el("p", { class: "hint code-hint" });
  const editorBox = el("div", { class: "code-editor" });
  // The simulated API that aiohttp and requests talk to here: its settings, and the plain
  // word that requests never leave the page.
  const apiSummary = el("summary");
  const apiNote = el("p", { class: "hint code-api-note" });
  const apiInputs = {};
  const apiLabels = {};
  const apiFields = el("div", { class: "code-api-fields" });
  for (const f of API_FIELDS) {
    const input = el("input", { type: "number", name: "api-" + f.key, value: String(f.value), min: String(f.min), max: String(f.max), step: String(f.step), inputmode: "decimal" });
    const text = el("span");
    apiInputs[f.key] = input;
    apiLabels[f.label] = text;
    apiFields.append(el("label", {}, text, input));
  }
  const apiBox = el("details", { class: "code-api" }, apiSummary, apiNote, apiFields);
  // The progress bar and the status line: fixed at the bottom of the screen while Python loads.
  const loadingBox = el("div", { class: "code-loading" }, progress, status);
  host.replaceChildren(editorBox, hint, apiBox, loadingBox, problem, repairedNote, version);
  // The settings as numbers, or the first one out of its range, named with what it allows
  // (an empty field means its default; nothing is clamped).
  function apiSettings() {
    const values = {};
    for (const f of API_FIELDS) {
      const input = apiInputs[f.key];
      input.removeAttribute("aria-invalid");
      const raw = input.value.trim();
      if (raw === "" && !input.validity.badInput) continue;
      const v = Number(raw);
      const whole = f.step === 1;
      if (input.validity.badInput || !Number.isFinite(v) || v < f.min || v > f.max || (whole && !Number.isInteger(v))) {
        input.setAttribute("aria-invalid", "true");
        const words = whole ? strings.apiInvalidWhole : strings.apiInvalid;
        return { input, error: fill(words, { field: strings[f.label], min: f.min, max: f.max, got: raw || "?" }) };
      }
      values[f.key] = v;
    }
    return { values };
  }
  let changed = null;   // the editor's text reaches the page at most every 250 ms
  const changes = (text) => {
    clearTimeout(changed);
    changed = setTimeout(() => options.onChange(text), 250);
  };

  const view = new EditorView({
    parent: editorBox,
    state: EditorState.create({
      doc: options.program,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        indentUnit.of("    "),
        bracketMatching(),
        syntaxHighlighting(pythonColours),
        python(),
        errorLine,
        // Tab indents (Escape, then Tab, moves focus out: CodeMirror's tab-focus escape).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changes(u.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ "aria-label": strings.editor }),
      ],
    }),
  });

  function setStrings(next) {
    strings = next;
    hint.textContent = strings.hint;
    apiSummary.textContent = strings.apiTitle;
    apiNote.textContent = strings.apiNote;
    for (const f of API_FIELDS) apiLabels[f.label].textContent = strings[f.label];
    view.contentDOM.setAttribute("aria-label", strings.editor);
    version.textContent = pythonVersion ? fill(strings.python, pythonVersion) : fill(strings.pythonLater, { python: options.python });
  }

  function show(text) {
    status.textContent = text;
  }

  function goToLine(n) {
    const line = view.state.doc.line(Math.min(Math.max(n, 1), view.state.doc.lines));
    view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
    view.focus();
  }

  function showTraceback(error) {
    const lines = error.text.split("\n");
    const list = el("pre", { class: "traceback" });
    for (const text of lines) {
      const m = /^ {2}File "main\.py", line (\d+)/.exec(text);
      if (m) {
        list.append(el("button", { type: "button", class: "traceback-line", onclick: () => goToLine(Number(m[1])), text }), "\n");
      } else {
        list.append(text + "\n");
      }
    }
    problem.replaceChildren(el("p", { text: strings.traceback }), list);
  }

  // Ends the run's sandbox (and so its worker) and any download of Python's files.
  function endSandbox() {
    clearTimeout(timer);
    timer = null;
    if (downloads) {
      downloads.abort();
      downloads = null;
    }
    if (sandbox) {
      sandbox.close();
      sandbox = null;
    }
  }

  function finish(message) {
    clearTimeout(timer);
    timer = null;
    running = false;
    progress.hidden = true;
    show(message || "");
  }

  function failed(error) {
    endSandbox();
    finish(fill(strings.loadFailed, { error }));
    options.onEnd("failed");
  }

  function onProgress(loaded, total) {
    progress.hidden = false;
    progress.max = total || 1;
    progress.value = loaded;
    show(fill(strings.loading, { python: options.python, done: (loaded / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) }));
  }

  // What the worker says, once checked (anything else was rejected before it got here).
  function onRunner(msg) {
    if (!running) return;
    if (msg.type === "ready") {
      progress.hidden = true;
      pythonVersion = { python: msg.python, pyodide: msg.pyodide };
      version.textContent = fill(strings.python, pythonVersion);
      show(strings.running);
      armLimit(options.wallLimit, strings.wallLimit);
    } else if (msg.type === "result") {
      const out = parseResult(msg.json);
      if (!out) return; // rejected: the wall-clock limit still ends the run
      if (out.syntax_error) {
        const se = out.syntax_error;
        view.dispatch({ effects: markError.of(se.line) });
        problem.replaceChildren(el("p", { class: "syntax-error", text: fill(strings.syntax, { message: se.message, line: se.line }) }));
      } else if (out.error) {
        showTraceback(out.error);
      }
      finish("");
      if (out.result) options.onResult(JSON.stringify(out.result));
      else options.onEnd(out.syntax_error ? "syntax" : out.error ? "raised" : "no-loop");
    } else if (msg.type === "failed") {
      failed(msg.error);
    }
  }

  // A run that takes longer than the limit on the wall clock (an endless loop that never
  // awaits) ends with the sandbox: it cannot be interrupted any other way.
  function armLimit(secs, words) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      endSandbox();
      finish(fill(words, { secs }));
      options.onEnd("limit");
    }, secs * 1000);
  }

  async function run() {
    if (running) return;
    problem.replaceChildren();
    const api = apiSettings();
    if (api.error) {
      apiBox.open = true;
      problem.replaceChildren(el("p", { class: "syntax-error", text: api.error }));
      api.input.focus();
      return;
    }
    running = true;
    view.dispatch({ effects: markError.of(null) });
    options.onStart();
    const source = view.state.doc.toString();
    if (sandbox && sandbox.ready) {
      show(strings.running);
      armLimit(options.wallLimit, strings.wallLimit);
      sandbox.send({ type: "run", source, api: api.values });
      return;
    }
    show(strings.starting);
    const mine = (downloads = downloads || new AbortController());
    let files;
    try {
      const manifest = pythonManifest(options.python);
      if (!sandbox) sandbox = openSandbox(options.sandboxUrl, onRunner, (error) => running && failed(error));
      files = await pythonFiles(options.pyodideUrl, options.packageUrl, manifest, mine.signal, onProgress);
    } catch (error) {
      if (running && downloads === mine) failed(String((error && error.message) || error));
      return;
    }
    if (!running || downloads !== mine || !sandbox) return; // stopped while the files arrived
    downloads = null;
    // A kept copy that was not the file the build shipped was replaced: the reader is told.
    if (files.repaired.length) repairedNote.textContent = fill(strings.repaired, { files: files.repaired.join(", ") });
    // Every byte is here; Python starts in the worker now (seconds on a phone): the bar turns
    // indeterminate and the status says so, rather than sitting at "13.5 of 13.5 MB".
    progress.removeAttribute("value");
    show(strings.starting);
    // A sandbox that never says it is ready is ended.
    armLimit(START_LIMIT, strings.startLimit);
    sandbox.send({ type: "run", source, api: api.values, files: files.pyodide, modules: files.modules });
  }

  function stop(byUser) {
    if (!running) return;
    endSandbox();
    finish(byUser ? strings.stopped : "");
    options.onEnd("stopped");
  }

  setStrings(strings);
  return {
    run,
    stop: () => stop(true),
    setStrings,
    destroy() {
      clearTimeout(changed);
      endSandbox();
      view.destroy();
      host.replaceChildren();
    },
  };
}
