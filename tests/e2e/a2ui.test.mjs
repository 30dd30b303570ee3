// The A2UI screen in headless Chromium, served by trunk under the console's CSP.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
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

// The npm package, as a JavaScript front end would use it: what the console must agree with.
const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg");
assert.ok(fs.existsSync(path.join(PKG, "package.json")), "build the package first: scripts/build-npm.sh");
const pkg = await import(path.join(PKG, "agent_surfaces.js"));
pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const BASIC = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

/** The package's report on `text`, as the console's findings table shows it. */
function packageReads(text) {
  const store = new pkg.SurfaceStore();
  store.applyEnvelopes(text);
  const r = store.report();
  const rows = r.findings.map((f) => {
    const p = f.envelope == null ? f.path : `/${f.envelope}${f.path}`;
    return { code: f.code, path: p || "(whole document)", message: f.message };
  });
  return { rows, applied: r.applied, ignored: r.ignored };
}

test("one missing comma is one envelope-not-json finding, with the line and column the npm package gives", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  const login = fs.readFileSync(path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples/09_login-form.json"), "utf8");
  const messages = JSON.stringify(JSON.parse(login).messages, null, 2);
  const dropComma = (text, at) => {
    const out = text.replace(at, at.replace(",", ""));
    assert.notEqual(out, text, at);
    return out;
  };
  // Each case: the text, and how many envelopes apply and are refused.
  const cases = {
    // The file as published ({"name", "description", "messages"}): the wrapper cannot be read.
    published: [dropComma(login, '"component": "Card",'), 0, 1],
    // The envelopes as a JSON array, a comma missing inside one: its neighbours still apply.
    inside: [dropComma(messages, '"component": "Card",'), 2, 1],
    // The comma between the first two envelopes: nothing after it is read.
    between: [dropComma(messages, "\n  },\n  {"), 1, 1],
  };
  for (const [name, [text, applied, refused]] of Object.entries(cases)) {
    await ui.paste(text);
    await ui.applyAll();
    const expected = packageReads(text);
    assert.deepEqual([expected.applied, expected.ignored], [applied, refused], name);
    const rows = await ui.findings();
    const notJson = rows.filter((r) => r.code === "envelope-not-json");
    assert.equal(notJson.length, 1, `${name}: ${JSON.stringify(rows)}`);
    assert.match(notJson[0].message, /\(line \d+, column \d+\)/, name);
    assert.deepEqual(rows, expected.rows, `${name}: the console and the package disagree`);
    const n = expected.applied + expected.ignored;
    assert.equal(await ui.positionText(), `${n} of ${n} envelopes read: ${expected.applied} applied, ${expected.ignored} refused.`);
    const timeline = await ui.timeline();
    assert.equal(timeline.filter((e) => e.state === "refused").length, expected.ignored, name);
    assert.equal(timeline.filter((e) => e.type === "unreadable").length, 1, name);
  }
  assert.deepEqual(seen.violations, []);
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

const REFUSALS = [
  { version: "v0.9", createSurface: { surfaceId: "s", catalogId: BASIC } },
  { version: "v0.9", updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Text", text: "Hello from the stream" }] } },
  // Not JSON: a comma missing; markup in it stays text.
  '{"version":"v0.9","updateDataModel":{"surfaceId":"s" "path":"/a","value":"<img src=x onerror=alert(1)>"}}',
  { version: "v0.9", updateDataModel: { surfaceId: "nope", path: "/a", value: 1 } },
  { version: "v0.9", deleteSurface: { surfaceId: "s" } },
].map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n");

test("the stream timeline: statuses, counts, step forward and back, and why an envelope was refused", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.paste(REFUSALS);
  // Nothing applied yet: back is disabled, every envelope waits.
  assert.ok(await ui.backButton().isDisabled());
  assert.ok(await ui.stepButton().isEnabled());
  assert.deepEqual((await ui.timeline()).map((e) => e.state), ["pending", "pending", "pending", "pending", "pending"]);
  assert.equal(await ui.positionText(), "0 of 5 envelopes read: 0 applied, 0 refused.");

  // Step by keyboard: Enter on the step button; the entry just applied is marked in words.
  await ui.stepButton().focus();
  for (let i = 1; i <= 5; i++) {
    await page.keyboard.press("Enter");
    const t = await ui.timeline();
    assert.deepEqual(t.map((e) => e.current), t.map((_, j) => j === i - 1), `after step ${i}`);
    assert.match(await ui.entry(i - 1).textContent(), /just applied/);
  }
  assert.ok(await ui.stepButton().isDisabled(), "step is disabled at the end");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), "step-back", "focus is not lost");
  const timeline = await ui.timeline();
  assert.deepEqual(timeline.map((e) => e.type), ["createSurface", "updateComponents", "unreadable", "updateDataModel", "deleteSurface"]);
  assert.deepEqual(timeline.map((e) => e.surface), ["surface s", "surface s", "no surface", "surface nope", "surface s"]);
  assert.deepEqual(timeline.map((e) => e.status), ["applied", "applied", "refused: envelope-not-json", "refused: surface-unknown", "applied"]);
  assert.equal(await ui.positionText(), "5 of 5 envelopes read: 3 applied, 2 refused.");
  assert.equal(await ui.liveText(), "Envelope 5 of 5: deleteSurface on surface s, applied.");
  // The same counts as the package gives for the same text.
  const expected = packageReads(REFUSALS);
  assert.deepEqual([expected.applied, expected.ignored], [3, 2]);
  assert.deepEqual(await ui.findings(), expected.rows);
  assert.equal(await ui.surface().count(), 0, "the surface was deleted");

  // Back rebuilds the store up to the envelope before: the surface is there again.
  await ui.back();
  assert.deepEqual((await ui.timeline()).map((e) => e.state), ["applied", "applied", "refused", "refused", "pending"]);
  assert.equal(await ui.positionText(), "4 of 5 envelopes read: 2 applied, 2 refused.");
  assert.ok(await ui.stepButton().isEnabled());
  assert.match(await ui.surface().textContent(), /Hello from the stream/);

  // Keyboard only: Tab to the first refused envelope and press Enter.
  await ui.backButton().focus();
  let reached = false;
  for (let i = 0; i < 8 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await ui.why(2).evaluate((b) => b === document.activeElement);
  }
  assert.ok(reached, "the refused envelope is reachable by Tab");
  await page.keyboard.press("Enter");
  assert.equal(await ui.why(2).getAttribute("aria-expanded"), "true");
  const detail = ui.detail(2);
  await detail.waitFor();
  assert.equal(await detail.getByTestId("timeline-finding").getAttribute("data-code"), "envelope-not-json");
  assert.match(await detail.getByTestId("timeline-finding").textContent(), /\(line 3, column 54\)/);
  const pre = detail.getByTestId("timeline-json");
  assert.equal(await pre.evaluate((el) => el.tagName), "PRE");
  assert.equal(await pre.evaluate((el) => el.childElementCount), 0, "the JSON is text");
  const shown = await pre.textContent();
  const [before, line, caret] = shown.split("\n");
  assert.match(before, /^2 \| …/, shown);
  assert.match(line, /^3 \| …/, shown);
  assert.ok(line.includes('"surfaceId":"s" "path"'), shown);
  assert.ok(line.includes("<img src=x onerror=alert(1)>"), shown);
  assert.match(caret, /^ {2}\| +\^$/, shown);
  assert.ok(line.slice(caret.indexOf("^")).startsWith('"path"'), `the caret is under column 54: ${shown}`);
  assert.equal(await page.locator("img").count(), 0);
  assert.deepEqual(await axeViolations(page), [], "axe-core, the detail open");
  await page.screenshot({ path: path.join(ARTIFACTS, "a2ui-timeline.png"), fullPage: true });

  // A refusal by the fold shows the part of the envelope its path names.
  await ui.why(3).click();
  assert.equal(await ui.why(2).getAttribute("aria-expanded"), "false", "one detail at a time");
  assert.equal(await ui.detail(3).getByTestId("timeline-finding").getAttribute("data-code"), "surface-unknown");
  assert.match(await ui.detail(3).getByTestId("timeline-json").textContent(), /nope/);

  assert.deepEqual(seen.dialogs, []);
  assert.deepEqual(seen.consoleErrors, []);
  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(seen.violations, [], "CSP violations");
  assert.deepEqual(offOrigin(seen), []);
  await context.close();
});

test("the timeline at 390 px: nothing overflows, axe-clean, keyboard stepping works", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  await page.setViewportSize({ width: 390, height: 844 });
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.paste(REFUSALS);
  await ui.applyAll();
  await ui.why(2).click();
  await ui.detail(2).getByTestId("timeline-json").waitFor();
  const box = await page.getByTestId("timeline-box").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the timeline fits: ${JSON.stringify(box)}`);
  const overflow = await page.getByTestId("timeline-box").evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.equal(overflow, 0, "no sideways scrolling in the list (the JSON scrolls in its own box)");
  const pre = await ui.detail(2).getByTestId("timeline-json").boundingBox();
  assert.ok(pre.x + pre.width <= 390, `the JSON box fits: ${JSON.stringify(pre)}`);
  assert.deepEqual(await axeViolations(page), [], "axe-core at 390 px");
  await page.getByTestId("timeline-box").screenshot({ path: path.join(ARTIFACTS, "a2ui-timeline-390.png") });
  await ui.back();
  await ui.back();
  assert.equal(await ui.positionText(), "3 of 5 envelopes read: 2 applied, 1 refused.");
  assert.deepEqual(seen.violations, []);
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});
