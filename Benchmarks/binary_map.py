#!/usr/bin/env python3
"""A map of what a running program keeps resident of its own executable.

Reads /proc/PID/maps and /proc/PID/pagemap (the present bit of each page; root is not
needed for that bit) for the mappings of the program's executable file, then attributes
each resident page to the ELF section it lies in and, for code and Swift metadata, to the
module of the symbols on it (a Swift module from the mangled name, the Swift runtime, ICU,
the C library parts linked in…). A page shared by symbols of several modules is split
between them by bytes. Also lists the resident size of every other mapping (shared
libraries, heap, stacks), so the whole of VmRSS is accounted for.

Usage: binary_map.py PID [--top N]
Needs `nm` and `readelf` (binutils).
"""

import argparse
import bisect
import collections
import os
import re
import struct
import subprocess
import sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def mappings(pid):
    rows = []
    with open(f"/proc/{pid}/maps") as handle:
        for line in handle:
            fields = line.split(maxsplit=5)
            start, end = (int(x, 16) for x in fields[0].split("-"))
            path = fields[5].strip() if len(fields) > 5 else "[anon]"
            rows.append((start, end, fields[1], int(fields[2], 16), path))
    return rows


def resident_pages(pid, start, end):
    """Virtual addresses of the pages of [start, end) that are present."""
    present = []
    with open(f"/proc/{pid}/pagemap", "rb") as handle:
        handle.seek(start // PAGE * 8)
        data = handle.read((end - start) // PAGE * 8)
    for index in range(len(data) // 8):
        (entry,) = struct.unpack_from("<Q", data, index * 8)
        if entry >> 63 & 1:
            present.append(start + index * PAGE)
    return present


def sections(binary):
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)", line)
        if match and int(match.group(2), 16):
            rows.append((int(match.group(2), 16), int(match.group(4), 16), match.group(1)))
    return sorted(rows)


SWIFT_MODULE = re.compile(r"^_?\$s(?:(\d+)([A-Za-z_][A-Za-z0-9_]*)|(s)|(S))")


def module_of(name):
    match = SWIFT_MODULE.match(name)
    if match:
        if match.group(1):
            length = int(match.group(1))
            return "Swift " + match.group(2)[:length]
        return "Swift stdlib"
    if name.startswith("_ZN6icu_") or name.startswith("icu_") or "_74" in name and name.startswith("u"):
        return "ICU"
    if name.startswith("_ZN5swift") or name.startswith("swift_") or name.startswith("_swift"):
        return "Swift runtime"
    if name.startswith("_Z"):
        return "C++ other"
    if name.startswith("xml") or name.startswith("html"):
        return "libxml2"
    if name.startswith("sqlite3"):
        return "SQLite"
    if name.startswith("sb_"):
        return "C shims"
    if name.startswith("symbol_") or name.startswith("__"):
        return "other"
    return "C other"


def symbols(binary):
    out = subprocess.run(["nm", "-n", "--defined-only", "-S", binary], capture_output=True, text=True).stdout
    starts, ends, modules = [], [], []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 4:
            address, size, _, name = fields
            starts.append(int(address, 16))
            ends.append(int(address, 16) + int(size, 16))
            modules.append(module_of(name))
    return starts, ends, modules


def attribute(page, starts, ends, modules, totals):
    """Adds the bytes of `page` covered by each module's symbols to `totals`."""
    low, high = page, page + PAGE
    index = bisect.bisect_right(starts, low) - 1
    index = max(index, 0)
    covered = 0
    while index < len(starts) and starts[index] < high:
        overlap = min(ends[index], high) - max(starts[index], low)
        if overlap > 0:
            totals[modules[index]] += overlap
            covered += overlap
        index += 1
    if covered < PAGE:
        totals["(no symbol)"] += PAGE - covered


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pid", type=int)
    parser.add_argument("--top", type=int, default=20)
    options = parser.parse_args()
    pid = options.pid
    binary = os.readlink(f"/proc/{pid}/exe")
    maps = mappings(pid)
    own = [m for m in maps if m[4] == binary]
    # A position-independent executable is mapped at a base chosen at run time; section
    # addresses are relative to it. A fixed-address one (ET_EXEC) has absolute addresses.
    header = subprocess.run(["readelf", "-hW", binary], capture_output=True, text=True, check=True).stdout
    base = 0 if re.search(r"Type:\s+EXEC", header) else min(m[0] - m[3] for m in own)
    section_rows = sections(binary)
    starts, ends, modules = symbols(binary)

    per_section = collections.Counter()
    per_module = collections.Counter()
    for start, end, perms, offset, path in own:
        for page in resident_pages(pid, start, end):
            address = page - base
            index = bisect.bisect_right([row[0] for row in section_rows], address) - 1
            name = "(headers)"
            if index >= 0:
                s_start, s_size, s_name = section_rows[index]
                name = s_name if address < s_start + s_size else "(between sections)"
            per_section[name] += PAGE
            if name in (".text", ".data.rel.ro", ".rodata", ".data") or name.startswith("swift5"):
                attribute(address, starts, ends, modules, per_module)

    others = collections.Counter()
    for start, end, perms, offset, path in maps:
        if path == binary:
            continue
        others[path if path.startswith("/") or path.startswith("[") else "[anon]"] += len(resident_pages(pid, start, end)) * PAGE

    kib = lambda n: f"{n / 1024:,.0f} KiB"
    total_own = sum(per_section.values())
    print(f"{binary}: {kib(total_own)} resident of the executable")
    print("\nby section:")
    for name, size in per_section.most_common(options.top):
        print(f"  {kib(size):>12}  {name}")
    print("\nby module (code, metadata and data pages, split by symbol bytes):")
    for name, size in per_module.most_common(options.top):
        print(f"  {kib(size):>12}  {name}")
    print(f"\nother mappings: {kib(sum(others.values()))}")
    for name, size in others.most_common(options.top):
        if size:
            print(f"  {kib(size):>12}  {os.path.basename(name) if name.startswith('/') else name}")
    status = open(f"/proc/{pid}/status").read()
    for key in ("VmHWM", "VmRSS", "RssAnon", "RssFile"):
        match = re.search(rf"^{key}:\s+(\d+) kB", status, re.M)
        if match:
            print(f"{key}: {int(match.group(1)):,} KiB")


if __name__ == "__main__":
    sys.exit(main())
