#!/usr/bin/env bash
# Serving over SSH: `storyboard serve` beside OpenSSH's sshd with a ForceCommand running
# `storyboard run` (what an operator would set up today), same client, same machine, one
# run. Prints a markdown table (docs/benchmarks.md, "Serving over SSH").
#
# Usage: Benchmarks/serve.sh [--quick] [--keep] [--no-sshd] [--cap N]
#   --quick    few runs and sessions: a check of the script, not figures to quote
#   --keep     keep the work directory (keys, configurations, logs, raw results)
#   --no-sshd  measure only our server
#   --cap N    ramp up to N sessions held (default 300)
#
# Needs: swift, python3 with venv and pip (pyte, as Benchmarks/run.sh installs it), the
# OpenSSH client (apt-get install openssh-client) and, for the peer, OpenSSH's server
# (apt-get install openssh-server) run as root: sshd needs root to log a user in.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)

RUNS=20 SMALL=20 LARGE=100 CAP=300 BATCHES=(10 5) KEEP=0 PEER=1
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) RUNS=3 SMALL=3 LARGE=6 CAP=20 BATCHES=(10) ;;
        --keep) KEEP=1 ;;
        --no-sshd) PEER=0 ;;
        --cap) CAP=${2:?--cap needs a number}; shift ;;
        *) echo "usage: Benchmarks/serve.sh [--quick] [--keep] [--no-sshd] [--cap N]" >&2; exit 2 ;;
    esac
    shift
done

for tool in swift python3 ssh ssh-keygen timeout; do
    if ! command -v "$tool" >/dev/null; then
        hint=""
        case "$tool" in ssh|ssh-keygen) hint=" (apt-get install openssh-client)" ;; esac
        echo "serve.sh: $tool is missing$hint" >&2
        exit 2
    fi
done
SSHD=/usr/sbin/sshd
if [ "$PEER" = 1 ]; then
    if [ ! -x "$SSHD" ]; then
        echo "serve.sh: $SSHD is missing (apt-get install openssh-server), or run with --no-sshd" >&2
        exit 2
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "serve.sh: sshd must run as root to log a user in; run as root, or with --no-sshd" >&2
        exit 2
    fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/storyboard-serve-bench.XXXXXX")
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ "$KEEP" = 1 ]; then echo "work directory: $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
step() { echo "== $*" >&2; }
bounded() { timeout --kill-after=10 "$1" "${@:2}"; }

step "python environment (pinned pyte)"
python3 -m venv "$WORK/venv" >"$WORK/venv.log" 2>&1 || { cat "$WORK/venv.log" >&2; exit 2; }
if ! bounded 600 "$WORK/venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
    --requirement=Benchmarks/requirements.txt >"$WORK/pip.log" 2>&1; then
    tail -5 "$WORK/pip.log" >&2
    echo "serve.sh: pip could not install pyte (it needs PyPI, or PIP_INDEX_URL / PIP_FIND_LINKS)" >&2
    exit 2
fi
PY="$WORK/venv/bin/python"

# The build users install (README): static programs, the app and the server beside it.
step "building (swift build -c release --static-swift-stdlib -Xswiftc -static-executable)"
for product in storyboard storyboard-server; do
    swift build -c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-static \
        --product "$product" >&2
done
BIN="$ROOT/.build-static/release/storyboard"

# One key for every client, listed for both servers; the user is whoever runs this.
USER_NAME=$(id -un)
ssh-keygen -q -t ed25519 -N '' -C bench -f "$WORK/client" >/dev/null
cp "$WORK/client.pub" "$WORK/authorized_keys"
chmod 600 "$WORK/authorized_keys"

free_port() { "$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for_port() {
    for _ in $(seq 100); do
        if "$PY" -c "import socket,sys; socket.create_connection(('127.0.0.1', $1), 1)" 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "serve.sh: nothing listens on port $1" >&2
    return 1
}

# Ours: no idle timeout, room for the ramp, and no limit on new connections from one
# address (every client here comes from 127.0.0.1, as sshd's has none); everything else as
# shipped.
OURS_PORT=$(free_port)
"$BIN" serve --listen "127.0.0.1:$OURS_PORT" --authorized-keys "$WORK/authorized_keys" \
    --data-dir "$WORK/ours-data" --max-sessions 2000 --idle-timeout 0 --per-address-rate 0 2>"$WORK/ours.log" &
OURS_PID=$!
PIDS+=("$OURS_PID")
wait_for_port "$OURS_PORT"

if [ "$PEER" = 1 ]; then
    # sshd as an operator would set it up for this: its own host key and port, keys only, the
    # app forced. UseDNS no and UsePAM no (no reverse lookups, no PAM session stack: what a
    # single-purpose server turns off); LANG set so the app draws in UTF-8 as ours does by
    # default; MaxStartups raised so the ramp's bursts are not dropped by the default 10:30:100.
    mkdir -p "$WORK/sshd" /run/sshd
    ssh-keygen -q -t ed25519 -N '' -f "$WORK/sshd/ssh_host_ed25519_key" >/dev/null
    SSHD_PORT=$(free_port)
    cat >"$WORK/sshd/sshd_config" <<EOF
Port $SSHD_PORT
ListenAddress 127.0.0.1
HostKey $WORK/sshd/ssh_host_ed25519_key
PidFile $WORK/sshd/sshd.pid
AuthorizedKeysFile $WORK/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
UseDNS no
StrictModes no
DisableForwarding yes
PrintMotd no
PrintLastLog no
MaxStartups 1000:30:2000
MaxSessions 10
SetEnv LANG=C.UTF-8
ForceCommand $BIN run --data-dir $WORK/sshd-data
LogLevel ERROR
EOF
    "$SSHD" -t -f "$WORK/sshd/sshd_config"
    "$SSHD" -D -e -f "$WORK/sshd/sshd_config" 2>"$WORK/sshd.log" &
    SSHD_PID=$!
    PIDS+=("$SSHD_PID")
    wait_for_port "$SSHD_PORT"
fi

bench() {  # NAME PORT PID MEASURE [ARGS…]
    local name=$1 port=$2 pid=$3 measure=$4
    shift 4
    local out="$WORK/$name-$measure-$(echo "$*" | tr -c 'a-z0-9\n' '_').json"
    bounded 1800 "$PY" Benchmarks/serve_bench.py "$measure" --port "$port" --key "$WORK/client" \
        --known-hosts "$WORK/known_hosts" --user "$USER_NAME" --server-pid "$pid" "$@" >"$out"
    cat "$out"
}

SERVERS=("ours $OURS_PORT $OURS_PID")
if [ "$PEER" = 1 ]; then SERVERS+=("sshd $SSHD_PORT $SSHD_PID"); fi
declare -A RESULT
for server in "${SERVERS[@]}"; do
    read -r name port pid <<<"$server"
    step "$name: connect to first frame, $RUNS runs"
    RESULT[$name-first]=$(bench "$name" "$port" "$pid" first-frame --runs "$RUNS")
    step "$name: memory with $SMALL sessions"
    RESULT[$name-small]=$(bench "$name" "$port" "$pid" memory --sessions "$SMALL")
    step "$name: memory with $LARGE sessions"
    RESULT[$name-large]=$(bench "$name" "$port" "$pid" memory --sessions "$LARGE")
    for batch in "${BATCHES[@]}"; do
        step "$name: sessions held with every first frame within 2 s (bursts of $batch, up to $CAP)"
        RESULT[$name-ramp$batch]=$(bench "$name" "$port" "$pid" ramp --batch "$batch" --cap "$CAP")
    done
done

field() { "$PY" -c "import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }
mib() { "$PY" -c "print(f'{int(\"$1\") / 1024:.1f} MiB')"; }
ratio() { "$PY" -c "print(f'{float(\"$1\") / float(\"$2\"):.2f}×')"; }

echo
echo "### Serving over SSH"
echo
echo "Machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo), $(uname -sr);" \
    "$(swift --version 2>/dev/null | head -1 | sed 's/ (.*//'); $(ssh -V 2>&1); static release build (README)."
echo
if [ "$PEER" = 1 ]; then
    echo "| Benchmark | storyboard serve | sshd + ForceCommand | Ours ÷ sshd | Goal |"
    echo "|---|---|---|---|---|"
    ours=$(field "${RESULT[ours-first]}" median_ms) theirs=$(field "${RESULT[sshd-first]}" median_ms)
    echo "| Connect to first frame, median of $RUNS | $ours ms | $theirs ms | $(ratio "$ours" "$theirs") | ≤ 0.5× |"
    for size in small large; do
        count=$(field "${RESULT[ours-$size]}" sessions)
        for kind in rss pss; do
            ours=$(field "${RESULT[ours-$size]}" "${kind}_per_session_kib") theirs=$(field "${RESULT[sshd-$size]}" "${kind}_per_session_kib")
            echo "| ${kind^^} per session, $count held | $(mib "$ours") | $(mib "$theirs") | $(ratio "$ours" "$theirs") | ≤ 0.8× |"
        done
    done
    for batch in "${BATCHES[@]}"; do
        ours=$(field "${RESULT[ours-ramp$batch]}" held) theirs=$(field "${RESULT[sshd-ramp$batch]}" held)
        echo "| Sessions held, connecting in bursts of $batch, every first frame ≤ 2 s (cap $CAP) | $ours | $theirs | — | — |"
    done
else
    echo "| Benchmark | storyboard serve |"
    echo "|---|---|"
    echo "| Connect to first frame, median of $RUNS | $(field "${RESULT[ours-first]}" median_ms) ms |"
    for size in small large; do
        echo "| RSS / PSS per session, $(field "${RESULT[ours-$size]}" sessions) held |" \
            "$(mib "$(field "${RESULT[ours-$size]}" rss_per_session_kib)") / $(mib "$(field "${RESULT[ours-$size]}" pss_per_session_kib)") |"
    done
    for batch in "${BATCHES[@]}"; do
        echo "| Sessions held, connecting in bursts of $batch, every first frame ≤ 2 s (cap $CAP) | $(field "${RESULT[ours-ramp$batch]}" held) |"
    done
fi
echo
echo "Raw results:"
for key in "${!RESULT[@]}"; do echo "- $key: ${RESULT[$key]}"; done | sort
