"""Goldens of test/llm/recipes.test: torchao 0.18's quantize_ configs for
decoders on the two linears of test/llm/Inputs/linear64.mlir.

The weights are read from that file (the dense literal of the first linear;
the second is a splat 0.25), put into torch.nn.Linear(64, 4, bias=False) and
nn.Linear(48, 4, bias=False), and each config is applied with quantize_:

  8da4w      Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4,
             weight_granularity=PerGroup(32)): the 48-wide linear is left
             float (quantize_ fails on it: 48 % 32 != 0), as pt2e-annotate
             leaves it
  int8wo     Int8WeightOnlyConfig()
  int4wo-plain-g32  Int4WeightOnlyConfig's default PLAIN formula, weights only
             (int4_row_quantize_zp from the pinned FBGEMM wheel, ../llm/int4_plain.py)
  int4wo-gG  Int4WeightOnlyConfig(group_size=G), G = 32 and 64 (the default
             128 is more than K): none of its packing formats runs on this
             CPU (tools/oracle/llm/FORMULAS.md c), so its tinygemm
             formula is called directly on float32, as
             int4_tile_packed_to_4d_tensor.py:175-195 calls it:
             _choose_qparams_affine_tinygemm + _quantize_affine_tinygemm
             (int32 0..15, float scale and zero point per group), the
             output F.linear(x, _dequantize_affine_tinygemm(...)); the
             48-wide linear is left float (torchao skips it with a log line)

Writes into OUTDIR (default test/llm/Inputs):
  linear64.inputs.npz       arg0 [2, 64], arg1 [2, 48] (torch.randn, seed 1)
  linear64.calib.npz        the same as one calibration batch
  linear64.float.npy        the float output of the first linear
  linear64.<cfg>.npy        torchao's quantized output of the first linear
  linear64.<cfg>.qparams    the weight's int values, scales and zero points
                            as torchao stores them, one line each, every
                            float as its float32 bit pattern (hex); for
                            int4wo qdata is q - 8 (pt2e-convert's i4) and
                            zero_json the float zero points
Run: .venv/bin/python tools/oracle/llm_small/make_goldens.py [OUTDIR]
(torch 2.15.0, torchao 0.18.0: tools/oracle/requirements.txt).
"""
import os
import re
import sys

import numpy as np
import torch
from torchao.quantization import (Int8DynamicActivationIntxWeightConfig,
                                  Int8WeightOnlyConfig, quantize_)
from torchao.quantization.granularity import PerGroup
from torchao.quantization.quant_primitives import (
    MappingType, _choose_qparams_affine_tinygemm, _dequantize_affine_tinygemm,
    _quantize_affine_tinygemm)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def weight_from_mlir(path):
    text = open(path).read()
    lit = re.search(r"dense<(\[\[.*?\]\])> : tensor<4x64xf32>", text, re.S).group(1)
    return torch.tensor(eval(lit), dtype=torch.float32)


def hexes(t):
    a = t.detach().contiguous().numpy()
    if a.dtype == np.float32:
        return " ".join("%08x" % v for v in a.view(np.uint32).ravel())
    return " ".join(str(int(v)) for v in a.ravel())


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test/llm/Inputs")
    w = weight_from_mlir(os.path.join(ROOT, "test/llm/Inputs/linear64.mlir"))
    g = torch.Generator().manual_seed(1)
    x = torch.randn(2, 64, generator=g)
    y = torch.randn(2, 48, generator=g)
    np.savez(os.path.join(out, "linear64.inputs.npz"), arg0=x.numpy(), arg1=y.numpy())
    # pt2e-calibrate's layout: one batch (the weights' observers need one run)
    np.savez(os.path.join(out, "linear64.calib.npz"), arg0=x.numpy()[None],
             arg1=y.numpy()[None])
    configs = {
        "8da4w": Int8DynamicActivationIntxWeightConfig(
            weight_dtype=torch.int4, weight_granularity=PerGroup(32)),
        "int8wo": Int8WeightOnlyConfig(),
    }
    with torch.no_grad():
        lin = torch.nn.Linear(64, 4, bias=False)
        lin.weight.copy_(w)
        np.save(os.path.join(out, "linear64.float.npy"), lin(x).numpy())
        for name, cfg in configs.items():
            m = torch.nn.Sequential(torch.nn.Linear(64, 4, bias=False))
            m[0].weight.copy_(w)
            quantize_(m, cfg)
            qw = m[0].weight
            np.save(os.path.join(out, "linear64.%s.npy" % name), m(x).numpy())
            with open(os.path.join(out, "linear64.%s.qparams" % name), "w") as f:
                f.write("qdata %s\n" % hexes(qw.qdata))
                # as MLIR prints an integer constant built from bytes (an i4
                # element in a byte of its own): the bytes in hex
                f.write("qdata_hex %s\n" % qw.qdata.to(torch.int8).numpy().tobytes().hex().upper())
                f.write("scale %s\n" % hexes(qw.scale.float()))
                # as pt2e-report's JSON writes a float32 (%.9g: unique per value)
                f.write("scale_json %s\n" % ", ".join(
                    "%.9g" % v for v in qw.scale.float().numpy().ravel()))
                f.write("zero_point %s\n" % hexes(qw.zero_point))

    for gs in (32, 64):
        int4wo(out, w, x, gs)
    int4wo_plain(out, w)


def int4wo(out, w, x, gs):
    """Int4WeightOnlyConfig(group_size=gs)'s tinygemm formula on float32."""
    block = (1, gs)
    scale, zero = _choose_qparams_affine_tinygemm(
        w, MappingType.ASYMMETRIC, block, torch.int32, quant_min=0, quant_max=15,
        scale_dtype=torch.float32, zero_point_dtype=torch.float32)
    q = _quantize_affine_tinygemm(w, block, scale, zero, torch.int32,
                                  quant_min=0, quant_max=15)
    deq = _dequantize_affine_tinygemm(q, block, scale, zero, torch.int32,
                                      quant_min=0, quant_max=15,
                                      output_dtype=torch.float32)
    name = "int4wo-g%d" % gs
    with torch.no_grad():
        np.save(os.path.join(out, "linear64.%s.npy" % name),
                torch.nn.functional.linear(x, deq).numpy())
    stored = (q - 8).to(torch.int8)
    with open(os.path.join(out, "linear64.%s.qparams" % name), "w") as f:
        f.write("qdata %s\n" % hexes(stored))
        f.write("qdata_hex %s\n" % stored.numpy().tobytes().hex().upper())
        f.write("scale %s\n" % hexes(scale.float()))
        f.write("scale_json %s\n" % ", ".join("%.9g" % v for v in scale.numpy().ravel()))
        f.write("zero %s\n" % hexes(zero.float()))
        f.write("zero_json %s\n" % ", ".join("%.9g" % v for v in zero.numpy().ravel()))


def int4wo_plain(out, w):
    """Int4WeightOnlyConfig's default PLAIN formula (group 32): the weight's
    int values (q - 8 already), scales and float zeros of
    int4_row_quantize_zp, taken from the pinned FBGEMM wheel as
    tools/oracle/llm/int4_plain.py does. It differs from tinygemm's where a
    group's range is under 1e-6 (linear64's all-zero group: scale 1e-6/15,
    not smallest_normal). No logits: torchao runs PLAIN only in mslk's bf16
    CUDA kernel."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "oracle", "llm"))
    import tempfile
    from int4_plain import reference_function
    cache = os.environ.get("PT2E_WHEEL_CACHE", os.path.join(tempfile.gettempdir(), "pt2e-wheels"))
    q, scale, zero = reference_function(cache)(w, 32)
    scale, zero = scale.t().contiguous(), zero.t().contiguous()
    with open(os.path.join(out, "linear64.int4wo-plain-g32.qparams"), "w") as f:
        f.write("qdata %s\n" % hexes(q))
        f.write("qdata_hex %s\n" % q.numpy().tobytes().hex().upper())
        f.write("scale %s\n" % hexes(scale))
        f.write("scale_json %s\n" % ", ".join("%.9g" % v for v in scale.numpy().ravel()))
        f.write("zero %s\n" % hexes(zero))
        f.write("zero_json %s\n" % ", ".join("%.9g" % v for v in zero.numpy().ravel()))


if __name__ == "__main__":
    main()
