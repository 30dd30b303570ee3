// bench/cold-probe.mjs in a fresh page; bench/cold-memory.mjs calls window.runProbe.
import { probe, PKGS } from "/bench/cold-probe.mjs";

async function load(side) {
  if (side === "official") return import("/target/bench/official-esm.js");
  // The .wasm's download starts with the import, as README.md's <link rel="preload"> starts it
  // beside a page's scripts (a bundled app has its glue in its own bundle: one request less).
  const wasm = fetch(`/${PKGS[side]}/agent_surfaces_bg.wasm`);
  const m = await import(`/${PKGS[side]}/agent_surfaces.js`);
  const exports = await m.default({ module_or_path: wasm });
  return { SurfaceStore: m.SurfaceStore, limits: window.probeLimits, memory: exports.memory };
}

window.runProbe = (args) => probe({ ...args, load, heap: window.heapUsed });
window.probeReady = true;
