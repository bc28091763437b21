#!/usr/bin/env bash
# Audits `storyboard serve --open` on a loopback port with ssh-audit (PyPI `ssh-audit`, the
# tool people run against SSH servers), its connection rate test on, as docs/serving.md
# ("Hardening") reports it. Prints ssh-audit's report, then the rate it measured; exits 1
# when ssh-audit finds the connection throttling insufficient.
#
#   Scripts/ssh-audit.sh                      the server as shipped
#   Scripts/ssh-audit.sh --per-address-rate 0 the server without its per-address limit (any
#                                             further arguments go to `storyboard serve`)
#
# Needs python3 with venv and pip (PyPI, or PIP_INDEX_URL) and swift.
set -euo pipefail
cd "$(dirname "$0")/.."

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
