#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml) for the console's .wasm in $TRUNK_STAGING_DIR: its
# function names dropped (scripts/strip-names.mjs), then, in a release build, binaryen as
# the npm package has it (scripts/optimize-wasm.sh). One script, in order: Trunk starts all
# of a stage's hooks at once, and two of them would write the same file together. A debug
# build is for the edit-reload loop, which 20 s of binaryen would slow.
set -euo pipefail
shopt -s nullglob
here="$(dirname "$0")"
wasm=("$TRUNK_STAGING_DIR"/*.wasm)
if [ ${#wasm[@]} -eq 0 ]; then
  echo "trunk-post-build: no .wasm in $TRUNK_STAGING_DIR" >&2
  exit 1
fi
node "$here/strip-names.mjs" "${wasm[@]}"
if [ "${TRUNK_PROFILE:-}" = release ]; then
  # Absolute: optimize-wasm.sh works from the repository's root.
  absolute=()
  for file in "${wasm[@]}"; do absolute+=("$(realpath "$file")"); done
  "$here/optimize-wasm.sh" "${absolute[@]}"
fi
