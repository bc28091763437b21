#!/usr/bin/env python3
"""Makes Sources/Serve/Web/Assets/xterm.js, the page's terminal, from Debian's node-xterm.

Debian ships xterm.js 3.8.1 (packages node-xterm and libjs-xterm) as CommonJS modules, one file
each, which a browser cannot load as they are. This script wraps every module of the library
(not its tests) in a function of a table, adds a few lines that resolve their relative
`require`s, and exposes `Terminal` (with the fit addon's `fit()` applied) as `window.Terminal`:
one file, no eval, no tools beyond Python. It also copies the style sheet and the copyright.

    apt-get install node-xterm libjs-xterm
    Scripts/bundle-xterm.py            # writes the three files
    Scripts/bundle-xterm.py --check    # exits 1 if the committed files differ
"""
import json
import os
import re
import sys

LIB = "/usr/share/nodejs/xterm/lib"
PACKAGE = "/usr/share/nodejs/xterm/package.json"
FIT = "/usr/share/javascript/xterm/addons/fit/fit.js"
CSS = "/usr/share/javascript/xterm/xterm.css"
COPYRIGHT = "/usr/share/doc/libjs-xterm/copyright"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Serve", "Web", "Assets")

SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


def modules():
    found = {}
    for root, _, files in os.walk(LIB):
        for name in files:
            if not name.endswith(".js") or name.endswith(".test.js"):
                continue
            path = os.path.join(root, name)
            key = os.path.relpath(path, LIB)[:-3]
            with open(path, encoding="utf-8") as handle:
                found[key] = SOURCE_MAP.sub("", handle.read()).rstrip() + "\n"
    return found


def bundle():
    with open(PACKAGE, encoding="utf-8") as handle:
        version = json.load(handle)["version"]
    parts = [
        "/* xterm.js %s (MIT; see xterm-LICENSE.txt), from Debian's node-xterm, bundled by\n"
        "   Scripts/bundle-xterm.py: each CommonJS module wrapped in a function. */\n" % version,
        "(function () {\n'use strict';\nvar defs = {}, cache = {};\n",
    ]
    found = modules()
    with open(FIT, encoding="utf-8") as handle:
        found["addons/fit/fit"] = SOURCE_MAP.sub("", handle.read()).rstrip() + "\n"
    for key in sorted(found):
        parts.append("defs[%s] = function (require, module, exports) {\n%s};\n" % (json.dumps(key), found[key]))
    parts.append(
        "function resolve(from, path) {\n"
        "  var out = from.split('/').slice(0, -1);\n"
        "  path.split('/').forEach(function (p) { if (p === '..') out.pop(); else if (p !== '.') out.push(p); });\n"
        "  return out.join('/');\n"
        "}\n"
        "function load(key) {\n"
        "  if (cache[key]) return cache[key].exports;\n"
        "  if (!defs[key]) throw new Error('xterm bundle: no module ' + key);\n"
        "  var module = cache[key] = { exports: {} };\n"
        "  defs[key].call(module.exports, function (path) { return load(resolve(key, path)); }, module, module.exports);\n"
        "  return module.exports;\n"
        "}\n"
        "var Terminal = load('public/Terminal').Terminal;\n"
        "Terminal.applyAddon(load('addons/fit/fit'));\n"
        "window.Terminal = Terminal;\n"
        "})();\n"
    )
    return version, "".join(parts)


def main():
    version, script = bundle()
    with open(CSS, encoding="utf-8") as handle:
        css = handle.read()
    with open(COPYRIGHT, encoding="utf-8") as handle:
        licence = handle.read()
    outputs = {"xterm.js": script, "xterm.css": css, "xterm-LICENSE.txt": licence}
    if "--check" in sys.argv:
        differ = [n for n, text in outputs.items() if open(os.path.join(OUT, n), encoding="utf-8").read() != text]
        if differ:
            print("differ from the package: " + ", ".join(differ))
            sys.exit(1)
        print("xterm.js %s: the bundle matches the package" % version)
        return
    os.makedirs(OUT, exist_ok=True)
    for name, text in outputs.items():
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as handle:
            handle.write(text)
    print("xterm.js %s: %d bytes" % (version, len(script.encode())))


if __name__ == "__main__":
    main()
