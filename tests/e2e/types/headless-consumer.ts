// Compiled (not run) by npm-headless.test.mjs: a consumer's code against the headless build's
// .d.ts (crates/surfaces-wasm/pkg-headless), which has the headless API and no mountSurface.
import init, { checkCard, SurfaceStore, advertisesA2ui, contract, type CardReport, type A2uiReport, type ActionResult, type ContractRecord, type FindingCode } from "../../../crates/surfaces-wasm/pkg-headless/agent_surfaces.js";
import { A2aTask, type IngestResult, type OutgoingMessage, type TaskSnapshot, type ActionMessageResult } from "../../../crates/surfaces-wasm/pkg-headless/agent_surfaces.js";
import * as headless from "../../../crates/surfaces-wasm/pkg-headless/agent_surfaces.js";

export async function fold(card: string, stream: string): Promise<string | null> {
  await init();
  const report: CardReport = checkCard(card, "https://agent.example/.well-known/agent-card.json");
  const codes: FindingCode[] = report.findings.map((f) => f.code);
  void codes;
  if (!advertisesA2ui(card)) return null;
  const store = new SurfaceStore({ limits: { surfaces: 2 } });
  store.applyEnvelopes(stream);
  // A response's bytes, as they came.
  store.applyEnvelopes(new TextEncoder().encode(stream));
  store.applyEnvelopes(new TextEncoder().encode(stream).buffer);
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

export function converse(card: object, event: unknown): string | null {
  const task = new A2aTask(card, { protocolVersion: "0.3", limits: { surfaces: 2 } });
  const ingested: IngestResult = task.ingest(event);
  if (!ingested.read) return ingested.finding.code;
  const hello: OutgoingMessage = task.userMessage("hi", { shape: "json" });
  const headers: Record<string, string> = hello.serviceParameters;
  void headers;
  const view: TaskSnapshot = task.view();
  const first = view.actions[0];
  if (first?.confirmation) return first.confirmation.summary;
  const store: SurfaceStore = task.store;
  const click = store.action("s", "b");
  if (!click.ok) return click.code;
  const act: ActionMessageResult = task.actionMessage(click.message);
  if (!act.ok) return act.reason;
  task.streamEnded();
  const answer = task.answerConfirmation("s", "b", "confirm");
  return answer ? answer.decision : act.idempotencyKey;
}
