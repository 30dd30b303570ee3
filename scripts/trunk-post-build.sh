#!/usr/bin/env bash
# Trunk's post-build hook (Trunk.toml) for the console's .wasm in $TRUNK_STAGING_DIR: in a
# release build binaryen, as the npm package has it (scripts/optimize-wasm.sh), which also
# drops the function names, and then each file's Brotli beside it (scripts/precompress.mjs);
# in a debug build, for the edit-reload loop that 20 s of binaryen would slow, the names
# alone (scripts/strip-names.mjs). One hook for both: Trunk
# starts all of a stage's hooks at once, and two of them would write the same file together.
set -euo pipefail
shopt -s nullglob
here="$(dirname "$0")"
wasm=("$TRUNK_STAGING_DIR"/*.wasm)
if [ ${#wasm[@]} -eq 0 ]; then
  echo "trunk-post-build: no .wasm in $TRUNK_STAGING_DIR" >&2
  exit 1
fi
if [ "${TRUNK_PROFILE:-}" = release ]; then
  # Absolute: optimize-wasm.sh works from the repository's root.
  absolute=()
  for file in "${wasm[@]}"; do absolute+=("$(realpath "$file")"); done
  "$here/optimize-wasm.sh" "${absolute[@]}"
  # Last, once every file is final: FILE.br beside each, which surfaces-server sends to
  # browsers that take Brotli (about 4 s, so not in the edit-reload loop of debug builds).
  node "$here/precompress.mjs" "$TRUNK_STAGING_DIR"
else
  node "$here/strip-names.mjs" "${wasm[@]}"
fi
