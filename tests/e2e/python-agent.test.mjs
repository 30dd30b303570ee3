// The console against a real third-party agent: a small booking agent written against the
// official Python stack (a2a-sdk 0.3, tests/fixtures/a2a/agent_0_3.py, in the pinned venv
// scripts/record-a2a.py makes), behind surfaces-server, all on loopback. Discovery, its
// surface drawn, an action round trip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { launch, watchedPage } from "./lib/browser.mjs";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";

const DIST = path.join(ROOT, "tests/e2e/artifacts/dist-agent");
const FIX = path.join(ROOT, "tests/fixtures/a2a");

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForCard(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no card at ${url}`);
}

test("a Python a2a-sdk agent: discovered, its surface drawn, an action round trip", async () => {
  // The pinned venv, made (or reused) the way the recordings make it.
  const py = execFileSync("python3", ["-c",
    "import runpy; m = runpy.run_path('scripts/record-a2a.py', run_name='record_a2a'); print(m['make_venv']('0.3', 'requirements-0.3.txt'))",
  ], { cwd: ROOT, encoding: "utf8" }).trim().split("\n").pop();
  execFileSync("cargo", ["build", "-q", "-p", "surfaces-server"], { cwd: ROOT, stdio: "inherit" });
  execFileSync("trunk", ["build", "--release", "--dist", DIST], { cwd: ROOT, stdio: "inherit" });
  const port = await freePort();
  const agent = spawn(py, [path.join(FIX, "agent_0_3.py"), String(port), path.join(FIX, "envelopes.json")], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  let server;
  const browser = await launch();
  try {
    await waitForCard(`${base}/.well-known/agent-card.json`, 60_000);
    const child = spawn(path.join(DEBUG_BINS, "surfaces-server"), ["--listen", "127.0.0.1:0", "--dist", DIST, "--agent", `python=${base}/`], { stdio: ["ignore", "pipe", "inherit"] });
    const url = await new Promise((resolve) => readline.createInterface({ input: child.stdout }).once("line", (l) => resolve(l.trim().replace(/\/$/, ""))));
    server = child;
    const { page, seen } = await watchedPage(browser);
    await page.goto(`${url}/`);
    await page.getByTestId("agent-choose").click();
    await page.waitForFunction(() => !document.querySelector("[data-testid=agent-message]").disabled);
    await page.getByTestId("agent-message").fill("A room for two nights, please");
    await page.getByTestId("agent-message").press("Enter");
    const surface = page.getByTestId("agent-surface").first();
    await surface.getByText("Room 4").waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId("ignored").count(), 0, "nothing the SDK sent was refused");
    await surface.getByRole("button", { name: "Book" }).click();
    await page.locator("[data-testid=action-state][data-state=Succeeded]").waitFor({ timeout: 20_000 });
    assert.match(await page.getByTestId("task-state").innerText(), /Completed/);
    assert.deepEqual(seen.requests.filter((u) => !u.startsWith(url)), []);
    assert.deepEqual(seen.violations, []);
    assert.deepEqual(seen.pageErrors, []);
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
    agent.kill("SIGTERM");
  }
});
