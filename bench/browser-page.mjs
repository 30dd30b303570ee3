// Runs in Chromium: time from applying an envelope batch to the DOM being updated, with our
// npm package's SurfaceStore and mountSurface.
import init, { SurfaceStore, mountSurface } from "/crates/surfaces-wasm/pkg/agent_surfaces.js";

function stats(samples) {
  samples.sort((a, b) => a - b);
  const q = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  return { median: q(0.5), p10: q(0.1), p90: q(0.9), reps: samples.length };
}

window.runBench = async ({ components, update, reps }) => {
  await init();
  const host = document.getElementById("host");
  const full = [];
  const one = [];
  for (let i = 0; i < reps; i++) {
    const store = new SurfaceStore();
    const t0 = performance.now();
    store.applyEnvelopes(components);
    const mounted = mountSurface(host, store, { surfaceId: "big" });
    full.push(performance.now() - t0);
    const count = host.querySelectorAll("*").length;
    const t1 = performance.now();
    store.applyEnvelopes(update.replace("__N__", String(i)));
    mounted.update();
    one.push(performance.now() - t1);
    if (!host.textContent.includes(`changed ${i}`)) throw new Error("the update did not reach the DOM");
    mounted.unmount();
    mounted.free();
    store.free();
    if (i === 0) window.elements = count;
  }
  return { full: stats(full), one: stats(one), elements: window.elements };
};
window.benchReady = true;
