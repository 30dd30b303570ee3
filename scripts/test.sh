#!/usr/bin/env bash
# Runs every test: lints, native tests, browser tests under wasm-pack, the npm package from
# Node, and the served console end to end in headless Chromium. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
# One build per run: incremental caches would only take disk (several GB over the wasm32 and
# native builds) for rebuilds a test run never makes.
export CARGO_INCREMENTAL=0

# Each step says how much disk is left, so a run that fills the disk shows where it grew.
step() {
  echo
  echo "==> test: $*"
  df -Ph "${CARGO_TARGET_DIR:-.}" 2>/dev/null | awk 'NR == 2 { print "    (disk: " $4 " free)" }' || true
}

step "the reference data matches its pin (tests/spec.lock)"
python3 scripts/pin-spec.py

step "every path a document names exists (docs drift)"
python3 scripts/check-doc-paths.py

step "formatting"
cargo fmt --all -- --check

step "clippy (native and wasm32)"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy --workspace --all-targets --target wasm32-unknown-unknown -- -D warnings
# The fuzz targets are outside the workspace (they build with their own flags): lint them
# here too, so an API change that breaks them fails in a minute, not at the fuzz step.
cargo clippy --manifest-path fuzz/Cargo.toml --bins -- -D warnings

step "native tests (property tests included)"
cargo test --workspace

step "differential run against the official Python validator and the conformance suites"
scripts/differential.sh

step "fuzz targets, briefly (scripts/fuzz.sh SECONDS for a long run)"
scripts/fuzz.sh --smoke

# The runner gives a page 20 s by default; the core's exhaustive byte-search tests take about
# 9 s of it as a debug build on this 2-core machine, so a slower one gets room.
export WASM_BINDGEN_TEST_TIMEOUT=120
for crate in crates/surfaces-core crates/surfaces-a2a crates/surfaces-host crates/surfaces-wasm web; do
  step "browser tests of $crate (wasm-pack, headless Chromium)"
  (cd "$crate" && wasm-pack test --headless --chrome)
done

step "npm package"
scripts/build-npm.sh

step "end to end: the npm package from Node, the console served by trunk in Chromium"
# The native binaries the end-to-end tests drive: the CLI (the contract record), the server
# and the fixture agent (the Agent screen).
cargo build -p surfaces-cli -p surfaces-server -p surfaces-fixture-agent
(cd tests/e2e && npm test)
