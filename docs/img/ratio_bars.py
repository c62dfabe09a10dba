#!/usr/bin/env python3
"""Horizontal bars of time ratios (int8 / float: below 1 is faster), as SVG,
for the tables people compare in docs/lower-int8.md and docs/deploy-iree.md.
Standard library only.

  python3 docs/img/ratio_bars.py OUT.svg "TITLE" TARGET "label=ratio" ...

TARGET draws a dashed line (the issue's goal as a ratio, e.g. 0.5 for "2x
faster"; 0 for none); 1.0 (as fast as float) is always drawn. The figures
are the ones the tables print: this script measures nothing.
"""
import sys
from xml.sax.saxutils import escape

W, LABEL, BAR_H, GAP, TOP, SCALE_MAX = 640, 230, 22, 10, 48, 2.0


def x_of(v):
    return LABEL + (W - LABEL - 30) * min(v, SCALE_MAX) / SCALE_MAX


def main(argv):
    out, title, target = argv[0], argv[1], float(argv[2])
    rows = []
    for item in argv[3:]:
        label, _, value = item.rpartition("=")
        rows.append((label, float(value)))
    if not rows:
        raise SystemExit("ratio_bars.py: no label=ratio rows")
    h = TOP + len(rows) * (BAR_H + GAP) + 40
    s = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="12">' % (W, h),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="10" y="20" font-size="14" font-weight="bold">%s</text>' % escape(title),
         '<text x="10" y="38" fill="#555">int8 time / float time (shorter is faster; '
         'bars past %.1f are cut)</text>' % SCALE_MAX]
    for i, (label, v) in enumerate(rows):
        y = TOP + i * (BAR_H + GAP)
        colour = "#2f9e44" if v < 1.0 else "#c92a2a"
        s.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                 % (LABEL - 8, y + BAR_H * 0.7, escape(label)))
        s.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
                 % (LABEL, y, x_of(v) - LABEL, BAR_H, colour))
        s.append('<text x="%.1f" y="%d">%.2f</text>' % (x_of(v) + 4, y + BAR_H * 0.7, v))
    bottom = TOP + len(rows) * (BAR_H + GAP)
    for v, style, name in ((1.0, "#333", "float"), (target, "#1971c2", "target")):
        if v <= 0:
            continue
        s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-dasharray="4 3"/>'
                 % (x_of(v), TOP - 6, x_of(v), bottom, style))
        s.append('<text x="%.1f" y="%d" text-anchor="middle" fill="%s">%s %.2f</text>'
                 % (x_of(v), bottom + 16, style, name, v))
    s.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(s) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
