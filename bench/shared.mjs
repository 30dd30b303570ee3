// What several benchmark scripts share: the official core bundled as an app's bundler would
// bundle it, and rewriting one section of BENCHMARKS.md.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `@a2ui/web_core` v0.9 and its basic catalog as one minified ES module; `options` go to esbuild. */
export function bundleOfficial(options) {
  return esbuild.build({
    stdin: {
      contents: "export { MessageProcessor } from '@a2ui/web_core/v0_9'; export { basicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';",
      resolveDir: path.join(ROOT, "bench"),
      loader: "js",
    },
    bundle: true,
    minify: true,
    format: "esm",
    logLevel: "silent",
    ...options,
  });
}

/** The workloads of a Chromium fold run (bench/browser-fold.mjs's JSON) where ours, from a
 * string (`suffix` "") or from bytes ("Bytes"), is slower than the official core, and where it
 * takes more than 1.5× JSON.parse: issue 16's two rules, for its section and the targets. */
export function chromiumMisses(results, suffix) {
  const ours = (r) => r["ours" + suffix + "0"].median;
  return {
    slower: results.filter((r) => r["official" + suffix].median < ours(r)),
    past: results.filter((r) => ours(r) > 1.5 * r["parse" + suffix].median),
  };
}

/** Puts `md` (starting with "## heading") in place of BENCHMARKS.md's section of that heading,
 * or, when there is none, before the section headed `before` (or at the end). */
export function replaceSection(heading, md, before) {
  const file = path.join(ROOT, "BENCHMARKS.md");
  let doc = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start >= 0) {
    const next = doc.indexOf("\n## ", start + 1);
    doc = doc.slice(0, start + 1) + md + (next >= 0 ? "\n" + doc.slice(next + 1) : "");
  } else {
    const at = doc.indexOf(`\n## ${before}\n`);
    doc = at >= 0 ? doc.slice(0, at + 1) + md + "\n" + doc.slice(at + 1) : `${doc.trimEnd()}\n\n${md}`;
  }
  fs.writeFileSync(file, doc);
}
