"""What several PyTorch oracles of tools/oracle/ share: the reference
notebook's model, the float32-bits spelling of every golden, torch's
observer list and torchao's SQNR. Needs torch (the oracle venv,
tools/oracle/requirements.txt); it imports nothing else at load time and
draws nothing from torch's generators, so importing it changes no golden.

The oracles are run as `python tools/oracle/<oracle>/<script>.py` from the
repository root, which puts tools/oracle/<oracle>/ on sys.path, not this folder;
each script adds it before importing:

    HERE = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
    from common import ConvReLU, f32hex  # noqa: E402

Scripts that pin torch's CPU kernels through the environment
(ATEN_CPU_CAPABILITY, ONEDNN_MAX_CPU_ISA) must set it before this import,
which imports torch.

The goldens depend on these bodies bit for bit (the layer shapes, the order
in which they draw from torch's global generator, the hex spelling): a
change here means rerunning every oracle that imports it
(tools/oracle/README.md lists them) and reading git status.
"""

import struct

import torch


class ConvReLU(torch.nn.Module):
    """The reference notebook's model: Conv2d(3, 8, 3x3) + ReLU. Built right
    after torch.manual_seed(0) it has examples/conv_relu/golden/params.npz's
    weights. Given weight and bias, the conv takes those instead (after
    drawing its own initial values from the global generator, as any Conv2d)."""

    def __init__(self, weight=None, bias=None):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)
        if weight is not None:
            with torch.no_grad():
                self.conv.weight.copy_(weight)
                self.conv.bias.copy_(bias)
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(self.conv(x))


def f32hex(v):
    """v rounded to float32, its bits as 8 hex digits (big-endian order)."""
    return struct.pack("<f", float(v))[::-1].hex()


def hexlist(t):
    """A tensor's values, flattened, as comma-separated f32hex."""
    return ",".join(f32hex(v) for v in t.detach().reshape(-1).to(torch.float32).tolist())


def qparams_line(name, scale, zp):
    """One observer's qparams in pt2e-report{format=qparams}'s format."""
    return "%s scale=%s zero_point=%s" % (
        name, hexlist(scale), ",".join(str(int(z)) for z in zp.reshape(-1).tolist()))


def observers_of(gm):
    """[(name, module, observed FX node)] of a prepared GraphModule, in
    activation_post_process_N order."""
    found = []
    for node in gm.graph.nodes:
        if node.op == "call_module" and node.target.startswith("activation_post_process_"):
            found.append((node.target, gm.get_submodule(node.target), node.args[0]))
    return sorted(found, key=lambda t: int(t[0].rsplit("_", 1)[1]))


def sqnr(ref, y):
    """torchao's compute_sqnr: 20 log10(|ref| / |ref - y|), in the tensors'
    own precision (numpy arrays are taken as tensors)."""
    ref = torch.as_tensor(ref)
    y = torch.as_tensor(y)
    return float(20 * torch.log10(torch.linalg.vector_norm(ref) / torch.linalg.vector_norm(ref - y)))
