#!/usr/bin/env python3
"""Writes the inputs and the expected outputs of the op tests (test/ops/*.test).

Every expected array is computed here by NumPy, by PyTorch or by plain Python
(integer semantics written out by hand), never by the interpreter under test.
Written with NumPy 2.4.6 and PyTorch 2.15.0 (CPU); deterministic (fixed seeds,
no threading-dependent reductions: sums that NumPy or PyTorch would order
differently from the interpreter are computed in float64 and rounded once,
and the tests compare them with a tolerance).

Run from anywhere: python3 test/ops/Inputs/make_expected.py
It rewrites the .npy files next to it and prints, for the tolerance tests,
the worst-case rounding error bound that the .test files' regexes rely on.
"""
import math
import os
import warnings

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
F32, F64 = np.float32, np.float64
NAN = np.float32("nan")  # bits 0x7fc00000
INF = np.float32("inf")
U = 2.0 ** -24  # unit roundoff of float32


def save(name, a):
    a = np.asarray(a)  # np.save writes C order; keeps 0-d arrays 0-d
    np.save(os.path.join(HERE, name + ".npy"), a)


def f32(x):
    return np.asarray(x, dtype=F32)


def rounded(x64):
    """The float32 nearest to an exact (float64) result."""
    return np.asarray(x64, dtype=F64).astype(F32)


def gamma(n):
    return n * U / (1 - n * U)


def report(name, bound):
    print("%-28s worst-case rounding error bound %.3g" % (name, bound))


def wrap(v, bits):
    """Python int -> two's complement value of 'bits' bits."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def unsigned(v, bits):
    return v & ((1 << bits) - 1)


def ints(values, bits):
    return np.array(values, dtype={8: np.int8, 32: np.int32, 64: np.int64}[bits])


# ------------------------------------------------------------------ func
def make_func():
    a = f32([[1.5, -2.0, 0.25], [3.0, -0.5, 7.0]])
    b = f32([[0.5, 4.0, -0.25], [1.0, 2.5, -3.0]])
    save("func_a", a)
    save("func_b", b)
    s, d = a + b, a - b  # float32 arithmetic, as the model does it
    save("func_main_0", s * d)
    save("func_main_1", s * s)
    save("func_main_2", a)
    save("func_neg", f32([[-1.0, 2, 3], [4, 5, 6]]))


# ------------------------------------------------------------------ arith
def make_arith():
    # constants
    save("arith_const_0", f32([[1.5, -2.0, 3.25], [0.0, -0.0, 1.0e-3]]))
    save("arith_const_1", np.full((2, 2), 0.1, F32))
    save("arith_const_2", f32([1.0, -2.5, 0.125, 3.0e38]))
    save("arith_const_3", ints([-128, 127, -1], 8))
    save("arith_const_4", ints([2**63 - 1, -(2**63)], 64))
    save("arith_const_5", np.full((2, 2), -7, np.int32))

    # addf .. remf on real values, +-inf divisors and subnormal products
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((4, 8)) * 4).astype(F32)
    y = (rng.standard_normal((4, 8)) * 4).astype(F32)
    y[0, :3] = [INF, -INF, INF]
    x[1, :2] = [1e-20, -3e-20]
    y[1, :2] = [1e-20, 2e-19]  # products are subnormal
    x[2, :2] = [1e-38, 3.0e38]
    y[2, :2] = [8.0, 0.25]  # a subnormal quotient; 3e38 / 0.25 overflows to inf
    save("arith_x", x)
    save("arith_y", y)
    with np.errstate(over="ignore", under="ignore"):
        save("arith_add", x + y)
        save("arith_sub", x - y)
        save("arith_mul", x * y)
        save("arith_div", x / y)
        save("arith_rem", np.fmod(x, y))  # C fmod: sign of the dividend
    # division by +-0 of non-zero numbers: +-inf
    y0 = y.copy()
    y0[3, :4] = [0.0, -0.0, 0.0, -0.0]
    x0 = x.copy()
    x0[3, :4] = [1.0, 1.0, -2.0, -2.0]
    save("arith_x0", x0)
    save("arith_y0", y0)
    with np.errstate(divide="ignore", over="ignore"):
        save("arith_div0", x0 / y0)

    # maximumf / minimumf: IEEE 754-2019 maximum/minimum, written out
    pairs = [(1, 2), (2, 1), (NAN, 1), (1, NAN), (NAN, NAN), (0.0, -0.0),
             (-0.0, 0.0), (-0.0, -0.0), (INF, -INF), (-3, -3), (-INF, NAN),
             (1e-45, -1.0)]
    mx, my = f32([p[0] for p in pairs]), f32([p[1] for p in pairs])

    def maximum(a, b):
        if math.isnan(a) or math.isnan(b):
            return NAN
        if a == b == 0:
            return F32(0.0) if (math.copysign(1, a) > 0 or math.copysign(1, b) > 0) else F32(-0.0)
        return max(a, b)

    def minimum(a, b):
        if math.isnan(a) or math.isnan(b):
            return NAN
        if a == b == 0:
            return F32(-0.0) if (math.copysign(1, a) < 0 or math.copysign(1, b) < 0) else F32(0.0)
        return min(a, b)

    save("minmax_x", mx)
    save("minmax_y", my)
    save("maximumf", f32([maximum(a, b) for a, b in zip(mx, my)]))
    save("minimumf", f32([minimum(a, b) for a, b in zip(mx, my)]))

    # maxnumf / minnumf: a NaN operand is ignored; no +0 / -0 pairs
    pairs = [(1, 2), (2, 1), (NAN, 1), (1, NAN), (NAN, NAN), (-0.0, -0.0),
             (0.0, 0.0), (INF, -INF), (-3, -3), (-INF, NAN), (NAN, -INF),
             (1e-45, -1e-45)]
    nx, ny = f32([p[0] for p in pairs]), f32([p[1] for p in pairs])

    def num(op, a, b):
        if math.isnan(a):
            return b
        if math.isnan(b):
            return a
        return op(a, b)

    save("num_x", nx)
    save("num_y", ny)
    save("maxnumf", f32([num(max, a, b) for a, b in zip(nx, ny)]))
    save("minnumf", f32([num(min, a, b) for a, b in zip(nx, ny)]))

    # negf flips the sign bit, also of 0 and NaN
    save("negf", np.negative(mx))

    # cmpf: all predicates by their definitions
    pairs = [(1, 2), (2, 1), (1, 1), (NAN, 1), (1, NAN), (NAN, NAN),
             (0.0, -0.0), (INF, INF), (-INF, INF), (INF, NAN),
             (-1.0, -1.0000001), (3e38, INF)]
    cx, cy = f32([p[0] for p in pairs]), f32([p[1] for p in pairs])
    save("cmpf_x", cx)
    save("cmpf_y", cy)
    uno = np.isnan(cx) | np.isnan(cy)
    ordd = ~uno
    with np.errstate(invalid="ignore"):
        eq, gt, ge = cx == cy, cx > cy, cx >= cy
        lt, le = cx < cy, cx <= cy
    preds = {
        "false": np.zeros(12, bool), "oeq": ordd & eq, "ogt": ordd & gt,
        "oge": ordd & ge, "olt": ordd & lt, "ole": ordd & le,
        "one": ordd & ~eq, "ord": ordd, "ueq": uno | eq, "ugt": uno | gt,
        "uge": uno | ge, "ult": uno | lt, "ule": uno | le, "une": uno | ~eq,
        "uno": uno, "true": np.ones(12, bool)}
    for k, v in preds.items():
        save("cmpf_" + k, v)

    # cmpi on i32, signed and unsigned predicates
    pairs = [(1, 2), (2, 1), (-1, 1), (1, -1), (-5, -5), (-(2**31), 2**31 - 1),
             (0, -1), (7, 7)]
    ix = [p[0] for p in pairs]
    iy = [p[1] for p in pairs]
    save("cmpi_x", ints(ix, 32))
    save("cmpi_y", ints(iy, 32))
    ux = [unsigned(v, 32) for v in ix]
    uy = [unsigned(v, 32) for v in iy]
    cmpi = {
        "eq": [a == b for a, b in zip(ix, iy)], "ne": [a != b for a, b in zip(ix, iy)],
        "slt": [a < b for a, b in zip(ix, iy)], "sle": [a <= b for a, b in zip(ix, iy)],
        "sgt": [a > b for a, b in zip(ix, iy)], "sge": [a >= b for a, b in zip(ix, iy)],
        "ult": [a < b for a, b in zip(ux, uy)], "ule": [a <= b for a, b in zip(ux, uy)],
        "ugt": [a > b for a, b in zip(ux, uy)], "uge": [a >= b for a, b in zip(ux, uy)]}
    for k, v in cmpi.items():
        save("cmpi_" + k, np.array(v, bool))

    # select
    c = np.array([[True, False, False, True], [False, True, True, False]])
    sx = f32([[1, 2, 3, 4], [5, 6, 7, 8]])
    sy = -sx
    save("select_c", c)
    save("select_x", sx)
    save("select_y", sy)
    save("select_true", np.array(True))
    save("select_false", np.array(False))
    save("select_tensor", np.where(c, sx, sy))

    # integer ops on i8 / i32 / i64, with wraparound, by Python integers
    for bits in (8, 32, 64):
        lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        xs = [hi, lo, hi, lo, 100, -100, 7, -7, 7, -7, 0, 1, -1, hi - 1, lo + 1, 85]
        ys = [1, 1, hi, lo, 3, 3, 2, 2, -2, -2, 5, lo, hi, 2, -2, -86]
        save("int%d_x" % bits, ints(xs, bits))
        save("int%d_y" % bits, ints(ys, bits))

        def tdiv(a, b):  # C division: truncates toward zero
            q = abs(a) // abs(b)
            return q if (a < 0) == (b < 0) else -q

        res = {
            "addi": [wrap(a + b, bits) for a, b in zip(xs, ys)],
            "subi": [wrap(a - b, bits) for a, b in zip(xs, ys)],
            "muli": [wrap(a * b, bits) for a, b in zip(xs, ys)],
            # lo / -1 overflows (undefined behaviour): not among the inputs
            "divsi": [wrap(tdiv(a, b), bits) for a, b in zip(xs, ys)],
            "remsi": [wrap(a - b * tdiv(a, b), bits) for a, b in zip(xs, ys)],
            "andi": [wrap(a & b, bits) for a, b in zip(xs, ys)],
            "ori": [wrap(a | b, bits) for a, b in zip(xs, ys)],
            "xori": [wrap(a ^ b, bits) for a, b in zip(xs, ys)]}
        assert not any(a == lo and b == -1 for a, b in zip(xs, ys))
        for k, v in res.items():
            save("int%d_%s" % (bits, k), ints(v, bits))
        # shifts by 0 .. bits-1
        shx = [1, -1, hi, lo, 85, -85, 3, -3, 1, -1, hi, lo, 0x5A, -0x5B, 1, -2]
        shs = [0, 1, 1, 1, 2, 2, bits - 1, bits - 1, bits - 1, bits - 1, bits // 2,
               bits // 2, 3, 3, bits - 2, bits - 2]
        save("shift%d_x" % bits, ints(shx, bits))
        save("shift%d_s" % bits, ints(shs, bits))
        save("shift%d_shli" % bits, ints([wrap(a << s, bits) for a, s in zip(shx, shs)], bits))
        save("shift%d_shrsi" % bits, ints([a >> s for a, s in zip(shx, shs)], bits))
        save("shift%d_shrui" % bits,
             ints([wrap(unsigned(a, bits) >> s, bits) for a, s in zip(shx, shs)], bits))

    # more i32 ops
    xs = [7, -7, 7, -7, -1, 2**31 - 1, -(2**31), 100, 0, 5, -5, 9, -9, 1, -1, 6]
    ys = [2, 2, -2, -2, 2, 3, 3, -1, 7, 5, 5, -4, 4, -1, 1, 7]
    save("more_x", ints(xs, 32))
    save("more_y", ints(ys, 32))
    ux = [unsigned(v, 32) for v in xs]
    uy = [unsigned(v, 32) for v in ys]
    more = {
        "divui": [wrap(a // b, 32) for a, b in zip(ux, uy)],
        "remui": [wrap(a % b, 32) for a, b in zip(ux, uy)],
        "floordivsi": [a // b for a, b in zip(xs, ys)],
        "ceildivsi": [-((-a) // b) for a, b in zip(xs, ys)],
        "maxsi": [max(a, b) for a, b in zip(xs, ys)],
        "minsi": [min(a, b) for a, b in zip(xs, ys)],
        "maxui": [wrap(max(a, b), 32) for a, b in zip(ux, uy)],
        "minui": [wrap(min(a, b), 32) for a, b in zip(ux, uy)]}
    for k, v in more.items():
        save("more_" + k, ints(v, 32))

    # float casts
    cf = f32([1.5, -1.5, 2.7, -2.7, 0.0, -0.0, 100.9, -128.9, 127.9, 0.4999,
              -0.9999, 3.0])
    save("castf_x", cf)
    e = 2.0 ** -24
    d = np.array([1 + e, 1 + 3 * e, -(1 + e), 1 + e + 2.0 ** -40, 0.1,
                  3.5e38, -3.5e38, 1e-50, 1e-40, 2.0 ** -149 * 0.5,
                  2.0 ** -149 * 0.75, 123456789.0], F64)
    save("castf_d", d)
    save("castf_extf", cf.astype(F64))
    with np.errstate(over="ignore"):
        save("castf_truncf", d.astype(F32))  # IEEE round to nearest even
    save("castf_fptosi32", np.trunc(cf.astype(F64)).astype(np.int32))
    save("castf_fptosi8", np.trunc(cf.astype(F64)).astype(np.int8))
    save("castf_bitcast", cf.view(np.int32))
    fu = f32([0.0, 0.5, 1.9, 2147483648.0, 3.0e9, 4.0e9])
    save("fptoui_x", fu)
    save("fptoui", np.array([int(v) for v in fu], np.uint64).astype(np.uint32).view(np.int32))

    # integer casts
    a8 = [-128, -1, 0, 1, 127, -5, 64, -64]
    w64 = [2**40 + 5, -1, 2**31, -(2**31) - 1, 255, 128, -129, 0x123456789]
    v32 = [0, 1, -1, 2**31 - 1, -(2**31), 1000, -1000, 0x3F800000]
    save("casti_a", ints(a8, 8))
    save("casti_w", ints(w64, 64))
    save("casti_v", ints(v32, 32))
    save("casti_sitofp", f32(a8))
    save("casti_uitofp", f32([unsigned(v, 8) for v in a8]))
    save("casti_extsi", ints(a8, 32))
    save("casti_extui", ints([unsigned(v, 8) for v in a8], 64))
    save("casti_trunci32", ints([wrap(v, 32) for v in w64], 32))
    save("casti_trunci8", ints([wrap(v, 8) for v in w64], 8))
    save("casti_index64", ints(v32, 64))
    save("casti_index8", ints([wrap(v, 8) for v in v32], 8))
    save("casti_bitcast", ints(v32, 32).view(F32))


# ------------------------------------------------------------------ math
def make_math():
    rng = np.random.default_rng(2)
    x = rng.uniform(-4, 4, 32).astype(F32)
    x[:4] = [0.0, -0.0, 4.0, -4.0]
    save("math_x", x)
    x64 = x.astype(F64)
    save("math_exp", rounded(np.exp(x64)))
    save("math_tanh", rounded(np.tanh(x64)))
    save("math_erf", rounded([math.erf(v) for v in x64]))
    save("math_absf", np.abs(x))
    p = rng.uniform(0.5, 2, 32).astype(F32)
    p[:3] = [1.0, 2.0, 0.5]
    y = rng.uniform(-2, 2, 32).astype(F32)
    y[:3] = [-2.0, 0.5, 2.0]
    n = rng.integers(-3, 5, 32).astype(np.int32)
    n[:3] = [0, 4, -3]
    save("math_p", p)
    save("math_y", y)
    save("math_n", n)
    p64 = p.astype(F64)
    save("math_log", rounded(np.log(p64)))
    save("math_sqrt", np.sqrt(p))  # IEEE sqrt is correctly rounded
    save("math_rsqrt", rounded(1 / np.sqrt(p64)))
    save("math_powf", rounded(np.power(p64, y.astype(F64))))
    save("math_fpowi", rounded(np.power(p64, n.astype(F64))))
    r = f32([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, 2.5000002, -3.5,
             4194304.5, 8388609.0, INF, -INF, NAN, -0.0, 3e38])
    save("round_x", r)
    save("round_even", np.round(r))  # NumPy rounds half to even
    g = rng.uniform(-6, 6, 32).astype(F32)
    g[:3] = [0.0, -6.0, 6.0]
    save("comp_x", g)
    g64 = g.astype(F64)
    save("comp_sigmoid", rounded(1 / (1 + np.exp(-g64))))
    save("comp_gelu", rounded([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in g64]))


# ------------------------------------------------------------------ tensor
def make_tensor():
    x = (np.arange(24, dtype=F32).reshape(4, 6) * 1.25 - 7.0).astype(F32)
    y = f32([[100, 101, 102], [103, 104, 105]])
    z = f32([-1, -2, -3, -4, -5, -6])
    save("tensor_x", x)
    save("tensor_y", y)
    save("tensor_z", z)
    save("tensor_empty", x)
    save("tensor_splat", np.full((2, 3), x[1, 2], F32))
    save("tensor_pad_const", np.pad(x, ((1, 2), (2, 0)), constant_values=-1.5))
    q = np.fromfunction(lambda i, j: 100 * i + j, (5, 9)).astype(F32)
    q[0:4, 1:7] = x
    save("tensor_pad_index", q)
    save("tensor_expand", x.reshape(2, 2, 3, 2))
    save("tensor_collapse", x.reshape(24))
    save("tensor_reshape", x.reshape(3, 8))
    save("tensor_cast", x)
    save("tensor_slice_strided", x[1:4:2, 0:6:3])
    save("tensor_slice_reduced", x[2, 1:5])
    save("tensor_slice_unit", x[1:3, 2:6])
    a = x.copy()
    a[1:4:2, 0:6:2] = y
    save("tensor_insert_strided", a)
    b = x.copy()
    b[3, :] = z
    save("tensor_insert_row", b)
    save("tensor_concat0", np.concatenate([y, y, y], 0))
    save("tensor_concat1", np.concatenate([x, np.concatenate([y, y], 0), x], 1))
    save("tensor_flip1", x[:, ::-1])
    save("tensor_from_elements", f32([x[3, 5], x[0, 0], x[2, 1]]))
    c = x.copy()
    c[1, 4] = x[0, 0]
    save("tensor_insert", c)


# ------------------------------------------------------------------ linalg
def make_linalg():
    save("linalg_fill_f32", np.full((2, 3), 2.5, F32))
    save("linalg_fill_i32", np.full(4, -3, np.int32))
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 5)).astype(F32)
    b = rng.standard_normal(5).astype(F32)
    y = rng.standard_normal((5, 4)).astype(F32)
    save("linalg_x", x)
    save("linalg_b", b)
    save("linalg_y", y)
    save("linalg_generic_maps", x * b[None, :] + y.T)  # float32 mul then add
    x64 = x.astype(F64)
    save("linalg_rowsum", rounded(x64.sum(1)))
    report("linalg row sums (5 terms)", (gamma(4) * np.abs(x64).sum(1)).max())
    save("linalg_rowmax", x.max(1))
    save("linalg_index_f32", x + np.fromfunction(lambda i, j: 10 * i + j, (4, 5)).astype(F32))
    save("linalg_index_i8", np.fromfunction(lambda i, j: i - j, (4, 5)).astype(np.int8))
    x2 = rng.standard_normal((4, 5)).astype(F32)
    save("linalg_x2", x2)
    save("linalg_map", x * x2 - x)
    t = rng.standard_normal((3, 4, 5)).astype(F32)
    save("linalg_t", t)
    t64 = t.astype(F64)
    save("linalg_reduce_sum", rounded(t64.sum(1)))
    report("linalg.reduce sum (4 terms)", (gamma(3) * np.abs(t64).sum(1)).max())
    save("linalg_reduce_max", t.max(axis=(0, 2)))
    save("linalg_broadcast1", np.broadcast_to(b, (3, 4, 5)))
    save("linalg_broadcast2", np.broadcast_to(x[:, None, :], (4, 3, 5)))
    save("linalg_transpose", t.transpose(2, 0, 1))


def make_linalg_named():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 4)).astype(F32)
    y = rng.standard_normal((3, 4)).astype(F32)
    x[0, 0], y[0, 0] = 2.5, 2.5
    x[0, 1] = -0.5
    save("named_x", x)
    save("named_y", y)
    for k, v in {"add": x + y, "sub": x - y, "mul": x * y, "div": x / y,
                 "max": np.maximum(x, y), "min": np.minimum(x, y),
                 "abs": np.abs(x), "negf": -x, "square": x * x,
                 "floor": np.floor(x)}.items():
        save("named_" + k, v)
    p = rng.uniform(0.25, 3, (3, 4)).astype(F32)
    save("named_p", p)
    p64 = p.astype(F64)
    save("named_exp", rounded(np.exp(p64)))
    save("named_log", rounded(np.log(p64)))
    save("named_tanh", rounded(np.tanh(p64)))
    save("named_rsqrt", rounded(1 / np.sqrt(p64)))

    # matmuls: integer-valued (exact in float32 in any order) and real-valued
    for kind in ("int", "real"):
        if kind == "int":
            g = lambda *s: rng.integers(-4, 5, s).astype(F32)
        else:
            g = lambda *s: rng.standard_normal(s).astype(F32)
        a, b, c = g(5, 7), g(7, 6), g(5, 6)
        ba, bb = g(2, 5, 7), g(2, 7, 6)
        save("mm_%s_a" % kind, a)
        save("mm_%s_b" % kind, b)
        save("mm_%s_c" % kind, c)
        save("mm_%s_at" % kind, np.ascontiguousarray(a.T))
        save("mm_%s_bt" % kind, np.ascontiguousarray(b.T))
        save("mm_%s_ba" % kind, ba)
        save("mm_%s_bb" % kind, bb)
        save("mm_%s_bbt" % kind, np.ascontiguousarray(bb.transpose(0, 2, 1)))
        A, B, C = (v.astype(F64) for v in (a, b, c))
        BA, BB = ba.astype(F64), bb.astype(F64)
        save("mm_%s_matmul" % kind, rounded(C + A @ B))
        save("mm_%s_ab" % kind, rounded(A @ B))
        save("mm_%s_batch" % kind, rounded(BA @ BB))
        if kind == "real":
            report("matmul C + AB (8 terms)",
                   (gamma(7) * (np.abs(C) + np.abs(A) @ np.abs(B))).max())
            report("batch_matmul (7 terms)", (gamma(6) * (np.abs(BA) @ np.abs(BB))).max())
    a8 = rng.integers(-128, 128, (5, 7)).astype(np.int8)
    b8 = rng.integers(-128, 128, (7, 6)).astype(np.int8)
    a8[0, :] = -128
    b8[:, 0] = -128
    save("mm_i8_a", a8)
    save("mm_i8_b", b8)
    save("mm_i8", a8.astype(np.int32) @ b8.astype(np.int32))


# ------------------------------------------------------------------ conv
def conv_ref(x, w, stride, dilation, groups=1, bias=None):
    """NCHW x FCHW (torch layout), exact in float64."""
    out = torch.nn.functional.conv2d(
        torch.from_numpy(x.astype(F64)), torch.from_numpy(w.astype(F64)),
        None if bias is None else torch.from_numpy(bias.astype(F64)),
        stride=stride, dilation=dilation, groups=groups)
    return out.numpy()


def conv_bound(x, w, stride, dilation, groups, terms):
    return (gamma(terms) * conv_ref(np.abs(x), np.abs(w), stride, dilation, groups)).max()


def make_conv():
    rng = np.random.default_rng(5)
    for kind in ("int", "real"):
        if kind == "int":
            g = lambda *s: rng.integers(-3, 4, s).astype(F32)
        else:
            g = lambda *s: rng.standard_normal(s).astype(F32)
        x, w, bias = g(2, 3, 9, 9), g(4, 3, 3, 3), g(4)
        dx, dw = g(2, 3, 8, 8), g(3, 3, 3)
        p = "conv_%s_" % kind
        save(p + "x", x)
        save(p + "w", w)
        save(p + "bias", bias)
        save(p + "x_nhwc", x.transpose(0, 2, 3, 1))
        save(p + "w_hwcf", w.transpose(2, 3, 1, 0))
        save(p + "w_fhwc", w.transpose(0, 2, 3, 1))
        save(p + "dx", dx)
        save(p + "dw", dw)
        save(p + "dx_nhwc", dx.transpose(0, 2, 3, 1))
        save(p + "dw_hwc", dw.transpose(1, 2, 0))
        save(p + "nchw_s2", rounded(conv_ref(x, w, 2, 1, bias=bias)))
        save(p + "nchw_d2", rounded(conv_ref(x, w, 1, 2)))
        save(p + "nchw_s2d2", rounded(conv_ref(x, w, 2, 2)))
        save(p + "nhwc_hwcf", rounded(conv_ref(x, w, (2, 1), (1, 2)).transpose(0, 2, 3, 1)))
        save(p + "nhwc_fhwc", rounded(conv_ref(x, w, 1, 1).transpose(0, 2, 3, 1)))
        dw4 = dw[:, None, :, :]
        save(p + "dw_nchw", rounded(conv_ref(dx, dw4, 1, 2, groups=3)))
        save(p + "dw_nhwc", rounded(conv_ref(dx, dw4, 2, 1, groups=3).transpose(0, 2, 3, 1)))
        if kind == "real":
            b = conv_bound(x, w, 2, 1, 1, 27)
            b += gamma(28) * np.abs(bias).max()
            for s, d in ((1, 2), (2, 2), ((2, 1), (1, 2)), (1, 1)):
                b = max(b, conv_bound(x, w, s, d, 1, 27))
            report("conv (28 terms)", b)
            report("depthwise conv (9 terms)",
                   max(conv_bound(dx, dw4, 1, 2, 3, 9), conv_bound(dx, dw4, 2, 1, 3, 9)))


# ------------------------------------------------------------------ pooling
def make_pool():
    rng = np.random.default_rng(6)
    for kind in ("int", "real"):
        if kind == "int":
            x = rng.integers(-20, 21, (2, 3, 8, 8)).astype(F32)
        else:
            x = rng.standard_normal((2, 3, 8, 8)).astype(F32)
        p = "pool_%s_" % kind
        t = torch.from_numpy(x.astype(F64))
        mx = torch.nn.functional.max_pool2d(t, 3, 2).numpy()
        mxd = torch.nn.functional.max_pool2d(t, 3, 1, dilation=2).numpy()
        sm = torch.nn.functional.avg_pool2d(t, 3, 2).numpy() * 9
        mn = -torch.nn.functional.max_pool2d(-t, 3, 1).numpy()
        save(p + "x", x)
        save(p + "x_nhwc", x.transpose(0, 2, 3, 1))
        save(p + "nchw_max", rounded(mx))
        save(p + "nchw_sum", rounded(sm))
        save(p + "nchw_maxd", rounded(mxd))
        # avg = sum / 9: for integer data the sum is exact and the float32
        # division correctly rounded, so the expected value is exact too
        save(p + "nchw_avg", rounded(sm).astype(F32) / F32(9) if kind == "int" else rounded(sm / 9))
        save(p + "nhwc_max", rounded(mx.transpose(0, 2, 3, 1)))
        save(p + "nhwc_sum", rounded(sm.transpose(0, 2, 3, 1)))
        save(p + "nhwc_min", rounded(mn.transpose(0, 2, 3, 1)))
        if kind == "real":
            s9 = torch.nn.functional.avg_pool2d(torch.from_numpy(np.abs(x).astype(F64)), 3, 2).numpy() * 9
            report("pool sum (9 terms)", (gamma(8) * s9).max())
            report("pool avg (sum, then / 9)", (gamma(9) * s9 / 9).max())


# ------------------------------------------------------------------ tosa
def make_tosa():
    rng = np.random.default_rng(7)
    gi = lambda *s: rng.integers(-3, 4, s).astype(F32)
    x, w, b = gi(1, 8, 8, 3), gi(4, 3, 3, 3), gi(4)
    save("tosa_conv_x", x)
    save("tosa_conv_w", w)  # OHWI
    save("tosa_conv_b", b)
    xn = x.transpose(0, 3, 1, 2)
    xp = np.pad(xn, ((0, 0), (0, 0), (1, 0), (0, 1)))  # pad top 1, right 1
    save("tosa_conv", rounded(conv_ref(xp, w.transpose(0, 3, 1, 2), 2, 1, bias=b).transpose(0, 2, 3, 1)))
    dw, db = gi(3, 3, 3, 1), gi(3)
    save("tosa_dw_w", dw)
    save("tosa_dw_b", db)
    wt = dw[:, :, :, 0].transpose(2, 0, 1)[:, None]  # C x 1 x KH x KW
    save("tosa_dw", rounded(conv_ref(xn, wt, 1, 2, groups=3, bias=db).transpose(0, 2, 3, 1)))
    a, bm = gi(2, 5, 7), gi(2, 7, 6)
    save("tosa_mm_a", a)
    save("tosa_mm_b", bm)
    save("tosa_mm", rounded(a.astype(F64) @ bm.astype(F64)))

    e = rng.uniform(-3, 3, (3, 4)).astype(F32)
    y = rng.uniform(-3, 3, (1, 4)).astype(F32)
    e[0, :2] = [-1.0, 2.0]
    save("tosa_e_x", e)
    save("tosa_e_y", y)
    save("tosa_clamp", np.clip(e, F32(-1), F32(2)))
    save("tosa_add", e + y)
    save("tosa_sub", e - y)
    save("tosa_mul", e * y)
    save("tosa_maximum", np.maximum(e, y))
    save("tosa_minimum", np.minimum(e, y))

    u = rng.uniform(0.25, 4, (3, 4)).astype(F32)
    save("tosa_u_x", u)
    u64 = u.astype(F64)
    save("tosa_exp", rounded(np.exp(u64)))
    save("tosa_sigmoid", rounded(1 / (1 + np.exp(-u64))))
    save("tosa_tanh", rounded(np.tanh(u64)))
    save("tosa_rsqrt", rounded(1 / np.sqrt(u64)))
    save("tosa_reciprocal", F32(1) / u)  # one correctly rounded division

    save("tosa_reshape", e.reshape(2, 6))
    save("tosa_transpose", e.T)
    save("tosa_concat", np.concatenate([e, y], 0))
    save("tosa_pad", np.pad(e, ((1, 2), (0, 1)), constant_values=-7.5))
    e64 = e.astype(F64)
    save("tosa_rsum1", rounded(e64.sum(1, keepdims=True)))
    save("tosa_rsum0", rounded(e64.sum(0, keepdims=True)))
    report("tosa reduce_sum (4 terms)", (gamma(3) * np.abs(e64).sum(1)).max())
    save("tosa_rmax1", e.max(1, keepdims=True))
    save("tosa_rmax0", e.max(0, keepdims=True))

    px = rng.integers(-20, 21, (1, 8, 8, 3)).astype(F32)
    save("tosa_pool_x", px)
    t = torch.from_numpy(px.transpose(0, 3, 1, 2).astype(F64))
    tp = torch.nn.functional.pad(t, (0, 1, 1, 0), value=-math.inf)  # left, right, top, bottom
    save("tosa_maxpool", rounded(torch.nn.functional.max_pool2d(tp, 3, 2).numpy().transpose(0, 2, 3, 1)))
    tz = torch.nn.functional.pad(t, (0, 1, 1, 0))
    ones = torch.nn.functional.pad(torch.ones_like(t), (0, 1, 1, 0))
    s = torch.nn.functional.avg_pool2d(tz, 3, 2).numpy() * 9  # integer sums, exact
    n = torch.nn.functional.avg_pool2d(ones, 3, 2).numpy() * 9  # valid (unpadded) counts
    save("tosa_avgpool", (rounded(s).astype(F32) / rounded(n).astype(F32)).transpose(0, 2, 3, 1))

    cx = f32([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 127.5, 128.7, -129.2, 3e9, -3e9, 0.2])
    ci = ints([0, 1, -1, 16777217, -16777219, 2**31 - 1, -(2**31), 123456789, 7, -7,
               33554435, 100], 32)
    save("tosa_cast_x", cx)
    save("tosa_cast_i", ci)
    r = np.round(cx.astype(F64))  # half to even
    save("tosa_cast_i32", np.clip(r, -(2**31), 2**31 - 1).astype(np.int64).astype(np.int32))
    save("tosa_cast_i8", np.clip(r, -128, 127).astype(np.int8))
    save("tosa_cast_f32", ci.astype(F32))  # round to nearest even
    save("tosa_cast_i1", cx != 0)


# ------------------------------------------------------------------ quant
def make_quant():
    warnings.filterwarnings("ignore", message=".*quantize.*deprecated")
    rng = np.random.default_rng(8)
    x = rng.uniform(-12, 12, 16).astype(F32)
    # exact ties at scale 0.5 (x / 0.5 = 0.5, 1.5, -0.5, 2.5, -2.5), saturation
    x[:8] = [0.25, 0.75, -0.25, 1.25, -1.25, 100.0, -100.0, 0.0]
    save("quant_x", x)
    q = torch.quantize_per_tensor(torch.from_numpy(x), 0.5, 3, torch.qint8)
    save("quant_i8", q.int_repr().numpy())
    save("quant_i8_deq", q.dequantize().numpy())
    # scale 0.1 (u8, zero point 128): inputs clear of rounding ties, so that
    # dividing by the scale and multiplying by its float32 reciprocal (as
    # PyTorch's vectorized kernels do) round alike
    xu = rng.uniform(-14, 14, 64).astype(F32)
    frac = lambda v: abs(v / F64(F32(0.1)) - np.floor(v / F64(F32(0.1))) - 0.5)
    xu = f32([v for v in xu if frac(F64(v)) > 0.01][:15] + [-20.0])  # -20 saturates at 0
    save("quant_xu", xu)
    qu = torch.quantize_per_tensor(torch.from_numpy(xu), 0.1, 128, torch.quint8)
    save("quant_u8", qu.int_repr().numpy().view(np.int8))
    save("quant_u8_deq", qu.dequantize().numpy())
    # cross-check of the per-tensor expectations with NumPy
    ref = np.clip(np.round(x.astype(F64) / 0.5) + 3, -128, 127)
    assert (ref == q.int_repr().numpy()).all()
    refu = np.clip(np.round(xu.astype(F64) / F64(F32(0.1))) + 128, 0, 255)
    assert (refu == qu.int_repr().numpy()).all()
    # per axis 1, narrow range [-127, 127], power-of-two scales (exact division)
    scales = f32([0.5, 0.25, 2.0])
    zps = np.array([1, -2, 0])
    xa = rng.uniform(-40, 40, (4, 3)).astype(F32)
    xa[0] = [0.25, 0.125, 3.0]  # ties: 0.5, 0.5, 1.5
    xa[1] = [-70.0, 40.0, 300.0]  # saturate at -127 / 127
    qa = np.clip(np.round(xa.astype(F64) / scales) + zps, -127, 127)
    save("quant_ax_x", xa)
    save("quant_ax_i8", qa.astype(np.int8))
    save("quant_ax_deq", ((qa - zps) * scales).astype(F32))
    ia = rng.integers(-127, 128, (4, 3)).astype(np.int8)
    save("quant_ax_in", ia)
    save("quant_ax_in_deq", ((ia.astype(F64) - zps) * scales).astype(F32))


# ------------------------------------------------------------------ ml_program
def make_ml_program():
    x = f32([2.0, 4.0, -8.0])
    w = f32([1.5, -2.0, 0.25])
    save("mlp_x", x)
    save("mlp_main", x * w + w)


def main():
    make_func()
    make_arith()
    make_math()
    make_tensor()
    make_linalg()
    make_linalg_named()
    make_conv()
    make_pool()
    make_tosa()
    make_quant()
    make_ml_program()


if __name__ == "__main__":
    main()
