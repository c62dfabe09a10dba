#!/usr/bin/env python3
"""Goldens for pt2e-fold-batchnorm, from real torch + torchao
(tools/oracle/requirements.txt) and torch-mlir (requirements.txt here).

Six small eval-mode models with BatchNorm left in the module, random
BatchNorm statistics and affine parameters (so that no value is a splat):

  conv_bn_relu  Conv2d(3, 8, 3) (bias) -> BatchNorm2d(8) -> ReLU
  conv_bn       Conv2d(3, 8, 3, bias=False) -> BatchNorm2d(8)
  conv_bias_bn  Conv2d(3, 8, 3) (bias) -> BatchNorm2d(8)
  dw_bn_relu6   Conv2d(8, 8, 3, groups=8, bias=False) -> BatchNorm2d(8) -> ReLU6
                (MobileNetV2's depthwise block; torch-mlir: depthwise_conv_2d_nchw_chw)
  linear_bn_relu Linear(16, 8) -> BatchNorm1d(8) -> ReLU, input 4x16
                (_fuse_linear_bn_ -> fuse_linear_bn_weights)
  linear_bn     Linear(16, 8, bias=False) -> BatchNorm1d(8)

Each is exported with torch.export, prepared with prepare_pt2e and
XNNPACKQuantizer (get_symmetric_quantization_config(is_per_channel=True)),
which folds the BatchNorm (_fuse_conv_bn_ -> fuse_conv_bn_weights,
_fuse_linear_bn_ -> fuse_linear_bn_weights) before it annotates, and
calibrated on 4 batches of torch.randn(2, C, 8, 8) (the linears:
torch.randn(4, 16)) from torch.Generator().manual_seed(0). Written under
test/fold-batchnorm/Inputs/ (or OUTDIR), per model M:

  M.linalg.mlir     torch-mlir's linalg-on-tensors, BatchNorm in, no edits
  M.tosa.mlir       torch-mlir's TOSA, BatchNorm in, no edits
  M.calib.npz       arg0: the 4 calibration batches (4x2xCx8x8)
  M.qparams.txt     every observer of prepare_pt2e after calibration, in
                    pt2e-report{format=qparams}'s format; _0 is x, _1 the
                    folded weight (asserted below)
  M.folded.check    FileCheck lines: the folded weight and bias as
                    fuse_{conv,linear}_bn_weights computes them, as hex dense
                    literals (mlir-print-elementsattrs-with-hex-if-larger=1),
                    in the linalg form (LINALG) and TOSA's OHWI / HWCM (TOSA)
  M.batch0.npz      arg0: calibration batch 0 alone (1x2xCx8x8); convs only
  M.qat.txt         prepare_qat_pt2e's weight fake quant after that one batch
                    (the QAT weight conv_w * (bn_w / sqrt(var + 1e-5)); later
                    batches would see statistics that train-mode BatchNorm
                    has updated)
  VERSIONS          torch, torchao, torch-mlir, numpy, CPU capability

Usage: .venv/bin/python tools/oracle/batchnorm/make_goldens.py [OUTDIR [MODEL ...]]
"""

import copy
import os
import platform
import sys
import warnings

import numpy as np
import torch
import torchao

warnings.filterwarnings("ignore")

from torch.nn.utils.fusion import fuse_conv_bn_weights, fuse_linear_bn_weights  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e, prepare_qat_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import hexlist, observers_of, qparams_line  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "fold-batchnorm", "Inputs")
N_BATCHES = 4

try:
    from importlib.metadata import version as _pkgver
    TORCH_MLIR_VERSION = _pkgver("torch-mlir")
except Exception:  # noqa: BLE001
    TORCH_MLIR_VERSION = None


def randomize_bn(bn, g):
    """Statistics and affine parameters a trained BatchNorm could have."""
    c = bn.num_features
    with torch.no_grad():
        bn.running_mean.copy_(0.5 * torch.randn(c, generator=g))
        bn.running_var.copy_(0.25 + 2.0 * torch.rand(c, generator=g))
        bn.weight.copy_(1.0 + 0.5 * torch.randn(c, generator=g))
        bn.bias.copy_(0.2 * torch.randn(c, generator=g))


def make(name):
    torch.manual_seed(0)
    nn = torch.nn
    if name == "conv_bn_relu":
        m, cin = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU()), 3
    elif name == "conv_bn":
        m, cin = nn.Sequential(nn.Conv2d(3, 8, 3, bias=False), nn.BatchNorm2d(8)), 3
    elif name == "conv_bias_bn":
        m, cin = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8)), 3
    elif name == "linear_bn_relu":
        m, cin = nn.Sequential(nn.Linear(16, 8), nn.BatchNorm1d(8), nn.ReLU()), 16
    elif name == "linear_bn":
        m, cin = nn.Sequential(nn.Linear(16, 8, bias=False), nn.BatchNorm1d(8)), 16
    elif name == "dw_bn_relu6":
        m, cin = nn.Sequential(nn.Conv2d(8, 8, 3, groups=8, bias=False), nn.BatchNorm2d(8),
                               nn.ReLU6()), 8
    else:
        raise ValueError(name)
    randomize_bn(m[1], torch.Generator().manual_seed(1))
    if isinstance(m[0], nn.Linear):
        return m.eval(), (4, cin)
    return m.eval(), (2, cin, 8, 8)


MODELS = ["conv_bn_relu", "conv_bn", "conv_bias_bn", "dw_bn_relu6", "linear_bn_relu", "linear_bn"]


def dense_hex(t):
    """The body of MLIR's hex dense literal: the raw little-endian bytes."""
    return "0x" + t.detach().contiguous().numpy().astype("<f4").tobytes().hex().upper()


def mlir_text(model, example, output_type):
    from torch_mlir import fx
    mod = fx.export_and_import(model, *example, output_type=output_type, func_name="main")
    return mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False)


def header(name, form):
    return ("// GENERATED by tools/oracle/batchnorm/make_goldens.py: do not edit; rerun\n"
            "// tools/oracle/regenerate.sh batchnorm instead.\n"
            "// %s (eval, BatchNorm in the module, random statistics) in %s form, as\n"
            "// torch-mlir %s imports it (torch_mlir.fx.export_and_import).\n"
            % (name, form, TORCH_MLIR_VERSION))


def qat_golden(name, model, example, batches):
    """QAT: the weight fake quant after one forward of batch 0."""
    conv, bn = model[0], model[1]
    qq = XNNPACKQuantizer().set_global(
        get_symmetric_quantization_config(is_per_channel=True, is_qat=True))
    qat = prepare_qat_pt2e(torch.export.export(copy.deepcopy(model), example).module(), qq)
    with torch.no_grad():
        qat(batches[0])
    assert torch.equal(bn.running_var, make(name)[0][1].running_var)
    fqs = observers_of(qat)
    wfq = [m for n, m, node in fqs if node.op != "placeholder" and "mul" in node.name]
    assert len(wfq) == 1, [(n, node.name) for n, _, node in fqs]
    gamma = bn.weight.detach()
    scaled = conv.weight.detach() * (gamma / torch.sqrt(bn.running_var + 1e-5)).reshape(-1, 1, 1, 1)
    np.savez(os.path.join(OUT, name + ".batch0.npz"), arg0=batches[0].unsqueeze(0).numpy())
    with open(os.path.join(OUT, name + ".qat.txt"), "w") as f:
        fq = wfq[0]
        f.write("# %s: prepare_qat_pt2e's weight fake quant (it watches conv_w * (bn_w / sqrt(var + 1e-5)))\n"
                "# after one forward of calib batch 0 (M.batch0.npz): calculate_qparams(), what\n"
                "# convert_pt2e quantizes with; then the observer's min / max, and the scale the\n"
                "# fused kernel keeps for its own forward (fq.scale, (qmax - qmin + 1) / 2 based)\n" % name)
        s_, z_ = fq.calculate_qparams()
        f.write(qparams_line("activation_post_process_1", s_, z_) + "\n")
        f.write("# min=%s max=%s\n" % (hexlist(fq.activation_post_process.min_val),
                                      hexlist(fq.activation_post_process.max_val)))
        f.write("# fused-kernel scale=%s\n" % hexlist(fq.scale))
        f.write("# scaled weight per-channel max |w| (torch.sqrt): %s\n" % hexlist(scaled.abs().amax((1, 2, 3))))


def one(name):
    model, shape = make(name)
    conv, bn = model[0], model[1]
    example = (torch.zeros(shape),)

    linear = isinstance(conv, torch.nn.Linear)
    fuse = fuse_linear_bn_weights if linear else fuse_conv_bn_weights
    w, b = fuse(conv.weight, conv.bias, bn.running_mean, bn.running_var, bn.eps, bn.weight, bn.bias)

    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    # every run gets its own copy: train-mode QAT updates the BatchNorm's
    # running statistics in place, through the exported module's buffers
    prepared = prepare_pt2e(torch.export.export(copy.deepcopy(model), example).module(), quantizer)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*shape, generator=g) for _ in range(N_BATCHES)]
    np.savez(os.path.join(OUT, name + ".calib.npz"), arg0=torch.stack(batches).numpy())
    with torch.no_grad():
        for x in batches:
            prepared(x)
    obs = observers_of(prepared)
    # _1 watches the folded weight: the same bits as fuse_*_bn_weights'
    wnode = obs[1][2]
    assert wnode.op == "get_attr", obs
    assert torch.equal(prepared.get_parameter(wnode.target), w), name
    assert obs[0][2].op == "placeholder", obs
    with open(os.path.join(OUT, name + ".qparams.txt"), "w") as f:
        f.write("# %s: prepare_pt2e (XNNPACKQuantizer per-channel) after %d batches; "
                "_0 x, _1 the folded conv weight\n" % (name, N_BATCHES))
        for oname, mod, node in obs:
            s, z = mod.calculate_qparams()
            f.write(qparams_line(oname, s, z) + "\n")

    if not linear:  # prepare_qat_pt2e has no linear + BatchNorm pattern
        qat_golden(name, model, example, batches)

    # FileCheck lines of the folded constants
    c = w.shape[0]
    if linear:  # linalg: [out, in] (transposed after); TOSA: [1, in, out]
        tosa_w = w.t().unsqueeze(0)
        lin_bias_type, tosa_bias_type = "tensor<%dxf32>" % c, "tensor<1x%dxf32>" % c
    else:
        depthwise = conv.groups > 1
        tosa_w = w.permute(2, 3, 0, 1) if depthwise else w.permute(0, 2, 3, 1)  # HWCM / OHWI
        lin_bias_type = "tensor<%dxf32>" % c if conv.bias is not None else "tensor<%dx1x1xf32>" % c
        tosa_bias_type = "tensor<%dxf32>" % c
    wtype = "tensor<%sxf32>" % "x".join(str(d) for d in w.shape)
    ttype = "tensor<%sxf32>" % "x".join(str(d) for d in tosa_w.shape)
    with open(os.path.join(OUT, name + ".folded.check"), "w") as f:
        f.write("// GENERATED by tools/oracle/batchnorm/make_goldens.py: %s'\n"
                "// folded weight and bias for %s, as hex dense literals.\n"
                % (fuse.__name__, name))
        f.write("LINALG-DAG: arith.constant dense<\"%s\"> : %s\n" % (dense_hex(w), wtype))
        f.write("LINALG-DAG: arith.constant dense<\"%s\"> : %s\n" % (dense_hex(b), lin_bias_type))
        f.write("TOSA-DAG: values = dense<\"%s\"> : %s\n" % (dense_hex(tosa_w), ttype))
        f.write("TOSA-DAG: values = dense<\"%s\"> : %s\n" % (dense_hex(b), tosa_bias_type))

    if TORCH_MLIR_VERSION is None:
        raise SystemExit("torch-mlir is not installed (pip install -r tools/oracle/batchnorm/requirements.txt)")
    for form, suffix in (("linalg-on-tensors", "linalg"), ("tosa", "tosa")):
        with open(os.path.join(OUT, "%s.%s.mlir" % (name, suffix)), "w") as f:
            f.write(header(name, form) + mlir_text(copy.deepcopy(model), example, form))


def main():
    os.makedirs(OUT, exist_ok=True)
    names = sys.argv[2:] or MODELS
    for name in names:
        one(name)
    with open(os.path.join(OUT, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\ntorch-mlir %s\nnumpy %s\npython %s\ncpu_capability %s\n"
                "machine %s\n" % (torch.__version__, torchao.__version__, TORCH_MLIR_VERSION,
                                  np.__version__, platform.python_version(),
                                  torch.backends.cpu.get_cpu_capability(), platform.machine()))


if __name__ == "__main__":
    main()
