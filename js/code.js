// "Run my code", loaded only when a learner first edits a program (bundled with CodeMirror 6
// by esbuild into static/code.js; not part of the page's first load). It owns the editor
// and the Pyodide worker (static/code-worker.js); the Yew app owns everything else: it
// mounts this module into a host element, hands it the program and the page's translated
// words, and receives the run-result JSON, which it turns into a run like any scenario's.
//
// mount(host, options) -> controller
//   options: {program, strings, workerUrl, wallLimit (seconds), onChange(text), onStart(),
//             onResult(json), onEnd()}
//   controller: {run(), stop(), setStrings(strings), program(), running(), destroy()}
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";

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

  const runButton = el("button", { type: "button", class: "code-run", onclick: () => run() });
  const stopButton = el("button", { type: "button", class: "secondary code-stop", onclick: () => stop(true) });
  const progress = el("progress", { class: "code-progress", max: "1", value: "0", hidden: "" });
  const status = el("p", { class: "code-status", role: "status", "aria-live": "polite" });
  const version = el("p", { class: "code-python hint" });
  const problem = el("div", { class: "code-problem", role: "alert" });
  const hint = el("p", { class: "hint code-hint" });
  const editorBox = el("div", { class: "code-editor" });
  host.replaceChildren(el("div", { class: "code-toolbar" }, runButton, stopButton, progress), status, editorBox, hint, problem, version);

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
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        python(),
        errorLine,
        // Tab indents (Escape, then Tab, moves focus out: CodeMirror's tab-focus escape).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) options.onChange(u.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ "aria-label": strings.editor }),
      ],
    }),
  });

  function setStrings(next) {
    strings = next;
    runButton.textContent = strings.run;
    stopButton.textContent = strings.stop;
    hint.textContent = strings.hint;
    view.contentDOM.setAttribute("aria-label", strings.editor);
    if (pythonVersion) version.textContent = fill(strings.python, pythonVersion);
  }

  function setRunning(on) {
    running = on;
    runButton.disabled = on;
    stopButton.disabled = !on;
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
    setRunning(false);
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
        if (out.result) options.onResult(JSON.stringify(out.result));
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
    setRunning(true);
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
  setRunning(false);
  return {
    run,
    stop: () => stop(true),
    setStrings,
    program: () => view.state.doc.toString(),
    running: () => running,
    destroy() {
      endWorker();
      view.destroy();
      host.replaceChildren();
    },
  };
}
