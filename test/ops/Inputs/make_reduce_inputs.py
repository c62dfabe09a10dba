"""Inputs of test/ops/reduce-rows.test: float32 arrays as .npy (Python's
standard library only). x has a wide spread of exponents, so that a sum in
another order would show in the bits, and in some rows NaN, -0 and +0,
-inf, and maxima that tie (the argmax keeps the first)."""
import struct
import sys


def npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape) if len(shape) != 1 else "%d," % shape[0])
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def values(n, seed):
    s, out = seed * 0x9E3779B97F4A7C15 + 1, []
    for _ in range(n):
        s ^= (s << 13) & (2**64 - 1)
        s ^= s >> 7
        s ^= (s << 17) & (2**64 - 1)
        u = (s >> 40) / float(1 << 24) - 0.5
        out.append(u * 2.0 ** ((s % 17) - 8))
    return out


if __name__ == "__main__":
    shape = (3, 5, 37, 129)
    row = shape[3]
    x = values(3 * 5 * 37 * 129, 11)
    nan, inf = float("nan"), float("inf")
    # row 0: a NaN in the middle; row 1: all -0 then a +0; row 2: ties of
    # the maximum; row 3: all -inf; row 4: NaN first; row 5: -0 and +0 mixed
    x[0 * row + 60] = nan
    for k in range(row):
        x[1 * row + k] = -0.0
    x[1 * row + 100] = 0.0
    for k in (5, 17, 90):
        x[2 * row + k] = 1.0e30
    for k in range(row):
        x[3 * row + k] = -inf
    x[4 * row + 0] = nan
    for k in range(row):
        x[5 * row + k] = 0.0 if k % 3 == 0 else -0.0
    npy(sys.argv[1] + "/x.npy", shape, x)
