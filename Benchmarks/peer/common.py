"""What the two Textual peers share: the store file and a navigation bar.

The peers stand in for the program a user would write instead of ours: the same screens
with Textual, on the same SQLite file. See docs/benchmarks.md.
"""

import os
import sqlite3
import sys
import unicodedata

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

# The file our app keeps in its data directory (DemoStore.fileName).
STORE_FILE = "storyboard.sqlite"


def default_data_dir():
    """Where the app keeps its store by default (StoreDirectory.defaultURL):
    $XDG_DATA_HOME/storyboard when that is an absolute path, else ~/.local/share/storyboard."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = xdg if xdg.startswith("/") else os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "storyboard")


def open_store(data_dir):
    """Opens the store our app created in `data_dir`; exits with a message if it is missing.

    The connection is set up as our app's: foreign keys on, a busy timeout so that another
    process's write is waited for, and synchronous=FULL so that a returned write is on disk.
    The store is always created by our app (or flow-bench), never here: its schema is theirs.
    """
    path = os.path.join(data_dir, STORE_FILE)
    if not os.path.exists(path):
        sys.exit(f"no store at {path}: run `storyboard run dailybuzz --data-dir {data_dir}` "
                 f"or `flow-bench seed {data_dir} 0` first")
    # Autocommit: each statement is its own transaction, as in the app.
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 5000")
    connection.execute("PRAGMA synchronous = FULL")
    return connection


def printable(text):
    """`text` from the store with control characters replaced, so that no name can send
    escape sequences to the terminal."""
    return "".join("\ufffd" if unicodedata.category(c) == "Cc" else c for c in text)


class NavBar(Static):
    """A navigation bar like the app's: a back or Cancel button on the left, the title in
    the middle, a button (+, Done) on the right, and a rule under it. The buttons are
    words in the bar, clickable; their keys are bound by the screen."""

    DEFAULT_CSS = """
    NavBar {
        height: 2;
        border-bottom: solid $foreground 30%;
    }
    """

    class Pressed(Message):
        """A click on the left ("left") or right ("right") button."""

        def __init__(self, side):
            super().__init__()
            self.side = side

    def __init__(self, title, left="", right="", **kwargs):
        super().__init__(**kwargs)
        self.title_text, self.left, self.right = title, left, right

    def render(self):
        width = self.size.width
        line = Text(no_wrap=True, overflow="crop")
        line.append(self.left, style="bold")
        start = max(len(self.left) + 1, (width - len(self.title_text)) // 2)
        line.append(" " * (start - len(line)))
        line.append(self.title_text, style="bold")
        line.append(" " * max(1, width - len(line) - len(self.right)))
        line.append(self.right, style="bold")
        return line

    def on_click(self, event: events.Click):
        if self.left and event.x < len(self.left):
            self.post_message(self.Pressed("left"))
        elif self.right and event.x >= self.size.width - len(self.right):
            self.post_message(self.Pressed("right"))
