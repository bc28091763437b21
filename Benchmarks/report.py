#!/usr/bin/env python3
"""Turns the results directory written by Benchmarks/run.sh into a markdown report: the
machine; the runtime beside its references; the terminal figures of our app, the C floor
and the Textual peer side by side with both ratios, for each terminal size; and the scale
figures. Parts that were not run (the peer, with --no-peer) show as "—".

Usage: report.py RESULTS_DIR
"""

import glob
import json
import os
import platform
import statistics
import subprocess
import sys


def tsv(path):
    """name -> value from flow-bench's `name<TAB>value<TAB>unit` lines."""
    values = {}
    with open(path) as handle:
        for line in handle:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2:
                values[parts[0]] = float(parts[1])
    return values


def rounds_tsv(results, prefix):
    """name -> median over the rounds' files `prefix-N.tsv`."""
    files = sorted(glob.glob(os.path.join(results, f"{prefix}-*.tsv")))
    merged = {}
    for path in files:
        for name, value in tsv(path).items():
            merged.setdefault(name, []).append(value)
    return {name: statistics.median(values) for name, values in merged.items()}


def rounds_json(results, prefix):
    """The rounds' pty_bench results `prefix-N.json`, combined: first frames pooled over
    every launch; each timing the median of the rounds' medians (and of their p95s, and
    bytes), samples added up; other figures the median of the rounds' (idle CPU: the
    largest). An empty dict when there are none (a part that was not run)."""
    runs = []
    for path in sorted(glob.glob(os.path.join(results, f"{prefix}-[0-9]*.json"))):
        with open(path) as handle:
            runs.append(json.load(handle))
    if not runs:
        return {}
    launches = [value for run in runs for value in run["first_frame"]["runs"]]
    combined = {"first_frame": {"median": statistics.median(launches), "launches": len(launches),
                                "bytes": statistics.median(run["first_frame"]["bytes"] for run in runs)},
                "rounds": len(runs), "late_bytes": sum(run.get("late_bytes", 0) for run in runs)}
    keys = {key for run in runs for key in run}
    for key in keys - {"command", "screen", "size", "first_frame", "runs", "sessions", "exit_status", "late_bytes"}:
        values = [run[key] for run in runs if key in run]
        if all(isinstance(value, dict) for value in values):
            combined[key] = {"median": statistics.median(value["median"] for value in values),
                             "p95": statistics.median(value["p95"] for value in values),
                             "bytes": statistics.median(value["bytes"] for value in values),
                             "samples": sum(value["samples"] for value in values)}
        elif all(isinstance(value, (int, float)) for value in values):
            combined[key] = max(values) if key.startswith("idle") else statistics.median(values)
    return combined


def figure(result, name, field="median"):
    """A figure of a combined result (`down`, `first_frame`, `peak_kib`...), or None."""
    value = result.get(name)
    if isinstance(value, dict):
        return value.get(field)
    return value


def load_json(path):
    with open(path) as handle:
        return json.load(handle)


def duration(seconds):
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms" if seconds < 0.1 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds:.2f} s"


def megabytes(kib):
    return "—" if kib is None else f"{kib / 1024:.1f} MiB"


def ratio(value, reference):
    if value is None or not reference:
        return "—"
    return f"{value / reference:.2f}×"


def verdict(ok):
    return "met" if ok else "**missed**"


def machine():
    def first(path, prefix):
        try:
            with open(path) as handle:
                for line in handle:
                    if line.startswith(prefix):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
        return "unknown"
    memory = first("/proc/meminfo", "MemTotal")
    try:
        memory = f"{int(memory.split()[0]) / 1024 / 1024:.1f} GiB"
    except (ValueError, IndexError):
        pass
    try:
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=60)
        swift = (swift.stdout or swift.stderr).splitlines()[0].strip()
    except (OSError, subprocess.SubprocessError, IndexError):
        swift = "unknown"
    return [
        ("CPU", f"{first('/proc/cpuinfo', 'model name')}, {os.cpu_count()} logical CPUs (nproc)"),
        ("Memory", memory),
        ("Kernel", f"{platform.system()} {platform.release()}"),
        ("Swift", swift),
    ]


def runtime_table(results):
    """Loading, navigation and start-up: the runtime beside its references."""
    path = lambda name: os.path.join(results, name)
    rows = []

    def row(benchmark, measured, reference="—", ratio_text="—", goal="—", status="—"):
        rows.append(f"| {benchmark} | {measured} | {reference} | {ratio_text} | {goal} | {status} |")

    load = tsv(path("load.tsv"))
    xmllint = load_json(path("xmllint.json"))
    check = load_json(path("check.json"))
    sizes = tsv(path("sizes.tsv"))
    load_time = load["load.median"]
    file_mib = sizes.get("10000", 0) / 2**20
    row(f"Load + validate 10,000 scenes ({file_mib:.1f} MiB), in process", duration(load_time),
        f"`xmllint --noout` {duration(xmllint['median'])}", ratio(load_time, xmllint["median"]),
        "≤ 3× xmllint", verdict(load_time <= 3 * xmllint["median"]))
    row("`storyboard check` on the same file (process, with lints)", duration(check["median"]),
        f"`xmllint --noout` {duration(xmllint['median'])}", ratio(check["median"], xmllint["median"]))
    chain_xmllint = load_json(path("chain-xmllint.json"))
    chain_check = load_json(path("chain-check.json"))
    with open(path("chain-size.txt")) as handle:
        chain_mib = int(handle.read().split()[0]) / 2**20
    with open(path("chain-output.txt")) as handle:
        chain_lines, chain_bytes = (int(field) for field in handle.read().split()[:2])
    row(f"`storyboard check` on a 10,000-scene navigation chain, every tenth segue modal ({chain_mib:.1f} MiB)",
        duration(chain_check["median"]), f"`xmllint --noout` {duration(chain_xmllint['median'])}",
        ratio(chain_check["median"], chain_xmllint["median"]), "≤ 3× xmllint",
        verdict(chain_check["median"] <= 3 * chain_xmllint["median"]))
    row("Diagnostics printed for that chain", f"{chain_lines:,} lines, {megabytes(chain_bytes / 1024)}",
        "—", "—", "a few MB at most", verdict(chain_bytes <= 5 * 2**20))
    memory = {n: tsv(path(f"memory-{n}.tsv")) for n in (1000, 5000, 10000)}
    peaks = {n: memory[n]["memory.peakHWM"] for n in memory}
    per_scene = (peaks[10000] - peaks[1000]) / 9000
    per_scene_kept = (memory[10000]["memory.documentKept"] - memory[1000]["memory.documentKept"]) / 9000
    row("Peak memory after loading 1,000 / 5,000 / 10,000 scenes",
        " / ".join(megabytes(peaks[n] / 1024) for n in (1000, 5000, 10000)),
        f"xmllint on 10,000: {megabytes(xmllint['peak_kib'])}", "—",
        "linear in scenes", f"{per_scene / 1024:.1f} KiB per scene")
    row("Memory kept by the loaded document (10,000 scenes)", megabytes(memory[10000]["memory.documentKept"] / 1024),
        "—", "—", "—", f"{per_scene_kept / 1024:.1f} KiB per scene")

    navigation = rounds_tsv(results, "navigation")
    unwind = rounds_tsv(results, "unwind")
    full = navigation["pushpop.code.traceFull"]
    row("Push + pop round trip (trace full, 10,000 events)", duration(full), "—", "—", "< 20 µs", verdict(full < 20e-6))
    row("Push + pop, trace filling", duration(navigation["pushpop.code.traceFilling"]))
    row("Push + pop, trace capacity 0", duration(navigation["pushpop.code.traceCapacity0"]))
    row("Push + pop, controller instantiated from the storyboard (trace full)",
        duration(navigation["pushpop.storyboard.traceFull"]), "—", "—", "< 20 µs",
        verdict(navigation["pushpop.storyboard.traceFull"] < 20e-6))
    row("Unwind across 100 levels (the unwind only)", duration(unwind["unwind.median"]),
        f"building the 100-level stack: {duration(unwind['unwind.buildMedian'])}")

    swift_floor = load_json(path("swift-floor.json"))
    row("Swift “hello” process, built as the app is (start to exit)", duration(swift_floor["median"]),
        f"peak {megabytes(swift_floor['peak_kib'])}")
    parse_start = load_json(path("start-parse.json"))
    no_terminal = load_json(path("start-noterminal.json"))
    row("Start-up stage: `storyboard check` of a missing file (start, parse, exit)", duration(parse_start["median"]),
        f"peak {megabytes(parse_start['peak_kib'])}")
    row("Start-up stage: `run dailybuzz` up to opening the terminal (no tty)", duration(no_terminal["median"]),
        f"peak {megabytes(no_terminal['peak_kib'])}")
    return ["| Benchmark | Measured | Reference | Ratio | Goal | Status |", "|---|---|---|---|---|---|"] + rows


SIZES = ("80x24", "200x60")


def terminal_table(results):
    """The terminal figures: ours, the C floor and the Textual peer side by side, per size."""
    rows = []
    notes = []

    def row(benchmark, size, ours, floor=None, peer=None, show=duration, goal="—", met=None):
        """One line: the three figures, ours ÷ floor and ours ÷ Textual, the goal."""
        cells = [show(value) if value is not None else "—" for value in (ours, floor, peer)]
        status = "—" if met is None or ours is None else verdict(met)
        rows.append(f"| {benchmark} | {size.replace('x', '×')} | {' | '.join(cells)} | "
                    f"{ratio(ours, floor)} | {ratio(ours, peer)} | {goal} | {status} |")

    def with_bytes(result, name):
        """'0.62 ms (481 B)' for a timing and the bytes of its answer."""
        value = result.get(name)
        if not value:
            return None
        return value["median"], value["bytes"]

    def timed_row(benchmark, size, ours, peer, name):
        """A row of a timing that has no floor figure, with the answer's bytes."""
        pair = lambda result: with_bytes(result, name)
        show = lambda value: f"{duration(value[0])} ({value[1]:.0f} B)"
        mine, theirs = pair(ours), pair(peer)
        cells = [show(value) if value else "—" for value in (mine, None, theirs)]
        rows.append(f"| {benchmark} | {size.replace('x', '×')} | {' | '.join(cells)} | — | "
                    f"{ratio(mine and mine[0], theirs and theirs[0])} | — | — |")

    for size in SIZES:
        floor = rounds_json(results, f"term-floor-{size}")
        ours_db, peer_db = rounds_json(results, f"term-ours-db-{size}"), rounds_json(results, f"term-peer-db-{size}")
        ours_cb, peer_cb = rounds_json(results, f"term-ours-cb-{size}"), rounds_json(results, f"term-peer-cb-{size}")
        if not ours_db:
            continue
        tour = rounds_json(results, f"term-ours-tour-{size}")
        apps = [("Daily Buzz", ours_db, peer_db), ("Colorboard", ours_cb, peer_cb)]
        if tour:
            apps.append(("the tour", tour, {}))
        for app, ours, peer in apps:
            row(f"First frame, {app} (launch to last byte)", size, figure(ours, "first_frame"),
                figure(floor, "first_frame"), figure(peer, "first_frame"), goal="≤ 2× floor",
                met=figure(ours, "first_frame") <= 2 * figure(floor, "first_frame"))
        for app, ours, peer in apps:
            row(f"↓ key to frame, median, {app}", size, figure(ours, "down"), figure(floor, "down"),
                figure(peer, "down"), goal="≤ 1.5× floor", met=figure(ours, "down") <= 1.5 * figure(floor, "down"))
        row("↓ key to frame, p95, Daily Buzz", size, figure(ours_db, "down", "p95"), figure(floor, "down", "p95"),
            figure(peer_db, "down", "p95"))
        for app, ours, peer in apps:
            row(f"CPU time per ↓ (the program's own, all threads), {app}", size, ours.get("key_cpu"),
                floor.get("key_cpu"), peer.get("key_cpu"))
        bytes_text = lambda value: f"{value:.0f} B"
        for app, ours, peer in apps:
            row(f"Bytes written for one ↓, {app}", size, figure(ours, "down", "bytes"),
                figure(floor, "down", "bytes"), figure(peer, "down", "bytes"), show=bytes_text, goal="≤ 1.5× floor",
                met=figure(ours, "down", "bytes") <= 1.5 * figure(floor, "down", "bytes"))
        for app, ours, peer in (("Daily Buzz", ours_db, peer_db), ("Colorboard", ours_cb, peer_cb)):
            timed_row(f"Push (Enter on the first row), {app}", size, ours, peer, "push")
            timed_row(f"Pop with Esc, {app} (ours waits ESCDELAY 25 ms, Textual 100 ms)", size, ours, peer, "back_esc")
            timed_row(f"Pop with a click on the back button, {app}", size, ours, peer, "back_click")
            timed_row(f"Present (+), {app}", size, ours, peer, "present")
            timed_row(f"Dismiss with Esc (Cancel), {app}", size, ours, peer, "dismiss_esc")
        timed_row("Dismiss with a click on Cancel, Daily Buzz", size, ours_db, peer_db, "dismiss_click")
        timed_row("Dismiss with ^S (Done, keeps the colour), Colorboard", size, ours_cb, peer_cb, "dismiss_ctrl-s")
        if "idle_cpu_seconds" in ours_db:
            seconds = ours_db.get("idle_seconds", 10)
            cpu = lambda value: f"{value:.2f} s"
            for app, ours, peer in apps:
                row(f"Idle CPU over {seconds:.0f} s, {app}", size, ours.get("idle_cpu_seconds"),
                    floor.get("idle_cpu_seconds"), peer.get("idle_cpu_seconds"), show=cpu, goal="0",
                    met=ours.get("idle_cpu_seconds", 1) == 0)
        for app, ours, peer in apps:
            row(f"Peak memory (VmHWM), {app}", size, ours.get("peak_kib"), floor.get("peak_kib"),
                peer.get("peak_kib"), show=megabytes, goal="≤ 12 MiB", met=ours.get("peak_kib", 1 << 30) <= 12 * 1024)
            row("… of which anonymous (heap, stacks)", size, ours.get("anonymous_kib"), floor.get("anonymous_kib"),
                peer.get("anonymous_kib"), show=megabytes)
        late = sum(result.get("late_bytes", 0) for result in (floor, ours_db, peer_db, ours_cb, peer_cb))
        notes.append(f"{size.replace('x', '×')}: {ours_db['rounds']} rounds; first frames over "
                     f"{figure(ours_db, 'first_frame', 'launches')} launches per program; "
                     f"{figure(ours_db, 'down', 'samples')} ↓ presses per program; "
                     f"{figure(ours_db, 'push', 'samples') or 0} pushes and presents per program; "
                     f"{late} bytes of late output in all.")
    header = ["| Benchmark | Size | Ours | C floor | Textual | Ours ÷ floor | Ours ÷ Textual | Goal | Status |",
              "|---|---|---|---|---|---|---|---|---|"]
    return header + rows, notes


def scale_table(results):
    """Daily Buzz on 10, 100,000 and 1,000,000 sessions, ours and the Textual peer's."""
    stores = ("10", "100k", "1m")
    rows = []
    for who, label in (("ours", "ours"), ("peer", "Textual")):
        runs = [rounds_json(results, f"term-{who}-db{store}-80x24") for store in stores]
        if not all(runs):
            continue
        first = [figure(run, "first_frame") for run in runs]
        end = [figure(run, "end") for run in runs]
        end_bytes = [figure(run, "end", "bytes") for run in runs]
        peak = [run.get("peak_kib") for run in runs]

        def row(benchmark, values, show, goal="—", met=None, difference=False):
            if difference:
                changes = [f"+{(values[i] - values[0]) / 1024:.1f} MiB" for i in (1, 2)]
            else:
                changes = [ratio(values[1], values[0]), ratio(values[2], values[0])]
            status = "—" if met is None else verdict(met)
            rows.append(f"| {benchmark} | {' | '.join(show(value) for value in values)} | {' | '.join(changes)} | "
                        f"{ratio(values[2], values[1])} | {goal} | {status} |")

        mine = who == "ours"
        # The goals are ours; the peer's rows are for comparison.
        row(f"First frame, {label}", first, duration, "≤ 1.2×" if mine else "—",
            max(first[1], first[2]) <= 1.2 * first[0] if mine else None)
        row(f"End (jump to the last row), {label}", end, duration, "≤ 1.2×" if mine else "—",
            max(end[1], end[2]) <= 1.2 * end[0] if mine else None)
        row(f"… bytes written for End, {label}", end_bytes, lambda value: f"{value:.0f} B")
        row(f"Peak memory, {label}", peak, megabytes, "≤ +2 MiB" if mine else "—",
            max(peak[1], peak[2]) - peak[0] <= 2 * 1024 if mine else None, difference=True)
    header = ["| Benchmark | 10 sessions | 100,000 | 1,000,000 | 100,000 vs 10 | 1,000,000 vs 10 | "
              "1,000,000 vs 100,000 | Goal | Status |", "|---|---|---|---|---|---|---|---|---|"]
    return header + rows


def app_table(results):
    """First frame of an app's folder of 50 storyboards beside its main storyboard alone."""
    runs = [("one file, no app around it", "term-app-file-80x24"), ("the app's folder", "term-app-folder-80x24"),
            ("the app's folder, in German", "term-app-german-80x24")]
    combined = [(label, rounds_json(results, name)) for label, name in runs]
    if not all(result for _, result in combined):
        return []
    base = figure(combined[0][1], "first_frame")
    rows = ["| Target (80×24, same first screen) | First frame | ÷ one file | Peak memory | Goal | Status |",
            "|---|---|---|---|---|---|"]
    for index, (label, result) in enumerate(combined):
        first = figure(result, "first_frame")
        goal, status = ("—", "—") if index == 0 else ("≤ 1.1× one file", verdict(first <= 1.1 * base))
        rows.append(f"| {label} | {duration(first)} | {ratio(first, base)} | {megabytes(result.get('peak_kib'))} | "
                    f"{goal} | {status} |")
    return rows


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results = sys.argv[1]
    path = lambda name: os.path.join(results, name)

    print("### Machine\n")
    for name, value in machine():
        print(f"- {name}: {value}")
    build = open(path("build.txt")).read().strip() if os.path.exists(path("build.txt")) else "release"
    print(f"- Build: {build}")
    if os.path.exists(path("python.txt")):
        print(f"- Harness and peer: {open(path('python.txt')).read().strip()}")
    print("\n### Runtime\n")
    print("\n".join(runtime_table(results)))
    table, notes = terminal_table(results)
    print("\n### Terminal: ours, the C floor and Textual side by side\n")
    print("\n".join(table))
    print()
    for note in notes:
        print(f"- {note}")
    print("\n### Scale: Daily Buzz with 10, 100,000 and 1,000,000 sessions (80×24)\n")
    print("\n".join(scale_table(results)))
    apps = app_table(results)
    if apps:
        print("\n### An app's folder: 50 storyboards, translations, beside one file\n")
        print("\n".join(apps))
    if os.path.exists(path("map-dailybuzz.txt")):
        print("\n### What Daily Buzz keeps resident (80×24, after the key measurements)\n")
        print("```")
        print(open(path("map-dailybuzz.txt")).read().rstrip())
        print("```")


if __name__ == "__main__":
    main()
