#!/usr/bin/env python3
"""Serving in the browser: `storyboard serve --http` beside textual-serve serving the Textual
peer (Benchmarks/peer/dailybuzz.py), both showing Daily Buzz's sample data, measured in the
same headless Chromium window in one run. Prints a markdown table (docs/benchmarks.md,
"Serving in the browser").

    Benchmarks/web_bench.py --storyboard BIN --python VENV_PYTHON [--quick] [--loads N] [--first-only]

--first-only measures the page loads alone (steady screen and first frame), not ↓, memory or
held sessions.

Figures:
  steady screen  navigation to the first painted frame that is the screen the page settles on:
                 the browser's screencast (a PNG per compositor frame, stamped when it was
                 drawn) for 3 s, the first frame equal to the last one (median)
  first frame    navigation to the WebSocket frame that completes Daily Buzz's list (median)
  ↓ to frame     the ↓ key event to the first frame after it (median)
  bytes per ↓    WebSocket bytes (payload and frame headers) per ↓, and, for ours, what the
                 pty carried (the payload less each message's type byte)
  memory         PSS of a session's processes (the program, and for textual-serve the shell
                 and Python it starts), averaged over sessions opened by WebSocket clients
  held           ours: N sessions opened by WebSocket clients, 20 at a time; every first
                 frame, and what is left once they all close

Loopback only. Needs chromium-headless-shell, and in VENV_PYTHON: textual (the peer's
requirements), textual-serve and websocket-client.
"""
import argparse
import base64
import hashlib
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import websocket

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from local_processes import free_port, wait_port, descendants, stop_all  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("browser_check", os.path.join(ROOT, "Scripts", "browser-check.py"))
browser_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_check)

MARKER = "Sumatra Mandheling"  # the list's fourth row: the list is drawn





def pss_kb(pid):
    try:
        for line in open("/proc/%d/smaps_rollup" % pid):
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class EventBrowser(browser_check.Browser):
    """The check's browser, keeping the DevTools events it reads."""

    def __init__(self, width, height):
        super().__init__(width, height)
        self.events = []
        self.painted = []

    def _handle(self, message):
        if message.get("method") == "Page.screencastFrame":
            # Acknowledged at once, or the browser sends no more frames.
            params = message["params"]
            self.next_id += 1
            self.socket.send(json.dumps({"id": self.next_id, "method": "Page.screencastFrameAck",
                                         "params": {"sessionId": params["sessionId"]}}))
            self.painted.append((params["metadata"]["timestamp"], hashlib.sha1(base64.b64decode(params["data"])).hexdigest()))
        elif "method" in message:
            self.events.append((time.time(), message))

    def call(self, method, **params):
        self.next_id += 1
        self.socket.settimeout(20)
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                return message.get("result", {})
            self._handle(message)

    def pump(self, seconds):
        deadline = time.time() + seconds
        while True:
            left = deadline - time.time()
            if left <= 0:
                return
            self.socket.settimeout(left)
            try:
                self._handle(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                return

    def frames(self):
        """Binary frames received, as (time, payload bytes), and forgets the events."""
        result = []
        for at, message in self.events:
            if message["method"] == "Network.webSocketFrameReceived":
                response = message["params"]["response"]
                if response.get("opcode") == 2:
                    result.append((at, base64.b64decode(response["payloadData"])))
        self.events = []
        return result


def header_size(length):
    return 2 if length < 126 else 4 if length < 65536 else 10


def steady_time(painted, started):
    """Seconds from `started` to the first painted frame equal to the last one."""
    if not painted:
        return None
    last = painted[-1][1]
    return next(at for at, digest in painted if digest == last) - started


def measure_browser(url, ours, loads, downs):
    browser = EventBrowser(1000, 640)
    strip = 1 if ours else 0
    try:
        browser.call("Page.enable")
        browser.call("Network.enable")
        firsts, steadies = [], []
        for _ in range(loads):
            browser.call("Page.navigate", url="about:blank")
            browser.pump(0.5)
            browser.frames()
            browser.call("Page.startScreencast", format="png", everyNthFrame=1)
            browser.pump(0.3)
            browser.painted = []
            started = time.time()
            browser.call("Page.navigate", url=url)
            text, first = b"", None
            while first is None and time.time() - started < 30:
                browser.pump(0.02)
                for at, payload in browser.frames():
                    if ours and payload[:1] != b"0":
                        continue
                    text += payload[strip:]
                    if MARKER.encode() in text:
                        first = at - started
                        break
            if first is None:
                raise SystemExit("no first frame from " + url)
            firsts.append(first)
            # The screen settles (Textual finishes mounting after its first frame).
            browser.pump(max(0.5, 3.0 - (time.time() - started)))
            browser.call("Page.stopScreencast")
            steady = steady_time(browser.painted, started)
            if steady is None:
                raise SystemExit("nothing painted from " + url)
            steadies.append(steady)
        if downs == 0:
            return {"first": statistics.median(firsts), "steady": statistics.median(steadies),
                    "steadies": steadies, "firsts": firsts}
        # Let the app settle after its first frame (Textual finishes mounting after it).
        browser.pump(3.0)
        if not ours:
            # textual-serve's terminal takes keys once clicked (its title bar: no action).
            for kind in ("mousePressed", "mouseReleased"):
                browser.call("Input.dispatchMouseEvent", type=kind, x=500, y=4, button="left", clickCount=1)
            browser.pump(1.0)
        browser.frames()
        latencies, totals, pty = [], [], []
        for index in range(downs):
            if index % 4 == 3:
                browser.key("ArrowUp", key_code=38)
                browser.key("ArrowUp", key_code=38)
                browser.key("ArrowUp", key_code=38)
                browser.pump(0.4)
                browser.frames()
            pressed = time.time()
            browser.key("ArrowDown", key_code=40)
            frames = []
            # Until the frames stop for 300 ms (or nothing comes for 3 s).
            while time.time() - pressed < 3:
                browser.pump(0.05)
                frames += [f for f in browser.frames() if f[0] >= pressed]
                if frames and time.time() - frames[-1][0] > 0.3:
                    break
            if not frames:
                continue
            latencies.append(frames[0][0] - pressed)
            totals.append(sum(len(p) + header_size(len(p)) for _, p in frames))
            pty.append(sum(len(p) - strip for _, p in frames))
        return {
            "first": statistics.median(firsts), "steady": statistics.median(steadies), "down": statistics.median(latencies) if latencies else None,
            "bytes": statistics.mean(totals) if totals else None, "pty": statistics.mean(pty) if ours and pty else None,
        }
    finally:
        browser.close()


def open_ours(port, columns=109, rows=35):
    ws = websocket.create_connection("ws://127.0.0.1:%d/ws" % port, origin="http://127.0.0.1:%d" % port, timeout=30)
    ws.send_binary(json.dumps({"columns": columns, "rows": rows, "path": ""}).encode())
    return ws


def open_peer(port, columns=109, rows=35):
    return websocket.create_connection("ws://127.0.0.1:%d/ws?width=%d&height=%d" % (port, columns, rows), timeout=30)


def wait_drawn(ws, ours):
    text = b""
    while MARKER.encode() not in text:
        data = ws.recv()
        if isinstance(data, bytes):
            text += data[1:] if ours and data[:1] == b"0" else (b"" if ours else data)


def measure_memory(server_pid, port, ours, count):
    sockets = []
    for _ in range(count):
        ws = open_ours(port) if ours else open_peer(port)
        wait_drawn(ws, ours)
        sockets.append(ws)
    time.sleep(1.0)  # let each program settle after its first frame
    children = descendants(server_pid)
    total = sum(pss_kb(pid) for pid in children)
    server = pss_kb(server_pid)
    for ws in sockets:
        ws.close()
    return total / count / 1024, server / 1024, len(children)


def hold(server_pid, port, count, batch=20):
    sockets, firsts, lock = [], [], threading.Lock()

    def one():
        started = time.time()
        ws = open_ours(port)
        wait_drawn(ws, True)
        with lock:
            firsts.append(time.time() - started)
            sockets.append(ws)

    for start in range(0, count, batch):
        threads = [threading.Thread(target=one) for _ in range(min(batch, count - start))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    held = len(descendants(server_pid))
    closed = time.time()
    for ws in sockets:
        ws.close()
    while descendants(server_pid) and time.time() - closed < 20:
        time.sleep(0.05)
    return {"opened": len(sockets), "held": held, "max_first": max(firsts), "median_first": statistics.median(firsts),
            "left": len(descendants(server_pid)), "gone": time.time() - closed}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--storyboard", required=True)
    parser.add_argument("--python", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--loads", type=int)
    parser.add_argument("--first-only", action="store_true")
    options = parser.parse_args()
    loads, downs, memory = (2, 8, 3) if options.quick else (5, 30, 10)
    loads = options.loads or loads
    if options.first_only:
        downs = 0
    sessions = 20 if options.quick else options.sessions
    work = tempfile.mkdtemp(prefix="storyboard-web-bench-")
    processes = []
    try:
        peer_data = os.path.join(work, "peer-data")
        subprocess.run([options.storyboard, "render", "dailybuzz", "--data-dir", peer_data, "--size", "80x24"],
                       check=True, stdout=subprocess.DEVNULL)
        ours_port, peer_port = free_port(), free_port()
        ours = subprocess.Popen(
            [options.storyboard, "serve", "dailybuzz", "--open", "--no-ssh", "--http", "127.0.0.1:%d" % ours_port,
             "--data-dir", os.path.join(work, "ours"), "--max-sessions", "1000", "--idle-timeout", "0", "--web-sessions-per-address", "0", "--web-session-rate", "0",
             "--max-unauthenticated", "1000"],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "ours.log"), "w"))
        processes.append(ours)
        command = "%s %s --data-dir %s" % (options.python, os.path.join(ROOT, "Benchmarks", "peer", "dailybuzz.py"), peer_data)
        peer = subprocess.Popen(
            [options.python, "-c", "import sys; from textual_serve.server import Server; "
             "Server(sys.argv[1], host='127.0.0.1', port=int(sys.argv[2])).serve()", command, str(peer_port)],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "peer.log"), "w"))
        processes.append(peer)
        wait_port(ours_port)
        wait_port(peer_port)
        results = {}
        for name, port, is_ours, pid in [("storyboard serve --http", ours_port, True, ours.pid),
                                         ("textual-serve", peer_port, False, peer.pid)]:
            print("== %s: browser" % name, file=sys.stderr)
            figures = measure_browser("http://127.0.0.1:%d/" % port, is_ours, loads, downs)
            results[name] = figures
            print(json.dumps(figures), file=sys.stderr)
            if options.first_only:
                continue
            print("== %s: memory" % name, file=sys.stderr)
            time.sleep(1.5)
            figures["memory"], figures["server"], figures["processes"] = measure_memory(pid, port, is_ours, memory)
            results[name] = figures
            print(json.dumps(figures), file=sys.stderr)
        a, b = results["storyboard serve --http"], results["textual-serve"]
        if options.first_only:
            print("| | storyboard serve --http | textual-serve | ratio | goal |")
            print("|---|---:|---:|---:|---|")
            print("| page load to steady screen (median of %d) | %.0f ms | %.0f ms | %.2f× | ≤ 0.25× |" % (
                loads, a["steady"] * 1000, b["steady"] * 1000, a["steady"] / b["steady"]))
            print("| page load to first frame (median of %d) | %.0f ms | %.0f ms | %.2f× | |" % (
                loads, a["first"] * 1000, b["first"] * 1000, a["first"] / b["first"]))
            return
        print("== held sessions", file=sys.stderr)
        time.sleep(2)
        held = hold(ours.pid, ours_port, sessions)
        print(json.dumps(held), file=sys.stderr)

        print("| | storyboard serve --http | textual-serve | ratio | goal |")
        print("|---|---:|---:|---:|---|")
        print("| page load to steady screen (median of %d) | %.0f ms | %.0f ms | %.2f× | ≤ 0.25× |" % (loads, a["steady"] * 1000, b["steady"] * 1000, a["steady"] / b["steady"]))
        print("| page load to first frame (median of %d) | %.0f ms | %.0f ms | %.2f× | |" % (loads, a["first"] * 1000, b["first"] * 1000, a["first"] / b["first"]))
        def shown(value, scale, form):
            return form % (value * scale) if value is not None else "not measured"
        print("| ↓ to frame (median of %d) | %s | %s | | |" % (downs, shown(a["down"], 1000, "%.1f ms"), shown(b["down"], 1000, "%.1f ms")))
        print("| WebSocket bytes per ↓ | %s | %s | | |" % (shown(a["bytes"], 1, "%.0f"), shown(b["bytes"], 1, "%.0f")))
        print("| … against the pty's bytes per ↓ (%.0f) | %.2f× | | | ≤ 1.1× |" % (a["pty"], a["bytes"] / a["pty"]))
        print("| memory per session (PSS, %d sessions) | %.1f MiB | %.1f MiB | %.2f× | ≤ 0.25× |" % (memory, a["memory"], b["memory"], a["memory"] / b["memory"]))
        print("| server process (PSS, with them open) | %.1f MiB | %.1f MiB | | |" % (a["server"], b["server"]))
        print()
        print("Held: %d of %d sessions opened by WebSocket clients (%d at a time), %d processes; first frames "
              "median %.0f ms, slowest %.0f ms (goal: every one ≤ 2 s); after they closed, %d processes left, "
              "the last gone %.2f s after the closes." % (
                  held["opened"], sessions, 20, held["held"], held["median_first"] * 1000, held["max_first"] * 1000,
                  held["left"], held["gone"]))
    finally:
        stop_all(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
