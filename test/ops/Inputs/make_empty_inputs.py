"""Inputs of test/ops/empty-uninit.test (Python's standard library only):
w (64x48, float32, element i = i / 8), junk = w + 7 and an all-zero array,
the results the empties that are read must give; and of
test/ops/in-place.test: sq (64x64), every element distinct, of mixed signs
and exponents."""
import struct
import sys


def npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape))
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


if __name__ == "__main__":
    n = 64 * 48
    w = [i / 8.0 for i in range(n)]  # exact in float32, and w + 7 too
    npy(sys.argv[1] + "/w.npy", (64, 48), w)
    npy(sys.argv[1] + "/junk.npy", (64, 48), [v + 7.0 for v in w])
    npy(sys.argv[1] + "/zeros.npy", (64, 48), [0.0] * n)
    npy(sys.argv[1] + "/sq.npy", (64, 64),
        [(i % 7 - 3) * 2.0 ** (i % 11 - 5) + i / 4096.0 for i in range(64 * 64)])
