// Side by side in one Node process: our npm package's SurfaceStore against the official
// @a2ui/web_core v0.9 MessageProcessor, both starting from the same text, with JSON.parse
// alone as the floor. Prints a JSON result on stdout.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageProcessor } from "@a2ui/web_core/v0_9";
import { basicCatalog } from "@a2ui/web_core/v0_9/basic_catalog";
import { WORKLOADS, workloadText, readMessages } from "./workloads.mjs";
import { LIMITS } from "./limits.mjs";
import { timeSides } from "./timing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
// BENCH_PKG names another build of the package (a wasm-pack output) to fold with, as
// `bench/ab.mjs` takes them.
const PKG = path.resolve(process.env.BENCH_PKG || path.join(ROOT, "crates/surfaces-wasm/pkg"));
const ours = await import(path.join(PKG, "agent_surfaces.js"));
ours.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });

function foldOurs(text) {
  const store = new ours.SurfaceStore({ limits: LIMITS });
  store.applyEnvelopes(text);
  return store;
}

function foldOfficial(text, read = JSON.parse) {
  const p = new MessageProcessor([basicCatalog]);
  p.processMessages(read(text));
  return p;
}

/** Component counts and data models per surface, from one fold of ours. */
function stateOurs(text) {
  const store = foldOurs(text);
  const out = {};
  for (const s of store.report().surfaces) {
    out[s.surfaceId] = { count: s.components, model: s.dataModel };
  }
  store.free();
  return out;
}

function stateOfficial(p) {
  const out = {};
  for (const [id, s] of p.model.surfacesMap) {
    out[id] = { ids: [...s.componentsModel.entries].map(([k]) => k).sort(), model: s.dataModel.get("/") ?? {} };
  }
  return out;
}

function idsOurs(text, read) {
  // Our report counts components; the ids come from folding the text's updateComponents.
  const ids = {};
  for (const m of read(text)) {
    if (m.updateComponents) for (const c of m.updateComponents.components) (ids[m.updateComponents.surfaceId] ??= new Set()).add(c.id);
    if (m.deleteSurface) delete ids[m.deleteSurface.surfaceId];
  }
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, [...v].sort()]));
}

/** JSON text with object keys sorted: JSON objects are unordered, and ours come back sorted. */
function canonical(value) {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}

function agreement(text, read) {
  const a = stateOurs(text);
  const ids = idsOurs(text, read);
  const b = stateOfficial(foldOfficial(text, read));
  const differences = [];
  for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!a[id] || !b[id]) {
      differences.push(`${id}: only in ${a[id] ? "ours" : "official"}`);
      continue;
    }
    // Ours reports a count; the ids it holds are the text's (a refused update would change the count).
    if (JSON.stringify(ids[id] ?? []) !== JSON.stringify(b[id].ids) || a[id].count !== b[id].ids.length) differences.push(`${id}: component ids differ`);
    if (canonical(a[id].model) !== canonical(b[id].model)) differences.push(`${id}: data models differ`);
  }
  return differences;
}

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
      ours: [() => foldOurs(text), (store) => store.free()],
      official: [() => foldOfficial(text, read)],
    },
    reps,
  );
  const store = foldOurs(text);
  const report = store.report();
  store.free();
  results.push({
    name,
    envelopes: read(text).length,
    bytes: text.length,
    ignored: report.ignored,
    agreement: agreement(text, read),
    parse,
    ours: mine,
    official: theirs,
  });
}
console.log(JSON.stringify({ node: process.version, results }, null, 1));
