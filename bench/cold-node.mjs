// bench/cold-probe.mjs in this Node process: node --expose-gc bench/cold-node.mjs SIDE MODE FILE [COPIES]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { probe, PKGS } from "./cold-probe.mjs";
import { LIMITS } from "./limits.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [side, mode, file, copies] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");

async function load(side) {
  if (side === "official") {
    const { MessageProcessor } = await import("@a2ui/web_core/v0_9");
    const { basicCatalog } = await import("@a2ui/web_core/v0_9/basic_catalog");
    return { MessageProcessor, basicCatalog };
  }
  const dir = path.join(ROOT, PKGS[side]);
  const m = await import(path.join(dir, "agent_surfaces.js"));
  const exports = m.initSync({ module: fs.readFileSync(path.join(dir, "agent_surfaces_bg.wasm")) });
  return { SurfaceStore: m.SurfaceStore, limits: LIMITS, memory: exports.memory };
}

async function heap() {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
}

console.log(JSON.stringify(await probe({ side, text, mode, copies: Number(copies || 10), load, heap })));
