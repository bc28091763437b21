#!/usr/bin/env bash
# Audits `storyboard serve --open` on a loopback port with ssh-audit (PyPI `ssh-audit`, the
# tool people run against SSH servers), its connection rate test on, as docs/serving.md
# ("Hardening") reports it. Prints ssh-audit's report, then the rate it measured; exits 1
# when ssh-audit finds the connection throttling insufficient.
#
#   Scripts/ssh-audit.sh                      the server as shipped
#   Scripts/ssh-audit.sh --per-address-rate 0 the server without its per-address limit (any
#                                             further arguments go to `storyboard serve`)
#   Scripts/ssh-audit.sh --attack 10 [ARGS]   instead of the audit, ssh-audit's DHEat attack
#                                             (3 sockets) for 10 s: the attacker's rates and the
#                                             CPU time the server spent meanwhile
#
# Needs python3 with venv and pip (PyPI, or PIP_INDEX_URL) and swift.
set -euo pipefail
cd "$(dirname "$0")/.."
attack=0
if [ "${1:-}" = "--attack" ]; then
    attack=${2:?--attack needs a number of seconds}
    shift 2
fi

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
work="$(mktemp -d)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

python3 -m venv "$work/venv" >/dev/null
"$work/venv/bin/python" -m pip install --disable-pip-version-check --no-input --quiet ssh-audit==3.9.0 >&2
swift build --product storyboard >&2
swift build --product storyboard-server >&2
binary="$(swift build --show-bin-path 2>/dev/null)/storyboard"

"$binary" serve --open --listen 127.0.0.1:0 --data-dir "$work/data" "$@" 2>"$work/server.log" &
server=$!
port=""
for _ in $(seq 100); do
    port="$(sed -n 's/.*address=127\.0\.0\.1:\([0-9]*\).*listening.*/\1/p' "$work/server.log")"
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log" >&2; echo "ssh-audit.sh: the server did not start" >&2; exit 2; }

if [ "$attack" != 0 ]; then
    ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
    # The program listening is storyboard-server, which `storyboard serve` started.
    listener="$(pgrep -P "$server" || echo "$server")"
    before="$(ticks "$listener")"
    timeout "$attack" "$work/venv/bin/ssh-audit" --no-colors --dheat 3 -p "$port" 127.0.0.1 >"$work/attack.txt" 2>&1 || true
    after="$(ticks "$listener")"
    tr '\r' '\n' <"$work/attack.txt" | grep 'TCP SYNs/sec' | tail -1
    echo "server CPU: $(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }') s in ${attack} s"
    echo "server log: $(grep -c 'connection opened' "$work/server.log") connections taken, $(grep -c 'connection refused' "$work/server.log") refusal lines"
    exit 0
fi

# ssh-audit exits non-zero whenever it fails or warns about an algorithm: the report is what counts.
"$work/venv/bin/ssh-audit" --no-colors --debug -p "$port" 127.0.0.1 >"$work/audit.txt" 2>&1 || true
sed -n '/^# general/,$p' "$work/audit.txt" | grep -v '^DHEat\|^$' || true
echo
grep 'dh_rate_test() results' "$work/audit.txt" || echo "(no rate test: ssh-audit found no key exchange it tests)"
echo "server log: $(grep -c 'connection opened' "$work/server.log") connections taken, $(grep -c 'connection refused' "$work/server.log") refusal lines"
if grep -q 'insufficient connection throttling' "$work/audit.txt"; then
    echo "ssh-audit: insufficient connection throttling"
    exit 1
fi
echo "ssh-audit: no throttling note"
