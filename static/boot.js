// Loads the bundle and mounts the playground (a file, not an inline script, so the page's
// Content-Security-Policy can allow scripts from its own origin only).
import init, { mount } from "../pkg/app.js";

init().then(() => mount()).catch((e) => {
  document.getElementById("app").textContent = "The playground failed to load: " + e;
});
