#!/usr/bin/env bash
# Builds the release binaries and runs every benchmark of docs/benchmarks.md, one at a time,
# then prints the results as markdown (machine, then the tables).
#
# Usage: Benchmarks/run.sh [--quick] [--dynamic] [--keep] [--no-peer]
#   --quick    one round and few samples: a smoke test of the script, not figures to quote
#   --dynamic  measure `swift build -c release` (the Swift runtime in shared libraries, into
#              .build-release) instead of the static binary users install (.build-static)
#   --keep     keep the work directory (generated storyboards, stores, venv, raw results)
#   --no-peer  leave out the Textual peer (installs only the terminal emulator, pyte)
#
# Needs: swift, cc, python3 with venv and pip, network access to PyPI (or pip configured
# with a mirror or wheel directory), ncursesw headers (libncurses-dev), and xmllint
# (apt-get install libxml2-utils). Takes about ten minutes after the build on 2 cores.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

ROUNDS=3 KEYS=50 PUSHPOP=10 PRESENT=10 ENDS=20 LAUNCHES=5 IDLE=10 LOADS=7
# The build users install (README): everything linked into one static executable.
SCRATCH=.build-static BUILD_FLAGS=(--static-swift-stdlib -Xswiftc -static-executable)
BUILD_NAME="static (swift build -c release --static-swift-stdlib -Xswiftc -static-executable)"
HELLO_FLAGS=(-static-executable) KEEP=0 PEER=1
for argument in "$@"; do
    case "$argument" in
        --quick) ROUNDS=1 KEYS=10 PUSHPOP=2 PRESENT=2 ENDS=3 LAUNCHES=2 IDLE=2 LOADS=2 ;;
        --dynamic)
            SCRATCH=.build-release BUILD_FLAGS=() HELLO_FLAGS=()
            BUILD_NAME="dynamic (swift build -c release)" ;;
        --keep) KEEP=1 ;;
        --no-peer) PEER=0 ;;
        *) echo "usage: Benchmarks/run.sh [--quick] [--dynamic] [--keep] [--no-peer]" >&2; exit 2 ;;
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

# The harness reads screens through pyte and the peer is written with Textual: both go into
# a virtual environment of this run, at the exact versions of the requirements files.
step "python environment (pinned pyte$([ "$PEER" = 1 ] && echo ", textual"))"
if ! python3 -m venv "$WORK/venv" >"$WORK/venv.log" 2>&1; then
    cat "$WORK/venv.log" >&2
    echo "run.sh: python3 cannot make a virtual environment (apt-get install python3-venv)" >&2
    exit 2
fi
REQUIREMENTS=(Benchmarks/requirements.txt)
if [ "$PEER" = 1 ]; then REQUIREMENTS+=(Benchmarks/peer/requirements.txt); fi
if ! bounded 600 "$WORK/venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
    "${REQUIREMENTS[@]/#/--requirement=}" >"$WORK/pip.log" 2>&1; then
    tail -5 "$WORK/pip.log" >&2
    echo "run.sh: pip could not install $(grep -h '^[A-Za-z]' "${REQUIREMENTS[@]}" | tr '\n' ' ')" >&2
    echo "run.sh: it needs network access to PyPI, or a mirror or wheel directory set with" >&2
    echo "        PIP_INDEX_URL or PIP_FIND_LINKS. --no-peer leaves out Textual (pyte is still needed)." >&2
    exit 2
fi
PY="$WORK/venv/bin/python"
# Python as a user runs it: bytecode cached (in the work directory, not the source tree) and
# output buffered, whatever this shell was given.
unset PYTHONDONTWRITEBYTECODE PYTHONUNBUFFERED
export PYTHONPYCACHEPREFIX="$WORK/pycache"

step "building ($BUILD_NAME)"
# SwiftPM keeps a scratch folder's build plan when only a target's flags changed in the
# manifest, and does not know that the link reads Sources/storyboard/hot-code.txt: dropping
# the plan and the program makes it apply both.
rm -f "$SCRATCH/release.yaml" "$SCRATCH"/*/release/description.json "$SCRATCH"/*/release/storyboard
swift build -c release --scratch-path "$SCRATCH" "${BUILD_FLAGS[@]}" --product storyboard >&2
swift build -c release --scratch-path "$SCRATCH" "${BUILD_FLAGS[@]}" --product flow-bench >&2
BIN="$ROOT/$SCRATCH/release"
echo "$BUILD_NAME" >"$RESULTS/build.txt"
cc -O2 -Wall -o "$WORK/floor" Benchmarks/floor/floor.c -lncursesw
swiftc -O "${HELLO_FLAGS[@]}" Benchmarks/floor/hello.swift -o "$WORK/hello-swift" 2>/dev/null
BENCH="$BIN/flow-bench"
# Versions for the report: Python, and the packages the environment holds.
"$PY" -c 'import sys, importlib.metadata as m
names = [n for n in ("pyte", "textual", "rich") if any(d.metadata["Name"] == n for d in m.distributions())]
print(", ".join([f"Python {sys.version.split()[0]}"] + [f"{n} {m.version(n)}" for n in names]))' >"$RESULTS/python.txt"

step "generating storyboards"
: >"$RESULTS/sizes.tsv"
for scenes in 1000 5000 10000; do
    "$BENCH" generate "$scenes" "$WORK/gen-$scenes.storyboard" 2>/dev/null
    printf '%s\t%s\n' "$scenes" "$(stat -c %s "$WORK/gen-$scenes.storyboard")" >>"$RESULTS/sizes.tsv"
done

step "load and validate 10,000 scenes vs xmllint"
bounded 300 "$BENCH" load "$WORK/gen-10000.storyboard" "$LOADS" >"$RESULTS/load.tsv"
bounded 300 "$PY" Benchmarks/proc_bench.py --runs "$LOADS" -- xmllint --noout "$WORK/gen-10000.storyboard" >"$RESULTS/xmllint.json"
bounded 300 "$PY" Benchmarks/proc_bench.py --runs 3 -- "$BIN/storyboard" check "$WORK/gen-10000.storyboard" >"$RESULTS/check.json"

step "check a 10,000-scene navigation chain, every tenth segue modal, vs xmllint"
"$BENCH" chain 10000 "$WORK/chain-10000.storyboard" 2>/dev/null
printf '%s\n' "$(stat -c %s "$WORK/chain-10000.storyboard")" >"$RESULTS/chain-size.txt"
bounded 300 "$PY" Benchmarks/proc_bench.py --runs "$LOADS" -- xmllint --noout "$WORK/chain-10000.storyboard" >"$RESULTS/chain-xmllint.json"
bounded 300 "$PY" Benchmarks/proc_bench.py --runs "$LOADS" -- "$BIN/storyboard" check "$WORK/chain-10000.storyboard" >"$RESULTS/chain-check.json"
# What a user's terminal or log receives: the diagnostics, counted once.
bounded 300 "$BIN/storyboard" check "$WORK/chain-10000.storyboard" 2>&1 | wc -lc >"$RESULTS/chain-output.txt"

step "memory after loading 1,000 / 5,000 / 10,000 scenes"
for scenes in 1000 5000 10000; do
    bounded 120 "$BENCH" memory "$WORK/gen-$scenes.storyboard" >"$RESULTS/memory-$scenes.tsv"
done

step "navigation: push/pop and unwind"
for round in $(seq "$ROUNDS"); do
    bounded 300 "$BENCH" navigation >"$RESULTS/navigation-$round.tsv"
    bounded 300 "$BENCH" unwind 100 >"$RESULTS/unwind-$round.tsv"
done

step "seeding Daily Buzz stores with 10, 1,000, 100,000 and 1,000,000 sessions; a Colorboard store"
bounded 300 "$BENCH" seed "$WORK/store-10" 10 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-1000" 1000 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-100k" 100000 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-1m" 1000000 >/dev/null
# A new store holds the sample palette (four colours); each Colorboard run gets a fresh copy,
# since presenting a new colour and keeping it (Done) adds to the palette.
bounded 300 "$BENCH" seed "$WORK/colors" 0 >/dev/null
fresh_colors() { rm -rf "$WORK/colors-run"; cp -a "$WORK/colors" "$WORK/colors-run"; }
"$PY" Benchmarks/proc_bench.py --runs 5 -- "$WORK/hello-swift" >"$RESULTS/swift-floor.json"
# Start-up in stages, without a terminal: start, parse the arguments and fail on a missing
# file; then up to the terminal (storyboard loaded, store open), where `run` stops because
# standard input is not a tty.
"$PY" Benchmarks/proc_bench.py --runs 15 --any-status -- "$BIN/storyboard" check /nonexistent.storyboard >"$RESULTS/start-parse.json"
"$PY" Benchmarks/proc_bench.py --runs 15 --any-status -- "$BIN/storyboard" run dailybuzz --fresh \
    --data-dir "$WORK/store-1000" >"$RESULTS/start-noterminal.json"

# The programs side by side: Daily Buzz on a store of 1,000 sessions, Colorboard, the tour;
# ours and the Textual peer's.
OURS_DB=("$BIN/storyboard" run dailybuzz --fresh --data-dir "$WORK/store-1000")
PEER_DB=("$PY" Benchmarks/peer/dailybuzz.py --data-dir "$WORK/store-1000")
OURS_TOUR=("$BIN/storyboard" run seguetour --fresh --data-dir "$WORK/store-10")
OURS_CB=("$BIN/storyboard" run colorboard --fresh --data-dir "$WORK/colors-run")
PEER_CB=("$PY" Benchmarks/peer/colorboard.py --data-dir "$WORK/colors-run")
term() {  # term NAME SIZE ROUND IDLE SCREEN [pty_bench options] -- PROGRAM...
    local name=$1 size=$2 round=$3 idle=$4 screen=$5
    shift 5
    bounded 400 "$PY" Benchmarks/pty_bench.py --screen "$screen" --size "$size" --runs "$LAUNCHES" \
        --idle "$idle" "$@" >"$RESULTS/term-$name-$size-$round.json"
}
INTERACTIONS=(--keys "$KEYS" --push-pop "$PUSHPOP" --present "$PRESENT")
step "terminal: C floor, Daily Buzz, Colorboard (ours and Textual) and the tour, 80x24 and 200x60, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
    for size in 80x24 200x60; do
        # Idle CPU once, in the first round at 80x24: it does not depend on the size.
        idle=0
        if [ "$round" = 1 ] && [ "$size" = 80x24 ]; then idle=$IDLE; fi
        echo "   round $round, $size" >&2
        term floor "$size" "$round" "$idle" floor --keys "$KEYS" -- "$WORK/floor"
        # What our app keeps resident, mapped once (at 80x24, in the first round).
        map=()
        if [ "$round" = 1 ] && [ "$size" = 80x24 ]; then map=(--map "$RESULTS/map-dailybuzz.txt"); fi
        term ours-db "$size" "$round" "$idle" dailybuzz "${INTERACTIONS[@]}" "${map[@]}" -- "${OURS_DB[@]}"
        if [ "$PEER" = 1 ]; then term peer-db "$size" "$round" "$idle" dailybuzz "${INTERACTIONS[@]}" -- "${PEER_DB[@]}"; fi
        fresh_colors
        term ours-cb "$size" "$round" "$idle" colorboard "${INTERACTIONS[@]}" -- "${OURS_CB[@]}"
        if [ "$PEER" = 1 ]; then fresh_colors; term peer-cb "$size" "$round" "$idle" colorboard "${INTERACTIONS[@]}" -- "${PEER_CB[@]}"; fi
        term ours-tour "$size" "$round" "$idle" tour --keys "$KEYS" --push-pop "$PUSHPOP" -- "${OURS_TOUR[@]}"
    done
done

step "an app's folder of 50 storyboards beside its main storyboard alone, $ROUNDS rounds"
"$BENCH" app 50 "$WORK/app" 2>/dev/null
for round in $(seq "$ROUNDS"); do
    term app-file 80x24 "$round" 0 app --keys 0 -- "$BIN/storyboard" run "$WORK/app/Lone/Main.storyboard" --locale base
    term app-folder 80x24 "$round" 0 app --keys 0 -- "$BIN/storyboard" run "$WORK/app/App" --locale base
    term app-german 80x24 "$round" 0 app-de --keys 0 -- "$BIN/storyboard" run "$WORK/app/App" --locale de
done

step "scale: 10, 100,000 and 1,000,000 sessions, $ROUNDS rounds"
for round in $(seq "$ROUNDS"); do
    for store in 10 100k 1m; do
        term "ours-db$store" 80x24 "$round" 0 dailybuzz --keys 0 --end "$ENDS" \
            -- "$BIN/storyboard" run dailybuzz --fresh --data-dir "$WORK/store-$store"
        if [ "$PEER" = 1 ]; then
            term "peer-db$store" 80x24 "$round" 0 dailybuzz --keys 0 --end "$ENDS" \
                -- "$PY" Benchmarks/peer/dailybuzz.py --data-dir "$WORK/store-$store"
        fi
    done
done

"$PY" Benchmarks/report.py "$RESULTS"
