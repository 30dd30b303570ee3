// A plain page (no console, no framework) using the npm package's UI build as an app would:
// fold a stream into a SurfaceStore and mountSurface it into its own element. The package is
// served as npm installed it, and loaded by README.md's page quick start, word for word below
// (mount-page.test.mjs checks).
// In a page: "agent-surfaces" resolved by your bundler or by an import map (below), and the
// .wasm fetched from where you serve it. With no URL, init() fetches agent_surfaces_bg.wasm
// from beside agent_surfaces.js (new URL(…, import.meta.url)).
import init, { checkCard, SurfaceStore, mountSurface } from "agent-surfaces";
await init({ module_or_path: "/node_modules/agent-surfaces/agent_surfaces_bg.wasm" });

let mounted = null;
let store = null;

window.mountStream = (text) => {
  if (mounted) {
    mounted.unmount();
    mounted.free();
    store.free();
  }
  store = new SurfaceStore();
  store.applyEnvelopes(text);
  const report = store.report();
  const surface = report.surfaces.find((s) => s.root);
  if (!surface) return { drawn: false, ignored: report.ignored };
  mounted = mountSurface(document.getElementById("host"), store, {
    surfaceId: surface.surfaceId,
    onAction: () => {},
    onOpenUrl: () => {},
  });
  return { drawn: true, ignored: report.ignored, elements: document.querySelectorAll("#host *").length };
};
// Folds a stream and answers with its first surface's data model (mount-page.test.mjs
// checks the text the engine's TextEncoder writes into the package's memory).
window.foldModel = (text, limits) => {
  const s = new SurfaceStore({ limits });
  try {
    return { read: s.applyEnvelopes(text), model: s.report().surfaces[0]?.dataModel ?? null };
  } finally {
    s.free();
  }
};
window.pageReady = true;
