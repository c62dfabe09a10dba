#!/usr/bin/env python3
"""Writes the hand-written int8 TOSA 1.0 module and its input for the
reference-model oracle (README.md beside this file):

  test/oracle-int8-tosa/Inputs/hand.mlir   the module (plain mlir-opt-22 verifies it)
  test/oracle-int8-tosa/Inputs/hand_x.npy  its int8 input, 1x8x8x3

The module chains every integer TOSA op the int8 lowering emits: conv2d on i8
with an input zero point and an i32 bias, acc_type i32; a per-channel
tosa.rescale (DOUBLE_ROUND) to i8 with relu folded into a tosa.clamp at the
output zero point; max_pool2d; an add of two branches brought to a common i32
scale by rescales (SINGLE_ROUND, input zero points removed), one of them
through slice and pad; a rescale back to i8; reshape; matmul i8 x i8 -> i32
with an input zero point; a last rescale. Multipliers and shifts are derived
from float scales the way TOSA's and TFLite's reference code does it (frexp of
the scale: a 31-bit mantissa rounded half away from zero, shift = 31 - exp).

Deterministic (numpy's PCG64 with a fixed seed); needs numpy only.
"""
import math
import os
import sys

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OUT = os.path.join(ROOT, "test", "oracle-int8-tosa", "Inputs")


def quantize_multiplier(scale):
    """TOSA / TFLite: scale = multiplier * 2^-shift, multiplier in [2^30, 2^31)."""
    m, e = math.frexp(scale)
    mult = int(round(m * (1 << 31)))  # m in [0.5, 1): rounds half away from zero for positives
    if mult == (1 << 31):
        mult //= 2
        e += 1
    shift = 31 - e
    assert 1 << 30 <= mult < 1 << 31 and 2 <= shift <= 62, (scale, mult, shift)
    return mult, shift


def dense(a):
    return "dense<%s>" % np.array2string(np.asarray(a), separator=", ", threshold=1 << 30,
                                          max_line_width=1 << 30).replace("\n", "")


def ty(shape, et):
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), et)


def const(name, values, et):
    values = np.asarray(values)
    t = ty(values.shape, et)
    return '  %%%s = "tosa.const"() <{values = %s : %s}> : () -> %s\n' % (name, dense(values), t, t)


def shape_const(name, values):
    n = len(values)
    return ("  %%%s = tosa.const_shape {values = dense<%s> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
            % (name, list(values), n, n))


def rescale(res, src, m, s, izp, ozp, in_t, out_t, per_channel, mode):
    nm = "4" if per_channel else "1"
    return ("  %%%s = tosa.rescale %%%s, %%%s, %%%s, %%%s, %%%s {input_unsigned = false, output_unsigned = false, "
            "per_channel = %s, rounding_mode = %s, scale32 = true}\n"
            "      : (%s, tensor<%sxi32>, tensor<%sxi8>, tensor<1x%s>, tensor<1x%s>) -> %s\n"
            % (res, src, m, s, izp, ozp, "true" if per_channel else "false", mode,
               in_t, nm, nm, in_t.split("x")[-1].rstrip(">"), out_t.split("x")[-1].rstrip(">"), out_t))


def main():
    rng = np.random.Generator(np.random.PCG64(20261201))
    x = rng.integers(-128, 128, size=(1, 8, 8, 3), dtype=np.int8)
    w = rng.integers(-127, 128, size=(4, 3, 3, 3), dtype=np.int8)
    b = rng.integers(-3000, 3000, size=(4,), dtype=np.int32)
    fw = rng.integers(-127, 128, size=(1, 64, 5), dtype=np.int8)

    # float scales: x 0.02 (zp -3), w per channel, conv out 0.05 (zp -20)
    sx, zx = 0.02, -3
    sw = [0.004, 0.0035, 0.005, 0.0042]
    s1, z1 = 0.05, -20
    m1, sh1 = zip(*(quantize_multiplier(sx * c / s1) for c in sw))
    # add: both inputs to a common scale 2^-20 relative to max(s1, sx)*2 (TFLite's left shift 20)
    common = 2 * max(s1, sx) / (1 << 20)
    ma, sa = quantize_multiplier(s1 / common)
    mb, sb = quantize_multiplier(sx / common)
    s2, z2 = 0.08, 5
    mo, so = quantize_multiplier(common / s2)
    sfw = 0.006
    s3, z3 = 0.25, 7
    mf, sf = quantize_multiplier(s2 * sfw / s3)

    body = []
    body.append(const("w", w, "i8"))
    body.append(const("b", b, "i32"))
    body.append(const("izp", [zx], "i8"))
    body.append(const("wzp", [0], "i8"))
    body.append("  %c = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, "
                "pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}\n"
                "      : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>)"
                " -> tensor<1x8x8x4xi32>\n")
    body.append(const("m1", list(m1), "i32"))
    body.append(const("s1", list(sh1), "i8"))
    body.append(const("zi32", [0], "i32"))
    body.append(const("z1", [z1], "i8"))
    body.append(rescale("r1", "c", "m1", "s1", "zi32", "z1", "tensor<1x8x8x4xi32>", "tensor<1x8x8x4xi8>",
                        True, "DOUBLE_ROUND"))
    body.append("  %%relu = tosa.clamp %%r1 {min_val = %d : i8, max_val = 127 : i8} : "
                "(tensor<1x8x8x4xi8>) -> tensor<1x8x8x4xi8>\n" % z1)
    body.append("  %p = tosa.max_pool2d %relu {kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, "
                "stride = array<i64: 2, 2>} : (tensor<1x8x8x4xi8>) -> tensor<1x4x4x4xi8>\n")
    body.append(const("ma", [ma], "i32"))
    body.append(const("sa", [sa], "i8"))
    body.append(rescale("ia", "p", "ma", "sa", "z1", "zi32", "tensor<1x4x4x4xi8>", "tensor<1x4x4x4xi32>",
                        False, "SINGLE_ROUND"))
    body.append(shape_const("st", [0, 2, 2, 0]))
    body.append(shape_const("sz", [1, 4, 4, 3]))
    body.append("  %xs = tosa.slice %x, %st, %sz : (tensor<1x8x8x3xi8>, !tosa.shape<4>, !tosa.shape<4>)"
                " -> tensor<1x4x4x3xi8>\n")
    body.append(const("mb", [mb], "i32"))
    body.append(const("sb", [sb], "i8"))
    body.append(rescale("ib0", "xs", "mb", "sb", "izp", "zi32", "tensor<1x4x4x3xi8>", "tensor<1x4x4x3xi32>",
                        False, "SINGLE_ROUND"))
    body.append(shape_const("pads", [0, 0, 0, 0, 0, 0, 0, 1]))
    body.append("  %ib = tosa.pad %ib0, %pads, %zi32 : (tensor<1x4x4x3xi32>, !tosa.shape<8>, tensor<1xi32>)"
                " -> tensor<1x4x4x4xi32>\n")
    body.append("  %sum = tosa.add %ia, %ib : (tensor<1x4x4x4xi32>, tensor<1x4x4x4xi32>) -> tensor<1x4x4x4xi32>\n")
    body.append(const("mo", [mo], "i32"))
    body.append(const("so", [so], "i8"))
    body.append(const("z2", [z2], "i8"))
    body.append(rescale("q2", "sum", "mo", "so", "zi32", "z2", "tensor<1x4x4x4xi32>", "tensor<1x4x4x4xi8>",
                        False, "SINGLE_ROUND"))
    body.append(shape_const("shp", [1, 1, 64]))
    body.append("  %flat = tosa.reshape %q2, %shp : (tensor<1x4x4x4xi8>, !tosa.shape<3>) -> tensor<1x1x64xi8>\n")
    body.append(const("fw", fw, "i8"))
    body.append(const("zi8", [0], "i8"))
    body.append("  %mm = tosa.matmul %flat, %fw, %z2, %zi8 : (tensor<1x1x64xi8>, tensor<1x64x5xi8>, "
                "tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x5xi32>\n")
    body.append(const("mf", [mf], "i32"))
    body.append(const("sf", [sf], "i8"))
    body.append(const("z3", [z3], "i8"))
    body.append(rescale("y", "mm", "mf", "sf", "zi32", "z3", "tensor<1x1x5xi32>", "tensor<1x1x5xi8>",
                        False, "DOUBLE_ROUND"))

    text = ("// Generated by tools/oracle/int8_tosa/make_hand_module.py: every integer TOSA 1.0 op the\n"
            "// int8 lowering emits, in one chain (the script's docstring says which).\n"
            "func.func @main(%x: tensor<1x8x8x3xi8>) -> tensor<1x1x5xi8> {\n"
            + "".join(body) +
            "  return %y : tensor<1x1x5xi8>\n}\n")
    # Also return the intermediate i8 tensors, so the comparison covers every stage.
    text = text.replace("-> tensor<1x1x5xi8> {\n", "-> (tensor<1x8x8x4xi8>, tensor<1x4x4x4xi8>, tensor<1x4x4x4xi8>, tensor<1x1x5xi8>) {\n", 1)
    text = text.replace("  return %y : tensor<1x1x5xi8>\n",
                        "  return %relu, %p, %q2, %y : tensor<1x8x8x4xi8>, tensor<1x4x4x4xi8>, tensor<1x4x4x4xi8>, tensor<1x1x5xi8>\n")
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "hand.mlir"), "w") as f:
        f.write(text)
    np.save(os.path.join(OUT, "hand_x.npy"), x)
    return 0


if __name__ == "__main__":
    sys.exit(main())
