#!/usr/bin/env python3
"""Writes a seeded random float32 .npy (uniform in [-2, 2)), standard library only.

    python3 random_npy.py 1x3x32x32 OUT.npy [--seed N]
"""
import argparse
import array
import math
import random
import sys


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("shape")
    p.add_argument("output")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    shape = [int(d) for d in a.shape.split("x")]
    rng = random.Random(a.seed)
    data = array.array("f", [4.0 * rng.random() - 2.0 for _ in range(math.prod(shape))])
    if sys.byteorder != "little":
        data.byteswap()
    # NumPy's own spelling of the shape, '(1, 3)' or '(5,)': IREE's reader
    # takes no other.
    dims = ", ".join("%d" % d for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"  # the total a multiple of 64
    with open(a.output, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin1"))
        f.write(data.tobytes())


if __name__ == "__main__":
    main()
