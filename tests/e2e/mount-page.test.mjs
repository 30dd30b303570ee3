// axe-core on a plain page that uses mountSurface (not the console): every official
// example stream drawn by the package's UI build, as a front end would draw it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { launch, watchedPage } from "./lib/browser.mjs";
import { axeViolations } from "./lib/axe.mjs";
import { ROOT } from "./lib/console-server.mjs";
import { serveRepository } from "../../bench/static-server.mjs";

const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const EXAMPLES = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");

test("every official example drawn by mountSurface on a plain page is axe-clean", async () => {
  assert.ok(
    fs.existsSync(path.join(ROOT, "crates/surfaces-wasm/pkg/agent_surfaces.js")),
    "build the package first: scripts/build-npm.sh",
  );
  const server = await serveRepository();
  const browser = await launch();
  try {
    const { page, seen } = await watchedPage(browser);
    const origin = `http://127.0.0.1:${server.address().port}`;
    await page.goto(`${origin}/tests/e2e/mount-page/index.html`);
    await page.waitForFunction(() => window.pageReady === true);
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
    assert.deepEqual(seen.pageErrors, []);
    assert.deepEqual(seen.requests.filter((u) => !u.startsWith(origin)), [], "nothing is loaded from elsewhere");
  } finally {
    await browser.close();
    server.close();
  }
});
