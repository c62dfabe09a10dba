#!/usr/bin/env python3
"""Goldens for the reference notebook's ConvReLU model, from real torch +
torchao (tools/oracle/requirements.txt) and torch-mlir
(tools/oracle/conv_relu/requirements.txt).

The model: Conv2d(3, 8, 3x3) + ReLU, no batch norm, input 4x3x16x16, built
right after torch.manual_seed(0). It is exported with torch.export, prepared
with prepare_pt2e and XNNPACKQuantizer (get_symmetric_quantization_config(
is_per_channel=True)) and calibrated on 8 batches of torch.randn(4, 3, 16, 16)
drawn from torch.Generator().manual_seed(0), as the notebook's calibrate()
does. Writes, under examples/conv_relu/golden/ (or OUTDIR):

  params.npz           weight (8x3x3x3, OIHW) and bias (8), float32
  calib.npz            arg0: the 8 calibration batches, 8x4x3x16x16 float32
  test_input.npy       the test batch x (4x3x16x16), randn from Generator seed 1
  float_output.npy     model(x) in float32 (4x8x14x14)
  qparams.txt          every observer of prepare_pt2e after calibration, in
                       pt2e-report{format=qparams}'s format
  minmax.txt           the observers' min_val / max_val after calibration
                       (f32 bits in hex, then decimal)
  fq_once.qparams.txt  experiment B as the notebook runs it: FakeQuantize
  fq_once_output.npy   (MinMax for x and relu, PerChannelMinMax for the
                       weight, eps 2^-12) at the same three places, fresh,
                       one forward of x with both switches on
  fq_calib.qparams.txt experiment B after calibration: the same fake-quant
  fq_calib_output.npy  model fed the 8 calibration batches with both switches
                       on, then observer off and one forward of x
  sqnr.txt             SQNR (dB) of both fake-quant outputs against float
  test_input.npz       x again, as arg0 with a batch dimension of 1 (1x4x3x16x16):
                       experiment B's one forward, as pt2e-calibrate data
  c_big5.npz           experiment C's data: randn (Generator seed 2) * 5, and
  c_big50.npz          that * 10, each as arg0 with a batch dimension of 1
  c_step1.qparams.txt  experiment C, on fq_once's model: the fake quants' qparams
                       after one batch of c_big5 with both switches on,
  c_step2.qparams.txt  and after disable_observer and one batch of c_big50
  c_switches.txt       the switches and x's fake-quant scale at each step, and
                       whether the output on x equals float after disable_fake_quant
  VERSIONS             torch, torchao, torch-mlir, numpy, CPU capability

and, through torch-mlir's FX importer (from the same weights), the model as
MLIR under examples/conv_relu/ (or MLIRDIR):

  conv_relu.linalg.mlir  linalg-on-tensors, annotated as XNNPACKQuantizer does
  conv_relu.tosa.mlir    TOSA, annotated likewise

Usage: .venv/bin/python tools/oracle/conv_relu/make_goldens.py [OUTDIR [MLIRDIR]]
"""

import os
import platform
import re
import sys
import warnings

import numpy as np
import torch
import torchao

warnings.filterwarnings("ignore")

from torchao.quantization.pt2e import fake_quantize as FQ  # noqa: E402
from torchao.quantization.pt2e import observer as O  # noqa: E402
from torchao.quantization.pt2e.quantize_pt2e import prepare_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
from common import ConvReLU, f32hex, hexlist, observers_of, qparams_line  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "examples", "conv_relu", "golden")
MLIRDIR = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "examples", "conv_relu")

EPS = 2.0 ** -12  # XNNPACKQuantizer's eps, and the notebook's for FakeQuantize
N_BATCHES = 8
SHAPE = (4, 3, 16, 16)


def insert_after(gm, node, module, name):
    """The notebook's insert_after: add_submodule + call_module + rewire users."""
    gm.add_submodule(name, module)
    with gm.graph.inserting_after(node):
        new = gm.graph.call_module(name, (node,))
    node.replace_all_uses_with(new, delete_user_cb=lambda user: user is not new)
    return new


def build_fake_quant(gm):
    """Experiment B: FakeQuantize at x, conv_weight and relu (build_manual)."""
    def fq_act():
        return FQ.FakeQuantize(observer=O.MinMaxObserver, dtype=torch.int8,
                               qscheme=torch.per_tensor_affine, quant_min=-128,
                               quant_max=127, eps=EPS)

    def fq_weight():
        return FQ.FakeQuantize(observer=O.PerChannelMinMaxObserver, ch_axis=0,
                               dtype=torch.int8, qscheme=torch.per_channel_symmetric,
                               quant_min=-127, quant_max=127, eps=EPS)

    by_name = {n.name: n for n in gm.graph.nodes}
    insert_after(gm, by_name["x"], fq_act(), "activation_post_process_0")
    insert_after(gm, by_name["conv_weight"], fq_weight(), "activation_post_process_1")
    insert_after(gm, by_name["relu"], fq_act(), "activation_post_process_2")
    gm.recompile()
    return gm


def sqnr(ref, y):
    """20 log10(|ref| / |ref - y|), in float32 as torch computes it, and in float64."""
    f32 = 20 * torch.log10(torch.linalg.vector_norm(ref) / torch.linalg.vector_norm(ref - y))
    d32 = (ref - y).double().numpy()  # the difference taken in float32
    f64 = 20 * np.log10(np.linalg.norm(ref.double().numpy()) / np.linalg.norm(d32))
    d64 = (ref.double() - y.double()).numpy()
    f64x = 20 * np.log10(np.linalg.norm(ref.double().numpy()) / np.linalg.norm(d64))
    return float(f32), float(f64), float(f64x)


def fq_qparams_lines(gm):
    lines = []
    for name, mod, _ in observers_of(gm):
        lines.append(qparams_line(name, mod.scale, mod.zero_point))
    return lines


# --- MLIR through torch-mlir ------------------------------------------------

ACT = ('{observer = "histogram", dtype = i8, quant_min = -128, quant_max = 127, '
       'qscheme = "per_tensor_affine", eps = 2.44140625e-4 : f32}')
WEIGHT = ('{observer = "per_channel_minmax", dtype = i8, quant_min = -127, quant_max = 127, '
          'qscheme = "per_channel_symmetric", ch_axis = 0, eps = 2.44140625e-4 : f32}')


def sub_once(pattern, repl, text, what):
    new, n = re.subn(pattern, repl, text, flags=re.M)
    if n != 1:
        raise SystemExit("annotating %s: pattern matched %d times, expected 1:\n%s" % (what, n, pattern))
    return new


def header(form, how):
    return (
        "// GENERATED by tools/oracle/conv_relu/make_goldens.py: do not edit; rerun\n"
        "// tools/oracle/regenerate.sh instead.\n"
        "//\n"
        "// The reference notebook's ConvReLU (Conv2d(3, 8, 3x3) + ReLU, torch.manual_seed(0))\n"
        "// in %s form, imported by torch-mlir %s (torch_mlir.fx.export_and_import)\n"
        "// from the same weights as examples/conv_relu/golden/params.npz. The weights\n"
        "// stay as torch-mlir writes them (dense_resource blobs or hex dense\n"
        "// literals): the float32 bits of the torch parameters.\n"
        "//\n"
        "// The only edit: pt2e.annotation attributes as XNNPACKQuantizer\n"
        "// (get_symmetric_quantization_config(is_per_channel=True)) annotates\n"
        "// conv -> relu: %s.\n"
        "// pt2e-prepare then inserts activation_post_process_0 (x), _1 (weight), _2 (relu).\n"
        "#act = %s\n"
        "#w = %s\n"
    ) % (form, TORCH_MLIR_VERSION, how, ACT, WEIGHT)


def emit_mlir(model, example):
    from torch_mlir import fx

    def text(output_type):
        mod = fx.export_and_import(model, example, output_type=output_type, func_name="conv_relu")
        return mod.operation.get_asm(large_elements_limit=None, enable_debug_info=False)

    lin = text("linalg-on-tensors")
    lin = sub_once(r"(linalg\.conv_2d_nchw_fchw \{)", r"\1pt2e.annotation = {inputs = [#act, #w]}, ",
                   lin, "linalg conv")
    # relu: the one linalg.generic reading the conv result
    conv_res = re.search(r"^\s*(%\w+) = linalg\.conv_2d_nchw_fchw", lin, re.M).group(1)
    lin = sub_once(r"(= linalg\.generic \{)(.*ins\(%s :)" % re.escape(conv_res),
                   r"\1pt2e.annotation = {output = #act}, \2", lin, "linalg relu")
    lin = header("linalg-on-tensors", "conv inputs [#act, #w] (bias, the broadcast init, "
                 "not quantized), relu output #act", ) + lin

    tosa = text("tosa")
    tosa = sub_once(r"(= tosa\.transpose %arg0 \{)", r"\1pt2e.annotation = {inputs = [#act]}, ",
                    tosa, "tosa input transpose")
    tosa = sub_once(r"(= tosa\.conv2d [^{]*\{)", r"\1pt2e.annotation = {inputs = [unit, #w]}, ",
                    tosa, "tosa conv2d")
    tosa = sub_once(r"(= tosa\.clamp [^{]*\{)", r"\1pt2e.annotation = {output = #act}, ",
                    tosa, "tosa clamp")
    tosa = header("TOSA", "x on the NCHW->NHWC transpose's input (PT2E observes x itself), "
                  "the OHWI weight on tosa.conv2d operand 1 (bias and zero points not "
                  "quantized), the clamp output") + tosa
    return lin, tosa


try:
    import torch_mlir  # noqa: F401
    from importlib.metadata import version as _pkgver
    TORCH_MLIR_VERSION = _pkgver("torch-mlir")
except ImportError:
    TORCH_MLIR_VERSION = None


def main():
    os.makedirs(OUT, exist_ok=True)
    torch.manual_seed(0)
    model = ConvReLU().eval()
    weight = model.conv.weight.detach().clone()
    bias = model.conv.bias.detach().clone()
    np.savez(os.path.join(OUT, "params.npz"), weight=weight.numpy(), bias=bias.numpy())

    example = (torch.zeros(SHAPE),)  # shapes only; export does not read values
    gm = torch.export.export(model, example).module()

    quantizer = XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True))
    prepared = prepare_pt2e(torch.export.export(model, example).module(), quantizer)

    g = torch.Generator().manual_seed(0)
    batches = [torch.randn(*SHAPE, generator=g) for _ in range(N_BATCHES)]
    np.savez(os.path.join(OUT, "calib.npz"), arg0=torch.stack(batches).numpy())
    with torch.no_grad():
        for b in batches:
            prepared(b)

    obs = observers_of(prepared)
    assert [(n, w.name) for n, _, w in obs] == [("activation_post_process_0", "x"),
                                           ("activation_post_process_1", "conv_weight"),
                                           ("activation_post_process_2", "relu")], obs
    with open(os.path.join(OUT, "qparams.txt"), "w") as f:
        for name, mod, _ in obs:
            s, z = mod.calculate_qparams()
            f.write(qparams_line(name, s, z) + "\n")
    with open(os.path.join(OUT, "minmax.txt"), "w") as f:
        f.write("# observer (watches, class): min_val / max_val after %d batches, f32 bits; "
                "then decimal\n" % N_BATCHES)
        for name, mod, watched in obs:
            f.write("%s min=%s max=%s\n" % (name, hexlist(mod.min_val), hexlist(mod.max_val)))
            f.write("#   %s %s min=%s max=%s\n" % (
                watched.name, type(mod).__name__,
                ",".join("%.9g" % v for v in mod.min_val.reshape(-1).tolist()),
                ",".join("%.9g" % v for v in mod.max_val.reshape(-1).tolist())))

    xg = torch.Generator().manual_seed(1)
    x = torch.randn(*SHAPE, generator=xg)
    np.save(os.path.join(OUT, "test_input.npy"), x.numpy())
    with torch.no_grad():
        y_fp32 = model(x)
        y_obs = prepared(x)  # observers only look
    assert torch.equal(y_obs, y_fp32)
    np.save(os.path.join(OUT, "float_output.npy"), y_fp32.numpy())

    # Experiment B, as the notebook runs it: fresh fake quants, one forward of x.
    fq_once = build_fake_quant(torch.export.export(model, example).module())
    with torch.no_grad():
        y_once = fq_once(x)
    assert not torch.equal(y_once, y_fp32)
    np.save(os.path.join(OUT, "fq_once_output.npy"), y_once.numpy())
    with open(os.path.join(OUT, "fq_once.qparams.txt"), "w") as f:
        f.write("\n".join(fq_qparams_lines(fq_once)) + "\n")

    # Experiment B, calibrated: 8 batches with both switches on, observer off, x.
    fq_cal = build_fake_quant(torch.export.export(model, example).module())
    with torch.no_grad():
        for b in batches:
            fq_cal(b)
        fq_cal.apply(FQ.disable_observer)
        y_cal = fq_cal(x)
    np.save(os.path.join(OUT, "fq_calib_output.npy"), y_cal.numpy())
    with open(os.path.join(OUT, "fq_calib.qparams.txt"), "w") as f:
        f.write("\n".join(fq_qparams_lines(fq_cal)) + "\n")

    with open(os.path.join(OUT, "sqnr.txt"), "w") as f:
        f.write("# SQNR (dB) of the fake-quant model's output against float_output.npy on\n"
                "# test_input.npy: 20*log10(|ref| / |ref - y|). f32: torch in float32;\n"
                "# f64: the float32 difference, norms in float64; f64exact: difference and\n"
                "# norms in float64.\n")
        for name, y in (("fq_once", y_once), ("fq_calib", y_cal)):
            a, b, c = sqnr(y_fp32, y)
            f.write("%s f32=%.6f f64=%.6f f64exact=%.6f\n" % (name, a, b, c))

    experiment_c(fq_once, x, y_fp32)

    with open(os.path.join(OUT, "VERSIONS"), "w") as f:
        f.write("torch %s\ntorchao %s\ntorch-mlir %s\nnumpy %s\npython %s\n"
                "cpu_capability %s\nmachine %s\navx512f %s\n" % (
                    torch.__version__, torchao.__version__, TORCH_MLIR_VERSION, np.__version__,
                    platform.python_version(), torch.backends.cpu.get_cpu_capability(),
                    platform.machine(), _has_avx512f()))

    if TORCH_MLIR_VERSION is None:
        raise SystemExit("torch-mlir is not installed: goldens written, MLIR models not "
                         "(pip install -r tools/oracle/conv_relu/requirements.txt)")
    lin, tosa = emit_mlir(model, x)
    with open(os.path.join(MLIRDIR, "conv_relu.linalg.mlir"), "w") as f:
        f.write(lin)
    with open(os.path.join(MLIRDIR, "conv_relu.tosa.mlir"), "w") as f:
        f.write(tosa)


def experiment_c(fq_model, x, y_fp32):
    """Experiment C, the notebook's switch sequence, continuing on experiment
    B's model (fresh fake quants that have seen x once, fq_once):
      1. both switches on, one batch of 5x data: the input fake quant's scale rises;
      2. disable_observer, one batch of 10x that (50x): its scale stays;
      3. disable_fake_quant: the output on x is the float model's, bit for bit.
    Writes the data (as pt2e-calibrate reads it: arg0 with a batch dimension of
    1; x too, for experiment B) and the fake quants' qparams after each step."""
    np.savez(os.path.join(OUT, "test_input.npz"), arg0=x.unsqueeze(0).numpy())
    big = torch.randn(*SHAPE, generator=torch.Generator().manual_seed(2)) * 5
    huge = big * 10
    np.savez(os.path.join(OUT, "c_big5.npz"), arg0=big.unsqueeze(0).numpy())
    np.savez(os.path.join(OUT, "c_big50.npz"), arg0=huge.unsqueeze(0).numpy())
    fq0 = fq_model.get_submodule("activation_post_process_0")

    def state():
        return "observer=%d fake_quant=%d" % (int(fq0.observer_enabled[0]),
                                              int(fq0.fake_quant_enabled[0]))

    scales = [float(fq0.scale)]
    rows = []
    with torch.no_grad():
        fq_model(big)
        scales.append(float(fq0.scale))
        rows.append((state(), "c_big5.npz", scales[0], scales[1]))
        with open(os.path.join(OUT, "c_step1.qparams.txt"), "w") as f:
            f.write("\n".join(fq_qparams_lines(fq_model)) + "\n")

        fq_model.apply(FQ.disable_observer)
        fq_model(huge)
        scales.append(float(fq0.scale))
        rows.append((state(), "c_big50.npz", scales[1], scales[2]))
        with open(os.path.join(OUT, "c_step2.qparams.txt"), "w") as f:
            f.write("\n".join(fq_qparams_lines(fq_model)) + "\n")

        fq_model.apply(FQ.disable_fake_quant)
        back_to_fp32 = torch.equal(fq_model(x), y_fp32)
    assert scales[1] > scales[0] and scales[2] == scales[1] and back_to_fp32, (scales, back_to_fp32)
    with open(os.path.join(OUT, "c_switches.txt"), "w") as f:
        f.write("# Experiment C on fq_once's model: activation_post_process_0 (x) scale\n"
                "# before -> after each step, f32 bits and decimal; then the output check.\n")
        for st, data, a, b in rows:
            f.write("%s data=%s scale=%s->%s (%.9g -> %.9g)\n" % (
                st.replace(" ", ","), data, f32hex(a), f32hex(b), a, b))
        f.write("%s output_on_x_equals_float=%s\n" % (state().replace(" ", ","), back_to_fp32))


def _has_avx512f():
    try:
        with open("/proc/cpuinfo") as f:
            return "yes" if re.search(r"\bavx512f\b", f.read()) else "no"
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
