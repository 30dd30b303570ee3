// The console's Agent screen against a live A2A agent, all on loopback: the fixture agent
// behind surfaces-server (the console's same-origin home), the console built by Trunk.
// From discovery to an action round trip; every request the page makes stays on the origin.
import { test } from "node:test";
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

test("discovery to an action round trip with the fixture agent, nothing off the origin", async () => {
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-server", "-p", "surfaces-fixture-agent"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("trunk", ["build", "--release", "--dist", DIST], { cwd: ROOT, stdio: "inherit" });
  const agent = await start("surfaces-fixture-agent", ["--listen", "127.0.0.1:0", "--scenario", "booking"]);
  const server = await start("surfaces-server", ["--listen", "127.0.0.1:0", "--dist", DIST, "--agent", `fixture=${agent.url}`]);
  const browser = await launch();
  try {
    const { page, seen } = await watchedPage(browser);
    // Served with an agent, the console opens on the Agent screen.
    await page.goto(`${server.url}/`);
    await page.getByTestId("agent-screen").waitFor();
    assert.equal(await page.getByTestId("nav-agent").getAttribute("aria-current"), "page");
    // Discovery: the configured agent, then its card and its UI links.
    await page.getByTestId("agent-choose").click();
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
    await page.locator("[data-testid=action-state][data-state=Succeeded]").waitFor({ timeout: 15_000 });
    await page.getByText(/Booked: .*Ada Lovelace/).first().waitFor().catch(async (e) => {
      throw new Error(`${e.message}\n${await page.getByTestId("agent-screen").innerText()}`);
    });
    await page.getByText("Booking confirmed").waitFor();
    assert.match(await page.getByTestId("agent-announce").innerText(), /Done/);
    assert.deepEqual(await axeViolations(page), []);
    // Nothing left the origin, nothing was refused by the policy, nothing broke.
    assert.deepEqual(seen.requests.filter((u) => !u.startsWith(server.url)), []);
    assert.ok(seen.requests.some((u) => u.startsWith(`${server.url}/agents/fixture/`)), "the agent was reached through the proxy");
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await browser.close();
    server.stop();
    agent.stop();
  }
});
