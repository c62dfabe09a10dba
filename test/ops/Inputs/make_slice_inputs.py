"""Inputs of test/ops/slice-runs.test: x (3x5x7x9) and u (3x1x7x9), float32
.npy files whose every element is distinct (its own index), so that a
misplaced copy shows (Python's standard library only)."""
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from make_parallel_inputs import npy  # noqa: E402


if __name__ == "__main__":
    npy(sys.argv[1] + "/x.npy", (3, 5, 7, 9), [float(i) for i in range(3 * 5 * 7 * 9)])
    npy(sys.argv[1] + "/u.npy", (3, 1, 7, 9), [-1.0 - i for i in range(3 * 7 * 9)])
