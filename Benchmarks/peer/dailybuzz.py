#!/usr/bin/env python3
"""Daily Buzz written with Textual: the peer for the terminal benchmarks.

The same screens as `storyboard run dailybuzz`, on the same SQLite file:

  Daily Buzz     the brewing sessions, newest first, one per line, with a highlight.
                 ↑/↓, PgUp/PgDn, Home/End move; Enter pushes Brew Details; + presents
                 Add Session; q quits.
  Brew Details   coffee, temperature and date of one session; Esc (or a click on
                 "‹ Daily Buzz") goes back.
  Add Session    a modal screen: a temperature field and a Coffee row (Enter pushes the
                 coffee list); Esc (or a click on "Cancel") dismisses it, ^S (Done) saves.

The list reads only the rows it shows, in pages of 64 (at most 8 pages kept), with the
query the app uses, so a million sessions cost what ten do. It is a Line API widget
(ScrollView) because Textual's ListView and DataTable hold every row in memory.

Usage: dailybuzz.py [--data-dir DIR]   (DIR holds the app's storyboard.sqlite; default as the app)
"""

import argparse
from datetime import datetime, timezone

from rich.segment import Segment
from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer, Input, ListItem, ListView, Static

from common import NavBar, default_data_dir, open_store, printable

PAGE_SIZE = 64
PAGES_KEPT = 8
# The app's query (DemoStore.pageSQL): skip OFFSET rows inside the covering index, then
# fetch and join only the page's rows.
PAGE_SQL = """
    SELECT s.id, c.name, s.temperatureF, s.brewedAt
    FROM (SELECT id FROM brewSession ORDER BY brewedAt {0}, id {0} LIMIT ? OFFSET ?) AS page
    CROSS JOIN brewSession AS s ON s.id = page.id
    CROSS JOIN coffee AS c ON c.id = s.coffeeId
    ORDER BY s.brewedAt {0}, s.id {0}
"""
NEWEST_FIRST, OLDEST_FIRST = PAGE_SQL.format("DESC"), PAGE_SQL.format("ASC")


def celsius(fahrenheit):
    """Whole degrees Celsius, halves away from zero, as the app rounds."""
    numerator = (fahrenheit - 32) * 5
    quotient, remainder = int(numerator / 9), numerator - 9 * int(numerator / 9)
    if remainder * 2 >= 9:
        return quotient + 1
    if remainder * 2 <= -9:
        return quotient - 1
    return quotient


def temperature_text(fahrenheit):
    return f"{fahrenheit} °F ({celsius(fahrenheit)} °C)"


def date_text(stored):
    """The store keeps UTC text ("2025-11-20 08:15:00.000"); shown as local date and time."""
    moment = datetime.fromisoformat(stored).replace(tzinfo=timezone.utc).astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


class Sessions:
    """The brewing sessions, read a page at a time, as the app's list controller does."""

    def __init__(self, store):
        self.store = store
        self.pages = {}  # page number -> rows, oldest page dropped first
        self.count = 0  # read by reload(), when the list appears

    def reload(self):
        """Counts again and forgets the pages: sessions added elsewhere show up."""
        self.pages.clear()
        self.count = self.store.execute("SELECT COUNT(*) FROM brewSession").fetchone()[0]

    def row(self, index):
        """(id, coffee, temperature text, date text) of the session at `index`, or None."""
        if not 0 <= index < self.count:
            return None
        number = index // PAGE_SIZE
        if number not in self.pages:
            self.pages[number] = self.read_page(number * PAGE_SIZE)
            if len(self.pages) > PAGES_KEPT:
                del self.pages[next(iter(self.pages))]
        rows = self.pages[number]
        offset = index - number * PAGE_SIZE
        return rows[offset] if offset < len(rows) else None

    def read_page(self, offset):
        # Past the middle the page is read from the other end, so End on a million rows
        # does not step over a million index entries (as the app does).
        take = min(PAGE_SIZE, self.count - offset)
        if offset <= self.count // 2:
            rows = self.store.execute(NEWEST_FIRST, (take, offset)).fetchall()
        else:
            rows = self.store.execute(OLDEST_FIRST, (take, self.count - offset - take)).fetchall()
            rows.reverse()
        return [(id, printable(name), temperature_text(temperature), date_text(brewed))
                for id, name, temperature, brewed in rows]


class SessionList(ScrollView, can_focus=True):
    """The list: one line per session, drawn on demand from the visible rows only."""

    BINDINGS = [
        Binding("up,k", "move(-1)", "Move", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("enter", "open", "Open"),
    ]
    COMPONENT_CLASSES = {"session-list--cursor"}
    DEFAULT_CSS = """
    SessionList { height: 1fr; scrollbar-size-vertical: 1; }
    SessionList > .session-list--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
    }
    """

    def __init__(self, sessions, **kwargs):
        super().__init__(**kwargs)
        self.sessions = sessions
        self.cursor = 0

    def reload(self):
        self.sessions.reload()
        self.cursor = min(self.cursor, max(0, self.sessions.count - 1))
        self.virtual_size = Size(self.size.width, self.sessions.count)
        self.refresh()

    def on_resize(self, event):
        self.virtual_size = Size(event.size.width, self.sessions.count)

    def render_line(self, y):
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        row = self.sessions.row(index)
        if row is None:
            return Strip.blank(width, self.rich_style)
        _, coffee, temperature, date = row
        # Columns as the app lays out its cell: name, temperature at a third, date on the right.
        second = max(26, width * 33 // 100)
        line = f" {coffee:<{second - 2}} {temperature}"
        line = f"{line:<{width - len(date) - 5}}{date}   ›"
        style = self.get_component_rich_style("session-list--cursor") if index == self.cursor else self.rich_style
        return Strip([Segment(line[:width].ljust(width), style)], width)

    def move_to(self, index):
        index = max(0, min(self.sessions.count - 1, index))
        if index == self.cursor:
            return
        old, self.cursor = self.cursor, index
        # Redraw the two lines that changed, then bring the cursor into view (no animation:
        # as DataTable does for its cursor).
        for line in (old, index):
            self.refresh(Region(0, line - self.scroll_offset.y, self.size.width, 1))
        self.scroll_to_region(Region(0, index, 1, 1), animate=False, force=True)

    def action_move(self, delta):
        self.move_to(self.cursor + delta)

    def action_page(self, direction):
        self.move_to(self.cursor + direction * max(1, self.scrollable_content_region.height))

    def action_jump(self, index):
        self.move_to(index if index >= 0 else self.sessions.count - 1)

    def action_open(self):
        row = self.sessions.row(self.cursor)
        if row is not None:
            self.app.push_screen(DetailsScreen(row))


class SessionsScreen(Screen):
    """Daily Buzz: the list of sessions."""

    BINDINGS = [Binding("plus", "add", "Add"), Binding("q", "app.quit", "Quit")]

    def __init__(self, store):
        super().__init__()
        self.store = store
        self.sessions = Sessions(store)

    def compose(self):
        yield NavBar("Daily Buzz", right="+")
        yield SessionList(self.sessions)
        yield Footer()

    def on_screen_resume(self):
        # Re-read on every return, as the app does in viewWillAppear: a session added by
        # Add Session (or another process) shows up.
        self.query_one(SessionList).reload()

    def on_nav_bar_pressed(self, message):
        self.action_add()

    def action_add(self):
        self.app.push_screen(AddSessionScreen(self.store))


class DetailsScreen(Screen):
    """Brew Details: one session."""

    BINDINGS = [Binding("escape", "app.pop_screen", "‹ Daily Buzz")]
    DEFAULT_CSS = """
    DetailsScreen .field { height: 1; }
    """

    def __init__(self, row):
        super().__init__()
        self.row = row

    def compose(self):
        _, coffee, temperature, date = self.row
        yield NavBar("Brew Details", left="‹ Daily Buzz")
        with Vertical():
            for label, value in (("Coffee", coffee), ("Temperature", temperature), ("Date", date)):
                # Text, not markup: a name with brackets shows as it is.
                line = Text(f"{label:>20}", style="bold")
                line.append(f" {value}", style="#708090")
                yield Static(line, classes="field")
        yield Footer()

    def on_nav_bar_pressed(self, message):
        self.app.pop_screen()


class AddSessionScreen(ModalScreen):
    """Add Session: presented over the list, dismissed with Cancel or Done."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done")]
    # The Coffee row has the focus, as the table does in the app (the field does not).
    AUTO_FOCUS = "#coffee"
    DEFAULT_CSS = """
    AddSessionScreen { align: center middle; }
    AddSessionScreen > Vertical {
        width: 80%; height: auto; max-width: 90;
        background: $surface; border: round $primary;
    }
    AddSessionScreen .header { color: $text-muted; margin: 1 0 0 1; }
    AddSessionScreen ListView { height: auto; }
    AddSessionScreen #problem { color: $error; margin: 0 1; }
    """

    def __init__(self, store):
        super().__init__()
        self.store = store
        self.coffee = None  # (id, name)

    def compose(self):
        with Vertical():
            yield NavBar("Add Session", left="Cancel Esc", right="Done ^S")
            yield Static("WATER", classes="header")
            # A blinking cursor would redraw twice a second; the app's cursor is the
            # terminal's own. Off, so that it does not land in the timings.
            field = Input(placeholder="°F, e.g. 203", id="temperature", type="integer")
            field.cursor_blink = False
            yield field
            yield Static("BEANS", classes="header")
            yield ListView(ListItem(Static("Coffee   Choose… ›", id="coffee-label")), id="coffee")
            yield Static("", id="problem")
        yield Footer()

    def on_nav_bar_pressed(self, message):
        self.action_cancel() if message.side == "left" else self.action_done()

    def on_list_view_selected(self, event):
        self.app.push_screen(CoffeesScreen(self.store), self.chose)

    def chose(self, coffee):
        if coffee is not None:
            self.coffee = coffee
            self.query_one("#coffee-label", Static).update(Text(f"Coffee   {coffee[1]} ›"))

    def action_cancel(self):
        self.dismiss()

    def action_done(self):
        text = self.query_one("#temperature", Input).value.strip()
        problem = self.query_one("#problem", Static)
        if not text.isdigit() or not 32 <= int(text) <= 212:
            problem.update("Water for brewing is between 32 °F and 212 °F.")
            return
        if self.coffee is None:
            problem.update("Choose a coffee first.")
            return
        brewed = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.") + "000"
        self.store.execute("INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (?, ?, ?)",
                           (self.coffee[0], int(text), brewed))
        self.dismiss()


class CoffeesScreen(Screen):
    """Coffees: pick the session's coffee."""

    BINDINGS = [Binding("escape", "app.pop_screen", "‹ Add Session")]

    def __init__(self, store):
        super().__init__()
        self.coffees = [(id, printable(name)) for id, name in
                        store.execute("SELECT id, name FROM coffee ORDER BY name COLLATE NOCASE, id")]

    def compose(self):
        yield NavBar("Coffees", left="‹ Add Session")
        yield ListView(*[ListItem(Static(Text(name))) for _, name in self.coffees])
        yield Footer()

    def on_list_view_selected(self, event):
        self.dismiss(self.coffees[event.list_view.index])

    def on_nav_bar_pressed(self, message):
        self.dismiss(None)


class DailyBuzz(App):
    TITLE = "Daily Buzz"

    def __init__(self, data_dir):
        super().__init__()
        self.store = open_store(data_dir)

    def get_default_screen(self):
        return SessionsScreen(self.store)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default=default_data_dir(),
                        help="the directory of the app's storyboard.sqlite (default: the app's)")
    DailyBuzz(parser.parse_args().data_dir).run()
