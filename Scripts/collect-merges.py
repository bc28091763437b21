#!/usr/bin/env python3
"""Collects a repository's real merges of storyboards and xibs, to measure `storyboard merge` on.

For every merge commit with two parents and every `.storyboard` or `.xib` path both parents
changed since their merge base, it writes

    DEST/NNN-<repo>-<first 7 hex of the merge>/{base,ours,theirs,merged}.<ext>

ours being the first parent's version, theirs the second's and merged what the author committed:
the layout `Benchmarks/merge_corpus.py` reads, with `origin.txt` naming the repository, the merge
commit and the path. NNN continues after the highest number already in DEST, so several
repositories can be collected into one folder, and a merge already there is not written again. A path missing from any of the
four commits is skipped, and so are octopus merges and merges with several merge bases (said on
stderr). GitHub's own trial merges of pull requests (`refs/pull/*/merge`) are left out; the
history read is every other branch, tag and pull request head (`--all`).

usage: collect-merges.py GIT_DIR DEST [--limit N] [--name NAME]

GIT_DIR is a repository (its work tree or its git folder); NAME, the repository's name in the
folders' names, defaults to the repository folder's name. --limit stops after N merges written.
"""
import argparse
import os
import re
import subprocess
import sys

EXTENSIONS = (".storyboard", ".xib")


def repository_name(git_dir):
    path = os.path.abspath(git_dir).rstrip("/")
    for tail in ("/.git", "/repo"):
        if path.endswith(tail):
            path = path[: -len(tail)]
    name = os.path.basename(path)
    if name.endswith(".git"):
        name = name[:-4]
    # A mirror named OWNER+NAME keeps the name only.
    return name.split("+")[-1] or "repo"


class Git:
    def __init__(self, git_dir):
        self.git_dir = git_dir
        self.environment = dict(os.environ, GIT_NO_REPLACE_OBJECTS="1", LC_ALL="C")
        self.blobs = subprocess.Popen(self.command("cat-file", "--batch"), stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, env=self.environment)

    def command(self, *arguments):
        return ["git", "--git-dir", self.git_dir] + list(arguments)

    def run(self, *arguments):
        result = subprocess.run(self.command(*arguments), capture_output=True, env=self.environment)
        if result.returncode != 0:
            raise RuntimeError("git %s: %s" % (arguments[0], result.stderr.decode(errors="replace").strip()))
        return result.stdout.decode(errors="surrogateescape")

    def merges(self):
        """Merge commits with their parents, newest first."""
        text = self.run("rev-list", "--merges", "--parents", "--exclude=refs/pull/*/merge", "--all")
        return [line.split() for line in text.splitlines() if line]

    def merge_bases(self, first, second):
        result = subprocess.run(self.command("merge-base", "--all", first, second), capture_output=True,
                                env=self.environment)
        return result.stdout.decode().split()

    def changed(self, base, commit):
        """Storyboard and xib paths changed between two commits (renames not followed)."""
        text = self.run("diff", "--name-only", "--no-renames", "-z", base, commit, "--",
                        *("*" + extension for extension in EXTENSIONS))
        return {path for path in text.split("\0") if path.endswith(EXTENSIONS)}

    def blob(self, commit, path):
        """The bytes of PATH in COMMIT, or None where it is missing or not a file."""
        self.blobs.stdin.write(("%s:%s\n" % (commit, path)).encode(errors="surrogateescape"))
        self.blobs.stdin.flush()
        header = self.blobs.stdout.readline().decode(errors="replace").split()
        # `SHA TYPE SIZE`, or `NAME missing` (the name may hold spaces) with nothing after it.
        if len(header) != 3 or not header[2].isdigit():
            return None
        data = self.blobs.stdout.read(int(header[2]))
        self.blobs.stdout.read(1)
        return data if header[1] == "blob" else None

    def close(self):
        self.blobs.stdin.close()
        self.blobs.wait()


def collected(dest):
    """The (repository, commit, path) of each merge already in DEST."""
    found = set()
    for name in os.listdir(dest):
        try:
            with open(os.path.join(dest, name, "origin.txt"), encoding="utf-8", errors="surrogateescape") as origin:
                found.add(tuple(origin.read().rstrip("\n").split(" ", 2)))
        except OSError:
            continue
    return found


def next_number(dest):
    numbers = [int(m.group(1)) for m in (re.match(r"(\d+)-", name) for name in os.listdir(dest)) if m]
    return max(numbers, default=0) + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("git_dir", metavar="GIT_DIR")
    parser.add_argument("dest", metavar="DEST")
    parser.add_argument("--limit", type=int, default=None, help="stop after N merges written")
    parser.add_argument("--name", default=None, help="the repository's name in the folders' names")
    options = parser.parse_args()
    if not os.path.isdir(options.git_dir):
        parser.error("no such folder: %s" % options.git_dir)
    git_dir = subprocess.run(["git", "-C", options.git_dir, "rev-parse", "--absolute-git-dir"],
                             capture_output=True).stdout.decode().strip()
    if not git_dir:
        parser.error("not a git repository: %s" % options.git_dir)
    name = re.sub(r"[^A-Za-z0-9._-]", "_", options.name or repository_name(options.git_dir))
    os.makedirs(options.dest, exist_ok=True)
    number = next_number(options.dest)
    already = collected(options.dest)
    git = Git(git_dir)
    counts = {"merges": 0, "octopus": 0, "several bases": 0, "no base": 0, "paths": 0, "missing": 0, "already": 0,
              "written": 0}
    try:
        for commit, *parents in git.merges():
            counts["merges"] += 1
            if len(parents) != 2:
                counts["octopus"] += 1
                continue
            ours, theirs = parents
            bases = git.merge_bases(ours, theirs)
            if len(bases) != 1:
                key = "several bases" if bases else "no base"
                counts[key] += 1
                if bases:
                    print("%s: %d merge bases, skipped" % (commit[:7], len(bases)), file=sys.stderr)
                continue
            base = bases[0]
            both = sorted(git.changed(base, ours) & git.changed(base, theirs))
            for path in both:
                counts["paths"] += 1
                if (name, commit, path) in already:
                    counts["already"] += 1
                    continue
                versions = {}
                for role, revision in (("base", base), ("ours", ours), ("theirs", theirs), ("merged", commit)):
                    versions[role] = git.blob(revision, path)
                    if versions[role] is None:
                        break
                if any(versions.get(role) is None for role in ("base", "ours", "theirs", "merged")):
                    counts["missing"] += 1
                    continue
                extension = os.path.splitext(path)[1]
                folder = os.path.join(options.dest, "%03d-%s-%s" % (number, name, commit[:7]))
                os.makedirs(folder, exist_ok=True)
                for role, data in versions.items():
                    with open(os.path.join(folder, role + extension), "wb") as out:
                        out.write(data)
                with open(os.path.join(folder, "origin.txt"), "w", encoding="utf-8", errors="surrogateescape") as out:
                    out.write("%s %s %s\n" % (name, commit, path))
                print("%s %s %s" % (os.path.basename(folder), commit, path))
                number += 1
                counts["written"] += 1
                if options.limit is not None and counts["written"] >= options.limit:
                    return report(counts)
    finally:
        git.close()
    report(counts)


def report(counts):
    print("%(merges)d merge commits: %(octopus)d octopus, %(several bases)d with several merge bases, "
          "%(no base)d with none; %(paths)d paths both parents changed, %(missing)d missing in one of the "
          "four, %(already)d already in DEST, %(written)d written" % counts, file=sys.stderr)


if __name__ == "__main__":
    main()
