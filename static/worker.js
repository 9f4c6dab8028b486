// The bootstrap of a playground worker: the stand-in for a thread of asyncio.to_thread().
// The page creates it as a module worker whose script begins with the jobs module's JS glue
// (jobs/jobs.js, built from src/jobs/), and sends {type: "init", module}: that module
// already compiled, so the worker fetches and compiles nothing itself and instantiates
// about 50 KB, not the 1.3 MB playground. (Where the page's own bundle stands in for the
// jobs module, the script is this file alone and {type: "init", glue, module} also names
// the glue to import.) A job arrives as the string "<id> <job>" and is run by the
// module's Rust code (run_worker_job); it ends with the string "<id> ok <value>"
// or "<id> err <message>" (strings: the cheapest messages to pass between threads), or with
// {type: "crashed"} after a trap, when the worker closes itself and is replaced. If the
// module cannot be imported or instantiated, {type: "init-failed", value} says why.
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
      // The glue is imported from msg.glue, or it is this script's beginning.
      const glue = msg.glue ? await import(msg.glue) : { default: __wbg_init, run_worker_job };
      await glue.default({ module_or_path: msg.module });
      runJob = glue.run_worker_job;
      self.postMessage({ type: "ready" });
    } catch (error) {
      self.postMessage({ type: "init-failed", value: String(error) });
    }
  }
};
