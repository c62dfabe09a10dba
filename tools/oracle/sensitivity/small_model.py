"""Goldens for pt2e-numeric-debug --sensitivity, computed independently in
PyTorch on a small hand model (docs/numeric-debug.md, "Sensitivity").

The model: conv1 (3 -> 8, 3x3, pad 1) + ReLU = h; conv2 (8 -> 8) of h = g;
s = h + g; fc (Linear(512, 4)) of flatten(s). torchao's XNNPACKQuantizer
(per channel, its default Histogram activation observer) places nine
observers:

  _0 x   _1 conv1.weight   _2 h (relu output: conv2's and the add's input)
  _3 conv2.weight   _4 g (conv2 output, the add's input)   _5 s (add output)
  _6 flatten(s) (shared with _5)   _7 fc.weight   _8 fc output

Units (the patterns annotated) and the points that leave with a unit when it
alone is in float, by PT2E's rules (a point stays while another annotated
pattern still asks for it: a producer's output spec or a consumer's input
spec):

  conv1 (conv + relu): _0, _1 (h stays: conv2 and the add read it)
  conv2:               _3     (g stays: the add reads it)
  add:                 _5     (flatten is then not annotated: _6 is the
                               fc's input, same values, same qparams)
  fc:                  _7, _8

The script calibrates torchao's observers on the data (prepare_pt2e, every
batch), takes each observer's calculate_qparams(), and computes the model in
float64 sums with torch.fake_quantize_* at the points kept: the output SQNR
with all points, and with each unit's points dropped. It writes

  test/sensitivity/Inputs/small.mlir   torch-mlir's linalg-on-tensors export
  test/sensitivity/Inputs/calib.npz    arg0: 4 batches of 2 x 3 x 8 x 8
  test/sensitivity/Inputs/small.golden one line per figure, versions first

Usage: .venv/bin/python tools/oracle/sensitivity/small_model.py [OUTDIR]
"""

import os
import platform
import sys
import warnings

import numpy as np
import torch

warnings.filterwarnings("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "sensitivity", "Inputs")


class Small(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.relu = torch.nn.ReLU()
        self.conv2 = torch.nn.Conv2d(8, 8, 3, padding=1)
        self.fc = torch.nn.Linear(8 * 8 * 8, 4)

    def forward(self, x):
        h = self.relu(self.conv1(x))
        s = h + self.conv2(h)
        return self.fc(torch.flatten(s, 1))


UNITS = {"conv1": [0, 1], "conv2": [3], "add": [5], "fc": [7, 8]}


def qparams(prepared):
    # getattr, not named_modules(): a shared observer (_6 is _5) is one
    # module under two names, which named_modules() lists once
    q = {}
    for k in range(9):
        mod = getattr(prepared, "activation_post_process_%d" % k)
        scale, zp = mod.calculate_qparams()
        q[k] = (mod, scale, zp)
    return q


def fq(q, k, t, dropped):
    if k in dropped:
        return t
    mod, scale, zp = q[k]
    if mod.qscheme in (torch.per_channel_symmetric, torch.per_channel_affine):
        return torch.fake_quantize_per_channel_affine(
            t, scale.float(), zp.int(), mod.ch_axis, mod.quant_min, mod.quant_max)
    return torch.fake_quantize_per_tensor_affine(
        t, float(scale), int(zp), mod.quant_min, mod.quant_max)


def quantized_forward(m, q, x, dropped):
    F = torch.nn.functional
    x = fq(q, 0, x, dropped)
    h = fq(q, 2, F.relu(F.conv2d(x, fq(q, 1, m.conv1.weight, dropped), m.conv1.bias, padding=1)),
           dropped)
    g = fq(q, 4, F.conv2d(h, fq(q, 3, m.conv2.weight, dropped), m.conv2.bias, padding=1), dropped)
    s = fq(q, 5, h + g, dropped)
    f = fq(q, 6, torch.flatten(s, 1), dropped)
    return fq(q, 8, F.linear(f, fq(q, 7, m.fc.weight, dropped), m.fc.bias), dropped)


def main():
    from torch_mlir import fx
    from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                         get_symmetric_quantization_config)
    import torchao
    torch.manual_seed(0)
    model = Small().eval()
    g = torch.Generator().manual_seed(1)
    calib = torch.stack([torch.randn(2, 3, 8, 8, generator=g) for _ in range(4)])
    os.makedirs(OUT, exist_ok=True)
    mod = fx.export_and_import(model, calib[0], output_type="linalg-on-tensors",
                               func_name="forward")
    with open(os.path.join(OUT, "small.mlir"), "w") as f:
        f.write(mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False))
    np.savez(os.path.join(OUT, "calib.npz"), arg0=calib.numpy())

    ep = torch.export.export(model, (calib[0],)).module()
    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    prepared = prepare_pt2e(ep, quantizer)
    with torch.no_grad():
        for x in calib:
            prepared(x)
    q = qparams(prepared)
    assert q[6][0] is q[5][0]

    def sqnr(dropped):
        ref2 = err2 = 0.0
        with torch.no_grad():
            for x in calib:
                r = model(x).double()
                y = quantized_forward(model, q, x, dropped).double()
                ref2 += float((r ** 2).sum())
                err2 += float(((r - y) ** 2).sum())
        return float("inf") if err2 == 0 else 10 * np.log10(ref2 / err2)

    lines = [
        "# tools/oracle/sensitivity/small_model.py: torch %s, torchao %s, numpy %s, python %s"
        % (torch.__version__, torchao.__version__, np.__version__, platform.python_version()),
        "# output SQNR (dB, float64 sums over the 4 batches) with torchao's qparams",
        "baseline %.6f" % sqnr(set()),
    ]
    for unit, points in UNITS.items():
        lines.append("unit %s %.6f" % (unit, sqnr(set(points))))
    with open(os.path.join(OUT, "small.golden"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
