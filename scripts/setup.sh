#!/usr/bin/env bash
# Installs what agent-surfaces needs on a fresh machine, and nothing that is already there.
#   scripts/setup.sh serve   the console: wasm32 target, wasm-bindgen-cli, Trunk, binaryen (npm)
#   scripts/setup.sh test    all of that plus wasm-pack, Chromium + ChromeDriver, npm packages
# Safe to run again: every step checks first.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-test}
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
WASM_PACK_VERSION=0.15.1
# wasm-bindgen-cli must match the wasm-bindgen in Cargo.lock to the patch.
WB_VERSION=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)

have() { command -v "$1" >/dev/null 2>&1; }
say() { echo "==> setup: $*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! have wasm-bindgen || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$WB_VERSION" ]; then
  say "installing wasm-bindgen-cli $WB_VERSION"
  # Not --locked: its lockfile can name a dependency the registry index does not have yet.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

if ! have trunk || [ "$(trunk --version | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 10 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

# binaryen's wasm-opt, from npm: Trunk's release builds of the console run it
# (scripts/trunk-post-build.sh), as scripts/build-npm.sh does for the package.
if ! have npm; then
  echo "setup: npm is needed (Debian's nodejs package leaves it out: apt-get install npm)" >&2
  exit 1
fi
if [ ! -x scripts/tools/node_modules/.bin/wasm-opt ] \
  || [ scripts/tools/package-lock.json -nt scripts/tools/node_modules/.package-lock.json ]; then
  say "installing binaryen (scripts/tools)"
  (cd scripts/tools && npm ci --no-audit --no-fund)
fi

[ "$what" = serve ] && exit 0

for component in clippy rustfmt; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding $component"
    rustup component add "$component"
  fi
done

if ! have wasm-pack || [ "$(wasm-pack --version | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  say "installing wasm-pack $WASM_PACK_VERSION"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --force
fi

if ! have cargo-fuzz || [ "$(cargo fuzz --version | awk '{print $2}')" != 0.13.2 ]; then  # as scripts/fuzz.sh pins
  say "installing cargo-fuzz 0.13.2"
  cargo install cargo-fuzz --version 0.13.2 --locked --force
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing Debian's chromium and chromium-driver"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
fi

if [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/typescript ] || [ ! -d tests/e2e/node_modules/axe-core ] \
  || [ tests/e2e/package-lock.json -nt tests/e2e/node_modules/.package-lock.json ]; then
  say "installing the end-to-end tests' npm packages"
  (cd tests/e2e && npm ci --no-audit --no-fund)
fi
say "ready"
