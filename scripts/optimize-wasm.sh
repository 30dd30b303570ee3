#!/usr/bin/env bash
# Runs binaryen's `wasm-opt -O3` on .wasm files, in place, as the npm package is published:
# after LLVM's opt-level 3 it folds 2–5% faster and is 7% smaller raw, for 0.3% (headless)
# and 1.7% (UI build) more gzipped (BENCHMARKS.md, "Build choices"). binaryen comes from npm
# (scripts/tools) and runs in Node, so nothing else downloads; it is installed if missing.
# `-ocimfs 30`: a function with one caller is inlined into it only when small. By default
# binaryen inlines any such function however large (each export absorbed all it calls), which
# cost 10 KB gzipped and 47 KB more for V8 to compile in a cold start's first fold, for no
# fold measurably faster (BENCHMARKS.md, "Build choices").
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
  scripts/tools/node_modules/.bin/wasm-opt -O3 -ocimfs 30 "${flags[@]}" "$file" -o "$file"
  echo "$file: $before -> $(wc -c < "$file") bytes (wasm-opt -O3 -ocimfs 30)"
done
