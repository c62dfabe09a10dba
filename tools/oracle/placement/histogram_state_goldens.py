#!/usr/bin/env python3
"""Golden Histogram states of MobileNetV2 for test/unit/test_observers.c:
torch's calculate_qparams on an AVX512 machine, where torch.sum runs its
AVX2 kernel (sum_stub has no AVX512 kernel), so the C observers must sum 8
lanes there too.

  .venv/bin/python tools/oracle/placement/histogram_state_goldens.py [OUTDIR]

MobileNetV2 of bench/pytorch/models.py, exported with BatchNorm in the
module and calibrated as convnets_sqnr.py does (batch 2, 224x224, 4 batches
of torch.randn from Generator().manual_seed(0), XNNPACKQuantizer symmetric
per-channel config, Histogram activation observers). For the observers in
STATES it writes, under OUTDIR (default test/Inputs/observers/):

  histogram_state_mnv2_N.case    spec, cpu_capability, the state (min, max,
                                 bins file) to restore and to find again,
                                 torch's scale and zero point
  histogram_state_mnv2_N.hist.f32  the 2048 bins, raw float32
  histogram_state_mnv2.VERSIONS  torch, torchao, cpu capability

The .case format is tools/oracle/observers/make_goldens.py's, with two more
keys: 'cpu_capability default|avx2|avx512' (the capability torch ran with)
and 'state MINHEX MAXHEX FILE.f32' (a Histogram state to restore instead of
batches). STATES are the six observers whose qparams the C observers got
wrong on torch's own activations while they summed 16 lanes under AVX512
(tools/oracle/placement/README.md, "MobileNetV2's SQNR against the noise
floor"); each state's search lands elsewhere with 16-lane sums.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
sys.path.insert(0, HERE)
import convnets_sqnr as C  # noqa: E402  (silences warnings, imports torch, models)
from common import f32hex  # noqa: E402

import torch  # noqa: E402
import torchao  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "Inputs", "observers")
STATES = [21, 38, 59, 68, 70, 140]  # activation_post_process_N


def main():
    torch.manual_seed(0)
    torch.set_num_threads(2)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(2, 3, 224, 224, generator=g) for _ in range(4)]
    model, _ = C.models.MODELS["mobilenet_v2"](2, 224)
    gm = torch.export.export(model, (batches[0],)).module()
    prepared = C.prepare_pt2e(gm, C.XNNPACKQuantizer().set_global(
        C.get_symmetric_quantization_config(is_per_channel=True)))
    with torch.no_grad():
        for b in batches:
            prepared(b)
    cap = torch.backends.cpu.get_cpu_capability()
    os.makedirs(OUT, exist_ok=True)
    for n in STATES:
        name = "histogram_state_mnv2_%d" % n
        mod = prepared.get_submodule("activation_post_process_%d" % n)
        assert mod.qscheme == torch.per_tensor_affine and mod.dtype == torch.int8
        scale, zp = mod.calculate_qparams()
        mod.histogram.detach().to(torch.float32).contiguous().numpy().tofile(
            os.path.join(OUT, name + ".hist.f32"))
        with open(os.path.join(OUT, name + ".case"), "w") as f:
            f.write("# MobileNetV2 activation_post_process_%d after calibration (%s)\n"
                    % (n, os.path.basename(__file__)))
            f.write("observer histogram\ndtype i8\nqscheme per_tensor_affine\n")
            f.write("quant_min %d\nquant_max %d\ncustom_range %d\nch_axis 0\n"
                    % (mod.quant_min, mod.quant_max, int(mod.has_customized_qrange)))
            f.write("eps %s\nbins %d\naveraging_constant %s\n" % (f32hex(mod.eps), mod.bins, f32hex(0.01)))
            f.write("cpu_capability %s\n" % cap.lower())
            f.write("state %s %s %s.hist.f32\n" % (f32hex(mod.min_val), f32hex(mod.max_val), name))
            f.write("min 1 %s\nmax 1 %s\nhistogram %s.hist.f32\n" % (f32hex(mod.min_val), f32hex(mod.max_val), name))
            f.write("scales 1 %s\nzero_points 1 %d\nstatus ok\n" % (f32hex(scale.item()), int(zp.item())))
    with open(os.path.join(OUT, "histogram_state_mnv2.VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\ncpu_capability %s\n" % (torch.__version__, torchao.__version__, cap))


if __name__ == "__main__":
    main()
