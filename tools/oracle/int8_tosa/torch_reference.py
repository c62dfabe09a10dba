#!/usr/bin/env python3
"""Oracle 2 of the int8 TOSA lowering (README.md beside this file): PyTorch's
integer semantics on conv -> relu, set against integer TOSA.

The model, weights, calibration batches and test batch are examples/conv_relu's
(tools/oracle/conv_relu/make_goldens.py: Conv2d(3, 8, 3) + ReLU after
torch.manual_seed(0), XNNPACKQuantizer per-channel, the 8 batches of
golden/calib.npz, the test batch golden/test_input.npy). Run with the oracle
venv (torch 2.15, torchao 0.18: tools/oracle/requirements.txt):

  .venv/bin/python tools/oracle/int8_tosa/torch_reference.py

Three int8 results of the same quantized model on the same int8 input:
  1. torchao's convert_pt2e(..., use_reference_representation=True): the int8
     tensor its graph computes before the last dequantize. For this model the
     reference representation keeps the conv in float on dequantized values
     (its integer conv pattern covers neither per-channel weights nor a conv
     with its relu), then requantizes in float: round(relu / s) + zp with
     aten.round (half to even). This is PT2E's reference semantics.
  2. PyTorch's quantized kernel (torch.ops.quantized.conv2d_relu, the fbgemm
     engine): int8 weights, uint8 activations (our int8 values + 128,
     zero point + 128, exact), int32 accumulation, bias quantized by the kernel,
     float requantization.
  3. integer TOSA as TFLite builds it: conv2d on i8 with input_zp, weight_zp 0,
     acc_type i32, int32 bias round(b / (s_x * s_w[c])) (float32 scale, half to
     even, as torch's derived bias spec), then a per-channel tosa.rescale with
     TFLite's QuantizeMultiplier (make_hand_module.quantize_multiplier) of
     s_x * s_w[c] / s_out (in double, as ExecuTorch's Arm backend computes it;
     TFLite rounds the product s_x * s_w[c] to float32 first), SINGLE_ROUND (round half up), relu as the clamp
     [zp_out, 127]. Written as Inputs/conv_relu_int8.mlir (NCHW i8 in and out,
     transposes around the NHWC conv, as torch-mlir's TOSA form has them) and
     Inputs/conv_relu_int8_double.mlir (the same with DOUBLE_ROUND); run here
     by pt2e-run (lit) and by TOSA's reference model (make_reference_goldens.py).

Writes under test/oracle-int8-tosa/Inputs/:
  conv_relu_int8.mlir, conv_relu_int8_double.mlir   the two TOSA modules (batch 4),
  conv_relu_int8_calib.mlir, conv_relu_int8_double_calib.mlir   the same for batch 32
  conv_relu_x_i8.npy        torch's int8 input (quantize of the test batch)
  conv_relu_torch_ref.npy   1. int8 output, 4x8x14x14
  conv_relu_torch_fbgemm.npy 2. int8 output
  conv_relu_calib_x_i8.npy  the 8 calibration batches quantized (32x3x16x16),
  conv_relu_calib_torch_ref.npy  and 1. on them (more elements for the counts)
  conv_relu_torch.txt       qparams, versions, and the counts of 1. vs 2.
"""
import copy
import os
import sys
import warnings

import numpy as np

# The relu's HistogramObserver scale depends on the conv's summation order:
# oneDNN's AVX-512 kernels give 3c1f6227 where examples/conv_relu/golden
# (made on AVX2) has 3c1f6226. Pin the AVX2 kernels, so the goldens are the
# same on every machine and match examples/conv_relu/golden/qparams.txt.
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
import torch  # noqa: E402
import torchao

warnings.filterwarnings("ignore")

from torchao.quantization.pt2e.quantize_pt2e import convert_pt2e, prepare_pt2e  # noqa: E402
from torchao.testing.pt2e._xnnpack_quantizer import (  # noqa: E402
    XNNPACKQuantizer, get_symmetric_quantization_config)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # tools/oracle/: common.py
sys.path.insert(0, HERE)
from common import ConvReLU  # noqa: E402
from make_hand_module import OUT, ROOT, const, quantize_multiplier  # noqa: E402

GOLDEN = os.path.join(ROOT, "examples", "conv_relu", "golden")


def quant_chain(div):
    """(scale, zero point, int8 node) of div -> round -> to(i32) -> add(zp) -> clamp -> to(i8)."""
    scale = float(div.args[1])
    n = div
    zp = None
    while True:
        (n,) = list(n.users)
        if n.target == torch.ops.aten.add.Tensor:
            zp = int(n.args[1])
        if n.target == torch.ops.aten.to.dtype and n.args[1] == torch.int8:
            return scale, zp, n


def reference_model(prepared):
    """convert_pt2e(reference representation) with its int8 tensors as outputs."""
    ref = convert_pt2e(copy.deepcopy(prepared), use_reference_representation=True)
    g = ref.graph
    divs = [n for n in g.nodes if n.target == torch.ops.aten.div.Tensor
            and isinstance(n.args[1], float)]
    assert len(divs) == 2, "expected the input and output quantize chains, got %d" % len(divs)
    (sx, zx, qx), (so, zo, qo) = quant_chain(divs[0]), quant_chain(divs[1])
    out = [n for n in g.nodes if n.op == "output"][0]
    out.args = ((qx, qo, out.args[0][0]),)
    g._codegen = torch.fx.graph.CodeGen()  # plain tuple out, instead of the export's pytree spec
    g.lint()
    ref.recompile()
    return ref, (sx, zx), (so, zo)


def frozen_weight(ref):
    """The int8 per-channel weight with its scales and zero points."""
    w = [v for k, v in ref.named_buffers() if v.dtype == torch.int8]
    w += [getattr(ref, k) for k in dir(ref) if k.startswith("_frozen_param")]
    w = [t for t in w if isinstance(t, torch.Tensor) and t.dtype == torch.int8]
    scales = getattr(ref, "_scale_0")
    zps = getattr(ref, "_zero_point_0")
    return w[0], scales, zps


def tosa_module(w_i8, bias_i32, mults, shifts, zx, zo, mode, n=4):
    """conv -> relu as integer TOSA 1.0 for a batch of n (NCHW i8 in and out)."""
    w_ohwi = np.ascontiguousarray(w_i8.transpose(0, 2, 3, 1))
    t = {"X": "tensor<%dx3x16x16xi8>" % n, "XT": "tensor<%dx16x16x3xi8>" % n,
         "ACC": "tensor<%dx14x14x8xi32>" % n, "Q": "tensor<%dx14x14x8xi8>" % n,
         "Y": "tensor<%dx8x14x14xi8>" % n, "MODE": mode, "ZO": zo}
    L = [const("w", w_ohwi, "i8"), const("b", bias_i32, "i32"), const("izp", [zx], "i8"),
         const("wzp", [0], "i8"), const("m", mults, "i32"), const("s", shifts, "i8"),
         const("zi32", [0], "i32"), const("ozp", [zo], "i8")]
    body = """  %xt = tosa.transpose %x {perms = array<i32: 0, 2, 3, 1>} : ({X}) -> {XT}
  %c = tosa.conv2d %xt, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}
      : ({XT}, tensor<8x3x3x3xi8>, tensor<8xi32>, tensor<1xi8>, tensor<1xi8>) -> {ACC}
  %r = tosa.rescale %c, %m, %s, %zi32, %ozp {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = {MODE}, scale32 = true}
      : ({ACC}, tensor<8xi32>, tensor<8xi8>, tensor<1xi32>, tensor<1xi8>) -> {Q}
  %relu = tosa.clamp %r {min_val = {ZO} : i8, max_val = 127 : i8} : ({Q}) -> {Q}
  %y = tosa.transpose %relu {perms = array<i32: 0, 3, 1, 2>} : ({Q}) -> {Y}
  return %y : {Y}
}
"""
    for k, v in t.items():
        body = body.replace("{%s}" % k, str(v))
    return ("// Generated by tools/oracle/int8_tosa/torch_reference.py: examples/conv_relu quantized as\n"
            "// torchao's convert_pt2e quantizes it, as integer TOSA 1.0 (TFLite's multipliers, %s).\n"
            "func.func @main(%%x: %s) -> %s {\n" % (mode, t["X"], t["Y"]) + "".join(L) + body)


def counts(a, b):
    d = np.abs(a.astype(np.int64) - b.astype(np.int64))
    return "elements=%d differing=%d max_abs_diff=%d" % (d.size, int((d != 0).sum()), int(d.max()))


def main():
    torch.manual_seed(0)
    model = ConvReLU().eval()
    params = np.load(os.path.join(GOLDEN, "params.npz"))
    assert np.array_equal(params["weight"], model.conv.weight.detach().numpy()), "not examples/conv_relu's weights"
    calib = np.load(os.path.join(GOLDEN, "calib.npz"))["arg0"]
    x = torch.from_numpy(np.load(os.path.join(GOLDEN, "test_input.npy")))
    ep = torch.export.export(model, (x,)).module()
    prepared = prepare_pt2e(ep, XNNPACKQuantizer().set_global(get_symmetric_quantization_config(is_per_channel=True)))
    for b in calib:
        prepared(torch.from_numpy(b))
    ref, (sx, zx), (so, zo) = reference_model(prepared)
    x_i8, y_ref, y_f = ref(x)
    w_i8, w_scale, w_zp = frozen_weight(ref)
    assert int(w_zp.abs().max()) == 0, "symmetric weights expected"

    # 2. PyTorch's quantized kernel
    # fbgemm: exact int32 accumulation. The "x86" engine picks oneDNN for this conv, which
    # under the AVX2 pin above differs from the reference on 2951 of 50176 elements (up to
    # 69 LSB), presumably saturating u8 x s8 pair sums in int16 (AVX2 has no VNNI).
    torch.backends.quantized.engine = "fbgemm"
    qw = torch._make_per_channel_quantized_tensor(w_i8, w_scale.to(torch.float64), w_zp.to(torch.int64), 0)
    packed = torch.ops.quantized.conv2d_prepack(qw, model.conv.bias.detach(), [1, 1], [0, 0], [1, 1], 1)

    def kernel(q_i8):
        qx = torch._make_per_tensor_quantized_tensor((q_i8.to(torch.int32) + 128).to(torch.uint8), sx, zx + 128)
        qy = torch.ops.quantized.conv2d_relu(qx, packed, so, zo + 128)
        return (qy.int_repr().to(torch.int32) - 128).to(torch.int8)

    y_kernel = kernel(x_i8)

    # 3. integer TOSA's constants
    bias_scale = (np.float32(sx) * w_scale.numpy().astype(np.float32)).astype(np.float32)
    bias_i32 = np.round(model.conv.bias.detach().numpy().astype(np.float32) / bias_scale).astype(np.int32)
    ms = [quantize_multiplier(float(np.float64(sx) * np.float64(s) / np.float64(so))) for s in w_scale.tolist()]
    mults, shifts = [m for m, _ in ms], [s for _, s in ms]
    for mode, name in (("SINGLE_ROUND", "conv_relu_int8"), ("DOUBLE_ROUND", "conv_relu_int8_double")):
        for n, suffix in ((4, ""), (4 * len(calib), "_calib")):
            with open(os.path.join(OUT, name + suffix + ".mlir"), "w") as f:
                f.write(tosa_module(w_i8.numpy(), bias_i32, mults, shifts, zx, zo, mode, n))

    np.save(os.path.join(OUT, "conv_relu_x_i8.npy"), x_i8.numpy())
    np.save(os.path.join(OUT, "conv_relu_torch_ref.npy"), y_ref.numpy())
    np.save(os.path.join(OUT, "conv_relu_torch_fbgemm.npy"), y_kernel.numpy())
    cx, cy, ck = [], [], []
    for b in calib:
        bx, by, _ = ref(torch.from_numpy(b))
        cx.append(bx.numpy())
        cy.append(by.numpy())
        ck.append(kernel(bx).numpy())
    np.save(os.path.join(OUT, "conv_relu_calib_x_i8.npy"), np.concatenate(cx))
    np.save(os.path.join(OUT, "conv_relu_calib_torch_ref.npy"), np.concatenate(cy))
    with open(os.path.join(OUT, "conv_relu_torch.txt"), "w") as f:
        f.write("# tools/oracle/int8_tosa/torch_reference.py, torch %s, torchao %s, numpy %s, engine %s\n"
                % (torch.__version__, torchao.__version__, np.__version__, torch.backends.quantized.engine))
        f.write("input scale=%r zero_point=%d\noutput scale=%r zero_point=%d\n" % (sx, zx, so, zo))
        f.write("weight scales=%s\n" % ",".join(repr(float(s)) for s in w_scale.tolist()))
        f.write("bias_i32=%s\nmultipliers=%s\nshifts=%s\n" % (
            ",".join(map(str, bias_i32.tolist())), ",".join(map(str, mults)), ",".join(map(str, shifts))))
        f.write("reference_representation vs quantized kernel (test batch): %s\n"
                % counts(y_ref.numpy(), y_kernel.numpy()))
        f.write("reference_representation vs quantized kernel (calibration batches): %s\n"
                % counts(np.concatenate(cy), np.concatenate(ck)))
    print(open(os.path.join(OUT, "conv_relu_torch.txt")).read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
