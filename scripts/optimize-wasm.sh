#!/usr/bin/env bash
# Runs binaryen's `wasm-opt -O3 -ocimfs 30` on .wasm files, in place, as the npm package is
# published and the console's release build made (scripts/trunk-post-build.sh): after LLVM's
# opt-level 3 it folds 2–5% faster and is 7% smaller raw. `-ocimfs 30`: a function with one
# caller is inlined into it only when small. By default binaryen inlines any such function
# however large (each export absorbed all it calls), which cost 10 KB gzipped (headless;
# 24 KB in the UI build) and 47 KB more for V8 to compile in a cold start's first fold, for
# no fold measurably faster; with it the module is smaller gzipped than LLVM's alone
# (BENCHMARKS.md, "Build choices"). binaryen comes from npm (scripts/tools) and runs in Node,
# so nothing else downloads; it is installed if missing.
# Then scripts/lower-small-copies.mjs turns each `memory.copy` of a constant size up to 128
# bytes into a call of a function of loads and stores (it says why).
# The module's features (SIMD, bulk memory…) are read from its target_features section.
#   scripts/optimize-wasm.sh [-g] FILE.wasm...   (-g keeps the name section)
set -euo pipefail
cd "$(dirname "$0")/.."
flags=()
[ "${1:-}" = -g ] && { flags+=(-g); shift; }
if [ ! -x scripts/tools/node_modules/.bin/wasm-opt ] \
  || [ scripts/tools/package-lock.json -nt scripts/tools/node_modules/.package-lock.json ]; then
  echo "==> optimize-wasm: installing binaryen (scripts/tools)"
  (cd scripts/tools && npm ci --no-audit --no-fund)
fi
for file in "$@"; do
  before=$(wc -c < "$file")
  # (An empty array's expansion trips `set -u` in bash before 4.4, macOS's among them.)
  scripts/tools/node_modules/.bin/wasm-opt -O3 -ocimfs 30 ${flags[@]+"${flags[@]}"} "$file" -o "$file"
  echo "$file: $before -> $(wc -c < "$file") bytes (wasm-opt -O3 -ocimfs 30)"
  # Each copy of a constant size up to 128 bytes as a call of a function of loads and
  # stores rather than a `memory.copy`, which V8 makes a call out of the module (the
  # script says why).
  node scripts/lower-small-copies.mjs ${flags[@]+"${flags[@]}"} "$file"
done
