// Writes the workloads as JSON text files for the native benchmark.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WORKLOADS, workloadText } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const out = path.join(ROOT, "target/bench");
fs.mkdirSync(out, { recursive: true });
for (const w of WORKLOADS) fs.writeFileSync(path.join(out, `${w.key}.json`), workloadText(w, w.build(SPEC)));
// The native benchmark folds these, in this order.
fs.writeFileSync(path.join(out, "workloads.json"), JSON.stringify(WORKLOADS.map((w) => w.key)));
console.log(out);
