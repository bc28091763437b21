#!/usr/bin/env python3
"""Terminal benchmarks: runs a full-screen program in a pseudo-terminal, reads its screen
through a terminal emulator (pyte) and measures it.

Needs pyte (run.sh installs it in a virtual environment). The program runs in a pty of
--size (80x24 by default) with TERM=xterm-256color and LANG=C.UTF-8. Everything it writes
goes through pyte; an answer counts as complete only when the emulated screen shows the
expected state (see SCREENS) and the output has then gone quiet for QUIET seconds. Times
run to the last byte of that answer (the quiet time itself is not counted). Measured:

  first frame    from fork to the last byte of the first complete screen (title, the first
                 two rows, the highlight on the first). Median of --runs launches.
  down           key to frame for Down, sent as xterm would (ESC [ B, or ESC O B after the
                 program asked for application cursor keys): the highlight must be on the
                 next row. Up is sent between samples (and checked), so the highlight moves
                 between the same two rows and nothing scrolls. Median, p95, bytes.
  CPU per key    the program's CPU time over the Down/Up presses (all threads, from
                 /proc/PID/task/*/schedstat), divided by the number of presses.
  push, pop      Enter on the first row: the pushed screen's text must show. Then back, in
                 each of the screen's ways (Esc; a click on the back button): the list must
                 be back with the highlight where it was.
  present,       the present key (+): the presented screen's text must show. Then each way
  dismiss        of dismissing it (Esc for Cancel; a click on Cancel, or ^S for Done).
  end            End: the highlight must be far down the list; then Home (untimed, checked).
  idle CPU       utime+stime from /proc/PID/stat over --idle seconds with no input.
  peak memory    VmHWM from /proc/PID/status, read after everything else, before quitting;
                 also VmRSS and its anonymous part (heap and stacks, from smaps_rollup).

First frames are timed on each of --runs launches; the last --sessions launches stay up for
the key measurements (their samples pooled); idle CPU and memory are read on the last.
Output that arrives after an answer was complete (more than QUIET later) is counted as
"late" and reported; it is drained before the next key.

Prints one JSON object on standard output.

Usage: pty_bench.py --screen NAME [--size COLSxROWS] [--runs N] [--sessions N] [--keys N]
                    [--push-pop N] [--present N] [--end N] [--idle SECONDS] [--quit KEYS]
                    [--env NAME=VALUE] -- PROGRAM [ARGS...]
"""

import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import subprocess
import struct
import sys
import termios
import time

try:
    import pyte
except ImportError:
    sys.exit("pty_bench: needs pyte (Benchmarks/run.sh installs it in a virtual environment)")

QUIET = 0.05           # silence that ends an answer, seconds
ANSWER_TIMEOUT = 5.0   # the longest wait for an answer to a key
LAUNCH_TIMEOUT = 20.0  # the longest wait for the first screen
ENTER, ESC, CTRL_S = b"\r", b"\x1b", b"\x13"
# Cursor keys as xterm sends them: CSI in normal mode, SS3 once the program has turned on
# application cursor keys (DECCKM, ESC [ ? 1 h, part of terminfo's smkx).
CURSOR_KEYS = {"down": "B", "up": "A", "end": "F", "home": "H"}


def click(text):
    """A way in: a left click on the first cell of `text` on screen (SGR mouse report,
    press and release, as xterm sends them once the program has turned mouse reports on)."""
    return ("click", text)


# What each program's screens look like, so that the harness knows when an answer is
# complete. Our app and its Textual peer show the same texts; the floor has only the list.
#   title      text of the list screen
#   rows       the first two rows' text: the highlight starts on the first
#   push       (key, text the pushed screen shows); back: [(name, way)] to return
#   present    (key, text the presented screen shows); dismiss: [(name, way)]
SCREENS = {
    "floor": {"title": "Floor list", "rows": ("House Blend", "Ethiopian Yirgacheffe")},
    "dailybuzz": {
        "title": "Daily Buzz", "rows": ("House Blend", "Ethiopian Yirgacheffe"),
        "push": (ENTER, "Brew Details"), "back": [("esc", ESC), ("click", click("‹ Daily Buzz"))],
        "present": (b"+", "Add Session"), "dismiss": [("esc", ESC), ("click", click("Cancel"))],
    },
    "colorboard": {
        "title": "Colors", "rows": ("Red", "Green"),
        "push": (ENTER, "#FF0000"), "back": [("esc", ESC), ("click", click("‹ Colors"))],
        "present": (b"+", "#0000FF"), "dismiss": [("esc", ESC), ("ctrl-s", CTRL_S)],
    },
    # A generated app (flow-bench app): its main storyboard lists the other 49; in German too.
    "app": {"title": "Harbor", "rows": ("Feature 01", "Feature 02")},
    "app-de": {"title": "Hafen", "rows": ("Funktion 01", "Funktion 02")},
    # The tour's rows are two lines each (a subtitle cell), and it has nothing to present.
    "tour": {
        "title": "Segue Tour", "rows": ("Events", "Account"),
        "push": (ENTER, "Harbor Concert"), "back": [("esc", ESC), ("click", click("‹ Segue Tour"))],
    },
}


class Session:
    """A program running in a pty, with an emulated screen of its output."""

    def __init__(self, argv, columns, rows, extra_env=None):
        env = dict(os.environ)
        env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                    "COLUMNS": str(columns), "LINES": str(rows)})
        for name in ("NO_COLOR", "COLORTERM", "ESCDELAY"):
            env.pop(name, None)  # every program gets its defaults
        # Drawn as for sight unless asked, whatever the user's screen-reader mode remembers.
        env["STORYBOARD_SCREEN_READER"] = "0"
        env.update(extra_env or {})
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                winsize = struct.pack("HHHH", rows, columns, 0, 0)
                fcntl.ioctl(0, termios.TIOCSWINSZ, winsize)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.application_keys = False
        self.exited = False
        self.late_bytes = 0
        self.query_carry = b""

    def read_available(self, timeout):
        """Reads what arrives within `timeout`; returns (bytes, time of the read)."""
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
        self.answer_queries(data)
        return data, time.perf_counter()

    # A terminal answers a primary device attributes request (DA1) at once; pyte answers
    # nothing. Our app asks (with its 24-bit colour question) at start when the terminfo
    # database has a direct-colour entry, and waits up to 100 ms for the answer. The harness
    # answers as a VT220-class terminal without DECRQSS would: DA1 only, so the app keeps
    # 256 colours, as the peer does.
    DA1_REQUESTS = (b"\x1b[c", b"\x1b[0c")
    DA1_ANSWER = b"\x1b[?62;22c"

    def answer_queries(self, data):
        """Answers each DA1 request in the output, one split across two reads included."""
        window = self.query_carry + data
        for request in self.DA1_REQUESTS:
            for _ in range(window.count(request)):
                os.write(self.fd, self.DA1_ANSWER)
        # Keep only an unfinished request at the end (never a whole one: it was answered).
        self.query_carry = b""
        for length in (3, 2, 1):
            tail = window[-length:]
            if len(window) >= length and any(r.startswith(tail) and r != tail for r in self.DA1_REQUESTS):
                self.query_carry = tail
                break

    def feed(self, data):
        """Hands output to the emulator (and notes the cursor-key mode)."""
        application = data.rfind(b"\x1b[?1h")
        normal = data.rfind(b"\x1b[?1l")
        if application != normal:
            self.application_keys = application > normal
        self.stream.feed(data)

    def answer(self, check, timeout=ANSWER_TIMEOUT):
        """Reads until the screen passes `check` and output has been quiet for QUIET.

        The emulator is fed only once output pauses, so that its work never delays the
        reading (and the time) of a byte. Returns (time of the last byte, byte count);
        (None, byte count) on a timeout.
        """
        received = 0
        pending = bytearray()
        last = None
        deadline = time.perf_counter() + timeout
        while not self.exited:
            wait = QUIET if pending else max(0.0, deadline - time.perf_counter())
            data, at = self.read_available(wait)
            if data:
                pending += data
                received += len(data)
                last = at
                continue
            if pending:  # quiet after some output: is the screen there yet?
                self.feed(bytes(pending))
                pending.clear()
                if check(self):
                    return last, received
            elif time.perf_counter() >= deadline:
                break
        if pending:
            self.feed(bytes(pending))
        return None, received

    def drain(self):
        """Takes in output that came after the last answer was complete."""
        while True:
            data, _ = self.read_available(0)
            if not data:
                return
            self.late_bytes += len(data)
            self.feed(data)

    def send(self, keys):
        """Writes `keys`; returns the time just before the write. (Taken after it, a
        preemption between the write and the clock would hide part of the answer time.)"""
        self.drain()
        sent = time.perf_counter()
        os.write(self.fd, keys)
        return sent

    def key_bytes(self, name):
        """The bytes xterm sends for a cursor key in the mode the program has set."""
        return (b"\x1bO" if self.application_keys else b"\x1b[") + CURSOR_KEYS[name].encode()

    def way_bytes(self, way):
        """The bytes of a key, or of a click on some text on screen."""
        if isinstance(way, bytes):
            return way
        _, text = way
        found = find(self.screen, text)
        if found is None:
            raise RuntimeError(f"nothing to click: {text!r} is not on screen")
        x, y = found
        return f"\x1b[<0;{x + 1};{y + 1}M\x1b[<0;{x + 1};{y + 1}m".encode()

    def timed(self, keys, check, what):
        """Sends `keys`; returns (seconds to the complete answer, its bytes)."""
        sent = self.send(keys)
        last, size = self.answer(check)
        if last is None:
            raise RuntimeError(f"no complete answer to {what}; the screen shows:\n" + "\n".join(
                line.rstrip() for line in self.screen.display))
        return last - sent, size

    def cpu_seconds(self):
        with open(f"/proc/{self.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        # After the command name: state is field 3, so utime (14) and stime (15) are at 11, 12.
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_ns(self):
        """CPU time of every thread so far, in nanoseconds (/proc/PID/schedstat)."""
        total = 0
        for thread in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{thread}/schedstat") as handle:
                    total += int(handle.read().split()[0])
            except OSError:
                pass  # a thread that ended meanwhile
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
            os.write(self.fd, keys)
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


# --- Reading the emulated screen ---------------------------------------------------------

def line_text(screen, y):
    """Line `y` as text, and for each character the column it is in (wide characters
    take two columns; pyte leaves the second one empty)."""
    row = screen.buffer[y]
    text, columns = [], []
    for x in range(screen.columns):
        data = row[x].data
        for character in data:
            text.append(character)
            columns.append(x)
    return "".join(text), columns


def find(screen, text):
    """(column, line) of the first occurrence of `text` on screen, or None."""
    for y in range(screen.lines):
        line, columns = line_text(screen, y)
        index = line.find(text)
        if index >= 0:
            return columns[index], y
    return None


def shows(screen, text):
    return find(screen, text) is not None


def style(screen, x, y):
    """What tells a highlighted cell from another: its background and reverse video."""
    cell = screen.buffer[y][x]
    return cell.bg, cell.reverse


class ListState:
    """Where the list's first two rows are, and what the highlight looks like (learnt from the
    first screen): the first row highlighted, the second not. Rows may take more than one
    line (subtitle cells); what lies between them does not matter."""

    def __init__(self, screen, profile):
        self.profile = profile
        first, second = (find(screen, text) for text in profile["rows"])
        if first is None or second is None or second[1] <= first[1]:
            raise RuntimeError("the first two rows are not one above the other")
        self.x, self.top = first
        self.lines = (first[1], second[1])
        self.highlighted = style(screen, self.x, self.top)
        self.plain = style(screen, self.x, self.lines[1])
        if self.highlighted == self.plain:
            raise RuntimeError("the first row is not highlighted")

    def highlight_on(self, screen, row):
        """True when the highlight is on the first (0) or second (1) row and not the other."""
        return (style(screen, self.x, self.lines[row]) == self.highlighted
                and style(screen, self.x, self.lines[1 - row]) == self.plain)

    def highlight_far_down(self, screen):
        """True when the highlight has left the first two rows for one further down."""
        if style(screen, self.x, self.lines[0]) == self.highlighted:
            return False
        return any(style(screen, self.x, y) == self.highlighted for y in range(self.lines[1] + 1, screen.lines))

    def list_back(self, screen, gone):
        """True when the list is back (its title and first row on screen, `gone` not) with
        the highlight on the first row."""
        return (not shows(screen, gone) and shows(screen, self.profile["title"])
                and find(screen, self.profile["rows"][0]) == (self.x, self.top)
                and self.highlight_on(screen, 0))


def first_screen_check(profile):
    def check(session):
        screen = session.screen
        if not all(shows(screen, text) for text in (profile["title"], *profile["rows"])):
            return False
        first, second = (find(screen, text) for text in profile["rows"])
        return (second[1] > first[1]
                and style(screen, first[0], first[1]) != style(screen, first[0], second[1]))
    return check


# --- Statistics ----------------------------------------------------------------------------

def percentile(values, share):
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-share * len(ordered) // 1))))
    return ordered[rank - 1]


def summary(samples, sizes):
    """Median, p95, sample count and median bytes of a list of timings."""
    return {"median": statistics.median(samples), "p95": percentile(samples, 0.95),
            "samples": len(samples), "bytes": statistics.median(sizes)}


def parse_size(text):
    try:
        columns, rows = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not COLUMNSxROWS: {text!r}")
    if not (20 <= columns <= 1000 and 5 <= rows <= 500):
        raise argparse.ArgumentTypeError(f"size out of range: {text!r}")
    return columns, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--screen", required=True, choices=sorted(SCREENS), help="which screens to expect")
    parser.add_argument("--size", type=parse_size, default=(80, 24), help="terminal size, COLUMNSxROWS")
    parser.add_argument("--runs", type=int, default=5, help="launches timed for the first frame")
    parser.add_argument("--sessions", type=int, default=1,
                        help="how many of the launches (the last ones) also run the key measurements")
    parser.add_argument("--keys", type=int, default=50, help="timed Down presses")
    parser.add_argument("--push-pop", type=int, default=0, help="timed pushes, each way back this many times")
    parser.add_argument("--present", type=int, default=0, help="timed presents, each way of dismissing this many times")
    parser.add_argument("--end", type=int, default=0, help="timed End presses")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measurement")
    parser.add_argument("--quit", default="q", help="keys that quit the program")
    parser.add_argument("--map", metavar="FILE",
                        help="write Benchmarks/binary_map.py's account of the last launch's memory to FILE")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="an extra environment variable for the program (repeatable)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no program given")
    profile = SCREENS[options.screen]
    if (options.push_pop and "push" not in profile) or (options.present and "present" not in profile):
        parser.error(f"the {options.screen} screens have no push or present")
    extra_env = dict(item.split("=", 1) for item in options.env if "=" in item)
    quit_keys = options.quit.encode()
    columns, rows = options.size

    runs = max(1, options.runs)
    sessions = max(1, min(options.sessions, runs))
    first_frames, first_bytes = [], []
    timings = {}  # name -> ([seconds], [bytes])
    key_cpu = []
    result = {"command": command, "screen": options.screen, "size": f"{columns}x{rows}",
              "runs": runs, "sessions": sessions}

    def record(name, sample):
        seconds, size = timings.setdefault(name, ([], []))
        seconds.append(sample[0])
        size.append(sample[1])

    late = 0
    for run in range(runs):
        session = Session(command, columns, rows, extra_env)
        last, size = session.answer(first_screen_check(profile), timeout=LAUNCH_TIMEOUT)
        if last is None:
            screen = "\n".join(line.rstrip() for line in session.screen.display)
            session.quit(quit_keys)
            sys.exit(f"pty_bench: no first screen from {' '.join(command)}; the screen shows:\n{screen}")
        first_frames.append(last - session.started)
        first_bytes.append(size)
        if run < runs - sessions:
            session.quit(quit_keys)
            continue
        # The last `sessions` launches stay up for the key measurements.
        state = ListState(session.screen, profile)
        on_second = lambda s: state.highlight_on(s.screen, 1)
        on_first = lambda s: state.highlight_on(s.screen, 0)
        cpu_before = session.cpu_ns()
        for _ in range(options.keys):
            record("down", session.timed(session.key_bytes("down"), on_second, "Down"))
            session.timed(session.key_bytes("up"), on_first, "Up")
        if options.keys:
            key_cpu.append((session.cpu_ns() - cpu_before) / (2 * options.keys) / 1e9)
        for kind, ways in (("push", "back"), ("present", "dismiss")):
            count = options.push_pop if kind == "push" else options.present
            if not count:
                continue
            key, text = profile[kind]
            opened = lambda s, text=text: shows(s.screen, text)
            closed = lambda s, text=text: state.list_back(s.screen, text)
            for _ in range(count):
                for name, way in profile[ways]:
                    record(kind, session.timed(key, opened, f"{kind} ({key!r})"))
                    record(f"{ways}_{name}", session.timed(session.way_bytes(way), closed, f"{ways} by {name}"))
        far_down = lambda s: state.highlight_far_down(s.screen)
        for _ in range(options.end):
            record("end", session.timed(session.key_bytes("end"), far_down, "End"))
            session.timed(session.key_bytes("home"), on_first, "Home")
        if run == runs - 1:
            # The last launch only: idle CPU, then memory after everything else.
            if options.idle > 0:
                session.drain()
                before = session.cpu_seconds()
                time.sleep(options.idle)
                extra, _ = session.read_available(0)
                result.update(idle_cpu_seconds=session.cpu_seconds() - before, idle_seconds=options.idle,
                              idle_output_bytes=len(extra))
            result["peak_kib"] = session.status_kib("VmHWM")
            result["rss_kib"] = session.status_kib("VmRSS")
            result["anonymous_kib"] = session.anonymous_kib()
            if options.map:
                mapper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "binary_map.py")
                with open(options.map, "w") as handle:
                    subprocess.run([sys.executable, mapper, str(session.pid)], stdout=handle, check=False)
        late += session.late_bytes
        result["exit_status"] = session.quit(quit_keys)
    for name, (seconds, sizes) in timings.items():
        result[name] = summary(seconds, sizes)
    if key_cpu:
        result["key_cpu"] = statistics.median(key_cpu)
    result.update(first_frame={"median": statistics.median(first_frames), "runs": first_frames,
                               "bytes": statistics.median(first_bytes)},
                  late_bytes=late)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
