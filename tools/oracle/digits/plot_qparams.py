#!/usr/bin/env python3
"""The picture beside the digits table (docs/img/digits-qparams.svg): for
every model and config, each torchao observer's scale against ours, as
qparams-check pairs them, on a log axis of relative difference (bit for
bit at the left edge). Standard library only: it runs build/bin/qparams-check
on test/digits/Inputs/torchao.<model>.<config>.json and the ours.json files
tools/oracle/digits/ours.sh leaves in its work folder.

  tools/oracle/digits/ours.sh build test/digits/Inputs WORK
  python3 tools/oracle/digits/plot_qparams.py build WORK docs/img/digits-qparams.svg
"""
import math
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
INPUTS = os.path.join(ROOT, "test", "digits", "Inputs")
ROWS = [(m, c) for m in ("cnn", "mlp") for c in ("histogram-per-channel", "histogram-per-tensor",
                                                  "minmax-per-channel", "minmax-per-tensor")]
LO, HI = -9, 0  # log10 of the relative difference shown; 0 difference at the left edge
W, LEFT, RIGHT, ROW, TOP = 760, 230, 20, 26, 44


def pairs(build, work, model, config):
    """[(torch name, relative difference or None for unpaired, kind)]."""
    out = subprocess.run([os.path.join(build, "bin", "qparams-check"), "--rtol=2e-6",
                          os.path.join(INPUTS, "torchao.%s.%s.json" % (model, config)),
                          os.path.join(work, "%s.%s.ours.json" % (model, config))],
                         capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        m = re.match(r"(\S+) (\S+) (per_\w+)(\[\d+\])? .*?(?:max_)?rel=([0-9.e+-]+)", line)
        if m:
            found.append((m.group(1), float(m.group(5)), "weight" if m.group(4) else "activation"))
        elif re.match(r"\S+ unpaired ", line):
            found.append((line.split()[0], None, "activation"))
    return found


def x_of(rel):
    if rel is None or rel <= 0:
        return LEFT
    v = min(max(math.log10(rel), LO), HI)
    return LEFT + 30 + (v - LO) / (HI - LO) * (W - LEFT - RIGHT - 30)


def main():
    build, work, out = sys.argv[1:4]
    rows = [(m, c, pairs(build, work, m, c)) for m, c in ROWS]
    h = TOP + ROW * len(rows) + 64
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">' % (W, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="18" font-size="13">Digits, every observer: '
           '|ours / torchao - 1| of its scale (paired by qparams-check)</text>']
    for e in range(LO, HI + 1, 3):
        x = x_of(10.0 ** e)
        svg.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, TOP - 8, x, h - 40))
        svg.append('<text x="%.1f" y="%d" text-anchor="middle">1e%d</text>' % (x, h - 26, e))
    x2 = x_of(2e-6)
    svg.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#c00" stroke-dasharray="4,3"/>'
               % (x2, TOP - 8, x2, h - 40))
    svg.append('<text x="%.1f" y="%d" fill="#c00" text-anchor="middle">rtol 2e-6</text>' % (x2, h - 12))
    svg.append('<text x="%d" y="%d" text-anchor="middle">0</text>' % (LEFT, h - 26))
    for i, (m, c, ps) in enumerate(rows):
        y = TOP + ROW * i + ROW / 2
        svg.append('<text x="%d" y="%.1f" text-anchor="end">%s %s</text>' % (LEFT - 14, y + 4, m, c))
        svg.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (LEFT, y, W - RIGHT, y))
        for k, (name, rel, kind) in enumerate(ps):
            x = x_of(rel) + (k % 3 - 1) * 3 if rel is not None else W - RIGHT
            colour = "#888" if rel is None else "#1f77b4" if kind == "activation" else "#2ca02c"
            shape = ('<rect x="%.1f" y="%.1f" width="7" height="7" fill="%s" opacity="0.8"><title>%s %s'
                     '</title></rect>' % (x - 3.5, y - 3.5, colour, name, "weight" if kind == "weight" else
                                          "activation")) if kind == "weight" else \
                    ('<circle cx="%.1f" cy="%.1f" r="4" fill="%s" opacity="0.8"><title>%s rel %s</title>'
                     '</circle>' % (x, y, colour, name, "unpaired" if rel is None else "%.3g" % rel))
            svg.append(shape)
    svg.append('<rect x="10" y="%d" width="7" height="7" fill="#2ca02c"/><text x="22" y="%d">weight '
               '(per channel: the largest)</text>' % (h - 20, h - 13))
    svg.append('<circle cx="13" cy="%d" r="4" fill="#1f77b4"/><text x="22" y="%d">activation; 0 = bit '
               'for bit</text>' % (h - 36, h - 32))
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
