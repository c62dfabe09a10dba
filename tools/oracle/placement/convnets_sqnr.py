#!/usr/bin/env python3
"""int8 SQNR of ResNet-18 and MobileNetV2 exported WITH BatchNorm in the
module: torch (prepare_pt2e / convert_pt2e) against ours (pt2e-annotate,
pt2e-prepare, pt2e-calibrate, pt2e-convert, pt2e-run), beside torch's own
noise floor: torch again with torch.backends.mkldnn.enabled = False (another
convolution summation order) and with torch.set_num_threads(1), each
calibrated and run anew. Issue 14's "int8 SQNR within 0.1 dB of torch's on
every model", measured on the convnets.

  .venv/bin/python tools/oracle/placement/convnets_sqnr.py WORKDIR BUILD_BIN \
      [--models resnet18,mobilenet_v2] [--batch 2] [--size 224] [--batches 4] \
      [--test-seed 1] [--test-batches 32] [--threads 2] [--attribute]

Models: bench/pytorch/models.py (torchvision-style, seeded weights and random
BatchNorm statistics), eval mode, NOT folded before export. Calibration:
--batches x torch.randn(B, 3, S, S) from torch.Generator().manual_seed(0)
(WORKDIR/MODEL/calib.npz, arg0); test set: --test-batches x
torch.randn(B, 3, S, S) drawn one after another from
Generator().manual_seed(--test-seed) (the first is the 2-image test batch of
earlier runs). Quantizer:
XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
(Histogram activation observers, the config's default). SQNR: torchao's
compute_sqnr over the whole test set against the float model (mkldnn on);
also per test batch, whose spread is what a 2-image test set would show.

Writes into WORKDIR (nothing of it is committed: the MLIR is tens of MB):
MODEL.mlir (torch-mlir FX importer, linalg-on-tensors; reused if present),
calib.npz, test.npy (the whole test set), float.npy, torch.qparams.txt /
nomkldnn.qparams.txt / 1thread.qparams.txt (torch's observers,
pt2e-report{format=qparams} format), ours.qparams.txt, ours.q.npy; and
prints, per model: the SQNRs side by side, weight qparams identical count,
activation pairing and the largest activation scale difference, and the
noise floor's qparams moves.

Activation pairing: torch's activation observer instances (one module may be
registered under several names) in activation_post_process_N order against
ours in our op order, with the instances torch puts after eval dropouts
(torch-mlir drops the identity, docs/annotate.md "Eval dropout") skipped;
weight observers paired by their qparams (per-channel, unique).
"""
import argparse
import copy
import os
import re
import struct
import subprocess
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
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
import models  # noqa: E402
from common import f32hex, observers_of, sqnr  # noqa: E402

from torchao.quantization.pt2e import observer as O  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)


def torch_run(name, batch, size, batches, xs, mkldnn=True, no_dropout=False, keep_prepared=False, threads=None):
    """Calibrates on `batches` and runs the float and the converted model on
    each test batch of `xs`; returns their outputs concatenated (batch axis)."""
    torch.backends.mkldnn.enabled = mkldnn
    threads_before = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        model, shape = models.MODELS[name](batch, size)
        if no_dropout:  # what torch-mlir's export leaves: an eval dropout is the identity
            for mod in model.modules():
                for k, child in mod._modules.items():
                    if isinstance(child, torch.nn.Dropout):
                        mod._modules[k] = torch.nn.Identity()
        gm = torch.export.export(model, (batches[0],)).module()
        prepared = prepare_pt2e(gm, XNNPACKQuantizer().set_global(
            get_symmetric_quantization_config(is_per_channel=True)))
        with torch.no_grad():
            for b in batches:
                prepared(b)
        obs = []
        seen = {}
        for oname, mod, node in observers_of(prepared):
            s, z = mod.calculate_qparams()
            kind = "weight" if isinstance(mod, O.PerChannelMinMaxObserver) else "act"
            first = seen.setdefault(id(mod), oname)
            obs.append(dict(name=oname, instance=first, kind=kind, node=str(node.target if node.op == "get_attr" else node.name),
                            scale=[float(v) for v in s.reshape(-1).tolist()],
                            zp=[int(v) for v in z.reshape(-1).tolist()]))
        keep = copy.deepcopy(prepared) if keep_prepared else None
        with torch.no_grad():
            ref = torch.cat([model(x) for x in xs])
            converted = convert_pt2e(prepared)
            q = torch.cat([converted(x) for x in xs])
        if keep_prepared:
            return ref.numpy(), q.numpy(), obs, keep
        return ref.numpy(), q.numpy(), obs
    finally:
        torch.backends.mkldnn.enabled = True
        torch.set_num_threads(threads_before)


def write_qparams(path, obs):
    with open(path, "w") as f:
        for o in obs:
            f.write("%s scale=%s zero_point=%s\n" % (o["name"], ",".join(f32hex(v) for v in o["scale"]),
                                                     ",".join(str(v) for v in o["zp"])))


def read_ours(path):
    """pt2e-report{format=qparams}: name scale=hex,... zero_point=..."""
    out = []
    for ln in open(path):
        m = re.match(r"(\S+) scale=(\S+) zero_point=(\S+)", ln)
        if not m:
            continue
        scale = [struct.unpack(">f", bytes.fromhex(h))[0] for h in m.group(2).split(",")]
        out.append(dict(name=m.group(1), scale=scale, zp=[int(v) for v in m.group(3).split(",")],
                        hexes=m.group(2)))
    return out


def instances(obs):
    return [o for o in obs if o["instance"] == o["name"]]


def act_compare(a_list, b_list):
    """Pairs in order; returns (pairs, scales bit-identical, zero points equal, worst rel, worst pair)."""
    same_s = same_z = 0
    worst, wpair = 0.0, None
    for a, b in zip(a_list, b_list):
        sa, sb = a["scale"][0], b["scale"][0]
        rel = abs(sa - sb) / abs(sa)
        same_s += f32hex(sa) == f32hex(sb)
        same_z += a["zp"] == b["zp"]
        if rel > worst:
            worst, wpair = rel, (a["name"], b["name"])
    return min(len(a_list), len(b_list)), same_s, same_z, worst, wpair


def sh(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("failed: %s\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    return r.stdout


def one_model(name, a):
    work = os.path.join(a.workdir, name)
    os.makedirs(work, exist_ok=True)
    torch.set_num_threads(a.threads)
    shape = (a.batch, 3, a.size, a.size)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*shape, generator=g) for _ in range(a.batches)]
    gt = torch.Generator().manual_seed(a.test_seed)
    xs = [torch.randn(*shape, generator=gt) for _ in range(a.test_batches)]
    np.savez(os.path.join(work, "calib.npz"), arg0=torch.stack(batches).numpy())
    np.save(os.path.join(work, "test.npy"), torch.cat(xs).numpy())

    ref, q_torch, obs = torch_run(name, a.batch, a.size, batches, xs, threads=a.threads)
    np.save(os.path.join(work, "float.npy"), ref)
    np.save(os.path.join(work, "torch.q.npy"), q_torch)
    write_qparams(os.path.join(work, "torch.qparams.txt"), obs)
    # the noise floor: torch against itself, another convolution summation order
    ref2, q_nomk, obs_nomk = torch_run(name, a.batch, a.size, batches, xs, mkldnn=False, threads=a.threads)
    write_qparams(os.path.join(work, "nomkldnn.qparams.txt"), obs_nomk)
    floor = {"torch_mkldnn_off": q_nomk}
    if a.threads != 1:
        _, q_1t, obs_1t = torch_run(name, a.batch, a.size, batches, xs, threads=1)
        write_qparams(os.path.join(work, "1thread.qparams.txt"), obs_1t)
        floor["torch_1_thread"] = q_1t
    with open(os.path.join(work, "torch.observers.txt"), "w") as f:
        for o in obs:
            f.write("%s %s %s %s\n" % (o["name"], o["instance"], o["kind"], o["node"]))

    mlir = os.path.join(work, name + ".mlir")
    if not os.path.exists(mlir):
        from torch_mlir import fx
        model, _ = models.MODELS[name](a.batch, a.size)
        mod = fx.export_and_import(model, xs[0], output_type="linalg-on-tensors", func_name="forward")
        with open(mlir, "w") as f:
            f.write(mod.operation.get_asm(large_elements_limit=None, enable_debug_info=True))
    opt = os.path.join(a.bin, "pt2e-opt")
    run = os.path.join(a.bin, "pt2e-run")
    qmlir = os.path.join(work, "ours.q.mlir")
    prep = os.path.join(work, "ours.prep.mlir")
    sh([opt, mlir, "-p", "builtin.module(pt2e-annotate, pt2e-prepare)", "-o", prep])
    shared = {}  # our name -> its instance (a shared spec: one observer, several names)
    for ln in open(prep):
        if '"pt2e.observer"' in ln:
            m = re.search(r'instance = "([^"]+)"', ln)
            if m:
                shared[re.search(r'name = "([^"]+)"', ln).group(1)] = m.group(1)
    sh([opt, prep, "-p", "builtin.module(pt2e-calibrate{data=%s}, "
        "pt2e-report{format=qparams output=%s}, pt2e-report{format=table output=%s}, pt2e-convert)"
        % (os.path.join(work, "calib.npz"), os.path.join(work, "ours.qparams.txt"),
           os.path.join(work, "ours.table.txt")), "-o", qmlir])
    outs = []
    for k, x in enumerate(xs):  # the model is exported for one batch of a.batch images
        inp, out = os.path.join(work, "test_batch.npy"), os.path.join(work, "ours.q.%d.npy" % k)
        np.save(inp, x.numpy())
        sh([run, qmlir, "--input=" + inp, "--output=" + out])
        outs.append(np.load(out))
        os.remove(out)
    os.remove(inp)
    np.save(os.path.join(work, "ours.q.npy"), np.concatenate(outs))
    cmp_ours = sh([run, "--compare", os.path.join(work, "float.npy"), os.path.join(work, "ours.q.npy")]).strip()
    rsqrt_left = sum(ln.count("math.rsqrt") for ln in open(qmlir))
    q_ours = np.load(os.path.join(work, "ours.q.npy"))

    ours = read_ours(os.path.join(work, "ours.qparams.txt"))
    # ours: instances are the names without "instance =" (shared); report lists every name.
    r = {}
    r["test_images"] = len(xs) * a.batch
    # int8 SQNR against the float model (mkldnn on) over the whole test set, torch's floor beside ours
    variants = dict(torch=q_torch, **floor, ours=q_ours)
    r["sqnr_db"] = {k: round(sqnr(ref, q), 4) for k, q in variants.items()}
    r["sqnr_minus_torch_db"] = {k: round(sqnr(ref, q) - r["sqnr_db"]["torch"], 4)
                                for k, q in variants.items() if k != "torch"}
    # per test batch: the spread a 2-image test batch would show
    nb = len(xs)
    per = {k: np.array([sqnr(ref[i * a.batch:(i + 1) * a.batch], q[i * a.batch:(i + 1) * a.batch])
                        for i in range(nb)]) for k, q in variants.items()}
    r["per_batch_torch_sqnr_min_max"] = (round(per["torch"].min(), 3), round(per["torch"].max(), 3))
    def spread(d):
        return tuple(round(float(v), 3) for v in (d.mean(), d.std(ddof=1) if len(d) > 1 else 0.0, d.min(), d.max()))
    r["per_batch_minus_torch_mean_sd_min_max"] = {k: spread(per[k] - per["torch"]) for k in variants if k != "torch"}
    r["first_batch_sqnr_db"] = {k: round(float(v[0]), 4) for k, v in per.items()}
    r["ours_compare"] = cmp_ours
    r["nomkldnn_sqnr_own_float"] = sqnr(ref2, q_nomk)
    r["torch_vs_nomkldnn_int8"] = sqnr(q_torch, q_nomk)
    r["ours_vs_torch_int8"] = sqnr(q_torch, q_ours)
    r["float_ref_vs_nomkldnn_float"] = sqnr(ref, ref2)
    r["rsqrt_left"] = rsqrt_left
    if any(isinstance(m, torch.nn.Dropout) for m in models.MODELS[name](1, 32)[0].modules()):
        # the attribution: torch on the same model with its eval dropouts as nn.Identity
        ref3, q_nd, obs_nd, prep_nd = torch_run(name, a.batch, a.size, batches, xs, no_dropout=True,
                                                keep_prepared=True, threads=a.threads)
        write_qparams(os.path.join(work, "nodropout.qparams.txt"), obs_nd)
        r["torch_nodropout_sqnr"] = sqnr(ref3, q_nd)
        r["torch_nodropout_names_instances"] = (len(obs_nd), len(instances(obs_nd)))
        r["ours_vs_torch_nodropout_int8"] = sqnr(q_nd, q_ours)
        # our activation instances against torch's without dropout, name by name
        od = {o["name"]: o for o in ours}
        tnd = [o for o in instances(obs_nd) if o["kind"] == "act"]
        same = [(t, od.get(t["name"])) for t in tnd]
        r["nodropout_act_paired_by_name_bitident_zp_equal"] = (
            sum(1 for t, o in same if o), sum(1 for t, o in same if o and f32hex(o["scale"][0]) == f32hex(t["scale"][0])),
            sum(1 for t, o in same if o and o["zp"] == t["zp"]))

    # torch's weights against ours: by qparams bits
    ours_hex = {o["hexes"]: o["name"] for o in ours}
    tw = [o for o in obs if o["kind"] == "weight"]
    r["weights"] = (sum(1 for o in tw if ",".join(f32hex(v) for v in o["scale"]) in ours_hex), len(tw))

    # noise floor: torch against itself (same names, same order)
    tact = [o for o in instances(obs) if o["kind"] == "act"]
    nact = [o for o in instances(obs_nomk) if o["kind"] == "act"]
    moved = sum(1 for p, q in zip(tact, nact) if f32hex(p["scale"][0]) != f32hex(q["scale"][0]) or p["zp"] != q["zp"])
    r["noise_moved"] = (moved, len(tact))
    r["noise_worst"] = act_compare(tact, nact)[3]
    r["noise_zp_moved"] = sum(1 for p, q in zip(tact, nact) if p["zp"] != q["zp"])
    if a.threads != 1:
        t1 = [o for o in instances(obs_1t) if o["kind"] == "act"]
        r["noise_1_thread_moved"] = (sum(1 for p, q in zip(tact, t1) if f32hex(p["scale"][0]) != f32hex(q["scale"][0])
                                         or p["zp"] != q["zp"]), len(tact))

    # ours: activation observer instances (one scale: per-tensor), in our name order
    num = lambda o: int(o["name"].rsplit("_", 1)[1])
    oact = sorted([o for o in ours if len(o["scale"]) == 1 and o["name"] not in shared], key=num)
    # torch instances observing an eval dropout's output: torch-mlir drops the identity,
    # so ours has no instance of its own there (docs/annotate.md, "Eval dropout")
    tact_nd = [o for o in tact if "dropout" not in o["node"]]
    r["names_torch_ours"] = (len(obs), len(ours))
    r["instances_torch_ours"] = (len(instances(obs)), len(ours) - len(shared))
    r["act_instances_torch_nodropout_ours"] = (len(tact), len(tact_nd), len(oact))
    n, same_s, same_z, worst, wpair = act_compare(tact_nd, oact)
    r["act_paired_scale_bitident_zp_equal_worst_rel"] = (n, same_s, same_z, worst, wpair)
    rels = sorted(abs(t["scale"][0] - o["scale"][0]) / t["scale"][0] for t, o in zip(tact_nd, oact))
    r["act_rel_median"] = rels[len(rels) // 2]
    r["act_within_noise_worst"] = sum(1 for v in rels if v <= r["noise_worst"])
    # torch's dropout instances against the ours instance before them (the producer's)
    with open(os.path.join(work, "pairs.txt"), "w") as f:
        f.write("# torch name node scale/zp | ours name scale/zp | rel (|noise floor rel|)\n")
        nomk = {o["name"]: o for o in obs_nomk}
        for t, o in zip(tact_nd, oact):
            f.write("%s %s %s/%d | %s %s/%d | rel %.3g (floor %.3g)\n" % (
                t["name"], t["node"], f32hex(t["scale"][0]), t["zp"][0],
                o["name"], f32hex(o["scale"][0]), o["zp"][0],
                abs(t["scale"][0] - o["scale"][0]) / t["scale"][0],
                abs(t["scale"][0] - nomk[t["name"]]["scale"][0]) / t["scale"][0]))
        for t in tact:
            if "dropout" in t["node"]:
                f.write("torch-only %s %s %s/%d\n" % (t["name"], t["node"], f32hex(t["scale"][0]), t["zp"][0]))
    if a.attribute:
        if "prep_nd" not in locals():
            ref3, _, obs_nd, prep_nd = torch_run(name, a.batch, a.size, batches, xs, keep_prepared=True,
                                                 threads=a.threads)
        attribute(r, work, prep_nd, obs_nd, oact, ref3, xs)
    return r


def attribute(r, work, prepared, obs, oact, ref, xs):
    """torch's own convert_pt2e (dropout as identity, so that its activation
    instances pair one to one with ours in order) with our activation qparams
    put in its observers: all of them, the ones more than 1e-4 relative off
    (or with another zero point), and each of those alone."""
    tinst = [o for o in instances(obs) if o["kind"] == "act"]
    assert len(tinst) == len(oact), (len(tinst), len(oact))
    wname = {}  # an act instance -> the weight observer before it (the layer)
    last = None
    for o in obs:
        if o["kind"] == "weight":
            last = o["node"]
        elif o["instance"] == o["name"]:
            wname[o["name"]] = last

    def run(which):
        p = copy.deepcopy(prepared)
        for i in which:
            s = torch.tensor(oact[i]["scale"], dtype=torch.float32)
            z = torch.tensor(oact[i]["zp"], dtype=torch.int32)
            p.get_submodule(tinst[i]["name"]).calculate_qparams = (lambda s=s, z=z: (s, z))
        with torch.no_grad():
            converted = convert_pt2e(p)
            return sqnr(ref, torch.cat([converted(x) for x in xs]))

    big = [i for i, (t, o) in enumerate(zip(tinst, oact))
           if abs(t["scale"][0] - o["scale"][0]) / t["scale"][0] > 1e-4 or t["zp"] != o["zp"]]
    r["attr_torch_own"] = run([])
    r["attr_torch_with_all_our_act_qparams"] = run(range(len(oact)))
    r["attr_torch_with_our_act_qparams_off_by_1e-4"] = run(big)
    with open(os.path.join(work, "attribution.txt"), "w") as f:
        f.write("# torch convert_pt2e with ONE of our activation qparams in place of its own\n"
                "# torch-name node after-weight torch-scale/zp ours-scale/zp rel sqnr_db\n")
        for i in big:
            t, o = tinst[i], oact[i]
            line = "%s %s %s %.7g/%d %.7g/%d %.3g %.4f" % (
                t["name"], t["node"], wname.get(t["name"]), t["scale"][0], t["zp"][0], o["scale"][0], o["zp"][0],
                abs(t["scale"][0] - o["scale"][0]) / t["scale"][0], run([i]))
            f.write(line + "\n")
            r.setdefault("attr_one", []).append(line)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("workdir")
    p.add_argument("bin")
    p.add_argument("--models", default="resnet18,mobilenet_v2")
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--size", type=int, default=224)
    p.add_argument("--batches", type=int, default=4)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--test-seed", type=int, default=1, help="the test set's Generator seed")
    p.add_argument("--test-batches", type=int, default=32,
                   help="test batches of --batch images each, drawn one after another from that Generator")
    p.add_argument("--attribute", action="store_true",
                   help="also put our activation qparams into torch's convert_pt2e (all, then one at a time)")
    a = p.parse_args()
    for name in a.models.split(","):
        r = one_model(name, a)
        print("== %s (batch %d, %dx%d, %d calibration batches, histogram, test seed %d)"
              % (name, a.batch, a.size, a.size, a.batches, a.test_seed))
        for k, v in r.items():
            print("%s=%s" % (k, v))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
