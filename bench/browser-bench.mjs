// Serves the repository on loopback and times DOM updates in headless Chromium.
import { chromium } from "playwright-core";
import { bigSurface } from "./workloads.mjs";
import { serveRepository } from "./static-server.mjs";

const server = await serveRepository();
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
