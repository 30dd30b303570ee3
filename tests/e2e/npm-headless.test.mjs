// The headless build of the npm package (crates/surfaces-wasm/pkg-headless, built by
// scripts/build-npm.sh without the `ui` feature): the same checks and fold as the UI build,
// no renderer, no DOM code; and its .d.ts checked by tsc.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import v8 from "node:v8";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ROOT } from "./lib/console-server.mjs";
import { installPackage, resolveFrom, runNodeQuickStart } from "./lib/installed-package.mjs";

const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg-headless");
const UI = path.join(ROOT, "crates/surfaces-wasm/pkg");
assert.ok(fs.existsSync(path.join(PKG, "package.json")), "build the packages first: scripts/build-npm.sh");
const pkg = await import(path.join(PKG, "agent_surfaces.js"));
const exports = pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
const { checkCard, SurfaceStore, advertisesA2ui, contract } = pkg;

/** How many bytes the wasm memory of a fresh instance of the package grows by while `body`
 * (module source with `pkg` in scope) runs, in a Node process of its own: memory never
 * shrinks, so what an earlier test grew it by would hide what `body` builds. */
function freshGrowth(body) {
  const code = `import fs from "node:fs";
    const pkg = await import(${JSON.stringify(path.join(PKG, "agent_surfaces.js"))});
    const exports = pkg.initSync({ module: fs.readFileSync(${JSON.stringify(path.join(PKG, "agent_surfaces_bg.wasm"))}) });
    const before = exports.memory.buffer.byteLength;
    ${body}
    console.log(exports.memory.buffer.byteLength - before);`;
  return Number(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }));
}
const MB = 1 << 20;
const CAT = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

test("the headless build has no renderer, in its module, its glue or its types", () => {
  assert.equal(pkg.mountSurface, undefined);
  assert.equal(pkg.MountedSurface, undefined);
  const dts = fs.readFileSync(path.join(PKG, "agent_surfaces.d.ts"), "utf8");
  assert.doesNotMatch(dts, /mountSurface|MountedSurface|MountOptions/);
  const js = fs.readFileSync(path.join(PKG, "agent_surfaces.js"), "utf8");
  // No DOM is named by the glue: no element is created, found or listened to.
  assert.doesNotMatch(js, /createElement|querySelector|addEventListener|HTMLElement|Document/);
  const module = new WebAssembly.Module(fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")));
  assert.equal(WebAssembly.Module.customSections(module, "name").length, 0, "run scripts/build-npm.sh");
  // The UI build is the one that has it.
  assert.match(fs.readFileSync(path.join(UI, "agent_surfaces.d.ts"), "utf8"), /export function mountSurface/);
});

test("the README's Node quick start runs as written on the packed headless build, which has no stylesheet", (t) => {
  const meta = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
  assert.deepEqual(meta.exports, {
    ".": { types: "./agent_surfaces.d.ts", default: "./agent_surfaces.js" },
    "./agent_surfaces_bg.wasm": "./agent_surfaces_bg.wasm",
    "./package.json": "./package.json",
  });
  const installed = installPackage(PKG);
  t.after(installed.remove);
  assert.deepEqual(installed.files, ["agent_surfaces.d.ts", "agent_surfaces.js", "agent_surfaces_bg.wasm", "package.json"]);
  const out = runNodeQuickStart(
    installed.project,
    `console.log(JSON.stringify({ entry: import.meta.resolve("agent-surfaces"), uiLinks: checkCard("{}").uiLinks, store: typeof new SurfaceStore().report }));`,
  );
  assert.deepEqual(out, { entry: pathToFileURL(path.join(installed.dir, "agent_surfaces.js")).href, uiLinks: "absent", store: "function" });
  assert.deepEqual(resolveFrom(installed.project, ["agent-surfaces/a2ui.css"]), { "agent-surfaces/a2ui.css": "ERR_PACKAGE_PATH_NOT_EXPORTED" });
});

test("a card is bounded before it is built: its bytes before the copy, then its values", () => {
  const { A2aTask } = pkg;
  const rpc = { supportedInterfaces: [{ url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { extensions: [{ uri: "https://a2ui.org/a2a-extension/a2ui/v0.9" }] } };
  // Past `cardBytes` in UTF-16 units: refused before the string is copied into wasm memory.
  const huge = JSON.stringify({ ...rpc, pad: "x".repeat(64 << 20) });
  const before = exports.memory.buffer.byteLength;
  const r = checkCard(huge);
  assert.deepEqual(r.findings.map((f) => f.code), ["card-too-large"]);
  assert.match(r.findings[0].message, /^The card is at least \d+ bytes; cards over 1048576 bytes/);
  assert.equal(advertisesA2ui(huge), false);
  assert.throws(() => new A2aTask(huge), /A2aTask: the card cannot be read: The card is at least/);
  assert.ok(exports.memory.buffer.byteLength - before < MB, "the refused card was not copied");
  // At the byte limit it is read; one unit past it, refused with the same words.
  const at = JSON.stringify({ ...rpc, pad: "" });
  const atLimit = at.replace('"pad":""', `"pad":"${"x".repeat(1_048_576 - at.length)}"`);
  assert.equal(atLimit.length, 1_048_576);
  assert.deepEqual(checkCard(atLimit).findings.map((f) => f.code), []);
  assert.equal(advertisesA2ui(atLimit), true);
  assert.deepEqual(checkCard(atLimit + " ").findings.map((f) => f.code), ["card-too-large"]);
  // Within the bytes, past 32,768 JSON values: refused before a value is built, as text and
  // as an object, by every call that reads a card.
  const many = { ...rpc, pad: Array(16_400).fill({ a: 0 }) };
  for (const given of [many, JSON.stringify(many)]) {
    const c = checkCard(given);
    assert.deepEqual(c.findings.map((f) => f.code), ["card-too-large"], typeof given);
    assert.match(c.findings[0].message, /more than 32768 JSON values/);
    assert.equal(advertisesA2ui(given), false);
    assert.throws(() => new A2aTask(given), /more than 32768 JSON values/);
  }
  // What a card that reads gives, it still gives.
  const fewer = { ...rpc, pad: Array(16_000).fill({ a: 0 }) };
  assert.equal(advertisesA2ui(fewer), true);
  new A2aTask(fewer).free();
  assert.equal(advertisesA2ui(null), false);
  // In a fresh instance: refused, such a card builds nothing; within the count it is built
  // (which is what the measure can see).
  const card = (n) => `JSON.stringify({ name: "x", pad: Array(${n}).fill({ a: 0 }) })`;
  for (const call of ["pkg.checkCard(t)", "pkg.advertisesA2ui(t)", "try { new pkg.A2aTask(t) } catch {}"]) {
    const past = freshGrowth(`const t = ${card(130_000)}; ${call};`);
    // The 1 MB text is copied in (with room for three bytes a unit); built, some 50 MB.
    assert.ok(past < 6 * MB, `${call}: ${past} bytes grown`);
  }
  assert.ok(freshGrowth(`pkg.checkCard(${card(16_000)});`) > 4 * MB, "the measure sees a built card");
});

test("the headless API works: a card checked, a stream folded, an edit and an action", () => {
  const card = fs.readFileSync(path.join(ROOT, "tests/fixtures/cards/larkfield.json"), "utf8");
  const report = checkCard(card, "https://larkfield.example/.well-known/agent-card.json");
  assert.equal(report.uiLinks, "present");
  assert.ok(report.views.all.length > 0);
  assert.equal(typeof advertisesA2ui(card), "boolean");
  assert.equal(contract().schema_bundle.length > 0, true);
  const store = new SurfaceStore();
  store.applyEnvelopes([
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
    { version: "v0.9", updateComponents: { surfaceId: "s", components: [
      { id: "root", component: "Column", children: ["name", "go"] },
      { id: "name", component: "TextField", label: "Name", value: { path: "/name" } },
      { id: "go", component: "Button", child: "t", action: { event: { name: "go", context: { name: { path: "/name" } } } } },
      { id: "t", component: "Text", text: "Go" },
    ] } },
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/name", value: "agent" } },
  ]);
  store.edit("s", "/name", "person");
  const r = store.report();
  assert.equal(r.applied, 3);
  assert.deepEqual(r.findings, []);
  const click = store.action("s", "go", "2026-01-01T00:00:00Z");
  assert.equal(click.ok, true);
  assert.deepEqual(click.message.action.context, { name: "person" });
  store.free();
});

test("bytes as a response's body gives them fold as their text does, each envelope checked for UTF-8", () => {
  const text = JSON.stringify([
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
    { version: "v0.9", updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Text", text: { path: "/t" } }] } },
    { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/t", value: "東京 — ελληνικά 😀" } },
  ]);
  const bytes = new TextEncoder().encode(text);
  const state = (s) => JSON.stringify([s.report(), s.clientDataModel()]);
  const byText = new SurfaceStore();
  assert.equal(byText.applyEnvelopes(text), 3);
  for (const input of [bytes, Buffer.from(text), bytes.buffer, new Uint8Array([32, ...bytes, 32]).subarray(1, bytes.length + 1)]) {
    const byBytes = new SurfaceStore();
    assert.equal(byBytes.applyEnvelopes(input), 3);
    assert.equal(state(byBytes), state(byText));
    assert.deepEqual(byBytes.report().findings, []);
    byBytes.free();
  }
  // A detached buffer (its bytes handed to another owner) holds none: nothing is read, and
  // the store goes on.
  const goneView = new TextEncoder().encode(text);
  const gone = goneView.buffer;
  structuredClone(gone, { transfer: [gone] });
  const kept = new SurfaceStore();
  assert.equal(kept.applyEnvelopes(gone), 0);
  assert.equal(kept.applyEnvelopes(goneView), 0);
  assert.equal(kept.applyEnvelopes(bytes), 3);
  assert.equal(state(kept), state(byText));
  kept.free();
  // Any other view of bytes is a mistake, said as one (it would be read as an object).
  for (const view of [new Uint16Array(4), new DataView(bytes.buffer)]) {
    assert.throws(() => new SurfaceStore().applyEnvelopes(view), /bytes must be a Uint8Array or an ArrayBuffer/);
  }
  // A byte that is no UTF-8 in the last envelope: it alone is refused.
  const broken = Uint8Array.from(bytes);
  broken[broken.length - 8] = 0xff;
  const s = new SurfaceStore();
  assert.equal(s.applyEnvelopes(broken), 3);
  assert.deepEqual(s.report().findings.map((f) => f.code), ["envelope-not-utf8"]);
  assert.equal(s.report().applied, 2);
  // partBytes: bytes at the limit are read; one past it, refused before they are copied,
  // as a view and as a buffer.
  for (const input of [bytes, bytes.buffer]) {
    for (const [limit, applied, codes] of [[bytes.length, 3, []], [bytes.length - 1, 0, ["part-too-large"]]]) {
      const t = new SurfaceStore({ limits: { partBytes: limit } });
      t.applyEnvelopes(input);
      assert.equal(t.report().applied, applied);
      assert.deepEqual(t.report().findings.map((f) => f.code), codes);
      t.free();
    }
  }
  // Past the limit, the bytes never reach wasm memory.
  for (const input of [`new Uint8Array(${16 * MB})`, `new ArrayBuffer(${16 * MB})`]) {
    const growth = freshGrowth(`new pkg.SurfaceStore({ limits: { partBytes: 1000 } }).applyEnvelopes(${input});`);
    assert.ok(growth < MB, `${input}: wasm memory grew by ${growth} bytes`);
  }
  byText.free();
  s.free();
});

test("the headless .d.ts types a consumer's code (tsc --strict)", () => {
  const tsc = path.join(ROOT, "tests/e2e/node_modules/typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", path.join(ROOT, "tests/e2e/types/tsconfig.headless.json")], { encoding: "utf8" });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

test("an argument of the wrong type is a usage error, never a fault in wasm memory", () => {
  // Every exported function, constructor and method, with each kind of wrong value at each
  // parameter in turn (the others given strings): plain-JS callers are not held to the .d.ts.
  const { A2aTask } = pkg;
  const WRONG = [{}, [], 42, true, 10n, Symbol("s"), () => "x", { length: 1e9 }];
  const card = {
    name: "t",
    url: "https://agent.example/a2a",
    protocolVersion: "0.3.0",
    preferredTransport: "JSONRPC",
    capabilities: {},
  };
  const fresh = () => {
    const store = new SurfaceStore();
    store.applyEnvelopes([
      { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
      { version: "v0.9", updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Text", text: "hi" }] } },
    ]);
    return { store, task: new A2aTask(card) };
  };
  const calls = [];
  for (const [name, f] of Object.entries(pkg)) {
    if (typeof f !== "function" || name === "default" || name === "initSync") continue;
    if (f.prototype && Object.getOwnPropertyNames(f.prototype).length > 1) {
      calls.push([`new ${name}`, f.length, (args) => new f(...args)]);
      for (const m of Object.getOwnPropertyNames(f.prototype)) {
        const d = Object.getOwnPropertyDescriptor(f.prototype, m);
        if (m === "constructor" || m === "free" || typeof d.value !== "function") continue;
        calls.push([`${name}.${m}`, d.value.length, (args) => {
          const { store, task } = fresh();
          return (name === "A2aTask" ? task : store)[m](...args);
        }]);
      }
    } else {
      calls.push([name, f.length, (args) => f(...args)]);
    }
  }
  assert.ok(calls.length >= 20, `only ${calls.length} calls found`);
  let tried = 0;
  for (const [what, arity, call] of calls) {
    for (let at = 0; at < Math.max(arity, 1); at++) {
      for (const wrong of WRONG) {
        const args = Array.from({ length: arity }, (_, i) => (i === at ? wrong : "x"));
        tried++;
        try {
          call(args);
        } catch (e) {
          assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what} with ${String(typeof wrong)} at ${at}: ${e}`);
        }
      }
    }
  }
  assert.ok(tried > 100);
  // The module is whole afterwards: a check and a fold still work.
  assert.equal(checkCard("{}").uiLinks, "absent");
  assert.equal(fresh().store.report().applied, 2);
  // The ones the binding types as strings say so.
  assert.throws(() => checkCard("{}", {}), /fetchedFrom must be a string/);
  assert.throws(() => fresh().store.edit({}, "/x", 1), /surfaceId must be a string/);
  assert.throws(() => fresh().store.action("s", "root", 5), /timestamp must be a string/);
  assert.throws(() => fresh().task.userMessage(7), /text must be a string/);
});

test("a bad option is a usage error that changes nothing", () => {
  const { A2aTask } = pkg;
  const card = { name: "t", url: "https://agent.example/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC", capabilities: {} };
  const task = new A2aTask(card);
  task.store.applyEnvelopes([
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
    { version: "v0.9", updateComponents: { surfaceId: "s", components: [
      { id: "root", component: "Button", child: "t", action: { event: { name: "go" } } },
      { id: "t", component: "Text", text: "Go" },
    ] } },
    { version: "v0.9", updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Nope" }] } },
  ]);
  const click = task.store.action("s", "root", "2026-01-01T00:00:00Z");
  assert.equal(click.ok, true);
  // The shape is checked before the attempt begins: the Button is not left running.
  assert.throws(() => task.actionMessage(click.message, { shape: "xml" }), /shape/);
  assert.throws(() => task.actionMessage(click.message, { shape: 5 }), /shape/);
  assert.throws(() => task.actionMessage(click.message, { messageId: "" }), /messageId/);
  assert.equal(task.actionMessage(click.message).ok, true);
  // Nor are refusals counted as reported when the report could not be built.
  assert.throws(() => task.reportRefusals({ shape: "xml" }), /shape/);
  assert.notEqual(task.reportRefusals(), null);
  assert.equal(task.reportRefusals(), null);
  // Options of the wrong type are refused, not read as absent.
  assert.throws(() => new SurfaceStore(42), /options must be an object/);
  assert.throws(() => new SurfaceStore({ locale: 5 }), /locale must be a string/);
  assert.throws(() => new A2aTask(card, { protocolVersion: 1 }), /protocolVersion must be a string/);
  assert.throws(() => new SurfaceStore().applyPart({ kind: "data", data: {} }, { advertised: "yes" }), /advertised must be true or false/);
  assert.throws(() => new SurfaceStore().applyEnvelopes("[]", { contextId: 7 }), /contextId must be a string/);
  assert.throws(() => checkCard("{}", null, "limits"), /options must be an object/);
  // allowedHosts is an array of host names; data JSON.stringify refuses is said so, as for
  // every other option.
  assert.throws(() => new SurfaceStore({ allowedHosts: "cdn.example" }), /allowedHosts must be an array of host names/);
  assert.throws(() => new SurfaceStore({ allowedHosts: ["cdn.example", 1] }), /allowedHosts must be an array of host names/);
  assert.throws(() => new SurfaceStore({ allowedHosts: [10n] }), /allowedHosts cannot be turned into JSON/);
  assert.throws(() => new SurfaceStore({ limits: { envelopes: 10n } }), /limits cannot be turned into JSON/);
  assert.throws(() => new SurfaceStore({ limits: { envelopes: 1.5 } }), /bad limits/);
  new SurfaceStore({ allowedHosts: ["CDN.example"], limits: { envelopes: 5 } }).free();
  const trap = new Proxy({}, { get() { throw new Error("no"); } });
  assert.throws(() => new SurfaceStore(trap), /could not be read/);
});

test("text the engine keeps as UTF-16 is copied as units in Node and folds as through TextEncoder", async () => {
  // In Node a string of 1,024 units or more that V8 keeps as UTF-16 (one with a character
  // past U+00FF, or cut from one) is copied into wasm memory as its UTF-16 units
  // (Buffer#write, "utf16le") and converted there, with the first bidi control noted on the
  // way. An instance with no node:buffer takes TextEncoder for every string: both must fold
  // every text to the same report.
  const fresh = async (tag) => {
    const m = await import(`${pathToFileURL(path.join(PKG, "agent_surfaces.js"))}?units=${tag}`);
    m.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
    return m;
  };
  const write = Buffer.prototype.write;
  let copies = 0;
  const counting = function (...args) {
    if (args[2] === "utf16le") copies++;
    return write.apply(this, args);
  };
  Buffer.prototype.write = counting;
  const units = await fresh("units");
  const unitsStore = new units.SurfaceStore(); // the encoder is taken at first use
  try {
    unitsStore.applyEnvelopes("[]");
  } finally {
    Buffer.prototype.write = write;
  }
  const builtin = process.getBuiltinModule;
  process.getBuiltinModule = undefined;
  const encoder = await fresh("encoder");
  const encoderStore = new encoder.SurfaceStore();
  try {
    encoderStore.applyEnvelopes("[]");
  } finally {
    process.getBuiltinModule = builtin;
  }
  // How V8 keeps a string: its serializer writes a slice of it as the string is kept (as
  // the package tells; JavaScript cannot ask).
  const kept = (s) => (v8.serialize(s.slice(0, 64)).length > 96 ? "UTF-16" : "a byte a character");
  let seed = 0x16;
  const below = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % n;
  // Mostly strings with no escape: the reader takes the conversion's note of where the
  // first bidi control is for those (a string with an escape is searched as it is read).
  const pieces = ["plain words ", "東京", "Москва", "“q”", "—", "😀", "é", "\u202e", "\u2067", "\u061c", "\ud800", "\udc00"];
  const piece = () => (below(40) === 0 ? "\\ and \n" : pieces[below(pieces.length)]);
  let wide = 0;
  for (let round = 0; round < 150; round++) {
    const latin = round % 10 === 0; // kept a byte a character: TextEncoder's, in both
    const line = () => Array.from({ length: 1 + below(12) }, () => (latin ? "café " : piece())).join("");
    const msgs = [{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } }];
    for (let k = 0; k < 1 + below(5); k++) {
      // Values of up to 60 strings: a value clean of bidi controls is kept as read when its
      // tape passes 256 bytes, and admission never walks it; one the conversion failed to
      // note would go unsaid.
      msgs.push({ version: "v0.9", updateDataModel: { surfaceId: "s", path: `/v${k}`, value: { t: Array.from({ length: 1 + below(60) }, line) } } });
    }
    // Raw characters, not escapes: JSON.stringify leaves lone surrogates escaped, so they
    // are put back raw (TextEncoder writes them as U+FFFD, and so must the conversion).
    let text = round % 4 === 0 ? msgs.map((m) => JSON.stringify(m)).join("\n") : JSON.stringify(msgs);
    text = text.replace(/\\u(d[89ab][0-9a-f]{2}|dc00)/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    if (round % 3 === 0) text = "\ufeff" + text;
    if (!latin && /[^\u0000-\u00ff]/.test(text)) wide++;
    const before = copies;
    const a = new units.SurfaceStore();
    const b = new encoder.SurfaceStore();
    assert.equal(a.applyEnvelopes(text), b.applyEnvelopes(text));
    assert.deepEqual(a.report(), b.report(), text);
    // Copied as units when long enough and kept as UTF-16: a Latin-1 text is not, unless a
    // byte-order mark (U+FEFF) was put before it.
    const copied = text.length >= 1024 && kept(text) === "UTF-16" ? 1 : 0;
    assert.equal(copies - before, copied, `a text kept ${kept(text)}, of ${text.length} units`);
    if (latin && round % 3 !== 0) assert.equal(copied, 0, "a Latin-1 text goes through TextEncoder");
  }
  assert.ok(wide > 100 && copies > 100, `${copies} of ${wide} texts past U+00FF were copied as units`);
  // Only a text of 1,024 units or more is looked at: on a shorter one the look (a call out of
  // wasm to V8's serializer, or 32 calls for its characters) costs more than the copy saves.
  const head = `[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CAT}"}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/t","value":"`;
  const tail = `"}}]`;
  for (const [length, copied] of [[1023, 0], [1024, 1]]) {
    const text = head + "東".repeat(length - head.length - tail.length) + tail;
    assert.equal(text.length, length);
    const before = copies;
    const a = new units.SurfaceStore();
    const b = new encoder.SurfaceStore();
    assert.equal(a.applyEnvelopes(text), 2);
    assert.equal(b.applyEnvelopes(text), 2);
    assert.deepEqual(a.report(), b.report());
    assert.equal(copies - before, copied, `a text of ${length} units`);
  }
  // A text all ASCII that the engine keeps as UTF-16 (cut from one that was not, as an SSE
  // event's data is cut from a chunk with an emoji in it): V8 writes its UTF-8 a character
  // at a time, so it is copied as units too. No look at its characters can tell; V8's
  // serializer writes a string as it is kept (how the package tells), and so does this test.
  const probe = [{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } }];
  probe.push({ version: "v0.9", updateDataModel: { surfaceId: "s", path: "/t", value: Array.from({ length: 300 }, (_, i) => `line ${i}: caf\\u00e9 \\ud83d\\ude00`) } });
  const ascii = JSON.stringify(probe).replaceAll("\\\\", "\\");
  const narrow = Buffer.from(ascii, "latin1").toString("latin1");
  const wide16 = ("\u{1F600}" + ascii).slice(2);
  assert.ok(/^[\x00-\x7f]+$/.test(ascii) && ascii.length > 1024 && wide16 === narrow);
  assert.deepEqual([kept(narrow), kept(wide16)], ["a byte a character", "UTF-16"]);
  const folds = [];
  for (const [text, copied] of [[narrow, 0], [wide16, 1]]) {
    const before = copies;
    const a = new units.SurfaceStore();
    assert.equal(a.applyEnvelopes(text), 2);
    assert.equal(copies - before, copied, `a text ASCII and kept ${kept(text)}`);
    folds.push(a.report());
  }
  assert.deepEqual(folds[1], folds[0]);
  assert.equal(folds[0].surfaces[0].dataModel.t[299], "line 299: café 😀");
  // With no serializer to ask, a text is taken as UTF-16 when one of 32 characters looked
  // at is past U+00FF: the ASCII one is not, then, and one of 東 is.
  process.getBuiltinModule = (name) => (name === "node:v8" ? undefined : builtin.call(process, name));
  Buffer.prototype.write = counting;
  const sampled = await fresh("sampled");
  try {
    new sampled.SurfaceStore().applyEnvelopes("[]");
  } finally {
    process.getBuiltinModule = builtin;
    Buffer.prototype.write = write;
  }
  const east = head + "東".repeat(2000) + tail;
  for (const [text, copied] of [[wide16, 0], [east, 1]]) {
    const before = copies;
    const a = new sampled.SurfaceStore();
    const b = new encoder.SurfaceStore();
    assert.equal(a.applyEnvelopes(text), 2);
    assert.equal(b.applyEnvelopes(text), 2);
    assert.equal(copies - before, copied, `with no serializer, a text kept ${kept(text)}`);
    assert.deepEqual(a.report(), b.report());
  }
});

test("in Node, a long text within Latin-1 is copied by Buffer#latin1Write and converted in wasm", async () => {
  // Node's utf8Write writes a string's UTF-8 a character at a time from its first character
  // past ASCII on; a string of 1,024 characters or more, none past U+00FF, is copied by
  // latin1Write instead and converted in wasm. Whether one is past U+00FF is asked of
  // the host's RegExp#exec: latin1Write would write such a character's low byte. Every text must fold
  // to the report an instance with no node:buffer (TextEncoder for every string) gives.
  const fresh = async (tag, hide = () => false) => {
    const m = await import(`${pathToFileURL(path.join(PKG, "agent_surfaces.js"))}?latin1=${tag}`);
    m.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
    const builtin = process.getBuiltinModule;
    process.getBuiltinModule = (name) => (hide(name) ? undefined : builtin.call(process, name));
    try {
      new m.SurfaceStore().applyEnvelopes("[]"); // the host's functions are taken at first use
    } finally {
      process.getBuiltinModule = builtin;
    }
    return m;
  };
  // A counting latin1Write, passed off as the native one (the package takes only that).
  const proto = Buffer.prototype;
  const native = proto.latin1Write;
  let copies = 0;
  const counting = {
    latin1Write(...args) {
      copies++;
      return native.apply(this, args);
    },
  }.latin1Write;
  counting.toString = () => "function latin1Write() { [native code] }";
  proto.latin1Write = counting;
  let latin1, sampled;
  try {
    latin1 = await fresh("counted");
    // With no serializer to ask how V8 keeps a string, 32 characters are looked at: a text
    // past U+00FF between them then reaches the Latin-1 copy, and RegExp#exec must stop it.
    sampled = await fresh("sampled", (name) => name === "node:v8");
  } finally {
    proto.latin1Write = native;
  }
  const encoder = await fresh("encoder", () => true);
  const same = (m, text, copied, why) => {
    const before = copies;
    const a = new m.SurfaceStore({ limits: { partBytes: 1e8, dataModelBytes: 1e8 } });
    const b = new encoder.SurfaceStore({ limits: { partBytes: 1e8, dataModelBytes: 1e8 } });
    assert.equal(a.applyEnvelopes(text), b.applyEnvelopes(text), why);
    assert.deepEqual(a.report(), b.report(), why);
    assert.equal(copies - before, copied, `${why}: copies`);
    return a.report();
  };
  const head = `[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CAT}"}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/t","value":`;
  const tail = `}}]`;
  const text = (value) => head + JSON.stringify(value) + tail;
  // At the length from which texts are copied, and one short of it.
  for (const [length, copied] of [[1023, 0], [1024, 1]]) {
    const t = head + '"' + "é".repeat(length - head.length - tail.length - 2) + '"' + tail;
    assert.equal(t.length, length);
    same(latin1, t, copied, `a text of ${length} characters`);
  }
  // All ASCII (its start needs no conversion), one "é" first (the rest is converted), one
  // last, and every character from U+0001 to U+00FF, in each place of blocks of 16 and 64.
  const ascii = Array.from({ length: 400 }, (_, i) => `line ${i}: plain words`);
  const report = same(latin1, text(ascii), 1, "ASCII");
  assert.equal(report.surfaces[0].dataModel.t[399], "line 399: plain words");
  same(latin1, text(["é", ...ascii]), 1, "one é first");
  same(latin1, text([...ascii, "ÿ"]), 1, "one ÿ last");
  const all = Array.from({ length: 255 }, (_, i) => String.fromCharCode(i + 1)).join("");
  for (let shift = 0; shift < 64; shift += 7) {
    const r = same(latin1, text([" ".repeat(shift) + all.repeat(5)]), 1, `every character, shifted ${shift}`);
    assert.equal(r.surfaces[0].dataModel.t[0], " ".repeat(shift) + all.repeat(5));
  }
  // Random texts of Latin-1 letters, symbols, spaces and controls (escaped by JSON).
  let seed = 0x1a7;
  const below = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % n;
  for (let round = 0; round < 40; round++) {
    const words = Array.from({ length: 50 + below(400) }, () =>
      Array.from({ length: 1 + below(12) }, () => String.fromCharCode(below(4) === 0 ? 0x80 + below(128) : 0x20 + below(95))).join(""),
    );
    same(latin1, text(words), 1, `random Latin-1, round ${round}`);
  }
  // Past U+00FF: V8 keeps such a text as UTF-16, so the serializer sends it to the units copy.
  same(latin1, text([...ascii, "ƀ"]), 0, "ƀ kept as UTF-16");
  // Sampled instead, "ƀ" (whose low byte, 0x80, latin1Write would write) between the
  // characters looked at: RegExp#exec stops the copy, and utf8Write writes the text.
  const past = text(ascii).replace("line 7:", "line ƀ:");
  const step = Math.floor(past.length / 32);
  const looked = Array.from({ length: 32 }, (_, k) => k * step + Math.floor(step / 2));
  assert.ok(!looked.includes(past.indexOf("ƀ")), "ƀ is not among the characters looked at");
  const r = same(sampled, past, 0, "ƀ unsampled");
  assert.equal(r.surfaces[0].dataModel.t[7], "line ƀ: plain words");
  // The exec taken at first use answers, not one a page puts in place later (RegExp#test
  // would call that one).
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = () => null;
  let lied;
  try {
    const a = new sampled.SurfaceStore();
    a.applyEnvelopes(past);
    lied = a.report().surfaces[0].dataModel.t[7];
  } finally {
    RegExp.prototype.exec = exec;
  }
  assert.equal(lied, "line ƀ: plain words");
  same(sampled, text(["é", ...ascii]), 1, "sampled, within Latin-1");
});

test("text from a TextEncoder that is not the engine's is checked before the core reads it", async () => {
  // A fresh instance of the module (its encoder is taken at first use), under a page whose
  // TextEncoder.prototype.encodeInto was replaced: by one that writes bytes that are no
  // UTF-8, by one that writes good UTF-8, and by a wrapper of the native one. (Node's own
  // encodeInto is JavaScript, so in Node every encoder's output is checked: by Node's
  // buffer.isUtf8, or in wasm without it.) Node's native Buffer#utf8Write, which the
  // package takes before any encodeInto, is wrapped here, so it is not taken.
  const proto = TextEncoder.prototype;
  const native = proto.encodeInto;
  const utf8Write = Buffer.prototype.utf8Write;
  Buffer.prototype.utf8Write = function utf8Write(...args) {
    return utf8Write.apply(this, args);
  };
  const fresh = async (tag) => {
    const m = await import(`${pathToFileURL(path.join(PKG, "agent_surfaces.js"))}?encoder=${tag}`);
    m.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
    return m;
  };
  const text = JSON.stringify([{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } }]);
  try {
    proto.encodeInto = function encodeInto(source, dest) {
      const r = native.call(this, source, dest);
      dest[r.written - 3] = 0xff; // inside the last string: `"…\xff"}}]`
      return r;
    };
    const bad = await fresh("bad");
    assert.throws(() => new bad.SurfaceStore().applyEnvelopes(text), /the input is not text/);
    // Checked in wasm where the host has no isUtf8 of its own to check it with.
    const builtin = process.getBuiltinModule;
    process.getBuiltinModule = undefined;
    try {
      const alone = await fresh("alone");
      assert.throws(() => new alone.SurfaceStore().applyEnvelopes(text), /the input is not text/);
    } finally {
      process.getBuiltinModule = builtin;
    }
    proto.encodeInto = function encodeInto(source, dest) {
      return native.call(this, source, dest);
    };
    const good = await fresh("good");
    assert.equal(new good.SurfaceStore().applyEnvelopes(text), 1);
    proto.encodeInto = (() => {
      const b = native;
      return function (source, dest) {
        const r = b.call(this, source, dest);
        dest[0] = 0xc3; // a lead byte with no continuation: `\xc3{…`
        return r;
      };
    })();
    const wrapped = await fresh("wrapped");
    assert.throws(() => new wrapped.SurfaceStore().applyEnvelopes(text), /the input is not text/);
    // The encodeInto an instance checked at its first use is the one it calls: one put in
    // its place later is never called.
    proto.encodeInto = native;
    const first = await fresh("first");
    assert.equal(new first.SurfaceStore().applyEnvelopes(text), 1);
    let calls = 0;
    proto.encodeInto = function encodeInto(source, dest) {
      calls++;
      const r = native.call(this, source, dest);
      dest[0] = 0xff;
      return r;
    };
    assert.equal(new first.SurfaceStore().applyEnvelopes(text), 1);
    assert.equal(calls, 0);
  } finally {
    proto.encodeInto = native;
    Buffer.prototype.utf8Write = utf8Write;
  }
  // The engine's own encoder: text with every width of character, and a raw lone surrogate
  // (not an escape: the engine writes it as U+FFFD).
  const mixed = `[{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"${CAT}"}},` +
    `{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/t","value":"aé—日😀\ud800z"}}]`;
  const s = new SurfaceStore();
  assert.equal(s.applyEnvelopes(mixed), 2);
  assert.equal(s.report().surfaces[0].dataModel.t, "aé—日😀\ufffdz");
});

test("in Node, text is written by the native Buffer#utf8Write there at first use, or not by it", async () => {
  // utf8Write writes well-formed UTF-8 (a lone surrogate as U+FFFD) into a view of the whole
  // wasm memory made once, so its output is not checked again: only the engine's own is
  // taken, and only the one there when the instance first folds.
  const fresh = async (tag) => {
    const m = await import(`${pathToFileURL(path.join(PKG, "agent_surfaces.js"))}?utf8=${tag}`);
    m.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
    return m;
  };
  const proto = Buffer.prototype;
  const native = proto.utf8Write;
  const text = JSON.stringify([{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } }]);
  let calls = 0;
  // Where this Node's utf8Write is native code (Node 20 and 22), it is what writes, and
  // TextEncoder is never called; where it is JavaScript, TextEncoder writes and is checked.
  const encodeInto = TextEncoder.prototype.encodeInto;
  let encoded = 0;
  TextEncoder.prototype.encodeInto = function (...args) {
    encoded++;
    return encodeInto.apply(this, args);
  };
  try {
    const first = await fresh("first");
    const store = new first.SurfaceStore();
    assert.equal(store.applyEnvelopes(text), 1);
    const isNative = Function.prototype.toString.call(native).includes("[native code]");
    assert.equal(encoded, isNative ? 0 : 1, `utf8Write is ${isNative ? "" : "not "}native code here`);
    TextEncoder.prototype.encodeInto = encodeInto;
    // Put in its place later, never called: the one taken at first use is.
    proto.utf8Write = function utf8Write(source, offset, length) {
      calls++;
      const n = native.call(this, source, offset, length);
      this[offset] = 0xff;
      return n;
    };
    assert.equal(new first.SurfaceStore().applyEnvelopes(text), 1);
    assert.equal(calls, 0);
    // In place at first use, a wrapper (not native code) is never taken: what it writes
    // would be trusted as UTF-8. Text goes through TextEncoder and its check instead.
    const wrapped = await fresh("wrapped");
    assert.equal(new wrapped.SurfaceStore().applyEnvelopes(text), 1);
    assert.equal(calls, 0);
    proto.utf8Write = native.bind(undefined);
    const bound = await fresh("bound");
    assert.equal(new bound.SurfaceStore().applyEnvelopes(text), 1);
  } finally {
    proto.utf8Write = native;
    TextEncoder.prototype.encodeInto = encodeInto;
  }
  // Every width of character, a raw lone surrogate of each kind, and text past the memory
  // the instance had at first use (a view made once must be made again when it grows).
  const fold = (value) => {
    const s = new SurfaceStore({ limits: { partBytes: 1e9, dataModelBytes: 1e9 } });
    const t = `[{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"${CAT}"}},` +
      `{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/t","value":"${value}"}}]`;
    assert.equal(s.applyEnvelopes(t), 2);
    return s.report().surfaces[0].dataModel.t;
  };
  assert.equal(fold("aé—日😀\ud800z\udc00"), "aé—日😀\ufffdz\ufffd");
  const before = exports.memory.buffer.byteLength;
  const big = "é".repeat(Math.ceil(before / 2) + 1_000_000);
  assert.equal(fold(big), big);
  assert.ok(exports.memory.buffer.byteLength > before, "the memory grew");
  assert.equal(fold("after"), "after");
  // A buffer the host detached without growing the memory.
  exports.memory.grow(0);
  assert.equal(fold("after grow(0)"), "after grow(0)");
});

test("a part, parsed or as text, folds as its data's text does, wherever its media type is", () => {
  // A part's data is read as the text JSON.stringify makes of it (the reader a stream's
  // text goes through); the core holds that to the walk of the parsed part
  // (a_part_given_as_text_folds_as_the_parsed_part). Here: the media type is the first
  // string at metadata.mimeType, mimeType, mediaType, metadata.mediaType; a part given as
  // text, parsed, or with its own toJSON comes to the same report; and that report is the
  // one its data's text makes, for every official example, keys as written and sorted.
  const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
  const dir = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");
  const sorted = (v) => Array.isArray(v) ? v.map(sorted)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
  const datas = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).messages);
  datas.push(...datas.slice(0, 6).map(sorted), { messages: datas[0] }, datas[1][0], "not an envelope", [1, null, {}], []);
  const A2UI = ["application/a2ui+json", "application/json+a2ui"];
  const where = [
    [(d, m) => ({ kind: "data", data: d, metadata: { mimeType: m } }), (m) => m],
    [(d, m) => ({ data: d, mediaType: m }), (m) => m],
    [(d, m) => ({ data: d, mimeType: m, metadata: { mimeType: "text/plain" } }), () => "text/plain"],
    [(d, m) => ({ data: d, mediaType: m, metadata: { mimeType: 7, mediaType: "text/plain" } }), (m) => m],
    [(d, m) => ({ data: d, metadata: { mediaType: m } }), (m) => m],
    [(d, m) => ({ data: d, metadata: [m] }), () => null],
  ];
  class Sent {
    constructor(part) { this.part = part; }
    toJSON() { return this.part; }
  }
  let folded = 0;
  for (const [i, data] of datas.entries()) {
    const expected = new SurfaceStore();
    const read = expected.applyEnvelopes(JSON.stringify(data));
    for (const [j, [make, found]] of where.entries()) {
      for (const [media, advertised] of [[A2UI[0], true], [A2UI[1], true], ["application/json", true], [A2UI[0], false]]) {
        const part = make(data, media);
        const label = `data ${i}, media type at ${j}, ${media}, advertised ${advertised}`;
        const a2ui = advertised && A2UI.includes(found(media));
        for (const given of [part, JSON.stringify(part), new Sent(part)]) {
          const s = new SurfaceStore();
          assert.deepEqual(s.applyPart(given, { advertised }), { a2ui, envelopes: a2ui ? read : 0 }, label);
          assert.deepEqual(s.report(), a2ui ? expected.report() : new SurfaceStore().report(), label);
        }
        if (a2ui && expected.report().applied > 0) folded++;
      }
    }
  }
  assert.ok(folded > 100, `${folded} parts folded`);
  // Not a data part, no data, not JSON; data that cannot be made JSON, and a getter that
  // throws where the media type is looked for, are usage errors (as JSON.stringify of the
  // part would have been).
  const opts = { advertised: true };
  const s = new SurfaceStore();
  const meta = { mimeType: A2UI[0] };
  assert.deepEqual(s.applyPart({ kind: "text", text: "hi" }, opts), { a2ui: false, envelopes: 0 });
  assert.deepEqual(s.applyPart({ metadata: meta }, opts), { a2ui: false, envelopes: 0 });
  assert.deepEqual(s.applyPart(7, opts), { a2ui: false, envelopes: 0 });
  assert.throws(() => s.applyPart("{", opts), /the part is not JSON/);
  assert.throws(() => s.applyPart({ metadata: meta, data: [10n] }, opts), /cannot be turned into JSON/);
  assert.throws(() => s.applyPart({ metadata: meta, get data() { throw new Error("no"); } }, opts), /cannot be turned into JSON/);
  assert.throws(() => s.applyPart({ get metadata() { throw new Error("no"); } }, opts), /cannot be turned into JSON/);
  // Text an agent wrote that JSON.parse reads and serde_json does not (a lone surrogate
  // escaped): its envelope is refused, and the rest of the part folds.
  // Data JSON.stringify leaves out is no data, as when the whole part was stringified.
  assert.deepEqual(s.applyPart({ metadata: meta, data: () => 1 }, opts), { a2ui: false, envelopes: 0 });
  // partBytes: the data's text at the limit is read; past it, it is refused, and data
  // longer than the limit in UTF-16 units is refused before it is copied into wasm memory.
  const one = Buffer.byteLength(JSON.stringify(datas[0])); // UTF-8 bytes
  for (const [limit, envelopes] of [[one, datas[0].length], [one - 1, 0]]) {
    const t = new SurfaceStore({ limits: { partBytes: limit } });
    assert.deepEqual(t.applyPart({ metadata: meta, data: datas[0] }, opts), { a2ui: true, envelopes }, `${limit}`);
    assert.deepEqual(t.report().findings.map((f) => f.code), envelopes ? [] : ["part-too-large"]);
  }
  const huge = { metadata: meta, data: [{ version: "v0.9", updateDataModel: { surfaceId: "s", path: "/a", value: "x".repeat(64 << 20) } }] };
  const h = new SurfaceStore();
  const before = exports.memory.buffer.byteLength;
  assert.deepEqual(h.applyPart(huge, opts), { a2ui: true, envelopes: 0 });
  assert.match(h.report().findings[0].message, /at least \d+ bytes/);
  assert.equal(exports.memory.buffer.byteLength, before, "the refused data was not copied");
  const sid = datas[0][0].createSurface.surfaceId;
  const lone = (value) => `{"metadata":{"mimeType":"${A2UI[0]}"},"data":[${JSON.stringify(datas[0][0])},` +
    `{"version":"v0.9","updateDataModel":{"surfaceId":"${sid}","path":"/a","value":"${value}"}}]}`;
  for (const [value, applied] of [["ok", 2], ["\\ud800", 1]]) {
    const l = new SurfaceStore();
    assert.deepEqual(l.applyPart(lone(value), opts), { a2ui: true, envelopes: 2 });
    assert.equal(l.report().applied, applied, value);
  }
});

test("A2aTask keeps at most its findings limit of events it cannot read", () => {
  // Each unreadable event is a finding; a stream of them is not a report that grows.
  const { A2aTask } = pkg;
  const card = { name: "t", url: "https://agent.example/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC", capabilities: {} };
  const task = new A2aTask(card);
  for (let i = 0; i < 499; i++) assert.equal(task.ingest("not json").read, false);
  assert.equal(task.view().findings.length, 499);
  task.ingest("not json");
  assert.equal(task.view().findings.length, 500, "at the limit");
  task.ingest("not json");
  // One past it: the 500 kept, and one that counts the rest.
  const past = task.view().findings;
  assert.equal(past.length, 501, "one past it");
  assert.deepEqual([past[499].code, past[500].code], ["a2a-not-json", "findings-truncated"]);
  assert.match(past[500].message, /^1 more findings/);
  for (let i = 0; i < 1000; i++) task.ingest("not json");
  assert.equal(task.view().findings.length, 501, "however many more");
  task.free();
});

test("A2aTask.ingest folds a part's data as its text does, in every shape a client gives", () => {
  // The event's JSON is read with each part's data kept as its text, which goes to the
  // reader `applyEnvelopes` uses: the same report for every official example, as
  // @a2a-js/sdk's objects, v1.0 JSON and v0.3 JSON, with keys as written and sorted.
  const { A2aTask } = pkg;
  const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
  const dir = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");
  const sorted = (v) => Array.isArray(v) ? v.map(sorted)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().reverse().map((k) => [k, sorted(v[k])])) : v;
  const datas = fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).messages);
  assert.equal(datas.length, 36);
  const card = { name: "t", url: "https://agent.example/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC",
    capabilities: { extensions: [{ uri: "https://a2ui.org/a2a-extension/a2ui/v0.9" }] } };
  const M = "application/json+a2ui";
  const shapes = {
    sdk: (d) => ({ payload: { $case: "message", value: { messageId: "m", role: 2, parts: [{ content: { $case: "data", value: d }, mediaType: M }] } } }),
    "v1.0": (d) => ({ message: { messageId: "m", role: "ROLE_AGENT", parts: [{ data: d, mediaType: M }] } }),
    "v0.3": (d) => ({ kind: "message", messageId: "m", role: "agent", parts: [{ kind: "data", data: d, metadata: { mimeType: M } }] }),
  };
  for (const [i, data] of [...datas, ...datas.map(sorted)].entries()) {
    const expected = new SurfaceStore();
    const envelopes = expected.applyEnvelopes(JSON.stringify(data));
    assert.ok(envelopes > 0);
    for (const [name, shape] of Object.entries(shapes)) {
      // As an object, and as the JSON text a client reading the stream has (spaced too).
      for (const given of [shape(data), JSON.stringify(shape(data)), JSON.stringify(shape(data), null, 2)]) {
        const label = `${i} ${name} ${typeof given}`;
        const task = new A2aTask(card);
        assert.deepEqual(task.ingest(given), { read: true }, label);
        assert.deepEqual(task.store.report(), expected.report(), label);
        assert.deepEqual(task.view().turns[0].parts, [{ kind: "interface", envelopes }], label);
        task.free();
      }
    }
  }
  // Data that is not A2UI is shown as the values sent, whatever they are.
  for (const d of ["text", 1.5, null, { data: { parts: [{ data: 1 }] } }, [[[]]]]) {
    for (const [name, shape] of Object.entries(shapes)) {
      const task = new A2aTask(card);
      const event = JSON.parse(JSON.stringify(shape(d)).replaceAll(M, "application/json"));
      assert.deepEqual(task.ingest(event), { read: true }, name);
      assert.deepEqual(task.view().turns[0].parts, [{ kind: "data", mediaType: "application/json", data: d }], `${JSON.stringify(d)} ${name}`);
      task.free();
    }
  }
  // A lone surrogate in the agent's data refuses its envelope, not the event.
  const sid = datas[0][0].createSurface.surfaceId;
  const lone = [datas[0][0], { version: "v0.9", updateDataModel: { surfaceId: sid, path: "/a", value: "\ud800" } }];
  for (const [name, shape] of Object.entries(shapes)) {
    const task = new A2aTask(card);
    assert.deepEqual(task.ingest(shape(lone)), { read: true }, name);
    assert.equal(task.store.report().applied, 1, name);
    assert.deepEqual(task.store.report().findings.map((f) => f.code), ["string-lone-surrogate"], name);
    task.free();
  }
  // An event as text: at the limit (1,100,000 bytes) it is read; past it, it is refused,
  // and a string past it in UTF-16 units is refused before it is copied into wasm memory.
  const near = { kind: "message", messageId: "n", role: "agent", parts: [{ kind: "text", text: "" }] };
  near.parts[0].text = "y".repeat(1_100_000 - JSON.stringify(near).length);
  const at = JSON.stringify(near);
  assert.equal(at.length, 1_100_000);
  const t = new A2aTask(card);
  assert.deepEqual(t.ingest(at), { read: true });
  assert.equal(t.view().turns[0].parts[0].text.length, near.parts[0].text.length);
  const past = t.ingest(at.replace('"n"', '"nn"'));
  assert.equal(past.finding.code, "a2a-stream-event-too-large");
  assert.match(past.finding.message, /at least 1100001 bytes/);
  // Within the limit in UTF-16 units, past it in UTF-8 bytes: refused as the object is.
  const wide = { ...near, messageId: "w", parts: [{ kind: "text", text: "中".repeat(400_000) }] };
  for (const given of [wide, JSON.stringify(wide)]) {
    const r = t.ingest(given);
    assert.equal(r.finding.code, "a2a-stream-event-too-large", typeof given);
    assert.match(r.finding.message, /^An event of 1200\d{3} bytes/, typeof given);
  }
  const before = exports.memory.buffer.byteLength;
  assert.equal(t.ingest("x".repeat(64 << 20)).finding.code, "a2a-stream-event-too-large");
  assert.equal(exports.memory.buffer.byteLength, before, "the refused text was not copied");
  // 90,000 tiny parts within the byte limit: refused by the count of their values before any
  // is built (built, they took about 50 MB of wasm memory), as text and as an object.
  const tiny = `{"kind":"message","messageId":"t","role":"agent","parts":[${Array(90_000).fill('{"data":0}').join(",")}]}`;
  assert.ok(tiny.length < 1_100_000);
  for (const given of [tiny, JSON.parse(tiny)]) {
    const r = t.ingest(given);
    assert.equal(r.finding.code, "a2a-stream-event-too-large", typeof given);
    assert.match(r.finding.message, /more than 32768 JSON values/, typeof given);
  }
  // In a fresh instance: the refused event builds nothing (the 1 MB text is copied in), nor
  // does a data part of too many values, refused alone, nor one within the count until a
  // view shows it.
  const task = `const c = { supportedInterfaces: [{ url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }] };
    const task = new pkg.A2aTask(c);`;
  const part = (n) => `task.ingest(JSON.stringify({ kind: "message", messageId: "d", role: "agent",
    parts: [{ kind: "data", data: Array(${n}).fill({ a: 0 }), metadata: { mimeType: "application/json" } }] }));`;
  for (const [what, grown] of [
    ["tiny parts", freshGrowth(`${task} task.ingest(\`{"kind":"message","messageId":"t","role":"agent","parts":[\${Array(90_000).fill('{"data":0}').join(",")}]}\`);`)],
    ["a data part of too many values", freshGrowth(`${task} ${part(130_000)}`)],
  ]) {
    // The 1 MB text is copied in and kept (up to 5 MB); built, its values took some 50 MB.
    assert.ok(grown < 8 * MB, `${what}: ${grown} bytes grown`);
  }
  // One within the count is checked with nothing built (0.7 MB: its text, kept), and a view
  // hands JavaScript that text to parse, building nothing either (it built 7.6 MB of values
  // before). The measure sees values built: the same rows read back from a store.
  assert.ok(freshGrowth(`${task} ${part(16_000)}`) < 2 * MB, "a part within the count is not built to be kept");
  assert.ok(freshGrowth(`${task} ${part(16_000)} task.view();`) < 2 * MB, "a view builds no part");
  const store = `const s = new pkg.SurfaceStore({ limits: { dataModelBytes: 1 << 20 } });
    s.applyEnvelopes([{ version: "v0.9", createSurface: { surfaceId: "s", catalogId: "${CAT}", sendDataModel: true } },
      { version: "v0.9", updateDataModel: { surfaceId: "s", value: { rows: Array(16000).fill({ a: 0 }) } } }]);`;
  assert.ok(freshGrowth(`${store} s.clientDataModel();`) - freshGrowth(store) > 4 * MB, "the measure sees values built");
  // Eight parts each within the count (1 MB in all), read and viewed (a view that built all
  // eight at once took some 50 MB).
  const eight = `task.ingest(JSON.stringify({ kind: "message", messageId: "e", role: "agent",
    parts: Array.from({ length: 8 }, () => ({ kind: "data", data: Array(16_000).fill({ a: 0 }), metadata: { mimeType: "application/json" } })) }));`;
  const viewed = freshGrowth(`${task} ${eight} const seen = task.view();
    if (seen.turns[0].parts.length !== 8 || seen.turns[0].parts[7].data.length !== 16_000) throw new Error("not shown");`);
  assert.ok(viewed < 16 * MB, `eight parts viewed: ${viewed} bytes grown`);
  // An object past the event limit is refused before its text is copied in.
  const big = freshGrowth(`${task}
    const r = task.ingest({ kind: "message", messageId: "b", role: "agent", parts: [{ kind: "text", text: "x".repeat(64 << 20) }] });
    if (r.finding.code !== "a2a-stream-event-too-large") throw new Error(JSON.stringify(r));`);
  assert.ok(big < MB, `a 64 MB object: ${big} bytes grown`);
  // Text that is not JSON, or JSON that is no event, is a finding, never a throw.
  assert.equal(t.ingest("{").finding.code, "a2a-not-json");
  assert.equal(t.ingest('"text"').finding.code, "a2a-response-invalid");
});
