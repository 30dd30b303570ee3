#!/usr/bin/env node
// Drops the `name` custom section (function names for debuggers: about 200 KB) from .wasm
// files, in place. `strip = true` in Cargo would also drop `target_features`, which
// wasm-bindgen needs to emit reference-types glue, so names go after wasm-bindgen instead.
// Usage: strip-names.mjs FILE.wasm|DIR ...; with no argument, Trunk's $TRUNK_STAGING_DIR.
import fs from "node:fs";
import path from "node:path";
import { sections } from "./wasm-sections.mjs";

function stripNames(bytes) {
  const kept = sections(bytes).filter((s) => !(s.id === 0 && s.name === "name"));
  return Buffer.concat([bytes.subarray(0, 8), ...kept.map((s) => bytes.subarray(s.start, s.end))]);
}

const args = process.argv.slice(2);
if (args.length === 0 && process.env.TRUNK_STAGING_DIR) args.push(process.env.TRUNK_STAGING_DIR);
if (args.length === 0) {
  console.error("usage: strip-names.mjs FILE.wasm|DIR ...");
  process.exit(2);
}
for (const arg of args) {
  const files = fs.statSync(arg).isDirectory()
    ? fs.readdirSync(arg).filter((f) => f.endsWith(".wasm")).map((f) => path.join(arg, f))
    : [arg];
  for (const file of files) {
    const before = fs.readFileSync(file);
    const after = stripNames(before);
    if (after.length !== before.length) fs.writeFileSync(file, after);
    console.log(`${file}: ${before.length} -> ${after.length} bytes`);
  }
}
