// Timing shared by the Node benchmarks.
// Runs in Node and, bundled, in a browser page (bench/browser-fold.mjs): the clock is the host's.
const { performance } = globalThis;

/** Times each of `sides` ({name: [fn, after]}) `reps` times, taking turns within every
 * repetition (in a rotating order) so that all sides meet the same machine noise and garbage
 * collections. `after` gets a side's result outside the timed region (freeing our store there,
 * as the official side's objects are left to the garbage collector). `before`, if given, runs
 * before each timed call, outside the timed region (`bench/evict.mjs`). */
export function timeSides(sides, reps, before = null) {
  const names = Object.keys(sides);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  // Warm-up long enough for V8 to tier every side up: at least ten rounds and half a second.
  // Wasm starts in V8's baseline compiler and each hot function is compiled again by its
  // optimizing one on a background thread, the largest in about a tenth of a second each
  // (`node --trace-wasm-compilation-times`): after ten rounds alone, a workload run first
  // was timed partly on baseline code (the examples, run first: 0.90 ms after ten rounds,
  // 0.83 after half a second, in one run of `node bench/node-bench.mjs`).
  const warmMs = Number(globalThis.process?.env.BENCH_WARM_MS ?? 500);
  const started = performance.now();
  let warm = 10;
  for (let i = 0; i < reps + warm; i++) {
    if (i === warm && performance.now() - started < warmMs) warm++;
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const [fn, after = () => {}] = sides[name];
      before?.();
      const t0 = performance.now();
      const result = fn();
      const ms = performance.now() - t0;
      after(result);
      if (i >= warm) samples[name].push(ms);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const s = samples[name].sort((x, y) => x - y);
      const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
      return [name, { median: q(0.5), p10: q(0.1), p90: q(0.9), reps }];
    }),
  );
}
