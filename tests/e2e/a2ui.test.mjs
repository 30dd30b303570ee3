// The A2UI screen in headless Chromium, served by trunk under the console's CSP.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/console-server.mjs";
import { consoleSession, offOrigin as requestsOffOrigin, ARTIFACTS } from "./lib/session.mjs";
import { assertQuiet, settledFocus, watchedPage } from "./lib/browser.mjs";
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
  let iconCount = 0;
  for (const id of ids) {
    await ui.choose(id);
    await ui.surface().first().waitFor();
    assert.equal(await ui.placeholders(), 0, `${id}: placeholder`);
    assert.equal(await ui.ignoredText(), null, `${id}: ignored updates`);
    assert.deepEqual(await axeViolations(page), [], `${id}: axe-core violations`);
    // Every icon is SVG we drew (a path, or the named frame of a name we do not know),
    // never a character that needs an emoji font.
    const icons = await ui.surface().locator(".a2ui-icon").evaluateAll((els) =>
      els.map((e) => [e.tagName, e.textContent, e.querySelectorAll("path, rect").length, e.getAttribute("aria-label") ?? e.getAttribute("aria-hidden")]),
    );
    for (const icon of icons) {
      assert.equal(icon[0], "svg", `${id}: ${icon}`);
      assert.equal(icon[1], "", `${id}: text in an icon`);
      assert.equal(icon[2], 1, `${id}: ${icon}`);
      assert.ok(icon[3], `${id}: an icon neither named nor hidden`);
    }
    iconCount += icons.length;
    if (["01_flight-status", "05_product-card", "08_user-profile", "09_login-form", "13_coffee-order", "29_movie-card", "33_financial-data-grid", "36_modal"].includes(id)) {
      await page.screenshot({ path: path.join(ARTIFACTS, `a2ui-${id}.png`), fullPage: true });
    }
  }
  assert.ok(iconCount > 20, `the examples' icons were seen: ${iconCount}`);
  assertQuiet(seen, "the agent colour is set through CSSOM");
  assert.deepEqual(offOrigin(seen), []);
  await context.close();
});

test("the examples are fetched from the console's own origin when chosen, each once", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  const examples = () => seen.requests.filter((u) => new URL(u).pathname.startsWith("/a2ui/"));
  await ui.open();
  // The screen opens with the example it carries: no request.
  await ui.shown("09_login-form");
  assert.equal(await ui.positionText(), "3 of 3 envelopes read: 3 applied, 0 refused.");
  assert.deepEqual(examples(), []);
  await ui.choose("05_product-card");
  await ui.surface().first().waitFor();
  assert.equal(await ui.placeholders(), 0);
  assert.deepEqual(examples(), [`${session.server.url}/a2ui/05_product-card.json`]);
  // Chosen again, it is not asked for again; the carried ones never are.
  await ui.choose("09_login-form");
  await ui.choose("05_product-card");
  await ui.choose("hostile");
  assert.equal(examples().length, 1);
  assert.deepEqual(offOrigin(seen), []);
  assertQuiet(seen);
  await context.close();
});

test("an example that cannot be fetched says why and leaves the stream as it was", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await page.route("**/a2ui/07_task-card.json", (r) => r.fulfill({ status: 404, body: "gone" }));
  await ui.open();
  const before = await page.getByTestId("stream-text").inputValue();
  await page.getByTestId("stream-select").selectOption("07_task-card");
  const error = page.getByTestId("example-error");
  await error.waitFor();
  assert.equal(
    await error.textContent(),
    "The example 07_task-card could not be fetched from a2ui/07_task-card.json: the server answered 404.",
  );
  assert.equal(await error.getAttribute("role"), "alert");
  await ui.shown("09_login-form");
  assert.equal(await page.getByTestId("stream-text").inputValue(), before);
  assert.equal(await ui.positionText(), "3 of 3 envelopes read: 3 applied, 0 refused.");
  assert.deepEqual(await axeViolations(page), []);
  // The menu names the stream shown again, and choosing the example again tries again.
  assert.equal(await page.getByTestId("stream-select").inputValue(), "09_login-form");
  await page.unroute("**/a2ui/07_task-card.json");
  await ui.choose("07_task-card");
  assert.equal(await error.count(), 0);
  // A server that answers a missing file with its page (as \`trunk serve\` does) is not taken
  // at its word.
  await page.route("**/a2ui/04_weather-current.json", (r) => r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><p>the console</p>" }));
  const shown = await page.getByTestId("stream-text").inputValue();
  await page.getByTestId("stream-select").selectOption("04_weather-current");
  await error.waitFor();
  assert.equal(
    await error.textContent(),
    "The example 04_weather-current could not be fetched from a2ui/04_weather-current.json: the server answered with text/html, not JSON.",
  );
  assert.equal(await page.getByTestId("stream-text").inputValue(), shown);
  // Another example takes its place, and the message goes.
  await ui.choose("05_product-card");
  assert.equal(await error.count(), 0);
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

/** Holds the answers for `glob` until `release()` is called. */
async function hold(page, glob) {
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(glob, async (r) => {
    await held;
    await r.continue();
  });
  return () => release();
}

/** Releases a held answer and waits until the page has read it and run what follows. */
async function releaseAndSettle(page, release, glob) {
  const came = page.waitForResponse(glob);
  release();
  await (await came).finished();
  for (let i = 0; i < 5; i++) await page.evaluate(() => new Promise((r) => setTimeout(r, 20)));
}

test("an example that comes late is dropped when another was chosen, or text typed, since", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  const slow = "**/a2ui/03_calendar-day.json";
  let release = await hold(page, slow);
  await ui.open();
  // Another example chosen meanwhile.
  await ui.startChoosing("03_calendar-day");
  await ui.choose("04_weather-current");
  const chosen = await page.getByTestId("stream-text").inputValue();
  assert.match(chosen, /"surfaceId"/);
  await releaseAndSettle(page, release, slow);
  assert.equal(await page.getByTestId("stream-text").inputValue(), chosen);
  assert.equal(await ui.shownStream(), "04_weather-current");
  assert.equal(await page.getByTestId("stream-select").inputValue(), "04_weather-current");
  // Text typed meanwhile: what the person typed stays, and is taken once they pause.
  await page.unroute(slow);
  release = await hold(page, "**/a2ui/06_music-player.json");
  await ui.startChoosing("06_music-player");
  const typed = JSON.stringify({ version: "v0.9", createSurface: { surfaceId: "typed", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } });
  await page.getByTestId("stream-text").focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.getByTestId("stream-text").pressSequentially(typed.slice(0, 20));
  await releaseAndSettle(page, release, "**/a2ui/06_music-player.json");
  assert.equal(await page.getByTestId("stream-text").inputValue(), typed.slice(0, 20));
  await page.getByTestId("stream-text").pressSequentially(typed.slice(20));
  await ui.shown("custom");
  assert.equal(await page.getByTestId("stream-text").inputValue(), typed);
  assert.equal(await ui.positionText(), "1 of 1 envelopes read: 1 applied, 0 refused.");
  // A, then B, then A again while A's first answer is held: A is shown once, as asked last.
  const a = "**/a2ui/07_task-card.json";
  release = await hold(page, a);
  await ui.startChoosing("07_task-card");
  await ui.choose("04_weather-current");
  await page.unroute(a);
  await ui.choose("07_task-card");
  const shown = await page.getByTestId("stream-text").inputValue();
  await releaseAndSettle(page, release, a);
  assert.equal(await page.getByTestId("stream-text").inputValue(), shown);
  assert.equal(await ui.shownStream(), "07_task-card");
  assert.equal(await page.getByTestId("result-panel").getAttribute("aria-busy"), null);
  assert.equal(await page.getByTestId("example-error").count(), 0);
  assertQuiet(seen);
  await context.close();
});

test("leaving the screen while an example is fetched leaves the console working", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  const slow = "**/a2ui/12_chat-message.json";
  const release = await hold(page, slow);
  await ui.open();
  await ui.startChoosing("12_chat-message");
  await page.getByTestId("nav-ui-links").click();
  await page.getByTestId("status").waitFor();
  await releaseAndSettle(page, release, slow);
  await page.getByTestId("nav-a2ui").click();
  await ui.shown("09_login-form");
  await ui.choose("12_chat-message");
  assert.equal(await ui.placeholders(), 0);
  assertQuiet(seen);
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
  for (const bad of ["IMG", "SCRIPT", "IFRAME", "OBJECT", "EMBED", "B", "VIDEO", "AUDIO", "FOREIGNOBJECT", "foreignObject"]) {
    assert.ok(!tags.includes(bad), `<${bad}> rendered: ${tags}`);
  }
  // The only SVG is ours (an SVG element's tagName is lower case): each media box's
  // picture of its kind, hidden from assistive technology, one path each.
  const svgs = await ui.surface().locator("svg").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("class"), e.getAttribute("aria-hidden"), [...e.children].map((c) => c.tagName).join()]),
  );
  assert.ok(svgs.length > 0, "the hostile stream's images are drawn as not loaded");
  for (const svg of svgs) assert.deepEqual(svg, ["a2ui-icon a2ui-media-glyph", "true", "path"]);
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
  // A paste is applied whole; Reset goes back to its start. Nothing applied: back is
  // disabled, every envelope waits.
  assert.equal(await ui.positionText(), "5 of 5 envelopes read: 3 applied, 2 refused.");
  await ui.reset();
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
  assert.equal(await settledFocus(page, "step-back"), "step-back", "focus is not lost");
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
  assertQuiet(seen);
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

// ---- Issue 15: faults seen on the official examples, and check messages' timing. ----

const SHOTS = path.join(ARTIFACTS, "screenshots");

/** The boxes of each weighted grid row's cells: [[{x, y, width}, …], …]. */
function gridRows(page) {
  return page.locator("[data-testid=a2ui-surface] .a2ui-row:has(> .a2ui-cell)").evaluateAll((rows) =>
    rows.map((r) =>
      [...r.children].map((c) => {
        const b = c.getBoundingClientRect();
        return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), bottom: Math.round(b.bottom) };
      }),
    ),
  );
}

test("weighted columns line up across rows and a row stays one line, at 1280 and 390 px", async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await ui.open();
    await ui.choose("33_financial-data-grid");
    await ui.surface().first().waitFor();
    const rows = await gridRows(page);
    assert.ok(rows.length >= 4, `the header and the asset rows: ${rows.length}`);
    for (const [i, row] of rows.entries()) {
      assert.equal(row.length, 4, `row ${i}: four cells`);
      // One line: the cells (centred, as the agent aligns them) share a horizontal band;
      // a wrapped cell would sit wholly below the others.
      const top = Math.max(...row.map((c) => c.y));
      const bottom = Math.min(...row.map((c) => c.bottom));
      assert.ok(top < bottom, `${width}px row ${i} wrapped: ${JSON.stringify(row)}`);
      // Each cell starts where the header's does, and is as wide.
      for (const [k, c] of row.entries()) {
        assert.ok(Math.abs(c.x - rows[0][k].x) <= 1, `${width}px row ${i} cell ${k} at ${c.x}, header at ${rows[0][k].x}`);
        assert.ok(Math.abs(c.width - rows[0][k].width) <= 1, `${width}px row ${i} cell ${k} is ${c.width} wide`);
      }
    }
    // The weights 2 : 1 : 1 : 1.5 (rounded to whole shares, 2 : 1 : 1 : 2) share the line.
    const w = rows[0].map((c) => c.width);
    assert.ok(Math.abs(w[0] - 2 * w[1]) <= 2 && Math.abs(w[1] - w[2]) <= 1, `shares: ${w}`);
    await page.screenshot({ path: path.join(SHOTS, `a2ui-grid-${width === 390 ? "phone" : "desktop"}.png`) });
  }
  assert.deepEqual(seen.violations, []);
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

test("media not loaded keep the size their variant asks for, and their links are the theme's colour", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await ui.open();
  const frame = (sel) => ui.surface().locator(`${sel} .a2ui-media-frame`).first().boundingBox();
  await ui.choose("08_user-profile");
  const avatar = await frame(".a2ui-media-avatar");
  assert.ok(Math.abs(avatar.width - 48) <= 1 && Math.abs(avatar.height - 48) <= 1, `an avatar is 3rem square: ${JSON.stringify(avatar)}`);
  assert.equal(await ui.surface().locator(".a2ui-media-avatar .a2ui-media-frame").first().evaluate((e) => getComputedStyle(e).borderRadius), "50%");
  await ui.choose("29_movie-card");
  // The trailer is the content of the card's dialog.
  await ui.surface().getByRole("button", { name: "Watch Trailer" }).click();
  const video = await frame(".a2ui-media-video");
  assert.ok(Math.abs(video.width / video.height - 16 / 9) < 0.02, `a video is 16:9: ${JSON.stringify(video)}`);
  await page.keyboard.press("Escape");
  await ui.choose("05_product-card");
  const image = await frame(".a2ui-media-mediumFeature");
  assert.ok(Math.abs(image.width / image.height - 4 / 3) < 0.02 && image.width <= 24 * 16 + 1, `a feature image is 4:3, at most 24rem: ${JSON.stringify(image)}`);
  const colours = await ui.surface().locator("figure a").evaluateAll((as) => as.map((a) => getComputedStyle(a).color));
  assert.ok(colours.length > 0);
  for (const c of colours) assert.equal(c, "rgb(31, 78, 121)", "the accent, not the browser's blue");
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(seen.violations, []);
  assert.deepEqual(offOrigin(seen), [], "nothing was loaded");
  await context.close();
});

test("a Modal's trigger that is also a Card's or a Tab's only child is drawn once, where it opens the dialog", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.paste(JSON.stringify([
    { version: "v0.9", createSurface: { surfaceId: "m", catalogId: BASIC } },
    { version: "v0.9", updateComponents: { surfaceId: "m", components: [
      { id: "root", component: "Column", children: ["card", "tabs", "m1", "m2"] },
      { id: "card", component: "Card", child: "open1" },
      { id: "tabs", component: "Tabs", tabs: [{ title: "Seats", child: "open2" }, { title: "Other", child: "other" }] },
      { id: "other", component: "Text", text: "Another tab" },
      { id: "m1", component: "Modal", trigger: "open1", content: "c1" },
      { id: "m2", component: "Modal", trigger: "open2", content: "c2" },
      { id: "open1", component: "Button", child: "t1", action: { event: { name: "noop" } } },
      { id: "t1", component: "Text", text: "Open details" },
      { id: "open2", component: "Button", child: "t2", action: { event: { name: "noop" } } },
      { id: "t2", component: "Text", text: "Open seats" },
      { id: "c1", component: "Text", text: "Details" },
      { id: "c2", component: "Text", text: "Seat 12A" },
    ] } },
  ]));
  for (const name of ["Open details", "Open seats"]) {
    const buttons = ui.surface().getByRole("button", { name });
    assert.equal(await buttons.count(), 1, `${name} drawn once`);
    await buttons.click();
    const dialog = page.locator("dialog[open]");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await page.locator("dialog[open]").waitFor({ state: "detached" }).catch(() => {});
    assert.equal(await page.locator("dialog[open]").count(), 0);
  }
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

test("check messages wait until a field is left or a submit is tried; the button says why it is disabled", async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { page, seen, context } = await watchedPage(session.browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  const ui = new A2uiPage(page, session.server.url);
  await ui.open();
  await ui.choose("09_login-form");
  const errors = () => ui.surface().getByTestId("a2ui-errors").allTextContents();
  const signIn = ui.surface().locator("[data-component=login-btn]");
  // First read: not one message yet; the button is disabled and says why.
  assert.deepEqual(await errors(), []);
  assert.equal(await ui.surface().locator("[aria-invalid]").count(), 0);
  assert.ok(await signIn.isDisabled());
  assert.equal(await ui.surface().getByTestId("a2ui-button-reason").textContent(), "Please fix errors before signing in");
  const email = ui.surface().getByLabel("Email");
  await email.click();
  await page.keyboard.type("not-an");
  assert.deepEqual(await errors(), [], "nothing while the person types");
  await page.keyboard.press("Tab");
  await ui.surface().getByTestId("a2ui-errors").first().waitFor();
  assert.deepEqual(await errors(), ["Please enter a valid email address"], "the field left says what is wrong with it");
  assert.equal(await email.getAttribute("aria-invalid"), "true");
  // A press on the disabled button is a submit tried: the password says what it lacks.
  await signIn.click({ force: true });
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=a2ui-errors]").length === 2);
  assert.deepEqual(await errors(), ["Please enter a valid email address", "Password is requiredPassword must be at least 8 characters long"]);
  assert.ok(await signIn.isDisabled(), "still disabled, with its reason");
  assert.equal(await page.getByTestId("a2ui-action").count(), 0, "nothing was sent");
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: path.join(SHOTS, "a2ui-check-messages.png") });
  // Fixing both: the messages go, the button works.
  await email.fill("person@example.com");
  await ui.surface().getByLabel("Password").fill("correct horse");
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=a2ui-errors]").length === 0);
  await signIn.click();
  assert.match(await ui.actionText(), /"name": "login"/);
  // The message is where the eye is: right under the surface that sent it, on screen.
  const area = await page.getByTestId("agent-area").boundingBox();
  const box = await page.getByTestId("a2ui-action-box").boundingBox();
  assert.ok(box.y >= area.y + area.height && box.y - (area.y + area.height) < 40, `under the surface: ${JSON.stringify({ area, box })}`);
  assert.ok(box.y < page.viewportSize().height, `in view at ${JSON.stringify(page.viewportSize())}: ${box.y}`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});
