// The console's Agent screen against a live A2A agent, all on loopback: the fixture agent
// behind surfaces-server (the console's same-origin home), the console built by Trunk.
// From discovery to an action round trip; every request the page makes stays on the origin.
// The booking is consequential: the agent asks for confirmation (docs/actions.md), which the
// console asks in a dialog of its own; confirmed, canceled and expired are each run here.
// Every state of an action is reached and shown (pending, needs_confirmation, running,
// succeeded, rejected, failed, outcome_unknown), with axe-core run in each that lasts; a
// reload mid-action and a stream cut off after the send both end outcome_unknown and are then
// settled from the task, never by sending again; "Forget this task" leaves storage empty.
// A long job's progress is drawn as it streams in; an agent answering with Messages works;
// every hostile mode of the fixture agent (markup, storm, oversize, cycle, a surface of
// another conversation, a stream cut off) leaves the console working, with nothing of the
// agent's own on the page and nothing off the origin.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { assertQuiet, launch, settledFocus, wasmDownloads, watchedPage } from "./lib/browser.mjs";
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

/** Servers shared by the tests: the fixture agent in five scenarios (the `quick` one's
 * confirmations expire after 1.5 s) behind one surfaces-server. */
const env = {};
const QUICK_TTL_MS = 1500;
const AGENTS = {
  fixture: ["booking"],
  quick: ["booking", "--confirmation-ttl-ms", String(QUICK_TTL_MS)],
  slow: ["slow-action"],
  failing: ["failing-action"],
  cut: ["cut-action"],
  progress: ["progress"],
  message: ["message"],
  markup: ["markup"],
  storm: ["storm"],
  oversize: ["oversize"],
  cycle: ["cycle"],
  foreign: ["foreign-surface"],
  cutoff: ["cut"],
};
before(async () => {
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-server", "-p", "surfaces-fixture-agent"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("trunk", ["build", "--release", "--dist", DIST], { cwd: ROOT, stdio: "inherit" });
  env.agents = {};
  for (const [name, [scenario, ...rest]] of Object.entries(AGENTS)) {
    env.agents[name] = await start("surfaces-fixture-agent", ["--listen", "127.0.0.1:0", "--scenario", scenario, ...rest]);
  }
  const proxied = Object.entries(env.agents).flatMap(([name, a]) => ["--agent", `${name}=${a.url}`]);
  env.server = await start("surfaces-server", ["--listen", "127.0.0.1:0", "--dist", DIST, ...proxied]);
  env.browser = await launch();
});
after(async () => {
  await env.browser?.close();
  env.server?.stop();
  for (const a of Object.values(env.agents ?? {})) a.stop();
});

/** A watched page that also keeps the JSON-RPC bodies it posts to the agents, and every
 * action state the page has shown (`window.__states`, per document: each data-state an
 * action-state element took, in order). */
async function agentPage() {
  const { page, seen } = await watchedPage(env.browser);
  const posts = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().startsWith(`${env.server.url}/agents/`)) posts.push(JSON.parse(r.postData()));
  });
  await page.addInitScript(() => {
    window.__states = [];
    const note = (el) => {
      const s = el.getAttribute?.("data-state");
      if (el.dataset?.testid === "action-state" && s && window.__states.at(-1) !== s) window.__states.push(s);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "attributes") note(r.target);
        for (const n of r.addedNodes ?? []) {
          if (n.nodeType !== 1) continue;
          note(n);
          n.querySelectorAll?.("[data-testid=action-state]").forEach(note);
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
  });
  return { page, seen, posts };
}

/** The action states the page has shown since it loaded. */
const statesShown = (page) => page.evaluate(() => window.__states);

/** The actions (A2UI action messages) the page posted. */
const actionsSent = (posts) => sentData(posts, A2UI).filter((m) => m.parts.some((p) => p.data?.action));

/** The record the console keeps in this tab's session storage, parsed, or null. */
const stored = (page) => page.evaluate(() => {
  const t = sessionStorage.getItem("agent-surfaces/agent-task");
  return t && JSON.parse(t);
});

/** Opens the console, picks `agent`, asks for a room, fills in the name and books. */
async function book(page, agent, name = "Ada Lovelace") {
  await page.goto(`${env.server.url}/`);
  await page.getByTestId("agent-screen").waitFor();
  // Served by surfaces-server as `scripts/serve.sh` serves it: index.html's preload is used.
  assert.deepEqual(await wasmDownloads(page), ["link"], "the .wasm is downloaded once, by the preload");
  await page.getByRole("button", { name: agent, exact: true }).click();
  await page.getByTestId("agent-card").waitFor();
  await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
  const box = page.getByTestId("agent-message");
  await box.fill("I need a room");
  await box.press("Enter");
  const surface = page.getByTestId("agent-surface").first();
  await surface.getByText("Book a meeting room").waitFor({ timeout: 15_000 });
  await surface.getByLabel("Your name").fill(name);
  await page.waitForFunction(bookEnabled);
  await surface.getByRole("button", { name: "Book" }).click();
  return surface;
}

/** Whether the Book button is there and enabled (run in the page). */
function bookEnabled() {
  return [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled && b.getAttribute("aria-disabled") !== "true");
}

/** Waits until the action shows `state`. */
const shown = (page, state, timeout = 15_000) => page.locator(`[data-testid=action-state][data-state=${state}]`).waitFor({ timeout });

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
  const surface = await book(page, agent);
  await page.getByTestId("confirm-dialog").waitFor({ timeout: 15_000 }).catch(async (e) => {
    throw new Error(`${e.message}\n${await page.getByTestId("agent-screen").innerText()}`);
  });
  return surface;
}

test("the first visit is sent as Brotli, and a second is answered by 304s", async () => {
  const { page, seen } = await watchedPage(env.browser);
  try {
    const encodings = new Map();
    page.on("response", (r) => encodings.set(new URL(r.url()).pathname, r.headers()["content-encoding"] ?? "none"));
    await page.goto(`${env.server.url}/`);
    await page.getByTestId("agent-screen").waitFor();
    // Each of the console's files came as the Brotli the build wrote beside it
    // (scripts/precompress.mjs), and the page started from them with nothing refused.
    const files = ["/", "/boot.js", "/surfaces-console.js", "/surfaces-console_bg.wasm", "/style.css", "/a2ui.css"];
    for (const f of files) assert.equal(encodings.get(f), "br", f);
    assertQuiet(seen);
    const sizes = () =>
      page.evaluate(() =>
        [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map((e) => ({
          path: new URL(e.name).pathname,
          sent: e.encodedBodySize,
          kept: e.decodedBodySize,
          moved: e.transferSize,
        })),
      );
    const first = (await sizes()).filter((e) => files.includes(e.path));
    assert.equal(first.length, files.length, JSON.stringify(first));
    const wasm = first.find((e) => e.path.endsWith(".wasm"));
    // Brotli at quality 11 takes the module to well under half (a third, as built).
    assert.ok(wasm.sent * 2 < wasm.kept, JSON.stringify(wasm));
    // Again: each file revalidated by its tag, none of them sent again. (Chromium reports a
    // revalidated file as a 200 from its cache; what it moved says whether a body came: a
    // 304's headers alone are fewer bytes than the file's first answer, headers and body.)
    await page.reload();
    await page.getByTestId("agent-screen").waitFor();
    const again = (await sizes()).filter((e) => files.includes(e.path));
    assert.equal(again.length, files.length, JSON.stringify(again));
    for (const e of again) {
      const before = first.find((f) => f.path === e.path);
      assert.ok(e.moved < before.moved, JSON.stringify([before, e]));
    }
    // To a client that takes no Brotli, the file itself.
    const plain = await fetch(`${env.server.url}/surfaces-console_bg.wasm`, { headers: { "accept-encoding": "identity" } });
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(plain.headers.get("vary"), "accept-encoding");
    assert.equal(Number(plain.headers.get("content-length")), wasm.kept);
    await plain.body.cancel();
  } finally {
    await page.context().close();
  }
});

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
    // The task's state in the console's words.
    assert.equal(await page.getByTestId("task-state").innerText(), "Task: waiting for your answer");
    assert.equal(await page.getByTestId("task-state").getAttribute("data-state"), "input-required");
    const turns = await page.getByTestId("turn").allInnerTexts();
    assert.match(turns[0], /You\s*I need a room/);
    // The Button waits for a name (its check), then sends the action on the same task.
    const book = surface.getByRole("button", { name: "Book" });
    assert.equal(await book.isDisabled(), true);
    await surface.getByLabel("Your name").fill("Ada Lovelace");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled && b.getAttribute("aria-disabled") !== "true"));
    await book.click();
    // The agent asks first: the console's dialog, with the agent's summary as its claim.
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.waitFor({ timeout: 15_000 });
    await page.locator("[data-testid=action-state][data-state=NeedsConfirmation]").waitFor();
    // The dialog takes the focus when it opens.
    assert.equal(await settledFocus(page, "confirm-dialog"), "confirm-dialog");
    // The Book button is disabled while the question is open, and a click sends nothing.
    const actions = () => actionsSent(posts).length;
    assert.equal(actions(), 1);
    assert.equal(await book.isDisabled(), true, "Book is disabled while the question is open");
    await book.click({ force: true, timeout: 2_000 }).catch(() => {});
    await page.waitForTimeout(300);
    assert.equal(actions(), 1, "no second action while the question is open");
    // Pending was shown before the message left, then running, then the question.
    assert.deepEqual(await statesShown(page), ["Pending", "Running", "NeedsConfirmation"]);
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
    assert.equal(await page.getByTestId("task-state").innerText(), "Task: done");
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
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Book" && !b.disabled && b.getAttribute("aria-disabled") !== "true"));
    assert.equal(await surface.getByRole("button", { name: "Book" }).isDisabled(), false);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("One action at a time: while Book waits for its confirmation, the form's other Button sends nothing", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    const surface = await bookUntilAsked(page, "fixture");
    const check = surface.getByRole("button", { name: "Check availability" });
    assert.equal(await check.getAttribute("aria-disabled"), "true");
    const sent = actionsSent(posts).length;
    // The dialog is not modal, so the other Button can be pressed; it is held: the agent's
    // answer names no action, and the question would be lost to the second one.
    await check.click({ force: true });
    await check.press("Enter");
    await page.waitForTimeout(500);
    assert.equal(actionsSent(posts).length, sent);
    await page.getByTestId("confirm-dialog").waitFor();
    await shown(page, "NeedsConfirmation");
    // The console says why, in its own words.
    assert.match(await page.getByTestId("action-state").innerText(), /buttons that send to the agent are on hold/);
    // Once the question is answered, both are free again, and Check is an action of its own.
    await page.getByTestId("confirm-no").click();
    await shown(page, "Rejected");
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=agent-surface] button")].some((b) => b.textContent.trim() === "Check availability" && b.getAttribute("aria-disabled") !== "true"));
    await page.waitForFunction(bookEnabled);
    await check.click();
    await page.getByText(/Free on 2026-09-01: ballroom\. Choose Book to book it\./).waitFor({ timeout: 15_000 });
    await shown(page, "Succeeded");
    assert.equal(await page.getByTestId("action-held").count(), 0, "nothing is on hold once answered");
    assert.deepEqual(actionsSent(posts).slice(sent).map((m) => m.parts.find((p) => p.data?.action).data.action.name), ["check"]);
    await page.waitForFunction(bookEnabled);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("A confirmation that expires unanswered closes itself, says so, and nothing is sent", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    await bookUntilAsked(page, "quick");
    const surface = page.getByTestId("agent-surface").first();
    assert.equal(await surface.getByRole("button", { name: "Book" }).isDisabled(), true);
    // It closes itself at its expiry, and the console says why, politely.
    await page.getByTestId("confirm-dialog").waitFor({ state: "detached", timeout: QUICK_TTL_MS + 5_000 });
    await shown(page, "Rejected");
    assert.match(await page.getByTestId("action-state").innerText(), /expired before it was confirmed/);
    assert.match(await page.getByTestId("agent-announce").innerText(), /expired before it was confirmed/);
    // Nothing left the console: no answer at all; nothing was booked.
    assert.deepEqual(sentData(posts, CONFIRMATION), []);
    assert.equal(await page.getByText("Booking confirmed").count(), 0);
    // The Button is free again for a new attempt.
    await page.waitForFunction(bookEnabled);
    assert.deepEqual(await axeViolations(page), [], "axe with the action rejected");
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("Running, then failed: each shown in the console's words, axe-clean", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    // The slow action runs for 3 s: the Button is disabled meanwhile.
    const surface = await book(page, "slow");
    await shown(page, "Running");
    assert.match(await page.getByTestId("action-state").innerText(), /Sent; waiting for the agent/);
    assert.equal(await surface.getByRole("button", { name: "Book" }).isDisabled(), true, "Book is disabled while it runs");
    // Held with aria-disabled: the Button pressed keeps the focus (a disabled one drops it
    // to the page), and a further press sends nothing.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent.trim()), "Book");
    await page.keyboard.press("Enter");
    await page.waitForTimeout(200);
    assert.equal(actionsSent(posts).length, 1, "a press while it runs sends nothing");
    assert.deepEqual(await axeViolations(page), [], "axe while running");
    await shown(page, "Succeeded");
    assert.deepEqual(await axeViolations(page), [], "axe when done");
    await page.close();
    // The failing action ends in a failed task.
    const failing = await agentPage();
    await book(failing.page, "failing");
    await shown(failing.page, "Failed");
    assert.match(await failing.page.getByTestId("action-state").innerText(), /Failed: the agent reports an error/);
    assert.equal(await failing.page.getByTestId("task-state").innerText(), "Task: failed");
    assert.deepEqual(await statesShown(failing.page), ["Pending", "Running", "Failed"]);
    assert.deepEqual(await axeViolations(failing.page), [], "axe when failed");
    assert.equal(actionsSent(failing.posts).length, 1);
    assert.deepEqual(failing.seen.pageErrors, []);
    await failing.page.close();
    assert.equal(actionsSent(posts).length, 1);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("A stream cut off after the send: outcome unknown, then settled from the task, sent once", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    // The first read of the task fails: the outcome stays unknown, and Check again is offered.
    let failGets = true;
    await page.route(`${env.server.url}/agents/cut/**`, (route) => {
      const body = route.request().postData() ?? "";
      if (failGets && body.includes('"tasks/get"')) return route.abort();
      return route.continue();
    });
    await book(page, "cut");
    await shown(page, "OutcomeUnknown");
    await page.getByTestId("check-again").waitFor();
    await page.waitForFunction(() => !document.querySelector("[data-testid=check-again]").disabled);
    assert.match(await page.getByTestId("action-state").innerText(), /Unknown: the connection ended/);
    assert.match(await page.getByTestId("agent-problem").innerText(), /could not be reached to say how the task stands/);
    // Never shown as done, and the Button stays free for the person's own retry.
    assert.equal(await page.getByText("Booking confirmed").count(), 0);
    assert.deepEqual(await axeViolations(page), [], "axe with the outcome unknown");
    await page.waitForTimeout(500);
    assert.equal(actionsSent(posts).length, 1, "nothing is sent again on its own");
    // Check again: the task holds the action, still works, and a resubscribe follows it.
    failGets = false;
    await page.getByTestId("check-again").click();
    await shown(page, "Succeeded", 20_000);
    await page.getByText("Booking confirmed").waitFor();
    await page.getByText(/Booked \(BK-\d{4}\)/).first().waitFor();
    const states = await statesShown(page);
    assert.deepEqual(states.slice(0, 3), ["Pending", "Running", "OutcomeUnknown"]);
    assert.equal(states.at(-1), "Succeeded");
    assert.equal(actionsSent(posts).length, 1, "the action was sent once");
    assert.equal(await page.getByTestId("check-again").count(), 0);
    assert.ok(posts.some((p) => p.method === "tasks/get"));
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("An action that cannot reach the agent is of unknown outcome, never done, and the retry keeps its key", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    // The action's request fails on the way (the agent down, a proxy error): the task as the
    // page last saw it (waiting for the form) says nothing of it.
    let failActions = true;
    await page.route(`${env.server.url}/agents/fixture/**`, (route) => {
      const body = route.request().postData() ?? "";
      if (failActions && body.includes("agent-surfaces/action")) return route.abort();
      return route.continue();
    });
    await book(page, "fixture");
    await shown(page, "OutcomeUnknown");
    // The console reads the task at once: it does not hold the action, so it stays unknown.
    await page.waitForFunction(() => !document.querySelector("[data-testid=checking]"));
    await page.getByTestId("check-again").waitFor();
    assert.ok(posts.some((p) => p.method === "tasks/get"), "the task was read again");
    assert.equal(await page.locator("[data-testid=action-state]").getAttribute("data-state"), "OutcomeUnknown");
    assert.ok(!(await statesShown(page)).includes("Succeeded"), (await statesShown(page)).join(", "));
    assert.equal(await page.getByText("Booking confirmed").count(), 0);
    // The person's retry: the same attempt, with the same key, reaches the agent this time.
    failActions = false;
    await page.waitForFunction(bookEnabled);
    await page.getByTestId("agent-surface").first().getByRole("button", { name: "Book" }).click();
    await shown(page, "NeedsConfirmation");
    const keys = posts
      .map((p) => p.params?.message?.metadata?.["agent-surfaces/action"])
      .filter(Boolean);
    assert.equal(keys.length, 2, JSON.stringify(keys));
    assert.equal(keys[0].idempotencyKey, keys[1].idempotencyKey, "the retry carries the same key");
    assert.deepEqual(keys.map((k) => k.attempt), [1, 2]);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("Reload in the middle of a running action: rebuilt from the task, edits kept, nothing sent twice", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    const surface = await book(page, "slow");
    await shown(page, "Running");
    // An edit made after the send, not sent: kept in this tab, scoped to the task.
    await surface.getByLabel("Your name").fill("Grace Hopper");
    await page.waitForFunction(() => sessionStorage.getItem("agent-surfaces/agent-task")?.includes("Grace Hopper"));
    const record = await stored(page);
    assert.equal(record.format, 1);
    assert.equal(record.agent, "slow");
    assert.match(record.taskId, /^task-/);
    assert.deepEqual(record.attempts.map((a) => a.state), ["running"]);
    assert.deepEqual(record.edits, [{ surfaceId: record.edits[0].surfaceId, pointer: "/booking/name", value: "Grace Hopper" }]);
    // Nothing the agent wrote is kept: it is read again from the agent.
    const text = JSON.stringify(record);
    assert.ok(!text.includes("Book a meeting room") && !text.includes("Checking availability"), text);
    await page.reload();
    // Restored: the surfaces rebuilt from tasks/get, the action of unknown outcome until the
    // task (which holds its key) says it works, followed to its end.
    await shown(page, "Succeeded", 20_000);
    const restored = page.getByTestId("agent-surface").first();
    assert.equal(await restored.getByLabel("Your name").inputValue(), "Grace Hopper");
    await page.getByText("Booking confirmed").waitFor();
    const states = await statesShown(page);
    assert.equal(states[0], "OutcomeUnknown", states.join(", "));
    assert.equal(states.at(-1), "Succeeded");
    assert.equal(actionsSent(posts).length, 1, "no action was sent again");
    assert.ok(posts.some((p) => p.method === "tasks/get"));
    assert.ok(posts.some((p) => p.method === "tasks/resubscribe"), "the working task was followed");
    // The task's turns are there once each.
    const turns = await page.getByTestId("turn").allInnerTexts();
    assert.equal(turns.filter((t) => /I need a room/.test(t)).length, 1);
    assert.equal(await page.getByTestId("ignored").count(), 0, "the person's own action is not drawn");
    // The record follows: the attempt done, the edit still there.
    await page.waitForFunction(() => sessionStorage.getItem("agent-surfaces/agent-task")?.includes('"succeeded"'));
    assert.deepEqual((await stored(page)).edits.map((e) => e.value), ["Grace Hopper"]);
    assert.deepEqual(await axeViolations(page), [], "axe after the reload");
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("Forget this task: nothing of it is left in storage or on the page", async () => {
  const { page, seen } = await agentPage();
  try {
    await bookUntilAsked(page, "fixture");
    await page.getByTestId("confirm-no").click();
    await shown(page, "Rejected");
    await page.waitForFunction(() => sessionStorage.length > 0);
    await page.getByTestId("forget-task").click();
    assert.equal(await page.evaluate(() => sessionStorage.length), 0, "storage is empty");
    assert.equal(await page.getByTestId("agent-surface").count(), 0);
    assert.equal(await page.getByTestId("turn").count(), 0);
    assert.equal(await page.getByTestId("action-state").count(), 0);
    assert.match(await page.getByTestId("agent-announce").innerText(), /forgotten/);
    await page.getByText("Choose an agent to start a conversation.").waitFor();
    assert.deepEqual(await axeViolations(page), [], "axe after forgetting");
    // A reload restores nothing, and storage stays empty.
    await page.reload();
    await page.getByTestId("agent-list").waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId("agent-surface").count(), 0);
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

/** Opens the console on `agent` and sends `text`; resolves once the answer is read (Send is
 * free again). */
async function converse(page, agent, text = "Hello") {
  await page.goto(`${env.server.url}/`);
  await page.getByTestId("agent-screen").waitFor();
  await page.getByRole("button", { name: agent, exact: true }).click();
  await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
  await say(page, text);
}

async function say(page, text) {
  await page.getByTestId("agent-message").fill(text);
  await page.getByTestId("agent-message").press("Enter");
  // Taken: the composer is emptied as the message leaves (its turn may already be gone from
  // the view, which keeps the newest turns, when an agent floods it).
  await page.waitForFunction(() => document.querySelector("[data-testid=agent-message]").value === "");
  await page.waitForFunction(() => !document.querySelector("[data-testid=agent-send]").disabled, null, { timeout: 30_000 });
}

test("streaming updates appear as they arrive: a long job's progress is drawn step by step", async () => {
  const { page, seen } = await agentPage();
  try {
    // Every distinct "N of 8 steps done" the page shows, with when it showed it.
    await page.addInitScript(() => {
      window.__progress = [];
      new MutationObserver(() => {
        const m = document.body?.textContent.match(/(\d) of 8 steps done/);
        if (m && window.__progress.at(-1)?.n !== Number(m[1])) window.__progress.push({ n: Number(m[1]), t: performance.now() });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await converse(page, "progress", "Make the report");
    await page.getByTestId("agent-surface").getByText("8 of 8 steps done").waitFor({ timeout: 15_000 });
    const seenSteps = await page.evaluate(() => window.__progress);
    const steps = seenSteps.map((p) => p.n);
    assert.ok(steps.length >= 5, `each step drawn as it came: ${steps.join(", ")}`);
    assert.deepEqual(steps, [...steps].sort((a, b) => a - b), "in order");
    assert.ok(seenSteps.at(-1).t - seenSteps[0].t > 1000, "spread over the job's 2 s, not all at the end");
    assert.equal(await page.getByTestId("task-state").getAttribute("data-state"), "completed");
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await page.close();
  }
});

test("an agent answering with Messages, not Tasks: the form, an action, done", async () => {
  const { page, seen, posts } = await agentPage();
  try {
    await converse(page, "message", "I need a room");
    const surface = page.getByTestId("agent-surface").first();
    await surface.getByText("Book a meeting room").waitFor({ timeout: 15_000 });
    await surface.getByLabel("Your name").fill("Ada Lovelace");
    await page.waitForFunction(bookEnabled);
    await surface.getByRole("button", { name: "Book" }).click();
    await shown(page, "Succeeded");
    assert.equal(actionsSent(posts).length, 1);
    assert.deepEqual(seen.pageErrors, []);
    assert.deepEqual(seen.violations, []);
  } finally {
    await page.close();
  }
});

test("every hostile mode leaves the console working: nothing injected, nothing off the origin", async () => {
  // What each hostile agent's answer must leave on the page (besides a console that works).
  const modes = {
    markup: async () => {},
    storm: async () => {},
    // The part over the limit is not read: a finding, never a surface.
    oversize: async (page) => {
      await page.locator("[data-testid=finding][data-code=part-too-large]").first().waitFor({ timeout: 5_000 });
      assert.equal(await page.getByTestId("agent-surface").getByText(/x{100}/).count(), 0);
    },
    cycle: async (page) => assert.match(await page.getByTestId("ignored").innerText(), /invalid interface updates? ignored/),
    // Ended without its last event: said, never taken for an answer.
    cutoff: async (page) => page.locator("[data-testid=finding][data-code=a2a-stream-cut]").first().waitFor({ timeout: 5_000 }),
    foreign: async (page) => {
      // A second conversation: the agent also writes to the first one's surface, refused.
      await page.getByRole("button", { name: "foreign", exact: true }).click();
      await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
      await say(page, "Again");
      assert.match(await page.getByTestId("ignored").innerText(), /invalid interface updates? ignored/);
    },
  };
  for (const [agent, check] of Object.entries(modes)) {
    const { page, seen, posts } = await agentPage();
    try {
      await converse(page, agent).catch((e) => assert.fail(`${agent}: the first answer: ${e.message}`));
      await check(page);
      // Agent strings stayed text: no element of the agent's own in the conversation.
      const injected = await page.locator(":is([data-testid=turns], [data-testid=agent-surface]) :is(script, iframe, object, embed, a, img, b, form, style)").count();
      assert.equal(injected, 0, `${agent}: elements from agent strings`);
      assert.equal(await page.evaluate(() => window.__pwned), undefined, `${agent}: agent script ran`);
      // The console still works: the person can go on.
      await say(page, "Still there?").catch((e) => assert.fail(`${agent}: the next message: ${e.message}`));
      const texts = posts.flatMap((p) => p.params?.message?.parts ?? []).map((part) => part.text);
      assert.ok(texts.includes("Still there?"), `${agent}: the next message was not sent`);
      assert.deepEqual(seen.requests.filter((u) => !u.startsWith(env.server.url)), [], `${agent}: requests off the origin`);
      assert.deepEqual(seen.violations, [], `${agent}: CSP violations`);
      assert.deepEqual(seen.pageErrors, [], `${agent}: page errors`);
      assert.deepEqual(await axeViolations(page), [], `${agent}: axe`);
    } finally {
      await page.close();
    }
  }
});
