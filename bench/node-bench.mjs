// Side by side in one Node process: our npm package's SurfaceStore against the official
// @a2ui/web_core v0.9 MessageProcessor, both starting from the same text, with JSON.parse
// alone as the floor. Prints a JSON result on stdout.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { agreement, foldOfficial, foldOurs } from "./agreement.mjs";
import { WORKLOADS, workloadText, readMessages } from "./workloads.mjs";
import { timeSides } from "./timing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
// BENCH_PKG names another build of the package (a wasm-pack output) to fold with, as
// `bench/ab.mjs` takes them.
const PKG = path.resolve(process.env.BENCH_PKG || path.join(ROOT, "crates/surfaces-wasm/pkg"));
const ours = await import(path.join(PKG, "agent_surfaces.js"));
ours.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });

// Each workload's text, and how a JavaScript client reads its messages (the floor, and what
// the official core is given).
const workloads = Object.fromEntries(WORKLOADS.map((w) => [w.title, [workloadText(w, w.build(SPEC)), (t) => readMessages(w, t)]]));
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
for (const name of Object.keys(workloads)) if (only && !only.test(name)) delete workloads[name];

const results = [];
for (const [name, [text, read]] of Object.entries(workloads)) {
  const reps = Number(process.env.BENCH_REPS || 60);
  const { parse, ours: mine, official: theirs } = timeSides(
    {
      parse: [() => read(text)],
      ours: [() => foldOurs(ours, text), (store) => store.free()],
      official: [() => foldOfficial(text, read)],
    },
    reps,
  );
  const store = foldOurs(ours, text);
  const report = store.report();
  store.free();
  results.push({
    name,
    envelopes: read(text).length,
    bytes: text.length,
    ignored: report.ignored,
    agreement: agreement(ours, text, read),
    parse,
    ours: mine,
    official: theirs,
  });
}
console.log(JSON.stringify({ node: process.version, results }, null, 1));
