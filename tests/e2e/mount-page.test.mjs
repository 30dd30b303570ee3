// A plain page that uses mountSurface (not the console), loading the package as README.md says
// and as npm installs it: every official example stream drawn by the UI build is axe-clean,
// and the package's stylesheet applies and takes a host's theme.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { assertQuiet, launch, wasmDownloads, watchedPage } from "./lib/browser.mjs";
import { axeViolations } from "./lib/axe.mjs";
import { ROOT } from "./lib/console-server.mjs";
import { installPackage, readmeBlock } from "./lib/installed-package.mjs";
import { serveFiles } from "./lib/static-files.mjs";

const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const EXAMPLES = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");
const PAGE = path.join(ROOT, "tests/e2e/mount-page");
const CAT = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

/** Serves the page's files at /tests/e2e/mount-page/ and the installed packages at /node_modules/. */
function servePage(nodeModules) {
  return serveFiles([["/node_modules/", nodeModules], ["/tests/e2e/mount-page/", PAGE]]);
}

/**
 * The page, loaded and ready in a fresh Chromium, with the UI build installed as npm installs
 * it; `before(page)` runs before it loads (init scripts). All of it closed when the test ends.
 */
async function openPage(t, before = async () => {}) {
  const pkg = path.join(ROOT, "crates/surfaces-wasm/pkg");
  assert.ok(fs.existsSync(path.join(pkg, "a2ui.css")), "build the package first: scripts/build-npm.sh");
  const installed = installPackage(pkg);
  t.after(installed.remove);
  const server = await servePage(path.join(installed.project, "node_modules"));
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    server.close();
  });
  const { page, seen } = await watchedPage(browser);
  await before(page);
  const origin = `http://127.0.0.1:${server.address().port}`;
  await page.goto(`${origin}/tests/e2e/mount-page/index.html`);
  await page.waitForFunction(() => window.pageReady === true);
  return { page, seen, origin };
}

test("the page loads the package as README.md's page quick start says, word for word", () => {
  assert.ok(fs.readFileSync(path.join(PAGE, "page.mjs"), "utf8").includes(readmeBlock("js", "// In a page")));
  const html = fs.readFileSync(path.join(PAGE, "index.html"), "utf8");
  for (const line of readmeBlock("html", "importmap").trim().split("\n")) assert.ok(html.includes(line), line);
});

test("every official example drawn by mountSurface on a plain page is axe-clean, and styled by a2ui.css", async (t) => {
  const { page, seen, origin } = await openPage(t);
  assert.deepEqual(await wasmDownloads(page), ["link"], "the .wasm is downloaded once, by the page's preload");
  const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith(".json")).sort();
  assert.equal(files.length, 36);
  let drawn = 0;
  for (const f of files) {
    const text = fs.readFileSync(path.join(EXAMPLES, f), "utf8");
    const r = await page.evaluate((t) => window.mountStream(t), text);
    assert.equal(r.ignored, 0, f);
    if (!r.drawn) continue;
    drawn += 1;
    assert.ok(r.elements > 0, `${f} drew nothing`);
    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], `${f}: axe violations`);
  }
  assert.ok(drawn >= 30, `only ${drawn} examples drew a surface`);

  const form = [
    { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
    { version: "v0.9", updateComponents: { surfaceId: "s", components: [
      { id: "root", component: "Column", children: ["name", "fruit", "go"] },
      { id: "name", component: "TextField", label: "Name", value: { path: "/name" } },
      { id: "fruit", component: "ChoicePicker", label: "Fruit", filterable: true, value: { path: "/fruit" },
        options: [{ label: "Apple", value: "a" }, { label: "Pear", value: "p" }] },
      { id: "go", component: "Button", variant: "primary", child: "t", action: { event: { name: "go" } } },
      { id: "t", component: "Text", text: "Go" },
    ] } },
  ];
  assert.equal((await page.evaluate((t) => window.mountStream(t), JSON.stringify(form))).drawn, true);
  const styles = await page.evaluate(async () => {
    const host = document.getElementById("host");
    const field = host.querySelector(".a2ui-field");
    const [label, input] = [field.querySelector("label"), field.querySelector("input")];
    const button = host.querySelector(".a2ui-button-primary");
    const read = () => ({
      labelAbove: label.getBoundingClientRect().bottom <= input.getBoundingClientRect().top,
      fieldGap: getComputedStyle(field).rowGap,
      primary: getComputedStyle(button).backgroundColor,
    });
    const plain = read();
    // The filter hides options with the hidden attribute, which a2ui.css's display rules
    // would defeat on a page that has no [hidden] rule of its own.
    const filter = host.querySelector("input[type=search]");
    filter.value = "pe";
    filter.dispatchEvent(new Event("input", { bubbles: true }));
    // The filter's effect runs after the event: wait for it to mark an option, up to a second.
    for (let i = 0; i < 100 && !host.querySelector(".a2ui-choice[hidden]"); i++) await new Promise((r) => setTimeout(r, 10));
    plain.shownChoices = [...host.querySelectorAll(".a2ui-choice")].filter((c) => getComputedStyle(c).display !== "none").map((c) => c.textContent);
    host.style.setProperty("--a2ui-gap", "1rem");
    host.style.setProperty("--a2ui-accent", "rgb(0, 90, 60)");
    const themed = read();
    host.style.setProperty("--agent-primary", "rgb(90, 0, 60)");
    const agent = read();
    host.removeAttribute("style");
    return { plain, themed, agent };
  });
  // Half the default --a2ui-gap (0.4rem at 16px), then half the host's 1rem.
  assert.deepEqual(styles.plain, { labelAbove: true, fieldGap: "3.2px", primary: "rgb(31, 78, 121)", shownChoices: ["Pear"] });
  assert.deepEqual(styles.themed, { labelAbove: true, fieldGap: "8px", primary: "rgb(0, 90, 60)" });
  assert.equal(styles.agent.primary, "rgb(90, 0, 60)", "--agent-primary takes precedence over --a2ui-accent");
  assert.deepEqual(await axeViolations(page), []);

  // Text written by the engine's own encodeInto: every width of character, a raw lone
  // surrogate of each kind (written as U+FFFD), and text that grows the memory. The
  // surrogates are sent as escapes and made raw in the page, as no transport keeps them.
  const model = (value, limits) => page.evaluate(([t, l]) => window.foldModel(
    t.replace(/\\u(d[89abc][0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), l), [
    `[{"version":"v0.9","createSurface":{"surfaceId":"u","catalogId":"${CAT}"}},` +
      `{"version":"v0.9","updateDataModel":{"surfaceId":"u","path":"/t","value":"${value}"}}]`,
    limits,
  ]);
  assert.deepEqual(await model("aé—日😀\\ud800z\\udc00"), { read: 2, model: { t: "aé—日😀\ufffdz\ufffd" } });
  const big = "東".repeat(2_000_000);
  const grown = await model(big, { partBytes: 8_000_000, dataModelBytes: 8_000_000 });
  assert.equal(grown.read, 2);
  assert.ok(grown.model.t === big, "six million bytes of text folded as sent");
  assert.deepEqual(await model("after"), { read: 2, model: { t: "after" } });

  assert.deepEqual(seen.pageErrors, []);
  assert.deepEqual(seen.consoleErrors, []);
  assert.deepEqual(seen.requests.filter((u) => !u.startsWith(origin)), [], "nothing is loaded from elsewhere");
  assert.ok(seen.requests.includes(`${origin}/node_modules/agent-surfaces/a2ui.css`));
});

// A long text the engine keeps as UTF-16 is copied into the package's memory as units where the
// engine has the JS String Builtins (src/units.wat, compiled off the page's thread from the first
// store made), and converted there; everywhere else it goes through the engine's encodeInto. Both
// must fold every text to the same report: two instances of the package, one of them refused the
// builtins, fold a corpus of every width of character, pairs split where a piece ends, lone
// surrogates and bidi controls, at lengths on either side of each limit the copy has.
test("a long text kept as UTF-16 folds the same copied as units and through encodeInto", async (t) => {
  // Counts the units module's copies, and compiles it without the builtins while
  // `refuseBuiltins` is set, as an engine that has none does: the module then does not link.
  const { page, seen } = await openPage(t, (page) =>
    page.addInitScript(() => {
      window.unitCopies = 0;
      window.refuseBuiltins = false;
      const compile = WebAssembly.compile;
      WebAssembly.compile = function (bytes, options) {
        return compile.call(WebAssembly, bytes, window.refuseBuiltins ? undefined : options);
      };
      const Instance = WebAssembly.Instance;
      WebAssembly.Instance = function (module, imports) {
        const instance = new Instance(module, imports);
        if (!imports?.package) return instance;
        const copy = instance.exports.copy;
        return { exports: { copy: (...args) => ((window.unitCopies += 1), copy(...args)) } };
      };
    }),
  );
  await page.evaluate(async () => {
    const url = "/node_modules/agent-surfaces/agent_surfaces.js";
    const wasm = "/node_modules/agent-surfaces/agent_surfaces_bg.wasm";
    const units = await import(url); // the page's own instance
    const encoder = await import(`${url}?encoder`);
    await encoder.default({ module_or_path: wasm });
    const fold = (pkg, text) => {
      const s = new pkg.SurfaceStore({ limits: { partBytes: 8_000_000, dataModelBytes: 8_000_000 } });
      try {
        return { read: s.applyEnvelopes(text), report: s.report() };
      } finally {
        s.free();
      }
    };
    const long = "東".repeat(2000);
    // The first long text starts the compile in each, and goes through encodeInto.
    window.refuseBuiltins = true;
    fold(encoder, long);
    await new Promise((r) => setTimeout(r, 50));
    window.refuseBuiltins = false;
    fold(units, long);
    for (let i = 0; i < 200 && window.unitCopies === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      fold(units, long);
    }
    window.foldBoth = (text) => {
      const before = window.unitCopies;
      const a = fold(units, text);
      const copies = window.unitCopies - before;
      const b = fold(encoder, text);
      const encoderCopies = window.unitCopies - before - copies;
      return { same: JSON.stringify(a) === JSON.stringify(b), a: JSON.stringify(a), b: JSON.stringify(b), copies, encoderCopies, read: a.read };
    };
  });
  assert.ok(await page.evaluate(() => window.unitCopies > 0), "the units module was compiled and used");

  const head = `[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CAT}"}},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/t","value":"`;
  const tail = `"}}]`;
  /** A text of exactly `length` units whose value is `fill` repeated (cut to fit). */
  const sized = (length, fill) => {
    const room = length - head.length - tail.length;
    return head + fill.repeat(Math.ceil(room / fill.length)).slice(0, room) + tail;
  };
  const PIECE = 32_768;
  const check = async (text, copies, why) => {
    const r = await page.evaluate(([text]) => window.foldBoth(text.replace(/\\u(d[89abc][0-9a-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))), [text]);
    assert.ok(r.same, `${why}: ${r.a.slice(0, 300)} != ${r.b.slice(0, 300)}`);
    assert.equal(r.encoderCopies, 0, `${why}: the instance without the builtins copied units`);
    if (copies !== undefined) assert.equal(r.copies, copies, `${why}: pieces copied`);
    return r;
  };
  // Either side of each limit: 1,024 units (shorter ones are not looked at), and a piece.
  for (const [length, copies] of [[1023, 0], [1024, 1], [PIECE, 1], [PIECE + 1, 2], [2 * PIECE, 2], [2 * PIECE + 1, 3]]) {
    const r = await check(sized(length, "東"), copies, `${length} units`);
    assert.equal(r.read, 2);
  }
  // A pair cut by each end of a piece, or ending one; a text kept a byte a character is
  // never copied.
  for (const at of [PIECE - 1, PIECE - 2, 2 * PIECE - 1]) {
    const text = sized(at + tail.length, "é東").slice(0, -tail.length) + "😀".repeat(3) + "東".repeat(50) + tail;
    assert.equal(text.codePointAt(at), 0x1f600);
    await check(text, Math.ceil(text.length / PIECE), `an emoji at unit ${at}`);
  }
  await check(sized(40_000, "café "), 0, "a Latin-1 text");
  // Lone surrogates (JSON.stringify writes them as escapes; made raw in the page) and bidi
  // controls, in values, keys and a component's text, the findings included.
  let seed = 7;
  const below = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const pieces = ["a", "é", "Ω", "東", "한", "😀", "𝕏", "\u202e", "\u2066", "\u061c", "\u200f", "\ud800", "\udc00", "\ud83d", " ", "\n", '"', "\\"];
  const piece = () => pieces[below(pieces.length)];
  let copied = 0;
  for (let round = 0; round < 24; round++) {
    const line = () => Array.from({ length: 1 + below(40) }, piece).join("");
    const value = Object.fromEntries(Array.from({ length: 1 + below(200) }, (_, k) => [`${line()}${k}`, Array.from({ length: 1 + below(20) }, line)]));
    const msgs = [
      { version: "v0.9", createSurface: { surfaceId: "s", catalogId: CAT } },
      { version: "v0.9", updateComponents: { surfaceId: "s", components: [{ id: "root", component: "Text", text: line() }] } },
      { version: "v0.9", updateDataModel: { surfaceId: "s", path: "/v", value } },
    ];
    const text = (round % 3 === 0 ? "\ufeff" : "") + JSON.stringify(msgs);
    copied += (await check(text, undefined, `round ${round}`)).copies;
  }
  assert.ok(copied > 24, `${copied} pieces copied over 24 texts`);
  // A text that grows the memory the units module writes into.
  const grown = await check(sized(2_000_000, "東"), Math.ceil(2_000_000 / PIECE), "two million units");
  assert.equal(grown.read, 2);
  assertQuiet(seen);
});
