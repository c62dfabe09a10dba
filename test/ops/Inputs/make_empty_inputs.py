"""Inputs of test/ops/empty-uninit.test (Python's standard library only):
w (64x48, float32, element i = i / 8), junk = w + 7 and an all-zero array,
the results the empties that are read must give; and of
test/ops/in-place.test: sq (64x64), every element distinct, of mixed signs
and exponents."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy  # noqa: E402


if __name__ == "__main__":
    n = 64 * 48
    w = [i / 8.0 for i in range(n)]  # exact in float32, and w + 7 too
    npy(sys.argv[1] + "/w.npy", (64, 48), w)
    npy(sys.argv[1] + "/junk.npy", (64, 48), [v + 7.0 for v in w])
    npy(sys.argv[1] + "/zeros.npy", (64, 48), [0.0] * n)
    npy(sys.argv[1] + "/sq.npy", (64, 64),
        [(i % 7 - 3) * 2.0 ** (i % 11 - 5) + i / 4096.0 for i in range(64 * 64)])
