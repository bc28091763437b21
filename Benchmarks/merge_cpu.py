#!/usr/bin/env python3
"""CPU of `storyboard merge` against `git merge-file`, for two builds, on real merges.

Each merge is a folder holding base, ours and theirs (as `merge_corpus.py` reads them). CPU is
user + system time of the child process. The machine may be shared: the programs take turns
(old, new, git) within each round, so that a busy moment weighs on all three alike.

usage:
  merge_cpu.py OLD NEW FOLDER [--runs N] [--merges NAME,...]
      medians of N runs (11) on the five largest merges (or those named by their folder's
      number), old against new against `git merge-file -p OURS BASE THEIRS`;
  merge_cpu.py OLD NEW FOLDER --per-mb
      CPU per MB of the three files over every merge of 0.3 MB or more (fastest of 3 runs,
      process start measured on the smallest merge and left aside), by size.
"""
import glob
import os
import resource
import statistics
import subprocess
import sys


def cpu(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def files(folder):
    return [glob.glob(os.path.join(folder, side + ".*"))[0] for side in ("base", "ours", "theirs")]


def size(folder):
    return sum(os.path.getsize(path) for path in files(folder))


def largest(folders, names):
    if names:
        return [next(f for f in folders if os.path.basename(f).split("-")[0] == name) for name in names]
    return sorted(folders, key=lambda f: os.path.getsize(files(f)[1]), reverse=True)[:5]


def medians(binaries, folders, runs):
    for folder in folders:
        base, ours, theirs = files(folder)
        times = {name: [] for name in list(binaries) + ["git"]}
        for _ in range(runs):
            for name, binary in binaries.items():
                times[name].append(cpu([binary, "merge", base, ours, theirs]))
            times["git"].append(cpu(["git", "merge-file", "-p", ours, base, theirs]))
        m = {name: statistics.median(values) for name, values in times.items()}
        print(f"{os.path.basename(folder):28s} {os.path.getsize(ours) / 1e6:.2f} MB  old {m['old']:.3f} s  new {m['new']:.3f} s  "
              f"git {m['git']:.3f} s  old/git {m['old'] / m['git']:.1f}x  new/git {m['new'] / m['git']:.1f}x  new/old {m['new'] / m['old']:.2f}",
              flush=True)


BUCKETS = [(0.3, 1, "0.3-1"), (1, 2, "1-2"), (2, 3, "2-3"), (3, 4, "3-4"), (4, 1e9, "4+")]


def per_mb(binaries, folders):
    smallest = files(min(folders, key=size))
    start = {name: min(cpu([b, "merge", *smallest]) for _ in range(11)) for name, b in binaries.items()}
    found = {name: {label: [] for _, _, label in BUCKETS} for name in binaries}
    for folder in folders:
        megabytes = size(folder) / 1e6
        if megabytes < 0.3:
            continue
        label = next(label for low, high, label in BUCKETS if low <= megabytes < high)
        times = {name: [] for name in binaries}
        for _ in range(3):
            for name, binary in binaries.items():
                times[name].append(cpu([binary, "merge", *files(folder)]))
        for name in binaries:
            found[name][label].append(max(min(times[name]) - start[name], 0) / megabytes)
    for name in binaries:
        print(f"{name}: process start {start[name] * 1000:.1f} ms")
        for _, _, label in BUCKETS:
            values = sorted(found[name][label])
            if values:
                print(f"  {label} MB: {len(values)} merges, median {statistics.median(values) * 1000:.1f} ms per MB, "
                      f"mean {statistics.mean(values) * 1000:.1f}")


def main(arguments):
    if len(arguments) < 3:
        sys.exit(__doc__)
    binaries = {"old": arguments[0], "new": arguments[1]}
    folders = sorted(f for f in glob.glob(os.path.join(arguments[2], "*")) if os.path.isdir(f))
    options = arguments[3:]
    if "--per-mb" in options:
        per_mb(binaries, folders)
        return
    runs = int(options[options.index("--runs") + 1]) if "--runs" in options else 11
    names = options[options.index("--merges") + 1].split(",") if "--merges" in options else []
    medians(binaries, largest(folders, names), runs)


if __name__ == "__main__":
    main(sys.argv[1:])
