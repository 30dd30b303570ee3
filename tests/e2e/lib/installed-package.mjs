// The npm package as a consumer gets it, and the README's quick starts as the reader copies them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { ROOT } from "./console-server.mjs";

/**
 * `npm pack`s a build directory and installs the tarball into a fresh project, so the package is
 * resolved by its name through its package.json `exports`, with only the files `files` lists.
 * Offline: the package has no dependencies, so npm needs nothing from the registry.
 * Returns `{ project, dir, files, remove }`: `dir` is node_modules/agent-surfaces.
 */
export function installPackage(build) {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "agent-surfaces-install-"));
  const npm = (args, cwd) =>
    execFileSync("npm", [...args, "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd, encoding: "utf8" });
  const packed = JSON.parse(npm(["pack", build, "--json", "--pack-destination", project], project));
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ private: true, type: "module" }));
  npm(["install", path.join(project, packed[0].filename)], project);
  return {
    project,
    dir: path.join(project, "node_modules/agent-surfaces"),
    files: packed[0].files.map((f) => f.path).sort(),
    remove: () => fs.rmSync(project, { recursive: true, force: true }),
  };
}

/** The body of README.md's fenced ```lang block whose text contains `marker`; exactly one must. */
export function readmeBlock(lang, marker) {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const blocks = [...readme.matchAll(new RegExp("^```" + lang + "\\n([\\s\\S]*?)^```$", "gm"))]
    .map((m) => m[1])
    .filter((b) => b.includes(marker));
  if (blocks.length !== 1) throw new Error(`README.md has ${blocks.length} \`\`\`${lang} blocks with ${JSON.stringify(marker)}`);
  return blocks[0];
}

/**
 * Runs README.md's Node quick start, as written, in `project` (from installPackage), followed by
 * `then`: code that uses what the snippet imported and prints one JSON value, which is returned.
 */
export function runNodeQuickStart(project, then) {
  const file = path.join(project, "quickstart.mjs");
  fs.writeFileSync(file, `${readmeBlock("js", "// In Node")}\n${then}\n`);
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8" }));
}

/** What `specifiers` resolve to from `project` by Node's rules: a file URL, or the error's code. */
export function resolveFrom(project, specifiers) {
  const file = path.join(project, "resolve.mjs");
  fs.writeFileSync(
    file,
    `const out = {};
for (const s of ${JSON.stringify(specifiers)}) {
  try { out[s] = import.meta.resolve(s); } catch (e) { out[s] = e.code; }
}
process.stdout.write(JSON.stringify(out));
`,
  );
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8" }));
}
