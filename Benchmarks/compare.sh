#!/usr/bin/env bash
# Measures two builds of the app side by side with the C floor, in interleaved rounds: the
# terminal figures a change must not make worse (first frame, ↓ key to frame, bytes per ↓,
# peak memory) for Daily Buzz, Colorboard and the tour at 80×24 and 200×60.
#
# Usage: Benchmarks/compare.sh [--quick] [--rounds N] BASE [NEW]
#   BASE, NEW  git revisions (NEW defaults to the working tree as it is). Each is built as
#              users build it (static release, see README) in a scratch folder of its own.
#   --quick    one round and few samples: a smoke test, not figures to quote
#
# Prints a markdown table. Needs what Benchmarks/run.sh needs except Textual (pyte only).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
ROUNDS=3 KEYS=50 PUSHPOP=10 PRESENT=10 LAUNCHES=5
POSITIONAL=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) ROUNDS=1 KEYS=10 PUSHPOP=2 PRESENT=2 LAUNCHES=2 ;;
        --rounds) ROUNDS=$2; shift ;;
        -*) echo "usage: Benchmarks/compare.sh [--quick] [--rounds N] BASE [NEW]" >&2; exit 2 ;;
        *) POSITIONAL+=("$1") ;;
    esac
    shift
done
[ ${#POSITIONAL[@]} -ge 1 ] || { echo "usage: Benchmarks/compare.sh [--quick] [--rounds N] BASE [NEW]" >&2; exit 2; }
BASE=${POSITIONAL[0]} NEW=${POSITIONAL[1]:-}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/storyboard-compare.XXXXXX")
trap 'git -C "$ROOT" worktree remove --force "$WORK/base-src" >/dev/null 2>&1 || true
      [ -n "$NEW" ] && git -C "$ROOT" worktree remove --force "$WORK/new-src" >/dev/null 2>&1 || true
      rm -rf "$WORK"' EXIT
RESULTS="$WORK/results"
mkdir -p "$RESULTS"
step() { echo "== $*" >&2; }
bounded() { timeout --kill-after=10 "$1" "${@:2}"; }

python3 -m venv "$WORK/venv" >/dev/null
"$WORK/venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet --requirement=Benchmarks/requirements.txt
PY="$WORK/venv/bin/python"
export PYTHONPYCACHEPREFIX="$WORK/pycache"

# A revision's static release build, in a scratch folder kept between runs (.build-compare-REV).
build() {  # build REVISION|"" → prints the path of the storyboard program
    local revision=$1 source=$ROOT name
    if [ -n "$revision" ]; then
        name=$(git rev-parse --short "$revision")
        source="$WORK/$([ "$revision" = "$BASE" ] && echo base || echo new)-src"
        git worktree add --detach "$source" "$revision" >/dev/null 2>&1
    else
        name=worktree
    fi
    local scratch="$ROOT/.build-compare-$name"
    (cd "$source" && swift build -c release --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -static-executable \
        --product storyboard >&2)
    echo "$scratch/release/storyboard"
}
step "building $BASE"
BASE_BIN=$(build "$BASE")
step "building ${NEW:-the working tree}"
NEW_BIN=$(build "$NEW")
cc -O2 -Wall -o "$WORK/floor" Benchmarks/floor/floor.c -lncursesw

step "stores"
swift build -c release --scratch-path "$ROOT/.build-compare-bench" --product flow-bench >&2
BENCH="$ROOT/.build-compare-bench/release/flow-bench"
bounded 300 "$BENCH" seed "$WORK/store-1000" 1000 >/dev/null
bounded 300 "$BENCH" seed "$WORK/store-10" 10 >/dev/null
bounded 300 "$BENCH" seed "$WORK/colors" 0 >/dev/null

term() {  # term NAME SIZE ROUND SCREEN [pty_bench options] -- PROGRAM...
    local name=$1 size=$2 round=$3 screen=$4
    shift 4
    bounded 400 "$PY" Benchmarks/pty_bench.py --screen "$screen" --size "$size" --runs "$LAUNCHES" "$@" \
        >"$RESULTS/term-$name-$size-$round.json"
}
INTERACTIONS=(--keys "$KEYS" --push-pop "$PUSHPOP" --present "$PRESENT")
for round in $(seq "$ROUNDS"); do
    for size in 80x24 200x60; do
        step "round $round, $size"
        term floor "$size" "$round" floor --keys "$KEYS" -- "$WORK/floor"
        for who in base new; do
            bin=$BASE_BIN
            [ "$who" = new ] && bin=$NEW_BIN
            term "$who-db" "$size" "$round" dailybuzz "${INTERACTIONS[@]}" -- "$bin" run dailybuzz --fresh --data-dir "$WORK/store-1000"
            rm -rf "$WORK/colors-run"; cp -a "$WORK/colors" "$WORK/colors-run"
            term "$who-cb" "$size" "$round" colorboard "${INTERACTIONS[@]}" -- "$bin" run colorboard --fresh --data-dir "$WORK/colors-run"
            term "$who-tour" "$size" "$round" tour --keys "$KEYS" --push-pop "$PUSHPOP" -- "$bin" run seguetour --fresh --data-dir "$WORK/store-10"
        done
    done
done
"$PY" Benchmarks/compare.py "$RESULTS" "$BASE" "${NEW:-working tree}"
