// Compares builds of the npm package, interleaved in one Node process so that they share the
// machine's noise: `node bench/ab.mjs DIR DIR...` (each DIR a wasm-pack output). Prints the
// median fold time of each on each workload. Used to choose between build settings (see
// BENCHMARKS.md); the store is freed outside the timed region, as in node-bench.mjs.
// BENCH_ONLY (a regular expression) picks workloads by key, BENCH_REPS sets the runs, and
// BENCH_PARSE=1 times `JSON.parse` of each text beside them, BENCH_OFFICIAL=1 the official
// core's fold. BENCH_COLD=1 leaves the caches cold before each timed call (`bench/evict.mjs`),
// as the official core's turns leave them in the fold table: a build that is faster only
// while its code and data stay cached shows it there. A build's figures also move with where
// its code and memory land, up to a tenth beside the official core (two copies of one build
// in two directories, one run): give each build in two directories, each a module of its own.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WORKLOADS, workloadText, readMessages } from "./workloads.mjs";
import { LIMITS } from "./limits.mjs";
import { evictCaches } from "./evict.mjs";
import { timeSides } from "./timing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const dirs = process.argv.slice(2).map((d) => path.resolve(d));
if (dirs.length === 0) {
  console.error("usage: node bench/ab.mjs PKG_DIR [PKG_DIR...]");
  process.exit(2);
}
const builds = [];
for (const dir of dirs) {
  // A query string per directory, so that each gets its own module instance.
  const m = await import(`${path.join(dir, "agent_surfaces.js")}?${encodeURIComponent(dir)}`);
  m.initSync({ module: fs.readFileSync(path.join(dir, "agent_surfaces_bg.wasm")) });
  builds.push([dir, m]);
}
const reps = Number(process.env.BENCH_REPS || 50);
let official = null;
if (process.env.BENCH_OFFICIAL) {
  const { MessageProcessor } = await import("@a2ui/web_core/v0_9");
  const { basicCatalog } = await import("@a2ui/web_core/v0_9/basic_catalog");
  official = (messages) => new MessageProcessor([basicCatalog]).processMessages(messages);
}
const loads = Object.fromEntries(WORKLOADS.map((w) => [w.key, workloadText(w, w.build(SPEC))]));
// How a JavaScript client reads each text (JSON Lines a line at a time), as node-bench.mjs.
const reads = Object.fromEntries(WORKLOADS.map((w) => [w.key, (t) => readMessages(w, t)]));
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
for (const [name, text] of Object.entries(loads)) {
  if (only && !only.test(name)) continue;
  const sides = Object.fromEntries(
    builds.map(([dir, m]) => [
      dir,
      [
        () => {
          const store = new m.SurfaceStore({ limits: LIMITS });
          store.applyEnvelopes(text);
          return store;
        },
        (store) => store.free(),
      ],
    ]),
  );
  // With BENCH_PARSE set, `JSON.parse` takes its turn too, and each build is also given as
  // a multiple of it (the fold table's "ours vs JSON.parse" column). With BENCH_OFFICIAL
  // set, so does the official core, as in `bench/node-bench.mjs` (whose turns, each a
  // few megabytes of JavaScript objects, leave the caches colder for the next side).
  if (process.env.BENCH_PARSE) sides["JSON.parse"] = [() => reads[name](text), () => {}];
  if (official) sides.official = [() => official(reads[name](text)), () => {}];
  const times = timeSides(sides, reps, process.env.BENCH_COLD ? evictCaches : null);
  const medians = builds.map(([dir]) => times[dir].median.toFixed(2));
  const parse = times["JSON.parse"]?.median;
  const versus = (dir) => (parse ? ` (${(times[dir].median / parse).toFixed(2)}×)` : "");
  const floor = parse ? `  JSON.parse ${parse.toFixed(2)} ms` : "";
  const theirs = official ? `  official ${times.official.median.toFixed(2)} ms` : "";
  console.log(`${name.padEnd(15)} ${builds.map(([dir], b) => `${path.basename(dir)} ${medians[b]} ms${versus(dir)}`).join("  ")}${floor}${theirs}`);
}
