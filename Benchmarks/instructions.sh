#!/usr/bin/env bash
# Counts the instructions the app runs (valgrind's callgrind: the same count on a loaded
# machine as on an idle one) for the first frame and for each ↓ key, headless, for two
# revisions side by side: the figures a change of the renderers must not make worse.
#
# Usage: Benchmarks/instructions.sh BASE [NEW]
#   BASE, NEW  git revisions (NEW defaults to the working tree). Each is built with
#              `swift build -c release` in a scratch folder of its own (.build-instructions-REV).
#
# Measured: `storyboard render APP --keys …` with no key (start to the first frame, headless)
# and with 50 pairs of ↓ ↑ (the difference, per key, is the work of handling a key and
# rendering the frame), for Daily Buzz on a store of 1,000 sessions, Colorboard and the tour,
# at 80×24 and 200×60. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ $# -ge 1 ] || { echo "usage: Benchmarks/instructions.sh BASE [NEW]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/storyboard-instructions.XXXXXX")
trap 'for t in "$WORK"/src-*; do [ -d "$t" ] && git -C "$ROOT" worktree remove --force "$t" >/dev/null 2>&1; done; rm -rf "$WORK"' EXIT

build() {  # build REVISION|"" NAME → a program valgrind can read (debug info stripped, symbols kept)
    local revision=$1 name=$2 source=$ROOT
    if [ -n "$revision" ]; then
        source="$WORK/src-$name"
        git worktree add --detach "$source" "$revision" >/dev/null 2>&1
    fi
    (cd "$source" && swift build -c release --product storyboard --scratch-path "$ROOT/.build-instructions-$name" >&2)
    # valgrind 3.19 cannot read the toolchain's newest debug information.
    strip --strip-debug -o "$WORK/storyboard-$name" "$ROOT/.build-instructions-$name/release/storyboard"
    # The bundled storyboards, where the program looks for them.
    cp -a "$ROOT/.build-instructions-$name/release/storyboard_BundledStoryboards.resources" "$WORK/" 2>/dev/null || true
    echo "$WORK/storyboard-$name"
}
BASE_BIN=$(build "$1" base)
NEW_BIN=$(build "${2:-}" new)
swift build -c release --product flow-bench --scratch-path "$ROOT/.build-instructions-bench" >&2
"$ROOT/.build-instructions-bench/release/flow-bench" seed "$WORK/store" 1000 >/dev/null

count() {  # count PROGRAM APP SIZE KEYS → instructions
    rm -rf "$WORK/run"; cp -a "$WORK/store" "$WORK/run"
    valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" "$1" render "$2" --data-dir "$WORK/run" \
        --size "$3" --keys "$4" 2>"$WORK/valgrind.log" >/dev/null
    grep -o 'Collected : [0-9]*' "$WORK/valgrind.log" | grep -o '[0-9]*$'
}
PAIRS=$(printf '<Down><Up>%.0s' $(seq 50))
echo "| App | Size | Start to first frame, ${1} | … ${2:-working tree} | ↓ key, ${1} | … ${2:-working tree} | ↓ new ÷ base |"
echo "|---|---|---|---|---|---|---|"
for app in dailybuzz colorboard seguetour; do
    for size in 80x24 200x60; do
        base0=$(count "$BASE_BIN" "$app" "$size" "") base1=$(count "$BASE_BIN" "$app" "$size" "$PAIRS")
        new0=$(count "$NEW_BIN" "$app" "$size" "") new1=$(count "$NEW_BIN" "$app" "$size" "$PAIRS")
        python3 -c "
b0, b1, n0, n1 = $base0, $base1, $new0, $new1
bk, nk = (b1 - b0) / 100, (n1 - n0) / 100
print(f'| $app | ${size/x/×} | {b0/1e6:.2f} M | {n0/1e6:.2f} M ({n0/b0:.3f}×) | {bk/1e3:.0f} k | {nk/1e3:.0f} k | {nk/bk:.2f}× |')"
    done
done
