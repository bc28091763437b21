#!/usr/bin/env python3
"""How closely a storyboard's scenes read as designed, each scene started alone.

For every scene of every storyboard given (files, or folders searched for `*.storyboard`),
starts the scene alone (`storyboard render FILE --scene ID --size WxH`) at each size and
compares the screen with the file:

- reached: the scene's texts of which some part (at least the first word, or a cut start
  ending in `…`) is on the screen;
- whole: texts shown whole (on one row, or wrapped at words over consecutive rows);
- above kept: of pairs of texts one above the other in the file (frames overlapping
  across, one ending above where the other starts), both on screen, the share whose first
  is on a higher row; a view beside the controller (an empty state its code places) has
  frames of its own, so its texts pair only with each other;
- beside kept: of pairs side by side in the file (frames overlapping down the page, one
  ending left of where the other starts), both on screen, the share on one row, left to
  right;
- lone `…`: texts on screen cut to nothing, `…` alone or after one character.

The texts of a scene are its labels', buttons', fields' (text, else placeholder), text
views', segments', search bars' placeholders, bar items' and navigation items' titles and
table sections' headers and footers, except hidden views and texts repeated within the
scene counted once and left out of the pairs (their place on screen is ambiguous). A back
item's title is left out too: it shows on the back button of the screen pushed after. Tab bar
items are left out: a tab's scene started alone has no tab bar. A view with an accessibility label and a
design-time default title ("Button", "Label", "Item", ...) counts its accessibility label
(with an image and no label, nothing: the image stands for it), and a bar item with both a
title and an image its title: that is what the scene should show.

A text counts as a user sees it: on the first screen, or on one of the screens after each
Page Down (a table or a form taller than the terminal scrolls), until a page shows nothing
new; a pair is compared on the first screen showing both.

Usage:
    Benchmarks/fidelity.py [--binary PATH] [--sizes 80x24,120x40] [--pages 8] [--json OUT] PATH...

Out of the test suite: it starts one process per scene and size.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

PLACEHOLDERS = {"Button", "Label", "Title", "Subtitle", "Text", "Item"}
VIEW_TAGS = {"view", "tableView", "collectionView", "scrollView", "stackView", "tableViewCell",
             "tableViewCellContentView", "collectionViewCell", "collectionReusableView", "containerView",
             "visualEffectView", "imageView", "label", "button", "textField", "textView", "segmentedControl",
             "searchBar", "navigationBar", "toolbar", "switch", "slider"}


def frame_of(element):
    for rect in element.findall("rect"):
        if rect.get("key") == "frame":
            return [float(rect.get(k, 0)) for k in ("x", "y", "width", "height")]
    return None


def a11y_label(element):
    for config in element.findall("accessibility"):
        label = config.get("label")
        if label:
            return label
    return None


def button_title(element):
    title = element.get("title")
    for state in element.findall("state"):
        if state.get("key") == "normal" and state.get("title"):
            title = state.get("title")
    config = element.find("buttonConfiguration")
    if config is not None and config.get("title"):
        title = config.get("title")
    return title


def has_image(element):
    if element.get("image"):
        return True
    for state in element.findall("state"):
        if state.get("image"):
            return True
    config = element.find("buttonConfiguration")
    return config is not None and config.get("image") is not None


def text_of(element):
    """The text an element should show, or None."""
    tag = element.tag
    text = None
    if tag == "label":
        text = element.get("text")
        if text is None:
            string = element.find("string")
            text = string.text if string is not None and string.get("key") == "text" else None
    elif tag == "button":
        text = button_title(element)
    elif tag == "textField":
        text = element.get("text") or element.get("placeholder")
    elif tag == "textView":
        text = element.get("text")
        if text is None:
            string = element.find("string")
            text = string.text if string is not None else None
    elif tag == "searchBar":
        text = element.get("placeholder")
    elif tag == "barButtonItem" and element.get("key") == "backBarButtonItem":
        # A back item's title shows on the screen pushed after this one, on its back button.
        text = None
    elif tag in ("barButtonItem", "navigationItem"):
        text = element.get("title")
    elif tag == "segment":
        text = element.get("title")
    label = a11y_label(element)
    if text in PLACEHOLDERS and label and (has_image(element) or tag == "button"):
        text = label
    elif text in PLACEHOLDERS and has_image(element):
        # Xcode's placeholder beside an image names nothing: the image stands for it.
        text = None
    if text is not None:
        text = " ".join(text.split())
    return text or None


def scene_texts(scene):
    """(text, absolute frame or None, tag) for the scene's shown texts. A frame is
    [x, y, width, height, root]: the text's place in the top-level object holding it (the
    controller, or a view beside it that code places), and that object's index."""
    found = []

    def walk(element, origin, hidden, root):
        frame = frame_of(element)
        hidden = hidden or element.get("hidden") == "YES"
        absolute = None
        if frame and element.tag in VIEW_TAGS | {"label", "button", "textField", "textView"}:
            absolute = [origin[0] + frame[0], origin[1] + frame[1], frame[2], frame[3], root]
            inner = (absolute[0], absolute[1])
            # A cell's or scroll view's children are placed in its own coordinates.
        else:
            inner = origin
        if not hidden:
            text = text_of(element)
            if text:
                found.append((text, absolute, element.tag))
            if element.tag == "tableViewSection":
                for key in ("headerTitle", "footerTitle"):
                    if element.get(key):
                        found.append((" ".join(element.get(key).split()), None, "section"))
        for child in element:
            if child.tag in ("segments",):
                for segment in child:
                    if not hidden and segment.get("title"):
                        found.append((segment.get("title"), None, "segment"))
                continue
            walk(child, inner, hidden, root)

    objects = scene.find("objects")
    if objects is not None:
        for root, child in enumerate(objects):
            walk(child, (0.0, 0.0), False, root)
    # A text repeated in the scene (two prototypes with the same placeholder) counts once,
    # and has no place of its own for the pairs.
    counts = {}
    for text, _, _ in found:
        counts[text] = counts.get(text, 0) + 1
    seen = set()
    unique = []
    for text, frame, tag in found:
        if text in seen:
            continue
        seen.add(text)
        unique.append((text, frame if counts[text] == 1 else None, tag))
    return unique


def scenes(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return []
    result = []
    for scene in root.iter("scene"):
        objects = scene.find("objects")
        if objects is None:
            continue
        controller = next((c for c in objects if c.get("id") and c.tag.endswith("Controller")), None)
        if controller is None:
            continue
        result.append((controller.get("id"), scene_texts(scene)))
    return result


def render(binary, path, scene, size, keys=""):
    command = [binary, "render", path, "--scene", scene, "--size", size, "--format", "text"]
    if keys:
        command += ["--keys", keys]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return None
    return done.stdout.split("\n")


def screens(binary, path, scene, size, pages):
    """The scene's first screen and those after each Page Down, as a user pages through it,
    until a page shows nothing new (at most `pages` of them)."""
    first = render(binary, path, scene, size)
    if first is None:
        return None
    shown = [first]
    for count in range(1, pages + 1):
        screen = render(binary, path, scene, size, "<PageDown>" * count)
        if screen is None or screen == shown[-1]:
            break
        shown.append(screen)
    return shown


def rows_of(screen):
    """Each row's runs of words: (column, text) with single spaces inside a run."""
    rows = []
    for line in screen:
        runs = []
        for match in re.finditer(r"\S+(?: \S+)*", line):
            runs.append((match.start(), match.group()))
        rows.append(runs)
    return rows


def locate(text, screen):
    """(whole, reached, row, column, quality) of `text` on `screen`: quality 3 whole in
    words of its own, 2 whole, 1 cut or its first word alone, 0 not there."""
    words = text.split()
    joined = " ".join(words)
    first = None
    # A run of words of its own first: "download" is not the start of "downloaded", nor
    # "progress" of "progress selected/total".
    # A button's brackets are no words: "[ join a family ]" is the run "join a family".
    bounded = re.compile(r"(?<![^\s\[] )(?<!\S)" + re.escape(joined) + r"(?!\S| [^\s\]])")
    for y, line in enumerate(screen):
        match = bounded.search(line)
        if match:
            return True, True, y, match.start(), 3
    for y, line in enumerate(screen):
        flat = re.sub(r" +", " ", line)
        column = line.find(joined)
        if column < 0 and joined in flat:
            column = max(0, line.find(words[0]))
        if column >= 0:
            return True, True, y, column, 2
    # Wrapped over consecutive rows: each row ends a run of the words. A blank row between
    # two is a break between paragraphs of the text, which the device shows as one too.
    for y, line in enumerate(screen):
        index = 0
        row = y
        start = None
        while row < len(screen) and index < len(words):
            if index > 0 and not screen[row].strip(" │|"):
                row += 1
                continue
            flat = re.sub(r" +", " ", screen[row])
            taken = 0
            for count in range(len(words) - index, 0, -1):
                piece = " ".join(words[index:index + count])
                # The first row of a wrapped text ends with its first words, a run of their own
                # ("your family" alone, not the end of "upgrading your family").
                last_run = re.split(r"\s{2,}", screen[row].strip(" │|"))[-1]
                if piece in flat and (index > 0 or last_run == piece):
                    if start is None:
                        start = (row, screen[row].find(words[index]))
                    taken = count
                    break
            if taken == 0 or (index == 0 and taken == len(words)):
                break
            index += taken
            row += 1
        if index == len(words) and len(words) > 1 and start is not None:
            return True, True, start[0], start[1], 2
    # Cut: a start of the text followed by `…`.
    for y, line in enumerate(screen):
        for match in re.finditer(r"(\S[^…]*?)…", line):
            cut = match.group(1).strip()
            if len(cut) >= 1 and joined.startswith(cut) and first is None:
                first = (y, match.start())
        if first:
            return False, True, first[0], first[1], 1
    for y, line in enumerate(screen):
        if len(words[0]) >= 3 and re.search(r"(^|\s)" + re.escape(words[0]) + r"(\s|$)", line):
            return False, True, y, line.find(words[0]), 1
    return False, False, None, None, 0


def overlaps(a0, a1, b0, b1):
    return min(a1, b1) - max(a0, b0) > 0


def measure(binary, path, scene, texts, size, pages=0):
    shown = screens(binary, path, scene, size, pages)
    if shown is None:
        return None
    # Compared without case: grouped tables show their section headers in capitals.
    shown = [[line.lower() for line in screen] for screen in shown]
    texts = [(text.lower(), frame, tag) for text, frame, tag in texts]
    result = {"texts": len(texts), "reached": 0, "whole": 0, "above": 0, "above_kept": 0, "beside": 0,
              "beside_kept": 0, "lone": 0, "missing": [], "cut": [], "lost": []}
    placed = []
    for text, frame, tag in texts:
        # Where the text is on each page: it counts whole when some page shows it whole, and
        # reached when some page shows its start.
        found = [locate(text, screen) for screen in shown]
        whole = any(place[0] for place in found)
        reached = any(place[1] for place in found)
        result["reached"] += reached
        result["whole"] += whole
        if not reached:
            result["missing"].append(text)
        elif not whole:
            result["cut"].append(text)
        if reached and frame and tag != "textView":
            # The pages showing it as well as any does (not "download" inside "downloaded").
            best = max(place[4] for place in found)
            placed.append((frame, [place if place[4] == best else (False, False, None, None, 0) for place in found], text))
    # A pair is compared on the first page showing both; on different pages, the earlier
    # page is higher up, and the two are never on one row.
    compare = []
    for i, (a, found_a, name_a) in enumerate(placed):
        for b, found_b, name_b in placed[i + 1:]:
            # Views beside the controller (an empty state, a footer code adds) have places
            # of their own, not on the scene's page: only texts of one object are compared.
            if a[4] != b[4]:
                continue
            names = (name_a, name_b)
            common = next((k for k in range(len(shown)) if found_a[k][1] and found_b[k][1]), None)
            if common is not None:
                ay, ax = found_a[common][2], found_a[common][3]
                by, bx = found_b[common][2], found_b[common][3]
            else:
                first_a = next(k for k in range(len(shown)) if found_a[k][1])
                first_b = next(k for k in range(len(shown)) if found_b[k][1])
                ay, ax, by, bx = first_a * 1000, -1, first_b * 1000, -2
            compare.append((a, ay, ax, b, by, bx, names))
    for a, ay, ax, b, by, bx, names in compare:
        if a[1] > b[1]:
            a, ay, ax, b, by, bx = b, by, bx, a, ay, ax
            names = names[::-1]
        if overlaps(a[0], a[0] + a[2], b[0], b[0] + b[2]) and a[1] + a[3] <= b[1] + 0.5:
            result["above"] += 1
            result["above_kept"] += ay < by
            if ay >= by:
                result["lost"].append(names)
        else:
            left, ly, lx, right, ry, rx = (a, ay, ax, b, by, bx) if a[0] <= b[0] else (b, by, bx, a, ay, ax)
            middle_l, middle_r = left[1] + left[3] / 2, right[1] + right[3] / 2
            if (left[0] + left[2] <= right[0] + 0.5
                    and (left[1] <= middle_r <= left[1] + left[3] or right[1] <= middle_l <= right[1] + right[3])):
                result["beside"] += 1
                result["beside_kept"] += ly == ry and lx < rx
                if not (ly == ry and lx < rx):
                    result["lost"].append(names if left is a else names[::-1])
    # Lone `…` on the first screen (what a user sees without scrolling).
    for line in shown[0]:
        result["lone"] += len(re.findall(r"(?:^|[\s│|\[(])\S?…(?=$|[\s│|\])])", line))
    return result


def storyboards(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in os.walk(path):
                for name in sorted(files):
                    if name.endswith(".storyboard") and "LaunchScreen" not in name:
                        yield os.path.join(root, name)
        else:
            yield path


def share(part, whole):
    return 100.0 * part / whole if whole else 100.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--binary", default=".build/debug/storyboard")
    parser.add_argument("--sizes", default="80x24,120x40")
    parser.add_argument("--pages", type=int, default=8,
                        help="Page Downs to send at most, a screen after each (0: the first screen only)")
    parser.add_argument("--json")
    parser.add_argument("--verbose", action="store_true", help="list the texts not shown whole")
    arguments = parser.parse_args()
    sizes = arguments.sizes.split(",")
    jobs = []
    for path in storyboards(arguments.paths):
        for scene, texts in scenes(path):
            for size in sizes:
                jobs.append((path, scene, texts, size))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda job: measure(arguments.binary, *job, pages=arguments.pages), jobs))
    totals = {}
    for (path, scene, texts, size), result in zip(jobs, results):
        key = (path, size)
        total = totals.setdefault(key, {"scenes": 0, "failed": 0, "texts": 0, "reached": 0, "whole": 0, "above": 0,
                                        "above_kept": 0, "beside": 0, "beside_kept": 0, "lone": 0})
        total["scenes"] += 1
        if result is None:
            total["failed"] += 1
            continue
        for name in ("texts", "reached", "whole", "above", "above_kept", "beside", "beside_kept", "lone"):
            total[name] += result[name]
        if arguments.verbose and (result["missing"] or result["cut"] or result["lone"] or result["lost"]):
            print(f"{os.path.basename(path)} {scene} {size}: missing {result['missing']} cut {result['cut']}"
                  f" lone {result['lone']} out of place {result['lost']}", file=sys.stderr)
    print(f"{'storyboard':<34} {'size':>7} {'scenes':>6} {'texts':>5} {'reached':>8} {'whole':>7} "
          f"{'above':>7} {'beside':>7} {'lone…':>5}")
    grand = {}
    for (path, size), total in totals.items():
        name = os.path.relpath(path, os.path.commonpath(list(storyboards(arguments.paths))) if len(totals) > 2 else
                               os.path.dirname(path))
        print(f"{name[-34:]:<34} {size:>7} {total['scenes']:>6} {total['texts']:>5} "
              f"{share(total['reached'], total['texts']):>7.1f}% {share(total['whole'], total['texts']):>6.1f}% "
              f"{share(total['above_kept'], total['above']):>6.1f}% {share(total['beside_kept'], total['beside']):>6.1f}% "
              f"{total['lone']:>5}")
        summed = grand.setdefault(size, dict.fromkeys(total, 0))
        for name_, value in total.items():
            summed[name_] += value
    for size, total in grand.items():
        print(f"{'ALL':<34} {size:>7} {total['scenes']:>6} {total['texts']:>5} "
              f"{share(total['reached'], total['texts']):>7.1f}% {share(total['whole'], total['texts']):>6.1f}% "
              f"{share(total['above_kept'], total['above']):>6.1f}% ({total['above']}) "
              f"{share(total['beside_kept'], total['beside']):>6.1f}% ({total['beside']}) {total['lone']:>5}")
    if arguments.json:
        with open(arguments.json, "w") as out:
            json.dump({f"{path}|{size}": total for (path, size), total in totals.items()}, out, indent=1)


if __name__ == "__main__":
    main()
