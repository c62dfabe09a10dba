#!/usr/bin/env python3
"""Oracle 2 on the benchmark models (run by hand, figures in docs/int8-oracles.md):
torchao's int8 output of bench/pytorch/models.py's MODEL, quantized as
bench/pytorch/side_by_side.py quantizes it (XNNPACKQuantizer per-channel, the
given observer, the calibration batches of PREPARED_DIR/MODEL.calib.npz), on
the first calibration batch.

  .venv/bin/python tools/oracle/int8_tosa/torch_models.py PREPARED_DIR OUT_DIR MODEL[:OBSERVER] ...

Writes OUT_DIR/MODEL.OBSERVER/torch_q.npy (the int8 tensor convert_pt2e's
graph feeds its last dequantize: for these models the reference
representation computes the same float ops between the same Q/DQ pairs) and
prints the output's scale:zero_point, for
  int-npy-diff --max-diff=1 --dequantized=... torch_q.npy <our dequantized output>
Our qparams come from our own calibration; where they differ from torch's
by ulps (pt2e-report{format=qparams} against side_by_side.py's), the int8
outputs differ by more than the requantization alone.
"""
import os
import sys
import warnings

import numpy as np

os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "pytorch"))
import models  # noqa: E402
import side_by_side  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e  # noqa: E402


def main():
    data, out = sys.argv[1], sys.argv[2]
    for spec in sys.argv[3:]:
        name, _, obs = spec.partition(":")
        obs = obs or "minmax"
        calib = np.load(os.path.join(data, name + ".calib.npz"))["arg0"]
        size = calib.shape[-1]
        model, shape = models.MODELS[name](calib.shape[1], size)
        prepared, _, _ = side_by_side.prepare(model, tuple(calib.shape[1:]), obs)
        for b in calib:
            prepared(torch.from_numpy(b))
        conv = convert_pt2e(prepared)
        g = conv.graph
        outn = [n for n in g.nodes if n.op == "output"][0]
        deq = outn.args[0][0]
        assert "dequantize" in str(deq.target), deq.target
        q = deq.args[0]
        scale, zp = float(deq.args[1]), int(deq.args[2])
        outn.args = ((q,),)
        g._codegen = torch.fx.graph.CodeGen()
        g.lint()
        conv.recompile()
        (y,) = conv(torch.from_numpy(calib[0]))
        w = os.path.join(out, "%s.%s" % (name, obs))
        os.makedirs(w, exist_ok=True)
        np.save(os.path.join(w, "torch_q.npy"), y.numpy())
        print("%s (%s): output %r:%d, %s %s" % (name, obs, scale, zp, y.dtype, tuple(y.shape)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
