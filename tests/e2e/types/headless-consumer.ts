// Compiled (not run) by npm-headless.test.mjs: a consumer's code against the headless build's
// .d.ts (crates/surfaces-wasm/pkg-headless), which has the headless API and no mountSurface.
import init, { checkCard, SurfaceStore, advertisesA2ui, contract, type CardReport, type A2uiReport, type ActionResult, type ContractRecord, type FindingCode } from "../../../crates/surfaces-wasm/pkg-headless/agent_surfaces.js";
import * as headless from "../../../crates/surfaces-wasm/pkg-headless/agent_surfaces.js";

export async function fold(card: string, stream: string): Promise<string | null> {
  await init();
  const report: CardReport = checkCard(card, "https://agent.example/.well-known/agent-card.json");
  const codes: FindingCode[] = report.findings.map((f) => f.code);
  void codes;
  if (!advertisesA2ui(card)) return null;
  const store = new SurfaceStore({ limits: { surfaces: 2 } });
  store.applyEnvelopes(stream);
  const a2ui: A2uiReport = store.report();
  const first = a2ui.surfaces[0];
  if (!first) return null;
  const result: ActionResult = store.action(first.surfaceId, "submit");
  const record: ContractRecord = contract();
  void record.schema_bundle;
  return result.ok ? result.message.action.name : result.reason;
}

export function noRenderer(element: HTMLElement, store: SurfaceStore): void {
  // @ts-expect-error the headless build has no renderer
  headless.mountSurface(element, store, { surfaceId: "main" });
  // @ts-expect-error nor its types
  const m: headless.MountedSurface | null = null;
  void m;
}
