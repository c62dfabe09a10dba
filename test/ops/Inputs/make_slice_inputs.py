"""Inputs of test/ops/slice-runs.test: x (3x5x7x9) and u (3x1x7x9), float32
.npy files whose every element is distinct (its own index), so that a
misplaced copy shows (Python's standard library only)."""
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
    npy(sys.argv[1] + "/x.npy", (3, 5, 7, 9), [float(i) for i in range(3 * 5 * 7 * 9)])
    npy(sys.argv[1] + "/u.npy", (3, 1, 7, 9), [-1.0 - i for i in range(3 * 7 * 9)])
