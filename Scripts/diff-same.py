#!/usr/bin/env python3
"""Checks that two builds of `storyboard` print the same diffs and outlines, byte for byte.

Usage: Scripts/diff-same.py OLD-PROGRAM NEW-PROGRAM FOLDER...

For a change meant to make `storyboard diff` faster and nothing else. Every storyboard under
the folders is compared: with the next one in sorted order, with each of nine edited copies
of itself (a constraint's constant, multiplier, priority or relation changed; one removed, one
added without a constant; a frame moved or removed; an autoresizing mask cleared), and, in a
folder holding `old.storyboard` and `new.storyboard`, old with new. Each pair is diffed both
ways in the three formats, with and without `--layout`; each storyboard is outlined. The
standard output, standard error and exit status of the two programs must be the same. Prints
the first differences and a count; exits 1 when anything differs.
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile


def edited_copies(text):
    """The edited versions of a storyboard's text, by what was edited."""
    copies = {}

    def replace(match, group, value):
        return text[: match.start(group)] + value + text[match.end(group) :]

    if match := re.search(r'<constraint [^>]*constant="([^"]*)"', text):
        copies["constant"] = replace(match, 1, "77")
    if match := re.search(r"\s*<constraint [^>]*/>", text):
        copies["constraint removed"] = text[: match.start()] + text[match.end() :]
    if match := re.search(r'<constraint ([^>]*?)constant="[^"]*"([^>]*?)id="[^"]*"\s*/>', text):
        added = f'<constraint {match.group(1)}{match.group(2)}id="zzz-zz-zzz"/>'
        copies["constraint added"] = text[: match.end()] + added + text[match.end() :]
    if match := re.search(r'<constraint ([^>]*?)id="([^"]*)"\s*/>', text):
        for name, attribute in (("multiplier", 'multiplier="2"'), ("priority", 'priority="750"'), ("relation", 'relation="greaterThanOrEqual"')):
            copies[name] = text[: match.start()] + f'<constraint {match.group(1)}{attribute} id="{match.group(2)}"/>' + text[match.end() :]
    if match := re.search(r'<rect key="frame" x="([^"]*)"', text):
        copies["frame moved"] = replace(match, 1, "3")
    if match := re.search(r'\s*<rect key="frame"[^>]*/>', text):
        copies["frame removed"] = text[: match.start()] + text[match.end() :]
    if match := re.search(r'<autoresizingMask key="autoresizingMask"([^>]*)/>', text):
        copies["mask cleared"] = replace(match, 1, "")
    return copies


def run(program, arguments):
    result = subprocess.run([program, *arguments], capture_output=True)
    return result.stdout, result.stderr, result.returncode


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    old_program, new_program, folders = sys.argv[1], sys.argv[2], sys.argv[3:]
    files = sorted(
        os.path.join(root, name)
        for folder in folders
        for root, _, names in os.walk(folder)
        for name in names
        if name.endswith(".storyboard")
    )
    pairs = list(zip(files, files[1:]))
    pairs += [(path, os.path.join(os.path.dirname(path), "new.storyboard")) for path in files if os.path.basename(path) == "old.storyboard"]
    pairs = [pair for pair in pairs if os.path.exists(pair[1])]
    runs = differing = 0
    with tempfile.TemporaryDirectory() as work:
        for number, path in enumerate(files):
            with open(path, encoding="utf-8", errors="replace") as file:
                text = file.read()
            for edit, copy in edited_copies(text).items():
                edited = os.path.join(work, f"{number}-{edit.replace(' ', '-')}.storyboard")
                with open(edited, "w", encoding="utf-8") as file:
                    file.write(copy)
                pairs.append((path, edited))
        commands = [["outline", path] for path in files]
        for old, new in pairs:
            for first, second in ((old, new), (new, old)):
                for form in ("text", "json", "markdown"):
                    for layout in ([], ["--layout"]):
                        commands.append(["diff", "--no-interactive", "--color", "never", "--format", form, *layout, first, second])
        for arguments in commands:
            runs += 1
            before, after = run(old_program, arguments), run(new_program, arguments)
            if before == after:
                continue
            differing += 1
            if differing <= 5:
                print("differs:", " ".join(arguments), f"(exit {before[2]} and {after[2]})")
                lines = difflib.unified_diff(
                    before[0].decode(errors="replace").splitlines(True), after[0].decode(errors="replace").splitlines(True), "old", "new"
                )
                sys.stdout.writelines(list(lines)[:20])
    print(f"{len(pairs)} pairs and {len(files)} outlines, {runs} runs: {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
