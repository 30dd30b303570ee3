// Compiled (not run) by npm.test.mjs: a consumer's code that must type-check against the
// package's .d.ts, and lines that must not.
import init, { checkCard, SurfaceStore, mountSurface, type MountedSurface, type ActionMessage, type CardReport, type UiLinkEntry, type Finding, type A2uiReport, type ActionResult, contract, type ContractRecord, type FindingCode } from "../../../crates/surfaces-wasm/pkg/agent_surfaces.js";

export async function directoryLinks(cardJson: string, fetchedFrom: string): Promise<{ href: string; text: string }[]> {
  await init();
  const report: CardReport = checkCard(cardJson, fetchedFrom);
  const simple: CardReport = checkCard({ name: "x" });
  void simple;
  const limited = checkCard(cardJson, undefined, { limits: { entries: 10 } });
  void limited;
  const status: "present" | "absent" | "invalid" = report.uiLinks;
  void status;
  const errors: Finding[] = report.findings.filter((f) => f.severity === "error");
  void errors;
  return report.views.directory
    .map((i: number): UiLinkEntry => report.entries[i]!)
    .flatMap((e) => (e.url !== null && e.label !== null ? [{ href: e.url, text: e.label }] : []));
}

export function mustNotCompile(report: CardReport): void {
  // @ts-expect-error url may be null: it is set only for linkable entries
  report.entries[0]!.url.startsWith("https:");
  // @ts-expect-error audience is a closed set
  const a: "everyone" = report.entries[0]!.audience;
  void a;
  // @ts-expect-error limits have names
  checkCard("{}", null, { limits: { bogus: 1 } });
  // @ts-expect-error codes are a closed set, generated from the core's Code
  const c: FindingCode = "no-such-code";
  void c;
  const known: FindingCode = report.findings[0]!.code;
  void known;
}

export function foldAndClick(stream: string): string | null {
  const store = new SurfaceStore({ limits: { envelopes: 100 }, allowedHosts: ["cdn.example"] });
  store.applyEnvelopes(stream, { contextId: "task", nowMs: 0 });
  const report: A2uiReport = store.report();
  const first = report.surfaces[0];
  if (!first) return null;
  const ignored: number = report.ignored;
  void ignored;
  const result: ActionResult = store.action(first.surfaceId, "submit");
  // @ts-expect-error a refused action has no message
  void result.message;
  store.free();
  return result.ok ? result.message.action.name : result.reason;
}

export function mountInto(element: HTMLElement, store: SurfaceStore): MountedSurface {
  const sent: ActionMessage[] = [];
  const mounted = mountSurface(element, store, { surfaceId: "main", onAction: (m) => sent.push(m) });
  mounted.update();
  // @ts-expect-error the surface to draw must be named
  mountSurface(element, store, {});
  return mounted;
}

export function pinnedFiles(): string[] {
  const record: ContractRecord = contract();
  // @ts-expect-error the record's keys are the contract view's, in snake_case
  record.schemaBundle;
  return record.schema_bundle.map((f) => `${f.path}@${f.revision}:${f.sha256}`);
}
