// A2aTask's action lifecycle (docs/actions.md) against what a hostile or confused agent
// sends: the events of an answer name no action, so they move only the action that answer
// carried; another task's words move none; an answer that ends while its action still runs
// leaves it of unknown outcome, never stuck. The npm package (headless build) from Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/console-server.mjs";

const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg-headless");
assert.ok(fs.existsSync(path.join(PKG, "package.json")), "build the packages first: scripts/build-npm.sh");
const pkg = await import(path.join(PKG, "agent_surfaces.js"));
pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
const { A2aTask } = pkg;

const CARD = {
  name: "t", url: "https://agent.example/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC",
  capabilities: { extensions: [{ uri: "https://a2ui.org/a2a-extension/a2ui/v0.9" }] },
};
const MEDIA = "application/vnd.agent-surfaces.confirmation+json";
const click = (button) => ({
  version: "v0.9",
  action: { name: "go", surfaceId: "s", sourceComponentId: button, timestamp: "2026-01-01T00:00:00Z", context: {} },
});
const status = (state, message, extra = {}) => ({ kind: "status-update", taskId: "t", contextId: "c", final: true, status: { state, ...(message ? { message } : {}) }, ...extra });
const question = (id, summary = "Charge 120 EUR") => ({
  kind: "message", messageId: `q-${id}`, role: "agent",
  parts: [{ kind: "data", metadata: { mimeType: MEDIA }, data: { confirmationId: id, summary, expiresAt: "2099-01-01T00:00:00Z" } }],
});
const states = (task) => Object.fromEntries(task.view().actions.map((a) => [a.componentId, a.state]));

/** A task the agent has opened and left waiting for the person. */
function opened() {
  const task = new A2aTask(CARD);
  assert.deepEqual(task.ingest(status("input-required")), { read: true });
  task.streamEnded();
  return task;
}

test("one action at a time on a task: a question is asked of the Button whose answer it came on", () => {
  const task = opened();
  const pay = task.actionMessage(click("pay"), { shape: "json" });
  assert.equal(pay.ok, true);
  // Another Button while "pay" awaits its answer: refused, so what comes next is about one.
  const refund = task.actionMessage(click("refund"), { shape: "json" });
  assert.deepEqual([refund.ok, refund.code], [false, "action-under-way"]);
  assert.match(refund.reason, /Another action on this task \(Button "pay"\) is running/);
  task.ingest(status("input-required", question("c9")));
  task.streamEnded();
  assert.deepEqual(states(task), { pay: "needs_confirmation" });
  // While the question is open, no other action goes: the agent takes the next message as
  // the answer to its question.
  assert.equal(task.actionMessage(click("refund"), { shape: "json" }).code, "action-under-way");
  const yes = task.answerConfirmation("s", "pay", "confirm", { shape: "json" });
  assert.equal(yes.decision, "confirm");
  assert.equal(yes.message.metadata["agent-surfaces/action"].idempotencyKey, pay.idempotencyKey);
  // The question is answered once: no Button can answer it again.
  assert.equal(task.answerConfirmation("s", "pay", "confirm", { shape: "json" }), null);
  assert.equal(task.answerConfirmation("s", "refund", "confirm", { shape: "json" }), null);
  task.ingest(status("completed"));
  task.streamEnded();
  assert.deepEqual(states(task), { pay: "succeeded" });
});

test("an event about another task moves no action, a Message naming it included", () => {
  const task = opened();
  task.actionMessage(click("pay"), { shape: "json" });
  const turns = task.view().turns.length;
  task.ingest(status("completed", null, { taskId: "other" }));
  assert.deepEqual(task.ingest({ kind: "message", messageId: "x1", role: "agent", taskId: "other", parts: [{ kind: "text", text: "Done with the other task" }] }), { read: true });
  const view = task.view();
  assert.deepEqual(states(task), { pay: "running" });
  assert.equal(view.turns.length, turns, "the other task's message is not shown as this one's");
  assert.deepEqual(view.findings.map((f) => f.code), ["a2a-task-mismatch", "a2a-task-mismatch"]);
  // This task's message is its answer.
  task.ingest({ kind: "message", messageId: "x2", role: "agent", taskId: "t", parts: [{ kind: "text", text: "Paid" }] });
  assert.deepEqual(states(task), { pay: "succeeded" });
});

test("an answer that ends while its action still runs leaves it of unknown outcome, never stuck", () => {
  // A final status that still works: the stream is over, the action is not.
  let task = opened();
  task.actionMessage(click("b"), { shape: "json" });
  task.ingest(status("working"));
  task.streamEnded();
  assert.deepEqual(states(task), { b: "outcome_unknown" });
  // The person may choose the Button again: the action is not under way any more.
  assert.equal(task.actionMessage(click("b"), { shape: "json" }).ok, true);

  // After a confirm, the stream's only event is the task as it was, still asking the
  // question answered: it says nothing of the answer.
  task = opened();
  task.actionMessage(click("b"), { shape: "json" });
  task.ingest(status("input-required", question("c9")));
  task.streamEnded();
  task.answerConfirmation("s", "b", "confirm", { shape: "json" });
  task.ingest({ kind: "task", id: "t", contextId: "c", status: { state: "input-required", message: question("c9") } });
  task.streamEnded();
  assert.deepEqual(states(task), { b: "outcome_unknown" });

  // The task read again settles it, when it holds the action's message and moved on since.
  const key = task.view().actions[0].idempotencyKey;
  task.ingest({
    kind: "task", id: "t", contextId: "c", status: { state: "completed" },
    history: [{ kind: "message", messageId: "u1", role: "user", metadata: { "agent-surfaces/action": { idempotencyKey: key, attempt: 2 } }, parts: [{ kind: "text", text: "yes" }] }],
  });
  task.streamEnded();
  assert.deepEqual(states(task), { b: "succeeded" });
});

test("an outcome unknown is not settled by another action's answer", () => {
  const task = opened();
  task.actionMessage(click("a"), { shape: "json" });
  task.streamEnded();
  assert.deepEqual(states(task), { a: "outcome_unknown" });
  task.actionMessage(click("b"), { shape: "json" });
  task.ingest(status("failed"));
  task.streamEnded();
  assert.deepEqual(states(task), { a: "outcome_unknown", b: "failed" });
});

test("a confirmation request with a member twice, or one more, is not confirmed", () => {
  for (const data of [
    '{"confirmationId":"c9","summary":"Charge 1 EUR","summary":"Charge 900 EUR","expiresAt":"2099-01-01T00:00:00Z"}',
    '{"confirmationId":"c9","summary":"Charge 1 EUR","expiresAt":"2099-01-01T00:00:00Z","amount":900}',
  ]) {
    const task = opened();
    task.actionMessage(click("pay"), { shape: "json" });
    const text = JSON.stringify(status("input-required", question("c9"))).replace(/\{"confirmationId":[^}]*\}/, data);
    assert.ok(text.includes("Charge 1 EUR"), text);
    assert.deepEqual(task.ingest(text), { read: true });
    task.streamEnded();
    const [a] = task.view().actions;
    assert.equal(a.state, "rejected", data);
    assert.equal(a.confirmation, null);
    assert.ok(task.view().findings.some((f) => f.code === "a2a-confirmation-malformed"), data);
    assert.equal(task.answerConfirmation("s", "pay", "confirm", { shape: "json" }), null);
  }
});

test("a task's findings past its limit are counted, not silently dropped", () => {
  const task = opened();
  for (let i = 0; i < 600; i++) task.ingest({ jsonrpc: "2.0", id: i, error: { code: -32000, message: `no ${i}` } });
  task.ingest(status("completed", null, { taskId: "other" }));
  const findings = task.view().findings;
  assert.equal(findings.length, 501);
  assert.deepEqual(findings.at(-1).code, "findings-truncated");
  assert.match(findings.at(-1).message, /^101 more findings/);
});

test("view() gives a part's data as JSON.parse reads what the agent sent, its keys in the agent's order", () => {
  const task = opened();
  const sent = '{"z": 1, "a": {"y": [1.5e2, "\\u00e9\\n", -0.0, 18446744073709551616], "b": null}, "m": {"k": 1, "k": 2}}';
  task.ingest(`{"kind": "message", "messageId": "m1", "role": "agent", "parts": [{"kind": "data", "data": ${sent}}]}`);
  const { data } = task.view().turns.at(-1).parts[0];
  assert.deepEqual(data, JSON.parse(sent));
  assert.deepEqual(Object.keys(data), ["z", "a", "m"]);
  assert.ok(Object.is(data.a.y[2], -0));
  // What the view cannot read is not shown, as before: a float past the range is refused
  // when the event is read, and the turn has no such part.
  task.ingest('{"kind": "message", "messageId": "m2", "role": "agent", "parts": [{"kind": "data", "data": [1e400]}]}');
  assert.deepEqual(task.view().turns.at(-1).parts, []);
});

test("view() makes each turn and artifact part once: later views share its frozen objects", () => {
  const task = opened();
  const said = (id, data) => ({ kind: "message", messageId: id, role: "agent", parts: [{ kind: "data", data }] });
  task.ingest(said("m1", { a: { b: [1, 2] } }));
  const [v1, v2] = [task.view(), task.view()];
  assert.notEqual(v1.turns, v2.turns, "each view is its own list");
  assert.equal(v1.turns.at(-1), v2.turns.at(-1), "of the same turns");
  const part = v1.turns.at(-1).parts[0];
  assert.deepEqual(part, { kind: "data", mediaType: null, data: { a: { b: [1, 2] } } });
  for (const o of [v1.turns.at(-1), v1.turns.at(-1).parts, part]) {
    assert.ok(Object.isFrozen(o), JSON.stringify(o));
  }
  assert.throws(() => v1.turns.at(-1).parts.push(part), TypeError);
  assert.throws(() => { part.data = null; }, TypeError);
  // The data itself is shared, not walked to be frozen (its cost grew with its nesting).
  assert.equal(v2.turns.at(-1).parts[0].data, part.data);
  // A new turn is made, the others are the same objects; the oldest go past the limit (200).
  for (let i = 2; i <= 205; i++) task.ingest(said(`m${i}`, { i }));
  const v3 = task.view();
  assert.equal(v3.turns.length, 200);
  assert.deepEqual(v3.turns.map((t) => t.messageId).slice(0, 2), ["m6", "m7"]);
  assert.equal(v3.turns.at(-1).parts[0].data.i, 205);
  assert.equal(task.view().turns[0], v3.turns[0]);
  // An artifact's parts appended: the first is the object the last view had.
  const chunk = (text, append) => ({ kind: "artifact-update", taskId: "t", contextId: "c", append, lastChunk: !append,
    artifact: { artifactId: "a1", name: "Receipt", parts: [{ kind: "text", text }] } });
  task.ingest(chunk("one", false));
  const [first] = task.view().artifacts[0].parts;
  task.ingest(chunk("two", true));
  assert.ok(Object.isFrozen(first));
  const { artifacts } = task.view();
  assert.deepEqual(artifacts, [{ artifactId: "a1", name: "Receipt", parts: [{ kind: "text", text: "one" }, { kind: "text", text: "two" }] }]);
  assert.equal(artifacts[0].parts[0], first);
});

const userMsg = (id, key) => ({ kind: "message", messageId: id, role: "user", metadata: { "agent-surfaces/action": { idempotencyKey: key, attempt: 1 } }, parts: [{ kind: "text", text: "go" }] });
const agentMsg = (id) => ({ kind: "message", messageId: id, role: "agent", parts: [{ kind: "text", text: "ok" }] });
const taskEv = (state, history, message) => ({ kind: "task", id: "t", contextId: "c", status: { state, ...(message ? { message } : {}) }, history });

test("an outcome unknown the task read finds still working is followed, never left running", () => {
  const task = opened();
  const a = task.actionMessage(click("pay"), { shape: "json" });
  task.streamEnded(); // broken off before any word
  assert.deepEqual(states(task), { pay: "outcome_unknown" });
  // getTask: the agent has the action and still works on it; the reading ends there.
  task.ingest(taskEv("working", [userMsg("u1", a.idempotencyKey)]));
  assert.deepEqual(states(task), { pay: "running" });
  task.streamEnded();
  assert.deepEqual(states(task), { pay: "outcome_unknown" }, "not left running with nothing to settle it");
  // A later read, or a resubscribed stream's end, settles it.
  task.ingest(taskEv("working", [userMsg("u1", a.idempotencyKey)]));
  task.ingest(status("completed"));
  task.streamEnded();
  assert.deepEqual(states(task), { pay: "succeeded" });
  assert.equal(task.actionMessage(click("refund"), { shape: "json" }).ok, true);
});

test("a question the task ends without an answer to is settled by its end, and the Buttons are free", () => {
  for (const [end, want] of [[status("canceled"), "rejected"], [status("failed"), "failed"], [taskEv("completed", []), "succeeded"]]) {
    const task = opened();
    task.actionMessage(click("pay"), { shape: "json" });
    task.ingest(status("input-required", question("c9")));
    task.streamEnded();
    // The person types instead of answering; the task's end comes on that answer.
    task.userMessage("never mind", { shape: "json" });
    task.ingest(end);
    task.streamEnded();
    assert.deepEqual(states(task), { pay: want }, JSON.stringify(end));
    assert.equal(task.answerConfirmation("s", "pay", "confirm", { shape: "json" }), null);
    assert.equal(task.actionMessage(click("refund"), { shape: "json" }).ok, true, "no Button is held");
  }
});

test("a question in a task read is asked of the newest action only, never of an older one too", () => {
  const task = opened();
  const a = task.actionMessage(click("a"), { shape: "json" });
  task.streamEnded();
  const b = task.actionMessage(click("b"), { shape: "json" });
  assert.equal(b.ok, true, "an outcome unknown does not hold the other Buttons");
  // B's answer begins with the task: it holds both actions and asks a question after B's.
  task.ingest(taskEv("input-required", [userMsg("u1", a.idempotencyKey), agentMsg("r1"), userMsg("u2", b.idempotencyKey)], question("c9", "Charge 900 EUR")));
  task.streamEnded();
  assert.deepEqual(states(task), { a: "outcome_unknown", b: "needs_confirmation" });
  assert.equal(task.answerConfirmation("s", "a", "confirm", { shape: "json" }), null);
  assert.equal(task.answerConfirmation("s", "b", "confirm", { shape: "json" }).decision, "confirm");
});

test("a question the agent names an older action in is asked of none while another is under way", () => {
  // The agent writes the history: here it lists the older action's message last.
  const task = opened();
  const a = task.actionMessage(click("a"), { shape: "json" });
  task.streamEnded();
  const b = task.actionMessage(click("b"), { shape: "json" });
  task.ingest(taskEv("input-required", [userMsg("u2", b.idempotencyKey), agentMsg("r1"), userMsg("u1", a.idempotencyKey)], question("c9", "Charge 900 EUR")));
  task.streamEnded();
  const asked = task.view().actions.filter((x) => x.state === "needs_confirmation");
  assert.deepEqual(asked.map((x) => x.componentId), ["b"], "one question, one Button");
  assert.deepEqual(states(task), { a: "outcome_unknown", b: "needs_confirmation" });

  // The same Button clicked again after its first action was lost: the old one is not
  // asked the question its second answer brings, and nothing stays held once it is done.
  const again = opened();
  const first = again.actionMessage(click("pay"), { shape: "json" });
  again.streamEnded();
  const second = again.actionMessage(click("pay"), { shape: "json" });
  assert.equal(second.ok, true);
  again.ingest(taskEv("input-required", [userMsg("u1", first.idempotencyKey)], question("c7")));
  again.ingest(status("completed"));
  again.streamEnded();
  assert.deepEqual(again.view().actions.map((x) => x.state), ["outcome_unknown", "succeeded"]);
  assert.equal(again.actionMessage(click("pay"), { shape: "json" }).ok, true, "no Button held");
});
