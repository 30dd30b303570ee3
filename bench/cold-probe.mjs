// One cold start or one retained-memory sample, in a fresh Node process or a fresh page
// (bench/cold-memory.mjs runs it). `side` is "official", "headless" or "ui"; `text` a stream.
//   cold:   from before the library is imported to the first report of a fold of `text`
//   memory: `copies` folds of `text` kept alive; JS heap (after GC) and wasm memory per copy
const PKGS = { headless: "crates/surfaces-wasm/pkg-headless", ui: "crates/surfaces-wasm/pkg" };

/** `load` gives the library (imports it, compiles and instantiates the wasm). */
export async function probe({ side, text, mode, copies, load, heap }) {
  const t0 = performance.now();
  const lib = await load(side);
  const fold = () => {
    if (side === "official") {
      const p = new lib.MessageProcessor([lib.basicCatalog]);
      p.processMessages(JSON.parse(text));
      return { keep: p, surfaces: p.model.surfacesMap.size };
    }
    const s = new lib.SurfaceStore({ limits: lib.limits });
    s.applyEnvelopes(text);
    return { keep: s, surfaces: s.report().surfaces.length };
  };
  if (mode === "cold") {
    const { surfaces } = fold();
    return { ms: performance.now() - t0, surfaces };
  }
  const wasm = () => (lib.memory ? lib.memory.buffer.byteLength : 0);
  // One fold first, so what the library allocates once (tables, caches) is not counted.
  const warm = fold();
  const heap0 = await heap();
  const wasm0 = wasm();
  const kept = [];
  for (let i = 0; i < copies; i++) kept.push(fold().keep);
  const heap1 = await heap();
  const wasm1 = wasm();
  return { heapPerCopy: (heap1 - heap0) / copies, wasmPerCopy: (wasm1 - wasm0) / copies, copies, kept: kept.length + (warm ? 1 : 0) };
}

export { PKGS };
