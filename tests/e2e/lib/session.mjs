// One served console and one Chromium per test file, started before its tests and stopped
// after them.
import { before, after } from "node:test";
import fs from "node:fs";
import path from "node:path";
import { startConsole, ROOT } from "./console-server.mjs";
import { launch } from "./browser.mjs";

export const ARTIFACTS = path.join(ROOT, "tests/e2e/artifacts");

/** Registers the hooks; the returned object's `server` and `browser` are set before tests run. */
export function consoleSession() {
  const session = { server: null, browser: null };
  before(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    session.server = await startConsole();
    session.browser = await launch();
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}

/** Requests a page made to anything but the console's origin (`data:` included). */
export function offOrigin(seen, serverUrl) {
  const origin = new URL(serverUrl).origin;
  return seen.requests.filter((u) => new URL(u).origin !== origin);
}
