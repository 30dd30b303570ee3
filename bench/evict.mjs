// Leaves the processor's caches cold, as a page that did other work since the last call
// leaves them: 64 MB written a cache line at a time, outside any clock. That is what the
// fold table's official core does to the side after it (each of its turns makes megabytes of
// objects and collects them), and what a live agent's messages meet, seconds apart. 8 MB
// written so did not: the last level cache here holds it beside what a fold touches
// (BENCHMARKS.md, "Build choices", on folds beside the official core).
const LINE = 64 / Float64Array.BYTES_PER_ELEMENT;
let buffer = null;

/** Writes 64 MB, a cache line at a time; returns a sum so the writes are not left out. */
export function evictCaches() {
  buffer ??= new Float64Array((64 << 20) / Float64Array.BYTES_PER_ELEMENT);
  let sum = 0;
  for (let i = 0; i < buffer.length; i += LINE) {
    buffer[i] += 1;
    sum += buffer[i];
  }
  return sum;
}
