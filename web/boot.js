// The console's loader, as a file rather than an inline script, so the Content-Security-Policy
// needs no 'unsafe-inline', nonce or hash: script-src 'self' 'wasm-unsafe-eval' is enough.
import init from "./surfaces-console.js";

init({ module_or_path: new URL("./surfaces-console_bg.wasm", import.meta.url) });
