#!/usr/bin/env python3
"""Goldens for pt2e-annotate{quantizer=arm-tosa}: ExecuTorch 1.5's
TOSAQuantizer (executorch.backends.arm.quantizer) with each configuration we
build, run by real torch.export + prepare_pt2e + calibration + convert_pt2e
(torchao 0.18, executorch 1.5.1, torch 2.15: requirements.txt).

Models (both built right after torch.manual_seed(0), eval mode):
  conv_relu  the reference notebook's ConvReLU (tools/oracle/common.py), with
             examples/conv_relu/golden's weights and its 8 calibration
             batches (read back, so every oracle sees the same floats)
  convnet    Conv2d(3, 8, 3, padding=1) -> ReLU6 -> MaxPool2d(2) ->
             Conv2d(8, 16, 3) -> ReLU -> AdaptiveAvgPool2d(1) -> flatten ->
             Linear(16, 10), input [2, 3, 12, 12]; calibration 4 x
             torch.randn(2, 3, 12, 12, generator=Generator().manual_seed(0))
  binary     a = Conv2d(3, 4, 1)(x); b = Conv2d(3, 4, 1)(x);
             minimum(relu(relu(a - b) + a), b),
             input [2, 3, 6, 6], 4 batches drawn likewise: the sub, add,
             minimum and relu rules
  unary      y = Conv2d(3, 4, 1)(x); u = exp(tanh(y)) + sigmoid(y);
             z = flatten(u, 2); bmm(z, z^T), input and batches as binary's:
             the one-to-one ops and bmm

Configurations (= pt2e-annotate{quantizer=arm-tosa ...}):
  a8w8      get_symmetric_quantization_config()                  (default)
  a8w8_pt   get_symmetric_quantization_config(is_per_channel=False)  per-channel=false
  a8w4      get_symmetric_a8w4_quantization_config(is_qat=False)     arm-config=a8w4
  a16w8     get_symmetric_a16w8_quantization_config()                arm-config=a16w8
on TOSAQuantizer(TosaSpecification.create_from_string("TOSA-1.0+INT"))
(+int16 for a16w8).

Writes into test/arm-tosa/Inputs/ (or OUTDIR):
  <model>.<config>.torch.json  every observer after calibration, as
                               pt2e-report{format=json} rows
                               (tools/pt2e_import/torchao_side.py's _row), the
                               rows qparams-check pairs with ours by range
  <model>.<config>.graph.txt   the prepared graph: each observer and the
                               node it observes (where TOSAQuantizer places)
  <model>.calib.npz            convnet's, binary's and unary's calibration batches (arg0)
  VERSIONS
and, with --mlir (run in a venv with torch-mlir: tools/oracle/placement's),
convnet.mlir, binary.mlir and unary.mlir (torch-mlir FX importer, linalg-on-tensors) only.

Usage: python tools/oracle/arm/make_goldens.py [--mlir] [OUTDIR]
"""

import os
import platform
import sys
import warnings

# as the conv_relu goldens (tools/oracle/a16w8/make_goldens.py): AVX2 kernels
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")

import numpy as np  # noqa: E402
import torch  # noqa: E402

warnings.filterwarnings("ignore")
import logging  # noqa: E402

logging.disable(logging.WARNING)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
sys.path.insert(0, os.path.join(ROOT, "tools"))  # pt2e_import
from common import ConvReLU  # noqa: E402

GOLDEN = os.path.join(ROOT, "examples", "conv_relu", "golden")
CONVNET_SHAPE = (2, 3, 12, 12)
BINARY_SHAPE = (2, 3, 6, 6)


class ConvNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.relu1 = torch.nn.ReLU6()  # a hardtanh(0, 6): fused into the conv as a relu
        self.pool = torch.nn.MaxPool2d(2)
        self.conv2 = torch.nn.Conv2d(8, 16, 3)
        self.relu2 = torch.nn.ReLU()
        self.gap = torch.nn.AdaptiveAvgPool2d(1)
        self.fc = torch.nn.Linear(16, 10)

    def forward(self, x):
        x = self.pool(self.relu1(self.conv1(x)))
        x = self.gap(self.relu2(self.conv2(x)))
        return self.fc(torch.flatten(x, 1))


class Binary(torch.nn.Module):
    """TOSAQuantizer's binary-op rules: a sub and a minimum are annotated
    (inputs and output), and neither the sub nor the add is fused with a
    relu."""

    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 4, 1)
        self.conv2 = torch.nn.Conv2d(3, 4, 1)

    def forward(self, x):
        a = self.conv1(x)
        b = self.conv2(x)
        d = torch.relu(a - b)
        return torch.minimum(torch.relu(d + a), b)


class Unary(torch.nn.Module):
    """TOSAQuantizer's one-to-one ops: sigmoid, tanh, exp each get an input
    and an output spec."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 1)

    def forward(self, x):
        y = self.conv(x)
        u = torch.exp(torch.tanh(y)) + torch.sigmoid(y)
        z = u.flatten(2)
        return torch.bmm(z, z.transpose(1, 2))


def models():
    torch.manual_seed(0)
    conv_relu = ConvReLU().eval()
    params = np.load(os.path.join(GOLDEN, "params.npz"))
    assert np.array_equal(conv_relu.conv.weight.detach().numpy(), params["weight"])
    calib = torch.from_numpy(np.load(os.path.join(GOLDEN, "calib.npz"))["arg0"])
    torch.manual_seed(0)
    convnet = ConvNet().eval()
    g = torch.Generator().manual_seed(0)
    cn_calib = torch.stack([torch.randn(*CONVNET_SHAPE, generator=g) for _ in range(4)])
    torch.manual_seed(0)
    binary = Binary().eval()
    g = torch.Generator().manual_seed(0)
    bin_calib = torch.stack([torch.randn(*BINARY_SHAPE, generator=g) for _ in range(4)])
    torch.manual_seed(0)
    unary = Unary().eval()
    g = torch.Generator().manual_seed(0)
    un_calib = torch.stack([torch.randn(*BINARY_SHAPE, generator=g) for _ in range(4)])
    return {"conv_relu": (conv_relu, calib), "convnet": (convnet, cn_calib),
            "binary": (binary, bin_calib), "unary": (unary, un_calib)}


def configs():
    # a8w4's getter is not re-exported by the package's __init__ in 1.5.1
    from executorch.backends.arm.quantizer.arm_quantizer import (
        get_symmetric_a16w8_quantization_config, get_symmetric_a8w4_quantization_config,
        get_symmetric_quantization_config)
    return {
        "a8w8": (get_symmetric_quantization_config(), "TOSA-1.0+INT"),
        "a8w8_pt": (get_symmetric_quantization_config(is_per_channel=False), "TOSA-1.0+INT"),
        "a8w4": (get_symmetric_a8w4_quantization_config(is_qat=False), "TOSA-1.0+INT"),
        "a16w8": (get_symmetric_a16w8_quantization_config(), "TOSA-1.0+INT+int16"),
    }


def write_mlir(out, mods):
    from torch_mlir import fx
    for name in ("convnet", "binary", "unary"):
        model, calib = mods[name]
        m = fx.export_and_import(model, calib[0], output_type="linalg-on-tensors")
        text = str(m.operation.get_asm(enable_debug_info=False))
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write(text)


def main():
    args = [a for a in sys.argv[1:] if a != "--mlir"]
    out = args[0] if args else os.path.join(ROOT, "test", "arm-tosa", "Inputs")
    os.makedirs(out, exist_ok=True)
    mods = models()
    if "--mlir" in sys.argv[1:]:
        write_mlir(out, mods)
        return

    import importlib.metadata
    import torchao
    from executorch.backends.arm.quantizer import TOSAQuantizer
    from executorch.backends.arm.tosa import TosaSpecification
    from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e
    from pt2e_import.torchao_side import _row, write_json

    for name in ("convnet", "binary", "unary"):
        np.savez(os.path.join(out, name + ".calib.npz"), arg0=mods[name][1].numpy())
    for mname, (model, calib) in mods.items():
        for cname, (config, spec) in configs().items():
            quantizer = TOSAQuantizer(TosaSpecification.create_from_string(spec))
            quantizer.set_global(config)
            # as ExecuTorch's own Ethos-U flow (test_ethosu_flow.py): its passes take
            # no call_module, and the guards function is one
            gm = torch.export.export(model, (calib[0],)).module(check_guards=False)
            prepared = prepare_pt2e(gm, quantizer)
            with torch.no_grad():
                for b in calib:
                    prepared(b)
            placeholders = [n.name for n in prepared.graph.nodes if n.op == "placeholder"]
            arg_index = {n: i for i, n in enumerate(placeholders)}
            found = [(n.target, prepared.get_submodule(n.target), n) for n in prepared.graph.nodes
                     if n.op == "call_module" and n.target.startswith("activation_post_process_")]
            found.sort(key=lambda t: int(t[0].rsplit("_", 1)[1]))
            rows = []
            first = {}  # a shared spec inserts one observer module under several names
            with open(os.path.join(out, "%s.%s.graph.txt" % (mname, cname)), "w") as f:
                for name, mod, node in found:
                    inst = first.setdefault(id(mod), name)
                    f.write("%s instance=%s %s observes %s (%s)\n" % (
                        name, inst, type(mod).__name__, node.args[0].name, node.args[0].target))
                    if type(mod).__name__ == "DerivedObserverOrFakeQuantize":
                        continue  # bias: no statistics of its own
                    rows.append(_row(name, mod, node, arg_index))
            write_json(os.path.join(out, "%s.%s.torch.json" % (mname, cname)), rows)
            convert_pt2e(prepared)  # must go through, as a user's flow

    with open(os.path.join(out, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\nexecutorch %s\nnumpy %s\npython %s\ncpu_capability %s\nmachine %s\n" % (
            torch.__version__, torchao.__version__, importlib.metadata.version("executorch"), np.__version__,
            platform.python_version(), torch.backends.cpu.get_cpu_capability(), platform.machine()))


if __name__ == "__main__":
    main()
