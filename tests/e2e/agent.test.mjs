// The console's Agent screen against a live A2A agent, all on loopback: the fixture agent
// behind surfaces-server (the console's same-origin home), the console built by Trunk.
// From discovery to an action round trip; every request the page makes stays on the origin.
// The booking is consequential: the agent asks for confirmation (docs/actions.md), which the
// console asks in a dialog of its own; confirmed, canceled and expired are each run here.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { launch, watchedPage } from "./lib/browser.mjs";
import { axeViolations } from "./lib/axe.mjs";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";

const DIST = path.join(ROOT, "tests/e2e/artifacts/dist-agent");

/** Starts a binary that prints its URL as its first line; resolves with the URL. */
function start(bin, args) {
  const child = spawn(path.join(DEBUG_BINS, bin), args, { stdio: ["ignore", "pipe", "inherit"] });
  const lines = readline.createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} printed no URL`)), 30_000);
    lines.once("line", (url) => {
      clearTimeout(timer);
      resolve({ url: url.trim().replace(/\/$/, ""), stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`${bin} exited ${code}`)));
  });
}

/** Servers shared by the tests: the fixture agent twice (the second's confirmations expire
 * after 1.5 s) behind one surfaces-server. */
const env = {};
const QUICK_TTL_MS = 1500;
before(async () => {
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-server", "-p", "surfaces-fixture-agent"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("trunk", ["build", "--release", "--dist", DIST], { cwd: ROOT, stdio: "inherit" });
  env.agent = await start("surfaces-fixture-agent", ["--listen", "127.0.0.1:0", "--scenario", "booking"]);
  env.quick = await start("surfaces-fixture-agent", ["--listen", "127.0.0.1:0", "--scenario", "booking", "--confirmation-ttl-ms", String(QUICK_TTL_MS)]);
  env.server = await start("surfaces-server", ["--listen", "127.0.0.1:0", "--dist", DIST, "--agent", `fixture=${env.agent.url}`, "--agent", `quick=${env.quick.url}`]);
  env.browser = await launch();
});
after(async () => {
  await env.browser?.close();
  env.server?.stop();
  env.agent?.stop();
  env.quick?.stop();
});

/** A watched page that also keeps the JSON-RPC bodies it posts to the agents. */
async function agentPage() {
  const { page, seen } = await watchedPage(env.browser);
  const posts = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().startsWith(`${env.server.url}/agents/`)) posts.push(JSON.parse(r.postData()));
  });
  return { page, seen, posts };
}

/** The message parts the page sent with a data part of `mimeType`, oldest first. */
function sentData(posts, mimeType) {
  return posts
    .map((p) => p.params?.message)
    .filter((m) => m?.parts?.some((part) => part.metadata?.mimeType === mimeType));
}

const CONFIRMATION = "application/vnd.agent-surfaces.confirmation+json";
const A2UI = "application/json+a2ui";

/** Opens the console, picks `agent`, asks for a room and books it: the dialog is open. */
async function bookUntilAsked(page, agent) {
  await page.goto(`${env.server.url}/`);
  await page.getByTestId("agent-screen").waitFor();
  await page.getByRole("button", { name: agent, exact: true }).click();
  await page.getByTestId("agent-card").waitFor();
  const box = page.getByTestId("agent-message");
  await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
  await box.fill("I need a room");
  await box.press("Enter");
  const surface = page.getByTestId("agent-surface").first();
  await surface.getByText("Book a meeting room").waitFor({ timeout: 15_000 });
  await surface.getByLabel("Your name").fill("Ada Lovelace");
  await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled));
  await surface.getByRole("button", { name: "Book" }).click();
  await page.getByTestId("confirm-dialog").waitFor({ timeout: 15_000 }).catch(async (e) => {
    throw new Error(`${e.message}\n${await page.getByTestId("agent-screen").innerText()}`);
  });
  return surface;
}

test("discovery to a confirmed action, done once, nothing off the origin", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    // Served with an agent, the console opens on the Agent screen.
    await page.goto(`${env.server.url}/`);
    await page.getByTestId("agent-screen").waitFor();
    assert.equal(await page.getByTestId("nav-agent").getAttribute("aria-current"), "page");
    // Discovery: the configured agents, then the card and its UI links.
    await page.getByRole("button", { name: "fixture", exact: true }).click();
    await page.getByTestId("agent-card").waitFor();
    assert.match(await page.getByTestId("agent-card").innerText(), /UI links present/);
    const box = page.getByTestId("agent-message");
    await box.waitFor({ state: "visible" });
    await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
    // The composer: Enter sends.
    await box.fill("I need a room");
    await box.press("Enter");
    const surface = page.getByTestId("agent-surface").first();
    await surface.getByText("Book a meeting room").waitFor({ timeout: 15_000 });
    assert.match(await page.getByTestId("task-state").innerText(), /InputRequired/);
    const turns = await page.getByTestId("turn").allInnerTexts();
    assert.match(turns[0], /You\s*I need a room/);
    // The Button waits for a name (its check), then sends the action on the same task.
    const book = surface.getByRole("button", { name: "Book" });
    assert.equal(await book.isDisabled(), true);
    await surface.getByLabel("Your name").fill("Ada Lovelace");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled));
    await book.click();
    // The agent asks first: the console's dialog, with the agent's summary as its claim.
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.waitFor({ timeout: 15_000 });
    await page.locator("[data-testid=action-state][data-state=NeedsConfirmation]").waitFor();
    // The dialog takes the focus when it opens.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "confirm-dialog");
    // A second click while the question is open sends nothing.
    const actions = () => sentData(posts, A2UI).filter((m) => m.parts.some((p) => p.data?.action)).length;
    assert.equal(actions(), 1);
    await book.click();
    await page.waitForTimeout(300);
    assert.equal(actions(), 1, "no second action while the question is open");
    assert.equal(await dialog.getAttribute("role"), "dialog");
    assert.equal(await dialog.locator("h3").innerText(), "Confirm before the agent acts");
    assert.match(await dialog.innerText(), /The agent says:/);
    const summary = dialog.getByTestId("confirm-summary");
    assert.match(await summary.innerText(), /^Book a meeting room: .*name: Ada Lovelace/);
    assert.equal(await summary.evaluate((el) => el.children.length), 0, "the summary is text only");
    assert.match(await dialog.getByTestId("confirm-expiry").innerText(), /expires .*\d{4}/);
    assert.ok(await dialog.locator("time[datetime]").count());
    // The controls are the console's: two buttons with its own labels, nothing else.
    assert.deepEqual(await dialog.locator("button, a, input, [role=button]").allInnerTexts(), ["Confirm", "Cancel"]);
    // Outside the agent's area, which stays labelled as the agent's.
    assert.equal(await surface.getByTestId("confirm-dialog").count(), 0);
    assert.match(await page.getByTestId("agent-announce").innerText(), /asks you to confirm/);
    assert.deepEqual(await axeViolations(page), [], "axe with the dialog open");
    // Keyboard: from the dialog, Tab reaches Confirm and Enter presses it.
    await dialog.focus();
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "confirm-yes");
    await page.keyboard.press("Enter");
    await page.locator("[data-testid=action-state][data-state=Succeeded]").waitFor({ timeout: 15_000 });
    assert.equal(await dialog.count(), 0, "the dialog closes once answered");
    await page.getByText(/Booked \(BK-\d{4}\): .*Ada Lovelace/).first().waitFor();
    await page.getByText("Booking confirmed").waitFor();
    assert.match(await page.getByTestId("agent-announce").innerText(), /Done/);
    // The confirmation carried its id and the action's idempotency key; sent once.
    const [action] = sentData(posts, A2UI).filter((m) => m.parts.some((p) => p.data?.action));
    const answers = sentData(posts, CONFIRMATION);
    assert.equal(answers.length, 1);
    const key = action.metadata["agent-surfaces/action"].idempotencyKey;
    assert.ok(key);
    assert.deepEqual(answers[0].metadata["agent-surfaces/action"], { idempotencyKey: key, attempt: 2 });
    assert.equal(answers[0].parts[0].data.decision, "confirm");
    assert.match(answers[0].parts[0].data.confirmationId, /^confirm-/);
    assert.equal(answers[0].taskId, action.taskId);
    assert.deepEqual(await axeViolations(page), []);
    // Nothing left the origin, nothing was refused by the policy, nothing broke.
    assert.deepEqual(seen.requests.filter((u) => !u.startsWith(env.server.url)), []);
    assert.ok(seen.requests.some((u) => u.startsWith(`${env.server.url}/agents/fixture/`)), "the agent was reached through the proxy");
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("Cancel in the confirmation dialog: not done, and the Button is free again", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    const surface = await bookUntilAsked(page, "fixture");
    await page.getByTestId("confirm-no").click();
    await page.locator("[data-testid=action-state][data-state=Rejected]").waitFor({ timeout: 15_000 });
    assert.match(await page.getByTestId("action-state").innerText(), /you canceled/);
    await page.getByText(/^Not booked: you canceled/).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId("confirm-dialog").count(), 0);
    assert.equal(await page.getByText("Booking confirmed").count(), 0);
    const answers = sentData(posts, CONFIRMATION);
    assert.deepEqual(answers.map((m) => m.parts[0].data.decision), ["cancel"]);
    assert.ok(answers[0].metadata["agent-surfaces/action"].idempotencyKey);
    assert.match(await page.getByTestId("agent-announce").innerText(), /you canceled/);
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled));
    assert.equal(await surface.getByRole("button", { name: "Book" }).isDisabled(), false);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("Confirm after the confirmation expired is refused by the console, and nothing is booked", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    await bookUntilAsked(page, "quick");
    await page.waitForTimeout(QUICK_TTL_MS + 500);
    await page.getByTestId("confirm-yes").click();
    await page.locator("[data-testid=action-state][data-state=Rejected]").waitFor({ timeout: 15_000 });
    assert.match(await page.getByTestId("action-state").innerText(), /expired/);
    assert.equal(await page.getByTestId("confirm-dialog").count(), 0);
    // No confirm left the console: the answer sent was a cancel, so the agent lets go.
    const answers = sentData(posts, CONFIRMATION);
    assert.deepEqual(answers.map((m) => m.parts[0].data.decision), ["cancel"]);
    await page.getByText(/^Not booked/).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByText("Booking confirmed").count(), 0);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});
