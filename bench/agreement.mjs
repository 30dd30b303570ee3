// Folding a text on both sides, and whether they end in the same state: the fold table's
// agreement check (bench/node-bench.mjs), and the shapes beside it (bench/shapes.mjs).
import { MessageProcessor } from "@a2ui/web_core/v0_9";
import { basicCatalog } from "@a2ui/web_core/v0_9/basic_catalog";
import { LIMITS } from "./limits.mjs";

/** `text` folded by `ours` (the package's module) with the benchmarks' raised limits. */
export function foldOurs(ours, text) {
  const store = new ours.SurfaceStore({ limits: LIMITS });
  store.applyEnvelopes(text);
  return store;
}

/** `text`, read as a JavaScript client reads it, folded by the official core. */
export function foldOfficial(text, read = JSON.parse) {
  const p = new MessageProcessor([basicCatalog]);
  p.processMessages(read(text));
  return p;
}

/** Component counts and data models per surface, from one fold of ours. */
function stateOurs(ours, text) {
  const store = foldOurs(ours, text);
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

/** How the two sides' states differ after folding `text` (none: the same surfaces, component
 * ids and data models). */
export function agreement(ours, text, read = JSON.parse) {
  const a = stateOurs(ours, text);
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
