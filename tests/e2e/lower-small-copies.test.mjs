// scripts/lower-small-copies.mjs, which the build runs on every published .wasm: each
// `memory.copy` of a constant size from 1 to 128 bytes becomes a call of a function of
// loads and stores. A module of copies of every size, in every place a copy can stand,
// lowered and run beside the original on the same memory: both must leave the same bytes,
// for copies apart and overlapping either way (memory.copy is a memmove).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { ROOT } from "./lib/console-server.mjs";

const binaryen = (await import(path.join(ROOT, "scripts/tools/node_modules/binaryen/index.js"))).default;
const SIZES = Array.from({ length: 131 }, (_, i) => i); // 0 and 129, 130 are left alone

/** A module exporting `c<N>(dst, src)` for each size, each copy placed differently: as the
 * body, in a block, in an `if`'s arms (taken as the destination is odd or even), in a loop,
 * and with its destination or its source computed by a block that holds a copy itself. */
function copies() {
  const mod = new binaryen.Module();
  mod.setFeatures(binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt | binaryen.Features.SIMD128);
  mod.setMemory(1, 1, "mem");
  const i32 = binaryen.i32;
  const params = binaryen.createType([i32, i32]);
  const get = (i) => mod.local.get(i, i32);
  for (const n of SIZES) {
    const copy = (dst = get(0), src = get(1)) => mod.memory.copy(dst, src, mod.i32.const(n));
    // An operand computed by a block that first makes a copy of 8 bytes of its own (from
    // 2000 to 3000, where the checks below see it), branched to so that binaryen keeps the
    // block where it is when it reads the module back (else that copy becomes a statement
    // before).
    const nested = (value) =>
      mod.block(
        "d",
        [
          mod.memory.copy(mod.i32.const(3000), mod.i32.const(2000), mod.i32.const(8)),
          mod.drop(mod.br("d", mod.i32.eqz(get(1)), value())),
          mod.br("d", null, value()),
        ],
        i32,
      );
    const place = n % 5;
    const body =
      place === 0
        ? copy()
        : place === 1
          ? mod.block(null, [mod.nop(), copy(), mod.nop()])
          : place === 2
            ? mod.if(mod.i32.and(get(0), mod.i32.const(1)), copy(), copy())
            : place === 3
              ? mod.loop("l", copy())
              : n % 2
                ? copy(nested(() => get(0)))
                : copy(get(0), nested(() => get(1)));
    mod.addFunction(`c${n}`, params, binaryen.none, [i32], body);
    mod.addFunctionExport(`c${n}`, `c${n}`);
  }
  assert.ok(mod.validate());
  // The features a module says it uses, as LLVM writes them and the script reads them.
  const names = ["simd128", "bulk-memory", "bulk-memory-opt"];
  const section = [names.length, ...names.flatMap((f) => [0x2b, f.length, ...Buffer.from(f)])];
  mod.addCustomSection("target_features", new Uint8Array(section));
  const bytes = mod.emitBinary();
  mod.dispose();
  return bytes;
}

/** The size of each `memory.copy` in binaryen's text of a module: its last operand, the
 * last line one step in before the line closing it; "var" where that is no constant. */
function copySizes(text) {
  const lines = text.split("\n");
  const sizes = [];
  lines.forEach((line, i) => {
    const at = line.indexOf("(memory.copy");
    if (at < 0) return;
    const indent = line.length - line.trimStart().length;
    let last = null;
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j];
      const k = l.length - l.trimStart().length;
      if (k === indent && l.trim() === ")") break;
      if (k === indent + 1 && l.trimStart().startsWith("(")) last = l.trim();
    }
    const m = last && last.match(/^\(i32\.const (\d+)\)$/);
    sizes.push(m ? Number(m[1]) : "var");
  });
  return sizes;
}

test("small constant copies lowered copy what memory.copy copies, overlapping or not", (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lower-copies-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "copies.wasm");
  const original = copies();
  fs.writeFileSync(file, original);
  const said = execFileSync(process.execPath, [path.join(ROOT, "scripts/lower-small-copies.mjs"), file], { encoding: "utf8" });
  // One a size, two where the copy is in both arms of an `if`; one more of 8 bytes in each
  // operand computed by a block (in the copies of 0, 129 and 130 bytes too).
  const expected =
    SIZES.filter((n) => n >= 1 && n <= 128).reduce((k, n) => k + (n % 5 === 2 ? 2 : 1), 0) +
    SIZES.filter((n) => n % 5 === 4).length;
  assert.match(said, new RegExp(`: ${expected} small memory\\.copy lowered`));
  const lowered = fs.readFileSync(file);
  // What is left: the copies of 0, 129 and 130 bytes.
  const text = (() => {
    const mod = binaryen.readBinary(lowered);
    const t = mod.emitText();
    mod.dispose();
    return t;
  })();
  assert.deepEqual(copySizes(text), [0, 129, 130], "copies left");
  const run = (bytes) => new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
  const [a, b] = [run(original), run(lowered)];
  const fill = (e) => new Uint8Array(e.mem.buffer).forEach((_, i, m) => (m[i] = (i * 131 + 7) & 0xff));
  let tried = 0;
  for (const n of SIZES) {
    // Apart, and every overlap up to 40 bytes either way (0 is the copy onto itself).
    for (const shift of [-300, ...Array.from({ length: 81 }, (_, i) => i - 40), 300]) {
      const src = 1000 + (n % 17);
      const dst = src + shift;
      fill(a);
      fill(b);
      a[`c${n}`](dst, src);
      b[`c${n}`](dst, src);
      const [ma, mb] = [new Uint8Array(a.mem.buffer, 0, 4096), new Uint8Array(b.mem.buffer, 0, 4096)];
      assert.deepEqual(mb, ma, `${n} bytes from ${src} to ${dst}`);
      tried++;
    }
  }
  assert.equal(tried, SIZES.length * 83);
});

test("the published modules have no small constant memory.copy left", () => {
  for (const dir of ["crates/surfaces-wasm/pkg", "crates/surfaces-wasm/pkg-headless"]) {
    const mod = binaryen.readBinary(fs.readFileSync(path.join(ROOT, dir, "agent_surfaces_bg.wasm")));
    const text = mod.emitText();
    mod.dispose();
    const sizes = copySizes(text);
    assert.ok(sizes.length > 0, dir);
    assert.deepEqual(sizes.filter((n) => n >= 1 && n <= 128), [], dir);
  }
});
