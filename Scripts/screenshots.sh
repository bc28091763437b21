#!/usr/bin/env bash
# Makes the README's screenshots of the three demos with the project itself
# (`storyboard render --format svg`), into docs/screenshots/. Run it again after a change to
# what the demos show; each picture is one `render` with the keys below, on a fresh store.
#
#   Scripts/screenshots.sh            build, then write the pictures
#   Scripts/screenshots.sh --png      also draw each as PNG with rsvg-convert (librsvg2-bin)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
swift build --product storyboard >/dev/null 2>&1
binary="$(swift build --show-bin-path 2>/dev/null)/storyboard"

output=docs/screenshots
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
mkdir -p "$output"

# name, storyboard, keys
shots=(
    "dailybuzz|dailybuzz|"
    "dailybuzz-add|dailybuzz|+203"
    "colorboard|colorboard|<Down><Down><Down><Enter>"
    "tour|seguetour|<Enter>"
)
for shot in "${shots[@]}"; do
    IFS='|' read -r name storyboard keys <<<"$shot"
    "$binary" render "$storyboard" --keys "$keys" --size 80x24 --format svg --data-dir "$data" >"$output/$name.svg"
    if [ "${1:-}" = "--png" ]; then
        rsvg-convert "$output/$name.svg" -o "$output/$name.png"
    fi
    echo "$output/$name.svg"
done
