// The cold-start reference of the worker benchmark: a module worker that only echoes.
self.onmessage = (e) => self.postMessage(e.data);
