#!/usr/bin/env python3
"""Checks the layering of pt2e-mlir's C sources (docs/architecture.md).

Reads the C and C++ files under the folders below and fails, naming file and
line, when one breaks a rule:

  - a folder includes only headers of its own layer or of lower layers:
      passes/base < passes/numerics < passes/io < passes/ir < dialect_bindings
        < passes/interp < passes (and its pass folders) < tools, plugin
        < bench, test
    (base, numerics and io include no MLIR header at all); a layer is its
    folder, so no file is named here or in CMake by hand;
  - passes/interp/ keeps its floor: its bottom files (tensor.c, tensor.h)
    include no other interpreter header than interp.h and tensor.h;
  - outside passes/interp/ only interp.h of the interpreter is included
    (white-box tests and benchmarks excepted);
  - outside dialect_bindings/ no source spells a pt2e attribute name as a
    string literal (the names live in pt2e_dialect.h); the MLIR-free layers,
    which cannot touch an attribute, may spell schema values such as the
    observer kind "histogram".

Usage: tools/check-layers.py [ROOT]   (prints "layers: ok" or the breaches)
"""
import os
import re
import sys

LAYERS = [  # (folder, rank): a file may include headers of rank <= its own
    ("passes/base", 0),
    ("passes/numerics", 1),
    ("passes/io", 2),
    ("passes/ir", 3),
    ("dialect_bindings", 4),
    ("passes/interp", 5),
    ("passes", 6),
    ("tools", 7),
    ("plugin", 7),
    ("bench", 8),
    ("test/unit", 8),
    ("test/fuzz", 8),
    ("test/lib", 8),
]
TOPS = ["passes", "dialect_bindings", "tools", "plugin", "bench", "test/unit",
        "test/fuzz", "test/lib"]
NO_MLIR = {"passes/base", "passes/numerics", "passes/io"}
INTERP_FLOOR = {"tensor.c", "tensor.h"}
INTERP_PUBLIC = {"interp.h"}
# Attribute names of the pt2e ops and annotations (pt2e_dialect.h); a
# literal of one of these outside dialect_bindings/ is a breach.
ATTR_NAMES = ["stats", "instance", "pt2e.annotation", "pt2e.id", "pt2e.name",
              "observer_enabled", "fake_quant_enabled", "zero_point",
              "histogram", "allow_implicit_sharing", "derived_from"]
ATTR_SCAN = ["passes", "tools", "plugin"]
# Files whose literals are the keys of a documented output schema, not
# attribute names: pt2e-report's JSON keys (docs/report.md), which its
# writer and json-check --pt2e-report spell, include
# "zero_point", which must stay what the schema says if the attribute is
# ever renamed.
ATTR_EXEMPT = {"passes/report/report_json.c", "tools/json-check.c"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(rel):
    best = None
    for folder, rank in LAYERS:
        if rel == folder or rel.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, rank)
    return best


def sources(root):
    for top in TOPS:
        for dirpath, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for f in sorted(files):
                if f.endswith((".c", ".h", ".cpp")):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, root).replace(os.sep, "/")


def header_index(root):
    """Header file name -> its folders (names are unique in the project)."""
    index = {}
    for rel in sources(root):
        if rel.endswith(".h"):
            index.setdefault(os.path.basename(rel), []).append(os.path.dirname(rel))
    return index


def strip_comments(text):
    """The text with comments blanked out, line numbers kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r"/\*.*?\*/|//[^\n]*", blank, text, flags=re.S)


def check_includes(rel, here, text, index, breaches):
    name = os.path.basename(rel)
    for n, line in enumerate(text.splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        inc = m.group(1)
        base = os.path.basename(inc)
        if here[0] in NO_MLIR and inc.startswith("mlir"):
            breaches.append("%s:%d: %s includes MLIR's %s" % (rel, n, here[0], inc))
            continue
        for folder in index.get(base, []):
            there = folder_of(folder + "/x")
            if there is None:
                continue
            if there[1] > here[1]:
                breaches.append("%s:%d: includes %s of the higher layer %s"
                                % (rel, n, base, there[0]))
            if (there[0] == "passes/interp" and here[0] != "passes/interp"
                    and base not in INTERP_PUBLIC and here[1] < 8):
                breaches.append("%s:%d: includes the interpreter's internal %s"
                                % (rel, n, base))
            if (here[0] == "passes/interp" and name in INTERP_FLOOR
                    and there[0] == "passes/interp"
                    and base not in INTERP_FLOOR | INTERP_PUBLIC):
                breaches.append("%s:%d: the interpreter's floor includes %s"
                                % (rel, n, base))


def check_literals(rel, here, code, breaches):
    # The MLIR-free layers have no attributes to name: a literal there
    # is a value of the schema (the observer kind "histogram").
    if (rel.split("/")[0] not in ATTR_SCAN or rel.startswith("dialect_bindings")
            or here[0] in NO_MLIR or rel in ATTR_EXEMPT):
        return
    for n, line in enumerate(code, 1):
        for attr in ATTR_NAMES:
            if re.search(r'"%s"' % re.escape(attr), line):
                breaches.append('%s:%d: spells the pt2e attribute name "%s"'
                                % (rel, n, attr))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    index = header_index(root)
    breaches = []
    for rel in sources(root):
        here = folder_of(rel)
        if here is None:
            continue
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        code = strip_comments(text)
        check_includes(rel, here, text, index, breaches)
        check_literals(rel, here, code.splitlines(), breaches)
    for b in breaches:
        print(b)
    print("layers: %s" % ("ok" if not breaches else "%d breaches" % len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
