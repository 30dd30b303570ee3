#!/usr/bin/env bash
# Serves the console at http://127.0.0.1:8080 with its Content-Security-Policy header,
# installing what is missing first. Extra arguments go to `trunk serve` (e.g. --port 9000).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PATH"
exec trunk serve --release "$@"
