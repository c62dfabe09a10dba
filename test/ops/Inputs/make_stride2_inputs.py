"""Inputs of test/ops/conv-stride2.test (Python's standard library only):
the arguments of @strided in conv_stride2.mlir, in order, as s00.npy, ..."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy, values  # noqa: E402

SHAPES = [(1, 2, 9, 75), (3, 2, 3, 3), (2, 3, 33, 33), (4, 3, 7, 7), (1, 1, 5, 65), (2, 1, 3, 3),
          (1, 2, 4, 17), (3, 2, 1, 1), (4, 2, 8, 8), (3, 2, 3, 3), (1, 2, 10, 40), (3, 2, 3, 3)]

out = sys.argv[1]
for i, shape in enumerate(SHAPES):
    n = 1
    for s in shape:
        n *= s
    npy("%s/s%02d.npy" % (out, i), shape, values(n, 90 + i))
