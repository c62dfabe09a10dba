#!/usr/bin/env python3
"""Goldens for int16 activations (a16w8) and int4 weights (w4) on the
reference notebook's ConvReLU, from real torch 2.15 + torchao 0.18
(tools/oracle/requirements.txt).

The model, its weights and its 8 calibration batches are those of
tools/oracle/conv_relu/make_goldens.py (examples/conv_relu/golden/calib.npz,
read back here so both oracles see the same floats). Each configuration is
XNNPACKQuantizer's conv -> relu annotation (OP_TO_ANNOTATOR["conv_relu"] via
XNNPACKQuantizer.set_global) with one QuantizationConfig:

  a16w8_histogram  activations: torchao's int16 activation QuantizationSpec
                   as its own PT2E test builds it (test_quantize_pt2e.py,
                   test_int16: dtype=torch.int16, quant_min=-2**15,
                   quant_max=2**15 - 1, per_tensor_affine, not dynamic) with
                   XNNPACK's activation observer, HistogramObserver, at its
                   default eps (torch.finfo(torch.float32).eps, as the test's
                   default_observer); weights: get_symmetric_quantization_config(
                   is_per_channel=True)'s int8 per-channel symmetric [-127, 127],
                   eps 2^-12. = pt2e-annotate{activation-dtype=int16}
  a16w8_minmax     the same with the test's own observer, default_observer
                   (MinMaxObserver, default eps).
                   = pt2e-annotate{activation-dtype=int16 activation-observer=minmax}
  a16w8_uint16     a16w8_histogram with dtype=torch.uint16, [0, 65535] (a
                   hand-written ui16 spec on our side: pt2e-annotate has no
                   uint16 option)
  w4               get_symmetric_quantization_config(is_per_channel=True,
                   weight_qmin=-8, weight_qmax=7): torchao's PT2E int4 weight
                   (int8 storage holding [-8, 7], the range
                   reference_representation_rewrite recognises as int4).
                   = pt2e-annotate{weight-dtype=int4}

For each, after calibration, writes to test/dtype/Inputs/ (or OUTDIR):
  <config>.qparams.txt  every observer's qparams in pt2e-report{format=qparams}'s
                        format (f32 bits in hex)
  <config>.sqnr.txt     SQNR (dB) of convert_pt2e's model against float on
                        examples/conv_relu/golden/test_input.npy
and VERSIONS.

Usage: .venv/bin/python tools/oracle/a16w8/make_goldens.py [OUTDIR]
"""

import os
import platform
import sys
import warnings

# torch's and oneDNN's AVX2 kernels, as the conv_relu goldens (VERSIONS): on
# an AVX-512 machine torch's convolution sums in another order and the relu
# output's scale moves by an ulp (measured: 383196da against AVX2's 383196d9).
# Our interpreter gives the AVX2 bits on every machine (docs/kernels.md).
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torchao  # noqa: E402

warnings.filterwarnings("ignore")

from torchao.quantization.pt2e import observer as O  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e  # noqa: E402
from torchao.quantization.pt2e.quantizer import QuantizationSpec  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)
from torchao.testing.pt2e._xnnpack_quantizer_utils import QuantizationConfig  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import ConvReLU, observers_of, qparams_line, sqnr  # noqa: E402

GOLDEN = os.path.join(ROOT, "examples", "conv_relu", "golden")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "dtype", "Inputs")
SHAPE = (4, 3, 16, 16)


def int16_act_spec(observer_ctr, dtype=torch.int16):
    """torchao's test_int16 activation spec, with the given observer."""
    lo, hi = (-2 ** 15, 2 ** 15 - 1) if dtype == torch.int16 else (0, 2 ** 16 - 1)
    return QuantizationSpec(dtype=dtype, quant_min=lo, quant_max=hi,
                            qscheme=torch.per_tensor_affine, is_dynamic=False,
                            observer_or_fake_quant_ctr=observer_ctr)


def configs():
    base = get_symmetric_quantization_config(is_per_channel=True)
    a16 = {}
    for label, ctr in (("a16w8_histogram", O.HistogramObserver),
                       ("a16w8_minmax", O.default_observer)):
        act = int16_act_spec(ctr)
        a16[label] = QuantizationConfig(act, act, base.weight, base.bias, base.is_qat)
    act = int16_act_spec(O.HistogramObserver, torch.uint16)
    a16["a16w8_uint16"] = QuantizationConfig(act, act, base.weight, base.bias, base.is_qat)
    a16["w4"] = get_symmetric_quantization_config(is_per_channel=True, weight_qmin=-8, weight_qmax=7)
    return a16


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.manual_seed(0)
    model = ConvReLU().eval()
    params = np.load(os.path.join(GOLDEN, "params.npz"))
    # the same weights as the conv_relu oracle (built from the same seed)
    assert np.array_equal(model.conv.weight.detach().numpy(), params["weight"])
    assert np.array_equal(model.conv.bias.detach().numpy(), params["bias"])
    batches = torch.from_numpy(np.load(os.path.join(GOLDEN, "calib.npz"))["arg0"])
    x = torch.from_numpy(np.load(os.path.join(GOLDEN, "test_input.npy")))
    example = (torch.zeros(SHAPE),)
    with torch.no_grad():
        ref = model(x)

    for label, config in configs().items():
        gm = torch.export.export(model, example).module()
        prepared = prepare_pt2e(gm, XNNPACKQuantizer().set_global(config))
        with torch.no_grad():
            for b in batches:
                prepared(b)
        obs = observers_of(prepared)
        assert [w.name for _, _, w in obs] == ["x", "conv_weight", "relu"], obs
        with open(os.path.join(OUT, label + ".qparams.txt"), "w") as f:
            for name, mod, _ in obs:
                s, z = mod.calculate_qparams()
                f.write(qparams_line(name, s, z) + "\n")
        converted = convert_pt2e(prepared)
        with torch.no_grad():
            y = converted(x)
        with open(os.path.join(OUT, label + ".sqnr.txt"), "w") as f:
            f.write("# SQNR (dB) of convert_pt2e's %s model against float on "
                    "examples/conv_relu/golden/test_input.npy\n%s sqnr=%.4f\n" % (label, label, sqnr(ref, y)))

    with open(os.path.join(OUT, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\nnumpy %s\npython %s\ncpu_capability %s\nmachine %s\n" % (
            torch.__version__, torchao.__version__, np.__version__, platform.python_version(),
            torch.backends.cpu.get_cpu_capability(), platform.machine()))


if __name__ == "__main__":
    main()
