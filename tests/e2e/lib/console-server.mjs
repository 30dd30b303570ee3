// Starts the console exactly as the README serves it (`trunk serve`), unless CONSOLE_URL
// points at one already running, and waits until it answers.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** Where cargo put the native binaries (the CLI, the server, the fixture agent). */
export const DEBUG_BINS = path.join(process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, "target"), "debug");

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = new Error(`HTTP ${res.status}`);
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`console did not answer at ${url}: ${last}`);
}

export async function startConsole() {
  if (process.env.CONSOLE_URL) {
    await waitFor(process.env.CONSOLE_URL, 10_000);
    return { url: process.env.CONSOLE_URL.replace(/\/$/, ""), stop: async () => {} };
  }
  const port = 18080 + Math.floor(Math.random() * 1000);
  const child = spawn("trunk", ["serve", "--release", "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(url + "/boot.js", 15 * 60_000);
  } catch (e) {
    process.kill(-child.pid, "SIGTERM");
    throw new Error(`${e.message}\n${log}`);
  }
  return {
    url,
    stop: async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
  };
}
