#!/usr/bin/env python3
"""Colorboard written with Textual: the peer for the terminal benchmarks.

The same screens as `storyboard run colorboard`, on the same SQLite file:

  Colors      the palette, a swatch and a name per line, with a highlight. ↑/↓ move;
              Enter pushes the editor for that colour; + presents the editor for a new
              colour; q quits.
  Color       the editor: a name field, red, green and blue sliders (←/→, PgUp/PgDn;
              Tab moves between them) and the values; the background shows the colour.
              Pushed for an existing colour: Esc (or a click on "‹ Colors") goes back and
              keeps the edits. Presented for a new one, as a modal screen: Esc (or a click
              on "Cancel") takes the new colour out of the palette again, ^S (Done) keeps it.

As in the app, + adds "Blue" to the palette at once, and the editor saves name and colour
as it goes away (when they changed).

Usage: colorboard.py [--data-dir DIR]   (DIR holds the app's storyboard.sqlite; default as the app)
"""

import argparse

from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, ListItem, ListView, Static

from common import NavBar, default_data_dir, open_store, printable


def hex_text(red, green, blue):
    """`#RRGGBB`, components rounded as the app does."""
    return "#" + "".join(f"{round(min(max(value, 0), 1) * 255):02X}" for value in (red, green, blue))


class Palette:
    """The colours in list order: [id, name, red, green, blue]."""

    def __init__(self, store):
        self.store = store

    def colors(self):
        return [list(row) for row in self.store.execute(
            "SELECT id, name, red, green, blue FROM color ORDER BY position, id")]

    def add_blue(self):
        """Appends "Blue" to the palette, as the app does when a new colour is presented."""
        position = (self.store.execute("SELECT MAX(position) FROM color").fetchone()[0] or 0) + 1
        cursor = self.store.execute(
            "INSERT INTO color (name, red, green, blue, position) VALUES ('Blue', 0, 0, 1, ?)", (position,))
        return [cursor.lastrowid, "Blue", 0.0, 0.0, 1.0]

    def save(self, color):
        self.store.execute("UPDATE color SET name = ?, red = ?, green = ?, blue = ? WHERE id = ?",
                           (color[1], color[2], color[3], color[4], color[0]))

    def delete(self, color_id):
        self.store.execute("DELETE FROM color WHERE id = ?", (color_id,))


class Slider(Widget, can_focus=True):
    """A labelled slider from 0 to 1: `Red     ━━━━━━━━●──────── 0.50`."""

    BINDINGS = [
        Binding("left", "step(-0.01)", "Adjust", show=False),
        Binding("right", "step(0.01)", "More", show=False),
        Binding("pagedown", "step(-0.1)", "Less ×10", show=False),
        Binding("pageup", "step(0.1)", "More ×10", show=False),
    ]
    DEFAULT_CSS = """
    Slider { height: 1; margin: 1 1 0 1; }
    Slider:focus { text-style: bold; }
    """

    class Changed(Message):
        """The value moved."""

    def __init__(self, label, value, **kwargs):
        super().__init__(**kwargs)
        self.label, self.value = label, value

    def render(self):
        track = max(1, self.size.width - 14)
        knob = round(self.value * (track - 1))
        line = Text(f"{self.label:<8}", no_wrap=True)
        line.append("━" * knob)
        line.append("●")
        line.append("─" * (track - 1 - knob))
        line.append(f" {self.value:.2f}")
        return line

    def action_step(self, delta):
        self.value = round(min(1.0, max(0.0, self.value + delta)), 2)
        self.refresh()
        self.post_message(self.Changed())


class ColorEditor(Vertical):
    """The editor's body: name, three sliders, the values; its background is the colour."""

    DEFAULT_CSS = """
    ColorEditor { height: auto; padding: 1 0; }
    ColorEditor Input { margin: 0 1; width: 40; }
    ColorEditor #values { margin: 1 2; }
    """

    def __init__(self, color, **kwargs):
        super().__init__(**kwargs)
        self.color = color

    def compose(self):
        _, name, red, green, blue = self.color
        field = Input(value=name, placeholder="Color name")
        # A blinking cursor would redraw twice a second; the app's cursor is the
        # terminal's own. Off, so that it does not land in the timings.
        field.cursor_blink = False
        yield field
        yield Slider("Red", red, id="red")
        yield Slider("Green", green, id="green")
        yield Slider("Blue", blue, id="blue")
        yield Static(id="values")

    def on_mount(self):
        self.show_color()

    def on_slider_changed(self, message):
        self.show_color()

    def current(self):
        """The colour as edited: [id, name, red, green, blue]."""
        red, green, blue = (self.query_one(f"#{name}", Slider).value for name in ("red", "green", "blue"))
        return [self.color[0], self.query_one(Input).value, red, green, blue]

    def show_color(self):
        _, _, red, green, blue = self.current()
        self.styles.background = Color(round(red * 255), round(green * 255), round(blue * 255))
        self.query_one("#values", Static).update(
            f"R {red:.2f}  G {green:.2f}  B {blue:.2f}   {hex_text(red, green, blue)}")


class PaletteScreen(Screen):
    """Colors: the palette."""

    BINDINGS = [Binding("plus", "add", "Add"), Binding("q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    PaletteScreen ListView { height: 1fr; }
    """

    def __init__(self, palette):
        super().__init__()
        self.palette = palette
        self.shown = None

    def compose(self):
        yield NavBar("Colors", right="+")
        yield ListView()
        yield Footer()

    async def on_screen_resume(self):
        # Re-read on every return, as the app does in viewWillAppear; the list is rebuilt
        # only when the palette changed.
        colors = self.palette.colors()
        if colors == self.shown:
            return
        self.shown = colors
        view = self.query_one(ListView)
        index = view.index or 0
        await view.clear()
        await view.extend(ListItem(Static(self.row_text(color))) for color in colors)
        view.index = min(index, len(colors) - 1) if colors else None

    @staticmethod
    def row_text(color):
        _, name, red, green, blue = color
        line = Text(" ")
        line.append("  ", style=f"on rgb({round(red * 255)},{round(green * 255)},{round(blue * 255)})")
        line.append(f" {printable(name).strip() or 'Untitled'}")
        return line

    def on_list_view_selected(self, event):
        self.app.push_screen(EditColorScreen(self.palette, self.shown[event.list_view.index]))

    def on_nav_bar_pressed(self, message):
        self.action_add()

    def action_add(self):
        self.app.push_screen(NewColorScreen(self.palette, self.palette.add_blue()))


class EditColorScreen(Screen):
    """Color, pushed: edits a colour of the palette; saved on the way back."""

    BINDINGS = [Binding("escape", "back", "‹ Colors")]

    def __init__(self, palette, color):
        super().__init__()
        self.palette, self.color = palette, color

    def compose(self):
        yield NavBar("Color", left="‹ Colors")
        yield ColorEditor(self.color)
        yield Footer()

    def on_nav_bar_pressed(self, message):
        self.action_back()

    def action_back(self):
        edited = self.query_one(ColorEditor).current()
        if edited != self.color:
            self.palette.save(edited)
        self.app.pop_screen()


class NewColorScreen(ModalScreen):
    """Color, presented for a new colour: Cancel removes it again, Done keeps it."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done")]
    DEFAULT_CSS = """
    NewColorScreen { align: center middle; }
    NewColorScreen > Vertical { width: 80%; height: auto; background: $surface; border: round $primary; }
    """

    def __init__(self, palette, color):
        super().__init__()
        self.palette, self.color = palette, color

    def compose(self):
        with Vertical():
            yield NavBar("Color", left="Cancel Esc", right="Done ^S")
            yield ColorEditor(self.color)
        yield Footer()

    def on_nav_bar_pressed(self, message):
        self.action_cancel() if message.side == "left" else self.action_done()

    def action_cancel(self):
        self.palette.delete(self.color[0])
        self.dismiss()

    def action_done(self):
        edited = self.query_one(ColorEditor).current()
        if edited != self.color:
            self.palette.save(edited)
        self.dismiss()


class Colorboard(App):
    TITLE = "Colorboard"

    def __init__(self, data_dir):
        super().__init__()
        self.palette = Palette(open_store(data_dir))

    def get_default_screen(self):
        return PaletteScreen(self.palette)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", default=default_data_dir(),
                        help="the directory of the app's storyboard.sqlite (default: the app's)")
    Colorboard(parser.parse_args().data_dir).run()
