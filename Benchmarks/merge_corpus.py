#!/usr/bin/env python3
"""Runs `storyboard merge` over a folder of real merges and measures it.

Each merge is a folder holding base, ours, theirs and merged (what the author committed), as
`storyboard-merges/restore.sh` lays them out. For each: git's text merge (`git merge-file`),
then ours; the figures are those docs/benchmarks.md reports:

- invalid outputs (not well-formed, a repeated id, a reference the merge left dangling);
- of git's clean merges, how many ours made into the same document;
- of git's conflicts, how many ours resolved with no conflict left, and of those how many as
  the author did (ignoring frames, canvas positions, the header and the order of siblings; in
  Interface Builder 3 archives, the document's versions and class descriptions and the editor's
  windows); where the author's commit differs, why: the author took one side's whole file,
  undid a change one side made, added an edit of its own, or chose otherwise than ours (an
  author's commit that repeats an id is not counted);
- CPU against git merge-file's on the largest merges;
- the same counts by repository, where the folders are named `NNN-REPOSITORY-COMMIT` (as
  `storyboard-merges/restore.sh` and `Scripts/collect-merges.py` name them).

usage: merge_corpus.py STORYBOARD_BINARY MERGES_FOLDER [--list]
"""
import collections
import hashlib
import os
import re
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
        root = ET.fromstring(data)
    except ET.ParseError:
        return None
    if root.tag == "archive":
        unwritten = set()
        keyed(root, unwritten)
        # An empty list a set or dictionary shared under an id is written, in the keyed
        # format, where it is first referred to.
        for element in root.iter("reference"):
            if element.get("ref") in unwritten and not len(element):
                unwritten.discard(element.get("ref"))
                element.tag = "array"
                element.set("id", element.attrib.pop("ref"))
    return root


def keyed(element, unwritten):
    """An Interface Builder 3 archive in the keyed format (8.00) whichever of its two formats
    it was saved in: the older one's lists flagged `EncodedWithXMLCoder` as arrays, its sets as
    their objects, its dictionaries' parallel lists of keys and values as keyed entries. The
    format is the document's setting, not its content: the comparison leaves it out."""
    for child in list(element):
        keyed(child, unwritten)
    if element.tag == "archive":
        element.attrib.pop("version", None)
    if element.tag != "object":
        return
    kind = element.get("class")
    children = list(element)
    flags = [c for c in children if c.tag == "bool" and c.get("key") == "EncodedWithXMLCoder"]
    if not flags:
        return
    unflagged = lambda parent: [c for c in parent if not (c.tag == "bool" and c.get("key") == "EncodedWithXMLCoder")]
    if kind in ("NSArray", "NSMutableArray"):
        element.tag = "array"
        for flag in flags:
            element.remove(flag)
    elif kind in ("NSSet", "NSMutableSet"):
        objects = [c for c in children if c.get("key") == "set.sortedObjects"]
        element.tag = "set"
        for child in children:
            element.remove(child)
        unwritten.update(holder.get("id") for holder in objects if holder.get("id"))
        for holder in objects:
            for item in (list(holder) if holder.tag == "array" else unflagged(holder)):
                element.append(item)
    elif kind in ("NSDictionary", "NSMutableDictionary"):
        keys = [c for c in children if c.get("key") == "dict.sortedKeys"]
        values = [c for c in children if c.get("key") == "dict.values"]
        if not keys or not values:
            return
        element.tag = "dictionary"
        names = list(keys[0]) if keys[0].tag == "array" else unflagged(keys[0])
        items = list(values[0]) if values[0].tag == "array" else unflagged(values[0])
        for child in children:
            element.remove(child)
        unwritten.update(holder.get("id") for holder in keys + values if holder.get("id"))
        for name, item in zip(names, items):
            item.set("key", (name.text or "").strip())
            element.append(item)
    else:
        return
    if kind in ("NSArray", "NSSet", "NSDictionary"):
        element.attrib.pop("class", None)


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


# What the project's own merge treats as written by Interface Builder in an archive (the
# document's versions, plug-ins and class descriptions, the editor's windows): the archive's
# header and canvas, left out of the comparison as a storyboard's are.
ARCHIVE_HEADER = {
    "IBDocument.SystemTarget", "IBDocument.TargetRuntimeIdentifier", "IBDocument.SystemVersion", "IBDocument.InterfaceBuilderVersion",
    "IBDocument.AppKitVersion", "IBDocument.HIToolboxVersion", "IBDocument.PluginVersions",
    "IBDocument.IntegratedClassDependencies", "IBDocument.PluginDependencies",
    "IBDocument.PluginDeclaredDependencies", "IBDocument.Classes", "IBDocument.EditedObjectIDs",
    "IBDocument.LastKnownRelativeProjectPath", "IBDocument.LastKnownImageSizes", "IBDocument.Metadata",
    "IBDocument.PluginDeclaredDependenciesTrackSystemTargetVersion", "IBDocument.PluginDeclaredDependencyDefaults",
    "IBDocument.PluginDeclaredDevelopmentDependencies", "IBDocument.previouslyAttemptedUpgradeToXcode5",
    "IBDocument.RunnableNib",
}
ARCHIVE_CANVAS_PROPERTIES = {
    "IBPluginDependency", "IBEditorWindowLastContentRect", "editorWindowContentRectSynchronizationRect",
    "IBWindowTemplateEditedContentRect", "WindowOrigin", "IBPersistedLastKnownCanvasPosition", "ImportedFromIB2",
    "IBShouldRemoveOnLegacySave", "IBSegmentedControlTracker.WasGrowing", "IBSegmentedControlTracker.RoundRobinState",
    "IBViewEditorWindowController.showingLayoutRectangles", "IBViewEditorWindowController.showingBoundsRectangles",
    "lastResizeAction",
}


def is_canvas_property(key):
    number, _, name = (key or "").partition(".")
    return number.isdigit() and name in ARCHIVE_CANVAS_PROPERTIES


def number(value):
    """A value written with a decimal point, to a float's precision: one colour component picked
    as 60/255 (`0.23529411764705882`) and typed as `0.23529411759999999` is one value."""
    if "." not in value:
        return value
    try:
        return "%.6g" % float(value)
    except ValueError:
        return value


def canonical(element, depth=0):
    """A digest of an element, leaving out what Xcode derives and the order of siblings."""
    if (element.tag, element.get("key")) in DERIVED_ELEMENTS:
        return None
    if element.tag in ("dependencies", "resources", "device", "inferredMetricsTieBreakers"):
        return None
    if depth == 2 and element.get("key") in ARCHIVE_HEADER or element.get("key") == "NSScreenRect":
        return None
    if is_canvas_property(element.get("key")):
        return None
    attributes = sorted((k, number(v)) for k, v in element.attrib.items()
                        if not (depth == 0 and k in HEADER) and k not in ("misplaced", "ambiguous"))
    keys = element.find("./*[@key='dict.sortedKeys']")
    values = element.find("./*[@key='dict.values']")
    if keys is not None and values is not None and len(keys) == len(values):
        # A dictionary: its keys and values as pairs, the canvas's properties left out.
        pairs = sorted(repr(((k.text or "").strip(), canonical(v, depth + 2)))
                       for k, v in zip(keys, values) if not is_canvas_property((k.text or "").strip()))
        rest = [child for child in element if child is not keys and child is not values]
        children = sorted(c for c in (canonical(child, depth + 1) for child in rest) if c is not None) + pairs
    else:
        children = sorted(c for c in (canonical(child, depth + 1) for child in element) if c is not None)
    text = (element.text or "").strip()
    digest = hashlib.sha1()
    digest.update(repr((element.tag, attributes, text)).encode())
    for child in children:
        digest.update(child.encode())
    return digest.hexdigest()


def units(root):
    """The document as units a merge decides one by one: each object's presence (by id) and
    attributes, and the digest of each value element an object holds without an id of its
    own (a colour, a font, a keyed string), under the owning object's id."""
    found = {}

    def walk(element, owner, depth):
        identifier = element.get("id")
        if identifier:
            owner = identifier
            found[("object", identifier)] = element.tag
            for name, value in element.attrib.items():
                if name not in ("misplaced", "ambiguous") and depth > 0:
                    found[("attribute", identifier, name)] = value
            if (element.text or "").strip():
                found[("text", identifier)] = element.text.strip()
        elif owner is not None:
            digest = canonical(element, depth)
            if digest is None:
                return
            holds_objects = any(d.get("id") for d in element.iter() if d is not element)
            if not len(element) or (element.get("key") and not holds_objects):
                found[("value", owner, element.tag, element.get("key") or element.get("name") or "")] = digest
                return
        for child in element:
            walk(child, owner, depth + 1)

    walk(root, None, 0)
    return found


def why_author_differs(result, author, base, ours, theirs):
    """Why the author's committed merge differs from ours: the author took one side's whole
    file; the author's commit undid a change one side made that the other left alone (work
    the author dropped or took back); the author added an edit of their own (a value in none
    of the three files); or neither, a difference to look at."""
    digest = canonical(author)
    if digest in (canonical(ours), canonical(theirs)):
        return "the author took one side's whole file"
    r, a, b, o, t = units(result), units(author), units(base), units(ours), units(theirs)
    undid = own = other = 0
    for unit in set(r) | set(a):
        if r.get(unit) == a.get(unit):
            continue
        if a.get(unit) == b.get(unit):
            undid += 1
        elif a.get(unit) not in (o.get(unit), t.get(unit)):
            own += 1
        else:
            other += 1
    if other:
        return "differs from the author's choice"
    if undid:
        return "the author's commit undid a change one side made"
    if own:
        return "the author's commit adds an edit of its own"
    return "differs from the author's choice"


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv
    totals = collections.Counter()
    causes = collections.Counter()
    authors = collections.Counter()
    cpu = []
    invalid = []
    by_repository = collections.defaultdict(collections.Counter)
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        files = {f.split(".")[0]: os.path.join(path, f) for f in os.listdir(path)}
        if not all(k in files for k in ("base", "ours", "theirs", "merged")):
            continue
        named = re.match(r"\d+-(.+)-[0-9a-f]{7,40}$", name)
        repository = by_repository[named.group(1) if named else "?"]
        totals["merges"] += 1
        repository["merges"] += 1
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
            repository["unreadable"] += 1
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
            repository["invalid"] += 1
            invalid.append((name, problem))
        if git_conflicts == 0:
            totals["git clean"] += 1
            repository["git clean"] += 1
            same = ours.stdout == git.stdout or (root is not None and parse(git.stdout) is not None
                                                  and canonical(root) == canonical(parse(git.stdout)))
            if same and ours.returncode == 0:
                totals["git clean, same"] += 1
                repository["git clean, same"] += 1
            else:
                causes["git clean, ours differs" + (" (conflict)" if ours.returncode == 1 else "")] += 1
                if listing:
                    print("clean-differs", name)
        else:
            totals["git conflicts"] += 1
            repository["git conflicts"] += 1
            if ours.returncode == 0:
                totals["resolved"] += 1
                repository["resolved"] += 1
                author = parse(data["merged"])
                author_repeats = author is not None and any(
                    n > 1 and all(s is None or ids_of(s)[i] <= 1 for s in sides) for i, n in ids_of(author).items())
                if author is not None and root is not None and not author_repeats:
                    totals["resolved, author's valid"] += 1
                    repository["resolved, author's valid"] += 1
                    if canonical(root) == canonical(author):
                        totals["resolved as author"] += 1
                        repository["resolved as author"] += 1
                    else:
                        why = why_author_differs(root, author, parse(data["base"]), sides[0], sides[1])
                        authors[why] += 1
                        if why == "the author took one side's whole file":
                            repository["author took one side"] += 1
                        if listing:
                            print("differs-from-author", name, why)
            else:
                first = ours.stderr.decode(errors="replace").split("conflict: ")
                kind = first[1].split(":")[0] if len(first) > 1 else "?"
                line = ours.stderr.decode(errors="replace").splitlines()[0] if ours.stderr else ""
                cause = "other"
                if "conflict: the whole file" in line:
                    cause = "one file in two formats, ours kept whole"
                elif "deleted it" in line:
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
        same, valid = totals["resolved as author"], totals["resolved, author's valid"]
        print("as the author, of those:     %.1f %% (%d of %d)" % (100.0 * same / valid, same, valid))
        by_hand = valid - authors["the author took one side's whole file"]
        print("  of those the author merged by hand (not one side's whole file): %.1f %% (%d of %d)"
              % (100.0 * same / max(by_hand, 1), same, by_hand))
        kept = by_hand - authors["the author's commit undid a change one side made"]
        print("  of those whose commit kept both sides' changes:                 %.1f %% (%d of %d)"
              % (100.0 * same / max(kept, 1), same, kept))
        for why, count in authors.most_common():
            print("    %-62s %d" % (why, count))
    for cause, count in causes.most_common():
        print("  %-60s %d" % (cause, count))
    for name, problem in invalid:
        print("invalid:", name, problem)
    if len(by_repository) > 1:
        print("by repository (merges; git clean, made the same; git conflicts, resolved; of those with a valid")
        print("author's commit, as the author; of those the author merged by hand, as the author; invalid):")
        for repository, counts in sorted(by_repository.items(), key=lambda item: (-item[1]["merges"], item[0])):
            by_hand = counts["resolved, author's valid"] - counts["author took one side"]
            print("  %-24s %4d  clean %3d same %3d  conflicts %3d resolved %3d  as author %3d of %3d  by hand %3d of %3d"
                  "  invalid %d" % (repository, counts["merges"], counts["git clean"], counts["git clean, same"],
                                    counts["git conflicts"], counts["resolved"], counts["resolved as author"],
                                    counts["resolved, author's valid"], counts["resolved as author"], by_hand,
                                    counts["invalid"]))
    cpu.sort(reverse=True)
    print("largest merges (bytes, ours CPU s, git merge-file CPU s):")
    for size, o, g, name in cpu[:5]:
        print("  %8d  %.3f  %.3f  %s" % (size, o, g, name))


if __name__ == "__main__":
    main()
