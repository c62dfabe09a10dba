"""Inputs of test/ops/pad-read-through.test (Python's standard library only):
the arguments of @fused / @twice in pad_read_through.mlir, in order, as
a00.npy, a01.npy, ..., and those of @fallback in pad_fallback.mlir as
f0.npy, f1.npy, f2.npy."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy, values  # noqa: E402

FUSED = [(2, 3, 9, 11), (4, 3, 3, 3), (2, 3, 9, 11), (4, 3, 3, 3), (1, 2, 50, 50), (3, 2, 3, 3),
         (2, 3, 9, 11), (4, 3, 1, 1), (2, 3, 9, 11), (4, 3, 7, 7), (2, 3, 9, 11), (2, 3, 9, 11),
         (2, 3, 9, 11), (3, 3, 3), (2, 3, 9, 11), (3, 3, 3), (2, 9, 11, 3), (3, 3, 3, 4),
         (2, 9, 11, 3), (4, 3, 3, 3), (2, 9, 11, 3), (3, 3, 3), (2, 9, 11, 3),
         (1, 2, 112, 112), (2, 3, 3), (1, 2, 20, 1000)]
FALLBACK = [(2, 3, 9, 11), (4, 4, 3, 3), (4, 3, 3, 3)]


def count(shape):
    n = 1
    for s in shape:
        n *= s
    return n


out = sys.argv[1]
for i, shape in enumerate(FUSED):
    npy("%s/a%02d.npy" % (out, i), shape, values(count(shape), 40 + i))
for i, shape in enumerate(FALLBACK):
    npy("%s/f%d.npy" % (out, i), shape, values(count(shape), 70 + i))

