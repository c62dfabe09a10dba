"""Inputs of test/ops/parallel.test: float32 arrays as .npy, from a fixed
xorshift generator (Python's standard library only), with a wide spread of
exponents so that any change of operation order would show in the bits."""
import struct
import sys


def npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape) if len(shape) != 1 else "%d," % shape[0])
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def values(n, seed, exponents=9):
    """n values in [-0.5, 0.5) times 2^e, e in -(exponents // 2) ..
    exponents - 1 - exponents // 2 (default 2^-4 .. 2^4)."""
    s, out = seed * 0x9E3779B97F4A7C15 + 1, []
    for _ in range(n):
        s ^= (s << 13) & (2**64 - 1)
        s ^= s >> 7
        s ^= (s << 17) & (2**64 - 1)
        u = (s >> 40) / float(1 << 24) - 0.5
        out.append(u * 2.0 ** ((s % exponents) - exponents // 2))
    return out


if __name__ == "__main__":
    out = sys.argv[1]
    npy(out + "/x.npy", (2, 3, 67, 129), values(2 * 3 * 67 * 129, 1))
    npy(out + "/c.npy", (3,), values(3, 2))
    npy(out + "/v.npy", (100003,), values(100003, 3))
    # batch_matmul with a B broadcast over the batch (test/ops/batch-matmul-shared.test)
    a, w = values(4 * 3 * 6, 4), values(6 * 5, 5)
    npy(out + "/a.npy", (4, 3, 6), a)
    npy(out + "/w.npy", (6, 5), w)
    npy(out + "/wb.npy", (4, 6, 5), w * 4)
