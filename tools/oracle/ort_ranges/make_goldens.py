#!/usr/bin/env python3
"""Golden data for test/unit/test_ort_histogram.c, from ONNX Runtime's own
calibration code (tools/oracle/ort_ranges/requirements.txt).

For each case it saves the batches it makes (raw float32), feeds them one
collect_data call per batch to ONNX Runtime's real PercentileCalibrater /
EntropyCalibrater / DistributionCalibrater on a one-Identity ONNX model,
checks that HistogramCollector.collect on the same batches gives the same
state and ranges, and writes under test/Inputs/observers/:

  ort_<tensor>.b<k>.f32    the batches (raw little-endian float32)
  ort_<case>.edges.f32     hist_edges after the last batch (float32)
  ort_<case>.case          tokens ('#' starts a comment line):
      method percentile|entropy|distribution   symmetric 0|1
      num_bins N   num_quantized_bins N   percentile HEX64 (float64 bits)
      batch FILE.f32 N  (in order)   status ok|error
      bins N   counts N INT...   min HEX   max HEX   (collector state)
      range HEX HEX                (TensorsData[name].range_value)
  ort_numpy.case           np.log of float32 values and np.floor_divide
                           of float32 pairs, the numpy steps the C code
                           reproduces: log N (HEX HEX)...  floordiv N
                           (HEX HEX HEX)...   sum N FILE HEX (np.sum)

Every float is its bit pattern in hex. Usage:
  ${VENV_ORT:-.venv-ort}/bin/python tools/oracle/ort_ranges/make_goldens.py [OUTDIR]
  ${VENV_ORT:-.venv-ort}/bin/python tools/oracle/ort_ranges/make_goldens.py --only-constant [OUTDIR]

--only-constant writes only the constant-activation cases (constant_pct_*:
every value 0.1, the data of ir-forms E2, whose percentile range ONNX
Runtime returns inverted, (0.1, 0.09999999)) and adds their names to
ort_cases.txt, leaving every other golden as it is.
"""

import os
import struct
import sys
import tempfile
import warnings

import numpy as np
import onnx
import onnxruntime
from onnx import TensorProto, helper
from onnxruntime.quantization import calibrate as C

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
ONLY_CONSTANT = "--only-constant" in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != "--only-constant"]
OUT = ARGS[0] if ARGS else os.path.join(ROOT, "test", "Inputs", "observers")
os.makedirs(OUT, exist_ok=True)

F32 = np.float32


def hex32(v):
    return "%08x" % struct.unpack("<I", struct.pack("<f", float(F32(v))))[0]


def hex64(v):
    return "%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0]


def identity_model(path, n):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [n])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [n])
    node = helper.make_node("Identity", ["x"], ["t"])
    node2 = helper.make_node("Relu", ["t"], ["y"])  # keeps 't' an inner tensor
    g = helper.make_graph([node, node2], "g", [x], [y])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    onnx.save(m, path)


class OneBatch(C.CalibrationDataReader):
    def __init__(self, batch):
        self.items = [{"x": batch}]

    def get_next(self):
        return self.items.pop() if self.items else None


def run_calibrater(method, batches, opts):
    """ONNX Runtime's calibrater class, one collect_data per batch; all
    batches flattened to one length (the model's input)."""
    n = max(b.size for b in batches)
    with tempfile.TemporaryDirectory() as d:
        mp = os.path.join(d, "m.onnx")
        identity_model(mp, n)
        cls = {"percentile": C.PercentileCalibrater, "entropy": C.EntropyCalibrater,
               "distribution": C.DistributionCalibrater}[method]
        kw = dict(augmented_model_path=os.path.join(d, "aug.onnx"))
        if method == "percentile":
            kw.update(symmetric=opts["symmetric"], num_bins=opts["num_bins"],
                      percentile=opts["percentile"])
        elif method == "entropy":
            kw.update(symmetric=opts["symmetric"], num_bins=opts["num_bins"],
                      num_quantized_bins=opts["num_quantized_bins"])
        else:
            kw.update(num_bins=opts["num_bins"])
        cal = cls(mp, **kw)
        cal.augment_graph()
        cal.create_inference_session()
        for b in batches:
            assert b.size == n, "calibrater batches share the model's shape"
            cal.collect_data(OneBatch(b.reshape(-1)))
        td = cal.compute_data()
        hist = cal.collector.histogram_dict["t"]
        return td["t"].range_value, hist


def run_collector(method, batches, opts):
    col = C.HistogramCollector(method=method, symmetric=opts["symmetric"],
                               num_bins=opts["num_bins"],
                               num_quantized_bins=opts["num_quantized_bins"],
                               percentile=opts["percentile"], scenario="same")
    for b in batches:
        col.collect({"t": [b]})
    res = col.compute_collection_result()["t"]
    if isinstance(res, C.TensorData):
        rng = res.range_value
    else:
        rng = (res[0], res[1])
    return rng, col.histogram_dict["t"]


def write_case(name, tname, method, batches, symmetric=False, num_bins=128,
               num_quantized_bins=128, percentile=99.999):
    opts = dict(symmetric=symmetric, num_bins=num_bins,
                num_quantized_bins=num_quantized_bins, percentile=percentile)
    batches = [np.ascontiguousarray(b, dtype=F32) for b in batches]
    rng, hist = run_collector(method, batches, opts)
    if len({b.size for b in batches}) == 1:
        rng2, hist2 = run_calibrater(method, batches, opts)
        assert hex32(rng[0]) == hex32(rng2[0]) and hex32(rng[1]) == hex32(rng2[1]), name
        assert np.array_equal(hist[0], hist2[0]) and np.array_equal(hist[1], hist2[1]), name
    lines = [f"# {name}: onnxruntime {onnxruntime.__version__}, numpy {np.__version__}",
             f"method {method}", f"symmetric {int(symmetric)}", f"num_bins {num_bins}",
             f"num_quantized_bins {num_quantized_bins}", f"percentile {hex64(percentile)}"]
    for k, b in enumerate(batches):
        fn = f"ort_{tname}.b{k}.f32"
        b.astype("<f4").tofile(os.path.join(OUT, fn))
        lines.append(f"batch {fn} {b.size}")
    counts, edges = hist[0], hist[1]
    assert edges.dtype == F32 and counts.dtype == np.int64
    edges.astype("<f4").tofile(os.path.join(OUT, f"ort_{name}.edges.f32"))
    lines.append(f"bins {counts.size}")
    lines.append(f"counts {counts.size} " + " ".join(str(int(c)) for c in counts))
    lines.append(f"min {hex32(hist[2])} max {hex32(hist[3])}")
    lines.append(f"range {hex32(rng[0])} {hex32(rng[1])}")
    with open(os.path.join(OUT, f"ort_{name}.case"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return name


def numpy_case(rng):
    x = np.concatenate([rng.random(2000).astype(F32) * 4 + F32(1e-6),
                        (rng.random(200) * 1e-30).astype(F32) + F32(1e-38),
                        np.array([1.0, 2.0, 0.5, 0.70710677, 0.70710683, 3e-39], F32)])
    lg = np.log(x)
    a = (rng.standard_normal(500) * 10).astype(F32)
    b = (rng.random(500) * 0.3 + 1e-4).astype(F32)
    fd = np.floor_divide(a, b)
    s = (rng.standard_normal(3001) * 3).astype(F32)
    s.astype("<f4").tofile(os.path.join(OUT, "ort_numpy_sum.f32"))
    lines = [f"# numpy {np.__version__} steps; machine flags matter for np.log (AVX2/AVX512F path)",
             f"log {x.size} " + " ".join(f"{hex32(u)} {hex32(v)}" for u, v in zip(x, lg)),
             f"floordiv {a.size} " + " ".join(f"{hex32(u)} {hex32(v)} {hex32(w)}" for u, v, w in zip(a, b, fd)),
             "sum " + " ".join(f"{n} {hex32(np.sum(s[:n]))}" for n in (1, 7, 8, 9, 127, 128, 129, 1000, 3001))]
    with open(os.path.join(OUT, "ort_numpy.case"), "w") as f:
        f.write("\n".join(lines) + "\n")


def conv_relu_ranges():
    """The range ONNX Runtime gives the notebook's ConvReLU input over the 8
    calibration batches pt2e-calibrate feeds (one collect per batch), per
    pt2e-annotate option string: test/calibrate/ort-observers.test."""
    arg0 = np.load(os.path.join(ROOT, "examples", "conv_relu", "golden", "calib.npz"))["arg0"]
    batches = [np.ascontiguousarray(b, dtype=F32) for b in arg0]
    configs = [
        ("percentile", "percentile", dict(symmetric=True, num_bins=2048, percentile=99.999)),
        ("percentile-99.99", "percentile", dict(symmetric=True, num_bins=2048, percentile=99.99)),
        ("percentile-asym", "percentile", dict(symmetric=False, num_bins=2048, percentile=99.99)),
        ("entropy", "entropy", dict(symmetric=False, num_bins=128, num_quantized_bins=128)),
        ("entropy-512-64", "entropy", dict(symmetric=False, num_bins=512, num_quantized_bins=64)),
        ("distribution", "distribution", dict(symmetric=False, num_bins=2048)),
    ]
    lines = [f"# onnxruntime {onnxruntime.__version__}, numpy {np.__version__}: "
             "range_value of examples/conv_relu/golden/calib.npz arg0, 8 collect_data calls"]
    for tag, method, o in configs:
        opts = dict(symmetric=o["symmetric"], num_bins=o["num_bins"],
                    num_quantized_bins=o.get("num_quantized_bins", 128),
                    percentile=o.get("percentile", 99.999))
        rng, _ = run_calibrater(method, [b.reshape(-1) for b in batches], opts)
        lines.append(f'{tag} "range": [{float(rng[0]):.9g}, {float(rng[1]):.9g}]')
    path = os.path.join(ROOT, "test", "calibrate", "Inputs", "ort_conv_relu_x.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def bad_inputs():
    """Calibration data ONNX Runtime refuses (np.histogram raises): NaN in
    the first batch of a symmetric percentile, an infinity for every
    method; shaped for test/calibrate/Inputs/conv_relu_small.mlir."""
    rng = np.random.default_rng(7)
    base = rng.standard_normal((2, 1, 3, 8, 8)).astype(F32)
    nan = base.copy()
    nan[0, 0, 1, 2, 3] = np.nan
    inf = base.copy()
    inf[1, 0, 0, 0, 5] = np.inf
    d = os.path.join(ROOT, "test", "calibrate", "Inputs")
    np.savez(os.path.join(d, "ort_first_nan.npz"), arg0=nan)
    np.savez(os.path.join(d, "ort_inf.npz"), arg0=inf)


def constant_cases():
    """A constant activation (ir-forms E2: every value 0.1, two batches):
    the data is narrower than one bin, and ONNX Runtime's percentile range
    comes out inverted (the picked edge is clamped to the min on one side
    only); its quantizer still quantizes it (compute_scale_zp widens the
    range to hold 0 first), and so do we."""
    const = [np.full(16, 0.1, F32), np.full(16, 0.1, F32)]
    return [write_case("constant_pct_sym", "constant", "percentile", const, symmetric=True, num_bins=2048, percentile=99.999),
            write_case("constant_pct_asym", "constant", "percentile", const, symmetric=False, num_bins=2048, percentile=99.99)]


def add_constant_cases():
    """--only-constant: the constant cases alone, listed in ort_cases.txt."""
    names = constant_cases()
    path = os.path.join(OUT, "ort_cases.txt")
    with open(path) as f:
        have = f.read().splitlines()
    with open(path, "a") as f:
        for n in names:
            if n not in have:
                f.write(n + "\n")


def main():
    if ONLY_CONSTANT:
        add_constant_cases()
        return
    rng = np.random.default_rng(20261201)
    shape = (4, 3, 16, 16)
    randn = lambda s=1.0: (rng.standard_normal(shape) * s).astype(F32)
    growing = [randn(1.0), randn(2.0), randn(4.5)]
    shrinking = [randn(3.0), randn(1.0), randn(0.5)]
    zeros = [np.zeros(shape, F32), np.zeros(shape, F32), randn(1.0)]
    negative = [-np.abs(randn(1.0)), -np.abs(randn(2.0)) - 1.0, -np.abs(randn(0.5))]
    relu = [np.maximum(randn(1.0), 0), np.maximum(randn(1.5), 0), np.maximum(randn(0.7), 0)]
    big = [(rng.standard_normal(70001) * 2).astype(F32), (rng.standard_normal(70001) * 5).astype(F32)]
    tensors = {"growing": growing, "shrinking": shrinking, "zeros": zeros,
               "negative": negative, "relu": relu, "large": big}
    names = []
    for tname, bs in tensors.items():
        names.append(write_case(f"{tname}_pct_sym", tname, "percentile", bs, symmetric=True, num_bins=2048, percentile=99.999))
        names.append(write_case(f"{tname}_pct_asym", tname, "percentile", bs, symmetric=False, num_bins=2048, percentile=99.99))
        names.append(write_case(f"{tname}_entropy", tname, "entropy", bs, num_bins=128, num_quantized_bins=128))
        names.append(write_case(f"{tname}_distribution", tname, "distribution", bs, num_bins=2048))
    names.append(write_case("growing_entropy_512_64", "growing", "entropy", growing, num_bins=512, num_quantized_bins=64))
    names.append(write_case("growing_pct_sym_9999", "growing", "percentile", growing, symmetric=True, num_bins=2048, percentile=99.99))
    names += constant_cases()
    with open(os.path.join(OUT, "ort_cases.txt"), "w") as f:
        f.write(f"# onnxruntime {onnxruntime.__version__} numpy {np.__version__}\n" + "\n".join(names) + "\n")
    numpy_case(rng)
    conv_relu_ranges()
    bad_inputs()


if __name__ == "__main__":
    main()
