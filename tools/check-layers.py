#!/usr/bin/env python3
"""Checks the layering of pt2e-mlir's C sources (docs/architecture.md).

Reads every #include "..." of the C and C++ files under the folders below
and fails, naming file and line, when one breaks a rule:

  - a folder includes only headers of its own layer or of lower layers:
      base  <  numerics  <  io  <  dialect_bindings  <  interp  <  passes  <  tools, plugin
    (base, numerics and io include no MLIR header at all; the base is
    pt2e_alloc, pt2e_checked, pt2e_file and pt2e_parallel in dialect_bindings/);
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

# The base: allocation, checked sizes, output files (dialect_bindings/, but
# no MLIR): every layer may use them.
BASE_HEADERS = {"pt2e_alloc.h", "pt2e_checked.h", "pt2e_file.h", "pt2e_parallel.h", "pt2e_cpu.h"}
BASE_SOURCES = {"pt2e_alloc.c", "pt2e_file.c", "pt2e_parallel.c", "pt2e_cpu.c"}
LAYERS = [  # (folder, rank): a file may include headers of rank <= its own
    ("passes/numerics", 0),
    ("passes/io", 1),
    ("dialect_bindings", 2),
    ("passes/interp", 3),
    ("passes", 4),
    ("tools", 5),
    ("plugin", 5),
    ("bench", 6),
    ("test/unit", 6),
    ("test/fuzz", 6),
    ("test/plugin", 6),
]
NO_MLIR = {"passes/numerics", "passes/io"}
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
ATTR_EXEMPT = {"passes/report_json.c", "tools/json-check.c"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(rel):
    best = None
    for folder, rank in LAYERS:
        if rel == folder or rel.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, rank)
    return best


def sources(root):
    for top in ["passes", "dialect_bindings", "tools", "plugin", "bench", "test/unit",
                "test/fuzz", "test/plugin"]:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith((".c", ".h", ".cpp")):
                    path = os.path.join(dirpath, f)
                    yield os.path.relpath(path, root).replace(os.sep, "/")


def header_index(root):
    """Header file name -> its folder (names are unique in the project)."""
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


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    index = header_index(root)
    breaches = []
    for rel in sources(root):
        here = folder_of(rel)
        if here is None:
            continue
        name = os.path.basename(rel)
        if name in BASE_HEADERS or name in BASE_SOURCES:
            here = ("base", -1)
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        code = strip_comments(text).splitlines()
        for n, line in enumerate(text.splitlines(), 1):
            m = INCLUDE.match(line)
            if m:
                inc = m.group(1)
                base = os.path.basename(inc)
                if (here[0] in NO_MLIR or here[0] == "base") and inc.startswith("mlir"):
                    breaches.append("%s:%d: %s includes MLIR's %s" % (rel, n, here[0], inc))
                    continue
                for folder in index.get(base, []):
                    there = folder_of(folder + "/x")
                    if there is None:
                        continue
                    if base in BASE_HEADERS:
                        there = ("base", -1)
                    if there[1] > here[1]:
                        breaches.append("%s:%d: includes %s of the higher layer %s"
                                        % (rel, n, base, there[0]))
                    if (there[0] == "passes/interp" and here[0] != "passes/interp"
                            and base not in INTERP_PUBLIC and here[1] < 6):
                        breaches.append("%s:%d: includes the interpreter's internal %s"
                                        % (rel, n, base))
                    if (here[0] == "passes/interp" and name in INTERP_FLOOR
                            and there[0] == "passes/interp"
                            and base not in INTERP_FLOOR | INTERP_PUBLIC):
                        breaches.append("%s:%d: the interpreter's floor includes %s"
                                        % (rel, n, base))
            # The MLIR-free layers have no attributes to name: a literal there
            # is a value of the schema (the observer kind "histogram").
            if (rel.split("/")[0] in ATTR_SCAN and not rel.startswith("dialect_bindings")
                    and here[0] not in NO_MLIR and rel not in ATTR_EXEMPT):
                for attr in ATTR_NAMES:
                    if re.search(r'"%s"' % re.escape(attr), code[n - 1]):
                        breaches.append('%s:%d: spells the pt2e attribute name "%s"'
                                        % (rel, n, attr))
    for b in breaches:
        print(b)
    print("layers: %s" % ("ok" if not breaches else "%d breaches" % len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
