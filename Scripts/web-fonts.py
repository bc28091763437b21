#!/usr/bin/env python3
"""Makes the web page's fonts (Sources/Serve/Web/Assets/fonts/) from Debian's packages.

The page draws the app with three subset fonts, so that every symbol the app writes shows
wherever the browser runs, not only where the machine happens to have a font with the glyph:

  storyboard-mono.woff2     DejaVu Sans Mono (fonts-dejavu-core): text (Latin) and every
                            symbol DejaVu has (box drawing, arrows, ›, ⋯, ●, …)
  storyboard-symbols.woff2  GNU Unifont (fonts-unifont): the symbols DejaVu lacks (ⓘ, the
                            braille spinner, ⌛, ☰, ⟳, ⤴, …)
  storyboard-emoji.woff2    GNU Unifont Upper (fonts-unifont): the emoji the app draws for SF
                            Symbols, in one colour, for a machine with no emoji font

The symbols are found the way WebFontTests finds them: every character outside ASCII in a
string literal of Sources/TUI, Sources/Flow and Sources/Demos whose Unicode category is a
symbol, punctuation or a non-decimal number (letters are text: a browser has fonts for them),
plus the circled letters and digits SystemSymbols computes (`a.circle` … `9.circle`).

The script also writes fonts/coverage.txt: each font's file, its FNV-1a hash, and the code
points its cmap maps, read back from the font written. WebFontTests holds the fonts to it:
a symbol added to the app without a glyph, or a font regenerated without its list, fails.

    apt-get install fonts-dejavu-core fonts-unifont
    pip install fonttools brotli
    Scripts/web-fonts.py            # writes the fonts, their licences and coverage.txt
    Scripts/web-fonts.py --check    # exits 1 if a symbol of the sources has no glyph
"""
import glob
import io
import os
import re
import sys
import unicodedata

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Sources", "Serve", "Web", "Assets", "fonts")
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
UNIFONT = "/usr/share/fonts/opentype/unifont/unifont.otf"
UNIFONT_UPPER = "/usr/share/fonts/opentype/unifont/unifont_upper.otf"
LICENCES = {
    "DejaVu-LICENSE.txt": "/usr/share/doc/fonts-dejavu-core/copyright",
    "Unifont-LICENSE.txt": "/usr/share/doc/fonts-unifont/copyright",
    "GPL-2.txt": "/usr/share/common-licenses/GPL-2",
}
SCANNED = ["Sources/TUI", "Sources/Flow", "Sources/Demos"]
SYMBOL_CATEGORIES = {"Sm", "Sc", "Sk", "So", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "No"}
# Text the mono font keeps whatever the sources say: ASCII, Latin-1, Latin Extended-A and
# general punctuation, what storyboards' titles are mostly written in.
TEXT = set(range(0x20, 0x7F)) | set(range(0xA0, 0x180)) | set(range(0x2000, 0x2070)) | {0xFFFD}
# SystemSymbols' circled letters and digits (ⓐ…ⓩ, ①…⑨, ⓪), computed rather than written.
COMPUTED = set(range(0x24D0, 0x24EA)) | set(range(0x2460, 0x2469)) | {0x24EA}
FIRST_ASTRAL = 0x10000


def literal_characters(source):
    """The characters of a Swift file's string literals, with `\\u{…}` escapes decoded."""
    found = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif source[i] == '"':
            close = '"""' if source.startswith('"""', i) else '"'
            i += len(close)
            while i < n and not source.startswith(close, i):
                if source[i] == "\\":
                    escape = re.match(r"\\u\{([0-9a-fA-F]{1,8})\}", source[i:])
                    if escape:
                        found.append(chr(int(escape.group(1), 16)))
                        i += len(escape.group(0))
                        continue
                    i += 2
                    continue
                found.append(source[i])
                i += 1
            i += len(close)
        else:
            i += 1
    return found


def symbols():
    """The code points of the symbols the app writes."""
    points = set(COMPUTED)
    for folder in SCANNED:
        for path in glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True):
            with open(path, encoding="utf-8") as handle:
                for character in literal_characters(handle.read()):
                    if ord(character) > 0x7F and unicodedata.category(character) in SYMBOL_CATEGORIES:
                        points.add(ord(character))
    return points


def cmap(path):
    return set(TTFont(path, lazy=True).getBestCmap())


def subset_font(path, points, name):
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []  # a terminal draws one glyph per cell: no ligatures or kerning
    options.hinting = False
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.notdef_outline = True
    options.glyph_names = False
    font = subset.load_font(path, options)
    font.recalcTimestamp = False  # the same sources give the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(points))
    subsetter.subset(font)
    buffer = io.BytesIO()
    subset.save_font(font, buffer, options)
    data = buffer.getvalue()
    with open(os.path.join(OUT, name), "wb") as handle:
        handle.write(data)
    return data, set(TTFont(io.BytesIO(data)).getBestCmap())


def fnv1a(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%x" % value


def ranges(points):
    """`2500-257F 2591 …`: runs of consecutive code points."""
    parts, points = [], sorted(points)
    start = previous = None
    for point in points + [None]:
        if point is not None and previous is not None and point == previous + 1:
            previous = point
            continue
        if start is not None:
            parts.append("%04X" % start if start == previous else "%04X-%04X" % (start, previous))
        start = previous = point
    return " ".join(parts)


def main():
    wanted = symbols()
    dejavu, unifont, upper = cmap(DEJAVU), cmap(UNIFONT), cmap(UNIFONT_UPPER)
    mono = (TEXT | wanted) & dejavu
    symbol = {p for p in wanted - mono if p < FIRST_ASTRAL} & unifont
    emoji = {p for p in wanted - mono if p >= FIRST_ASTRAL} & upper
    missing = wanted - mono - symbol - emoji
    if missing:
        print("no font has: " + " ".join("U+%04X %s" % (p, chr(p)) for p in sorted(missing)))
        sys.exit(1)
    if "--check" in sys.argv:
        print("%d symbols, each with a glyph" % len(wanted))
        return
    os.makedirs(OUT, exist_ok=True)
    lines = ["# Written by Scripts/web-fonts.py: each font of the page, its FNV-1a hash and the code",
             "# points its cmap maps (hexadecimal runs). WebFontTests checks the app's symbols against it."]
    for name, source, points in [("storyboard-mono.woff2", DEJAVU, mono),
                                 ("storyboard-symbols.woff2", UNIFONT, symbol),
                                 ("storyboard-emoji.woff2", UNIFONT_UPPER, emoji)]:
        data, covered = subset_font(source, points, name)
        lines.append("%s %s %s" % (name, fnv1a(data), ranges(covered)))
        print("%s: %d glyphs, %d bytes" % (name, len(covered), len(data)))
    with open(os.path.join(OUT, "coverage.txt"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    for name, source in LICENCES.items():
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
