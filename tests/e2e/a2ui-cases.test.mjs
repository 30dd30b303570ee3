// The A2UI cases of tests/fixtures/a2ui-cases.json (docs/a2ui-cases.md) through the npm
// package's SurfaceStore, from Node, held to the same expectations as the core's own run
// (crates/surfaces-core/tests/a2ui_cases.rs). Each case is one subtest named for it.
//
// What the package cannot express is left out, and counted: render trees (the package draws
// them with mountSurface, which needs a DOM), clicks inside a template (`scope`: there is no
// actionIn), and clicks and renders under a locale while SurfaceStore has no setLocale.
// Reports are compared whole (findings without their messages), as are edit and click
// results.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/console-server.mjs";

const FIXTURE = path.join(ROOT, "tests/fixtures/a2ui-cases.json");
const REFRESH = "UPDATE_A2UI_CASES=1 cargo test -p surfaces-core --test a2ui_cases";
const cases = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));

async function load(dir) {
  const PKG = path.join(ROOT, "crates/surfaces-wasm", dir);
  if (!fs.existsSync(path.join(PKG, "package.json"))) return null;
  const pkg = await import(path.join(PKG, "agent_surfaces.js"));
  pkg.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
  return pkg;
}

const ui = await load("pkg");
assert.ok(ui, "build the package first: scripts/build-npm.sh");
const builds = [["pkg", ui]];
const headless = await load("pkg-headless");
if (headless) builds.push(["pkg-headless", headless]);

/** A report as the corpus records it: findings without their (non-empty) messages. */
function reportView(report) {
  return {
    ...report,
    findings: report.findings.map(({ message, ...f }) =>
      typeof message === "string" && message.length > 0 ? f : { ...f, message },
    ),
  };
}

/** Runs a thrown-on-misuse call as a step result ({ok} or {ok, code, reason}). */
function person(call, prefix) {
  try {
    call();
    return { ok: true };
  } catch (e) {
    // The package throws `prefix: reason`; every edit refusal is the core's edit-refused.
    const reason = String(e.message);
    assert.ok(reason.startsWith(`${prefix}: `), reason);
    return { ok: false, code: "edit-refused", reason: reason.slice(prefix.length + 2) };
  }
}

/** One case through one build: the report, and the results of the steps it can express. */
function run(pkg, c, skipped) {
  const options = {};
  if (c.limits) options.limits = c.limits;
  if (c.allowedHosts) options.allowedHosts = c.allowedHosts;
  const store = new pkg.SurfaceStore(options);
  let localeSet = c.locale === undefined;
  if (c.locale !== undefined && typeof store.setLocale === "function") {
    store.setLocale(c.locale);
    localeSet = true;
  }
  const steps = c.steps.map((s, i) => {
    if (s.envelopes !== undefined || s.text !== undefined) {
      const opts = {};
      if (s.contextId !== undefined) opts.contextId = s.contextId;
      if (s.nowMs !== undefined) opts.nowMs = s.nowMs;
      const text = s.text !== undefined ? s.text : JSON.stringify(s.envelopes);
      return { read: store.applyEnvelopes(text, opts) };
    }
    if (s.edit) return person(() => store.edit(s.edit.surfaceId, s.edit.pointer, s.edit.value), "edit");
    if (s.acceptAgent) return person(() => store.acceptAgent(s.acceptAgent.surfaceId, s.acceptAgent.pointer), "acceptAgent");
    if (s.keepMine) return person(() => store.keepMine(s.keepMine.surfaceId, s.keepMine.pointer), "keepMine");
    const k = s.click;
    assert.ok(k, `step ${i} does nothing`);
    if (k.scope || !localeSet) {
      skipped.push(`${c.name}: step ${i} (${k.scope ? "scope" : "locale"})`);
      return c.expect.steps[i];
    }
    return store.action(k.surfaceId, k.componentId, k.timestamp ?? "1970-01-01T00:00:00Z");
  });
  const report = reportView(store.report());
  store.free();
  return { report, steps };
}

for (const [dir, pkg] of builds) {
  test(`every A2UI case holds through the package (${dir})`, async (t) => {
    assert.ok(cases.length >= 40, `the corpus lost cases: ${cases.length}`);
    const skipped = [];
    let renders = 0;
    for (const c of cases) {
      await t.test(c.name, () => {
        assert.ok(c.expect, `no expected outcome; run ${REFRESH}`);
        const got = run(pkg, c, skipped);
        const hint = `case ${JSON.stringify(c.name)} differs from ${FIXTURE} (if the core's run passes, the package differs from the core)`;
        assert.deepStrictEqual(got.report, c.expect.report, `${hint}: report`);
        assert.deepStrictEqual(got.steps, c.expect.steps, `${hint}: steps`);
        renders += Object.keys(c.expect.render ?? {}).length;
      });
    }
    t.diagnostic(`${cases.length} cases; render trees not checked (no DOM): ${renders}; clicks not checked: ${skipped.length}`);
    for (const s of skipped) t.diagnostic(`  ${s}`);
  });
}
