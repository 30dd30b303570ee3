// bench/cold-probe.mjs in a fresh page; bench/cold-memory.mjs calls window.runProbe.
import { probe, PKGS } from "/bench/cold-probe.mjs";

async function load(side) {
  if (side === "official") return import("/target/bench/official-esm.js");
  const m = await import(`/${PKGS[side]}/agent_surfaces.js`);
  const exports = await m.default({ module_or_path: `/${PKGS[side]}/agent_surfaces_bg.wasm` });
  return { SurfaceStore: m.SurfaceStore, limits: window.probeLimits, memory: exports.memory };
}

window.runProbe = (args) => probe({ ...args, load, heap: window.heapUsed });
window.probeReady = true;
