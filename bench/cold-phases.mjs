// Where a cold start's time goes in Chromium, phase by phase, for the official core and both
// builds of the package: a fresh browser context per sample, 15 samples each, medians.
//   node bench/cold-phases.mjs   (after scripts/build-npm.sh and bench/cold-memory.mjs, which
//                                 bundles the official core into target/bench/official-esm.js)
//   CHROMIUM_ARGS="--js-flags=--no-wasm-lazy-compilation" node bench/cold-phases.mjs
//                                (more Chromium switches, space-separated, to see what moves)
//   REPS=9 SIDES=headless,official node bench/cold-phases.mjs   (fewer samples, some sides)
// import: the JavaScript module; init: the .wasm fetched, compiled and instantiated; new: the
// first SurfaceStore; fold and report: the first applyEnvelopes of the login-form example
// and its report; second: a second store, fold and report on the warm instance.
import { chromium } from "playwright-core";
import { serveRepository } from "./static-server.mjs";
import fs from "node:fs";
const server = await serveRepository();
const port = server.address().port;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...(process.env.CHROMIUM_ARGS?.split(" ").filter(Boolean) ?? [])] });
const login = fs.readFileSync((process.env.AGENT_SURFACES_SPEC || new URL("../../shared/spec/", import.meta.url).pathname) + "/a2ui/v0_9/catalogs/basic/examples/09_login-form.json", "utf8");
const text = JSON.stringify(JSON.parse(login).messages);
const rows = { headless: [], ui: [], official: [] };
for (let i = 0; i < (+process.env.REPS || 15); i++) for (const side of (process.env.SIDES?.split(",") ?? ["headless", "ui", "official"])) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/bench/cold-page.html`);
  await page.waitForFunction(() => window.probeReady === true);
  const r = await page.evaluate(async ({ side, text }) => {
    const t0 = performance.now();
    if (side === "official") {
      const lib = await import("/target/bench/official-esm.js");
      const t1 = performance.now();
      const p = new lib.MessageProcessor([lib.basicCatalog]); p.processMessages(JSON.parse(text));
      const t2 = performance.now(); const p2 = new lib.MessageProcessor([lib.basicCatalog]); p2.processMessages(JSON.parse(text));
      return [t1 - t0, 0, t2 - t1, 0, 0, performance.now() - t2];
    }
    const dir = side === "ui" ? "crates/surfaces-wasm/pkg" : "crates/surfaces-wasm/pkg-headless";
    const m = await import(`/${dir}/agent_surfaces.js`);
    const t1 = performance.now();
    await m.default({ module_or_path: `/${dir}/agent_surfaces_bg.wasm` });
    const t2 = performance.now();
    const s = new m.SurfaceStore();
    const t3 = performance.now();
    s.applyEnvelopes(text);
    const t4 = performance.now();
    s.report();
    const t5 = performance.now();
    const s2 = new m.SurfaceStore(); s2.applyEnvelopes(text); s2.report();
    const t6 = performance.now();
    return [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5];
  }, { side, text });
  rows[side].push(r);
  await context.close();
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [side, rs] of Object.entries(rows)) if (rs.length) console.log(side, ["import", "init", "new", "fold", "report", "second"].map((n, i) => n + " " + med(rs.map((r) => r[i])).toFixed(1)).join("  "));
await browser.close(); server.close();
