#!/usr/bin/env python3
"""Weight observers of a bench model exported with BatchNorm in the module:
torch's (prepare_pt2e, which folds BN first) against pt2e-annotate's.

  .venv/bin/python tools/oracle/batchnorm/bench_weights.py MODEL WORKDIR [PT2E_OPT ...]

MODEL is resnet18 or mobilenet_v2 from bench/pytorch/models.py (the
benchmark's seeded weights and BatchNorm statistics), NOT folded before
export (models.fold_bn is what bench/side_by_side.sh does instead). Writes
into WORKDIR (nothing is committed: the MLIR is tens of MB):

  MODEL.bn.linalg.mlir  torch-mlir linalg-on-tensors, BatchNorm in
  x.npz                 one batch (1x3x64x64, randn seed 0) as arg0
  torch.qparams.txt     prepare_pt2e's observers after that batch

then, for each PT2E_OPT given (e.g. the build before and after the fold),
runs pt2e-annotate,pt2e-prepare,pt2e-calibrate,pt2e-report{format=qparams}
on the same batch and prints how many of torch's weight observers (those
watching a get_attr) have a line in ours with the same name (PT2E's
activation_post_process_N order) and bit-identical qparams, and how
many have their qparams somewhere in ours (when an activation observer
more or less shifts the names), and how many math.rsqrt are left after
pt2e-convert. Weight qparams do not depend on the data, so one small batch
is enough.
"""

import os
import re
import subprocess
import sys
import warnings

import numpy as np
import torch

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "pytorch"))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py

import models  # noqa: E402
from common import qparams_line  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)


def torch_side(model, x, work):
    prepared = prepare_pt2e(torch.export.export(model, (x,)).module(),
                            XNNPACKQuantizer().set_global(
                                get_symmetric_quantization_config(is_per_channel=True)))
    with torch.no_grad():
        prepared(x)
    weights = []
    lines = []
    for node in prepared.graph.nodes:
        if node.op == "call_module" and node.target.startswith("activation_post_process_"):
            mod = prepared.get_submodule(node.target)
            s, z = mod.calculate_qparams()
            line = qparams_line(node.target, s, z)
            lines.append(line)
            if node.args[0].op == "get_attr":
                weights.append(line)
    with open(os.path.join(work, "torch.qparams.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return weights


def torch_count(work):
    with open(os.path.join(work, "torch.qparams.txt")) as f:
        return sum(1 for ln in f if ln.strip())


def ours(opt, mlir, work, tag):
    out = subprocess.run(
        [opt, mlir, "-o", os.path.join(work, tag + ".calibrated.mlir"), "-p",
         "builtin.module(pt2e-annotate,pt2e-prepare,pt2e-calibrate{data=%s},"
         "pt2e-report{format=qparams})" % os.path.join(work, "x.npz")],
        check=True, capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if ln.startswith("activation_post_process_")]
    conv = subprocess.run([opt, os.path.join(work, tag + ".calibrated.mlir"), "-p",
                           "builtin.module(pt2e-convert)"], check=True, capture_output=True,
                          text=True).stdout
    return lines, len(re.findall(r"math\.rsqrt", conv))


def main():
    name, work, opts = sys.argv[1], sys.argv[2], sys.argv[3:]
    os.makedirs(work, exist_ok=True)
    model, _ = models.MODELS[name](1, 64)
    x = torch.randn(1, 3, 64, 64, generator=torch.Generator().manual_seed(0))
    np.savez(os.path.join(work, "x.npz"), arg0=x.unsqueeze(0).numpy())
    mlir = os.path.join(work, name + ".bn.linalg.mlir")
    if not os.path.exists(mlir):
        from torch_mlir import fx
        mod = fx.export_and_import(model, x, output_type="linalg-on-tensors", func_name="main")
        with open(mlir, "w") as f:
            f.write(mod.operation.get_asm(large_elements_limit=None, enable_debug_info=True))
    weights = torch_side(model, x, work)
    for i, opt in enumerate(opts):
        got, rsqrt = ours(opt, mlir, work, "run%d" % i)
        same = len(set(weights) & set(got))  # name, scales and zero points alike
        values = {ln.split(" ", 1)[1] for ln in got}
        by_value = sum(1 for ln in weights if ln.split(" ", 1)[1] in values)
        print("%s: %s: weight observers bit-identical %d of %d by name, %d by value alone "
              "(ours: %d observers, torch: %d); math.rsqrt after pt2e-convert: %d"
              % (name, opt, same, len(weights), by_value, len(got), torch_count(work), rsqrt))


if __name__ == "__main__":
    main()
