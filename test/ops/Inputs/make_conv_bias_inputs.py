"""Inputs of test/ops/conv-bias.test and test/ops/fill-init.test (Python's
standard library only)."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy, values  # noqa: E402

out = sys.argv[1]
for name, shape, seed in [("x", (3, 4, 10, 10), 21), ("w", (5, 4, 3, 3), 22), ("b", (5,), 23),
                          ("y", (1, 3, 50, 50), 24), ("v", (6, 3, 3, 3), 25), ("c", (6,), 26),
                          ("u", (7, 4, 1, 1), 27), ("d", (7,), 28),
                          # fill-init.test
                          ("fa", (37, 21), 31), ("fb", (21, 45), 32), ("fx", (3, 6, 9, 10), 33),
                          ("fw", (2, 3, 10, 4), 34), ("fv", (5, 6, 3, 3), 35)]:
    n = 1
    for s in shape:
        n *= s
    npy("%s/%s.npy" % (out, name), shape, values(n, seed))
