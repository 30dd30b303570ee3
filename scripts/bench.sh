#!/usr/bin/env bash
# Runs every benchmark and writes BENCHMARKS.md: fold throughput side by side with the
# official A2UI web core in Node, DOM update times in headless Chromium, a native Rust
# benchmark, and sizes. Installs what is missing first (as the tests do).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PATH"
if [ ! -d bench/node_modules/@a2ui/web_core ] || [ bench/package-lock.json -nt bench/node_modules/.package-lock.json ]; then
  (cd bench && npm ci --no-audit --no-fund)
fi
mkdir -p target/bench
# The same package with its name section kept, for bench/wasm-bytes.mjs (cargo's build is shared).
wasm-pack build crates/surfaces-wasm --target web --release --out-dir ../../target/bench/pkg-names
scripts/build-npm.sh
trunk build --release
node bench/gen-workloads.mjs
cargo run -q --release -p surfaces-core --example bench > target/bench/native.json
node bench/node-bench.mjs > target/bench/node.json
node bench/browser-bench.mjs > target/bench/browser.json
node bench/sizes.mjs > target/bench/sizes.json
node bench/report.mjs
