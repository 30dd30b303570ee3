// The npm package `agent-surfaces` (built by `wasm-pack build crates/surfaces-wasm --target web`)
// used from Node as a JavaScript front end would use it, and its types checked by tsc.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";
import { installPackage, resolveFrom, runNodeQuickStart } from "./lib/installed-package.mjs";

const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg");
const CARDS = path.join(ROOT, "tests/fixtures/cards");
assert.ok(fs.existsSync(path.join(PKG, "package.json")), `build the package first: wasm-pack build crates/surfaces-wasm --target web`);
const pkg = await import(path.join(PKG, "agent_surfaces.js"));
const wasm = pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
const { checkCard, uiLinksUri, SurfaceStore, advertisesA2ui, contract } = pkg;
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");

const larkfield = fs.readFileSync(path.join(CARDS, "larkfield.json"), "utf8");
const isPlain = (v) => Object.getPrototypeOf(v) === Object.prototype;

test("package.json names the package, its types, its exports and its stylesheet", () => {
  const meta = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
  assert.equal(meta.name, "agent-surfaces");
  assert.equal(meta.types, "agent_surfaces.d.ts");
  assert.deepEqual(meta.exports, {
    ".": { types: "./agent_surfaces.d.ts", default: "./agent_surfaces.js" },
    "./agent_surfaces_bg.wasm": "./agent_surfaces_bg.wasm",
    "./a2ui.css": "./a2ui.css",
    "./package.json": "./package.json",
  });
  // A bundler drops an import of a file it is told has no side effects.
  assert.ok(meta.sideEffects.includes("./a2ui.css"));
});

test("the README's Node quick start runs as written on the packed package, resolved by its exports", (t) => {
  const installed = installPackage(PKG);
  t.after(installed.remove);
  assert.deepEqual(installed.files, ["a2ui.css", "agent_surfaces.d.ts", "agent_surfaces.js", "agent_surfaces_bg.wasm", "package.json"]);
  const out = runNodeQuickStart(
    installed.project,
    `const card = fs.readFileSync(${JSON.stringify(path.join(CARDS, "larkfield.json"))}, "utf8");
const store = new SurfaceStore();
store.applyEnvelopes([{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } }]);
console.log(JSON.stringify({
  entry: import.meta.resolve("agent-surfaces"),
  uiLinks: checkCard(card, "https://agent.larkfield.example/.well-known/agent-card.json").uiLinks,
  applied: store.report().applied,
}));`,
  );
  assert.deepEqual(out, {
    entry: pathToFileURL(path.join(installed.dir, "agent_surfaces.js")).href,
    uiLinks: "present",
    applied: 1,
  });
  const resolved = resolveFrom(installed.project, ["agent-surfaces/a2ui.css", "agent-surfaces/agent_surfaces_bg.wasm.d.ts"]);
  assert.equal(resolved["agent-surfaces/a2ui.css"], pathToFileURL(path.join(installed.dir, "a2ui.css")).href);
  assert.equal(resolved["agent-surfaces/agent_surfaces_bg.wasm.d.ts"], "ERR_PACKAGE_PATH_NOT_EXPORTED", "exports is what resolves");
  assert.equal(
    fs.readFileSync(path.join(installed.dir, "a2ui.css"), "utf8"),
    fs.readFileSync(path.join(ROOT, "crates/surfaces-render/a2ui.css"), "utf8"),
    "the console's stylesheet, not a copy that drifted",
  );
  // Why the README reads the bytes: init() with no argument fetches a file: URL, which Node refuses.
  fs.writeFileSync(path.join(installed.project, "bare.mjs"), 'import init from "agent-surfaces";\nawait init();\n');
  assert.throws(
    () => execFileSync(process.execPath, ["bare.mjs"], { cwd: installed.project, encoding: "utf8", stdio: "pipe" }),
    (e) => /fetch failed/.test(e.stderr),
  );
  // A TypeScript consumer finds the types by the package's name, under Node's and bundlers' rules.
  fs.writeFileSync(
    path.join(installed.project, "consumer.ts"),
    'import init, { checkCard, type CardReport } from "agent-surfaces";\nexport async function f(): Promise<CardReport["uiLinks"]> { await init(); return checkCard("{}").uiLinks; }\n',
  );
  const tsc = path.join(ROOT, "tests/e2e/node_modules/typescript/bin/tsc");
  for (const [module, resolution] of [["node16", "node16"], ["ES2022", "bundler"]]) {
    try {
      execFileSync(process.execPath, [tsc, "--strict", "--noEmit", "--target", "ES2022", "--lib", "ES2022,DOM", "--module", module, "--moduleResolution", resolution, "consumer.ts"], { cwd: installed.project, encoding: "utf8" });
    } catch (e) {
      assert.fail(`tsc (${resolution}) failed:\n${e.stdout}${e.stderr}`);
    }
  }
});

test("the published module carries no function names, and keeps what wasm-bindgen reads", () => {
  const module = new WebAssembly.Module(fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")));
  assert.equal(WebAssembly.Module.customSections(module, "name").length, 0, "run scripts/build-npm.sh");
  assert.equal(WebAssembly.Module.customSections(module, "target_features").length, 1);
});

test("a batch as text folds like the same envelopes as objects (data updates take a fast path)", () => {
  const batch = [
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } },
    ...Array.from({ length: 50 }, (_, i) => ({ version: "v0.9", updateDataModel: { surfaceId: "s", path: `/n/${i % 7}`, value: i } })),
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: null, value: 1 } },
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/__proto__/x", value: 1 } },
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/gone" } },
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/nothing", value: null } },
  ];
  const byText = new SurfaceStore();
  byText.applyEnvelopes(JSON.stringify(batch));
  const byObjects = new SurfaceStore();
  byObjects.applyEnvelopes(batch);
  const a = byText.report();
  assert.deepEqual(a, byObjects.report());
  assert.equal(a.applied, 53);
  assert.deepEqual(a.findings.map((f) => f.code), ["wrong-type", "path-forbidden-segment"]);
  assert.deepEqual(a.surfaces[0].dataModel, { n: [49, 43, 44, 45, 46, 47, 48], nothing: null });
});

test("envelopes given as objects meet the same partBytes limit as text, at it and one past", () => {
  const batch = [{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } }];
  const size = JSON.stringify(batch).length;
  for (const [partBytes, applied, codes] of [[size, 1, []], [size - 1, 0, ["part-too-large"]]]) {
    for (const input of [batch, JSON.stringify(batch)]) {
      const store = new SurfaceStore({ limits: { partBytes } });
      store.applyEnvelopes(input);
      const r = store.report();
      assert.equal(r.applied, applied, `${typeof input} at ${partBytes}`);
      assert.deepEqual(r.findings.map((f) => f.code), codes);
    }
  }
  assert.throws(() => new SurfaceStore().applyEnvelopes(undefined), /cannot be turned into JSON/);
});

test("a text past partBytes is refused before it is copied into wasm memory", () => {
  const store = new SurfaceStore();
  store.applyEnvelopes("[]"); // memory for the store itself
  const before = wasm.memory.buffer.byteLength;
  const huge = " ".repeat(20 * 1024 * 1024) + "[]";
  store.applyEnvelopes(huge);
  store.applyEnvelopes([huge]);
  const r = store.report();
  assert.deepEqual(r.findings.map((f) => f.code), ["part-too-large", "part-too-large"]);
  assert.match(r.findings[0].message, /at least 20971522 bytes/);
  assert.equal(wasm.memory.buffer.byteLength, before, "wasm memory did not grow");
});

test("checkCard on the spec's worked example, from text and from an object", () => {
  const from = "https://agent.larkfield.example/.well-known/agent-card.json";
  for (const card of [larkfield, JSON.parse(larkfield)]) {
    const r = checkCard(card, from);
    assert.ok(isPlain(r) && isPlain(r.views) && r.entries.every(isPlain), "plain objects, no Maps");
    assert.equal(r.uiLinks, "present");
    assert.deepEqual(r.findings, []);
    assert.deepEqual(r.views, { directory: [2], engagement: [1, 2], operator: [0], all: [0, 1, 2] });
    assert.deepEqual(r.entries[2], {
      index: 2, url: "https://status.larkfield.example/", urlText: "https://status.larkfield.example/",
      host: "status.larkfield.example", hostUnicode: null, label: "Service status",
      purpose: "See current availability and past incidents.", audience: "public", access: "open", kind: "status",
      skill: null, skillDeclared: null, sameOrigin: false, linkable: true,
    });
  }
  assert.equal(checkCard(larkfield).entries[0].sameOrigin, null, "no origin given: null");
  assert.equal(uiLinksUri(), "https://dev.agentmesh.ai/extensions/ui-links/v1");
});

test("bad data gives findings with severity, code, pointer and message; misuse throws", () => {
  const r = checkCard(fs.readFileSync(path.join(CARDS, "hostile.json"), "utf8"), "https://evil.example/");
  assert.ok(r.findings.length > 5);
  for (const f of r.findings) {
    assert.deepEqual(Object.keys(f), ["severity", "code", "path", "message"]);
    assert.match(f.severity, /^(error|warning|info)$/);
    assert.match(f.code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.match(f.path, /^(\/[^/]*)*$/);
    assert.ok(f.message.length > 0);
  }
  for (const e of r.entries) if (e.url !== null) assert.match(e.url, /^https:\/\//);
  assert.equal(checkCard("{oops").uiLinks, "invalid");
  assert.equal(checkCard("{}").uiLinks, "absent");
  assert.throws(() => checkCard("{}", "not a url"), /fetchedFrom/);
  assert.throws(() => checkCard(42));
  assert.throws(() => checkCard("{}", null, { limits: { bogus: 1 } }), /limits/);
  const limited = checkCard(larkfield, null, { limits: { entries: 2 } });
  assert.equal(limited.entries.length, 2);
  assert.equal(limited.findings[0].code, "uis-too-many");
});

test("SurfaceStore folds every official example from text, with nothing ignored", () => {
  const dir = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
  assert.equal(files.length, 36);
  for (const f of files) {
    const text = fs.readFileSync(path.join(dir, f), "utf8");
    const store = new SurfaceStore();
    const n = store.applyEnvelopes(text);
    const r = store.report();
    assert.equal(r.applied, n, `${f}: ${JSON.stringify(r.findings)}`);
    assert.equal(r.ignored, 0);
    assert.ok(r.surfaces.every((s) => s.root && isPlain(s.dataModel)));
    store.free();
  }
});

test("SurfaceStore: hostile stream, overlay, actions, limits, misuse", () => {
  const hostile = fs.readFileSync(path.join(ROOT, "tests/fixtures/a2ui/hostile.json"), "utf8");
  const store = new SurfaceStore({ limits: { textChars: 5000 } });
  store.applyEnvelopes(hostile, { contextId: "task-1", nowMs: 0 });
  const r = store.report();
  assert.equal(r.ignored, 15);
  assert.ok(isPlain(r) && r.findings.every(isPlain));
  for (const f of r.findings) {
    assert.ok(Number.isInteger(f.envelope));
    assert.match(f.code, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  }
  assert.deepEqual(Object.getPrototypeOf(store.report().surfaces[0].dataModel), Object.prototype);
  assert.equal({}.isAdmin, undefined, "no prototype was polluted");
  store.edit("main", "/form/password", "hunter2");
  const a = store.action("main", "go", "2026-11-30T12:00:00Z");
  assert.equal(a.ok, true);
  assert.deepEqual(a.message.action.context, { password: "hunter2" });
  assert.equal(store.action("main", "title").ok, false);
  assert.throws(() => store.edit("main", "/__proto__/isAdmin", true), /refused/);
  assert.throws(() => new SurfaceStore({ limits: { nope: 1 } }), /limits/);
  // A render nests at most 64 levels: a deeper `depth` is misuse (each level is a level of
  // recursion for the renderer).
  new SurfaceStore({ limits: { depth: 64 } }).free();
  assert.throws(() => new SurfaceStore({ limits: { depth: 65 } }), /depth is at most 64/);
  const stats = store.stats();
  assert.ok(!JSON.stringify(stats).includes("password"), "stats carry no agent content");
  assert.ok(stats.foldMs >= 0);
  const party = fs.readFileSync(path.join(SPEC, "a2a/cards/thirdparty__party-store-ge-a2ui__app_agent.json"), "utf8");
  assert.equal(advertisesA2ui(party), false, "a v0.8 agent is not a v0.9 one");
  assert.equal(advertisesA2ui({ capabilities: { extensions: [{ uri: "https://a2ui.org/a2a-extension/a2ui/v0.9" }] } }), true);
  assert.equal(advertisesA2ui("{not json"), false);
  const caps = SurfaceStore.clientCapabilities();
  assert.deepEqual(caps["v0.9"].supportedCatalogIds, ["https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"]);
});

/** Every object reachable from `v` whose prototype is not the plain one of its kind. */
function changedPrototypes(v, at = "", seen = new Set(), out = []) {
  if (v === null || typeof v !== "object" || seen.has(v)) return out;
  seen.add(v);
  const want = Array.isArray(v) ? Array.prototype : Object.prototype;
  if (Object.getPrototypeOf(v) !== want) out.push(at || "(root)");
  for (const k of Object.getOwnPropertyNames(v)) changedPrototypes(v[k], `${at}/${k}`, seen, out);
  return out;
}

test("prototype-named keys never reach JavaScript as a prototype, whatever the package returns", () => {
  const BASIC = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
  const hostile = [];
  for (const key of ["__proto__", "constructor", "prototype"]) {
    // Built as text: an object literal would set the prototype here, not send the key.
    hostile.push(`{"version":"v0.9","createSurface":{"surfaceId":"t${key}","catalogId":"${BASIC}","theme":{"${key}":{"polluted":1}}}}`);
    hostile.push(`{"version":"v0.9","updateComponents":{"surfaceId":"main","components":[{"id":"b${key}","component":"Button","child":"t","action":{"event":{"name":"go","context":{"${key}":{"path":"/x"},"ok":"1"}}}},{"id":"l${key}","component":"Text","text":"x","accessibility":{"label":"l","${key}":"x"}}]}}`);
    hostile.push(`{"version":"v0.9","updateDataModel":{"surfaceId":"main","path":"/v","value":{"${key}":{"isAdmin":true}}}}`);
    // A surface id keys clientDataModel().surfaces (found by red-teaming).
    hostile.push(`{"version":"v0.9","createSurface":{"surfaceId":"${key}","catalogId":"${BASIC}","sendDataModel":true}}`);
  }
  const text = [
    `{"version":"v0.9","createSurface":{"surfaceId":"main","catalogId":"${BASIC}","sendDataModel":true}}`,
    `{"version":"v0.9","updateComponents":{"surfaceId":"main","components":[{"id":"root","component":"Button","child":"t","action":{"event":{"name":"go","context":{"x":{"path":"/x"}}}}},{"id":"t","component":"Text","text":"Go"}]}}`,
    `{"version":"v0.9","updateDataModel":{"surfaceId":"main","path":"/x","value":{"a":[{"b":1}]}}}`,
    ...hostile,
  ].join("\n");
  const store = new SurfaceStore();
  store.applyEnvelopes(text);
  const r = store.report();
  assert.equal(r.applied, 3);
  assert.equal(r.ignored, hostile.length, JSON.stringify(r.findings.map((f) => f.code)));
  for (const code of new Set(r.findings.map((f) => f.code))) {
    assert.ok(["key-forbidden", "data-forbidden-key", "unknown-property", "id-forbidden"].includes(code), code);
  }
  const returned = {
    report: r,
    stats: store.stats(),
    action: store.action("main", "root", "2026-11-30T12:00:00Z"),
    refused: store.action("main", "nope", "2026-11-30T12:00:00Z"),
    caps: SurfaceStore.clientCapabilities(),
    dataModel: store.clientDataModel(),
    card: checkCard(`{"name":"x","__proto__":{"isAdmin":true},"capabilities":{"extensions":[{"uri":"${uiLinksUri()}","params":{"uis":[{"url":"https://a.example/","label":"A","__proto__":{"x":1}}]}}]}}`),
  };
  assert.deepEqual(changedPrototypes(returned), []);
  assert.deepEqual(Object.keys(returned.dataModel.surfaces), ["main"]);
  assert.equal(returned.action.ok, true);
  assert.deepEqual(returned.action.message.action.context, { x: { a: [{ b: 1 }] } });
  assert.equal({}.isAdmin, undefined);
  assert.equal({}.polluted, undefined);
  assert.throws(() => store.edit("main", "/y", JSON.parse('{"__proto__":{"isAdmin":true}}')), /refused/);
});

test("contract() is the record `surfaces contract --json` prints", () => {
  const record = contract();
  assert.deepEqual(record.ui_contract.accepted, ["a2ui-v0.9", "a2ui-v0.9.1"]);
  assert.equal(record.schema_bundle.length, 7);
  for (const f of record.schema_bundle) {
    const bytes = fs.readFileSync(path.join(SPEC, f.path));
    assert.equal(createHash("sha256").update(bytes).digest("hex"), f.sha256, f.path);
  }
  const cli = path.join(DEBUG_BINS, "surfaces");
  if (fs.existsSync(cli)) {
    const printed = JSON.parse(execFileSync(cli, ["contract", "--json"], { encoding: "utf8" }));
    assert.deepEqual(record, printed);
  }
});

test("the .d.ts types a consumer's code (tsc --strict)", () => {
  const tsc = path.join(ROOT, "tests/e2e/node_modules/typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", path.join(ROOT, "tests/e2e/types/tsconfig.json")], { encoding: "utf8" });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

// The other side of the .d.ts: what the package *returns* is written out as TypeScript
// object literals typed with the declared types, and tsc --strict checks them. An object
// literal may not carry a key its type does not declare, nor miss one it requires, nor a
// code outside FindingCode: so a report field added, dropped or retyped in Rust without the
// declarations following fails here.
test("every value the package returns type-checks against its .d.ts", () => {
  const store = new SurfaceStore({ limits: { findings: 3 } });
  const cat = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
  store.applyEnvelopes([
    { version: "v0.9", createSurface: { surfaceId: "main", catalogId: cat, sendDataModel: true } },
    { version: "v0.9", updateComponents: { surfaceId: "main", components: [
      { id: "root", component: "Column", children: ["name", "go", "pic", "lost"] },
      { id: "name", component: "TextField", label: "Name", value: { path: "/name" } },
      { id: "go", component: "Button", child: "go-label", action: { event: { name: "send", context: { name: { path: "/name" } } } },
        checks: [{ condition: { call: "required", args: { value: { path: "/name" } } }, message: "A name, please" }] },
      { id: "go-label", component: "Text", text: "Send" },
      { id: "pic", component: "Image", url: { path: "/pic" } },
    ] } },
    { version: "v0.9", updateDataModel: { surfaceId: "main", path: "/pic", value: "javascript:alert(1)" } },
    { version: "v0.9", updateDataModel: { surfaceId: "nowhere", path: "/x", value: 1 } },
    { version: "v0.8", beginRendering: {} },
    "{not json",
  ].map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n"));
  store.edit("main", "/name", "Ada");
  store.applyEnvelopes({ version: "v0.9", updateDataModel: { surfaceId: "main", path: "/name", value: "Grace" } });
  const report = store.report();
  // The fixture reaches what the types describe: findings (truncated), placeholders, proposals.
  assert.ok(report.findings.some((f) => f.code === "findings-truncated"));
  assert.ok(report.surfaces[0].placeholders.length >= 2);
  assert.equal(report.surfaces[0].proposals.length, 1);
  const values = {
    CardReport: [checkCard(larkfield, "https://larkfield.example/.well-known/agent-card.json"),
                 checkCard(fs.readFileSync(path.join(CARDS, "hostile.json"), "utf8"))],
    A2uiReport: [report],
    "A2uiStats & { foldMs: number }": [store.stats()],
    ActionResult: [store.action("main", "go", "2026-01-01T00:00:00Z"), store.action("main", "name", "2026-01-01T00:00:00Z")],
    ContractRecord: [contract()],
  };
  assert.equal(values.ActionResult[0].ok, true);
  assert.equal(values.ActionResult[1].code, "action-missing");
  const names = ["CardReport", "A2uiReport", "A2uiStats", "ActionResult", "ContractRecord"];
  let src = `import type { ${names.join(", ")} } from "${path.join(PKG, "agent_surfaces.js")}";\n`;
  let i = 0;
  for (const [type, list] of Object.entries(values)) {
    for (const v of list) src += `export const v${i++}: ${type} = ${JSON.stringify(v, null, 1)};\n`;
  }
  const dir = path.join(ROOT, "tests/e2e/artifacts/returned-types");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "returned.ts"), src);
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: { strict: true, exactOptionalPropertyTypes: true, noEmit: true, target: "ES2022",
      module: "ES2022", moduleResolution: "bundler", lib: ["ES2022", "DOM"], skipLibCheck: false },
    files: ["returned.ts"],
  }));
  const tsc = path.join(ROOT, "tests/e2e/node_modules/typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")], { encoding: "utf8" });
  } catch (e) {
    assert.fail(`what the package returns does not match its .d.ts (see ${dir}/returned.ts):\n${e.stdout}${e.stderr}`);
  }
});
