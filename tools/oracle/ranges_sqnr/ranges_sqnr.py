#!/usr/bin/env python3
"""Issue 16's table: int8 output SQNR against float, and calibration time, of
OUR pipeline for a list of rows (a pt2e-annotate option string each) on
ResNet-18, MobileNetV2 (BatchNorm in the module) and the
TransformerEncoderLayer.

  .venv/bin/python tools/oracle/ranges_sqnr/ranges_sqnr.py WORKDIR BUILD_BIN \
      [--models resnet18,mobilenet_v2,transformer] [--rows 'label=options;label=options'] \
      [--batch 2] [--size 224] [--seq 32] [--batches 4] [--test-batches 8] [--test-seed 1] \
      [--repeat 3]

Rows: ROWS below, or --rows (';'-separated 'label=options', options as
pt2e-annotate takes them, '' for the default). A row is one run of
  pt2e-opt MODEL.mlir  -p 'pt2e-annotate{OPTIONS}, pt2e-prepare'
  pt2e-opt prepared    -p 'pt2e-calibrate{data=calib.npz timing=on}, pt2e-convert'
  pt2e-run converted   on every test batch
and its cells: SQNR (dB, torchao's compute_sqnr over the whole test set,
against the float model in torch) and the pt2e-calibrate pass's wall time
(MLIR's --mlir-timing: the batch loop and every qparams computation, without
parsing and printing), the smallest of --repeat runs, interleaved: every
row's calibration once per round, so the rows of one round see the same
machine load. Times are noisy on a shared machine: compare rows of one run.

Models: bench/pytorch/models.py (seeded weights, random BatchNorm statistics,
eval mode, not folded before export), exported by torch-mlir's FX importer to
linalg-on-tensors as tools/oracle/placement/convnets_sqnr.py does (WORKDIR/
MODEL/MODEL.mlir, reused if present). Calibration: --batches x torch.randn
from torch.Generator().manual_seed(0); test set: --test-batches more from
manual_seed(--test-seed). The transformer takes (batch, --seq, 256).
"""
import argparse
import os
import re
import subprocess
import sys
import time
import warnings

warnings.filterwarnings("ignore")
import logging  # noqa: E402

logging.disable(logging.WARNING)

import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "pytorch"))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
import models  # noqa: E402
from common import sqnr  # noqa: E402

# (label, pt2e-annotate options). More rows: append here or pass --rows.
ROWS = [
    ("Histogram (a8w8, XNNPACK's default)", ""),
    ("MinMax", "activation-observer=minmax"),
    ("percentile 99.99 (ONNX Runtime, symmetric)", "activation-observer=percentile percentile=99.99"),
    ("entropy (ONNX Runtime, 128/128 bins)", "activation-observer=entropy"),
    ("distribution (ONNX Runtime, 2048 bins)", "activation-observer=distribution"),
    ("a16w8 (int16 activations, Histogram)", "activation-dtype=int16"),
    ("a16w8 MinMax", "activation-dtype=int16 activation-observer=minmax"),
    ("w4 (int4 per-channel weights [-8, 7])", "weight-dtype=int4"),
]

# Per-channel activation ranges (docs/per-channel-histograms.md), appended
# with --channel-rows. Axis 1 is the channel of the convnets' NCHW
# activations; the transformer's activations are 3-D and 2-D around its
# linears, so no single non-negative axis is their feature axis (annotations
# take ch_axis >= 0): run these rows on the convnets.
CHANNEL_ROWS = [
    ("Histogram per channel (axis 1)", "activation-ch-axis=1"),
    ("percentile 99.99 per channel (axis 1)", "activation-observer=percentile percentile=99.99 activation-ch-axis=1"),
    ("entropy per channel (axis 1)", "activation-observer=entropy activation-ch-axis=1"),
]


def sh(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
    return p


def parse_rows(text):
    rows = []
    for part in text.split(";"):
        if part.strip():
            label, _, opts = part.partition("=")
            rows.append((label.strip(), opts.strip()))
    return rows


def prepare_model(name, a):
    work = os.path.join(a.workdir, name)
    os.makedirs(work, exist_ok=True)
    size = a.seq if name == "transformer" else a.size
    model, shape = models.MODELS[name](a.batch, size)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*shape, generator=g) for _ in range(a.batches)]
    gt = torch.Generator().manual_seed(a.test_seed)
    xs = [torch.randn(*shape, generator=gt) for _ in range(a.test_batches)]
    np.savez(os.path.join(work, "calib.npz"), arg0=torch.stack(batches).numpy())
    with torch.no_grad():
        ref = torch.cat([model(x) for x in xs]).numpy()
    mlir = os.path.join(work, name + ".mlir")
    if not os.path.exists(mlir):
        from torch_mlir import fx
        mod = fx.export_and_import(model, xs[0], output_type="linalg-on-tensors", func_name="forward")
        with open(mlir, "w") as f:
            f.write(mod.operation.get_asm(large_elements_limit=None, enable_debug_info=True))
    return work, mlir, xs, ref


def prepare_row(work, mlir, opts, a, k):
    prep = os.path.join(work, "row%d.prep.mlir" % k)
    ann = "pt2e-annotate{%s}" % opts if opts else "pt2e-annotate"
    sh([os.path.join(a.bin, "pt2e-opt"), mlir, "-p", "builtin.module(%s, pt2e-prepare)" % ann, "-o", prep])
    return prep


def calibrate_row(work, prep, a, k):
    """One calibration; returns the pt2e-calibrate pass's wall time (s)."""
    calibrated = os.path.join(work, "row%d.cal.mlir" % k)
    p = sh([os.path.join(a.bin, "pt2e-opt"), prep, "--mlir-timing", "-p",
            "builtin.module(pt2e-calibrate{data=%s})" % os.path.join(work, "calib.npz"), "-o", calibrated])
    m = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+Pt2eCalibrate\s*$", p.stderr, re.M)
    if not m:
        raise SystemExit("no Pt2eCalibrate line in --mlir-timing's report:\n" + p.stderr)
    return float(m.group(1))


def sqnr_row(work, xs, ref, a, k):
    opt = os.path.join(a.bin, "pt2e-opt")
    run = os.path.join(a.bin, "pt2e-run")
    calibrated = os.path.join(work, "row%d.cal.mlir" % k)
    qmlir = os.path.join(work, "row%d.q.mlir" % k)
    sh([opt, calibrated, "-p", "builtin.module(pt2e-convert)", "-o", qmlir])
    outs = []
    inp, out = os.path.join(work, "test_batch.npy"), os.path.join(work, "out.npy")
    for x in xs:
        np.save(inp, x.numpy())
        sh([run, qmlir, "--input=" + inp, "--output=" + out])
        outs.append(np.load(out))
    for f in (inp, out, os.path.join(work, "row%d.prep.mlir" % k), calibrated, qmlir):
        os.remove(f)
    return sqnr(ref, np.concatenate(outs))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("workdir")
    p.add_argument("bin")
    p.add_argument("--models", default="resnet18,mobilenet_v2,transformer")
    p.add_argument("--rows", default=None, help="';'-separated 'label=annotate options'")
    p.add_argument("--channel-rows", action="store_true", help="append CHANNEL_ROWS (per-channel activations)")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--size", type=int, default=224)
    p.add_argument("--seq", type=int, default=32)
    p.add_argument("--batches", type=int, default=4)
    p.add_argument("--test-batches", type=int, default=8)
    p.add_argument("--test-seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="calibrations per row (interleaved); the fastest counts")
    a = p.parse_args()
    rows = parse_rows(a.rows) if a.rows is not None else ROWS
    if a.channel_rows:
        rows = list(rows) + CHANNEL_ROWS
    names = a.models.split(",")
    cells = {}
    for name in names:
        work, mlir, xs, ref = prepare_model(name, a)
        preps = [prepare_row(work, mlir, opts, a, k) for k, (_, opts) in enumerate(rows)]
        times = [[] for _ in rows]
        for _ in range(a.repeat):
            for k in range(len(rows)):
                times[k].append(calibrate_row(work, preps[k], a, k))
        for k, (label, _) in enumerate(rows):
            cells[(name, k)] = (sqnr_row(work, xs, ref, a, k), min(times[k]))
            print("# %s / %s: sqnr %.2f dB, pt2e-calibrate %s s" % (
                name, label, cells[(name, k)][0], " ".join("%.2f" % t for t in times[k])), file=sys.stderr)
    print("| method | `pt2e-annotate` options | " +
          " | ".join("%s SQNR (dB) | calib. (s)" % n for n in names) + " |")
    print("|---|---|" + "---:|---:|" * len(names))
    for k, (label, opts) in enumerate(rows):
        print("| %s | `%s` | " % (label, opts or "(default)") +
              " | ".join("%.2f | %.2f" % cells[(n, k)] for n in names) + " |")
    print("\n%d calibration batches of %d, test set %d batches (seed %d); calib.: fastest of %d "
          "interleaved runs of the pt2e-calibrate pass; PT2E_NUM_THREADS=%s PT2E_ISA=%s"
          % (a.batches, a.batch, a.test_batches, a.test_seed, a.repeat,
             os.environ.get("PT2E_NUM_THREADS", "(all)"), os.environ.get("PT2E_ISA", "(cpu)")))


if __name__ == "__main__":
    main()
