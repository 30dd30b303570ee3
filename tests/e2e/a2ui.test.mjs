// The A2UI screen in headless Chromium, served by trunk under the console's CSP.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ROOT } from "./lib/console-server.mjs";
import { consoleSession, offOrigin as requestsOffOrigin, ARTIFACTS } from "./lib/session.mjs";
import { watchedPage } from "./lib/browser.mjs";
import { A2uiPage } from "./pages/a2ui.mjs";
import { axeViolations } from "./lib/axe.mjs";

const session = consoleSession();

const offOrigin = (seen) => requestsOffOrigin(seen, session.server.url);

test("each of the 36 official examples renders with no placeholder, no error and no violation", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  const ids = (await ui.streamIds()).filter((id) => /^\d\d_/.test(id));
  assert.equal(ids.length, 36);
  for (const id of ids) {
    await ui.choose(id);
    await ui.surface().first().waitFor();
    assert.equal(await ui.placeholders(), 0, `${id}: placeholder`);
    assert.equal(await ui.ignoredText(), null, `${id}: ignored updates`);
    assert.deepEqual(await axeViolations(page), [], `${id}: axe-core violations`);
    if (["05_product-card", "09_login-form", "13_coffee-order", "36_modal"].includes(id)) {
      await page.screenshot({ path: path.join(ARTIFACTS, `a2ui-${id}.png`), fullPage: true });
    }
  }
  assert.deepEqual(seen.consoleErrors, []);
  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(seen.violations, [], "CSP violations (the agent colour is set through CSSOM)");
  assert.deepEqual(offOrigin(seen), []);
  await context.close();
});

test("a hostile stream adds no element of its own, opens nothing and fetches nothing", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.choose("hostile");
  assert.equal(await ui.ignoredText(), "15 invalid interface updates ignored.");
  const tags = await ui.surface().evaluateAll((els) =>
    [...new Set(els.flatMap((el) => [...el.querySelectorAll("*")].map((e) => e.tagName)))].sort(),
  );
  for (const bad of ["IMG", "SCRIPT", "IFRAME", "OBJECT", "EMBED", "SVG", "B", "VIDEO", "AUDIO"]) {
    assert.ok(!tags.includes(bad), `<${bad}> rendered: ${tags}`);
  }
  const hrefs = await ui.surface().locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  for (const h of hrefs) assert.match(h, /^https:\/\//);
  // Click every enabled button the agent drew: actions are built and shown, never sent.
  for (const b of await ui.surface().locator("[data-testid=a2ui-button]:not([disabled])").all()) await b.click();
  assert.match(await ui.actionText(), /"name": "verify"/);
  await page.screenshot({ path: path.join(ARTIFACTS, "a2ui-hostile.png"), fullPage: true });
  await page.waitForTimeout(300);
  assert.deepEqual(seen.dialogs, []);
  assert.deepEqual(seen.popups, []);
  assert.deepEqual(seen.violations, []);
  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(offOrigin(seen), []);
  await context.close();
});

test("keyboard only: complete the login form and send its action", async () => {
  const { page, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.choose("09_login-form");
  // Start from the agent's area and move with Tab alone.
  await ui.surface().first().evaluate((el) => el.closest("[data-testid=agent-area]").focus());
  await page.keyboard.press("Tab");
  await page.keyboard.type("kb@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("correct horse");
  let pressed = false;
  for (let i = 0; i < 6 && !pressed; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.dataset?.testid ?? "");
    if (focused === "a2ui-button") {
      await page.keyboard.press("Enter");
      pressed = true;
    }
  }
  assert.ok(pressed, "no button reachable by Tab");
  const action = JSON.parse(await ui.actionText());
  assert.equal(action.version, "v0.9");
  assert.equal(action.action.surfaceId, "gallery-login-form");
  assert.equal(action.action.context.email, "kb@example.com");
  await context.close();
});

test("a stream opened from a file is folded like a pasted one", async () => {
  const { page, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await page.getByTestId("stream-file").setInputFiles(path.join(ROOT, "tests/fixtures/a2ui/hostile.json"));
  await page.getByTestId("a2ui-ignored").waitFor();
  assert.equal(await ui.ignoredText(), "15 invalid interface updates ignored.");
  assert.equal(await page.getByTestId("stream-select").inputValue(), "custom");
  await context.close();
});
