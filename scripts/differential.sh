#!/usr/bin/env bash
# Differential run (tracker issue 10): `surfaces a2ui` against the official A2UI Python
# validator (a2ui-agent-sdk, pinned in tests/differential/requirements.txt) on the 36
# official example streams and deterministic mutations of them, and against the official
# client conformance suites. See tests/differential/README.md and docs/differential.md.
#
# Makes tests/differential/.venv on first run (and again when requirements.txt changes),
# builds the CLI (cargo decides whether anything needs building), then runs the harness.
# Exit status: 0 when every disagreement is in tests/differential/expected.json and every
# entry there still occurs; 1 otherwise; 2 on harness or setup errors.
# Extra arguments go to the harness (e.g. --show CLASS, --show-all, --by-mutation).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

DIR=tests/differential
VENV=$DIR/.venv
REQ=$DIR/requirements.txt
STAMP=$VENV/.requirements.sha256

say() { echo "==> differential: $*"; }

find_python() {
  for p in python3.11 python3.12 python3.13 python3.10 python3; do
    if command -v "$p" >/dev/null 2>&1 &&
      "$p" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

want=$(sha256sum "$REQ" | cut -d' ' -f1)
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import sys' 2>/dev/null; then
  py=$(find_python) || { echo "differential: Python 3.10 or newer is needed" >&2; exit 2; }
  say "making $VENV with $($py --version)"
  rm -rf "$VENV"
  "$py" -m venv "$VENV" || exit 2
fi
if [ "$(cat "$STAMP" 2>/dev/null)" != "$want" ]; then
  say "installing the pinned packages from PyPI"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQ" || exit 2
  echo "$want" >"$STAMP"
fi

say "building the CLI (cargo build -p surfaces-cli)"
cargo build --quiet -p surfaces-cli || exit 2
BIN="${CARGO_TARGET_DIR:-target}/debug/surfaces"

say "running $DIR/run.py"
exec "$VENV/bin/python" "$DIR/run.py" --cli "$BIN" "$@"
