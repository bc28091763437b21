#!/usr/bin/env python3
"""Terminal benchmarks: runs a full-screen program in a pseudo-terminal and measures it.

Standard library only. The program runs in an 80x24 pty with TERM=xterm-256color and
LANG=C.UTF-8. Measured, per program:

  first frame     from fork to the last byte of the first screen: the output must contain
                  the expected text, then go quiet for QUIET seconds (the quiet time itself
                  is not counted). Median of --runs launches.
  key to frame    Down is sent (as xterm would: ESC [ B, or ESC O B after the program
                  asked for application cursor keys), the time to the last byte of the answer (output, then
                  QUIET of silence); Up is sent between samples, untimed, so the highlight
                  moves between the same two rows and nothing scrolls. Median and p95.
  bytes per Down  the bytes of that answer (median).
  CPU per key     the program's CPU time over the Down/Up presses (all threads, from
                  /proc/PID/task/*/schedstat), divided by the number of presses.
  push, pop       Enter, then Esc, timed the same way (optional).
  end             End, timed the same way (optional), then Home, untimed.
  idle CPU        utime+stime from /proc/PID/stat over --idle seconds with no input.
  peak memory     VmHWM from /proc/PID/status, read after everything else, before quitting;
                  also VmRSS and its anonymous part (heap and stacks, from smaps_rollup).

First frames are timed on each of --runs launches; the last --sessions launches stay up
for the key measurements (their samples pooled); idle CPU and memory are read on the last.

Prints one JSON object on standard output.

Usage: pty_bench.py --expect TEXT [--runs N] [--sessions N] [--keys N] [--push-pop N] [--end N]
                    [--idle SECONDS] [--quit KEYS] [--env NAME=VALUE] -- PROGRAM [ARGS...]
"""

import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time

ROWS, COLUMNS = 24, 80
QUIET = 0.05          # silence that ends a frame, seconds
ANSWER_TIMEOUT = 5.0  # the longest wait for a frame to start
ENTER, ESC = b"\r", b"\x1b"
# Cursor keys as xterm sends them: CSI in normal mode, SS3 once the program has turned on
# application cursor keys (DECCKM, ESC [ ? 1 h, part of terminfo's smkx).
CURSOR_KEYS = {"down": "B", "up": "A", "end": "F", "home": "H"}


class Session:
    """A program running in a pty of ROWS x COLUMNS."""

    def __init__(self, argv, extra_env=None):
        env = dict(os.environ)
        env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                    "COLUMNS": str(COLUMNS), "LINES": str(ROWS)})
        env.pop("NO_COLOR", None)
        env.update(extra_env or {})
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                winsize = struct.pack("HHHH", ROWS, COLUMNS, 0, 0)
                fcntl.ioctl(0, termios.TIOCSWINSZ, winsize)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.output = bytearray()
        self.exited = False

    def read_available(self, timeout):
        """Reads what arrives within `timeout`; returns (bytes, time of the last byte)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b"", None
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the pty
            self.exited = True
            return b"", None
        if not data:
            self.exited = True
        return data, time.perf_counter()

    def frame(self, expect=None, timeout=ANSWER_TIMEOUT):
        """Reads one answer: output (containing `expect`, if given) followed by QUIET of
        silence. Returns (time of its last byte, its bytes); (None, bytes) on a timeout."""
        received = bytearray()
        last = None
        deadline = time.perf_counter() + timeout
        while not self.exited:
            waiting_for_more = last is None or (expect is not None and expect not in received)
            wait = max(0.0, deadline - time.perf_counter()) if waiting_for_more else QUIET
            if waiting_for_more and wait == 0.0:
                break
            data, at = self.read_available(wait)
            if data:
                received += data
                last = at
            elif not waiting_for_more:
                break  # quiet after a complete answer
        self.output += received
        complete = last is not None and (expect is None or expect in received)
        return (last if complete else None), bytes(received)

    def key(self, name):
        """The bytes xterm sends for a cursor key in the mode the program has set."""
        application = self.output.rfind(b"\x1b[?1h") > self.output.rfind(b"\x1b[?1l")
        return (b"\x1bO" if application else b"\x1b[") + CURSOR_KEYS[name].encode()

    def send(self, keys):
        os.write(self.fd, keys)
        return time.perf_counter()

    def timed_key(self, keys):
        sent = self.send(keys)
        last, data = self.frame()
        if last is None:
            raise RuntimeError(f"no answer to {keys!r}")
        return last - sent, len(data)

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        # After the command name: state is field 3, so utime (14) and stime (15) are at 11, 12.
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_ns(self):
        """CPU time of every thread so far, in nanoseconds (/proc/PID/schedstat)."""
        total = 0
        for thread in os.listdir(f"/proc/{self.pid}/task"):
            with open(f"/proc/{self.pid}/task/{thread}/schedstat") as handle:
                total += int(handle.read().split()[0])
        return total

    def status_kib(self, field):
        with open(f"/proc/{self.pid}/status") as handle:
            for line in handle:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return None

    def anonymous_kib(self):
        """Resident memory not backed by a file (heap, stacks): the program's own data,
        as opposed to the pages of its executable and libraries."""
        with open(f"/proc/{self.pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Anonymous:"):
                    return int(line.split()[1])
        return None

    def quit(self, keys):
        """Sends the quit keys and waits for the exit; kills the program after 5 s."""
        try:
            self.send(keys)
        except OSError:
            pass
        deadline = time.perf_counter() + 5
        status = None
        while time.perf_counter() < deadline:
            self.read_available(0.05)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            status = None
        os.close(self.fd)
        return status


def percentile(values, share):
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-share * len(ordered) // 1))))
    return ordered[rank - 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--expect", required=True, help="text that shows the first screen is up")
    parser.add_argument("--runs", type=int, default=5, help="launches timed for the first frame")
    parser.add_argument("--sessions", type=int, default=1,
                        help="how many of the launches (the last ones) also run the key measurements")
    parser.add_argument("--keys", type=int, default=50, help="timed Down presses")
    parser.add_argument("--push-pop", type=int, default=0, help="timed Enter/Esc pairs")
    parser.add_argument("--end", type=int, default=0, help="timed End presses")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measurement")
    parser.add_argument("--quit", default="q", help="keys that quit the program")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an extra environment variable for the program (repeatable)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no program given")
    extra_env = dict(item.split("=", 1) for item in options.env if "=" in item)
    expect = options.expect.encode()
    quit_keys = options.quit.encode()

    runs = max(1, options.runs)
    sessions = max(1, min(options.sessions, runs))
    first_frames, latencies, sizes, pushes, pops, ends, end_sizes, key_cpu = [], [], [], [], [], [], [], []
    result = {"command": command, "runs": runs, "sessions": sessions}
    for run in range(runs):
        session = Session(command, extra_env)
        last, data = session.frame(expect=expect)
        if last is None:
            session.quit(quit_keys)
            sys.exit(f"pty_bench: no first frame with {options.expect!r}; got {data[-400:]!r}")
        first_frames.append(last - session.started)
        result["first_frame_bytes"] = len(data)
        if run < runs - sessions:
            session.quit(quit_keys)
            continue
        # The last `sessions` launches stay up for the key measurements.
        cpu_before = session.cpu_ns()
        for _ in range(options.keys):
            latency, size = session.timed_key(session.key("down"))
            latencies.append(latency)
            sizes.append(size)
            session.timed_key(session.key("up"))
        if options.keys:
            key_cpu.append((session.cpu_ns() - cpu_before) / (2 * options.keys) / 1e9)
        for _ in range(options.push_pop):
            pushes.append(session.timed_key(ENTER)[0])
            pops.append(session.timed_key(ESC)[0])
        for _ in range(options.end):
            latency, size = session.timed_key(session.key("end"))
            ends.append(latency)
            end_sizes.append(size)
            session.timed_key(session.key("home"))
        if run == runs - 1:
            # The last launch only: idle CPU, then memory after everything else.
            if options.idle > 0:
                before = session.cpu_seconds()
                time.sleep(options.idle)
                extra, _ = session.read_available(0)
                result.update(idle_cpu_seconds=session.cpu_seconds() - before, idle_seconds=options.idle,
                              idle_output_bytes=len(extra))
            result["peak_kib"] = session.status_kib("VmHWM")
            result["rss_kib"] = session.status_kib("VmRSS")
            result["anonymous_kib"] = session.anonymous_kib()
        status = session.quit(quit_keys)
        result["exit_status"] = status
    if latencies:
        result.update(down_median=statistics.median(latencies), down_p95=percentile(latencies, 0.95),
                      down_bytes=statistics.median(sizes), down_samples=len(latencies),
                      key_cpu=statistics.median(key_cpu))
    if pushes:
        result.update(push_median=statistics.median(pushes), push_p95=percentile(pushes, 0.95),
                      pop_median=statistics.median(pops), pop_p95=percentile(pops, 0.95))
    if ends:
        result.update(end_median=statistics.median(ends), end_p95=percentile(ends, 0.95),
                      end_bytes=statistics.median(end_sizes))
    result.update(first_frame_median=statistics.median(first_frames), first_frame_runs=first_frames)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
