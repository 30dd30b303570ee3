#!/usr/bin/env node
// Drops the `name` custom section (function names for debuggers: about 200 KB) from .wasm
// files, in place. `strip = true` in Cargo would also drop `target_features`, which
// wasm-bindgen needs to emit reference-types glue, so names go after wasm-bindgen instead.
// Usage: strip-names.mjs FILE.wasm|DIR ...; with no argument, Trunk's $TRUNK_STAGING_DIR.
import fs from "node:fs";
import path from "node:path";

function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

export function stripNames(bytes) {
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm module");
  const kept = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    const [size, body] = leb(bytes, at);
    at = body + size;
    if (at > bytes.length) throw new Error("truncated section");
    if (id === 0) {
      const [len, name] = leb(bytes, body);
      if (bytes.toString("utf8", name, name + len) === "name") continue;
    }
    kept.push(bytes.subarray(start, at));
  }
  return Buffer.concat(kept);
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
