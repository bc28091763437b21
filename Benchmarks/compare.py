#!/usr/bin/env python3
"""Prints compare.sh's results as a markdown table: each figure for the base build, the new
build and the C floor, side by side, with the new build's ratio to the base and to the floor.

Usage: compare.py RESULTS BASE-NAME NEW-NAME
"""

import sys

from report import duration, figure, megabytes, rounds_json

SIZES = ("80x24", "200x60")
APPS = (("Daily Buzz", "db"), ("Colorboard", "cb"), ("the tour", "tour"))


def ratio(value, reference):
    if value is None or not reference:
        return "—"
    return f"{value / reference:.2f}×"


def main():
    results, base_name, new_name = sys.argv[1:4]
    print(f"| Figure | Size | {base_name} | {new_name} | C floor | new ÷ base | new ÷ floor |")
    print("|---|---|---|---|---|---|---|")
    for size in SIZES:
        floor = rounds_json(results, f"term-floor-{size}")
        shown = size.replace("x", "×")
        measures = (
            ("First frame", lambda result: figure(result, "first_frame"), duration),
            ("↓ key to frame, median", lambda result: figure(result, "down"), duration),
            ("Bytes per ↓", lambda result: figure(result, "down", "bytes"), lambda value: f"{value:.0f} B"),
            ("Peak memory (VmHWM)", lambda result: result.get("peak_kib"), megabytes),
        )
        for label, read, show in measures:
            for app, key in APPS:
                base = read(rounds_json(results, f"term-base-{key}-{size}"))
                new = read(rounds_json(results, f"term-new-{key}-{size}"))
                reference = read(floor)
                cells = [show(value) if value is not None else "—" for value in (base, new, reference)]
                print(f"| {label}, {app} | {shown} | {' | '.join(cells)} | {ratio(new, base)} | {ratio(new, reference)} |")


if __name__ == "__main__":
    main()
