#!/usr/bin/env python3
"""PyTorch side of bench/decoder.sh (issue 33): the Qwen2-shaped decoder of
bench/pytorch/qwen2.py, calibrated by torchao 0.18 the way pt2e-import's
--torchao does it (tools/pt2e_import/torchao_side.py: torch.export of the
same entry, prepare_pt2e with XNNPACKQuantizer, per-channel int8 weights,
HistogramObserver activations), then the calibration batches one forward
pass each.

  data   --layers N --batches B --out calib.npz
         B sequences of qwen2.SEQ tokens, batch 1 each: input_ids uniform
         below qwen2.VOCAB from torch.Generator().manual_seed(0), an all-ones
         attention_mask; pt2e-calibrate{data=}'s layout (arg0, arg1: B x 1 x SEQ).
  flops  --layers N
         forward FLOPs of one sequence (2 x MACs): the seven projections of
         every layer, the attention's two matmuls (Q.K^T and P.V over all
         heads, causal mask not subtracted: PyTorch's sdpa and our
         batch_matmul both compute the full square), and the LM head.
  torch  --layers N --data calib.npz [--json torchao.json]
         the calibration, timed by itself (loop_s) and each observer's
         forward (observer_s, hooks); prints one line of key=value with
         rss_mib = this process's peak RSS (ru_maxrss: torch, the model,
         export and prepare included) and the phases' seconds.
"""
import argparse
import os
import resource
import sys
import time
import warnings

warnings.filterwarnings("ignore")
import logging  # noqa: E402

logging.disable(logging.WARNING)

import numpy as np  # noqa: E402
import torch  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools"))
import qwen2  # noqa: E402


def cmd_data(a):
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, qwen2.VOCAB, (a.batches, 1, qwen2.SEQ), generator=g, dtype=torch.int64)
    np.savez(a.out, arg0=ids.numpy(), arg1=np.ones_like(ids.numpy()))


def cmd_flops(a):
    c = qwen2.config(a.layers)
    h, i, s = c.hidden_size, c.intermediate_size, qwen2.SEQ
    d = h // c.num_attention_heads
    kv = c.num_key_value_heads * d
    proj = h * h + 2 * h * kv + h * h + 3 * h * i          # q, k, v, o, gate, up, down
    attn = 2 * c.num_attention_heads * s * s * d            # Q.K^T and P.V
    head = h * c.vocab_size
    print(2 * (c.num_hidden_layers * (s * proj + attn) + s * head))


def cmd_torch(a):
    from pt2e_import import pitfalls, report, source
    from pt2e_import import torchao_side
    from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e
    torch.set_num_threads(os.cpu_count())
    t0 = time.perf_counter()
    torch.manual_seed(0)
    model, example = qwen2.model(a.layers)
    names, _ = source._forward_params(model)
    tm = source.TorchModel(model, [pitfalls.inp.InputSpec(n, t.shape, "i64")
                                   for n, t in zip(names, example)], "qwen2")
    entry, _ = pitfalls.prepare(tm, report.Report(quiet=True))
    t1 = time.perf_counter()
    data = np.load(a.data)
    batches = list(zip(data["arg0"], data["arg1"]))
    gm = torch.export.export(entry, tuple(torch.from_numpy(x) for x in batches[0])).module()
    torchao_side._integer_scalar_ops_to_scalar_overloads(gm)
    t2 = time.perf_counter()
    prepared = prepare_pt2e(gm, torchao_side.quantizer(True, "histogram"))
    t3 = time.perf_counter()
    found = [(n.target, prepared.get_submodule(n.target), n) for n in prepared.graph.nodes
             if n.op == "call_module" and n.target.startswith("activation_post_process_")]
    acc, start, hooked = [0.0], {}, set()

    def pre(m, inp):
        start[id(m)] = time.perf_counter()

    def post(m, inp, out):
        acc[0] += time.perf_counter() - start[id(m)]

    for _, m, _ in found:
        if id(m) not in hooked:
            hooked.add(id(m))
            m.register_forward_pre_hook(pre)
            m.register_forward_hook(post)
    with torch.no_grad():
        t4 = time.perf_counter()
        for b in batches:
            prepared(*(torch.from_numpy(x) for x in b))
        loop_s = time.perf_counter() - t4
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    if a.json:
        placeholders = [n.name for n in prepared.graph.nodes if n.op == "placeholder"]
        arg_index = {n: i for i, n in enumerate(placeholders)}
        found.sort(key=lambda t: int(t[0].rsplit("_", 1)[1]))
        torchao_side.write_json(a.json, [torchao_side._row(nm, m, n, arg_index) for nm, m, n in found])
    print("loop_s=%.3f observer_s=%.3f model_s=%.3f export_s=%.3f prepare_s=%.3f rss_mib=%.1f "
          "threads=%d observers=%d batches=%d" % (loop_s, acc[0], t1 - t0, t2 - t1, t3 - t2, rss,
                                                  torch.get_num_threads(), len(found), len(batches)))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    f = sub.add_parser("flops")
    t = sub.add_parser("torch")
    for q in (d, f, t):
        q.add_argument("--layers", type=int, required=True)
    d.add_argument("--batches", type=int, required=True)
    d.add_argument("--out", required=True)
    t.add_argument("--data", required=True)
    t.add_argument("--json")
    a = p.parse_args()
    {"data": cmd_data, "flops": cmd_flops, "torch": cmd_torch}[a.cmd](a)


if __name__ == "__main__":
    main()
