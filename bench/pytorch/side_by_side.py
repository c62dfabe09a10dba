#!/usr/bin/env python3
"""PyTorch side of bench/side_by_side.sh (needs the oracle's venv: torch 2.15,
torchao 0.18, torch-mlir 20261001, numpy).

  export  MODEL --batch B --size S --batches N --dir D
          The model (bench/pytorch/models.py) as users export it, BatchNorm
          left in the module (pt2e-annotate folds it, as prepare_pt2e does),
          imported by torch-mlir's FX importer as linalg-on-tensors (as the
          oracle imports conv -> relu) to D/MODEL.mlir; N calibration batches of
          torch.randn(B, ...) from torch.Generator().manual_seed(0) to
          D/MODEL.calib.npz (arg0: N x B x ...); D/MODEL.meta: forward FLOPs
          per batch, export seconds, prepare_pt2e's observer count.
          S is the image size, or the sequence length for the transformer
          (input B x S x 256); torch-mlir's default decomposition table
          applies (it decomposes scaled_dot_product_attention and
          native_layer_norm: bench/README.md, "The transformer").
  torch   MODEL --batch B --size S --data NPZ --observer histogram|minmax --qparams OUT
          torch.export + prepare_pt2e(XNNPACKQuantizer, per-channel) on the
          unfolded model, then the calibration loop over the batches, timed by
          itself; observer forward calls timed with forward pre/post hooks.
          Writes every observer's calculate_qparams() in
          pt2e-report{format=qparams} format and prints one line of
          key=value: loop_s, observer_s, export_s, prepare_s, rss_mib (this
          process's peak RSS: torch, export and prepare included), threads.
"""
import argparse
import os
import resource
import struct
import sys
import time
import warnings

warnings.filterwarnings("ignore")
import logging  # noqa: E402

logging.disable(logging.WARNING)

import numpy as np  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402

EPS = 2.0 ** -12


def f32hex(v):
    return struct.pack("<f", float(v))[::-1].hex()


def quantizer(observer):
    from torchao.testing.pt2e._xnnpack_quantizer import (XNNPACKQuantizer,
                                                         get_symmetric_quantization_config)
    config = get_symmetric_quantization_config(is_per_channel=True)
    if observer == "minmax":
        import dataclasses
        from torchao.quantization.pt2e.observer import MinMaxObserver
        act = dataclasses.replace(config.input_activation,
                                  observer_or_fake_quant_ctr=MinMaxObserver.with_args(eps=EPS))
        config = dataclasses.replace(config, input_activation=act, output_activation=act)
    elif observer != "histogram":
        raise SystemExit("unknown observer %r" % observer)
    return XNNPACKQuantizer().set_global(config)


def observer_modules(gm):
    seen = {}
    for node in gm.graph.nodes:
        if node.op == "call_module" and node.target.startswith("activation_post_process_"):
            seen.setdefault(node.target, gm.get_submodule(node.target))
    return sorted(seen.items(), key=lambda t: int(t[0].rsplit("_", 1)[1]))


def prepare(model, shape, observer):
    from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e
    t0 = time.perf_counter()
    gm = torch.export.export(model, (torch.zeros(shape),)).module()
    t1 = time.perf_counter()
    prepared = prepare_pt2e(gm, quantizer(observer))
    t2 = time.perf_counter()
    return prepared, t1 - t0, t2 - t1


def cmd_export(a):
    from torch_mlir import fx
    model, shape = models.MODELS[a.model](a.batch, a.size)
    folded = models.fold_bn(model)  # for the FLOP count and weight bytes only
    t0 = time.perf_counter()
    mod = fx.export_and_import(model, torch.zeros(shape), output_type="linalg-on-tensors",
                               func_name="forward")
    text = mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False)
    export_s = time.perf_counter() - t0
    os.makedirs(a.dir, exist_ok=True)
    with open(os.path.join(a.dir, a.model + ".mlir"), "w") as f:
        f.write(text)
    g = torch.Generator().manual_seed(0)
    batches = torch.stack([torch.randn(*shape, generator=g) for _ in range(a.batches)])
    np.savez(os.path.join(a.dir, a.model + ".calib.npz"), arg0=batches.numpy())
    counts = {}
    for obs in ("histogram", "minmax"):
        prepared, _, _ = prepare(model, shape, obs)
        counts[obs] = len(observer_modules(prepared))
    weight_bytes = sum(p.numel() * 4 for p in folded.parameters())
    with open(os.path.join(a.dir, a.model + ".meta"), "w") as f:
        f.write("flops=%d\nbatch=%d\nbatches=%d\nexport_s=%.3f\ntorch_observers=%d\n"
                "torch_observers_minmax=%d\nweight_bytes=%d\n"
                % (models.forward_flops(folded, shape), shape[0], a.batches, export_s,
                   counts["histogram"], counts["minmax"], weight_bytes))


def cmd_torch(a):
    torch.set_num_threads(os.cpu_count())
    model, shape = models.MODELS[a.model](a.batch, a.size)
    prepared, export_s, prepare_s = prepare(model, shape, a.observer)
    data = torch.from_numpy(np.load(a.data)["arg0"])
    assert tuple(data.shape[1:]) == tuple(shape), (data.shape, shape)
    obs = observer_modules(prepared)
    acc = [0.0]
    start = {}

    def pre(m, inp):
        start[id(m)] = time.perf_counter()

    def post(m, inp, out):
        acc[0] += time.perf_counter() - start[id(m)]

    hooked = set()
    for _, m in obs:  # one instance may be registered under several names (shared specs)
        if id(m) not in hooked:
            hooked.add(id(m))
            m.register_forward_pre_hook(pre)
            m.register_forward_hook(post)
    with torch.no_grad():
        t0 = time.perf_counter()
        for b in data:
            prepared(b)
        loop_s = time.perf_counter() - t0
    with open(a.qparams, "w") as f:
        for name, m in obs:
            s, z = m.calculate_qparams()
            kind = "weight" if "PerChannel" in type(m).__name__ else "act"
            f.write("%s scale=%s zero_point=%s\n" % (
                name, ",".join(f32hex(v) for v in s.reshape(-1).tolist()),
                ",".join(str(int(v)) for v in z.reshape(-1).tolist())))
            f.write("# %s %s\n" % (name, kind))
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print("loop_s=%.6f observer_s=%.6f export_s=%.3f prepare_s=%.3f rss_mib=%.1f threads=%d observers=%d "
          "instances=%d" % (loop_s, acc[0], export_s, prepare_s, rss, torch.get_num_threads(), len(obs),
                            len(hooked)))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export")
    t = sub.add_parser("torch")
    for q in (e, t):
        q.add_argument("model", choices=sorted(models.MODELS))
        q.add_argument("--batch", type=int, required=True)
        q.add_argument("--size", type=int, default=224)
    e.add_argument("--batches", type=int, required=True)
    e.add_argument("--dir", required=True)
    t.add_argument("--data", required=True)
    t.add_argument("--observer", default="histogram")
    t.add_argument("--qparams", required=True)
    a = p.parse_args()
    {"export": cmd_export, "torch": cmd_torch}[a.cmd](a)


if __name__ == "__main__":
    main()
