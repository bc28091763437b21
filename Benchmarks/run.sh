#!/usr/bin/env bash
# Builds the release binaries and runs every benchmark of docs/benchmarks.md, one at a time,
# then prints the results as markdown (machine, then one table).
#
# Usage: Benchmarks/run.sh [--quick] [--static] [--keep]
#   --quick   one round and fewer samples: a smoke test of the script, not figures to quote
#   --static  build with --static-swift-stdlib (into .build-release-static)
#   --keep    keep the work directory (generated storyboards, stores, raw results)
#
# Needs: swift, cc, python3, ncursesw headers (libncurses-dev), and xmllint
# (apt-get install libxml2-utils). Takes about three minutes after the build on 2 cores.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

ROUNDS=3 KEYS=50 PUSHPOP=10 ENDS=20 LAUNCHES=5 IDLE=10 LOADS=7
SCRATCH=.build-release BUILD_FLAGS=() BUILD_NAME="release (swift build -c release)" KEEP=0
for argument in "$@"; do
    case "$argument" in
        --quick) ROUNDS=1 KEYS=10 PUSHPOP=3 ENDS=5 LAUNCHES=3 IDLE=3 LOADS=2 ;;
        --static)
            SCRATCH=.build-release-static BUILD_FLAGS=(--static-swift-stdlib)
            BUILD_NAME="release with --static-swift-stdlib" ;;
        --keep) KEEP=1 ;;
        *) echo "usage: Benchmarks/run.sh [--quick] [--static] [--keep]" >&2; exit 2 ;;
    esac
done

for tool in swift swiftc cc python3 xmllint timeout; do
    if ! command -v "$tool" >/dev/null; then
        hint=""
        if [ "$tool" = xmllint ]; then hint=" (apt-get install libxml2-utils)"; fi
        echo "run.sh: $tool is missing$hint" >&2
        exit 2
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/storyboard-bench.XXXXXX")
if [ "$KEEP" = 1 ]; then echo "work directory: $WORK" >&2; else trap 'rm -rf "$WORK"' EXIT; fi
RESULTS="$WORK/results"
mkdir -p "$RESULTS"
step() { echo "== $*" >&2; }
# Every step is bounded: a benchmark that hangs fails the run instead of holding the machine.
bounded() { timeout --kill-after=10 "$1" "${@:2}"; }

step "building ($BUILD_NAME)"
swift build -c release --scratch-path "$SCRATCH" "${BUILD_FLAGS[@]}" --product storyboard >&2
swift build -c release --scratch-path "$SCRATCH" "${BUILD_FLAGS[@]}" --product flow-bench >&2
BIN="$ROOT/$SCRATCH/release"
echo "$BUILD_NAME" >"$RESULTS/build.txt"
cc -O2 -Wall -o "$WORK/floor" Benchmarks/floor/floor.c -lncursesw
swiftc -O "${BUILD_FLAGS[@]/--static-swift-stdlib/-static-stdlib}" Benchmarks/floor/hello.swift -o "$WORK/hello-swift" 2>/dev/null
BENCH="$BIN/flow-bench"
PY=python3

step "generating storyboards"
: >"$RESULTS/sizes.tsv"
for scenes in 1000 5000 10000; do
    "$BENCH" generate "$scenes" "$WORK/gen-$scenes.storyboard" 2>/dev/null
    printf '%s\t%s\n' "$scenes" "$(stat -c %s "$WORK/gen-$scenes.storyboard")" >>"$RESULTS/sizes.tsv"
done

step "load and validate 10,000 scenes vs xmllint"
bounded 300 "$BENCH" load "$WORK/gen-10000.storyboard" "$LOADS" >"$RESULTS/load.tsv"
bounded 300 $PY Benchmarks/proc_bench.py --runs "$LOADS" -- xmllint --noout "$WORK/gen-10000.storyboard" >"$RESULTS/xmllint.json"
bounded 300 $PY Benchmarks/proc_bench.py --runs 3 -- "$BIN/storyboard" check "$WORK/gen-10000.storyboard" >"$RESULTS/check.json"

step "memory after loading 1,000 / 5,000 / 10,000 scenes"
for scenes in 1000 5000 10000; do
    bounded 120 "$BENCH" memory "$WORK/gen-$scenes.storyboard" >"$RESULTS/memory-$scenes.tsv"
done

step "navigation: push/pop and unwind"
for round in $(seq "$ROUNDS"); do
    bounded 300 "$BENCH" navigation >"$RESULTS/navigation-$round.tsv"
    bounded 300 "$BENCH" unwind 100 >"$RESULTS/unwind-$round.tsv"
done

step "seeding Daily Buzz stores with 10, 1,000 and 100,000 sessions"
bounded 300 "$BENCH" seed "$WORK/store-10" 10 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-1k" 1000 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-100k" 100000 >/dev/null
$PY Benchmarks/proc_bench.py --runs 5 -- "$WORK/hello-swift" >"$RESULTS/swift-floor.json"
# Start-up in stages, without a terminal: argument parsing only; then up to the terminal
# (storyboard loaded, store open), where `run` stops because standard input is not a tty.
$PY Benchmarks/proc_bench.py --runs 9 -- "$BIN/storyboard" --help >"$RESULTS/start-help.json"
$PY Benchmarks/proc_bench.py --runs 9 --any-status -- "$BIN/storyboard" run dailybuzz --fresh \
    --data-dir "$WORK/store-10" >"$RESULTS/start-noterminal.json"

APP=("$BIN/storyboard" run dailybuzz --fresh --data-dir)
step "terminal: C floor and Daily Buzz, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
    idle=0
    if [ "$round" = 1 ]; then idle=$IDLE; fi
    bounded 300 $PY Benchmarks/pty_bench.py --expect "Floor" --runs "$LAUNCHES" --keys "$KEYS" --idle "$idle" \
        -- "$WORK/floor" >"$RESULTS/floor-$round.json"
    bounded 300 $PY Benchmarks/pty_bench.py --expect "Daily" --runs "$LAUNCHES" --keys "$KEYS" --push-pop "$PUSHPOP" \
        --idle "$idle" -- "${APP[@]}" "$WORK/store-10" >"$RESULTS/app-$round.json"
    # The same launch without the start-up re-exec that sets SWIFT_BACKTRACE (see the notes).
    bounded 300 $PY Benchmarks/pty_bench.py --expect "Daily" --runs "$LAUNCHES" --keys 0 --idle 0 \
        --env SWIFT_BACKTRACE=interactive=no -- "${APP[@]}" "$WORK/store-10" >"$RESULTS/appnoreexec-$round.json"
done

step "scale: 10, 1,000 and 100,000 sessions, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
    for store in 10 1k 100k; do
        bounded 300 $PY Benchmarks/pty_bench.py --expect "Daily" --runs "$LAUNCHES" --keys 0 --end "$ENDS" --idle 0 \
            -- "${APP[@]}" "$WORK/store-$store" >"$RESULTS/app$store-$round.json"
    done
done

$PY Benchmarks/report.py "$RESULTS"
