"""Inputs of test/ops/reduce-rows.test: float32 arrays as .npy (Python's
standard library only). x has a wide spread of exponents, so that a sum in
another order would show in the bits, and in some rows NaN, -0 and +0,
-inf, and maxima that tie (the argmax keeps the first)."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy, values  # noqa: E402


if __name__ == "__main__":
    shape = (3, 5, 37, 129)
    row = shape[3]
    x = values(3 * 5 * 37 * 129, 11, exponents=17)
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
