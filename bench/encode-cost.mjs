// What copying a workload's text into wasm memory costs, against JSON.parse of the same text,
// in Node and in Chromium: `node bench/encode-cost.mjs [KEY...]` (default: the text-heavy
// workloads). In a browser the npm package's fold starts with `TextEncoder.encodeInto` for a
// text the engine keeps a byte a character (`crates/surfaces-wasm/src/lib.rs`, `text_of`;
// a text kept as UTF-16 is copied as its units instead, `units_of`), so this is a floor under
// any fold of such a text in wasm, which the official core, keeping JSON.parse's strings, never
// pays. Prints median milliseconds of 100 runs after 30 of warm-up.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { WORKLOADS, workloadText } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const keys = process.argv.slice(2).length ? process.argv.slice(2) : ["scripts", "markdown", "megabyte"];
const texts = keys.map((k) => {
  const w = WORKLOADS.find((w) => w.key === k);
  if (!w) throw new Error(`no workload ${k}: one of ${WORKLOADS.map((w) => w.key).join(", ")}`);
  return [k, workloadText(w, w.build(SPEC))];
});

/** Runs in Node and in the page: the same code, so the hosts' numbers compare. */
function measure(text) {
  const memory = new Uint8Array(new WebAssembly.Memory({ initial: 4 * Math.ceil((3 * text.length) / 65536 / 4) }).buffer);
  const encoder = new TextEncoder();
  const median = (f) => {
    for (let i = 0; i < 30; i++) f();
    const times = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      f();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return times[50];
  };
  return {
    parse: median(() => JSON.parse(text)),
    encodeInto: median(() => encoder.encodeInto(text, memory)),
  };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
console.log("| Workload | Host | JSON.parse | encodeInto | encodeInto ÷ JSON.parse |\n| --- | --- | ---: | ---: | ---: |");
for (const [key, text] of texts) {
  const node = measure(text);
  const chrome = await page.evaluate(`(${measure})(${JSON.stringify(text)})`);
  for (const [host, r] of [["Node", node], ["Chromium", chrome]]) {
    console.log(`| ${key} | ${host} | ${r.parse.toFixed(2)} ms | ${r.encodeInto.toFixed(2)} ms | ${(r.encodeInto / r.parse).toFixed(2)} |`);
  }
}
await browser.close();
