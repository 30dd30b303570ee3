#!/usr/bin/env bash
# Builds the console with Trunk and serves it at http://127.0.0.1:8080 with surfaces-server:
# the console's Content-Security-Policy and other security headers as HTTP headers, and a
# closed proxy to agents at /agents/NAME/ (docs/server.md). Installs what is missing first.
#
#   scripts/serve.sh                      with the fixture agent (booking scenario) on loopback
#   scripts/serve.sh --scenario progress  the fixture agent with another scenario
#   scripts/serve.sh --agent URL          your own agent instead (no fixture); NAME=URL names it
#   scripts/serve.sh --port 9000          another port (or --listen ADDR)
# Other arguments go to surfaces-server (e.g. --max-streams 4; see its --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PATH"

agents=()
scenario=booking
server_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --agent)
      [ $# -ge 2 ] || { echo "serve.sh: --agent needs a URL (or NAME=URL)" >&2; exit 2; }
      case "$2" in
        [a-z0-9]*=*) agents+=("$2") ;;
        *) if [ ${#agents[@]} -eq 0 ]; then agents+=("agent=$2"); else agents+=("agent-$((${#agents[@]} + 1))=$2"); fi ;;
      esac
      shift 2 ;;
    --scenario)
      [ $# -ge 2 ] || { echo "serve.sh: --scenario needs a name" >&2; exit 2; }
      scenario=$2; shift 2 ;;
    --port)
      [ $# -ge 2 ] || { echo "serve.sh: --port needs a number" >&2; exit 2; }
      server_args+=(--listen "127.0.0.1:$2"); shift 2 ;;
    *) server_args+=("$1"); shift ;;
  esac
done

echo "==> serve: building the console (trunk build --release → dist/)"
trunk build --release
echo "==> serve: building surfaces-server and surfaces-fixture-agent"
cargo build --release --quiet -p surfaces-server -p surfaces-fixture-agent
bin=target/release

# Both run in the background and are stopped on exit, Ctrl-C or kill (`wait` is interruptible).
fixture_pid=
server_pid=
cleanup() {
  for pid in "$server_pid" "$fixture_pid"; do
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; fi
  done
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ ${#agents[@]} -eq 0 ]; then
  out=$(mktemp)
  "$bin/surfaces-fixture-agent" --listen 127.0.0.1:0 --scenario "$scenario" >"$out" &
  fixture_pid=$!
  url=
  for _ in $(seq 100); do
    url=$(head -n 1 "$out" 2>/dev/null || true)
    [ -n "$url" ] && break
    kill -0 "$fixture_pid" 2>/dev/null || { echo "serve.sh: the fixture agent did not start" >&2; exit 1; }
    sleep 0.1
  done
  rm -f "$out"
  [ -n "$url" ] || { echo "serve.sh: the fixture agent printed no URL" >&2; exit 1; }
  agents=("fixture=$url")
fi

args=(--dist dist)
for a in "${agents[@]}"; do args+=(--agent "$a"); done
echo "==> serve: the console will be at the URL below; agents: ${agents[*]}"
"$bin/surfaces-server" "${args[@]}" "${server_args[@]+"${server_args[@]}"}" &
server_pid=$!
wait "$server_pid"
