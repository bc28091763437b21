#!/usr/bin/env python3
"""Times a command run to completion: median wall time over --runs runs, and the largest
peak resident size (ru_maxrss from wait4). Standard input is /dev/null, output discarded.
The command must succeed unless --any-status is given. Prints one JSON object.

Usage: proc_bench.py [--runs N] [--any-status] -- PROGRAM [ARGS...]
"""

import argparse
import json
import os
import statistics
import sys
import time


def run_once(command, any_status=False):
    devnull = os.open(os.devnull, os.O_RDWR)
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - started
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0 and not any_status:
        sys.exit(f"proc_bench: {' '.join(command)} exited with {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_maxrss


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--any-status", action="store_true", help="accept a non-zero exit status")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no program given")
    times, peaks = [], []
    for _ in range(max(1, options.runs)):
        elapsed, peak = run_once(command, options.any_status)
        times.append(elapsed)
        peaks.append(peak)
    print(json.dumps({"command": command, "median": statistics.median(times), "min": min(times),
                      "runs": times, "peak_kib": max(peaks)}))


if __name__ == "__main__":
    main()
