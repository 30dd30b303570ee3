// Rewrites, in place, each `memory.copy` of a constant size from 1 to 128 bytes in a .wasm
// file into a call of a function of that size's loads and stores: all the loads first (so
// that overlapping copies stay `memmove`s), sixteen bytes at a time with SIMD and the last
// ones overlapping as the size needs, or two narrower ones below sixteen. Run after
// wasm-opt by scripts/optimize-wasm.sh.
//
// Why: with bulk memory, LLVM writes a move of more than a few words as a `memory.copy`
// (Rust moves a component, 72 to 96 bytes, several times as it is read), and V8 makes each
// one a call out of the module to a C function: about 3 ns in Node against under one for
// the loads and stores (a throwaway module, 10^7 copies of 80 bytes). A fold of 3,280
// components made 28,000 such calls. A copy whose size is known only at run time is left
// alone: on its hottest paths the crate copies short ones itself (`swar::extend`), and long
// ones are what `memory.copy` is for.
//   node scripts/lower-small-copies.mjs [-g] FILE.wasm...   (-g keeps the name section)
import fs from "node:fs";
import binaryen from "./tools/node_modules/binaryen/index.js";

const args = process.argv.slice(2);
const keepNames = args[0] === "-g";
if (keepNames) args.shift();
binaryen.setDebugInfo(keepNames);

const MAX = 128;
const ids = binaryen;

const LEAVES = [
  ids.LocalGetId,
  ids.GlobalGetId,
  ids.ConstId,
  ids.NopId,
  ids.UnreachableId,
  ids.MemorySizeId,
  ids.DataDropId,
  ids.RefNullId,
  ids.RefFuncId,
  ids.TableSizeId,
];

/** `binaryen.getExpressionInfo`, or a stop at a kind it has no reader for. */
function expressionInfo(e) {
  const id = binaryen.getExpressionId(e);
  // Kinds with nothing below them (binaryen.js has no reader for some of these).
  if (LEAVES.includes(id)) return { id };
  try {
    return binaryen.getExpressionInfo(e);
  } catch {
    throw new Error(`lower-small-copies: expression kind ${id} not known`);
  }
}

/** The child expressions of an expression, from its info, by kind. */
function children(info) {
  switch (info.id) {
    case ids.BlockId:
      return info.children;
    case ids.IfId:
      return [info.condition, info.ifTrue, info.ifFalse];
    case ids.LoopId:
      return [info.body];
    case ids.BreakId:
    case ids.SwitchId:
      return [info.condition, info.value];
    case ids.CallId:
    case ids.TupleMakeId:
      return info.operands;
    case ids.CallIndirectId:
      return [info.target, ...info.operands];
    case ids.LocalSetId:
    case ids.GlobalSetId:
    case ids.UnaryId:
    case ids.DropId:
    case ids.ReturnId:
    case ids.RefAsId:
    case ids.RefIsNullId:
      return [info.value];
    case ids.LoadId:
    case ids.SIMDLoadId:
      return [info.ptr];
    case ids.StoreId:
      return [info.ptr, info.value];
    case ids.BinaryId:
    case ids.SIMDShuffleId:
    case ids.RefEqId:
      return [info.left, info.right];
    case ids.SelectId:
      return [info.ifTrue, info.ifFalse, info.condition];
    case ids.MemoryGrowId:
      return [info.delta];
    case ids.SIMDExtractId:
      return [info.vec];
    case ids.SIMDReplaceId:
      return [info.vec, info.value];
    case ids.SIMDTernaryId:
      return [info.a, info.b, info.c];
    case ids.SIMDShiftId:
      return [info.vec, info.shift];
    case ids.SIMDLoadStoreLaneId:
      return [info.ptr, info.vec];
    case ids.MemoryInitId:
      return [info.dest, info.offset, info.size];
    case ids.MemoryCopyId:
      return [info.dest, info.source, info.size];
    case ids.MemoryFillId:
      return [info.dest, info.value, info.size];
    case ids.TupleExtractId:
      return [info.tuple];
    case ids.TableGetId:
      return [info.index];
    case ids.TableSetId:
      return [info.index, info.value];
    case ids.TableGrowId:
      return [info.value, info.delta];
    default:
      if (LEAVES.includes(info.id)) return [];
      // A kind this script does not know could hold a copy it would miss: stop the build
      // rather than leave the module half done without saying so.
      throw new Error(`lower-small-copies: expression kind ${info.id} not known`);
  }
}

/** The size of the copy `e` when it is one to lower, else 0. */
function smallCopy(e) {
  if (!e || binaryen.getExpressionId(e) !== ids.MemoryCopyId) return 0;
  const info = binaryen.getExpressionInfo(e);
  if (binaryen.getExpressionId(info.size) !== ids.ConstId) return 0;
  const size = binaryen.getExpressionInfo(info.size);
  if (size.type !== binaryen.i32) return 0;
  if (!(size.value >= 1 && size.value <= MAX)) return 0;
  return size.value;
}

function lowerFile(file) {
  const before = fs.readFileSync(file);
  // With the features its target_features section names (SIMD among them).
  const mod = binaryen.readBinary(before);
  if (!(mod.getFeatures() & binaryen.Features.SIMD128)) {
    throw new Error(`lower-small-copies: ${file} has no SIMD, which the loads need`);
  }
  if (!mod.validate()) throw new Error(`lower-small-copies: ${file} does not validate as read`);
  let lowered = 0;
  // One function a size, `(dest, source)`, called where each copy of that size stood: the
  // loads and stores written out at every copy made the module 11 KB larger gzipped, and
  // a call from wasm to wasm costs a fraction of one out of it.
  const copiers = new Map();
  const copier = (size) => {
    if (copiers.has(size)) return copiers.get(size);
    const name = `agent_surfaces_copy_${size}`;
    const dst = () => mod.local.get(0, binaryen.i32);
    const src = () => mod.local.get(1, binaryen.i32);
    // Each piece: its offset, its type, a load of it and a store of a value at it.
    let pieces;
    if (size >= 16) {
      const offsets = [];
      for (let o = 0; o + 16 < size; o += 16) offsets.push(o);
      offsets.push(size - 16);
      pieces = offsets.map((o) => ({
        o,
        t: binaryen.v128,
        load: (o) => mod.v128.load(o, 1, src()),
        store: (o, v) => mod.v128.store(o, 1, dst(), v),
      }));
    } else {
      const [width, t, load, store] =
        size >= 8
          ? [8, binaryen.i64, (o) => mod.i64.load(o, 1, src()), (o, v) => mod.i64.store(o, 1, dst(), v)]
          : size >= 4
            ? [4, binaryen.i32, (o) => mod.i32.load(o, 1, src()), (o, v) => mod.i32.store(o, 1, dst(), v)]
            : size >= 2
              ? [2, binaryen.i32, (o) => mod.i32.load16_u(o, 1, src()), (o, v) => mod.i32.store16(o, 1, dst(), v)]
              : [1, binaryen.i32, (o) => mod.i32.load8_u(o, 1, src()), (o, v) => mod.i32.store8(o, 1, dst(), v)];
      pieces = (size === width ? [0] : [0, size - width]).map((o) => ({ o, t, load, store }));
    }
    // All the loads first, into locals 2 on, so that a copy onto itself shifted (which
    // `memory.copy` allows) copies what was there before.
    const body = mod.block(
      null,
      [
        ...pieces.map((p, i) => mod.local.set(2 + i, p.load(p.o))),
        ...pieces.map((p, i) => p.store(p.o, mod.local.get(2 + i, p.t))),
      ],
      binaryen.none,
    );
    const params = binaryen.createType([binaryen.i32, binaryen.i32]);
    mod.addFunction(name, params, binaryen.none, pieces.map((p) => p.t), body);
    copiers.set(size, name);
    return name;
  };
  const lower = (copy, size) => {
    const info = binaryen.getExpressionInfo(copy);
    // Its operands may hold copies of their own (in a block), searched as everything is.
    visit(info.dest);
    visit(info.source);
    lowered++;
    return mod.call(copier(size), [info.dest, info.source], binaryen.none);
  };
  // A copy has no value, so it stands only as a statement: in a block, an arm of an `if`,
  // a loop's body or a function's body. There it is replaced (`set` puts the call in its
  // place); everything else is searched.
  const swap = (child, set) => {
    const size = smallCopy(child);
    if (size) set(lower(child, size));
    else visit(child);
  };
  const visit = (e) => {
    if (!e) return;
    const info = expressionInfo(e);
    switch (info.id) {
      case ids.BlockId:
        info.children.forEach((c, i) => swap(c, (n) => binaryen._BinaryenBlockSetChildAt(e, i, n)));
        return;
      case ids.IfId:
        visit(info.condition);
        swap(info.ifTrue, (n) => binaryen._BinaryenIfSetIfTrue(e, n));
        if (info.ifFalse) swap(info.ifFalse, (n) => binaryen._BinaryenIfSetIfFalse(e, n));
        return;
      case ids.LoopId:
        swap(info.body, (n) => binaryen._BinaryenLoopSetBody(e, n));
        return;
      default:
        children(info).forEach(visit);
    }
  };
  // The module's own functions (those added by `copier` have no copy in them).
  const count = mod.getNumFunctions();
  for (let f = 0; f < count; f++) {
    const func = mod.getFunctionByIndex(f);
    const { body } = binaryen.getFunctionInfo(func);
    // An import has none.
    if (body) swap(body, (n) => binaryen._BinaryenFunctionSetBody(func, n));
  }
  if (!mod.validate()) throw new Error(`lower-small-copies: ${file} does not validate after`);
  const after = mod.emitBinary();
  fs.writeFileSync(file, after);
  console.log(`${file}: ${lowered} small memory.copy lowered, ${before.length} -> ${after.length} bytes`);
  mod.dispose();
}

for (const file of args) lowerFile(file);
