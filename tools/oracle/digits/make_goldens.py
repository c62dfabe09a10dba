#!/usr/bin/env python3
"""Digits goldens: top-1 accuracy on real data, float and torchao PT2E int8,
for a small CNN and an MLP trained here on scikit-learn's bundled digits
(tools/oracle/digits/README.md).

  1. digits_split() (models.py): load_digits, pixels / 16, 448 images held
     back (stratified, random_state 0), 1349 for training.
  2. Trains models.py's DigitsCNN and DigitsMLP on the training split, one
     thread, seeded (Adam, EPOCHS epochs of shuffled batches of 32), and
     saves their state dicts into WORK/weights/ (DIGITS_WEIGHTS).
  3. For each model and each config (histogram / minmax activations x
     per-channel / per-tensor weights) runs tools/pt2e-import as a user
     would: models.py:<model> --input 64x1x8x8 --calib
     models.py:calib_batches --batches 8 --torchao [--per-tensor]
     [--observer minmax] --no-locations, into WORK/<model>-<config>/ (no
     locations: they would hold this machine's absolute paths).
  4. torchao on the whole test set: prepare_pt2e with pt2e-import's own
     quantizer (torchao_side.quantizer), calibrated on the same calib.npz,
     convert_pt2e, run on the 7 test batches; checked against what
     pt2e-import wrote (torchao.json scales, torchao_output.npy) bit for bit.
  5. The floor: torchao against itself, calibrated on 2 threads instead of
     1, with torch.backends.mkldnn off, on the same 8 batches in reverse
     order, and on 8 other batches of the training split (the DataLoader
     shuffled with seed 1 instead of 0): how many test predictions change,
     and how much the misclassified count moves. `floor` is the largest
     move of a misclassified count over all four, models and configs.

Writes into OUTDIR (default test/digits/Inputs/):

  cnn.mlir, mlp.mlir     the float models as pt2e-import wrote them
                         (linalg-on-tensors, no locations)
  calib.npz              the 8 calibration batches (arg0 8x64x1x8x8), both
                         models (re-saved compressed, the same arrays)
  test_NN.npz            held-back batch NN (arg0 64x1x8x8), NN = 00..06
  labels.txt             line NN + 1: the 64 labels of test_NN.npz
  torchao.<model>.<config>.json  torchao's observers (pt2e-import's torchao.json)
  digits.golden          misclassified counts (float, torchao per config),
                         the floor, torchao's predictions, VERSIONS

Usage (from the repository root, the torch venv with scikit-learn):
  .venv/bin/python tools/oracle/digits/make_goldens.py [OUTDIR [WORK]]
"""
import json
import os
import platform
import shutil
import subprocess
import sys
import warnings

import numpy as np
import torch

warnings.filterwarnings("ignore")
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "digits", "Inputs")
WORK = sys.argv[2] if len(sys.argv) > 2 else "/tmp/pt2e-digits"  # named in the MLIR headers
os.environ["DIGITS_WEIGHTS"] = os.path.join(WORK, "weights")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import models  # noqa: E402
from pt2e_import import torchao_side  # noqa: E402

MODELS = ("cnn", "mlp")
CONFIGS = {  # name: (pt2e-import flags, per_channel, observer)
    "histogram-per-channel": ([], True, "histogram"),
    "histogram-per-tensor": (["--per-tensor"], False, "histogram"),
    "minmax-per-channel": (["--observer", "minmax"], True, "minmax"),
    "minmax-per-tensor": (["--per-tensor", "--observer", "minmax"], False, "minmax"),
}
EPOCHS = 30
TRAIN_BATCH = 32
CALIB_BATCHES = 8


def train(name, x_tr, y_tr):
    torch.manual_seed(models.SEED)
    model = {"cnn": models.DigitsCNN, "mlp": models.DigitsMLP}[name]()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    ds = torch.utils.data.TensorDataset(torch.from_numpy(x_tr), torch.from_numpy(y_tr))
    dl = torch.utils.data.DataLoader(ds, batch_size=TRAIN_BATCH, shuffle=True,
                                     generator=torch.Generator().manual_seed(models.SEED))
    model.train()
    for _ in range(EPOCHS):
        for x, y in dl:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
    model.eval()
    os.makedirs(os.environ["DIGITS_WEIGHTS"], exist_ok=True)
    torch.save(model.state_dict(), os.path.join(os.environ["DIGITS_WEIGHTS"], name + ".pt"))
    return model


def predict(fn, x_te):
    with torch.no_grad():
        return np.concatenate([fn(torch.from_numpy(x_te[b:b + models.BATCH])).argmax(1).numpy()
                               for b in range(0, len(x_te), models.BATCH)])


def run_import(name, config):
    flags = CONFIGS[config][0]
    out = os.path.join(WORK, "%s-%s" % (name, config))
    rel = os.path.relpath(os.path.join(HERE, "models.py"), ROOT)
    cmd = [os.path.join(ROOT, "tools", "pt2e-import"), "%s:%s" % (rel, name),
           "--input", "%dx1x8x8" % models.BATCH, "--calib", rel + ":calib_batches",
           "--batches", str(CALIB_BATCHES), "--torchao", *flags, "--no-locations", "--out", out,
           "--quiet"]
    env = dict(os.environ, PT2E_IMPORT_PYTHON=sys.executable, OMP_NUM_THREADS="1")
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    return out


def torchao_model(model, batches, per_channel, observer, threads=1, mkldnn=True):
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    saved = torch.get_num_threads()
    torch.set_num_threads(threads)
    torch.backends.mkldnn.enabled = mkldnn
    try:
        gm = torch.export.export(model, (torch.from_numpy(batches[0]),)).module()
        prepared = prepare_pt2e(gm, torchao_side.quantizer(per_channel, observer))
        with torch.no_grad():
            for b in batches:
                prepared(torch.from_numpy(b))
        names = sorted((n.target for n in prepared.graph.nodes
                        if n.op == "call_module" and n.target.startswith("activation_post_process_")),
                       key=lambda t: int(t.rsplit("_", 1)[1]))
        scales = [prepared.get_submodule(t).calculate_qparams()[0].reshape(-1).tolist() for t in names]
        return convert_pt2e(prepared), scales
    finally:
        torch.set_num_threads(saved)
        torch.backends.mkldnn.enabled = True


def check_against_import(out, converted, scales, sample):
    """What pt2e-import's torchao side wrote is what this script computes."""
    rows = json.load(open(os.path.join(out, "torchao.json")))
    if [r["scale"] for r in rows] != [[float(np.float32(s)) for s in sc] for sc in scales]:
        raise SystemExit("%s: torchao.json's scales are not this script's torchao scales" % out)
    with torch.no_grad():
        mine = converted(torch.from_numpy(sample)).numpy()
    theirs = np.load(os.path.join(out, "torchao_output.npy"))
    if mine.tobytes() != theirs.tobytes():
        raise SystemExit("%s: torchao_output.npy is not this script's convert_pt2e output" % out)


def versions():
    import importlib.metadata as md
    import sklearn
    import torchao
    return ("torch %s, torchao %s, torch-mlir %s, scikit-learn %s, numpy %s, python %s, cpu %s"
            % (torch.__version__, torchao.__version__, md.version("torch-mlir"), sklearn.__version__,
               np.__version__, platform.python_version(), torch.backends.cpu.get_cpu_capability()))


def main():
    torch.set_num_threads(1)
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(WORK, exist_ok=True)
    x_tr, y_tr, x_te, y_te = models.digits_split()
    assert len(x_te) % models.BATCH == 0
    nb = len(x_te) // models.BATCH
    lines = ["# tools/oracle/digits/make_goldens.py: %s" % versions(),
             "# test set: %d held-back digits in %d batches of %d; calibration: %d batches of %d"
             % (len(x_te), nb, models.BATCH, CALIB_BATCHES, models.BATCH),
             "test_size %d" % len(x_te)]
    floor_lines, floor = [], 0
    others = [b[0].numpy() for b, _ in zip(models.calib_batches(seed=models.CALIB_SEED + 1),
                                           range(CALIB_BATCHES))]
    for name in MODELS:
        model = train(name, x_tr, y_tr)
        pf = predict(model, x_te)
        lines.append("misclassified %s float torch %d" % (name, int((pf != y_te).sum())))
        for config, (_, per_channel, observer) in CONFIGS.items():
            out = run_import(name, config)
            batches = list(np.load(os.path.join(out, "calib.npz"))["arg0"])
            converted, scales = torchao_model(model, batches, per_channel, observer)
            check_against_import(out, converted, scales, batches[0])
            pq = predict(converted, x_te)
            wrong = int((pq != y_te).sum())
            lines.append("misclassified %s %s torchao %d" % (name, config, wrong))
            for b in range(nb):
                lines.append("pred %s %s torchao %02d %s" % (
                    name, config, b, " ".join(map(str, pq[b * models.BATCH:(b + 1) * models.BATCH]))))
            for what, kw, bs in (("2 threads", dict(threads=2), batches),
                                 ("mkldnn off", dict(mkldnn=False), batches),
                                 ("batches reversed", {}, batches[::-1]),
                                 ("other batches", {}, others)):
                other = predict(torchao_model(model, bs, per_channel, observer, **kw)[0], x_te)
                flips = int((other != pq).sum())
                moved = int((other != y_te).sum()) - wrong
                floor = max(floor, abs(moved))
                floor_lines.append("# floor %s %s %s: %d predictions flip, misclassified %+d"
                                   % (name, config, what, flips, moved))
            shutil.copy(os.path.join(out, "torchao.json"),
                        os.path.join(OUT, "torchao.%s.%s.json" % (name, config)))
        first = os.path.join(WORK, "%s-%s" % (name, next(iter(CONFIGS))))
        bodies = {open(os.path.join(WORK, "%s-%s" % (name, c), "model.mlir")).read().split("\n", 1)[1]
                  for c in CONFIGS}
        if len(bodies) != 1:
            raise SystemExit("%s: pt2e-import wrote different models for different configs" % name)
        shutil.copy(os.path.join(first, "model.mlir"), os.path.join(OUT, name + ".mlir"))
    calib = np.load(os.path.join(first, "calib.npz"))["arg0"]
    np.savez_compressed(os.path.join(OUT, "calib.npz"), arg0=calib)
    for b in range(nb):
        np.savez_compressed(os.path.join(OUT, "test_%02d.npz" % b),
                            arg0=x_te[b * models.BATCH:(b + 1) * models.BATCH])
    with open(os.path.join(OUT, "labels.txt"), "w") as f:
        for b in range(nb):
            f.write(" ".join(map(str, y_te[b * models.BATCH:(b + 1) * models.BATCH])) + "\n")
    lines.append("floor %d" % floor)
    lines[3:3] = floor_lines
    with open(os.path.join(OUT, "digits.golden"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(l for l in lines if not l.startswith("pred ")))


if __name__ == "__main__":
    main()
