#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml) for the console's .wasm in $TRUNK_STAGING_DIR: its
# function names dropped (scripts/strip-names.mjs), then, in a release build, binaryen as
# the npm package has it (scripts/optimize-wasm.sh). One script, in order: Trunk starts all
# of a stage's hooks at once, and two of them would write the same file together. A debug
# build is for the edit-reload loop, which 20 s of binaryen would slow.
set -euo pipefail
here="$(dirname "$0")"
node "$here/strip-names.mjs" "$TRUNK_STAGING_DIR"
if [ "${TRUNK_PROFILE:-}" = release ]; then
  for file in "$TRUNK_STAGING_DIR"/*.wasm; do
    "$here/optimize-wasm.sh" "$(realpath "$file")"
  done
fi
