"""Ports and processes on this host, shared by the serving benchmarks and drills."""

import os
import socket
import subprocess
import time


def free_port():
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=20):
    """Waits until something accepts connections on the loopback `port`; exits if nothing does."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("nothing listens on %d" % port)


def parents():
    """Every process's parent, by process id."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open("/proc/%s/stat" % entry).read()
                found[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
            except (OSError, ValueError):
                pass
    return found


def children(pid):
    """The processes whose parent is `pid`."""
    return [child for child, parent in parents().items() if parent == pid]


def descendants(pid):
    """Every process below `pid`: its children, theirs, and so on."""
    known = parents()
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, its in known.items():
            if its == parent:
                found.append(child)
                frontier.append(child)
    return found


def stop_all(processes, grace=10):
    """Asks every process to end (SIGTERM), waits up to `grace` seconds for each, then kills
    the ones still running."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
