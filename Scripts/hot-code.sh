#!/usr/bin/env bash
# Writes Sources/storyboard/hot-code.txt: the sections of the functions a run of the app uses,
# hottest first, which release builds on Linux lay out together (see Package.swift and
# docs/DECISIONS.md, "Performance and the lean binary"). Run it again when the code a run uses
# has moved a lot (a stale list costs memory, never correctness: functions it misses are laid
# out as before).
#
# Usage: Scripts/hot-code.sh
#
# Builds the static release program, then counts with valgrind's callgrind which functions
# run in: `render` of the three bundled storyboards at 80×24 and 200×60 with keys that move,
# push, pop, present and dismiss; and `run` of each in a pseudo-terminal of 80×24 with the
# same kind of keys (the terminal's side). Needs valgrind and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
command -v valgrind >/dev/null || { echo "hot-code.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/storyboard-hot-code.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

SCRATCH=.build-hot-code
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib -Xswiftc -static-executable --product storyboard >&2
swift build -c release --scratch-path "$SCRATCH" --static-swift-stdlib -Xswiftc -static-executable --product flow-bench >&2
# valgrind cannot read the toolchain's newest debug information: symbols only.
strip --strip-debug -o "$WORK/storyboard" "$SCRATCH/release/storyboard"
cp -a "$SCRATCH/release/storyboard_BundledStoryboards.resources" "$WORK/"
"$SCRATCH/release/flow-bench" seed "$WORK/store" 1000 >/dev/null

profile() {  # profile NAME PROGRAM-ARGS...
    local name=$1
    shift
    rm -rf "$WORK/data"
    cp -a "$WORK/store" "$WORK/data"
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/$name.out" "$@" >/dev/null 2>&1
}
KEYS='<Down><Up><Down><Down><Up><Enter><Esc>+<Esc><End><Home>'
for app in dailybuzz colorboard seguetour; do
    for size in 80x24 200x60; do
        profile "render-$app-$size" "$WORK/storyboard" render "$app" --data-dir "$WORK/data" --size "$size" --keys "$KEYS"
    done
    # The app in a terminal: a pseudo-terminal that answers the device attributes request.
    rm -rf "$WORK/data"
    cp -a "$WORK/store" "$WORK/data"
    python3 - "$WORK/run-$app.out" "$WORK/storyboard" run "$app" --fresh --data-dir "$WORK/data" <<'EOF'
import fcntl, os, pty, select, struct, sys, termios
out, program = sys.argv[1], sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", LANG="C.UTF-8")
    os.environ.pop("COLORTERM", None)
    os.execvp("valgrind", ["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out] + program)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
def settle(seconds):
    while select.select([fd], [], [], seconds)[0]:
        try:
            data = os.read(fd, 65536)
        except OSError:
            return
        if b"\x1b[c" in data:
            os.write(fd, b"\x1b[?62;22c")
settle(10)
for key in [b"\x1b[B", b"\x1b[A"] * 3 + [b"\r", b"\x1b", b"\x1b[<0;3;1M\x1b[<0;3;1m", b"+", b"\x1b", b"\x13", b"\x1b[F", b"\x1b[H"]:
    os.write(fd, key)
    settle(1.5)
os.write(fd, b"q")
settle(5)
os.waitpid(pid, 0)
EOF
done
# Functions by instructions over all the runs, hottest first, as gold's section names, after
# the compiler's unnamed helpers (closure contexts' destroyers, key path accessors: sections
# named .text..L…, with no symbol a profile could name), a few kilobytes in all, some run on
# every frame from all over the modules.
for file in "$WORK"/*.out; do callgrind_annotate --threshold=100 "$file" 2>/dev/null; done | python3 -c '
import collections, re, sys
print(".text..L*")
cost = collections.Counter()
for line in sys.stdin:
    match = re.match(r"\s*([\d,]+) \([^)]*\)\s+\?\?\?:(.*?) \[", line)
    if match:
        cost[re.sub(r"\x27\d+$", "", match.group(2))] += int(match.group(1).replace(",", ""))
for name, _ in cost.most_common():
    print(".text." + name)
' >"$ROOT/Sources/storyboard/hot-code.txt"
echo "hot-code.sh: $(wc -l <"$ROOT/Sources/storyboard/hot-code.txt") functions in Sources/storyboard/hot-code.txt" >&2
