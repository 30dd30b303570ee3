// Debian's Chromium, driven by playwright-core (its own browser download is not available).
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/**
 * A page that records everything a hostile payload might cause: requests (and to where),
 * new windows, dialogs, console errors, uncaught errors and CSP violations.
 */
export async function watchedPage(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = { requests: [], popups: [], dialogs: [], consoleErrors: [], pageErrors: [], violations: [] };
  context.on("request", (r) => seen.requests.push(r.url()));
  context.on("page", (p) => {
    if (p !== page) seen.popups.push(p.url());
  });
  page.on("dialog", async (d) => {
    seen.dialogs.push(d.message());
    await d.dismiss();
  });
  page.on("console", (m) => {
    // A preload the page does not use (a mismatched URL, mode or credentials) is only a
    // warning, and a second download of the .wasm.
    if (m.type() === "error" || (m.type() === "warning" && /preload/i.test(m.text()))) seen.consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => seen.pageErrors.push(String(e)));
  await page.exposeFunction("__cspViolation", (v) => seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { context, page, seen };
}

/**
 * Asserts that the page of `watchedPage` stayed quiet: nothing refused by its
 * Content-Security-Policy, no console error and no uncaught error. `why` says what the
 * policy would have refused here, when a test wants it said.
 */
export function assertQuiet(seen, why = "") {
  assert.deepEqual(seen.violations, [], `CSP violations${why ? ` (${why})` : ""}`);
  assert.deepEqual(seen.consoleErrors, [], "console errors");
  assert.deepEqual(seen.pageErrors, [], "uncaught errors");
}

/**
 * What started each download of a `.wasm` by the page, in order: "link" for a
 * `<link rel="preload">`, "fetch" for a `fetch()` the preload did not serve.
 */
export async function wasmDownloads(page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname.endsWith(".wasm"))
      .map((e) => e.initiatorType),
  );
}

/**
 * The `data-testid` of the focused element once focus has settled on `expected`, or
 * whatever holds it after `timeout` ms. The console hands focus on after the DOM update
 * that disabled or opened something, a task later than the update a locator sees.
 */
export async function settledFocus(page, expected, timeout = 3_000) {
  const now = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? "");
  await page
    .waitForFunction((want) => document.activeElement?.dataset?.testid === want, expected, { timeout })
    .catch(() => {});
  return now();
}
