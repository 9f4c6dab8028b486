// The bootstrap of a playground worker: the stand-in for a thread of asyncio.to_thread().
// The page creates it as a module worker and sends {type: "init", glue, module}: the URL of
// the bundle's JS glue and the already compiled WebAssembly.Module, so the worker neither
// fetches nor compiles the wasm again. A job arrives as the string "<id> <job>" and is run
// by the bundle's own Rust code (run_worker_job); it ends with the string "<id> ok <value>"
// or "<id> err <message>" (strings: the cheapest messages to pass between threads), or with
// {type: "crashed"} after a trap, when the worker closes itself and is replaced. If the
// bundle cannot be imported or instantiated, {type: "init-failed", value} says why.
let runJob = null;
self.onmessage = async (event) => {
  const msg = event.data;
  if (typeof msg === "string") {
    const space = msg.indexOf(" ");
    const id = msg.slice(0, space);
    try {
      self.postMessage(`${id} ok ${runJob(msg.slice(space + 1))}`);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        // A trap leaves this instance unusable: report the crash and end the worker.
        self.postMessage({ type: "crashed", id: Number(id), value: String(error) });
        self.close();
      } else {
        self.postMessage(`${id} err ${String(error)}`);
      }
    }
  } else if (msg.type === "init") {
    try {
      const glue = await import(msg.glue);
      await glue.default({ module_or_path: msg.module });
      runJob = glue.run_worker_job;
      self.postMessage({ type: "ready" });
    } catch (error) {
      self.postMessage({ type: "init-failed", value: String(error) });
    }
  }
};
