#!/usr/bin/env python3
"""Checks that every repository path the docs, scripts and tests name exists.

A move leaves old paths behind in prose (docs/*.md, READMEs, file banners,
test comments). This reads every tracked text file and every word in it that
starts with one of the repository's top folders (passes/, dialect_bindings/,
tools/, test/, docs/, bench/, examples/, plugin/) and looks like a path, and
fails on those that name nothing in the tree. A path may end in a glob
(`passes/interp/op_*.c`) or a brace list (`passes/base/pt2e_alloc.{h,c}`); a
trailing ':line' or '#anchor' is ignored. Words that only look like paths
(a build folder `build/...`, a %t path in a RUN line) do not start with a
top folder and are never read.

Usage: tools/check-paths.py [ROOT]   (prints "paths: ok" or the stale ones)
"""
import glob
import os
import re
import subprocess
import sys

TOPS = ("passes", "dialect_bindings", "tools", "test", "docs", "bench", "examples", "plugin")
# a path: top folder, then path characters; braces and stars allowed
PATH = re.compile(r"(?<![\w./%$-])((?:" + "|".join(TOPS) + r")/[\w./*{},+-]*[\w*}])")
# a FileCheck line (what a test expects may name a planted file)
CHECK_LINE = re.compile(r"^\s*(?:#|//)?\s*[A-Z][A-Z0-9]*(?:-[A-Z]+)*:")
TEXT_SUFFIXES = (".md", ".c", ".h", ".cpp", ".py", ".sh", ".test", ".mlir", ".txt", ".cfg")


def expand(path):
    """The brace lists of 'path' expanded: a{b,c}d -> abd, acd."""
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    out = []
    for alt in m.group(1).split(","):
        out += expand(path[:m.start()] + alt + path[m.end():])
    return out


def exists(root, path):
    path = path.rstrip(".,")
    if path.count("}") > path.count("{"):  # the end of a pass's {options}
        path = path[:path.rindex("}")]
    for p in expand(path):
        p = re.sub(r"[:#].*$", "", p)
        if any(ch in p for ch in "*?["):
            if not glob.glob(os.path.join(root, p)):
                return False
        elif not os.path.exists(os.path.join(root, p)) \
                and not glob.glob(os.path.join(root, p) + "*"):
            # not even a prefix ('tools/qparams-check', the program of
            # tools/qparams-check.c; 'chhist_' files)
            return False
    return True


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True,
                           text=True).stdout.split()
    if not files:  # not a git checkout (the checker's own test): every file
        files = [os.path.relpath(os.path.join(d, f), root)
                 for d, _, fs in os.walk(root) for f in fs]
    stale = []
    for rel in sorted(files):
        if not rel.endswith(TEXT_SUFFIXES) or "/Inputs/" in rel:
            continue
        try:
            text = open(os.path.join(root, rel), encoding="utf-8").read()
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if CHECK_LINE.match(line):
                continue
            for m in PATH.finditer(line):
                if not exists(root, m.group(1)):
                    stale.append("%s:%d: names %s, which does not exist" % (rel, n, m.group(1)))
    for s in stale:
        print(s)
    print("paths: %s" % ("ok" if not stale else "%d stale" % len(stale)))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
