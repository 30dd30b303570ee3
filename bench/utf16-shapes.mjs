// Strings an agent can shape against the Node UTF-16 path (SurfaceStore.applyEnvelopes copies
// a string past U+00FF as its units, crates/surfaces-core/src/utf16.rs): each folded through
// that path and, in a second process with no node:buffer, through TextEncoder, at two sizes
// (the time should double with the size). Median of 15 folds; default limits, so each large
// value is refused at the data model's limit after it is read, as an agent's would be.
//   node bench/utf16-shapes.mjs    (after scripts/build-npm.sh)
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg-headless");
const CAT = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
const SHAPES = {
  "emoji only": (n) => "😀".repeat(n / 2),
  "an emoji in every eight characters": (n) => ("東京日本語a" + "😀").repeat(n / 8),
  "a bidi control in every eight units": (n) => ("東京日本語ab" + "\u202E").repeat(n / 8),
  "lone surrogates": (n) => "\uD800a".repeat(n / 2),
  "CJK only": (n) => "東".repeat(n),
};

if (process.argv[2] === "--child") {
  if (process.argv[3] === "encoder") delete process.getBuiltinModule;
  const m = await import(pathToFileURL(path.join(PKG, "agent_surfaces.js")));
  m.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
  const out = {};
  for (const [name, make] of Object.entries(SHAPES)) {
    out[name] = [100_000, 200_000].map((n) => {
      // JSON.stringify escapes a lone surrogate: put back raw, as an agent can send it.
      const text = JSON.stringify([
        { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
        { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/t", value: make(n) } },
      ]).replace(/\\ud[89ab][0-9a-f]{2}/g, (e) => String.fromCharCode(parseInt(e.slice(2), 16)));
      const times = [];
      for (let i = 0; i < 15; i++) {
        const s = new m.SurfaceStore();
        const t0 = performance.now();
        s.applyEnvelopes(text);
        times.push(performance.now() - t0);
        s.free();
      }
      return times.sort((a, b) => a - b)[7];
    });
  }
  console.log(JSON.stringify(out));
} else {
  const run = (side) => JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", side]).toString());
  const units = run("units");
  const encoder = run("encoder");
  console.log("| String (100,000 and 200,000 units) | UTF-16 path | TextEncoder |\n| --- | ---: | ---: |");
  for (const name of Object.keys(SHAPES)) {
    const f = (xs) => xs.map((x) => x.toFixed(2)).join(" / ") + " ms";
    console.log(`| ${name} | ${f(units[name])} | ${f(encoder[name])} |`);
  }
}
