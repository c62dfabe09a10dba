"""pt2e-numeric-debug against torchao's numeric debugger on a benchmark model.

    .venv/bin/python tools/oracle/numeric_debug/real_model.py MODEL DIR [OURS.json]

MODEL is one of bench/pytorch/models.py's (mlp, resnet18, mobilenet_v2, ...)
with the weights bench/side_by_side.sh exports, DIR the folder of that
export (MODEL.calib.npz; MODEL.meta gives the batch). The model is exported,
given numeric debug handles, prepared with XNNPACKQuantizer (per channel,
Histogram activations: bench/pytorch/side_by_side.py's quantizer), calibrated
on every batch of the file and converted, as pt2e-calibrate and pt2e-convert
do on our side. Then, batch by batch, torchao's loggers record each float
node's output (in the prepared graph, whose BatchNorms prepare_pt2e has
folded; its observers pass values through) and the same node's in the
converted graph (after its quantize-dequantize); the squared norms are
summed over the batches in float64, as pt2e-numeric-debug sums them.

Each observer activation_post_process_N of the prepared graph watches one
node; torchao's SQNR at that node is comparable to our sqnr_out of the point
of the same name (where the node's output is quantized right after it), and
printed next to ours when OURS.json (pt2e-numeric-debug --format=json on the
same data) is given. Nodes whose output is not a quantization point
(a conv fused with its relu, say) have no counterpart in our report.
"""

import copy
import json
import os
import sys
import warnings

warnings.filterwarnings("ignore")
import logging  # noqa: E402

logging.disable(logging.WARNING)

import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "pytorch"))
import models  # noqa: E402
import side_by_side  # noqa: E402


def db(ref2, err2):
    if err2 == 0:
        return float("inf") if ref2 > 0 else float("nan")
    return 10 * np.log10(ref2 / err2)


def main():
    from torchao.quantization.pt2e import (extract_results_from_loggers,
                                           generate_numeric_debug_handle,
                                           prepare_for_propagation_comparison)
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    name, folder = sys.argv[1], sys.argv[2]
    ours = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else None
    meta = dict(line.strip().split("=", 1) for line in open(os.path.join(folder, name + ".meta")))
    data = torch.from_numpy(np.load(os.path.join(folder, name + ".calib.npz"))["arg0"])
    model, shape = models.MODELS[name](int(meta["batch"]), data.shape[-1])
    assert tuple(data.shape[1:]) == tuple(shape), (data.shape, shape)
    ep = torch.export.export(model, (data[0],))
    generate_numeric_debug_handle(ep)
    prepared = prepare_pt2e(ep.module(), side_by_side.quantizer("histogram"))
    watched = {}  # observer name -> the node it watches
    for node in prepared.graph.nodes:
        if node.op == "call_module" and node.target.startswith("activation_post_process_"):
            watched.setdefault(node.target, node.args[0].name)
    with torch.no_grad():
        for b in data:
            prepared(b)
    # The float reference is the prepared graph (observers pass values
    # through): prepare_pt2e has folded BatchNorm into the convs there, as
    # pt2e-annotate folds it on our side. The exported graph would log a
    # conv's output before its BatchNorm, which no quantized graph computes.
    float_ref = copy.deepcopy(prepared)
    converted = convert_pt2e(prepared)
    sums = {}
    for b in data:
        ref = prepare_for_propagation_comparison(float_ref)
        qm = prepare_for_propagation_comparison(converted)
        with torch.no_grad():
            ref(b)
            qm(b)
        rr, qq = extract_results_from_loggers(ref), extract_results_from_loggers(qm)
        for handle, (_, _, refs) in rr.items():
            if handle not in qq:
                continue
            for r, q in zip(refs, qq[handle][2]):
                if not isinstance(r, torch.Tensor) or r.shape != q.shape:
                    continue
                s = sums.setdefault(handle.name, [0.0, 0.0])
                s[0] += float((r.double() ** 2).sum())
                s[1] += float(((r.double() - q.double()) ** 2).sum())
    by_name = {p["name"]: p for p in ours["points"]} if ours else {}
    print("# %s, %d batches: observer, the node it watches, torchao's SQNR there "
          "(float64 sums), ours (sqnr_out), difference" % (name, len(data)))
    diffs = []
    for obs in sorted(watched, key=lambda n: int(n.rsplit("_", 1)[1])):
        node = watched[obs]
        if node not in sums:
            continue  # a placeholder or a weight: no debug handle of its own
        t = db(*sums[node])
        line = "%s %s torchao=%.4f" % (obs, node, t)
        p = by_name.get(obs)
        if p and isinstance(p["sqnr_out"], float):
            line += " ours=%.4f diff=%+.4f" % (p["sqnr_out"], p["sqnr_out"] - t)
            diffs.append(abs(p["sqnr_out"] - t))
        print(line)
    if diffs:
        print("# %d points compared; largest |difference| %.4f dB, median %.4f dB" % (
            len(diffs), max(diffs), float(np.median(diffs))))


if __name__ == "__main__":
    main()
