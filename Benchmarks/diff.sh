#!/usr/bin/env bash
# `storyboard diff` against `git diff --no-index` on the same pair of files, and its growth
# with the file: 500 KB (200 scenes), 5,000 and 10,000 scenes (docs/benchmarks.md, "storyboard diff").
#
# Usage: Benchmarks/diff.sh [STORYBOARD]   (default: the static program users install, built
# into .build-static as Benchmarks/run.sh builds it; pass .build-release/storyboard or any
# other to measure that one)
# Prints the median wall and CPU seconds of each (CPU from getrusage, in microseconds: the
# clock ticks of times(2) are 10 ms, too coarse for a 500 KB pair), and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build-static/release/storyboard}
if [ $# -eq 0 ]; then
    swift build -c release --scratch-path .build-static --static-swift-stdlib -Xswiftc -static-executable --product storyboard >&2
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

median() {  # median wall and CPU (user + system) seconds of 21 runs of "$@", output discarded
    python3 - "$@" <<'PY'
import os, statistics, sys, time
walls, cpus = [], []
for _ in range(21):
    start = time.perf_counter()
    child = os.fork()
    if child == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execvp(sys.argv[1], sys.argv[1:])
    _, _, usage = os.wait4(child, 0)
    walls.append(time.perf_counter() - start)
    cpus.append(usage.ru_utime + usage.ru_stime)
print(f"{statistics.median(walls):.4f} {statistics.median(cpus):.4f}")
PY
}

printf "%-14s %9s %11s %11s %7s %11s %11s %7s\n" "pair" "size" "diff wall" "git wall" "ratio" "diff CPU" "git CPU" "ratio"
declare -A took
for scenes in 200 5000 10000; do
    python3 Benchmarks/diff_pair.py "$scenes" "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard"
    size=$(stat -c %s "$WORK/new-$scenes.storyboard")
    read -r ours ours_cpu < <(median "$BIN" diff --no-interactive --color never "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard")
    read -r git git_cpu < <(median git diff --no-index --no-color "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard")
    took[$scenes]=$ours_cpu
    printf "%-14s %9s %11s %11s %7s %11s %11s %7s\n" "$scenes scenes" "$((size / 1024)) KB" "$ours" "$git" \
        "$(python3 -c "print(f'{$ours / $git:.2f}x')")" "$ours_cpu" "$git_cpu" \
        "$(python3 -c "print(f'{$ours_cpu / max($git_cpu, 0.0001):.2f}x')")"
done
echo "CPU, 10,000 scenes / 5,000 scenes: $(python3 -c "print(f'{${took[10000]} / ${took[5000]}:.2f}x')")"
