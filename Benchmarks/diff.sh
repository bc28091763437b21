#!/usr/bin/env bash
# `storyboard diff` against `git diff --no-index` on the same pair of files, and its growth
# with the file: 500 KB (200 scenes), 5,000 and 10,000 scenes (docs/benchmarks.md, "storyboard diff").
#
# Usage: Benchmarks/diff.sh [STORYBOARD]   (default: .build/release/storyboard, built if missing)
# Prints the median of seven runs of each, in seconds, and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/storyboard}
if [ ! -x "$BIN" ]; then swift build -c release --product storyboard >&2; fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

median() {  # median wall time of seven runs of "$@", output discarded
    python3 - "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(7):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.4f}")
PY
}

printf "%-22s %10s %12s %12s %8s\n" "pair" "size" "diff (s)" "git (s)" "ratio"
declare -A took
for scenes in 200 5000 10000; do
    python3 Benchmarks/diff_pair.py "$scenes" "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard"
    size=$(stat -c %s "$WORK/new-$scenes.storyboard")
    ours=$(median "$BIN" diff --color never "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard")
    git=$(median git diff --no-index --no-color "$WORK/old-$scenes.storyboard" "$WORK/new-$scenes.storyboard")
    took[$scenes]=$ours
    printf "%-22s %10s %12s %12s %8s\n" "$scenes scenes" "$((size / 1024)) KB" "$ours" "$git" \
        "$(python3 -c "print(f'{$ours / $git:.2f}x')")"
done
echo "10,000 scenes / 5,000 scenes: $(python3 -c "print(f'{${took[10000]} / ${took[5000]}:.2f}x')")"
