#!/usr/bin/env python3
"""Times a command run to completion: median wall time over --runs runs, and its peak
resident size. Standard input is /dev/null, output discarded. The command must succeed
unless --any-status is given. Prints one JSON object.

The peak comes from one more run under GNU time (`/usr/bin/time -f %M`), which forks a
copy of itself (a megabyte or two) to execute the command: the kernel's peak for a process
counts what it held before its exec too, so a child forked from this Python process, or
spawned sharing its memory, would report Python's size for any smaller program.

Usage: proc_bench.py [--runs N] [--any-status] -- PROGRAM [ARGS...]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(command, any_status=False):
    devnull = os.open(os.devnull, os.O_RDWR)
    started = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ,
                          file_actions=[(os.POSIX_SPAWN_DUP2, devnull, fd) for fd in (0, 1, 2)])
    _, status, _ = os.wait4(pid, 0)
    elapsed = time.perf_counter() - started
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0 and not any_status:
        sys.exit(f"proc_bench: {' '.join(command)} exited with {os.waitstatus_to_exitcode(status)}")
    return elapsed


def peak_kib(command):
    """The command's peak resident size in KiB, from GNU time; None without it."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with tempfile.NamedTemporaryFile("r") as report, open(os.devnull, "r+") as devnull:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, "--", *command],
                       stdin=devnull, stdout=devnull, stderr=devnull, check=False)
        text = report.read().strip().splitlines()
    return int(text[-1]) if text and text[-1].isdigit() else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--any-status", action="store_true", help="accept a non-zero exit status")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no program given")
    times = [run_once(command, options.any_status) for _ in range(max(1, options.runs))]
    print(json.dumps({"command": command, "median": statistics.median(times), "min": min(times),
                      "runs": times, "peak_kib": peak_kib(command)}))


if __name__ == "__main__":
    main()
