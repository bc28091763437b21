#!/usr/bin/env python3
"""Benchmarks of serving the app over SSH: the OpenSSH client, in a pseudo-terminal, against
a server on a loopback port, its screen read through a terminal emulator (pyte).

Every client is `ssh -tt` with the same options (no user configuration, one key, a known
hosts file of the run's own) in a pty of 80x24 with TERM=xterm-256color. Like a real
terminal, the harness answers the primary device attributes request (ESC [ c) at once,
as soon as the bytes arrive; pyte does not, and the app asks it at start-up (whether the
terminal takes 24-bit colour), so without an answer every first frame would include the
app's 100 ms wait for one.

Measured (one JSON object on standard output):

  first-frame  from just before the client starts to the last byte of the launcher's first
               complete screen (its title, first rows and footer), output then quiet for
               QUIET seconds (not counted). Then q, and the client's exit. --runs times;
               all times and the median.
  memory       --sessions clients connected one after another, each held once its first
               frame is up; then the summed Rss and Pss (/proc/PID/smaps_rollup) of the
               server's whole process tree (--server-pid and every descendant), and that
               divided by the sessions. The clients are not counted.
  ramp         clients connected in batches of --batch at once, every one held; a batch
               passes when every first frame came within --limit seconds. Reports the most
               sessions held with every first frame within the limit (stopping at --cap).

Usage: serve_bench.py first-frame|memory|ramp --port N --key FILE --known-hosts FILE
                      [--user NAME] [--server-pid PID] [--runs N] [--sessions N]
                      [--batch N] [--limit SECONDS] [--cap N]
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

try:
    import pyte
except ImportError:
    sys.exit("serve_bench: needs pyte (Benchmarks/serve.sh installs it in a virtual environment)")

QUIET = 0.05            # silence that ends an answer, seconds
FIRST_FRAME_TIMEOUT = 30.0
DA1_REQUEST = b"\x1b[c"
DA1_ANSWER = b"\x1b[?62;22c"   # what xterm says: a VT220 with ANSI colour


class QuietScreen(pyte.Screen):
    """A pyte screen that answers nothing itself: the harness answers DA1 as bytes arrive."""

    def write_process_input(self, data):
        pass


def launcher_is_up(screen):
    text = "\n".join(screen.display)
    return ("Storyboards" in text and "Daily Buzz" in text and "Colorboard" in text
            and "quit" in screen.display[-1])


class Client:
    """One `ssh -tt` in a pseudo-terminal, its output read through pyte."""

    def __init__(self, args, columns=80, rows=24):
        self.screen = QuietScreen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "HOME": os.environ.get("HOME", "/")}
        argv = ["ssh", "-F", "/dev/null", "-p", str(args.port), "-o", "UserKnownHostsFile=" + args.known_hosts,
                "-o", "StrictHostKeyChecking=accept-new", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
                "-o", "LogLevel=ERROR", "-o", "IdentityFile=" + args.key, "-tt", args.user + "@127.0.0.1"]
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        os.set_blocking(fd, False)
        self.pending = bytearray()
        self.last = None
        self.first_frame = None
        self.exited = False
        self.tail = b""

    def read(self):
        """Reads what is there; answers a DA1 request at once. False once the pty is closed."""
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return True
        except OSError:
            self.exited = True
            return False
        if not data:
            self.exited = True
            return False
        now = time.perf_counter()
        window = self.tail + data
        if DA1_REQUEST in window:
            os.write(self.fd, DA1_ANSWER)
        self.tail = window[-2:]
        if self.first_frame is None:
            self.pending += data
            self.last = now
        return True

    def check(self):
        """After a quiet spell: feeds pyte and notes the first frame when it is up."""
        if self.first_frame is None and self.pending and time.perf_counter() - self.last >= QUIET:
            self.stream.feed(bytes(self.pending))
            self.pending.clear()
            if launcher_is_up(self.screen):
                self.first_frame = self.last - self.started

    def quit(self):
        try:
            os.write(self.fd, b"q")
        except OSError:
            pass

    def close(self):
        try:
            os.close(self.fd)
        except OSError:
            pass
        try:
            os.kill(self.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


def pump(clients, until, timeout):
    """Reads every client until `until()` holds or `timeout` passes; True if it held."""
    deadline = time.perf_counter() + timeout
    while not until():
        now = time.perf_counter()
        if now >= deadline:
            return False
        fds = {c.fd: c for c in clients if not c.exited}
        if not fds:
            return until()
        ready, _, _ = select.select(list(fds), [], [], min(QUIET / 2, deadline - now))
        for fd in ready:
            fds[fd].read()
        for client in clients:
            client.check()
    return True


def reap(clients, timeout=10):
    deadline = time.perf_counter() + timeout
    for client in clients:
        while time.perf_counter() < deadline:
            pid, _ = os.waitpid(client.pid, os.WNOHANG)
            if pid:
                break
            pump([client], lambda: client.exited, 0.05)
        else:
            os.kill(client.pid, signal.SIGKILL)
            os.waitpid(client.pid, 0)
        client.close()


def first_frame(args):
    times = []
    for _ in range(args.runs):
        client = Client(args)
        if not pump([client], lambda: client.first_frame is not None, FIRST_FRAME_TIMEOUT):
            sys.exit("serve_bench: no first frame within %d s:\n%s" % (FIRST_FRAME_TIMEOUT, "\n".join(client.screen.display)))
        times.append(client.first_frame)
        client.quit()
        pump([client], lambda: client.exited, 10)
        reap([client])
    return {"first_frame_ms": [round(t * 1000, 1) for t in times],
            "median_ms": round(statistics.median(times) * 1000, 1)}


def process_tree(root):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    tree, stack = [], [root]
    while stack:
        pid = stack.pop()
        tree.append(pid)
        stack.extend(children.get(pid, []))
    return tree


def memory_of(pids):
    rss = pss = 0
    for pid in pids:
        try:
            with open("/proc/%d/smaps_rollup" % pid) as rollup:
                for line in rollup:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            pass
    return rss, pss


def memory(args):
    clients = []
    try:
        for _ in range(args.sessions):
            client = Client(args)
            clients.append(client)
            if not pump(clients, lambda: client.first_frame is not None, FIRST_FRAME_TIMEOUT):
                sys.exit("serve_bench: session %d had no first frame" % len(clients))
        # Let start-up work settle (the store's first checkpoint, freed buffers).
        pump(clients, lambda: False, 1.0)
        tree = process_tree(args.server_pid)
        rss, pss = memory_of(tree)
        return {"sessions": args.sessions, "processes": len(tree), "rss_kib": rss, "pss_kib": pss,
                "rss_per_session_kib": round(rss / args.sessions), "pss_per_session_kib": round(pss / args.sessions)}
    finally:
        for client in clients:
            client.quit()
        pump(clients, lambda: all(c.exited for c in clients), 20)
        reap(clients)


def ramp(args):
    clients = []
    held = 0
    worst = []
    try:
        while held < args.cap:
            batch = [Client(args) for _ in range(min(args.batch, args.cap - held))]
            clients += batch
            pump(clients, lambda: all(c.first_frame is not None for c in batch), args.limit + 5)
            times = [c.first_frame for c in batch]
            slowest = max(t if t is not None else float("inf") for t in times)
            worst.append(round(slowest * 1000, 1) if slowest != float("inf") else None)
            if slowest > args.limit:
                break
            held += len(batch)
        return {"held": held, "cap": args.cap, "batch": args.batch, "limit_s": args.limit,
                "reached_cap": held >= args.cap, "slowest_per_batch_ms": worst}
    finally:
        for client in clients:
            client.quit()
        pump(clients, lambda: all(c.exited for c in clients), 60)
        reap(clients, timeout=60)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("measure", choices=["first-frame", "memory", "ramp"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--known-hosts", required=True)
    parser.add_argument("--user", default=os.environ.get("USER", "root"))
    parser.add_argument("--server-pid", type=int)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--cap", type=int, default=300)
    args = parser.parse_args()
    if args.measure == "memory" and not args.server_pid:
        parser.error("memory needs --server-pid")
    result = {"first-frame": first_frame, "memory": memory, "ramp": ramp}[args.measure](args)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
