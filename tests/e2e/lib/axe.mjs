// axe-core is evaluated through the DevTools protocol, which the page's CSP does not govern;
// the console itself never loads it.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./console-server.mjs";

const AXE = fs.readFileSync(path.join(ROOT, "tests/e2e/node_modules/axe-core/axe.min.js"), "utf8");

export async function axeViolations(page) {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes[0]?.target?.join(" ")}`);
  });
}
