"""Inputs and expected outputs of test/ops/broadcast-operand.test (Python's
standard library only). A float32 add, sub or mul of two float32 values is
their double result rounded once to float32 (53 >= 2 * 24 + 2 bits)."""
import struct
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy, values  # noqa: E402

f32 = lambda v: struct.unpack("<f", struct.pack("<f", v))[0]
out = sys.argv[1]
x, b = [f32(v) for v in values(5 * 16, 11)], [f32(v) for v in values(16, 12)]
y, c = [f32(v) for v in values(2 * 3 * 7, 13)], [f32(v) for v in values(3, 14)]
npy(out + "/x.npy", (5, 16), x)
npy(out + "/b.npy", (16,), b)
npy(out + "/y.npy", (2, 3, 7), y)
npy(out + "/c.npy", (3,), c)
chan = [(i // 7) % 3 for i in range(2 * 3 * 7)]
npy(out + "/sum.npy", (5, 16), [f32(x[i] + b[i % 16]) for i in range(5 * 16)])
npy(out + "/prod.npy", (2, 3, 7), [f32(y[i] * c[chan[i]]) for i in range(2 * 3 * 7)])
npy(out + "/diff.npy", (2, 3, 7), [f32(y[i] - c[chan[i]]) for i in range(2 * 3 * 7)])
npy(out + "/cb2.npy", (2, 3, 7), [c[chan[i]] for i in range(2 * 3 * 7)])
