// A front end that brings its own A2A client: the official JavaScript SDK (@a2a-js/sdk 1.3.0,
// which speaks v1.0 and reaches v0.3 agents through its compat transport) drives the fixture
// agent on loopback, and the package's A2aTask folds what the SDK returns into the task's turns
// and surfaces and builds the messages to send (the A2UI extension activated, the action on
// the same task with its idempotency key, the confirmation answer). Also: README.md's snippet
// for it, run as written against the packed package.
//
// `RECORD_A2A_JS=1` writes what the SDK returned in the booking run to
// tests/fixtures/a2a-js/booking.json (each exchange's events, then getTask's answer), which crates/surfaces-a2a/tests/a2a_sdk.rs reads.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { execFileSync, spawn } from "node:child_process";
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, DefaultAgentCardResolver } from "@a2a-js/sdk/client";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";
import { installPackage, readmeBlock } from "./lib/installed-package.mjs";

const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg-headless");
assert.ok(fs.existsSync(path.join(PKG, "package.json")), "build the packages first: scripts/build-npm.sh");
const pkg = await import(path.join(PKG, "agent_surfaces.js"));
pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
const { A2aTask } = pkg;

const agents = {};
async function startAgent(scenario) {
  const child = spawn(path.join(DEBUG_BINS, "surfaces-fixture-agent"), ["--listen", "127.0.0.1:0", "--scenario", scenario], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the fixture agent exited (${code})`)));
    readline.createInterface({ input: child.stdout }).once("line", (l) => resolve(l.trim()));
  });
  return { child, url };
}

before(async () => {
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-fixture-agent"], { cwd: ROOT, stdio: "inherit" });
  for (const s of ["booking", "message", "failing-action", "cycle"]) agents[s] = await startAgent(s);
});
after(() => {
  for (const a of Object.values(agents)) a.child.kill("SIGTERM");
});

/** The SDK's client for an agent, as its README makes one, with the v0.3 compat layer on. */
async function sdkClient(url) {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ legacyCompat: { enabled: true } })],
      cardResolver: new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }),
    }),
  );
  return factory.createFromUrl(url);
}

async function card(url) {
  return (await fetch(new URL("/.well-known/agent-card.json", url))).json();
}

/** Sends one outgoing message with the SDK's stream and folds every event; returns what it got. */
async function stream(client, task, out, got = []) {
  const events = client.sendMessageStream({ message: out.message }, { serviceParameters: out.serviceParameters });
  for await (const event of events) {
    got.push(event);
    const r = task.ingest(event);
    assert.deepEqual(r, { read: true }, `an SDK event was not read: ${JSON.stringify(event).slice(0, 300)}`);
  }
  task.streamEnded();
  return got;
}

const agentTexts = (view) => view.turns.filter((t) => t.role === "agent").flatMap((t) => t.parts.filter((p) => p.kind === "text").map((p) => p.text));

test("booking through @a2a-js/sdk: form, action on the same task, confirmation, booked once", async () => {
  const { url } = agents.booking;
  const client = await sdkClient(url);
  const task = new A2aTask(await card(url));
  assert.equal(task.protocolVersion, "0.3");
  const exchanges = [];

  const hello = task.userMessage("I need a room");
  // The SDK's message object, the extension activated the way a v0.3 agent reads it.
  assert.equal(hello.message.role, 1);
  assert.deepEqual(hello.message.parts[0].content, { $case: "text", value: "I need a room" });
  assert.deepEqual(hello.serviceParameters, { "X-A2A-Extensions": "https://a2ui.org/a2a-extension/a2ui/v0.9" });
  assert.ok(hello.message.metadata.a2uiClientCapabilities["v0.9"].supportedCatalogIds.length > 0);
  exchanges.push(await stream(client, task, hello));

  let view = task.view();
  assert.equal(view.state, "input-required");
  assert.ok(view.taskId);
  assert.deepEqual(view.findings, []);
  assert.equal(view.ignored, 0);
  assert.ok(agentTexts(view).includes("Fill in the form and choose Book."));
  const { surfaces } = task.store.report();
  const form = surfaces.find((s) => s.surfaceId.startsWith("booking-"));
  assert.ok(form, "the form was folded from the SDK's events");
  assert.equal(form.catalogRendered, true);

  // A click, as mountSurface's onAction would hand it over, after the person typed a name.
  const store = task.store;
  assert.equal(store.action(form.surfaceId, "book").ok, false, "Book waits for a name");
  store.edit(form.surfaceId, "/booking/name", "Ada");
  const click = store.action(form.surfaceId, "book");
  assert.equal(click.ok, true);
  const act = task.actionMessage(click.message);
  assert.equal(act.ok, true);
  assert.equal(act.message.taskId, view.taskId, "the action goes on the same task");
  const data = act.message.parts.find((p) => p.content.$case === "data");
  assert.equal(data.content.value.action.name, "book");
  assert.equal(data.content.value.action.context.name, "Ada");
  assert.equal(data.metadata.mimeType, "application/json+a2ui");
  assert.deepEqual(act.message.metadata["agent-surfaces/action"], { idempotencyKey: act.idempotencyKey, attempt: 1 });
  // A second click while it is under way is refused: nothing to send.
  assert.deepEqual(
    Object.keys(task.actionMessage(click.message)).sort(),
    ["code", "ok", "reason"],
  );
  assert.equal(task.actionMessage(click.message).code, "action-under-way");
  exchanges.push(await stream(client, task, act));

  view = task.view();
  const asked = view.actions[0];
  assert.equal(asked.state, "needs_confirmation");
  assert.match(asked.confirmation.summary, /Ada/);
  const yes = task.answerConfirmation(form.surfaceId, "book", "confirm");
  assert.equal(yes.decision, "confirm");
  const answer = yes.message.parts.find((p) => p.content.$case === "data");
  assert.deepEqual(answer.content.value, { confirmationId: asked.confirmation.confirmationId, decision: "confirm" });
  assert.equal(yes.message.metadata["agent-surfaces/action"].idempotencyKey, act.idempotencyKey);
  exchanges.push(await stream(client, task, yes));

  view = task.view();
  assert.equal(view.state, "completed");
  const sent = view.turns.filter((t) => t.role === "user").flatMap((t) => t.parts).filter((p) => p.kind === "data");
  assert.deepEqual(sent.map((p) => p.mediaType), ["application/json+a2ui", "application/vnd.agent-surfaces.confirmation+json"]);
  assert.equal(view.actions.length, 1);
  assert.equal(view.actions[0].state, "succeeded");
  assert.deepEqual(view.findings, []);
  assert.ok(agentTexts(view).includes("Your room is booked."));
  const booked = view.artifacts.flatMap((a) => a.parts.filter((p) => p.kind === "text").map((p) => p.text));
  assert.equal(booked.filter((t) => /^Booked \(BK-0001\): .*Ada/.test(t)).length, 1, booked.join(" | "));
  assert.ok(task.store.report().surfaces.some((s) => s.surfaceId.startsWith("confirmation-")));

  // A reload: a fresh task rebuilt from the SDK's getTask holds the same surfaces.
  const again = new A2aTask(await card(url));
  const snapshot = await client.getTask({ id: view.taskId, historyLength: 100 });
  assert.deepEqual(again.ingest(snapshot), { read: true });
  assert.equal(again.view().state, "completed");
  assert.deepEqual(
    again.store.report().surfaces.map((s) => s.surfaceId).sort(),
    task.store.report().surfaces.map((s) => s.surfaceId).sort(),
  );

  if (process.env.RECORD_A2A_JS) {
    const dir = path.join(ROOT, "tests/fixtures/a2a-js");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "booking.json"), JSON.stringify({ sdk: "@a2a-js/sdk 1.3.0", agent: "surfaces-fixture-agent --scenario booking", exchanges, getTask: snapshot }, null, 1) + "\n");
  }
});

test("an agent answering with Messages, sent without streaming", async () => {
  const { url } = agents.message;
  const client = await sdkClient(url);
  const task = new A2aTask(await card(url));
  const hello = task.userMessage("I need a room");
  assert.deepEqual(task.ingest(await client.sendMessage({ message: hello.message }, { serviceParameters: hello.serviceParameters })), { read: true });
  const form = task.store.report().surfaces[0];
  assert.ok(form?.surfaceId.startsWith("booking-"));
  task.store.edit(form.surfaceId, "/booking/name", "Grace");
  const act = task.actionMessage(task.store.action(form.surfaceId, "book").message);
  assert.equal(act.message.taskId, "", "no task: a Message answer opened none");
  assert.deepEqual(task.ingest(await client.sendMessage({ message: act.message }, { serviceParameters: act.serviceParameters })), { read: true });
  const view = task.view();
  assert.equal(view.actions[0].state, "succeeded", "a Message answer is the agent's whole reply");
  assert.equal(view.taskId, null);
  assert.ok(task.store.report().surfaces.some((s) => s.surfaceId.startsWith("confirmation-")));
});

test("a failing action ends failed, and what the SDK never returns is a finding, not a throw", async () => {
  const { url } = agents["failing-action"];
  const client = await sdkClient(url);
  const task = new A2aTask(await card(url));
  await stream(client, task, task.userMessage("I need a room"));
  const form = task.store.report().surfaces[0];
  task.store.edit(form.surfaceId, "/booking/name", "Lin");
  await stream(client, task, task.actionMessage(task.store.action(form.surfaceId, "book").message));
  assert.equal(task.view().actions[0].state, "failed");
  assert.equal(task.view().state, "failed");

  const before = task.view().findings.length;
  for (const junk of [42, "text", null, [], {}, { payload: { $case: "nope", value: {} } }, { payload: { $case: "statusUpdate", value: { taskId: "t", status: { state: 99 } } } }]) {
    const r = task.ingest(junk);
    assert.equal(r.read, false, JSON.stringify(junk));
    assert.match(r.finding.code, /^a2a-/);
  }
  // Past one stream event's bound (1,100,000 bytes of JSON), refused before it is read.
  const big = task.ingest({ payload: { $case: "message", value: { messageId: "m", role: 2, parts: [{ content: { $case: "text", value: "x".repeat(1_100_000) } }] } } });
  assert.equal(big.finding.code, "a2a-stream-event-too-large");
  const near = { payload: { $case: "message", value: { messageId: "m2", role: 2, parts: [{ content: { $case: "text", value: "" } }] } } };
  near.payload.value.parts[0].content.value = "y".repeat(1_100_000 - JSON.stringify(near).length);
  assert.equal(JSON.stringify(near).length, 1_100_000);
  assert.deepEqual(task.ingest(near), { read: true }, "at the bound it is read");
  assert.equal(task.view().findings.length, before + 8);
  // Misuse of the API throws: these are the caller's mistakes, not the agent's.
  assert.throws(() => new A2aTask({ name: "no endpoint" }), /a2a-no-endpoint/);
  assert.throws(() => task.actionMessage({ not: "an action" }), /onAction/);
  assert.throws(() => task.userMessage("hi", { shape: "xml" }), /shape/);
});

test("what the surfaces refused goes back to the agent as A2UI errors, once", async () => {
  const { url } = agents.cycle;
  const client = await sdkClient(url);
  const task = new A2aTask(await card(url));
  await stream(client, task, task.userMessage("Show me"));
  assert.ok(task.view().ignored > 0, "the cycle was refused");
  const report = task.reportRefusals();
  assert.equal(report.message.taskId, task.view().taskId);
  const errors = report.message.parts.map((p) => p.content.value);
  assert.ok(errors.length >= 1 && errors.length <= 20, String(errors.length));
  for (const e of errors) {
    assert.deepEqual(Object.keys(e).sort(), ["error", "version"]);
    assert.equal(e.error.code, "VALIDATION_FAILED");
  }
  await stream(client, task, report);
  assert.equal(task.reportRefusals(), null, "each refusal is reported once");
});

test("README's snippet for @a2a-js/sdk runs as written on the packed package", (t) => {
  const installed = installPackage(PKG);
  t.after(installed.remove);
  // The SDK comes from the tests' own install: linked in, as an app would have it installed.
  fs.mkdirSync(path.join(installed.project, "node_modules/@a2a-js"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "tests/e2e/node_modules/@a2a-js/sdk"), path.join(installed.project, "node_modules/@a2a-js/sdk"), "dir");
  const file = path.join(installed.project, "with-sdk.mjs");
  fs.writeFileSync(
    file,
    [
      `const agentUrl = ${JSON.stringify(agents.booking.url)};`,
      readmeBlock("js", "// In Node"),
      readmeBlock("js", "// With @a2a-js/sdk"),
      `console.log(JSON.stringify({ view: task.view(), surfaces: task.store.report().surfaces.map((s) => s.surfaceId) }));`,
    ].join("\n"),
  );
  const out = JSON.parse(execFileSync(process.execPath, [file], { cwd: installed.project, encoding: "utf8" }));
  assert.equal(out.view.state, "input-required");
  assert.deepEqual(out.view.findings, []);
  assert.equal(out.surfaces.length, 1);
  assert.match(out.surfaces[0], /^booking-/);
});
