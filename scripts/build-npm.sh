#!/usr/bin/env bash
# Builds the npm package as it is published, in two builds: wasm-pack in release mode, then
# binaryen's `wasm-opt -O3 -ocimfs 30` (scripts/optimize-wasm.sh), which also drops the name
# section (Cargo's `strip` would drop target_features too: see scripts/strip-names.mjs).
#   crates/surfaces-wasm/pkg           the UI build: the headless API plus mountSurface (the
#                                      `ui` feature, on by default), which mounts surfaces-render,
#                                      and a2ui.css, the stylesheet for what it draws
#   crates/surfaces-wasm/pkg-headless  the headless build: checkCard, SurfaceStore, A2aTask,
#                                      advertisesA2ui, contract; no DOM code, no Leptos
# Arguments are passed to both wasm-pack builds (before the crate's path).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack build "$@" --target web --release crates/surfaces-wasm
scripts/optimize-wasm.sh crates/surfaces-wasm/pkg/agent_surfaces_bg.wasm
wasm-pack build "$@" --target web --release --out-dir pkg-headless crates/surfaces-wasm -- --no-default-features
scripts/optimize-wasm.sh crates/surfaces-wasm/pkg-headless/agent_surfaces_bg.wasm
# Leptos links server_fn, whose wasm-streams exports three stream adapter classes
# (IntoUnderlying*) that are no part of this package's API; their declarations are dropped
# from the UI build's .d.ts (they name Symbol.dispose, which ES2022 consumers lack).
node -e '
const fs = require("fs"), f = process.argv[1];
const dts = fs.readFileSync(f, "utf8").replace(/\nexport class IntoUnderlying(ByteSource|Sink|Source) \{[^}]*\}\n/g, "\n");
fs.writeFileSync(f, dts);
' crates/surfaces-wasm/pkg/agent_surfaces.d.ts
# The UI build ships the renderer's stylesheet: the same file the console links (index.html).
cp crates/surfaces-render/a2ui.css crates/surfaces-wasm/pkg/a2ui.css
# wasm-pack's package.json names no exports; without them Node and bundlers cannot be pointed at
# the .wasm (Node must read its bytes: init() would fetch() it) or the stylesheet by the
# package's name. Every target is checked to exist so a renamed file fails the build here.
package_exports() {
  node -e '
const fs = require("fs"), path = require("path"), [dir, css] = process.argv.slice(1);
const file = path.join(dir, "package.json");
const meta = JSON.parse(fs.readFileSync(file, "utf8"));
meta.exports = {
  ".": { types: "./" + meta.types, default: "./" + meta.main },
  "./agent_surfaces_bg.wasm": "./agent_surfaces_bg.wasm",
  ...(css ? { ["./" + css]: "./" + css } : {}),
  "./package.json": "./package.json",
};
if (css) {
  meta.files.push(css);
  // Bundlers drop an import of a file outside sideEffects: `import "agent-surfaces/a2ui.css"` must stay.
  meta.sideEffects.push("./" + css);
}
const targets = Object.values(meta.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t)));
for (const target of [...targets, ...meta.files]) {
  if (!fs.existsSync(path.join(dir, target))) throw new Error(`${file}: ${target} is not in the build`);
}
fs.writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
' "$@"
}
package_exports crates/surfaces-wasm/pkg a2ui.css
package_exports crates/surfaces-wasm/pkg-headless
