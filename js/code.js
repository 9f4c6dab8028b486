// "Run my code", loaded only when a learner first edits a program (bundled with CodeMirror 6
// by esbuild into static/code.js; not part of the page's first load, and its styles come
// with it). It owns the editor and the Pyodide worker (static/code-worker.js); the Yew app
// owns everything else: it mounts this module into a host element, hands it the program
// and the page's translated words, starts and stops runs from its run bar, and receives
// the run-result JSON, which it turns into a run like any scenario's.
//
// mount(host, options) -> controller
//   options: {program, strings, workerUrl, wallLimit (seconds), onChange(text), onStart(),
//             onResult(runResult: the parsed JSON), onEnd()}
//   controller: {run(), stop(), setStrings(strings), destroy()}
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { HighlightStyle, bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";

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
.code-progress { width: 100%; height: 0.8rem; accent-color: var(--accent); }
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

export function mount(host, options) {
  let strings = options.strings;
  let worker = null;
  let running = false;
  let timer = null;
  let pythonVersion = null;

  if (!document.getElementById("code-style")) document.head.append(el("style", { id: "code-style", text: STYLE }));
  const progress = el("progress", { class: "code-progress", max: "1", value: "0", hidden: "" });
  const status = el("p", { class: "code-status hint", role: "status", "aria-live": "polite" });
  const version = el("p", { class: "code-python hint" });
  const problem = el("div", { class: "code-problem", role: "alert" });
  const hint = el("p", { class: "hint code-hint" });
  const editorBox = el("div", { class: "code-editor" });
  host.replaceChildren(editorBox, hint, progress, status, problem, version);
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
    view.contentDOM.setAttribute("aria-label", strings.editor);
    version.textContent = pythonVersion ? fill(strings.python, pythonVersion) : strings.pythonLater;
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

  function endWorker() {
    clearTimeout(timer);
    timer = null;
    if (worker) {
      worker.terminate();
      worker = null;
    }
  }

  function finish(message) {
    clearTimeout(timer);
    timer = null;
    running = false;
    progress.hidden = true;
    show(message || "");
  }

  function startWorker() {
    const w = new Worker(options.workerUrl);
    w.onmessage = (e) => {
      const msg = e.data;
      if (msg.type === "progress") {
        progress.hidden = false;
        progress.max = msg.total || 1;
        progress.value = msg.loaded;
        show(fill(strings.loading, { done: (msg.loaded / 1e6).toFixed(1), total: (msg.total / 1e6).toFixed(1) }));
      } else if (msg.type === "ready") {
        progress.hidden = true;
        pythonVersion = { python: msg.python, pyodide: msg.pyodide };
        version.textContent = fill(strings.python, pythonVersion);
        show(strings.running);
        armWallLimit();
      } else if (msg.type === "result") {
        const out = JSON.parse(msg.json);
        if (out.syntax_error) {
          const se = out.syntax_error;
          view.dispatch({ effects: markError.of(se.line) });
          problem.replaceChildren(el("p", { class: "syntax-error", text: fill(strings.syntax, { message: se.message, line: se.line }) }));
        } else if (out.error) {
          showTraceback(out.error);
        }
        finish("");
        if (out.result) options.onResult(out.result);
        else options.onEnd();
      } else if (msg.type === "failed") {
        endWorker();
        finish(fill(strings.loadFailed, { error: msg.error }));
        options.onEnd();
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      endWorker();
      finish(fill(strings.loadFailed, { error: e.message || "worker error" }));
      options.onEnd();
    };
    return w;
  }

  // A run that takes longer than the limit on the wall clock (an endless loop that never
  // awaits) ends with the worker: it cannot be interrupted any other way.
  function armWallLimit() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      endWorker();
      finish(fill(strings.wallLimit, { secs: options.wallLimit }));
      options.onEnd();
    }, options.wallLimit * 1000);
  }

  function run() {
    if (running) return;
    running = true;
    problem.replaceChildren();
    view.dispatch({ effects: markError.of(null) });
    options.onStart();
    if (!worker) {
      worker = startWorker();
      show(strings.starting);
    } else {
      show(strings.running);
      armWallLimit();
    }
    worker.postMessage({ type: "run", source: view.state.doc.toString() });
  }

  function stop(byUser) {
    if (!running) return;
    endWorker();
    finish(byUser ? strings.stopped : "");
    options.onEnd();
  }

  setStrings(strings);
  return {
    run,
    stop: () => stop(true),
    setStrings,
    destroy() {
      clearTimeout(changed);
      endWorker();
      view.destroy();
      host.replaceChildren();
    },
  };
}
