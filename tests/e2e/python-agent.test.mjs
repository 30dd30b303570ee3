// The console against real third-party agents written against the official Python stacks,
// each in a pinned venv that scripts/record-a2a.py's make_venv makes (or reuses) here, behind
// surfaces-server, all on loopback: discovery, their surfaces drawn, an action round trip,
// nothing they sent refused, no request off the origin, no CSP violation.
//
// - tests/fixtures/a2a/agent_0_3.py: a2a-sdk 0.3 (A2A v0.3), hand-written envelopes;
// - tests/fixtures/a2a/agent_a2ui_sdk.py: a2a-sdk 0.3 with a2ui-a2a 0.1.0 (extension URI, card
//   entry, activation, parts) and a2ui-agent-sdk 0.9.0's builder (every surface);
// - tests/fixtures/a2a/agent_1_3.py: a2a-sdk 1.3, with the hybrid card it publishes by
//   default (v1.0 and v0.3 interfaces) and with a v1.0-only card (`--only-1.0`: the console
//   must speak A2A v1.0).
// A fresh venv takes 15-20 s to install (pip, from PyPI); later runs reuse it.
import { before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { launch, watchedPage } from "./lib/browser.mjs";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";

const DIST = path.join(ROOT, "tests/e2e/artifacts/dist-agent");
const FIX = path.join(ROOT, "tests/fixtures/a2a");
const ENVELOPES = path.join(FIX, "envelopes.json");
const A2UI = "https://a2ui.org/a2a-extension/a2ui/";

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForCard(url, agent, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (agent.exitCode !== null) throw new Error(`the agent exited with ${agent.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return r.json();
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no card at ${url}`);
}

/** The pinned venv's python, made (or reused) the way the recordings make theirs. */
function venv(name, requirements) {
  const started = Date.now();
  const out = execFileSync("python3", ["-c",
    `import runpy; m = runpy.run_path('scripts/record-a2a.py', run_name='record_a2a'); print(m['make_venv'](${JSON.stringify(name)}, ${JSON.stringify(requirements)}))`,
  ], { cwd: ROOT, encoding: "utf8" });
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 3) console.log(`venv ${name}: ready in ${seconds.toFixed(1)} s`);
  return out.trim().split("\n").pop();
}

before(() => {
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-server"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("trunk", ["build", "--release", "--dist", DIST], { cwd: ROOT, stdio: "inherit" });
});

/**
 * Starts `script` (a Python agent, with `extra` arguments) on a free port, surfaces-server
 * in front of it and a watched page on the console's Agent screen with that agent chosen;
 * runs `body`; then
 * checks that the page made no request off its origin, saw no CSP violation and no
 * uncaught error, and stops everything.
 */
async function withAgent(python, script, extra, body) {
  const port = await freePort();
  const agent = spawn(python, [path.join(FIX, script), String(port), ...extra], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  let server;
  const browser = await launch();
  try {
    const card = await waitForCard(`${base}/.well-known/agent-card.json`, agent, 60_000);
    const child = spawn(path.join(DEBUG_BINS, "surfaces-server"), ["--listen", "127.0.0.1:0", "--dist", DIST, "--agent", `python=${base}/`], { stdio: ["ignore", "pipe", "inherit"] });
    server = child;
    const url = await new Promise((resolve) => readline.createInterface({ input: child.stdout }).once("line", (l) => resolve(l.trim().replace(/\/$/, ""))));
    const { page, seen } = await watchedPage(browser);
    // Every exchange with the agent through the server: what went, what came back.
    const exchanges = [];
    exchanges.pending = 0;
    page.on("requestfinished", async (req) => {
      if (req.method() !== "POST" || !req.url().startsWith(`${url}/agents/python/`)) return;
      exchanges.pending += 1;
      const res = await req.response();
      exchanges.push({ request: req.postDataJSON(), requestHeaders: await req.allHeaders(), status: res.status(), headers: await res.allHeaders(), body: await res.text().catch((e) => `(unread: ${e})`) });
      exchanges.pending -= 1;
    });
    await page.goto(`${url}/`);
    await page.getByTestId("agent-choose").click();
    await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
    await body({ page, card, exchanges, base });
    assert.equal(await page.getByTestId("ignored").count(), 0, "nothing the agent sent was refused");
    assert.equal(await page.getByTestId("agent-problem").count(), 0, "no problem reported");
    assert.deepEqual(seen.requests.filter((u) => !u.startsWith(url)), []);
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
    agent.kill("SIGTERM");
  }
}

/** The exchanges, once `n` have been recorded (a response is read after the page used it). */
async function recorded(exchanges, n) {
  for (const until = Date.now() + 5_000; (exchanges.length < n || exchanges.pending > 0) && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(exchanges.length, n, JSON.stringify(exchanges.map((e) => e.request)));
  return exchanges;
}

async function ask(page, text) {
  await page.getByTestId("agent-message").fill(text);
  await page.getByTestId("agent-message").press("Enter");
}

/** The hand-written booking form (envelopes.json): drawn, then Book completes the task. */
async function bookingFixtureRoundTrip({ page }) {
  await ask(page, "A room for two nights, please");
  const surface = page.getByTestId("agent-surface").first();
  await surface.getByText("Room 4").waitFor({ timeout: 20_000 });
  await surface.getByRole("button", { name: "Book" }).click();
  await page.locator("[data-testid=action-state][data-state=Succeeded]").waitFor({ timeout: 20_000 });
  assert.equal(await page.getByTestId("task-state").getAttribute("data-state"), "completed");
  // The agent's confirmation names what the action carried, resolved from the data model.
  await page.getByTestId("turns").getByText("Booked Room 4 for 2 nights (book from book).").waitFor();
}

test("a Python a2a-sdk 0.3 agent: discovered, its surface drawn, an action round trip", async () => {
  const py = venv("0.3", "requirements-0.3.txt");
  await withAgent(py, "agent_0_3.py", [ENVELOPES], bookingFixtureRoundTrip);
});

test("an agent on a2a-sdk 0.3, a2ui-a2a and a2ui-agent-sdk's builder: form, edit, action, updated surface", async () => {
  const py = venv("a2ui", "requirements-a2ui.txt");
  await withAgent(py, "agent_a2ui_sdk.py", [], async ({ page, card, exchanges, base }) => {
    // Discovery: the card a2ui-a2a's get_a2ui_agent_extension filled in, fetched through the
    // server and shown as fetched from where the agent really is.
    assert.deepEqual(card.capabilities.extensions.map((e) => e.uri), [`${A2UI}v0.9`, `${A2UI}v0.9.1`]);
    await page.getByTestId("agent-card").getByText(`${base}/.well-known/agent-card.json`).waitFor();

    await ask(page, "A room, please");
    const surface = page.getByTestId("agent-surface").first();
    await surface.getByText("Room 4").waitFor({ timeout: 20_000 });
    const nights = surface.getByRole("textbox", { name: "Nights" });
    assert.equal(await nights.inputValue(), "2");
    // The person changes the data model; the action's context carries the new value.
    await nights.fill("3");
    await surface.getByRole("button", { name: "Book" }).click();
    await page.locator("[data-testid=action-state][data-state=Succeeded]").waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId("task-state").getAttribute("data-state"), "completed");
    await page.getByTestId("turns").getByText("Booked Room 4 for 3 nights (from root__button_1).").waitFor();

    // On the wire: both versions requested, try_activate_a2ui_extension chose v0.9.1, so
    // create_a2ui_part typed the parts application/a2ui+json and the envelopes say v0.9.1.
    // (a2a-sdk 0.3 names the activated extensions in a response header only on answers that
    // are not streams: it builds a stream's headers before the executor runs.)
    for (const x of await recorded(exchanges, 2)) {
      assert.equal(x.status, 200);
      assert.equal(x.request.method, "message/stream");
      assert.deepEqual(x.requestHeaders["x-a2a-extensions"].split(/,\s*/).sort(), [`${A2UI}v0.9`, `${A2UI}v0.9.1`]);
    }
    const [first, action] = exchanges;
    assert.match(first.body, /"mimeType":\s*"application\/a2ui\+json"/);
    assert.match(first.body, /"version":\s*"v0\.9\.1",\s*"createSurface"/);
    assert.doesNotMatch(first.body, /"mimeType":\s*"application\/json\+a2ui"/);
    const sent = action.request.params.message.parts.find((p) => p.kind === "data");
    assert.equal(sent.metadata.mimeType, "application/a2ui+json");
    assert.equal(sent.data.action.name, "book");
    assert.deepEqual(sent.data.action.context, { room: "Room 4", nights: "3" });
    assert.match(action.body, /"deleteSurface".*"createSurface".*"updateComponents"/s);

    // The agent's new surface (the builder's second tree) replaced the form.
    const findings = async () => (await page.getByTestId("finding").allInnerTexts()).join(" | ");
    assert.equal(await page.getByTestId("ignored").count(), 0, `the updated surface was refused: ${await findings()}`);
    await surface.getByText("Room 4, 3 nights.").waitFor({ timeout: 5_000 });
    await surface.getByText("Booked", { exact: true }).waitFor();
    assert.equal(await surface.getByRole("button", { name: "Book" }).count(), 0);
  });
});

test("an a2a-sdk 1.3 agent's hybrid card (v1.0 and v0.3 interfaces): discovered, drawn, a round trip", async () => {
  const py = venv("1.3", "requirements-1.3.txt");
  await withAgent(py, "agent_1_3.py", [ENVELOPES], async (ctx) => {
    assert.deepEqual(ctx.card.supportedInterfaces.map((i) => i.protocolVersion), ["1.0", "0.3"]);
    assert.equal(ctx.card.protocolVersion, "0.3", "the SDK's hybrid card carries the v0.3 fields too");
    await bookingFixtureRoundTrip(ctx);
    // Whichever interface the console picked, it kept to it.
    assert.equal(new Set((await recorded(ctx.exchanges, 2)).map((x) => x.request.method)).size, 1);
  });
});

test("an a2a-sdk 1.3 agent with a v1.0-only card: the console speaks A2A v1.0, round trip", async () => {
  const py = venv("1.3", "requirements-1.3.txt");
  await withAgent(py, "agent_1_3.py", [ENVELOPES, "--only-1.0"], async (ctx) => {
    assert.deepEqual(ctx.card.supportedInterfaces.map((i) => i.protocolVersion), ["1.0"]);
    assert.equal(ctx.card.url, undefined, "no v0.3 fields on a v1.0-only card");
    await bookingFixtureRoundTrip(ctx);
    for (const x of await recorded(ctx.exchanges, 2)) {
      assert.equal(x.request.method, "SendStreamingMessage");
      assert.equal(x.requestHeaders["a2a-version"], "1.0");
    }
  });
});
