#!/usr/bin/env python3
"""Turns the results directory written by Benchmarks/run.sh into a markdown report:
the machine, then one table of figures with their references, ratios and goals.

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
    """The rounds' pty_bench results `prefix-N.json`, combined: first frames pooled, other
    figures the median of the rounds' figures (idle CPU: the largest)."""
    runs = []
    for path in sorted(glob.glob(os.path.join(results, f"{prefix}-*.json"))):
        with open(path) as handle:
            runs.append(json.load(handle))
    if not runs:
        return {}
    combined = {"first_frame_median": statistics.median(
        [value for run in runs for value in run["first_frame_runs"]]),
        "first_frame_launches": sum(len(run["first_frame_runs"]) for run in runs),
        "rounds": len(runs)}
    keys = {key for run in runs for key in run}
    for key in keys - {"command", "first_frame_runs", "first_frame_median", "runs", "sessions", "exit_status"}:
        values = [run[key] for run in runs if isinstance(run.get(key), (int, float))]
        if not values:
            continue
        combined[key] = max(values) if key.startswith("idle") else statistics.median(values)
    combined["down_samples"] = sum(run.get("down_samples", 0) for run in runs)
    return combined


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


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    results = sys.argv[1]
    path = lambda name: os.path.join(results, name)
    rows = []

    def row(benchmark, measured, reference="—", ratio_text="—", goal="—", status="—"):
        rows.append(f"| {benchmark} | {measured} | {reference} | {ratio_text} | {goal} | {status} |")

    # Runtime: loading.
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

    # Runtime: navigation.
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

    # Terminal.
    floor = rounds_json(results, "floor")
    app = rounds_json(results, "app")
    swift_floor = load_json(path("swift-floor.json"))
    row("First frame (launch to last byte of the screen)", duration(app["first_frame_median"]),
        f"C floor {duration(floor['first_frame_median'])}", ratio(app["first_frame_median"], floor["first_frame_median"]),
        "≤ 2×", verdict(app["first_frame_median"] <= 2 * floor["first_frame_median"]))
    noreexec = rounds_json(results, "appnoreexec")
    row("First frame without the SWIFT_BACKTRACE re-exec", duration(noreexec["first_frame_median"]),
        f"C floor {duration(floor['first_frame_median'])}", ratio(noreexec["first_frame_median"], floor["first_frame_median"]))
    row("↓ key to frame, median", duration(app["down_median"]), f"C floor {duration(floor['down_median'])}",
        ratio(app["down_median"], floor["down_median"]), "≤ 1.5×", verdict(app["down_median"] <= 1.5 * floor["down_median"]))
    row("↓ key to frame, p95", duration(app["down_p95"]), f"C floor {duration(floor['down_p95'])}",
        ratio(app["down_p95"], floor["down_p95"]))
    row("CPU time per ↓ (the program's own, all threads)", duration(app.get("key_cpu")),
        f"C floor {duration(floor.get('key_cpu'))}", ratio(app.get("key_cpu"), floor.get("key_cpu")))
    row("Bytes written for one ↓", f"{app['down_bytes']:.0f} B", f"C floor {floor['down_bytes']:.0f} B",
        ratio(app["down_bytes"], floor["down_bytes"]), "≤ 1.5×", verdict(app["down_bytes"] <= 1.5 * floor["down_bytes"]))
    row("Push (Enter on a session), key to frame", duration(app.get("push_median")))
    row("Pop (Esc), key to frame, including the 25 ms ESCDELAY", duration(app.get("pop_median")))
    row("Idle CPU over 10 s", f"{app.get('idle_cpu_seconds', float('nan')):.2f} s",
        f"C floor {floor.get('idle_cpu_seconds', float('nan')):.2f} s", "—", "0", verdict(app.get("idle_cpu_seconds", 1) == 0))
    row("Peak memory (VmHWM)", megabytes(app["peak_kib"]), f"C floor {megabytes(floor['peak_kib'])}",
        ratio(app["peak_kib"], floor["peak_kib"]), "< 20 MiB", verdict(app["peak_kib"] < 20 * 1024))
    row("… of which anonymous (heap, stacks)", megabytes(app.get("anonymous_kib")),
        f"C floor {megabytes(floor.get('anonymous_kib'))}")
    row("Swift + Foundation “hello” process (start to exit)", duration(swift_floor["median"]),
        f"peak {megabytes(swift_floor['peak_kib'])}")
    help_start = load_json(path("start-help.json"))
    no_terminal = load_json(path("start-noterminal.json"))
    row("Start-up stage: `storyboard --help` (start, parse, exit)", duration(help_start["median"]),
        f"peak {megabytes(help_start['peak_kib'])}")
    row("Start-up stage: `run dailybuzz` up to opening the terminal (no tty)", duration(no_terminal["median"]),
        f"peak {megabytes(no_terminal['peak_kib'])}")

    # Scale.
    small = rounds_json(results, "app10")
    middle = rounds_json(results, "app1k")
    large = rounds_json(results, "app100k")
    row("First frame, 10 → 100,000 sessions", f"{duration(small['first_frame_median'])} → {duration(large['first_frame_median'])}",
        "—", ratio(large["first_frame_median"], small["first_frame_median"]), "≤ 1.2×",
        verdict(large["first_frame_median"] <= 1.2 * small["first_frame_median"]))
    row("End (jump to last row), 10 → 100,000 sessions", f"{duration(small['end_median'])} → {duration(large['end_median'])}",
        f"bytes {small['end_bytes']:.0f} → {large['end_bytes']:.0f}", ratio(large["end_median"], small["end_median"]),
        "≤ 1.2×", verdict(large["end_median"] <= 1.2 * small["end_median"]))
    row("End, 1,000 → 100,000 sessions (both scroll a full screen)",
        f"{duration(middle['end_median'])} → {duration(large['end_median'])}",
        f"bytes {middle['end_bytes']:.0f} → {large['end_bytes']:.0f}", ratio(large["end_median"], middle["end_median"]))
    difference = large["peak_kib"] - small["peak_kib"]
    row("Peak memory, 10 → 100,000 sessions", f"{megabytes(small['peak_kib'])} → {megabytes(large['peak_kib'])}",
        "—", f"+{difference / 1024:.1f} MiB", "≤ +2 MiB", verdict(difference <= 2 * 1024))

    print("### Machine\n")
    for name, value in machine():
        print(f"- {name}: {value}")
    build = open(path("build.txt")).read().strip() if os.path.exists(path("build.txt")) else "release"
    print(f"- Build: {build}")
    print("\n### Results\n")
    print("| Benchmark | Measured | Reference | Ratio | Goal | Status |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nTerminal figures: {app['rounds']} rounds; first frames over {app['first_frame_launches']} launches each; "
          f"{app['down_samples']} ↓ presses for the app, {floor['down_samples']} for the floor.")


if __name__ == "__main__":
    main()
