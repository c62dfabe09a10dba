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
  - no two .c files call each other, directly or around a circle: a file
    that uses a function another file exports is above it (the shared floor
    goes in a file of its own below both);
  - passes/interp/ keeps its floor: its bottom files (tensor.c, tensor.h)
    include no other interpreter header than interp.h and tensor.h;
  - outside passes/interp/ only interp.h of the interpreter is included
    (white-box tests and benchmarks excepted);
  - outside dialect_bindings/ no source spells a pt2e attribute name as a
    string literal (the names live in pt2e_dialect.h); the MLIR-free layers,
    which cannot touch an attribute, may spell schema values such as the
    observer kind "histogram";
  - outside passes/ir/ no source asks an op for its name
    (mlirOperationGetName) or prints an attribute to read it: what an op is
    and what its attributes say is read through passes/ir/;
  - no build file or script lists a file of passes/base/ by name.

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
# writer, json-check --pt2e-report and qparams-check's JSON reader spell,
# include "zero_point", which must stay what the schema says if the
# attribute is ever renamed.
ATTR_EXEMPT = {"passes/report/report_json.c", "tools/json-check.c",
               "tools/qparams_check/json_rows.c"}
# Reading an op's name or an attribute's text is passes/ir/'s job. Programs
# that show IR to people (pt2e-draw's labels, reports) print it; they never
# decide anything from the text. The C API calls that print are listed with
# the files allowed to use them for output.
IR_READERS = ("passes/ir",)
NAME_CALL = re.compile(r"\bmlirOperationGetName\s*\(")
# a name shown to people (pt2eOpNameOf) that is then compared with a string
NAME_COMPARED = re.compile(r"\b(pt2eStringRefIs|mlirStringRefEqual|strn?cmp|memcmp)\s*\(\s*pt2eOpNameOf\b")
PRINT_CALL = re.compile(r"\bmlirAttributePrint\s*\(")
# Scripts and build files that must not list the base layer's files by name.
HAND_LIST_FILES = ["CMakeLists.txt", "test/CMakeLists.txt", "tools/CMakeLists.txt",
                   "bench/CMakeLists.txt", "test/fuzz/CMakeLists.txt", "lit.cfg",
                   "tools/check-layers.py"]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
IDENT = re.compile(r"[A-Za-z_]\w*|[{}();]|\S")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else"}


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


def strip_strings(code):
    """The code with string and character literals emptied."""
    return re.sub(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', '""', code)


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


def check_ir_reading(rel, code, breaches):
    if rel.startswith(IR_READERS) or not rel.startswith(("passes/", "dialect_bindings/",
                                                          "tools/", "plugin/")):
        return
    for n, line in enumerate(code, 1):
        if NAME_CALL.search(line):
            breaches.append("%s:%d: asks an op for its name outside passes/ir/ "
                            "(use pt2eOpIs / pt2eOpNameOf)" % (rel, n))
        if NAME_COMPARED.search(line):
            breaches.append("%s:%d: compares an op's name with a string outside "
                            "passes/ir/ (use pt2eOpIs)" % (rel, n))
        if PRINT_CALL.search(line):
            breaches.append("%s:%d: prints an attribute outside passes/ir/ "
                            "(pt2eAttrToText shows one in a message)" % (rel, n))


# {== call circles ==========================================================

def functions_of(code):
    """(exported definitions, referenced identifiers) of one C file's code
    (comments and strings removed): a definition is NAME ( ... ) { at brace
    depth 0, exported unless 'static' stands in its declaration."""
    # preprocessor lines (with their continuations) are not code here: a
    # macro body's braces would unbalance the walk
    code = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", code, flags=re.M)
    tokens = IDENT.findall(code)
    defined, used = set(), set()
    depth, i, decl_start = 0, 0, 0
    while i < len(tokens):
        t = tokens[i]
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth == 0:
                decl_start = i + 1
        elif t == ";" and depth == 0:
            decl_start = i + 1
        elif depth == 0 and re.match(r"[A-Za-z_]", t) and t not in KEYWORDS \
                and i + 1 < len(tokens) and tokens[i + 1] == "(":
            # find the matching ')' and see whether '{' follows
            j, paren = i + 1, 0
            while j < len(tokens):
                if tokens[j] == "(":
                    paren += 1
                elif tokens[j] == ")":
                    paren -= 1
                    if paren == 0:
                        break
                j += 1
            if j + 1 < len(tokens) and tokens[j + 1] == "{":
                if "static" not in tokens[decl_start:i]:
                    defined.add(t)
                # parameters are not uses
                i = j
        elif depth > 0 or (depth == 0 and tokens[i - 1:i] == ["="]):
            if re.match(r"[A-Za-z_]\w*$", t):
                used.add(t)
        if depth == 0 and t == "=":
            # an initializer at file scope: a table of function pointers
            k = i + 1
            while k < len(tokens) and tokens[k] != ";":
                if re.match(r"[A-Za-z_]\w*$", tokens[k]):
                    used.add(tokens[k])
                k += 1
        i += 1
    return defined, used


def call_circles(root, files):
    """The circles of 'uses a function defined in' between .c files of the
    library (passes/, dialect_bindings/) and of tools/: each as the list of
    files around it, smallest first."""
    owner, uses = {}, {}
    for rel, code in files.items():
        defined, used = functions_of(code)
        uses[rel] = used
        for f in defined:
            owner.setdefault(f, rel)
    graph = {rel: sorted({owner[u] for u in used if u in owner and owner[u] != rel})
             for rel, used in uses.items()}
    # Tarjan's strongly connected components
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    out = []
    for comp in sorted(comps):
        witness = []
        for a in comp:
            for b in graph[a]:
                if b in comp:
                    names = sorted(u for u in uses[a] if owner.get(u) == b)
                    witness.append("%s -> %s (%s)" % (a, b, names[0]))
        out.append((comp, witness))
    return out

# }==========================================================================


def check_hand_lists(root, breaches):
    base = os.path.join(root, "passes", "base")
    if not os.path.isdir(base):
        return
    names = sorted(f for f in os.listdir(base) if f.endswith((".c", ".h")))
    stems = sorted({os.path.splitext(f)[0] for f in names})
    for rel in HAND_LIST_FILES:
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            continue
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            for stem in stems:
                if re.search(r"\b%s\.[ch]\b" % re.escape(stem), line):
                    breaches.append("%s:%d: lists the base layer's %s by hand "
                                    "(a layer is its folder)" % (rel, n, stem))


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    index = header_index(root)
    breaches = []
    library = {}
    for rel in sources(root):
        here = folder_of(rel)
        if here is None:
            continue
        text = open(os.path.join(root, rel), encoding="utf-8").read()
        code = strip_comments(text)
        check_includes(rel, here, text, index, breaches)
        check_literals(rel, here, code.splitlines(), breaches)
        check_ir_reading(rel, code.splitlines(), breaches)
        if rel.endswith(".c") and rel.startswith(("passes/", "dialect_bindings/", "tools/")):
            library[rel] = strip_strings(code)
    for comp, witness in call_circles(root, library):
        breaches.append("call circle between %s: %s" % (", ".join(comp), "; ".join(witness)))
    check_hand_lists(root, breaches)
    for b in breaches:
        print(b)
    print("layers: %s" % ("ok" if not breaches else "%d breaches" % len(breaches)))
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
