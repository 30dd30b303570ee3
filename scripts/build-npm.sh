#!/usr/bin/env bash
# Builds the npm package (crates/surfaces-wasm/pkg) as it is published: wasm-pack in release
# mode, then the name section dropped (see scripts/strip-names.mjs for why not `strip`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack build crates/surfaces-wasm --target web --release "$@"
node scripts/strip-names.mjs crates/surfaces-wasm/pkg
