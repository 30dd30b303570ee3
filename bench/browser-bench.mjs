// Serves the repository on loopback and times DOM updates in headless Chromium.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { bigSurface } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const file = path.join(ROOT, decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (!file.startsWith(ROOT) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${server.address().port}/bench/browser-page.html`;

const big = bigSurface();
const components = JSON.stringify(big.filter((m) => !m.updateDataModel));
const update = JSON.stringify([{ version: "v0.9", updateDataModel: { surfaceId: "big", path: "/t/0/1", value: "changed __N__" } }]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.benchReady === true);
  const result = await page.evaluate((args) => window.runBench(args), { components, update, reps: Number(process.env.BENCH_REPS || 60) });
  console.log(JSON.stringify({ chromium: browser.version(), ...result }, null, 1));
} finally {
  await browser.close();
  server.close();
}
