// Sizes, gzipped at level 9: our npm package's .wasm and .js (the UI build, and the headless
// build without mountSurface), the console's whole transfer at first visit (and the example
// streams it fetches when chosen), also as surfaces-server sends it (Brotli),
// and the official core bundled and minified (with and without Lit).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { bundleOfficial } from "./shared.mjs";
import { wasmBytes } from "./wasm-bytes.mjs";
import { brotli } from "../scripts/precompress.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const file = (p) => fs.readFileSync(path.join(ROOT, p));

const pkg = "crates/surfaces-wasm/pkg";
const headless = "crates/surfaces-wasm/pkg-headless";
const dist = path.join(ROOT, "dist");
// Each file raw, gzipped, and as surfaces-server sends it to a browser that takes Brotli: the
// FILE.br the release build wrote beside it (scripts/precompress.mjs), or the file itself.
const sized = (dir, f) => {
  const bytes = fs.readFileSync(path.join(dir, f));
  // As the server decides: a .br older than its file is not sent.
  const br = path.join(dir, `${f}.br`);
  const fresh = fs.existsSync(br) && fs.statSync(br).mtimeMs >= fs.statSync(path.join(dir, f)).mtimeMs;
  const sent = fresh ? fs.statSync(br).size : bytes.length;
  return { f, raw: bytes.length, gz: gz(bytes), br: sent };
};
// What a first visit downloads: the files at the top of dist/ (not their .br, which go in
// their place). The example streams under dist/a2ui/ are fetched one at a time, when a
// person chooses one (web/src/demo_streams.rs).
const served = (dir, f) => !f.endsWith(".br") && fs.statSync(path.join(dir, f)).isFile();
const console_ = fs
  .readdirSync(dist, { recursive: true })
  .filter((f) => !f.startsWith(`a2ui${path.sep}`) && served(dist, f))
  .map((f) => sized(dist, f));
const examples = fs
  .readdirSync(path.join(dist, "a2ui"))
  .filter((f) => served(path.join(dist, "a2ui"), f))
  .map((f) => sized(path.join(dist, "a2ui"), f));
if (!console_.some((f) => f.br < f.raw)) throw new Error("dist/ has no .br files: build it with `trunk build --release`");

async function official(external) {
  const out = await bundleOfficial({ write: false, external });
  const code = Buffer.from(out.outputFiles[0].contents);
  return { raw: code.length, gz: gz(code) };
}

console.log(
  JSON.stringify(
    {
      // Also as Brotli at quality 11, what a host that serves it so (as surfaces-server
      // serves the console) sends.
      npmWasm: { raw: file(`${pkg}/agent_surfaces_bg.wasm`).length, gz: gz(file(`${pkg}/agent_surfaces_bg.wasm`)), br: brotli(file(`${pkg}/agent_surfaces_bg.wasm`), false).length },
      // The same module before its name section was dropped, to say where the bytes go.
      npmWasmGroups: wasmBytes(file("target/bench/pkg-names/agent_surfaces_bg.wasm")),
      npmJs: { raw: file(`${pkg}/agent_surfaces.js`).length, gz: gz(file(`${pkg}/agent_surfaces.js`)) },
      npmHeadlessWasm: {
        raw: file(`${headless}/agent_surfaces_bg.wasm`).length,
        gz: gz(file(`${headless}/agent_surfaces_bg.wasm`)),
        br: brotli(file(`${headless}/agent_surfaces_bg.wasm`), false).length,
      },
      npmHeadlessJs: { raw: file(`${headless}/agent_surfaces.js`).length, gz: gz(file(`${headless}/agent_surfaces.js`)) },
      console: {
        files: console_,
        gz: console_.reduce((a, x) => a + x.gz, 0),
        raw: console_.reduce((a, x) => a + x.raw, 0),
        br: console_.reduce((a, x) => a + x.br, 0),
      },
      consoleExamples: {
        count: examples.length,
        gz: examples.reduce((a, x) => a + x.gz, 0),
        raw: examples.reduce((a, x) => a + x.raw, 0),
        br: examples.reduce((a, x) => a + x.br, 0),
        largest: examples.reduce((a, x) => (x.gz > a.gz ? x : a)),
      },
      officialWithoutLit: await official(["lit", "lit/*", "@lit/*"]),
      officialWithLit: await official([]),
    },
    null,
    1,
  ),
);
