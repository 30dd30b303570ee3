// The console as a person meets it: served by `trunk serve`, opened in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { ROOT, DEBUG_BINS } from "./lib/console-server.mjs";
import { consoleSession, offOrigin as requestsOffOrigin, ARTIFACTS } from "./lib/session.mjs";
import { assertQuiet, wasmDownloads, watchedPage } from "./lib/browser.mjs";
import { UiLinksPage, pasteInto } from "./pages/ui-links.mjs";
import { A2uiPage } from "./pages/a2ui.mjs";
import { AboutPage } from "./pages/about.mjs";
import { axeViolations } from "./lib/axe.mjs";

const session = consoleSession();

function directives(policy) {
  return Object.fromEntries(
    policy
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values];
      }),
  );
}

function assertStrictPolicy(d, { header }) {
  assert.deepEqual(d["default-src"], ["'none'"]);
  assert.deepEqual(d["script-src"], ["'self'", "'wasm-unsafe-eval'"], "no inline script, no eval");
  assert.deepEqual(d["connect-src"], ["'self'"], "no cross-origin connections");
  assert.deepEqual(d["frame-src"], ["'none'"]);
  assert.deepEqual(d["child-src"], ["'none'"]);
  assert.deepEqual(d["object-src"], ["'none'"]);
  assert.deepEqual(d["base-uri"], ["'none'"]);
  assert.deepEqual(d["style-src"], ["'self'"]);
  if (header) assert.deepEqual(d["frame-ancestors"], ["'none'"], "the console cannot be framed");
}

test("the served page carries the Content-Security-Policy header and the same meta policy", async () => {
  const res = await fetch(session.server.url + "/");
  const header = res.headers.get("content-security-policy");
  assert.ok(header, "CSP header missing");
  const h = directives(header);
  assertStrictPolicy(h, { header: true });
  assert.equal(res.headers.get("x-frame-options"), "DENY");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("referrer-policy"), "no-referrer");
  const html = await res.text();
  const meta = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/);
  assert.ok(meta, "meta CSP missing for static hosting");
  const m = directives(meta[1]);
  assertStrictPolicy(m, { header: false });
  delete h["frame-ancestors"]; // ignored in <meta>, so kept out of it
  assert.deepEqual(m, h, "meta and header policies differ");
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, "no inline script");
});

test("the served .wasm carries no function names", async () => {
  // scripts/trunk-post-build.sh drops them (about 200 KB): binaryen does in a release build
  // such as this one, strip-names.mjs in a debug build.
  const res = await fetch(session.server.url + "/surfaces-console_bg.wasm");
  assert.equal(res.status, 200);
  const module = await WebAssembly.compile(await res.arrayBuffer());
  assert.equal(WebAssembly.Module.customSections(module, "name").length, 0);
});

test("the console starts under its policy and shows the Larkfield card as the spec says", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new UiLinksPage(page, session.server.url);
  await ui.open();
  assert.deepEqual(await wasmDownloads(page), ["link"], "the .wasm is downloaded once, by index.html's preload");
  assert.equal(await ui.status(), "present");
  assert.deepEqual(await ui.linkLabels(), ["Service status"], "directory view: public entries only");
  assert.equal(await ui.crossOriginMarks(), 1, "the status page is flagged cross-origin");
  await ui.chooseView("engagement");
  assert.deepEqual(await ui.linkLabels(), ["Payroll reports", "Service status"]);
  await ui.chooseView("operator");
  assert.deepEqual(await ui.linkLabels(), ["Operations dashboard"]);
  await ui.chooseView("all");
  await page.screenshot({ path: path.join(ARTIFACTS, "ui-links-larkfield.png"), fullPage: true });
  assert.deepEqual(await axeViolations(page), [], "axe-core violations on the UI links screen");
  await ui.chooseCard("hostile");
  assert.deepEqual(await axeViolations(page), [], "axe-core violations with the hostile card");
  assertQuiet(seen);
  assert.deepEqual(requestsOffOrigin(seen, session.server.url), []);
  await context.close();
});

// Tags and attributes the console itself writes in <body>; a card can add neither.
const ALLOWED_TAGS = new Set([
  "NOSCRIPT", "HEADER", "P", "NAV", "A", "MAIN", "DIV", "SECTION", "H1", "H2", "LABEL", "SELECT", "OPTION",
  "TEXTAREA", "INPUT", "FIELDSET", "LEGEND", "UL", "LI", "SPAN", "CODE", "BDI", "DETAILS", "SUMMARY", "TABLE",
  "CAPTION", "THEAD", "TBODY", "TR", "TH", "TD", "BUTTON",
]);
const ALLOWED_ATTRS = new Set([
  "id", "class", "for", "href", "target", "rel", "referrerpolicy", "title", "dir", "role", "type", "name", "value",
  "rows", "spellcheck", "accept", "placeholder", "aria-labelledby", "aria-live", "aria-label", "aria-current",
  "data-testid", "data-index", "data-severity", "data-code", "data-ui-links", "scope", "open",
  "aria-describedby", "disabled", "tabindex", "aria-selected", "aria-controls", "aria-invalid", "data-label",
]);

const PASTED = JSON.stringify({
  name: "<img src=https://evil.example/name.png>",
  capabilities: {
    extensions: [
      {
        uri: "https://dev.agentmesh.ai/extensions/ui-links/v1",
        params: {
          uis: [
            { url: "https://evil.example/a", label: "<img src=https://evil.example/pixel.png onerror=alert(1)>", audience: "public",
              purpose: "<link rel=prefetch href=https://evil.example/prefetch><iframe src=https://evil.example/frame></iframe>" },
            { url: "javascript:fetch('https://evil.example/js')", label: "<script>alert(2)</script>", audience: "public" },
            { url: "https://evil.example/b", label: "<a href=\"javascript:alert(3)\" onclick=alert(4)>x</a>", audience: "public",
              kind: "<svg><animate onbegin=alert(5) attributeName=x dur=1s>" },
            { url: "data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==", label: "data", audience: "public" },
            { url: "https://evil.example/c", label: "\u202Eexe.ppa\u202C fdp.", audience: "public" },
          ],
        },
      },
    ],
  },
});

test("a hostile card renders as text: no element or attribute of its own, nothing opened, nothing fetched", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new UiLinksPage(page, session.server.url);
  await ui.open();
  const headBefore = await page.evaluate(() => document.head.outerHTML);
  for (const step of [
    async () => ui.chooseCard("hostile"),
    async () => ui.pasteCard(PASTED),
  ]) {
    await step();
    for (const view of ["directory", "engagement", "operator", "all"]) {
      await ui.chooseView(view);
      const found = await page.evaluate(() =>
        [...document.body.querySelectorAll("*")].map((el) => [el.tagName, el.getAttributeNames()]),
      );
      for (const [tag, attrs] of found) {
        assert.ok(ALLOWED_TAGS.has(tag), `unexpected <${tag}>`);
        for (const a of attrs) assert.ok(ALLOWED_ATTRS.has(a), `unexpected attribute ${a} on <${tag}>`);
      }
      for (const href of await ui.hrefs()) assert.match(href, /^https:\/\//);
    }
  }
  // The markup arrived, as text.
  const labels = await ui.linkLabels();
  assert.ok(labels.includes("<img src=https://evil.example/pixel.png onerror=alert(1)>"), labels.join("|"));
  const codes = await ui.findingCodes();
  assert.ok(codes.includes("url-not-https"));
  assert.ok(codes.includes("text-bidi-control"));
  await page.screenshot({ path: path.join(ARTIFACTS, "ui-links-hostile.png"), fullPage: true });
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.head.outerHTML), headBefore, "head changed");
  assert.deepEqual(seen.dialogs, [], "a dialog opened");
  assert.deepEqual(seen.popups, [], "a window opened");
  assert.deepEqual(seen.violations, [], "something tried and was blocked by the CSP");
  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(requestsOffOrigin(seen, session.server.url), [], "request off the origin");
  await context.close();
});

test("another origin cannot frame the console", async () => {
  const framer = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><iframe id="f" src="${session.server.url}/" width="800" height="600"></iframe>`);
  });
  await new Promise((r) => framer.listen(0, "127.0.0.1", r));
  const framerUrl = `http://localhost:${framer.address().port}/`;
  const { page, context } = await watchedPage(session.browser);
  try {
    // Control: the console itself renders when opened directly.
    await page.goto(session.server.url + "/");
    await page.getByTestId("chrome").waitFor();
    await page.goto(framerUrl);
    // Wait (bounded) for the child frame to exist and settle; a slow machine may need a while.
    let child;
    for (let i = 0; i < 60 && !child; i++) {
      child = page.frames().find((f) => f !== page.mainFrame());
      if (!child) await page.waitForTimeout(250);
    }
    await page.waitForTimeout(2000);
    assert.ok(child, "no child frame");
    const rendered = await child.locator("[data-testid=chrome]").count().catch(() => 0);
    assert.equal(rendered, 0, "the console rendered inside another origin's frame");
  } finally {
    await context.close();
    framer.close();
  }
});

test("a card opened from a file is checked like a pasted one", async () => {
  const { page, context } = await watchedPage(session.browser);
  const ui = new UiLinksPage(page, session.server.url);
  await ui.open();
  await ui.chooseCard("georoute");
  assert.equal(await ui.status(), "absent");
  await page.getByTestId("card-file").setInputFiles(path.join(ROOT, "tests/fixtures/cards/hostile.json"));
  await page.waitForFunction(() => document.querySelector("[data-testid=card-select]").value === "custom");
  assert.equal(await ui.status(), "present");
  // The example's "fetched from" is not this file's: same-origin is said to be not computed.
  assert.equal(await ui.fetchedFrom(), "");
  assert.match(await page.getByTestId("origin-note").textContent(), /^Same-origin was not computed/);
  assert.ok((await ui.findingCodes()).includes("url-not-https"));
  await context.close();
});

// The README's promise: the CLI, Node and the console print one contract record.
test("About this console shows the record `surfaces contract --json` and Node's contract() give", async () => {
  const cli = path.join(DEBUG_BINS, "surfaces");
  assert.ok(fs.existsSync(cli), "build the CLI first: cargo build -p surfaces-cli");
  const printed = JSON.parse(execFileSync(cli, ["contract", "--json"], { encoding: "utf8" }));
  const PKG = path.join(ROOT, "crates/surfaces-wasm/pkg");
  assert.ok(fs.existsSync(path.join(PKG, "package.json")), "build the package first: scripts/build-npm.sh");
  const pkg = await import(path.join(PKG, "agent_surfaces.js"));
  pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });

  const { page, seen, context } = await watchedPage(session.browser);
  const about = new AboutPage(page, session.server.url);
  await about.openByKeyboard();
  assert.equal(await about.current(), "page");
  assert.equal(new URL(page.url()).hash, "#about");
  const shown = await about.recordJson();
  assert.deepEqual(shown, printed, "the console and the CLI disagree (rebuild whichever is stale)");
  assert.deepEqual(shown, pkg.contract(), "the console and Node's contract() disagree");
  // The record reaches the <pre> as one text node.
  assert.deepEqual(
    await page.getByTestId("about-json").evaluate((pre) => [...pre.childNodes].map((n) => n.nodeType)),
    [3], // Node.TEXT_NODE
  );
  // The key facts say what the record says; hashes are shortened but whole in the title.
  assert.deepEqual(await about.accepted(), printed.ui_contract.accepted);
  assert.deepEqual(await about.refused(), printed.ui_contract.refused);
  assert.equal(await about.status(), printed.status);
  assert.deepEqual(await about.bundlePaths(), printed.schema_bundle.map((f) => f.path));
  assert.deepEqual(await about.sha256Titles(), printed.schema_bundle.map((f) => f.sha256));
  const found = await page.evaluate(() =>
    [...document.body.querySelectorAll("*")].map((el) => [el.tagName, el.getAttributeNames()]),
  );
  for (const [tag, attrs] of found) {
    assert.ok(ALLOWED_TAGS.has(tag) || ["DL", "DT", "DD", "PRE"].includes(tag), `unexpected <${tag}>`);
    for (const a of attrs) assert.ok(ALLOWED_ATTRS.has(a), `unexpected attribute ${a} on <${tag}>`);
  }
  await page.screenshot({ path: path.join(ARTIFACTS, "about.png"), fullPage: true });
  assert.deepEqual(await axeViolations(page), [], "axe-core violations on the About screen");
  // Loaded at its address (a reload of #about) it shows the same record.
  await page.reload();
  await about.panel().waitFor();
  assert.deepEqual(await about.recordJson(), printed);
  assertQuiet(seen);
  assert.deepEqual(requestsOffOrigin(seen, session.server.url), []);
  await context.close();
});

/** `surfaces card FILE [--origin URL] --json`, parsed (it exits 1 when the card has errors). */
function cliCardJson(file, origin) {
  const cli = path.join(DEBUG_BINS, "surfaces");
  assert.ok(fs.existsSync(cli), "build the CLI first: cargo build -p surfaces-cli");
  const args = ["card", path.join(ROOT, file), ...(origin ? ["--origin", origin] : []), "--json"];
  const run = spawnSync(cli, args, { encoding: "utf8" });
  assert.ok(run.status === 0 || run.status === 1, `surfaces card exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

test("Download report (JSON) saves what `surfaces card --json` prints for the same card, under the policy", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new UiLinksPage(page, session.server.url);
  await ui.open();
  // The example with the address it came from, as --origin gives it to the CLI.
  const origin = await ui.fetchedFrom();
  assert.equal(origin, "https://agent.larkfield.example/.well-known/agent-card.json");
  const larkfield = await ui.downloadReport();
  assert.equal(larkfield.name, "card-report.json");
  assert.deepEqual(larkfield.json, cliCardJson("tests/fixtures/cards/larkfield.json", origin));
  // The hostile card without an address: every sameOrigin is null, as the CLI says without --origin.
  await ui.chooseCard("hostile");
  await ui.setFetchedFrom("");
  const hostile = await ui.downloadReport();
  assert.deepEqual(hostile.json, cliCardJson("tests/fixtures/cards/hostile.json"));
  assert.ok(hostile.json.entries.every((e) => e.sameOrigin === null));
  // A blob: download is no fetch: nothing for default-src 'none' to refuse.
  assert.deepEqual(seen.violations, [], "CSP violations");
  assert.deepEqual(seen.popups, [], "a window opened");
  assert.deepEqual(seen.consoleErrors, []);
  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(requestsOffOrigin(seen, session.server.url), []);
  await context.close();
});

test("back, forward and an edited address switch screens", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const ui = new UiLinksPage(page, session.server.url);
  await ui.open();
  const screenShown = async (hash, testid) => {
    await page.locator(`main [data-testid=${testid}]`).first().waitFor();
    assert.equal(new URL(page.url()).hash, hash);
  };
  const current = () => page.locator("[data-testid=chrome] nav a[aria-current=page]").getAttribute("data-testid");
  await page.getByTestId("nav-a2ui").click();
  await screenShown("#a2ui", "stream-select");
  await page.getByTestId("nav-about").click();
  await screenShown("#about", "about");
  await page.goBack();
  await screenShown("#a2ui", "stream-select");
  assert.equal(await current(), "nav-a2ui");
  await page.goBack();
  await page.locator("main [data-testid=status]").waitFor();
  assert.equal(new URL(page.url()).hash, "");
  assert.equal(await current(), "nav-ui-links");
  await page.goForward();
  await screenShown("#a2ui", "stream-select");
  await page.evaluate(() => (location.hash = "#about"));
  await screenShown("#about", "about");
  assert.equal(await current(), "nav-about");
  await page.evaluate(() => (location.hash = "#ui-links"));
  await screenShown("#ui-links", "status");
  assert.equal(await current(), "nav-ui-links");
  assert.deepEqual(seen.violations, [], "CSP violations");
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

// ---- Issue 15: the console as people use it, at a desk and on a phone. ----

/** Where the layout tests write what they saw, at both sizes (git-ignored with artifacts/). */
const SHOTS = path.join(ARTIFACTS, "screenshots");
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** The two screens with an input and a result, and what shows each is ready. */
const SCREENS = [
  { name: "ui-links", hash: "#ui-links", ready: "status" },
  { name: "a2ui", hash: "#a2ui", ready: "agent-area" },
];

/** How many lines an element's text is laid out on. */
function lines(locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return new Set(rects.map((r) => Math.round(r.top + r.height / 2))).size;
  });
}

async function openScreen(page, s) {
  await page.goto(session.server.url + "/" + s.hash);
  await page.getByTestId(s.ready).first().waitFor();
}

test("at 390 px the header wraps between names, never inside one, and the result comes before the input", async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { page, seen, context } = await watchedPage(session.browser);
  await page.setViewportSize(PHONE);
  for (const s of SCREENS) {
    await openScreen(page, s);
    for (const id of ["product", "nav-agent", "nav-ui-links", "nav-a2ui", "nav-about"]) {
      assert.equal(await lines(page.getByTestId(id)), 1, `${s.name}: ${id} wraps inside its name`);
    }
    const header = await page.getByTestId("chrome").boundingBox();
    assert.ok(header.height < 110, `${s.name}: the header takes ${header.height}px`);
    const result = await page.getByTestId("result-panel").boundingBox();
    const input = await page.locator(".panel.input").boundingBox();
    assert.ok(
      result.y + result.height <= input.y,
      `${s.name}: the result ${JSON.stringify(result)} comes before the input ${JSON.stringify(input)}`,
    );
    assert.ok(result.y < PHONE.height / 4, `${s.name}: the result starts near the top, at ${result.y}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, `${s.name}: the page scrolls sideways`);
    assert.deepEqual(await axeViolations(page), [], `${s.name}: axe-core at 390 px`);
    await page.screenshot({ path: path.join(SHOTS, `${s.name}-phone.png`) });
    await page.screenshot({ path: path.join(SHOTS, `${s.name}-phone-full.png`), fullPage: true });
  }
  // The Agent screen (served here without an agent): the same header, nothing wider than a phone.
  await page.goto(session.server.url + "/#agent");
  await page.locator("[data-testid=agents-none], [data-testid=agent-list]").first().waitFor();
  assert.equal(await lines(page.getByTestId("nav-about")), 1);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, "agent: sideways");
  await page.screenshot({ path: path.join(SHOTS, "agent-phone.png") });
  assert.deepEqual(seen.violations, [], "CSP violations");
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

test("at 1280 px the input and the result sit side by side, the header on one line", async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const { page, seen, context } = await watchedPage(session.browser);
  await page.setViewportSize(DESK);
  for (const s of SCREENS) {
    await openScreen(page, s);
    const input = await page.locator(".panel.input").boundingBox();
    const result = await page.getByTestId("result-panel").boundingBox();
    assert.ok(input.x + input.width <= result.x, `${s.name}: the input is left of the result`);
    assert.ok(Math.abs(input.y - result.y) < 1, `${s.name}: both start at the same height`);
    const nav = await page.getByTestId("nav-about").boundingBox();
    const product = await page.getByTestId("product").boundingBox();
    assert.ok(Math.abs(nav.y + nav.height / 2 - (product.y + product.height / 2)) < 4, `${s.name}: one header line`);
    assert.deepEqual(await axeViolations(page), [], `${s.name}: axe-core at 1280 px`);
    await page.screenshot({ path: path.join(SHOTS, `${s.name}-desktop.png`) });
  }
  await page.goto(session.server.url + "/#agent");
  await page.locator("[data-testid=agents-none], [data-testid=agent-list]").first().waitFor();
  await page.screenshot({ path: path.join(SHOTS, "agent-desktop.png") });
  assert.deepEqual(seen.violations, [], "CSP violations");
  assert.deepEqual(seen.pageErrors, []);
  await context.close();
});

/**
 * Counts, from now on, each time the result panel is marked busy (typed text waiting) and
 * keeps the panel's text as it was the first time.
 */
async function watchBusy(page) {
  await page.evaluate(() => {
    const panel = document.querySelector("[data-testid=result-panel]");
    window.__busyWatch?.disconnect();
    window.__busy = { set: 0, textAtFirst: null };
    window.__busyWatch = new MutationObserver(() => {
      if (!panel.hasAttribute("aria-busy")) return;
      if (window.__busy.set++ === 0) window.__busy.textAtFirst = panel.textContent;
    });
    window.__busyWatch.observe(panel, { attributes: true, attributeFilter: ["aria-busy"] });
  });
}
const busy = (page) => page.evaluate(() => window.__busy);
const panelText = (page) => page.getByTestId("result-panel").textContent();

test("one apply model on both screens: an example, a file and a paste take effect at once, typing once it pauses", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const cardStatus = () => page.getByTestId("status").getAttribute("data-ui-links");
  const a2ui = new A2uiPage(page, session.server.url);
  const typedStream = JSON.stringify({ version: "v0.9", createSurface: { surfaceId: "typed", catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } });
  const screens = [
    {
      // Each screen's example is taken by itself; an A2UI example the console does not carry
      // is fetched from its own origin, the panel busy (once) until it comes.
      name: "ui-links", hash: "#ui-links", text: "card-text", select: "card-select", file: "card-file", exampleBusy: 0,
      choose: (id) => page.getByTestId("card-select").selectOption(id),
      example: ["georoute", async () => assert.equal(await cardStatus(), "absent")],
      opened: ["tests/fixtures/cards/hostile.json", async () => assert.equal(await cardStatus(), "present")],
      pasted: [fs.readFileSync(path.join(ROOT, "tests/fixtures/cards/larkfield.json"), "utf8"), async () => assert.equal(await cardStatus(), "present")],
      typed: ['{"name":"typed","capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[{"url":"https://typed.example/","label":"Typed","audience":"public"}]}}]}}',
        async () => assert.equal(await cardStatus(), "present")],
    },
    {
      name: "a2ui", hash: "#a2ui", text: "stream-text", select: "stream-select", file: "stream-file", exampleBusy: 1,
      choose: (id) => a2ui.choose(id),
      example: ["01_flight-status", async () => assert.equal(await a2ui.positionText(), "3 of 3 envelopes read: 3 applied, 0 refused.")],
      opened: ["tests/fixtures/a2ui/hostile.json", async () => assert.equal(await a2ui.ignoredText(), "15 invalid interface updates ignored.")],
      pasted: [fs.readFileSync(path.join(ROOT, "tests/fixtures/a2ui/hostile.json"), "utf8"), async () => assert.equal(await a2ui.ignoredText(), "15 invalid interface updates ignored.")],
      typed: [typedStream, async () => assert.equal(await a2ui.positionText(), "1 of 1 envelopes read: 1 applied, 0 refused.")],
    },
  ];
  for (const s of screens) {
    await openScreen(page, { ...s, ready: s.name === "a2ui" ? "agent-area" : "status" });
    const taken = async (what, act, check, busyTimes = 0) => {
      await watchBusy(page);
      const before = await panelText(page);
      await act();
      await check();
      assert.equal((await busy(page)).set, busyTimes, `${s.name}: ${what} waited like typing`);
      assert.notEqual(await panelText(page), before, `${s.name}: ${what} changed nothing`);
    };
    // No button is pressed after any of these: each takes effect by itself.
    await taken("an example", () => s.choose(s.example[0]), s.example[1], s.exampleBusy);
    await taken("a file", async () => {
      await page.getByTestId(s.file).setInputFiles(path.join(ROOT, s.opened[0]));
      await page.waitForFunction((id) => document.querySelector(`[data-testid=${id}]`).value === "custom", s.select);
    }, s.opened[1]);
    await page.getByTestId(s.select).selectOption(s.example[0]);
    await taken("a paste", () => pasteInto(page, s.text, s.pasted[0]), s.pasted[1]);
    // Typing: the panel says it waits, shows what it showed until the pause, then the result.
    await page.getByTestId(s.select).selectOption(s.example[0]);
    const before = await panelText(page);
    await watchBusy(page);
    await page.getByTestId(s.text).focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.getByTestId(s.text).pressSequentially(s.typed[0]);
    await page.locator("[data-testid=result-panel]:not([aria-busy])").waitFor();
    const seenBusy = await busy(page);
    assert.ok(seenBusy.set >= 1, `${s.name}: typing was taken without a pause`);
    assert.equal(seenBusy.textAtFirst, before, `${s.name}: the first key changed the result`);
    await s.typed[1]();
    assert.equal(await page.getByTestId(s.select).inputValue(), "custom");
  }
  assertQuiet(seen);
  await context.close();
});

test("typed text is taken when the person leaves the box, and a screen switched mid-pause keeps the console working", async () => {
  const { page, seen, context } = await watchedPage(session.browser);
  const a2ui = new A2uiPage(page, session.server.url);
  const stream = (id) => JSON.stringify({ version: "v0.9", createSurface: { surfaceId: id, catalogId: "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json" } });
  await openScreen(page, { hash: "#a2ui", ready: "agent-area" });
  // Typed, then a button at once (well inside the pause): the button acts on what was typed.
  await page.getByTestId("stream-text").focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.getByTestId("stream-text").pressSequentially(stream("left"));
  await page.getByTestId("apply-all").click();
  assert.equal(await a2ui.positionText(), "1 of 1 envelopes read: 1 applied, 0 refused.");
  await page.locator("[data-testid=a2ui-surface], [data-testid=agent-area]").first().waitFor();
  assert.match(await page.getByTestId("result-panel").textContent(), /left/);
  // Typed, then another screen before the pause ends: the timer dies with its screen.
  await page.getByTestId("stream-text").pressSequentially(" ");
  await page.getByTestId("nav-ui-links").click();
  await page.waitForTimeout(700);
  await page.getByTestId("status").waitFor();
  await page.getByTestId("nav-a2ui").click();
  await a2ui.choose("01_flight-status");
  assert.equal(await a2ui.positionText(), "3 of 3 envelopes read: 3 applied, 0 refused.");
  assertQuiet(seen);
  await context.close();
});
