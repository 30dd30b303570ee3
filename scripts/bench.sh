#!/usr/bin/env bash
# Runs every benchmark and writes BENCHMARKS.md: fold throughput side by side with the
# official A2UI web core in Node (whole streams, shapes beside them, and one envelope a
# call) and in headless Chromium (whole streams), DOM update times in headless Chromium, a
# native Rust benchmark, sizes, cold start and retained memory beside the official core,
# and hostile input (time and memory, natively and in Chromium).
# Installs what is missing first (as the tests do).
#   scripts/bench.sh            everything; rewrites BENCHMARKS.md
#   scripts/bench.sh --hostile  only the hostile-input figures; rewrites that section of it
set -euo pipefail
cd "$(dirname "$0")/.."
only_hostile=0
case "${1:-}" in
  --hostile) only_hostile=1 ;;
  "") ;;
  *) echo "usage: scripts/bench.sh [--hostile]" >&2; exit 2 ;;
esac
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PATH"
if [ ! -d bench/node_modules/@a2ui/web_core ] || [ bench/package-lock.json -nt bench/node_modules/.package-lock.json ]; then
  (cd bench && npm ci --no-audit --no-fund)
fi
mkdir -p target/bench
hostile() {
  cargo run -q --release -p surfaces-core --example hostile -- --json target/bench/hostile-native.json > target/bench/hostile-native.md
  node bench/hostile-browser.mjs --json target/bench/hostile-browser.json > target/bench/hostile-browser.md
}
if [ "$only_hostile" = 1 ]; then
  scripts/build-npm.sh
  hostile
  node bench/hostile-browser.mjs --section
  exit 0
fi
# Both builds with their name sections kept, for bench/wasm-bytes.mjs and bench/first-fold.mjs
# (cargo's build is shared).
wasm-pack build crates/surfaces-wasm --target web --release --out-dir ../../target/bench/pkg-names
wasm-pack build crates/surfaces-wasm --target web --release --out-dir ../../target/bench/pkg-names-headless -- --no-default-features
# Optimized as the published builds are (scripts/build-npm.sh), their names kept.
scripts/optimize-wasm.sh -g target/bench/pkg-names/agent_surfaces_bg.wasm target/bench/pkg-names-headless/agent_surfaces_bg.wasm
scripts/build-npm.sh
trunk build --release
node bench/gen-workloads.mjs
cargo run -q --release -p surfaces-core --example bench > target/bench/native.json
node bench/node-bench.mjs > target/bench/node.json
node bench/shapes.mjs > /dev/null
node bench/per-call.mjs > /dev/null
node bench/a2a-events.mjs > /dev/null
node bench/browser-bench.mjs > target/bench/browser.json
node bench/browser-fold.mjs > target/bench/browser-fold.json
node bench/first-fold.mjs --json target/bench/first-fold.json
node bench/cold-memory.mjs > target/bench/cold.json
node bench/sizes.mjs > target/bench/sizes.json
hostile
node bench/report.mjs
node bench/shapes.mjs --section
node bench/per-call.mjs --section
node bench/browser-fold.mjs --section
node bench/a2a-events.mjs --section
node bench/hostile-browser.mjs --section
node bench/cold-memory.mjs --section
