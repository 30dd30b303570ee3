// The fold table of bench/node-bench.mjs in headless Chromium: the npm package's fold beside
// the official A2UI web core and JSON.parse, all three in one page, taking turns
// (bench/timing.mjs, bundled into the page). A web front end folds in a browser, whose V8 is
// newer than Node's: its JSON.parse, and so the official core, is not the one Node times.
//   node bench/browser-fold.mjs [PKG...]   prints the figures as JSON (bench.sh writes them to
//                                          target/bench/browser-fold.json); more package
//                                          directories (wasm-pack outputs) fold beside the first
//   node bench/browser-fold.mjs --section  writes BENCHMARKS.md's "Fold throughput in headless Chromium"
// BENCH_ONLY (a regular expression of workload keys) and BENCH_REPS (60) as in node-bench.mjs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { chromium } from "playwright-core";
import { serveFiles } from "../tests/e2e/lib/static-files.mjs";
import { chromiumMisses, replaceSection } from "./shared.mjs";
import { WORKLOADS, workloadText } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const OUT = path.join(ROOT, "target/bench/browser-fold");
const JSON_FILE = path.join(ROOT, "target/bench/browser-fold.json");
const HEADING = "Fold throughput in headless Chromium";

if (process.argv[2] === "--section") {
  section(JSON.parse(fs.readFileSync(JSON_FILE, "utf8")));
  process.exit(0);
}

const pkgs = (process.argv.length > 2 ? process.argv.slice(2) : ["crates/surfaces-wasm/pkg"]).map((p) => path.resolve(p));
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const reps = Number(process.env.BENCH_REPS || 60);
const workloads = WORKLOADS.filter((w) => !only || only.test(w.key));
fs.mkdirSync(OUT, { recursive: true });
for (const w of workloads) fs.writeFileSync(path.join(OUT, `${w.key}.txt`), workloadText(w, w.build(SPEC)));

// The page: the official core and the timing loop bundled, each package imported as it is
// published (its glue fetches and instantiates its .wasm).
await esbuild.build({
  stdin: {
    contents: `
      import { foldOfficial, foldOurs } from "./agreement.mjs";
      import { readMessages } from "./read.mjs";
      import { timeSides } from "./timing.mjs";
      const loaded = [];
      window.load = async (count) => {
        for (let i = 0; i < count; i++) {
          const m = await import("/pkg" + i + "/agent_surfaces.js");
          await m.default({ module_or_path: "/pkg" + i + "/agent_surfaces_bg.wasm" });
          // A store made and freed, as a page makes its store before its texts come: the
          // package compiles its units copy from the first store (src/units.wat), so that a
          // run of one workload (BENCH_ONLY) folds as a whole run does.
          new m.SurfaceStore().free();
          loaded.push(m);
        }
        return globalThis.crossOriginIsolated;
      };
      window.fold = async (key, lines, reps) => {
        const text = await (await fetch("/texts/" + key + ".txt")).text();
        const read = (t) => readMessages({ lines }, t);
        // The same text as the bytes a response's body gives: a JavaScript client decodes
        // them first (as response.json() and text() do); ours takes them as they are.
        const bytes = new TextEncoder().encode(text);
        const decoder = new TextDecoder();
        const readBytes = (b) => read(decoder.decode(b));
        const sides = {
          parse: [() => read(text)],
          official: [() => foldOfficial(text, read)],
          parseBytes: [() => readBytes(bytes)],
          officialBytes: [() => foldOfficial(bytes, readBytes)],
        };
        // What each of ours ends with, from the string and from the bytes: the same, or the
        // bytes were not read as bytes (a build that stringifies a Uint8Array refuses it).
        const outcomes = [];
        loaded.forEach((m, i) => {
          sides["ours" + i] = [() => foldOurs(m, text), (s) => s.free()];
          sides["oursBytes" + i] = [() => foldOurs(m, bytes), (s) => s.free()];
          const outcome = (input) => { const s = foldOurs(m, input); const r = s.report(); s.free(); return { applied: r.applied, ignored: r.ignored, surfaces: r.surfaces.length }; };
          outcomes.push([outcome(text), outcome(bytes)]);
        });
        return { bytes: text.length, outcomes, times: timeSides(sides, reps) };
      };`,
    resolveDir: path.join(ROOT, "bench"),
    loader: "js",
  },
  bundle: true,
  minify: true,
  format: "esm",
  outfile: path.join(OUT, "page.js"),
  logLevel: "silent",
});
fs.writeFileSync(path.join(OUT, "page.html"), '<!doctype html>\n<meta charset="utf-8" />\n<title>fold</title>\n<script type="module" src="/texts/page.js"></script>\n');

// Cross-origin isolated, so that performance.now() is precise to microseconds rather than
// coarsened to a tenth of a millisecond (most folds here take under two milliseconds).
const server = await serveFiles(
  [["/texts", OUT], ...pkgs.map((p, i) => [`/pkg${i}`, p])],
  { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" },
);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const page = await browser.newPage();
const failures = [];
page.on("pageerror", (e) => failures.push(String(e)));
await page.goto(`${base}/texts/page.html`);
await page.waitForFunction(() => window.fold);
const isolated = await page.evaluate((n) => window.load(n), pkgs.length);
if (!isolated) throw new Error("the page is not cross-origin isolated: its clock would be coarse");
const results = [];
for (const w of workloads) {
  const r = await page.evaluate(([k, l, n]) => window.fold(k, l, n), [w.key, !!w.lines, reps]);
  if (failures.length) throw new Error(failures.join("\n"));
  r.outcomes.forEach(([fromText, fromBytes], i) => {
    if (JSON.stringify(fromText) !== JSON.stringify(fromBytes)) {
      throw new Error(`${w.key}: ${pkgs[i]} folds the bytes otherwise than the text: ${JSON.stringify(fromBytes)} against ${JSON.stringify(fromText)}`);
    }
  });
  results.push({ key: w.key, name: w.title, bytes: r.bytes, outcome: r.outcomes[0][0], ...r.times });
  const t = (k) => r.times[k].median;
  const ours = Object.keys(r.times).filter((k) => /^ours\d/.test(k));
  console.error(
    w.key.padEnd(20),
    `parse ${t("parse").toFixed(3)} official ${t("official").toFixed(3)}`,
    ours.map((k) => `${k} ${t(k).toFixed(3)} (${(t("official") / t(k)).toFixed(2)}× official, ${(t(k) / t("parse")).toFixed(2)}× parse)`).join("  "),
    `| bytes: parse ${t("parseBytes").toFixed(3)} official ${t("officialBytes").toFixed(3)}`,
    ours.map((k) => `${k} ${t("oursBytes" + k.slice(4)).toFixed(3)} (${(t("officialBytes") / t("oursBytes" + k.slice(4))).toFixed(2)}× official, ${(t("oursBytes" + k.slice(4)) / t("parseBytes")).toFixed(2)}× parse)`).join("  "),
  );
}
const chromiumVersion = browser.version();
await browser.close();
server.close();
console.log(JSON.stringify({ chromium: chromiumVersion, reps, packages: pkgs.map((p) => path.relative(ROOT, p)), results }, null, 1));

/** BENCHMARKS.md's section, from the figures of a run. */
function section({ chromium: version, reps, results }) {
  const ms = (x) => `${x.toFixed(2)} ms`;
  const spread = (t) => `${ms(t.median)} (p10 ${t.p10.toFixed(2)}, p90 ${t.p90.toFixed(2)})`;
  const node = fs.existsSync(path.join(ROOT, "target/bench/node.json"))
    ? Object.fromEntries(JSON.parse(fs.readFileSync(path.join(ROOT, "target/bench/node.json"), "utf8")).results.map((r) => [r.name, r]))
    : {};
  const speed = (x) => (x >= 1 ? `${x.toFixed(2)}× faster` : `**${x.toFixed(2)}× slower**`);
  const times = (x) => (x > 1.5 ? `**${x.toFixed(1)}×**` : `${x.toFixed(1)}×`);
  const median = (xs) => { const s = xs.filter((x) => x).sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  // The rows of one way in: from the string (`parse`, `official`, `ours0`) or from its bytes.
  const rowsOf = (suffix) => results.map((r) => {
    const [parse, official, ours] = [r["parse" + suffix], r["official" + suffix], r["ours" + suffix + "0"]];
    return { r, parse, official, ours, vsOfficial: official.median / ours.median, vsParse: ours.median / parse.median };
  });
  const verdicts = (rows, suffix) => {
    const misses = chromiumMisses(results, suffix);
    const slower = rows.filter((x) => misses.slower.includes(x.r));
    const past = rows.filter((x) => misses.past.includes(x.r));
    const list = (xs, f) => xs.map((x) => `${x.r.name} (${f(x)})`).join("; ");
    return `- ${slower.length ? `**missed** on ${slower.length} of ${rows.length}, slower than the official core: ${list(slower, (x) => `${x.vsOfficial.toFixed(2)}×`)}` : `met on all ${rows.length}: at least as fast as the official core`}.
- ${past.length ? `**missed** on ${past.length} of ${rows.length}, past 1.5× \`JSON.parse\`: ${list(past, (x) => `${x.vsParse.toFixed(2)}×`)}` : `met on all ${rows.length}: within 1.5× of \`JSON.parse\``}.
`;
  };
  const text = rowsOf("");
  const bytes = rowsOf("Bytes");
  let md = `## ${HEADING}

The table above, folded in a page of headless Chromium ${version} instead of Node (\`node bench/browser-fold.mjs\`,
then \`--section\` to write this): the npm package (\`pkg/\`) as a page imports it, the official core bundled
by esbuild, each workload's text fetched once. The sides take turns as in Node (\`bench/timing.mjs\`, bundled
into the page: the same warm-up, median of ${reps}); the page is cross-origin isolated, so its clock reads
microseconds (otherwise Chromium rounds \`performance.now()\` to a tenth of a millisecond). The state ours ends
in is the same wasm's as in Node, where the agreement check above runs; from the bytes it is checked to be the
one from the string (envelopes applied and ignored, surfaces), or the run stops.

### From a string

Each side is given the text as a JavaScript string, as in Node.

| Workload | JSON.parse | Ours | Official | Ours vs official | Ours vs JSON.parse | Node's time ÷ Chromium's: JSON.parse, official, ours |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
`;
  for (const { r, parse, official, ours, vsOfficial, vsParse } of text) {
    const n = node[r.name];
    const host = n ? `${(n.parse.median / parse.median).toFixed(2)}, ${(n.official.median / official.median).toFixed(2)}, ${(n.ours.median / ours.median).toFixed(2)}` : "";
    md += `| ${r.name} | ${spread(parse)} | ${spread(ours)} | ${spread(official)} | ${speed(vsOfficial)} | ${times(vsParse)} | ${host} |\n`;
  }
  md += `
Against issue 16's rule (at least as fast as the official core, within 1.5× of \`JSON.parse\`), from a string:

${verdicts(text, "")}`;
  if (Object.keys(node).length) {
    const ratios = (side) => text.map((x) => node[x.r.name] && node[x.r.name][side].median / x[side].median).filter(Boolean);
    const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
    const nodeVersion = JSON.parse(fs.readFileSync(path.join(ROOT, "target/bench/node.json"), "utf8")).node;
    md += `
The last column compares the hosts: the Node table above (Node ${nodeVersion}) over this one, each from its own
run; above 1, that side is faster in Chromium. Over the ${ratios("parse").length} workloads, \`JSON.parse\` ${range(ratios("parse"))} (median
${median(ratios("parse")).toFixed(2)}), the official core ${range(ratios("official"))} (median ${median(ratios("official")).toFixed(2)}), ours
${range(ratios("ours"))} (median ${median(ratios("ours")).toFixed(2)}). The official core keeps what \`JSON.parse\` makes, so it
gains with the host's parser; ours reads the text in wasm. And a string reaches wasm memory through the host's
\`TextEncoder.encodeInto\` in a browser when the engine keeps it a byte a character; one of 1,024 units or more kept as
UTF-16 is copied as its units by the engine's JS String Builtins (\`crates/surfaces-wasm/src/units.wat\`, compiled off
the page's thread from the first store made) and converted in wasm, as Node copies such a string with \`Buffer#write\`
(and copies a long one with no character past U+00FF as its bytes with \`Buffer#latin1Write\`, and writes the rest with \`Buffer#utf8Write\`;
\`crates/surfaces-wasm/src/lib.rs\`): what \`encodeInto\` costs
against \`JSON.parse\` in each host, \`node bench/encode-cost.mjs\` (its default workloads, or any keys).
`;
  }
  md += `
### From the bytes a response gives

The same text as the UTF-8 bytes a \`fetch\` response's body or a file gives (a \`Uint8Array\`, encoded once
outside the clock). A JavaScript client decodes them first: \`JSON.parse(new TextDecoder().decode(bytes))\` is
the floor and what the official core is given, as \`response.json()\` does; ours is
\`applyEnvelopes(bytes)\`, which copies them into wasm memory as they are and checks their UTF-8 there.

| Workload | Decode and JSON.parse | Ours | Official | Ours vs official | Ours vs JSON.parse |
| --- | ---: | ---: | ---: | ---: | ---: |
`;
  for (const { r, parse, official, ours, vsOfficial, vsParse } of bytes) {
    md += `| ${r.name} | ${spread(parse)} | ${spread(ours)} | ${spread(official)} | ${speed(vsOfficial)} | ${times(vsParse)} |\n`;
  }
  md += `
The same rule, from bytes:

${verdicts(bytes, "Bytes")}`;
  replaceSection(HEADING, md, "One envelope a call");
}
