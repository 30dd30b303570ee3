// What V8 compiles for a cold start's first fold: the wasm functions it compiles lazily (each
// when first called) while the official login-form example is folded and reported on a fresh
// instance, with their body bytes, grouped as bench/wasm-bytes.mjs groups a module's bytes.
// Unlike a cold start's time, which moves by a fifth from run to run, this is the same for
// the same build on every run, so it shows what a change does to that part of a cold start
// (BENCHMARKS.md, "Cold start and memory", says what a kilobyte of it costs in time).
//   node bench/first-fold.mjs [PKG_DIR...]   a build with its name section kept; the default
//                                            is scripts/bench.sh's two (target/bench/pkg-names*)
//   node bench/first-fold.mjs --json FILE [PKG_DIR...]   the figures as JSON too
//   TOP=40 node bench/first-fold.mjs DIR     the 40 largest functions compiled, by name
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { functionNames, groupOf } from "./wasm-bytes.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");

// A module of one function, `() -> i32` returning `n`: compiling it writes a line of its own
// into V8's trace, in order with the package's, so the fold's lines are those between two of
// them (a marker printed from JavaScript goes through another buffer, and can land out of
// order). Two different ones: V8 compiles the same bytes once.
const marker = (n) => {
  const bytes = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03,
    0x02, 0x01, 0x00, 0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00, 0x41,
    n, 0x0b,
  ]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f();
};

async function probe(dir) {
  const login = fs.readFileSync(path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples/09_login-form.json"), "utf8");
  const text = JSON.stringify(JSON.parse(login).messages);
  const m = await import(path.join(dir, "agent_surfaces.js"));
  m.initSync({ module: fs.readFileSync(path.join(dir, "agent_surfaces_bg.wasm")) });
  marker(1);
  const store = new m.SurfaceStore();
  store.applyEnvelopes(text);
  store.report();
  marker(2);
  store.free();
}

/** The functions of the package V8 compiled between the two markers, by index: body bytes. */
function compiledInFold(trace) {
  const lines = trace.split("\n").map((l) => l.match(/^Compiled function (0x[0-9a-f]+)#(\d+) using (\w+).* bodysize (\d+)/)).filter(Boolean);
  const modules = new Map();
  for (const [, mod] of lines) modules.set(mod, (modules.get(mod) ?? 0) + 1);
  // The marker modules compile one function each; the package, hundreds.
  const pkg = [...modules].sort((a, b) => b[1] - a[1])[0][0];
  const marks = lines.map((l, i) => (l[1] !== pkg ? i : -1)).filter((i) => i >= 0);
  if (marks.length !== 2) throw new Error(`expected two marker compilations, found ${marks.length}`);
  const fns = new Map();
  for (const [, , index, tier, size] of lines.slice(marks[0] + 1, marks[1])) {
    if (tier === "Liftoff") fns.set(Number(index), Number(size));
  }
  return fns;
}

export function firstFold(dir) {
  const trace = execFileSync(process.execPath, ["--trace-wasm-compilation-times", fileURLToPath(import.meta.url), "--probe", dir], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const fns = compiledInFold(trace);
  const names = functionNames(fs.readFileSync(path.join(dir, "agent_surfaces_bg.wasm")));
  const groups = new Map();
  let bytes = 0;
  const named = [];
  for (const [index, size] of fns) {
    const name = names.get(index) ?? "";
    const g = groupOf(name);
    const row = groups.get(g) ?? { group: g, functions: 0, bytes: 0 };
    row.functions++;
    row.bytes += size;
    groups.set(g, row);
    bytes += size;
    named.push({ name, size });
  }
  named.sort((a, b) => b.size - a.size);
  return { functions: fns.size, bytes, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes), largest: named };
}

if (process.argv[2] === "--probe") {
  await probe(path.resolve(process.argv[3]));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args[0] === "--json" ? (args.shift(), args.shift()) : null;
  const dirs = args.length ? args : ["target/bench/pkg-names-headless", "target/bench/pkg-names"].map((d) => path.join(ROOT, d));
  const out = {};
  for (const dir of dirs.map((d) => path.resolve(d))) {
    const r = firstFold(dir);
    out[dir] = r;
    console.log(`${dir}: ${r.functions} functions, ${(r.bytes / 1024).toFixed(1)} KB of function bodies compiled for the first fold`);
    for (const g of r.groups) console.log(`  ${(g.bytes / 1024).toFixed(1).padStart(7)} KB ${String(g.functions).padStart(4)}  ${g.group}`);
    for (const f of r.largest.slice(0, Number(process.env.TOP || 0))) console.log(`  ${String(f.size).padStart(7)} ${f.name.slice(0, 140)}`);
  }
  if (json) fs.writeFileSync(json, JSON.stringify(out, null, 2));
}
