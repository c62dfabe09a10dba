#!/usr/bin/env python3
"""Golden data for per-channel histograms (test/unit/test_channel_histograms.c):
the per-tensor method applied to each channel's slice, by the real libraries.

Three steps, each runnable in the venv that has its library:

  data   (any python3 with numpy)  makes the batches and writes them as raw
         float32 (test/Inputs/observers/chhist_<case>.b<k>.f32);
  torch  (.venv: torch 2.15, torchao 0.18)  runs torchao's
         HistogramObserver (per_tensor_* qscheme) on x.take(c, axis) of each
         batch, one observer per channel, and writes each channel's min, max,
         histogram and calculate_qparams;
  ort    (.venv-ort: onnxruntime 1.31.1, numpy 2.4.6)  runs ONNX
         Runtime's calibrate.py HistogramCollector on each channel's slice
         (one collect per batch) and writes each channel's collected
         histogram (counts, edges, min, max) and compute_* range.

The slicing is numpy's x.take(c, axis=ch_axis), row-major: the order
pt2eObserverUpdate gathers a channel in. Case file chhist_<case>.case:

  kind K  qscheme Q  ch_axis A  dtype i8  quant_min N  quant_max N  bins N
  percentile HEX64  symmetric 0|1  num_quantized_bins N
  batch FILE RANK D...            (in order)
  channels C
  channel c min HEX max HEX scale HEX zp N     (torch cases)
  channel c min HEX max HEX bins N counts INT... range HEX HEX  (ort cases)

plus chhist_<case>.hist.f32 (torch: the channels' histograms one after the
other) or chhist_<case>.edges.f32 (ort: the channels' edges one after the
other). Floats are bit patterns in hex. Usage, from the repository root:

  python3 tools/oracle/channel_histograms/make_goldens.py data
  .venv/bin/python tools/oracle/channel_histograms/make_goldens.py torch
  ${VENV_ORT:-.venv-ort}/bin/python tools/oracle/channel_histograms/make_goldens.py ort
"""

import os
import struct
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(ROOT, "test", "Inputs", "observers")
F32 = np.float32

# The batches: (name, shape, ch_axis, number of batches). Channel 2 is
# constant (0.75), channel 3 negative only; the range grows from batch to
# batch (batch k is scaled by 1 + k/2), so histograms are merged/widened.
DATA = [("a", (2, 4, 6, 5), 1, 3),   # NCHW, the channel axis of a conv output
        ("b", (6, 4), -1, 4)]        # [tokens, features], the last axis


def hex32(v):
    return "%08x" % struct.unpack("<I", struct.pack("<f", float(F32(v))))[0]


def hex64(v):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0]


def batch_file(data, k):
    return "chhist_%s.b%d.f32" % (data, k)


def make_data():
    rng = np.random.default_rng(16)
    for name, shape, axis, nb in DATA:
        for k in range(nb):
            x = (rng.standard_normal(shape) * (1 + k / 2)).astype(F32)
            x = np.moveaxis(x, axis, 0)
            x[2] = F32(0.75)
            x[3] = -np.abs(x[3]) - F32(0.125)
            x = np.ascontiguousarray(np.moveaxis(x, 0, axis))
            x.astype("<f4").tofile(os.path.join(OUT, batch_file(name, k)))


def load(name):
    for n, shape, axis, nb in DATA:
        if n == name:
            return [np.fromfile(os.path.join(OUT, batch_file(n, k)), "<f4").reshape(shape)
                    for k in range(nb)], axis
    raise KeyError(name)


def header(kind, qscheme, axis, bins, data, batches, percentile=99.999,
           symmetric=0, nqb=128):
    lines = ["kind " + kind, "qscheme " + qscheme, "ch_axis %d" % axis,
             "dtype i8", "quant_min -128", "quant_max 127", "bins %d" % bins,
             "percentile " + hex64(percentile), "symmetric %d" % symmetric,
             "num_quantized_bins %d" % nqb]
    for k, b in enumerate(batches):
        lines.append("batch %s %d %s" % (batch_file(data, k), b.ndim,
                                         " ".join(str(d) for d in b.shape)))
    return lines


# (case, data, qscheme, bins)
TORCH_CASES = [("hist_affine", "a", "per_channel_affine", 64),
               ("hist_symmetric", "b", "per_channel_symmetric", 32)]


def torch_goldens():
    import torch
    import torchao
    from torchao.quantization.pt2e import observer as O
    for case, data, qscheme, bins in TORCH_CASES:
        batches, axis = load(data)
        channels = batches[0].shape[axis]
        per_tensor = (torch.per_tensor_symmetric if qscheme.endswith("symmetric")
                      else torch.per_tensor_affine)
        lines = ["# %s: torch %s, torchao %s; HistogramObserver per channel slice"
                 % (case, torch.__version__, torchao.__version__)]
        lines += header("histogram", qscheme, axis, bins, data, batches)
        lines.append("channels %d" % channels)
        hists = []
        for c in range(channels):
            obs = O.HistogramObserver(bins=bins, dtype=torch.int8,
                                      qscheme=per_tensor, quant_min=-128,
                                      quant_max=127, eps=2 ** -12)
            for b in batches:
                obs(torch.from_numpy(np.ascontiguousarray(b.take(c, axis=axis))))
            scale, zp = obs.calculate_qparams()
            lines.append("channel %d min %s max %s scale %s zp %d" % (
                c, hex32(obs.min_val.item()), hex32(obs.max_val.item()),
                hex32(scale.item()), int(zp.item())))
            hists.append(obs.histogram.numpy().astype("<f4"))
        np.concatenate(hists).tofile(os.path.join(OUT, "chhist_%s.hist.f32" % case))
        with open(os.path.join(OUT, "chhist_%s.case" % case), "w") as f:
            f.write("\n".join(lines) + "\n")


# (case, data, method, symmetric, num_bins, num_quantized_bins, percentile)
ORT_CASES = [("percentile_sym", "a", "percentile", 1, 128, 128, 99.9),
             ("percentile_asym", "b", "percentile", 0, 128, 128, 99.0),
             ("entropy", "a", "entropy", 0, 128, 16, 99.999),
             ("distribution", "b", "distribution", 0, 512, 128, 99.999)]


def ort_goldens():
    import onnxruntime
    from onnxruntime.quantization import calibrate as C
    for case, data, method, sym, nbins, nqb, pct in ORT_CASES:
        batches, axis = load(data)
        channels = batches[0].shape[axis]
        lines = ["# %s: onnxruntime %s, numpy %s; HistogramCollector per channel slice"
                 % (case, onnxruntime.__version__, np.__version__)]
        lines += header(method, "per_channel_symmetric" if sym else "per_channel_affine",
                        axis, nbins, data, batches, pct, sym, nqb)
        lines.append("channels %d" % channels)
        edges = []
        for c in range(channels):
            col = C.HistogramCollector(method=method, symmetric=bool(sym),
                                       num_bins=nbins, num_quantized_bins=nqb,
                                       percentile=pct, scenario="same")
            for b in batches:
                col.collect({"t": [np.ascontiguousarray(b.take(c, axis=axis))]})
            hist = col.histogram_dict["t"]
            res = col.compute_collection_result()["t"]
            rng = res.range_value if isinstance(res, C.TensorData) else (res[0], res[1])
            counts = hist[0]
            assert counts.dtype == np.int64 and hist[1].dtype == F32
            lines.append("channel %d min %s max %s bins %d counts %s range %s %s" % (
                c, hex32(hist[2]), hex32(hist[3]), counts.size,
                " ".join(str(int(v)) for v in counts), hex32(rng[0]), hex32(rng[1])))
            edges.append(hist[1].astype("<f4"))
        np.concatenate(edges).tofile(os.path.join(OUT, "chhist_%s.edges.f32" % case))
        with open(os.path.join(OUT, "chhist_%s.case" % case), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    step = sys.argv[1] if len(sys.argv) > 1 else ""
    {"data": make_data, "torch": torch_goldens, "ort": ort_goldens}[step]()
