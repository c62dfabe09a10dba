#!/usr/bin/env python3
"""Writes softmax_x.npy and the expected softmax_d0/d1/d2.npy for
softmax.test, with the Python standard library only (no NumPy, no torch).

The expectation follows the interpreter's documented order
(passes/interp/op_linalg_softmax.c), each operation rounded to float32:
m = max_k x[k]; e_k = exp(x[k] - m); s = e_0 + ... + e_n-1 in increasing k;
y_k = e_k / s. exp is computed in float64 and rounded once, so it may
differ from the C library's expf in the last bit (the test allows 1e-7).
The input holds large values (1000, 1001: exp would overflow without the
subtracted maximum), -inf (exp gives 0) and equal values.
"""
import math
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPE = (2, 3, 4)


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def save(name, values):
    dims = ", ".join(str(d) for d in SHAPE)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    header = header.ljust(128 - 10 - 1) + "\n"
    with open(os.path.join(HERE, name + ".npy"), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%df" % len(values), *values))


def index(i, j, k):
    return (i * SHAPE[1] + j) * SHAPE[2] + k


def softmax_line(xs):
    m = -math.inf
    for v in xs:
        m = max(m, v)
    es = [f32(math.exp(f32(v - m))) for v in xs]
    s = f32(0.0)
    for e in es:
        s = f32(s + e)
    return [f32(e / s) for e in es]


def softmax(x, dim):
    y = [0.0] * len(x)
    ranges = [range(n) for n in SHAPE]
    ranges[dim] = range(1)
    for i in ranges[0]:
        for j in ranges[1]:
            for k in ranges[2]:
                line = []
                for t in range(SHAPE[dim]):
                    at = [i, j, k]
                    at[dim] = t
                    line.append(index(*at))
                for pos, v in zip(line, softmax_line([x[p] for p in line])):
                    y[pos] = v
    return y


def main():
    x = [f32(0.25 * ((7 * n) % 13) - 1.5) for n in range(24)]
    x[index(0, 0, 0)] = 1000.0
    x[index(0, 0, 1)] = 1001.0
    x[index(1, 2, 3)] = -math.inf
    x[index(1, 1, 0)] = x[index(1, 1, 1)] = 2.0
    save("softmax_x", x)
    for dim in range(3):
        save("softmax_d%d" % dim, softmax(x, dim))


if __name__ == "__main__":
    main()
