#!/usr/bin/env bash
# Builds the npm package as it is published, in two builds: wasm-pack in release mode, then the
# name section dropped (see scripts/strip-names.mjs for why not `strip`).
#   crates/surfaces-wasm/pkg           the UI build: the headless API plus mountSurface (the
#                                      `ui` feature, on by default), which mounts surfaces-render
#   crates/surfaces-wasm/pkg-headless  the headless build: checkCard, SurfaceStore,
#                                      advertisesA2ui, contract; no DOM code, no Leptos
# Arguments are passed to both wasm-pack builds (before the crate's path).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack build "$@" --target web --release crates/surfaces-wasm
node scripts/strip-names.mjs crates/surfaces-wasm/pkg
wasm-pack build "$@" --target web --release --out-dir pkg-headless crates/surfaces-wasm -- --no-default-features
node scripts/strip-names.mjs crates/surfaces-wasm/pkg-headless
# Leptos links server_fn, whose wasm-streams exports three stream adapter classes
# (IntoUnderlying*) that are no part of this package's API; their declarations are dropped
# from the UI build's .d.ts (they name Symbol.dispose, which ES2022 consumers lack).
node -e '
const fs = require("fs"), f = process.argv[1];
const dts = fs.readFileSync(f, "utf8").replace(/\nexport class IntoUnderlying(ByteSource|Sink|Source) \{[^}]*\}\n/g, "\n");
fs.writeFileSync(f, dts);
' crates/surfaces-wasm/pkg/agent_surfaces.d.ts
