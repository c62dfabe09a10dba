"""Goldens for pt2e-numeric-debug on the bundled conv -> relu, computed
independently in PyTorch (docs/numeric-debug.md says what each number is).

The model is examples/conv_relu's ConvReLU (Conv2d(3, 8, 3x3) + ReLU) with
its saved weights (golden/params.npz) and the qparams real torchao computed
for it (golden/qparams.txt: prepare_pt2e + XNNPACKQuantizer per channel, 8
calibration batches). Its quantized form is what convert_pt2e makes of it:
quantize -> dequantize of x (activation_post_process_0), of the conv weight
per channel (_1) and of the relu output (_2); the bias stays float.

For each point, in float64 sums over every batch of the data file:
  sqnr_in     the quantized model's value reaching the point against the
              float model's there (x: the input itself, so inf; the weight:
              no float value reaches a folded weight, so '-')
  sqnr_out    the same after the point's quantize-dequantize
  local       the point's quantize-dequantize of the float value
and the output's SQNR. 10*log10(sum ref^2 / sum (ref - y)^2).

Then torchao's own numeric debugger (generate_numeric_debug_handle,
prepare_for_propagation_comparison, compare_results) on the same model,
calibrated on the same batches, on the test input: it logs each float
node's output and the output of the same node in the converted graph
*after* its quantize-dequantize (its logger sits on the dequantize), so its
SQNR at 'relu' is our sqnr_out of activation_post_process_2; at 'conv2d'
(no quantization point of its own: XNNPACK fuses conv + relu) we have
nothing. Its compute_sqnr works in float32 (39.4984 dB here), the same
tensors with float64 sums give our figure (39.495470).

Writes test/numeric-debug/Inputs/conv_relu.golden (or the path given).
Usage: .venv/bin/python tools/oracle/numeric_debug/conv_relu.py [OUT]
"""

import os
import platform
import struct
import sys
import warnings

import numpy as np
import torch
import torchao

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import ConvReLU  # noqa: E402

GOLDEN = os.path.join(ROOT, "examples", "conv_relu", "golden")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    ROOT, "test", "numeric-debug", "Inputs", "conv_relu.golden")


def f32_of_hex(h):
    return struct.unpack(">f", bytes.fromhex(h))[0]


def read_qparams(path):
    q = {}
    for line in open(path):
        name, s, z = line.split()
        scales = [f32_of_hex(h) for h in s.split("=")[1].split(",")]
        zps = [int(v) for v in z.split("=")[1].split(",")]
        q[name] = (scales, zps)
    return q


def fq_tensor(x, scale, zp, qmin=-128, qmax=127):
    return torch.fake_quantize_per_tensor_affine(x, scale, zp, qmin, qmax)


def fq_channel(w, scales, zps, qmin=-127, qmax=127):
    return torch.fake_quantize_per_channel_affine(
        w, torch.tensor(scales, dtype=torch.float32), torch.tensor(zps, dtype=torch.int32),
        0, qmin, qmax)


def sq(a, b=None):
    """sum of a^2, or of (a - b)^2, in float64."""
    a = a.double()
    return float(((a - b.double()) ** 2).sum()) if b is not None else float((a ** 2).sum())


def db(ref2, err2):
    if err2 == 0:
        return float("inf") if ref2 > 0 else float("nan")
    return 10 * np.log10(ref2 / err2)


def ours(batches, w, b, q):
    s0, z0 = q["activation_post_process_0"]
    s1, z1 = q["activation_post_process_1"]
    s2, z2 = q["activation_post_process_2"]
    wq = fq_channel(w, s1, z1)
    sums = {k: 0.0 for k in ["x_ref", "x_in", "x_out", "x_local", "y_ref", "y_in", "y_out",
                             "y_local", "w_ref", "w_local", "out_ref", "out_err"]}
    for x in batches:
        y = torch.relu(torch.nn.functional.conv2d(x, w, b))           # float model
        xq = fq_tensor(x, s0[0], z0[0])
        yq_in = torch.relu(torch.nn.functional.conv2d(xq, wq, b))     # quantized, before _2
        yq_out = fq_tensor(yq_in, s2[0], z2[0])
        sums["x_ref"] += sq(x)
        sums["x_in"] += 0.0
        sums["x_out"] += sq(x, xq)
        sums["x_local"] += sq(x, xq)
        sums["y_ref"] += sq(y)
        sums["y_in"] += sq(y, yq_in)
        sums["y_out"] += sq(y, yq_out)
        sums["y_local"] += sq(y, fq_tensor(y, s2[0], z2[0]))
        sums["w_ref"] += sq(w)
        sums["w_local"] += sq(w, wq)
        sums["out_ref"] += sq(y)
        sums["out_err"] += sq(y, yq_out)
    rows = [
        ("activation_post_process_0", db(sums["x_ref"], sums["x_in"]),
         db(sums["x_ref"], sums["x_out"]), db(sums["x_ref"], sums["x_local"])),
        ("activation_post_process_1", None,
         db(sums["w_ref"], sums["w_local"]), db(sums["w_ref"], sums["w_local"])),
        ("activation_post_process_2", db(sums["y_ref"], sums["y_in"]),
         db(sums["y_ref"], sums["y_out"]), db(sums["y_ref"], sums["y_local"])),
    ]
    return rows, db(sums["out_ref"], sums["out_err"])


def torchao_debugger(w, b, calib, tests):
    """torchao's numeric debugger: per node, per test batch, SQNR in dB."""
    from torchao.quantization.pt2e import (compare_results, extract_results_from_loggers,
                                           generate_numeric_debug_handle,
                                           prepare_for_propagation_comparison)
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                         get_symmetric_quantization_config)
    model = ConvReLU(w, b).eval()
    ep = torch.export.export(model, (calib[0],))
    generate_numeric_debug_handle(ep)
    m = ep.module()
    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    prepared = prepare_pt2e(m, quantizer)
    with torch.no_grad():
        for x in calib:
            prepared(x)
    converted = convert_pt2e(prepared)
    out = []
    for x in tests:
        ref = prepare_for_propagation_comparison(ep.module())
        qm = prepare_for_propagation_comparison(converted)
        with torch.no_grad():
            ref(x)
            qm(x)
        refs, acts = extract_results_from_loggers(ref), extract_results_from_loggers(qm)
        cmp = compare_results(refs, acts)
        rows = []
        for handle, info in sorted(cmp.items(), key=lambda kv: kv[0].name):
            f32 = [float(r.sqnr) for r in info.results]
            # the same logged tensors, the sums in float64 as ours
            f64 = [db(sq(r), sq(r, a)) for r, a in zip(refs[handle][2], acts[handle][2])]
            rows.append((handle.name, info.ref_node_name, info.actual_node_name, f32, f64))
        out.append(rows)
    return out


def main():
    params = np.load(os.path.join(GOLDEN, "params.npz"))
    w = torch.from_numpy(params["weight"])
    b = torch.from_numpy(params["bias"])
    q = read_qparams(os.path.join(GOLDEN, "qparams.txt"))
    calib = [torch.from_numpy(a) for a in np.load(os.path.join(GOLDEN, "calib.npz"))["arg0"]]
    test = [torch.from_numpy(a) for a in np.load(os.path.join(GOLDEN, "test_input.npz"))["arg0"]]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("# pt2e-numeric-debug goldens for examples/conv_relu, from "
                "tools/oracle/numeric_debug/conv_relu.py\n")
        f.write("# torch %s torchao %s numpy %s python %s cpu_capability %s machine %s\n" % (
            torch.__version__, torchao.__version__, np.__version__, platform.python_version(),
            torch.backends.cpu.get_cpu_capability(), platform.machine()))
        f.write("# data point sqnr_in sqnr_out local (dB, float64 sums over all batches; "
                "- where no float value reaches the point)\n")
        for data, batches in (("calib", calib), ("test_input", test)):
            rows, out = ours(batches, w, b, q)
            for name, si, so, lo in rows:
                f.write("%s %s %s %s %s\n" % (data, name, "-" if si is None else "%.6f" % si,
                                              "%.6f" % so, "%.6f" % lo))
            f.write("%s output_0 - %.6f -\n" % (data, out))
        f.write("# torchao's numeric debugger (compare_results) on test_input: node, the "
                "quantized graph's node it logged, its SQNR (float32, compute_sqnr), the same "
                "tensors' SQNR with float64 sums\n")
        try:
            for rows in torchao_debugger(w, b, calib, test):
                for name, rn, qn, f32, f64 in rows:
                    f.write("# torchao %s %s %s f32=%s f64=%s\n" % (
                        name, rn, qn, ",".join("%.4f" % v for v in f32),
                        ",".join("%.6f" % v for v in f64)))
        except Exception as e:  # the debugger's API moves between torchao releases
            f.write("# torchao's numeric debugger failed: %s: %s\n" % (type(e).__name__, e))
    print(open(OUT).read(), end="")


if __name__ == "__main__":
    main()
