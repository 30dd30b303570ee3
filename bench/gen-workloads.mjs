// Writes the workloads as JSON text files for the native benchmark.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { examples, bigSurface, megabyte, storm, valueHeavy, deepTemplate, manySmallSurfaces } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const out = path.join(ROOT, "target/bench");
fs.mkdirSync(out, { recursive: true });
const all = {
  examples: examples(SPEC),
  big: bigSurface(),
  megabyte: megabyte(),
  storm: storm(),
  "value-heavy": valueHeavy(),
  "deep-template": deepTemplate(),
  "many-small": manySmallSurfaces(),
};
for (const [name, msgs] of Object.entries(all)) fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify(msgs));
console.log(out);
