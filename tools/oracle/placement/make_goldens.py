#!/usr/bin/env python3
"""Placement goldens: where prepare_pt2e puts its observers, and their qparams,
on models exported the way users export them, from real torch + torchao
(tools/oracle/requirements.txt) and torch-mlir (tools/oracle/placement/requirements.txt).

Models (small, so that the goldens and the MLIR are KBs; built right after
torch.manual_seed(0), eval mode):

  transformer  torch.nn.TransformerEncoderLayer(d_model=32, nhead=2,
               dim_feedforward=64, batch_first=True) (dropout 0.1, identity in
               eval), input [2, 8, 32]
  vit          a ViT-style block: LayerNorm -> Linear(C, 3C) q,k,v -> reshape /
               permute -> F.scaled_dot_product_attention -> Linear -> + x ->
               LayerNorm -> Linear -> GELU -> Linear -> + ; C 32, 2 heads, MLP 64,
               input [2, 8, 32]
  mlp3d        Linear(32, 64) -> ReLU -> Linear(64, 16) on [2, 8, 32]
  gated        h = Linear(64, 32)(SiLU(Linear(32, 64)(x))) + x; softmax(h, -1) * x:
               the silu and the softmax claimed, torch's own add and mul annotated

Each is exported with torch.export, prepared with prepare_pt2e and
XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True)),
calibrated on 8 batches of torch.randn(2, 8, 32) from torch.Generator().manual_seed(0),
then converted with convert_pt2e and run on a test batch (Generator seed 1).
Writes, under test/oracle-placement/Inputs/ (or OUTDIR):

  <model>.mlir          the float model through torch_mlir.fx.export_and_import,
                        linalg-on-tensors, no debug locations (the same weights)
  <model>.tosa.mlir     the transformer, vit and gated models in TOSA form
                        likewise (output_type="tosa")
  calib.npz             arg0: the 8 calibration batches, 8x2x8x32 float32 (all models)
  test_input.npy        the test batch, 2x8x32 float32
  <model>.float.npy     model(test batch) in float32
  <model>.qparams.txt   every observer after calibration, in
                        pt2e-report{format=qparams}'s format, torch's names
  <model>.observers.txt one line per observer: name, instance (the first name of
                        the same observer module: shared specs), weight|act,
                        the FX node it observes
  <model>.summary.txt   observer names / instances / weights, the int8 output's
                        SQNR against float, and the noise floor: the largest
                        relative change of an activation scale (and the zero
                        points that move) when torch itself calibrates with
                        torch.backends.mkldnn.enabled = False, and on one thread
  VERSIONS              torch, torchao, torch-mlir, numpy, CPU capability

Usage: .venv/bin/python tools/oracle/placement/make_goldens.py [OUTDIR]
"""

import os
import platform
import sys
import warnings

import numpy as np
import torch
import torchao

warnings.filterwarnings("ignore")

from torchao.quantization.pt2e import observer as O  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import f32hex, observers_of, sqnr  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test", "oracle-placement", "Inputs")

N_BATCHES = 8
SHAPE = (2, 8, 32)


class ViTBlock(torch.nn.Module):
    def __init__(self, dim=32, heads=2, hidden=64):
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.proj = torch.nn.Linear(dim, dim)
        self.norm2 = torch.nn.LayerNorm(dim)
        self.fc1 = torch.nn.Linear(dim, hidden)
        self.act = torch.nn.GELU()
        self.fc2 = torch.nn.Linear(hidden, dim)

    def attention(self, x):
        b, t, c = x.shape
        qkv = self.qkv(x).reshape(b, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        y = torch.nn.functional.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(b, t, c))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.fc2(self.act(self.fc1(self.norm2(x))))


class MLP3d(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.relu = torch.nn.ReLU()
        self.fc2 = torch.nn.Linear(64, 16)

    def forward(self, x):
        return self.fc2(self.relu(self.fc1(x)))


class Gated(torch.nn.Module):
    """SiLU, softmax and torch's own add and mul around them."""
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.act = torch.nn.SiLU()
        self.fc2 = torch.nn.Linear(64, 32)

    def forward(self, x):
        h = self.fc2(self.act(self.fc1(x))) + x
        return torch.softmax(h, -1) * x


def build(name):
    torch.manual_seed(0)
    if name == "transformer":
        m = torch.nn.TransformerEncoderLayer(d_model=32, nhead=2, dim_feedforward=64,
                                             batch_first=True)
    elif name == "vit":
        m = ViTBlock()
    elif name == "gated":
        m = Gated()
    else:
        m = MLP3d()
    return m.eval()


MODELS = ("transformer", "vit", "mlp3d", "gated")
TOSA_TOO = ("transformer", "vit", "gated")  # also exported as TOSA: <model>.tosa.mlir


def qparams_of(mod):
    scale, zp = mod.calculate_qparams()
    scale = scale.reshape(-1).to(torch.float32).tolist()
    zp = [int(z) for z in zp.reshape(-1).tolist()]
    return scale, zp


def calibrate(name, batches, mkldnn=True, threads=None):
    torch.backends.mkldnn.enabled = mkldnn
    saved = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)
    try:
        model = build(name)
        gm = torch.export.export(model, (batches[0],)).module()
        quantizer = XNNPACKQuantizer().set_global(
            get_symmetric_quantization_config(is_per_channel=True))
        prepared = prepare_pt2e(gm, quantizer)
        with torch.no_grad():
            for b in batches:
                prepared(b)
        return model, prepared
    finally:
        torch.backends.mkldnn.enabled = True
        torch.set_num_threads(saved)


def noise_floor(obs, rows, other):
    """Largest relative change of an activation scale, and zero points moved."""
    worst, moved = 0.0, 0
    for (oname, mod, _), (_, mod2, _), row in zip(obs, observers_of(other), rows):
        if row.split()[2] == "weight":
            continue
        s1, z1 = qparams_of(mod)
        s2, z2 = qparams_of(mod2)
        worst = max(worst, max(abs(a - b) / abs(a) for a, b in zip(s1, s2)))
        moved += sum(1 for a, b in zip(z1, z2) if a != b)
    return worst, moved


def emit_mlir(name, model, example, form="linalg-on-tensors", suffix=".mlir"):
    from torch_mlir import fx
    mod = fx.export_and_import(model, example, output_type=form, func_name="forward")
    text = mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False)
    head = ("// GENERATED by tools/oracle/placement/make_goldens.py: do not edit; rerun\n"
            "// tools/oracle/regenerate.sh placement instead. The oracle's '%s' model\n"
            "// (torch.manual_seed(0), eval) through torch-mlir's FX importer,\n"
            "// %s, unannotated.\n") % (name, form)
    with open(os.path.join(OUT, name + suffix), "w") as f:
        f.write(head + text)


def one_model(name, batches, x):
    model, prepared = calibrate(name, batches)
    obs = observers_of(prepared)
    first = {}
    rows, lines = [], []
    for oname, mod, node in obs:
        inst = first.setdefault(id(mod), oname)
        kind = "weight" if isinstance(mod, O.PerChannelMinMaxObserver) else "act"
        scale, zp = qparams_of(mod)
        rows.append("%s %s %s %s" % (oname, inst, kind, node.name))
        lines.append("%s scale=%s zero_point=%s" % (
            oname, ",".join(f32hex(s) for s in scale), ",".join(str(z) for z in zp)))
    # the noise floor: torch against itself, mkldnn off, and on one thread
    floors = [noise_floor(obs, rows, calibrate(name, batches, mkldnn=False)[1]),
              noise_floor(obs, rows, calibrate(name, batches, threads=1)[1])]
    with torch.no_grad():
        ref = model(x)
        q = convert_pt2e(prepared)(x)
    instances = len(set(r.split()[1] for r in rows))
    weights = sum(1 for r in rows if r.split()[2] == "weight")
    with open(os.path.join(OUT, name + ".observers.txt"), "w") as f:
        f.write("# name instance weight|act observed-node (torch %s, torchao %s)\n"
                % (torch.__version__, torchao.__version__))
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(OUT, name + ".qparams.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(OUT, name + ".summary.txt"), "w") as f:
        f.write("observer_names=%d\nobserver_instances=%d\nweight_observers=%d\n"
                "int8_sqnr_db=%.4f\n"
                "noise_floor_mkldnn_off_act_scale_rel=%.3g\n"
                "noise_floor_mkldnn_off_zero_points_moved=%d\n"
                "noise_floor_one_thread_act_scale_rel=%.3g\n"
                "noise_floor_one_thread_zero_points_moved=%d\n"
                % (len(rows), instances, weights, sqnr(ref, q), floors[0][0], floors[0][1],
                   floors[1][0], floors[1][1]))
    np.save(os.path.join(OUT, name + ".float.npy"), ref.numpy())
    emit_mlir(name, build(name), x)
    if name in TOSA_TOO:
        emit_mlir(name, build(name), x, "tosa", ".tosa.mlir")


def main():
    os.makedirs(OUT, exist_ok=True)
    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*SHAPE, generator=g) for _ in range(N_BATCHES)]
    x = torch.randn(*SHAPE, generator=torch.Generator().manual_seed(1))
    np.savez(os.path.join(OUT, "calib.npz"), arg0=torch.stack(batches).numpy())
    np.save(os.path.join(OUT, "test_input.npy"), x.numpy())
    which = sys.argv[2:] or MODELS
    for name in which:
        one_model(name, batches, x)
    import torch_mlir  # noqa: F401
    from importlib.metadata import version
    with open(os.path.join(OUT, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\ntorch-mlir %s\nnumpy %s\npython %s\ncpu %s\n" % (
            torch.__version__, torchao.__version__, version("torch-mlir"), np.__version__,
            platform.python_version(), torch.backends.cpu.get_cpu_capability()))


if __name__ == "__main__":
    main()
