#!/usr/bin/env python3
"""Daily Buzz's first frame and save (Done) through a served session, with each key's data in
SQLite (the default) and with `serve --store` on PostgreSQL, on one machine.

Two `storyboard serve` servers, one without --store and one with a throwaway PostgreSQL
cluster (throwaway_postgres.py), the same key; each run is one `ssh -tt … dailybuzz` to one
of them, the servers taken in turn:

  first frame   from just before ssh starts to the list's first screen (its first row and the
                footer) in the session's output: the login, the session's process, its store's
                first read (on PostgreSQL the user's first request also decides the sample data)
  save          from ^S (Done) on a filled Add Session form to the new row in the list: the
                insert's transaction, the list's count and page read again, the redraw

Prints a Markdown table of medians (and the fastest and slowest) over --runs runs per store.

    Benchmarks/store_bench.py --storyboard .build/release/storyboard [--runs 15]

Needs the OpenSSH client and PostgreSQL (apt-get install postgresql).
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from local_processes import free_port, wait_port  # noqa: E402
from throwaway_postgres import Cluster  # noqa: E402

DOWN = b"\x1b[B"


class Session:
    """`ssh -tt` to a server, its output gathered by a thread."""

    def __init__(self, port, key, known_hosts):
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            ["ssh", "-tt", "-p", str(port), "-i", key, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=" + known_hosts,
             "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "user@127.0.0.1", "dailybuzz"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        self.output = b""
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            data = os.read(self.process.stdout.fileno(), 65536)
            if not data:
                return
            with self.lock:
                self.output += data

    def send(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def wait_for(self, pattern, since=0, timeout=30):
        """Waits until `pattern` (bytes regex) is in the output after offset `since`; returns when it came."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                found = re.search(pattern, self.output[since:], re.S)
            if found:
                return time.monotonic()
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("never saw %r: %r" % (pattern, self.output[-400:]))
            time.sleep(0.0005)

    def mark(self):
        with self.lock:
            return len(self.output)

    def close(self):
        self.send(b"q")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)


def one_run(port, key, known_hosts, temperature):
    session = Session(port, key, known_hosts)
    try:
        first = session.wait_for(rb"House Blend.*quit") - session.started
        session.send(b"+")
        session.wait_for(rb"Add Session")
        session.send(str(temperature).encode())
        session.send(DOWN + b"\r")
        session.wait_for(rb"Coffees")
        at = session.mark()
        session.send(DOWN * 4 + b"\r")
        session.wait_for(rb"Kenya AA", since=at)
        time.sleep(0.2)
        at = session.mark()
        sent = time.monotonic()
        session.send(b"\x13")
        save = session.wait_for(rb"%d.{0,40}\xc2\xb0F" % temperature, since=at) - sent
        return first, save
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--storyboard", required=True)
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    work = tempfile.mkdtemp(prefix="storyboard-store-bench-")
    cluster = Cluster()
    servers = []
    try:
        cluster.psql("CREATE DATABASE bench")
        key = os.path.join(work, "key")
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "bench", "-f", key], check=True)
        known_hosts = os.path.join(work, "known_hosts")
        environment = dict(os.environ, PGPASSFILE=cluster.password_file(work))
        ports = {}
        for name, extra in [("SQLite", []), ("PostgreSQL", ["--store", cluster.url("bench")])]:
            port = free_port()
            process = subprocess.Popen(
                [options.storyboard, "serve", "--listen", "127.0.0.1:%d" % port, "--authorized-keys", key + ".pub",
                 "--data-dir", os.path.join(work, name)] + extra,
                stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, name + ".log"), "w"), env=environment)
            servers.append(process)
            wait_port(port)
            ports[name] = port
        results = {name: ([], []) for name in ports}
        temperature = 100
        for run in range(options.runs + 1):
            for name, port in ports.items():
                temperature += 1
                first, save = one_run(port, key, known_hosts, temperature)
                if run > 0:  # the first run of each makes the store and the sample data
                    results[name][0].append(first)
                    results[name][1].append(save)
        print("| %d runs each | first frame | save (Done) |" % options.runs)
        print("|---|---:|---:|")
        for name, (firsts, saves) in results.items():
            print("| %s | %.1f ms (%.1f–%.1f) | %.1f ms (%.1f–%.1f) |" % (
                name, statistics.median(firsts) * 1000, min(firsts) * 1000, max(firsts) * 1000,
                statistics.median(saves) * 1000, min(saves) * 1000, max(saves) * 1000))
    finally:
        for process in servers:
            process.terminate()
            process.wait(10)
        cluster.remove()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
