// Timing shared by the Node benchmarks.
import { performance } from "node:perf_hooks";

/** Times each of `sides` ({name: [fn, after]}) `reps` times, taking turns within every
 * repetition (in a rotating order) so that all sides meet the same machine noise and garbage
 * collections. `after` gets a side's result outside the timed region (freeing our store there,
 * as the official side's objects are left to the garbage collector). */
export function timeSides(sides, reps) {
  const names = Object.keys(sides);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  // Warm-up long enough for V8 to tier every side up (wasm starts in its baseline compiler).
  for (let i = 0; i < reps + 10; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const [fn, after = () => {}] = sides[name];
      const t0 = performance.now();
      const result = fn();
      const ms = performance.now() - t0;
      after(result);
      if (i >= 10) samples[name].push(ms);
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
