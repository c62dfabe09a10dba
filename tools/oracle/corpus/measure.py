#!/usr/bin/env python3
"""Measures our passes on a corpus made by export.py, against its torchao
goldens. Needs no torch: only our build, the corpus folder and awk.

  measure.py --build build --corpus DIR [--models a,b] [--forms linalg,tosa]
             [--out RESULTS] [--jobs 1] [--timeout 3600]

For each model folder of DIR and each form file in it (linalg, tosa, generic,
onnx, stablehlo):

 1. weights: `pt2e-opt FORM -p pt2e-fold-batchnorm` (generic op form), then
    weights.awk: every conv and linear weight's digest, compared with the
    golden weights.txt (torchao's weights after prepare_pt2e's BatchNorm
    fold): how many of torch's weights are there bit for bit.
 2. the whole flow: pt2e-annotate{per-channel=true}, pt2e-prepare,
    pt2e-report{format=json}, pt2e-calibrate{data=calib.npz}, pt2e-convert,
    pt2e-lower-int8, with the IR after pt2e-prepare dumped: placement.awk on
    that dump against the golden placement.txt (units matched: observer
    instances with the same role, kind and dims, as a multiset), int8.awk on
    the output (convs and linears on i8 TOSA against torch's convs and
    linears), and what the passes print about ops left unquantized.

Coverage records, read tolerantly (today pt2e-lower-int8 prints
"left in Q/DQ form: 'OP' at loc(...)" and no reason; issue 31 adds records
naming an op, its location and a reason to pt2e-report's table and JSON and
to pt2e-lower-int8's output): every stderr line of a pt2e pass that names a
quoted op and a loc(...) and is not an error or the summary is one record;
its reason is the text after the location (or after "reason"), else "(no
reason given)"; every JSON report row whose "kind" is not observer,
fake_quant or qdq is one record too ("op", "location", "reason" keys if
there, else the row's text).

Writes RESULTS/table.md (one table per exporter form), RESULTS/detail.tsv
(one line per model and form), RESULTS/summary.svg (and summary.png when
matplotlib is there), RESULTS/<model>/<form>.* (stderr, placement, weights).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FORMS = ("linalg", "tosa", "generic", "onnx", "stablehlo")
LIB = os.path.join(HERE, "lib.awk")
PRINT = ["--mlir-print-op-generic"]
ELIDE = ["--mlir-elide-elementsattrs-if-larger=16", "--mlir-elide-resource-strings-if-larger=16"]
DUMP_HEADER = re.compile(r"^// -----// IR Dump After .*\((pt2e-[a-z0-9-]+)\)")
STAGES = ("pt2e-annotate", "pt2e-prepare", "pt2e-report", "pt2e-calibrate", "pt2e-convert",
          "pt2e-lower-int8")


def awk(script, path):
    p = subprocess.run(["awk", "-f", LIB, "-f", os.path.join(HERE, script), path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("awk %s: %s" % (script, p.stderr.strip()[:300]))
    return [ln for ln in p.stdout.splitlines() if ln.strip()]


def read_lines(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return [ln.strip() for ln in f if ln.strip()]


def multiset_match(golden, ours):
    g = collections.Counter(golden)
    o = collections.Counter(ours)
    return sum((g & o).values())


def first_error(text):
    for ln in text.splitlines():
        if "error:" in ln:
            return ln.strip()[:300]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return (lines[-1] if lines else "(no message)")[:300]


LOC = re.compile(r"loc\((?:[^()]|\([^()]*\))*\)")
QOP = re.compile(r"'([a-z_]+\.[a-z_0-9.]+)'")


def coverage_from_stderr(text):
    """[(pass, op, location, reason)] from the passes' stderr."""
    out = []
    for ln in text.splitlines():
        s = ln.strip()
        if not s.startswith("pt2e-") or "error:" in s:
            continue
        if re.search(r"quant\.qcast lowered|float ops left in Q/DQ form\s*$", s):
            continue                                   # the summary line
        op = QOP.search(s)
        loc = LOC.search(s)
        if not op or not loc:
            continue
        pas = s.split(":", 1)[0]
        rest = s[loc.end():].strip(" :;,-—()")
        m = re.search(r"reason[:=]\s*(.*)", s)
        if m:
            reason = m.group(1).strip()
        elif rest:
            reason = rest
        else:
            head = s[len(pas) + 1:op.start()].strip(" :")
            head = re.sub(r"^@\S+:\s*", "", head)
            reason = "no reason given" if (not head or "left in Q/DQ form" in head) else head
        out.append((pas, op.group(1), loc.group(0), reason))
    return out


def coverage_from_json(path):
    out = []
    try:
        with open(path) as f:
            rows = json.load(f)
    except Exception:  # noqa: BLE001
        return out
    for r in rows if isinstance(rows, list) else []:
        if not isinstance(r, dict) or r.get("kind") in ("observer", "fake_quant", "qdq"):
            continue
        op = r.get("op") or (r.get("observed") or {}).get("op") or "?"
        loc = r.get("location") or "?"
        reason = r.get("reason") or json.dumps(r, sort_keys=True)[:120]
        out.append(("pt2e-report", str(op), str(loc), str(reason)))
    return out


def lowered_summary(text):
    m = re.findall(r"pt2e-lower-int8: @\S+: (.*)", text)
    return "; ".join(m)


def pt2e(build, args, timeout, stderr_path=None):
    t0 = time.time()
    try:
        p = subprocess.run([os.path.join(build, "bin", "pt2e-opt")] + args, capture_output=True,
                           text=True, timeout=timeout)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, err = -1, (e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")) + \
            "\nerror: 'timeout': pt2e-opt ran longer than %d s" % timeout
    if stderr_path:
        with open(stderr_path, "w") as f:
            f.write(err)
    return rc, err, time.time() - t0


def split_dump(err):
    """The IR dumped after pt2e-prepare, the rest of stderr (dumps left
    out), and the last pass whose dump is there."""
    dump, rest, which, last = [], [], None, None
    for ln in err.split("\n"):
        m = DUMP_HEADER.match(ln)
        if m:
            which = last = m.group(1)
            continue
        if which and (ln.startswith("pt2e-") or re.match(r"^\S+:\d+:\d+: (error|warning|note|remark)", ln)):
            which = None
        if which == "pt2e-prepare":
            dump.append(ln)
        elif which is None:
            rest.append(ln)
    return "\n".join(dump), "\n".join(rest), last


def measure_one(build, folder, form, outdir, timeout):
    src = os.path.join(folder, form + ".mlir")
    r = {"form": form, "model": os.path.basename(folder)}
    os.makedirs(outdir, exist_ok=True)
    golden_p = read_lines(os.path.join(folder, "placement.txt")) or []
    golden_w = read_lines(os.path.join(folder, "weights.txt")) or []
    counts = dict(ln.split(None, 1) for ln in (read_lines(os.path.join(folder, "counts.txt")) or []))
    r["units_total"] = len(golden_p)
    r["weights_total"] = len(golden_w)
    r["convs"] = int(counts.get("convs", 0))
    r["linears"] = int(counts.get("linears", 0))
    tmp = tempfile.mkdtemp(prefix="measure-")
    try:
        # 1. the fold alone, weights
        wpath = os.path.join(tmp, "fold.mlir")
        rc, err, dt = pt2e(build, [src, "-p", "builtin.module(pt2e-fold-batchnorm)", "-o", wpath] + PRINT,
                           timeout, os.path.join(outdir, form + ".fold.stderr"))
        r["fold_s"] = round(dt, 1)
        if rc == 0:
            ours_w = awk("weights.awk", wpath)
            with open(os.path.join(outdir, form + ".weights.txt"), "w") as f:
                f.write("\n".join(ours_w) + "\n")
            r["weights_same"] = multiset_match(golden_w, ours_w)
            r["fold"] = "ok"
        else:
            r["weights_same"] = 0
            r["fold"] = "FAIL " + first_error(err)
        if os.path.exists(wpath):
            os.remove(wpath)
        # 2. the whole flow
        report = os.path.join(outdir, form + ".report.json")
        if os.path.exists(report):
            os.remove(report)
        calib = os.path.join(folder, "calib.npz")
        pipe = ("builtin.module(pt2e-annotate{per-channel=true},pt2e-prepare,"
                "pt2e-report{format=json output=%s},pt2e-calibrate{data=%s},pt2e-convert,"
                "pt2e-lower-int8)" % (report, calib))
        opath = os.path.join(tmp, "int8.mlir")
        rc, err, dt = pt2e(build, [src, "-p", pipe, "-o", opath,
                                   "--mlir-print-ir-after=pt2e-annotate,pt2e-prepare,pt2e-calibrate,pt2e-convert"]
                            + PRINT + ELIDE, timeout)
        r["flow_s"] = round(dt, 1)
        dump, rest, last = split_dump(err)
        with open(os.path.join(outdir, form + ".flow.stderr"), "w") as f:
            f.write(rest)
        if dump.strip():
            ppath = os.path.join(tmp, "prep.mlir")
            with open(ppath, "w") as f:
                f.write(dump)
            ours_p = awk("placement.awk", ppath)
            with open(os.path.join(outdir, form + ".placement.txt"), "w") as f:
                f.write("\n".join(ours_p) + "\n")
            r["units_ours"] = len(ours_p)
            r["units_same"] = multiset_match(golden_p, ours_p)
        else:
            r["units_ours"] = 0
            r["units_same"] = 0
        if rc == 0:
            r["e2e"] = "ok"
            ints = dict(ln.split() for ln in awk("int8.awk", opath))
            r["conv_lowered"] = int(ints.get("lowered_conv", 0))
            r["linear_lowered"] = int(ints.get("lowered_linear", 0))
            r["float_conv_left"] = int(ints.get("float_conv", 0))
            r["float_linear_left"] = int(ints.get("float_linear", 0))
        else:
            # the failing pass: the one the error names, else the one after
            # the last pass whose IR was dumped
            m = re.search(r"error: '(pt2e-[a-z0-9-]+)'", first_error(rest))
            done = STAGES.index(last) if last in STAGES else -1
            failed = m.group(1) if m else \
                ("pt2e-lower-int8" if done >= STAGES.index("pt2e-convert") else
                 STAGES[min(done + 1 + (done == 1), len(STAGES) - 1)])
            r["e2e"] = "FAIL %s: %s" % (failed, first_error(rest))
            r["conv_lowered"] = r["linear_lowered"] = 0
        r["lowered_summary"] = lowered_summary(rest)
        cov = coverage_from_stderr(rest) + coverage_from_json(report)
        r["not_quantized"] = len(cov)
        r["reasons"] = collections.Counter("%s: %s" % (op, reason) for _, op, _, reason in cov)
        with open(os.path.join(outdir, form + ".coverage.txt"), "w") as f:
            f.write("".join("%s\t%s\t%s\t%s\n" % c for c in cov))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return r


def status_of(folder):
    st = {}
    for ln in read_lines(os.path.join(folder, "status.txt")) or []:
        parts = ln.split(None, 2)
        st[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "")
    return st


def pct(a, b):
    return "%.0f%%" % (100.0 * a / b) if b else "-"


def write_svg(path, rows):
    """Grouped bars per exporter form: units matched, weights identical,
    convs/linears lowered (shares of torch's)."""
    metrics = (("units matched", "#4e79a7"), ("weights bit-identical", "#59a14f"),
               ("convs+linears lowered", "#e15759"))
    w, h, left, top, bottom = 760, 340, 60, 40, 60
    gw = (w - left - 20) / max(1, len(rows))
    bw = gw / 4.5
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
           'font-size="12">' % (w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14">pt2e-mlir on the corpus: share of torchao\'s, per exporter form</text>' % left]
    ph = h - top - bottom
    for k in range(0, 101, 25):
        y = top + ph * (1 - k / 100.0)
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (left, w - 20, y, y))
        out.append('<text x="%d" y="%.1f" text-anchor="end">%d%%</text>' % (left - 5, y + 4, k))
    for i, (form, vals) in enumerate(rows):
        x0 = left + i * gw + bw * 0.5
        for j, v in enumerate(vals):
            bh = ph * v
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %.1f%%</title></rect>'
                       % (x0 + j * bw, top + ph - bh, bw * 0.9, bh, metrics[j][1], form, metrics[j][0], 100 * v))
            out.append('<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%.0f</text>'
                       % (x0 + j * bw + bw * 0.45, top + ph - bh - 3, 100 * v))
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x0 + 1.5 * bw, top + ph + 18, form))
    for j, (name, color) in enumerate(metrics):
        x = left + j * 220
        out.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (x, h - 22, color))
        out.append('<text x="%d" y="%d">%s</text>' % (x + 16, h - 12, name))
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def write_png(path, rows):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception:  # noqa: BLE001
        return False
    labels = ("units matched", "weights bit-identical", "convs+linears lowered")
    fig, ax = plt.subplots(figsize=(8, 3.5))
    for j, lab in enumerate(labels):
        ax.bar([i + (j - 1) * 0.27 for i in range(len(rows))], [100 * v[j] for _, v in rows], 0.27, label=lab)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f for f, _ in rows])
    ax.set_ylabel("% of torchao's")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--models")
    ap.add_argument("--forms", default=",".join(FORMS))
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    out = os.path.abspath(args.out or os.path.join(args.corpus, "results"))
    os.makedirs(out, exist_ok=True)
    forms = args.forms.split(",")
    models = args.models.split(",") if args.models else sorted(
        d for d in os.listdir(args.corpus) if os.path.exists(os.path.join(args.corpus, d, "status.txt")))
    jobs = []
    status = {}
    for m in models:
        folder = os.path.join(args.corpus, m)
        status[m] = status_of(folder)
        for form in forms:
            if os.path.exists(os.path.join(folder, form + ".mlir")):
                jobs.append((m, form))
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(measure_one, build, os.path.join(args.corpus, m), f, os.path.join(out, m),
                          args.timeout): (m, f) for m, f in jobs}
        for fut in concurrent.futures.as_completed(futs):
            m, f = futs[fut]
            try:
                results[m, f] = fut.result()
            except Exception as e:  # noqa: BLE001
                results[m, f] = {"model": m, "form": f, "e2e": "FAIL measure: %s" % e}
            r = results[m, f]
            print("%-20s %-9s e2e %-40s units %s/%s weights %s/%s lowered %s/%s (%.0f s)" % (
                m, f, r.get("e2e", "")[:40], r.get("units_same"), r.get("units_total"),
                r.get("weights_same"), r.get("weights_total"),
                r.get("conv_lowered", 0) + r.get("linear_lowered", 0),
                r.get("convs", 0) + r.get("linears", 0), r.get("fold_s", 0) + r.get("flow_s", 0)),
                flush=True)
    # per model detail
    cols = ("model", "form", "export", "fold", "e2e", "units_same", "units_total", "units_ours",
            "weights_same", "weights_total", "conv_lowered", "convs", "linear_lowered", "linears",
            "not_quantized", "top_reasons", "lowered_summary")
    with open(os.path.join(out, "detail.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for m in models:
            for form in forms:
                st = status[m].get(form, ("?", ""))
                r = results.get((m, form), {})
                row = dict(r)
                row["model"], row["form"] = m, form
                row["export"] = "ok" if st[0] == "ok" else "FAIL " + st[1]
                row["top_reasons"] = "; ".join("%s x%d" % kv for kv in
                                               (r.get("reasons") or collections.Counter()).most_common(3))
                f.write("\t".join(str(row.get(c, "")) for c in cols) + "\n")
    # one table per exporter form
    lines = ["| form | models exported | end to end | units matched to torchao | weights bit-identical "
             "| convs + linears lowered to int8 TOSA | ops not quantized (most common) |",
             "|---|---|---|---|---|---|---|"]
    svg_rows = []
    for form in forms:
        exported = [m for m in models if status[m].get(form, ("?",))[0] == "ok"]
        rs = [results[m, form] for m in exported if (m, form) in results]
        e2e = sum(1 for r in rs if r.get("e2e") == "ok")
        us, ut = sum(r.get("units_same", 0) for r in rs), sum(r.get("units_total", 0) for r in rs)
        ws, wt = sum(r.get("weights_same", 0) for r in rs), sum(r.get("weights_total", 0) for r in rs)
        low = sum(min(r.get("conv_lowered", 0), r.get("convs", 0)) +
                  min(r.get("linear_lowered", 0), r.get("linears", 0)) for r in rs)
        tot = sum(r.get("convs", 0) + r.get("linears", 0) for r in rs)
        nq = sum(r.get("not_quantized", 0) for r in rs)
        reasons = collections.Counter()
        for r in rs:
            reasons.update(r.get("reasons") or {})
        top = ", ".join("%s (%d)" % kv for kv in reasons.most_common(3))
        lines.append("| %s | %d / %d | %d / %d | %d / %d (%s) | %d / %d (%s) | %d / %d (%s) | %d%s |" % (
            form, len(exported), len(models), e2e, len(exported), us, ut, pct(us, ut), ws, wt, pct(ws, wt),
            low, tot, pct(low, tot), nq, (": " + top) if top else ""))
        svg_rows.append((form, (us / ut if ut else 0, ws / wt if wt else 0, low / tot if tot else 0)))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(text)
    write_svg(os.path.join(out, "summary.svg"), svg_rows)
    write_png(os.path.join(out, "summary.png"), svg_rows)
    print()
    print(text)
    print("detail: %s" % os.path.join(out, "detail.tsv"))
    print("picture: %s" % os.path.join(out, "summary.svg"))


if __name__ == "__main__":
    sys.exit(main())
