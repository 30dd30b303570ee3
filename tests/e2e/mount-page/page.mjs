// A plain page (no console, no framework) using the npm package's UI build as an app would:
// fold a stream into a SurfaceStore and mountSurface it into its own element.
import init, { SurfaceStore, mountSurface } from "/crates/surfaces-wasm/pkg/agent_surfaces.js";

let mounted = null;
let store = null;

window.mountStream = async (text) => {
  await init();
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
window.pageReady = true;
