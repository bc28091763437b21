#!/usr/bin/env python3
"""Runs `storyboard merge` over a folder of real merges and measures it.

Each merge is a folder holding base, ours, theirs and merged (what the author committed), as
`storyboard-merges/restore.sh` lays them out. For each: git's text merge (`git merge-file`),
then ours; the figures are those docs/benchmarks.md reports:

- invalid outputs (not well-formed, a repeated id, a reference the merge left dangling);
- of git's clean merges, how many ours made into the same document;
- of git's conflicts, how many ours resolved with no conflict left, and of those the author
  resolved by hand, how many as the author did (ignoring frames, canvas positions, the header
  and the order of siblings);
- CPU against git merge-file's on the largest merges.

usage: merge_corpus.py STORYBOARD_BINARY MERGES_FOLDER [--list]
"""
import collections
import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

REFERENCE_ATTRIBUTES = {
    "destination", "firstItem", "secondItem", "target", "ref", "initialViewController", "tableViewCell",
    "collectionViewCell", "textLabel", "detailTextLabel", "imageView", "selectedItem", "headerView",
    "headOfMergedCell", "outlineTableColumn", "previousBinding", "initialItem",
}
DERIVED_ELEMENTS = {("point", "canvasLocation"), ("rect", "frame"), ("rect", "screenRect")}
HEADER = {"type", "version", "toolsVersion", "systemVersion", "targetRuntime", "propertyAccessControl",
          "useTraitCollections", "useSafeAreas", "colorMatched"}


def parse(data):
    try:
        return ET.fromstring(data)
    except ET.ParseError:
        return None


def ids_of(root):
    counts = collections.Counter(e.get("id") for e in root.iter() if e.get("id"))
    return counts


def dangling(root, sides):
    ids = set(ids_of(root))
    side_ids = set()
    for side in sides:
        side_ids |= set(ids_of(side))
    found = []
    for e in root.iter():
        for name, value in e.attrib.items():
            if name in REFERENCE_ATTRIBUTES and value and value not in ids and value in side_ids and not value.startswith("-"):
                found.append((e.tag, name, value))
    return found


def canonical(element, depth=0):
    """A digest of an element, leaving out what Xcode derives and the order of siblings."""
    if (element.tag, element.get("key")) in DERIVED_ELEMENTS:
        return None
    if element.tag in ("dependencies", "resources", "device"):
        return None
    attributes = sorted((k, v) for k, v in element.attrib.items()
                        if not (depth == 0 and k in HEADER) and k not in ("misplaced", "ambiguous"))
    children = sorted(c for c in (canonical(child, depth + 1) for child in element) if c is not None)
    text = (element.text or "").strip()
    digest = hashlib.sha1()
    digest.update(repr((element.tag, attributes, text)).encode())
    for child in children:
        digest.update(child.encode())
    return digest.hexdigest()


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv
    totals = collections.Counter()
    causes = collections.Counter()
    cpu = []
    invalid = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        files = {f.split(".")[0]: os.path.join(path, f) for f in os.listdir(path)}
        if not all(k in files for k in ("base", "ours", "theirs", "merged")):
            continue
        totals["merges"] += 1
        data = {k: open(files[k], "rb").read() for k in files}
        git = subprocess.run(["git", "merge-file", "-p", files["ours"], files["base"], files["theirs"]], capture_output=True)
        git_conflicts = git.returncode
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        ours = subprocess.run([binary, "merge", files["base"], files["ours"], files["theirs"]], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        ours_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(["git", "merge-file", "-p", files["ours"], files["base"], files["theirs"]], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        git_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        size = len(data["ours"])
        cpu.append((size, ours_cpu, git_cpu, name))
        if ours.returncode == 2:
            totals["unreadable"] += 1
            causes["input not read: " + ours.stderr.decode(errors="replace").strip().split("error: ")[-1][:60]] += 1
            continue
        root = parse(ours.stdout)
        sides = [parse(data["ours"]), parse(data["theirs"])]
        problem = None
        if root is None:
            problem = "not well-formed"
        else:
            repeated = [i for i, n in ids_of(root).items() if n > 1 and all(s is None or ids_of(s)[i] <= 1 for s in sides)]
            if repeated:
                problem = "repeated id " + repeated[0]
            elif dangling(root, [s for s in sides if s is not None]):
                d = dangling(root, [s for s in sides if s is not None])
                if not any(s is not None and dangling(s, []) for s in sides):
                    problem = "dangling %s %s=%s" % d[0]
        if problem:
            totals["invalid"] += 1
            invalid.append((name, problem))
        if git_conflicts == 0:
            totals["git clean"] += 1
            same = ours.stdout == git.stdout or (root is not None and parse(git.stdout) is not None
                                                  and canonical(root) == canonical(parse(git.stdout)))
            if same and ours.returncode == 0:
                totals["git clean, same"] += 1
            else:
                causes["git clean, ours differs" + (" (conflict)" if ours.returncode == 1 else "")] += 1
                if listing:
                    print("clean-differs", name)
        else:
            totals["git conflicts"] += 1
            if ours.returncode == 0:
                totals["resolved"] += 1
                author = parse(data["merged"])
                if author is not None and root is not None:
                    totals["resolved, author's valid"] += 1
                    if canonical(root) == canonical(author):
                        totals["resolved as author"] += 1
                    elif listing:
                        print("differs-from-author", name)
            else:
                first = ours.stderr.decode(errors="replace").split("conflict: ")
                kind = first[1].split(":")[0] if len(first) > 1 else "?"
                line = ours.stderr.decode(errors="replace").splitlines()[0] if ours.stderr else ""
                cause = "other"
                if "deleted it" in line:
                    cause = "one side deleted what the other changed"
                elif "both sides added" in line:
                    cause = "both sides added one name"
                elif "points at" in line:
                    cause = "a reference to a deleted object"
                elif "attribute" in line or ": text:" in line or "contents" in line:
                    cause = "both sides changed one value"
                causes["left: " + cause] += 1
                if listing:
                    print("conflict", name, line[:200])
    for key in ["merges", "unreadable", "invalid", "git clean", "git clean, same", "git conflicts", "resolved",
                "resolved, author's valid", "resolved as author"]:
        print("%-28s %d" % (key, totals[key]))
    if totals["git conflicts"]:
        print("resolved of git's conflicts: %.1f %%" % (100.0 * totals["resolved"] / totals["git conflicts"]))
    if totals["resolved, author's valid"]:
        print("as the author, of those:     %.1f %%" % (100.0 * totals["resolved as author"] / totals["resolved, author's valid"]))
    for cause, count in causes.most_common():
        print("  %-60s %d" % (cause, count))
    for name, problem in invalid:
        print("invalid:", name, problem)
    cpu.sort(reverse=True)
    print("largest merges (bytes, ours CPU s, git merge-file CPU s):")
    for size, o, g, name in cpu[:5]:
        print("  %8d  %.3f  %.3f  %s" % (size, o, g, name))


if __name__ == "__main__":
    main()
