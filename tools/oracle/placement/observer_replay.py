#!/usr/bin/env python3
"""Which side of an activation qparams difference is it: the observer, or
what it observed? Replays torch's and our activation tensors through both
HistogramObservers (issue 14, "MobileNetV2's SQNR against the noise floor").

  .venv/bin/python tools/oracle/placement/observer_replay.py WORKDIR BUILD_BIN [--model mobilenet_v2]

Needs a run of convnets_sqnr.py with the same WORKDIR first (it leaves
WORKDIR/MODEL/ours.prep.mlir, calib.npz and ours.qparams.txt); the settings
(batch, size, batches) must be the ones of that run.

1. torch: torch.export -> prepare_pt2e (the convnets_sqnr.py quantizer) ->
   the calibration batches, recording every tensor each activation
   HistogramObserver instance is called with, in call order (a shared
   instance is called at each of its k places: k tensors per batch).
2. ours fed torch's tensors: a module of pt2e.observer ops, one function
   argument per (instance, call slot), the instance's later slots with
   `instance =` naming its first (so that one histogram sees the k tensors of
   a batch in torch's call order); pt2e-calibrate on an npz of torch's
   tensors; pt2e-report's qparams against torch's calculate_qparams(), bits.
3. torch fed our tensors: ours.prep.mlir with every Histogram observer's
   value also returned, run by pt2e-run on each calibration batch; each of
   our instances' tensors (op order, which is pt2e-calibrate's update order)
   into a fresh copy of the torch observer paired with it (in order, torch's
   eval-dropout instance skipped, as convnets_sqnr.py pairs them); its qparams
   against ours.qparams.txt, bits.
4. the tensors themselves, paired: how many elements differ, the largest
   absolute difference, and whether torch's observer fed ours has torch's
   histogram range and counts.

Writes WORKDIR/MODEL/replay.txt (one line per torch activation instance) and
prints a summary. The tensors are kept in memory only (MobileNetV2: about
0.3 GB for 4 batches of 2 images).
"""
import argparse
import copy
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import convnets_sqnr as C  # noqa: E402  (also silences warnings, imports torch)

import numpy as np  # noqa: E402
import torch  # noqa: E402
from torchao.quantization.pt2e import observer as O  # noqa: E402


def qp_hex(scale, zp):
    return "%s/%d" % (C.f32hex(float(scale)), int(zp))


def torch_prepared(name, batch, size, batches):
    model, _ = C.models.MODELS[name](batch, size)
    gm = torch.export.export(model, (batches[0],)).module()
    return C.prepare_pt2e(gm, C.XNNPACKQuantizer().set_global(
        C.get_symmetric_quantization_config(is_per_channel=True)))


def torch_instances(prepared):
    """[(first name, module, [observed node names])] of the Histogram
    (activation) observers, in activation_post_process_N order."""
    out, where = [], {}
    for oname, mod, node in C.observers_of(prepared):
        if not isinstance(mod, O.HistogramObserver):
            continue
        if id(mod) not in where:
            where[id(mod)] = len(out)
            out.append((oname, mod, []))
        out[where[id(mod)]][2].append(str(node.name))
    return out


def record(prepared, batches):
    """Calibrates `prepared`; returns {first name: [tensors of batch 0's
    calls, then batch 1's, ...]} and the calls per batch of each."""
    seen = {}
    for first, mod, _ in torch_instances(prepared):
        lst = seen.setdefault(first, [])

        def fwd(x, orig=mod.forward, lst=lst):
            lst.append(x.detach().clone())
            return orig(x)
        mod.forward = fwd
    with torch.no_grad():
        for b in batches:
            prepared(b)
    per = {k: len(v) // len(batches) for k, v in seen.items()}
    for k, v in seen.items():
        assert len(v) == per[k] * len(batches), (k, len(v))
    return seen, per


def mlir_type(t):
    return "tensor<%sxf32>" % "x".join(str(d) for d in t.shape)


def spec_of(mod):
    assert mod.dtype == torch.int8 and mod.qscheme == torch.per_tensor_affine, (mod.dtype, mod.qscheme)
    return ("{bins = %d : i64, dtype = i8, eps = %s : f32, is_dynamic = false, observer = \"histogram\", "
            "qscheme = \"per_tensor_affine\", quant_max = %d : i64, quant_min = %d : i64}"
            % (mod.bins, repr(float(mod.eps)), mod.quant_max, mod.quant_min))


def ours_on_torch_tensors(work, bin_dir, insts, seen, per, nbatches):
    """Step 2: {torch first name: our qparams (scale, zp) on torch's tensors}."""
    args, ops, arrays = [], [], {}
    for first, mod, _ in insts:
        k = per[first]
        for j in range(k):
            calls = [seen[first][b * k + j] for b in range(nbatches)]
            shapes = {tuple(c.shape) for c in calls}
            assert len(shapes) == 1, (first, j, shapes)
            a = len(args)
            ty = mlir_type(calls[0])
            args.append("%%arg%d: %s" % (a, ty))
            arrays["arg%d" % a] = torch.stack(calls).numpy()
            inst = "" if j == 0 else 'instance = "%s", ' % first
            ops.append('    %%o%d = "pt2e.observer"(%%arg%d) {%sname = "%s", spec = %s} : (%s) -> %s'
                       % (a, a, inst, first if j == 0 else "%s_call%d" % (first, j), spec_of(mod), ty, ty))
    path = os.path.join(work, "replay.torch_tensors.mlir")
    with open(path, "w") as f:
        f.write("module {\n  func.func @forward(%s) {\n%s\n    return\n  }\n}\n"
                % (", ".join(args), "\n".join(ops)))
    npz = os.path.join(work, "replay.torch_tensors.npz")
    np.savez(npz, **arrays)
    del arrays
    qp = os.path.join(work, "replay.ours_on_torch.qparams.txt")
    C.sh([os.path.join(bin_dir, "pt2e-opt"), path, "-p",
          "builtin.module(pt2e-calibrate{data=%s}, pt2e-report{format=qparams output=%s})" % (npz, qp),
          "-o", os.devnull])
    os.remove(npz)
    return {o["name"]: (o["scale"][0], o["zp"][0]) for o in C.read_ours(qp)}


OBS_RE = re.compile(r'^\s*(%[\w.#]+) = "pt2e\.observer"\(%[\w.#]+\) \{(?:instance = "([^"]+)", )?'
                    r'name = "([^"]+)", spec = \{[^}]*observer = "histogram"[^}]*\}\} : \(([^)]*)\) -> (\S+)\s*$')


def our_tensors(work, bin_dir, batches):
    """Step 3's inputs: ours.prep.mlir with every Histogram observer's value
    returned too; {our first name: [tensors, batch-major, op order]}."""
    src = os.path.join(work, "ours.prep.mlir")
    lines = open(src).read().split("\n")
    obs = []  # (ssa, first name, type)
    for ln in lines:
        m = OBS_RE.match(ln)
        if m:
            obs.append((m.group(1), m.group(2) or m.group(3), m.group(5)))
    sig = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("func.func @forward(")]
    ret = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("return ")]
    assert len(sig) == 1 and len(ret) == 1, (sig, ret)
    msig = re.match(r"^(\s*func\.func @forward\(.*\)) -> (\S+) \{$", lines[sig[0]])
    mret = re.match(r"^(\s*)return (%\S+) : (\S+)$", lines[ret[0]])
    assert msig and mret, (lines[sig[0]], lines[ret[0]])
    out = {}
    for c in range(0, len(obs), OUTPUTS_PER_RUN):  # pt2e-run writes at most 64 outputs
        chunk = obs[c:c + OUTPUTS_PER_RUN]
        lines[sig[0]] = "%s -> (%s, %s) {" % (msig.group(1), msig.group(2), ", ".join(t for _, _, t in chunk))
        lines[ret[0]] = "%sreturn %s, %s : %s, %s" % (
            mret.group(1), mret.group(2), ", ".join(s for s, _, _ in chunk), mret.group(3),
            ", ".join(t for _, _, t in chunk))
        dst = os.path.join(work, "replay.ours_returns_observed.mlir")
        with open(dst, "w") as f:
            f.write("\n".join(lines))
        for b, x in enumerate(batches):
            inp = os.path.join(work, "replay.batch%d.npy" % b)
            np.save(inp, x.numpy())
            outs = [os.path.join(work, "replay.out%d.npy" % i) for i in range(len(chunk) + 1)]
            C.sh([os.path.join(bin_dir, "pt2e-run"), dst, "--input=" + inp] + ["--output=" + p for p in outs])
            for (ssa, first, _), p in zip(chunk, outs[1:]):
                out.setdefault(first, []).append((b, c, torch.from_numpy(np.load(p))))
            for p in outs + [inp]:
                os.remove(p)
        os.remove(dst)
    # batch-major, op order within a batch (pt2e-calibrate's update order)
    return {k: [t for _, _, t in sorted(v, key=lambda e: (e[0], e[1]))] for k, v in out.items()}


OUTPUTS_PER_RUN = 60


def torch_observer_on(fresh_mod, tensors):
    mod = copy.deepcopy(fresh_mod)
    with torch.no_grad():
        for t in tensors:
            mod(t)
    s, z = mod.calculate_qparams()
    return mod, float(s.reshape(-1)[0]), int(z.reshape(-1)[0])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("workdir")
    p.add_argument("bin")
    p.add_argument("--model", default="mobilenet_v2")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--size", type=int, default=224)
    p.add_argument("--batches", type=int, default=4)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    work = os.path.join(a.workdir, a.model)
    shape = (a.batch, 3, a.size, a.size)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*shape, generator=g) for _ in range(a.batches)]
    calib = np.load(os.path.join(work, "calib.npz"))["arg0"]
    assert np.array_equal(calib, torch.stack(batches).numpy()), "calib.npz is not this run's calibration"

    prepared = torch_prepared(a.model, a.batch, a.size, batches)
    fresh = {first: copy.deepcopy(mod) for first, mod, _ in torch_instances(prepared)}
    seen, per = record(prepared, batches)
    insts = torch_instances(prepared)
    tq = {}
    for first, mod, _ in insts:
        s, z = mod.calculate_qparams()
        tq[first] = (float(s.reshape(-1)[0]), int(z.reshape(-1)[0]))
    # the same qparams as convnets_sqnr.py's torch run (the recording changes nothing)
    golden = {o["name"]: (o["scale"][0], o["zp"][0]) for o in C.read_ours(os.path.join(work, "torch.qparams.txt"))}
    assert all(qp_hex(*tq[k]) == qp_hex(*golden[k]) for k in tq), "torch's qparams differ from torch.qparams.txt"

    ours_t = ours_on_torch_tensors(work, a.bin, insts, seen, per, a.batches)
    ours_tensors = our_tensors(work, a.bin, batches)
    oq = {o["name"]: (o["scale"][0], o["zp"][0]) for o in C.read_ours(os.path.join(work, "ours.qparams.txt"))}

    # pair torch's instances with ours in order, torch's eval-dropout instance skipped
    t_paired = [(first, nodes) for first, _, nodes in insts if not any("dropout" in n for n in nodes)]
    num = lambda n: int(n.rsplit("_", 1)[1])
    o_order = sorted(ours_tensors, key=num)
    assert len(t_paired) == len(o_order), (len(t_paired), len(o_order))
    pair = {t: o for (t, _), o in zip(t_paired, o_order)}

    rows, s = [], dict(instances=len(insts), ours_on_torch_bitident=0, torch_on_ours_bitident=0, paired=0,
                       same_tensors=0, same_calls=0, torch_qp_differs_from_ours=0)
    for first, mod, nodes in insts:
        t_hex = qp_hex(*tq[first])
        ot_hex = qp_hex(*ours_t[first])
        s["ours_on_torch_bitident"] += ot_hex == t_hex
        row = dict(name=first, nodes=",".join(nodes), calls=per[first], torch=t_hex, ours_on_torch=ot_hex)
        o = pair.get(first)
        if o is not None:
            s["paired"] += 1
            row["ours_name"] = o
            row["ours"] = qp_hex(*oq[o])
            s["torch_qp_differs_from_ours"] += row["ours"] != t_hex
            ot = ours_tensors[o]
            tmod, ts, tz = torch_observer_on(fresh[first], ot)
            row["torch_on_ours"] = qp_hex(ts, tz)
            s["torch_on_ours_bitident"] += row["torch_on_ours"] == row["ours"]
            tt = seen[first]
            if len(tt) == len(ot) and all(x.shape == y.shape for x, y in zip(tt, ot)):
                s["same_calls"] += 1
                diff = [(x != y).sum().item() for x, y in zip(tt, ot)]
                row["elements_differing"] = "%d of %d" % (sum(diff), sum(x.numel() for x in tt))
                row["max_abs_diff"] = "%.3g" % max((x - y).abs().max().item() for x, y in zip(tt, ot))
                row["max_abs"] = "%.4g" % max(x.abs().max().item() for x in tt)
                s["same_tensors"] += sum(diff) == 0
                # torch's observer fed ours vs fed its own: histogram range and counts
                ref = copy.deepcopy(fresh[first])
                with torch.no_grad():
                    for x in tt:
                        ref(x)
                row["hist_range_same"] = (C.f32hex(ref.min_val) == C.f32hex(tmod.min_val)
                                          and C.f32hex(ref.max_val) == C.f32hex(tmod.max_val))
                row["hist_counts_moved"] = "%g" % (ref.histogram - tmod.histogram).abs().sum().item()
        rows.append(row)
    with open(os.path.join(work, "replay.txt"), "w") as f:
        f.write("# torch instance: calls per batch, torch qparams, ours fed torch's tensors, ours (paired),"
                " torch fed our tensors, tensors compared\n")
        for r in rows:
            f.write(" ".join("%s=%s" % kv for kv in r.items()) + "\n")
    print("== %s observer replay (batch %d, %d calibration batches)" % (a.model, a.batch, a.batches))
    for k, v in s.items():
        print("%s=%s" % (k, v))
    print("-- instances whose qparams differ, torch against ours:")
    for r in rows:
        if r.get("ours") and r["ours"] != r["torch"]:
            print(" ".join("%s=%s" % kv for kv in r.items()))


if __name__ == "__main__":
    main()
