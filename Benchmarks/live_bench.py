#!/usr/bin/env python3
"""Live reload benchmark: `storyboard run TARGET --watch` in a pseudo-terminal, its files
saved again and again as an editor saves them (a new file renamed over the old one).

Two targets are generated in a temporary folder:

  1000 objects   one storyboard: a navigation controller and a table of static cells, each
                 cell with its content view and label, about 1,000 objects with ids.
  20 storyboards an app's folder: Info.plist naming Main, Main's table pushing a storyboard
                 reference to each of 19 others (about 60 objects each), in Base.lproj.

Measured, on each:

  save to frame  from the rename to the arrival of the frame's bytes: the saved label's new
                 text, written by the program on its terminal. Texts alternate between two
                 tokens with no character in common at any position and no repeated
                 characters, so that the terminal's update carries the whole token. Median
                 and p95 of --saves saves, each after the output has been quiet for QUIET.
  peak memory    VmHWM from /proc/PID/status after the first reload and after --reloads
                 reloads (and VmRSS then): the growth is what the reloads kept; also VmHWM
                 after 1, 10, 100, 250, 500, 750 and 1,000 reloads, to tell a plateau (the
                 trace filling to its caps, the heap's holes settling) from a leak; and the
                 anonymous part of the resident set (RssAnon: the heap, not the libraries'
                 pages) at the same points.

Prints one JSON object on standard output.

Usage: live_bench.py [--saves N] [--reloads N] [--size COLSxROWS] [--only storyboard|app] PROGRAM
"""

import argparse
import fcntl
import json
import os
import pty
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import time

QUIET = 0.05
TOKENS = ["q1w2e3r4t5", "z9x8c7v6b0"]

HEADER = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" useAutolayout="YES" initialViewController="{initial}">
    <scenes>
"""
FOOTER = """    </scenes>
</document>
"""


def table_scene(scene_id, title, cells, first_label, push=None):
    """A table view controller of static cells; `push(i)` gives a cell's segue destination."""
    rows = []
    for i in range(cells):
        text = first_label if i == 0 else f"Row {i} of {title}"
        segue = ""
        if push and push(i):
            segue = f'<connections><segue destination="{push(i)}" kind="show" id="{scene_id}-g{i}"/></connections>'
        rows.append(
            f'<tableViewCell style="IBUITableViewCellStyleDefault" textLabel="{scene_id}-l{i}" id="{scene_id}-c{i}">'
            f'<tableViewCellContentView key="contentView" id="{scene_id}-v{i}"><subviews>'
            f'<label text="{text}" id="{scene_id}-l{i}"/></subviews></tableViewCellContentView>{segue}</tableViewCell>')
    return (
        f'<scene sceneID="s-{scene_id}"><objects>'
        f'<tableViewController title="{title}" id="{scene_id}" sceneMemberID="viewController">'
        f'<tableView key="view" dataMode="static" style="plain" id="{scene_id}-t"><sections>'
        f'<tableViewSection id="{scene_id}-s">'
        f'<cells>{"".join(rows)}</cells></tableViewSection></sections></tableView>'
        f'<navigationItem key="navigationItem" title="{title}" id="{scene_id}-n"/>'
        f'</tableViewController></objects></scene>\n')


def navigation_scene(scene_id, root):
    return (
        f'<scene sceneID="s-{scene_id}"><objects><navigationController id="{scene_id}" sceneMemberID="viewController">'
        f'<connections><segue destination="{root}" kind="relationship" relationship="rootViewController" id="{scene_id}-r"/>'
        f'</connections></navigationController></objects></scene>\n')


def big_storyboard(label):
    # 333 cells × 3 objects (cell, content view, label) + the table, its section, scene
    # objects: about 1,000.
    return HEADER.format(initial="N") + navigation_scene("N", "T") + table_scene("T", "Catalogue", 333, label) + FOOTER


def app_main(label):
    references = "".join(
        f'<scene sceneID="s-ref{i}"><objects><viewControllerPlaceholder storyboardName="Part{i}" id="ref{i}" '
        f'sceneMemberID="viewController"/></objects></scene>\n' for i in range(1, 20))
    return (HEADER.format(initial="N") + navigation_scene("N", "T")
            + table_scene("T", "Parts", 19, label, push=lambda i: f"ref{i + 1}" if i < 19 else None)
            + references + FOOTER)


def app_part(number):
    return HEADER.format(initial=f"P{number}") + table_scene(f"P{number}", f"Part {number}", 20, f"Part {number}") + FOOTER


PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>CFBundleName</key><string>Parts</string>
<key>UIMainStoryboardFile</key><string>Main</string>
</dict></plist>
"""


def save(path, text):
    """Writes a new file beside `path` and renames it over `path`, as editors save."""
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".saving")
    with open(temporary, "w") as handle:
        handle.write(text)
    os.rename(temporary, path)


class Session:
    def __init__(self, argv, size):
        columns, rows = size
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.output = b""

    def read_until(self, token, timeout=10.0):
        """Reads until `token` arrives; returns the time of the read that brought it."""
        deadline = time.monotonic() + timeout
        seen = b""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                break
            chunk = os.read(self.fd, 65536)
            now = time.monotonic()
            if not chunk:
                break
            seen += chunk
            if token in seen:
                return now
            seen = seen[-len(token):]
        raise SystemExit(f"live_bench: {token!r} never arrived")

    def drain(self):
        while True:
            ready, _, _ = select.select([self.fd], [], [], QUIET)
            if not ready:
                return
            try:
                if not os.read(self.fd, 65536):
                    return
            except OSError:
                return

    def memory(self):
        values = {}
        with open(f"/proc/{self.pid}/status") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                if key in ("VmHWM", "VmRSS", "RssAnon"):
                    values[key] = int(value.split()[0])
        return values

    def quit(self):
        os.write(self.fd, b"\x03")
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def measure(program, target, edited, make, saves, reloads, size):
    session = Session([program, "run", target, "--watch", "--data-dir", os.path.join(os.path.dirname(edited), ".data")], size)
    session.read_until(TOKENS[0].encode(), timeout=20)
    session.drain()
    times = []
    first = None
    checkpoints = {}
    anonymous = {}
    for number in range(1, max(saves, reloads) + 1):
        token = TOKENS[number % 2]
        text = make(token)
        start = time.monotonic()
        save(edited, text)
        arrived = session.read_until(token.encode())
        session.drain()
        if number <= saves:
            times.append((arrived - start) * 1000)
        if number == 1:
            first = session.memory()
        if number in (1, 10, 100, 250, 500, 750, 1000) or number % 1000 == 0:
            memory = session.memory()
            checkpoints[number] = memory["VmHWM"]
            anonymous[number] = memory["RssAnon"]
    last = session.memory()
    session.quit()
    return {
        "saves": len(times),
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
        "max_ms": round(max(times), 2),
        "reloads": max(saves, reloads),
        "hwm_first_kib": first["VmHWM"],
        "hwm_last_kib": last["VmHWM"],
        "rss_last_kib": last["VmRSS"],
        "hwm_growth_kib": last["VmHWM"] - first["VmHWM"],
        "hwm_kib_after_reloads": checkpoints,
        "anon_kib_after_reloads": anonymous,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--reloads", type=int, default=1000)
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--only", choices=["storyboard", "app"], help="measure one target only")
    parser.add_argument("program")
    arguments = parser.parse_args()
    columns, rows = (int(part) for part in arguments.size.split("x"))
    folder = tempfile.mkdtemp(prefix="live-bench-")
    try:
        single = os.path.join(folder, "single")
        os.makedirs(single)
        big = os.path.join(single, "Catalogue.storyboard")
        save(big, big_storyboard(TOKENS[0]))
        objects = big_storyboard(TOKENS[0]).count(' id="')
        app = os.path.join(folder, "Parts")
        base = os.path.join(app, "Base.lproj")
        os.makedirs(base)
        with open(os.path.join(app, "Info.plist"), "w") as handle:
            handle.write(PLIST)
        main_file = os.path.join(base, "Main.storyboard")
        save(main_file, app_main(TOKENS[0]))
        for number in range(1, 20):
            save(os.path.join(base, f"Part{number}.storyboard"), app_part(number))
        size = (columns, rows)
        result = {"size": arguments.size}
        if arguments.only != "app":
            result["storyboard_1000_objects"] = dict(
                objects=objects, **measure(arguments.program, big, big, big_storyboard, arguments.saves, arguments.reloads, size))
        if arguments.only != "storyboard":
            result["app_20_storyboards"] = measure(
                arguments.program, app, main_file, app_main, arguments.saves, arguments.reloads, size)
        print(json.dumps(result, indent=2))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
