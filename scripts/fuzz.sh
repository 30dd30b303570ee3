#!/usr/bin/env bash
# Fuzzes surfaces-core with cargo-fuzz (libFuzzer). docs/fuzzing.md says more.
#   scripts/fuzz.sh [SECONDS] [TARGET...]   fuzz each target SECONDS (default 300), starting
#                                           from a copy of its seeds and regressions
#   scripts/fuzz.sh --smoke [SECONDS] [TARGET...]
#                                           what the test command runs: replay every file of
#                                           fuzz/seeds/ and fuzz/regressions/ through each
#                                           target, then fuzz each briefly (default 10 s)
# A crash, a hang (over 10 s for one input) or running out of memory fails the run; the input
# is copied to fuzz/regressions/TARGET/ (rename it after what it shows, and commit it). A
# regression named open-* is a known bug not fixed yet: the smoke run tries it on its own and
# says whether it still fails, without failing; fixed, it loses the prefix.
# Needs only stable Rust: RUSTC_BOOTSTRAP=1 lets it take the nightly flags cargo-fuzz passes.
# FUZZ_SANITIZER=none builds without AddressSanitizer (faster; libFuzzer coverage still works).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export RUSTC_BOOTSTRAP=1

CARGO_FUZZ_VERSION=0.13.2
ALL_TARGETS=(card reader fold_render pointer functions json_scan a2a markdown)
SANITIZER=${FUZZ_SANITIZER:-address}

smoke=false
seconds=300
if [ "${1:-}" = --smoke ]; then
  smoke=true
  seconds=10
  shift
fi
if [[ "${1:-}" =~ ^[1-9][0-9]*$ ]]; then
  seconds=$1
  shift
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")
for t in "${targets[@]}"; do
  [ -f "fuzz/fuzz_targets/$t.rs" ] || { echo "fuzz.sh: no target \"$t\" (${ALL_TARGETS[*]})" >&2; exit 2; }
done

say() { echo "==> fuzz: $*"; }

if ! cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\$"; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked --force
fi

dict_for() {
  case $1 in
    reader | fold_render) echo fuzz/dicts/a2ui.dict ;;
    a2a) echo fuzz/dicts/a2a.dict ;;
    *) echo "fuzz/dicts/$1.dict" ;;
  esac
}

# The same flags for every cargo fuzz command, so that `run` finds the build `build` made.
build_flags=(--sanitizer "$SANITIZER")
# Another sanitizer builds beside the default build, not over it.
[ "$SANITIZER" = address ] || build_flags+=(--target-dir "$PWD/fuzz/target/sanitizer-$SANITIZER")

say "building the targets (sanitizer: $SANITIZER; the first build takes a few minutes)"
build_log=$(mktemp)
if ! cargo fuzz build "${build_flags[@]}" >"$build_log" 2>&1; then
  grep -v '^\s*Compiling ' "$build_log" | tail -n 60
  rm -f "$build_log"
  say "build failed"
  exit 1
fi
rm -f "$build_log"

failed=()

# Whether a file with the same bytes as $1 is in directory $2.
kept() {
  local g
  for g in "$2"/*; do
    [ -f "$g" ] && cmp -s "$1" "$g" && return 0
  done
  return 1
}

# Keeps what libFuzzer wrote to fuzz/artifacts/TARGET since $marker: crash, timeout and oom
# inputs go to fuzz/regressions/TARGET/ under the name libFuzzer gave them.
keep_artifacts() {
  local t=$1 marker=$2 f
  [ -d "fuzz/artifacts/$t" ] || return 0
  while IFS= read -r f; do
    case $(basename "$f") in
      crash-* | timeout-* | oom-* | leak-*)
        mkdir -p "fuzz/regressions/$t"
        if kept "$f" "fuzz/regressions/$t"; then
          say "$t: $(basename "$f") is already in fuzz/regressions/$t/"
        else
          cp "$f" "fuzz/regressions/$t/"
          say "$t: saved $(basename "$f") to fuzz/regressions/$t/"
        fi
        ;;
    esac
  done < <(find "fuzz/artifacts/$t" -type f -newer "$marker")
}

libfuzzer_flags=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=0)

# What a failed run said: the panic or sanitizer report (a stack trace can be long), and the
# input with how to reproduce it.
show_failure() {
  grep -E -A6 'panicked at|ERROR: |ALARM: |==[0-9]+== ' "$1" | head -n 40 || true
  grep -E -A2 '^(Failing input|Reproduce with):' "$1" || tail -n 12 "$1"
}

if $smoke; then
  # Every seed and regression of every target through each target: another target's input
  # is just as good a hostile input, and replaying costs a few seconds. Files named open-*
  # reproduce bugs not fixed yet: they are run on their own below and do not fail the run.
  replay=$(mktemp -d)
  for f in fuzz/seeds/*/* fuzz/regressions/*/*; do
    [ -f "$f" ] || continue
    case $(basename "$f") in open-*) continue ;; esac
    cp "$f" "$replay/$(basename "$(dirname "$f")")--$(basename "$f")"
  done
  for t in "${targets[@]}"; do
    say "$t: replaying $(ls "$replay" | wc -l) seeds and regressions"
    marker=$(mktemp)
    if ! cargo fuzz run "${build_flags[@]}" "$t" "$replay" -- \
      "${libfuzzer_flags[@]}" -runs=0 >"$marker.log" 2>&1; then
      show_failure "$marker.log"
      say "$t: replay FAILED"
      keep_artifacts "$t" "$marker"
      failed+=("$t (replay)")
    fi
    rm -f "$marker" "$marker.log"
    for f in fuzz/regressions/"$t"/open-*; do
      [ -f "$f" ] || continue
      if cargo fuzz run "${build_flags[@]}" "$t" "$f" -- "${libfuzzer_flags[@]}" >/dev/null 2>&1; then
        say "$t: $(basename "$f") passes now: rename it without open- so that it is replayed"
      else
        say "$t: $(basename "$f") still fails (a known open bug; see docs/fuzzing.md)"
      fi
    done
  done
  rm -rf "$replay"
fi

for t in "${targets[@]}"; do
  # Long runs grow a working corpus in fuzz/corpus/ (kept between runs, not committed); the
  # smoke run starts afresh from the seeds and regressions, so it takes the same time anywhere.
  if $smoke; then
    corpus=$(mktemp -d)
  else
    corpus=fuzz/corpus/$t
    mkdir -p "$corpus"
  fi
  for f in "fuzz/seeds/$t"/* "fuzz/regressions/$t"/*; do
    [ -f "$f" ] || continue
    case $(basename "$f") in open-*) continue ;; esac
    [ -e "$corpus/$(basename "$f")" ] || cp "$f" "$corpus"/
  done
  flags=("${libfuzzer_flags[@]}" -max_total_time="$seconds")
  dict=$(dict_for "$t")
  [ -f "$dict" ] && flags+=(-dict="$dict")
  # Long runs may grow inputs to 128 KiB: size-driven bugs (long patterns, deep paths)
  # need room. The smoke run keeps libFuzzer's default, the size of the largest seed.
  $smoke || flags+=(-max_len=131072)
  say "$t: fuzzing for ${seconds}s from $(ls "$corpus" | wc -l) inputs"
  marker=$(mktemp)
  if ! cargo fuzz run "${build_flags[@]}" "$t" "$corpus" -- "${flags[@]}" >"$marker.log" 2>&1; then
    show_failure "$marker.log"
    say "$t: FAILED"
    keep_artifacts "$t" "$marker"
    failed+=("$t")
  else
    grep -E '^(#[0-9]+\s+DONE|Done [0-9]+ runs)' "$marker.log" | tail -n 2 | sed "s/^/    /"
  fi
  rm -f "$marker" "$marker.log"
  if $smoke; then rm -rf "$corpus"; fi
done

if [ ${#failed[@]} -gt 0 ]; then
  say "failed: ${failed[*]}"
  exit 1
fi
say "no crash, hang or out-of-memory in ${targets[*]}"
