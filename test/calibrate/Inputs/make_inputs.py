"""Writes the small .npz/.npy fixtures of test/calibrate and test/run.

Run with any NumPy (made with the one of the oracle venv, .venv):
    python3 test/calibrate/Inputs/make_inputs.py
The expected values in the tests do not come from these files' contents
except where a test says so (run/relu.test's expected output is computed
here with NumPy, independently of the interpreter).
"""
import os
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
run = os.path.join(here, "..", "..", "run", "Inputs")
rng = np.random.default_rng(0)

# conv_relu calibration data: 4 batches of 1x3x8x8, and the same split 2 + 2
x = rng.standard_normal((4, 1, 3, 8, 8)).astype(np.float32)
np.savez(os.path.join(here, "batches4.npz"), arg0=x)
np.savez_compressed(os.path.join(here, "batches_first2.npz"), arg0=x[:2])
np.savez(os.path.join(here, "batches_last2.npz"), arg0=x[2:])
np.save(os.path.join(here, "batches4.npy"), x)
# wrong shape, wrong dtype, wrong name, NaN
np.savez(os.path.join(here, "wrong_shape.npz"), arg0=x[:, :, :2])
np.savez(os.path.join(here, "wrong_dtype.npz"), arg0=x.astype(np.float64))
np.savez(os.path.join(here, "wrong_name.npz"), input=x)
nan = x.copy()
nan[1, 0, 0, 0, 0] = np.nan
np.savez(os.path.join(here, "with_nan.npz"), arg0=nan)
with open(os.path.join(here, "batches4.npz"), "rb") as f:
    data = f.read()
with open(os.path.join(here, "truncated.npz"), "wb") as f:
    f.write(data[: len(data) // 2])

# pt2e-run: relu(x * 2 + 1) on a 2x3 input, expected computed by NumPy
os.makedirs(run, exist_ok=True)
a = np.array([[-2.0, -0.5, 0.0], [0.25, 1.5, -1.0]], dtype=np.float32)
np.save(os.path.join(run, "a.npy"), a)
np.save(os.path.join(run, "relu_expected.npy"),
        np.maximum(a * np.float32(2) + np.float32(1), np.float32(0)))

# token ids for the progress line's unit (progress.test): 3 batches of 2x5
ids = np.arange(30, dtype=np.int64).reshape(3, 2, 5) % 7
np.savez(os.path.join(here, "token_ids.npz"), arg0=ids)
