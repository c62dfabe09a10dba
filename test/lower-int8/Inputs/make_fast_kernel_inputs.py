#!/usr/bin/env python3
"""Writes int8_fast.mlir (integer TOSA ops on the edges of the interpreter's
vector int8 kernels: zero points at -128 and 127, weights at -128 and a
weight zero point, odd channel counts, depths that are no multiple of the
vector steps, more columns than a panel, strides, padding, dilation,
channel multipliers, and per-channel / per-tensor rescales of large
accumulators) and its inputs int8_fast.{x1,x2,a,acc}.npy. Python's
standard library only; values from a fixed linear congruential stream,
so the files are the same on every run. int8-fast-kernels.test compares
the kernels with the loop nest on them."""
import struct

state = [2024]


def draw():
    state[0] = (state[0] * 1103515245 + 12345) % (1 << 31)
    return state[0] >> 8  # the stream's better 23 bits


def rnd(lo, hi):
    return lo + ((draw() << 23) | draw()) % (hi - lo + 1)


def vals(shape, lo, hi, edges=()):
    n = 1
    for d in shape:
        n *= d
    v = [rnd(lo, hi) for _ in range(n)]
    for i, e in enumerate(edges):  # the extremes, spread over the tensor
        v[(i * 7919) % n] = e
    return v


FMT = {"i8": "b", "i32": "i"}


def tty(shape, ty):
    return "tensor<%sx%s>" % ("x".join(map(str, shape)), ty)


def const(name, shape, ty, v):
    hexs = struct.pack("<%d%s" % (len(v), FMT[ty]), *v).hex().upper()
    return '  %%%s = "tosa.const"() <{values = dense<"0x%s"> : %s}> : () -> %s\n' % (
        name, hexs, tty(shape, ty), tty(shape, ty))


def zp(name, v, ty="i8"):
    return '  %%%s = "tosa.const"() <{values = dense<%d> : tensor<1x%s>}> : () -> tensor<1x%s>\n' % (
        name, v, ty, ty)


def npy(path, shape, ty, v):
    descr = {"i8": "|i1", "i32": "<i4"}[ty]
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d, " % d for d in shape))
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (len(v), FMT[ty]), *v))


E8 = (-128, 127, -128, 127, 0, -1)
inputs = {
    "x1": ((2, 11, 13, 7), "i8", vals((2, 11, 13, 7), -128, 127, E8)),
    "x2": ((1, 9, 9, 130), "i8", vals((1, 9, 9, 130), -128, 127, E8)),
    "a": ((2, 13, 37), "i8", vals((2, 13, 37), -128, 127, E8)),
    "acc": ((3, 5, 6, 40), "i32", vals((3, 5, 6, 40), -(1 << 31), (1 << 31) - 1,
                                       (-(1 << 31), (1 << 31) - 1, 0, -1, 1))),
}
for name, (shape, ty, v) in inputs.items():
    npy("int8_fast.%s.npy" % name, shape, ty, v)

b = ""
b += const("w1", (33, 2, 3, 7), "i8", vals((33, 2, 3, 7), -128, 127, E8))
b += const("b1", (33,), "i32", vals((33,), -5000, 5000))
b += const("w2", (5, 3, 3, 7), "i8", vals((5, 3, 3, 7), -128, 127, E8))
b += const("b2", (5,), "i32", vals((5,), -5000, 5000))
b += const("w3", (40, 1, 1, 130), "i8", vals((40, 1, 1, 130), -128, 127, E8))
b += const("b3", (40,), "i32", vals((40,), -5000, 5000))
b += const("w4", (17, 3, 3, 130), "i8", vals((17, 3, 3, 130), -128, 127, E8))
b += const("b4", (17,), "i32", vals((17,), -5000, 5000))
b += const("w5", (3, 3, 7, 1), "i8", vals((3, 3, 7, 1), -128, 127, E8))
b += const("b5", (7,), "i32", vals((7,), -5000, 5000))
b += const("w6", (3, 3, 130, 1), "i8", vals((3, 3, 130, 1), -128, 127, E8))
b += const("b6", (130,), "i32", vals((130,), -5000, 5000))
b += const("w7", (2, 2, 7, 3), "i8", vals((2, 2, 7, 3), -128, 127, E8))
b += const("b7", (21,), "i32", vals((21,), -5000, 5000))
b += const("bm", (2, 37, 45), "i8", vals((2, 37, 45), -128, 127, E8))
b += const("bn", (2, 37, 1), "i8", vals((2, 37, 1), -128, 127, E8))
# rescale terms: multipliers over the whole positive range, shifts 2..62
b += const("mu1", (33,), "i32", vals((33,), 1 << 30, (1 << 31) - 1))
b += const("s1", (33,), "i8", vals((33,), 30, 45))
b += const("mu2", (40,), "i32", vals((40,), 1, (1 << 31) - 1, (1, (1 << 31) - 1)))
b += const("s2", (40,), "i8", vals((40,), 2, 62, (2, 62)))
b += const("mu0", (1,), "i32", [1 << 30])
b += const("s0", (1,), "i8", [11])
b += const("mu9", (1,), "i32", [1717986918])
b += const("s9", (1,), "i8", [33])
for n, v in (("zm128", -128), ("z127", 127), ("z0", 0), ("z3", 3), ("zm5", -5), ("z7", 7),
             ("zm3", -3), ("z5", 5), ("zm7", -7)):
    b += zp(n, v)
b += zp("i0", 0, "i32")

ACC = "acc_type = i32"


def conv(name, x, xs, w, ws, bias, izp, wzp, dil, pad, stride, out):
    return ("  %%%s = tosa.conv2d %%%s, %%%s, %%%s, %%%s, %%%s {%s, dilation = array<i64: %s>, pad = array<i64: %s>, stride = array<i64: %s>}"
            " : (%s, %s, tensor<%dxi32>, tensor<1xi8>, tensor<1xi8>) -> %s\n" % (
                name, x, w, bias, izp, wzp, ACC, dil, pad, stride, tty(xs, "i8"), tty(ws, "i8"),
                ws[0], tty(out, "i32")))


def dw(name, x, xs, w, ws, bias, izp, wzp, dil, pad, stride, out):
    return ("  %%%s = tosa.depthwise_conv2d %%%s, %%%s, %%%s, %%%s, %%%s {%s, dilation = array<i64: %s>, pad = array<i64: %s>, stride = array<i64: %s>}"
            " : (%s, %s, tensor<%dxi32>, tensor<1xi8>, tensor<1xi8>) -> %s\n" % (
                name, x, w, bias, izp, wzp, ACC, dil, pad, stride, tty(xs, "i8"), tty(ws, "i8"),
                ws[2] * ws[3], tty(out, "i32")))


def rescale(name, x, xs, xt, m, s, izp, ozp, per_channel, out, ot):
    nm = xs[-1] if per_channel else 1
    return ("  %%%s = tosa.rescale %%%s, %%%s, %%%s, %%%s, %%%s {input_unsigned = false, output_unsigned = false, per_channel = %s, rounding_mode = SINGLE_ROUND, scale32 = true}"
            " : (%s, tensor<%dxi32>, tensor<%dxi8>, tensor<1x%s>, tensor<1x%s>) -> %s\n" % (
                name, x, m, s, izp, ozp, "true" if per_channel else "false", tty(xs, xt), nm, nm,
                xt, ot, tty(out, ot)))


X1, X2, A, AC = (2, 11, 13, 7), (1, 9, 9, 130), (2, 13, 37), (3, 5, 6, 40)
b += conv("c1", "x1", X1, "w1", (33, 2, 3, 7), "b1", "zm128", "z0", "2, 1", "1, 1, 0, 1", "2, 1", (2, 6, 12, 33))
b += conv("c2", "x1", X1, "w2", (5, 3, 3, 7), "b2", "z127", "zm128", "1, 1", "1, 1, 1, 1", "1, 1", (2, 11, 13, 5))
b += conv("c3", "x2", X2, "w3", (40, 1, 1, 130), "b3", "z3", "z0", "1, 1", "0, 0, 0, 0", "1, 1", (1, 9, 9, 40))
b += conv("c4", "x2", X2, "w4", (17, 3, 3, 130), "b4", "zm5", "z7", "1, 1", "0, 0, 0, 0", "2, 2", (1, 4, 4, 17))
b += dw("d1", "x1", X1, "w5", (3, 3, 7, 1), "b5", "zm128", "z0", "1, 1", "1, 1, 1, 1", "1, 1", (2, 11, 13, 7))
b += dw("d2", "x2", X2, "w6", (3, 3, 130, 1), "b6", "z127", "zm3", "1, 1", "0, 0, 0, 0", "2, 2", (1, 4, 4, 130))
b += dw("d3", "x1", X1, "w7", (2, 2, 7, 3), "b7", "z5", "z0", "2, 2", "0, 0, 0, 0", "1, 1", (2, 9, 11, 21))
b += ("  %%m1 = tosa.matmul %%a, %%bm, %%zm128, %%z127 : (%s, tensor<2x37x45xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x13x45xi32>\n" % tty(A, "i8"))
b += ("  %%m2 = tosa.matmul %%a, %%bn, %%z0, %%z0 : (%s, tensor<2x37x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x13x1xi32>\n" % tty(A, "i8"))
b += rescale("r1", "c1", (2, 6, 12, 33), "i32", "mu1", "s1", "i0", "zm128", True, (2, 6, 12, 33), "i8")
b += "  %k1 = tosa.clamp %r1 {max_val = 100 : i8, min_val = -20 : i8} : (tensor<2x6x12x33xi8>) -> tensor<2x6x12x33xi8>\n"
b += rescale("r2", "acc", AC, "i32", "mu2", "s2", "i0", "z127", True, AC, "i8")
b += rescale("r3", "x1", X1, "i8", "mu0", "s0", "zm128", "i0", False, X1, "i32")
b += rescale("r4", "x1", X1, "i8", "mu9", "s9", "z5", "zm7", False, X1, "i8")
b += rescale("r5", "acc", AC, "i32", "mu9", "s9", "i0", "i0", False, AC, "i32")
b += "  %k2 = tosa.clamp %acc {max_val = 1000000 : i32, min_val = -70000 : i32} : (tensor<3x5x6x40xi32>) -> tensor<3x5x6x40xi32>\n"

results = [("c1", (2, 6, 12, 33), "i32"), ("c2", (2, 11, 13, 5), "i32"), ("c3", (1, 9, 9, 40), "i32"),
           ("c4", (1, 4, 4, 17), "i32"), ("d1", X1, "i32"), ("d2", (1, 4, 4, 130), "i32"),
           ("d3", (2, 9, 11, 21), "i32"), ("m1", (2, 13, 45), "i32"), ("m2", (2, 13, 1), "i32"),
           ("k1", (2, 6, 12, 33), "i8"), ("r2", AC, "i8"), ("r3", X1, "i32"), ("r4", X1, "i8"),
           ("r5", AC, "i32"), ("k2", AC, "i32")]
outs = ", ".join(tty(s, t) for _, s, t in results)
with open("int8_fast.mlir", "w") as f:
    f.write("// Generated by make_fast_kernel_inputs.py; see int8-fast-kernels.test.\n")
    f.write("func.func @edges(%%x1: %s, %%x2: %s, %%a: %s, %%acc: %s) -> (%s) {\n" % (
        tty(X1, "i8"), tty(X2, "i8"), tty(A, "i8"), tty(AC, "i32"), outs))
    f.write(b)
    f.write("  return %s : %s\n}\n" % (", ".join("%" + n for n, _, _ in results), outs))
