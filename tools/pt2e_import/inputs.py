"""--input SHAPE[:DTYPE]: one per argument of the model's forward, e.g.
1x3x224x224 (float32 unless said) or 1x16:i64 (token ids)."""
import re

import numpy as np
import torch

from .errors import UsageError

DTYPES = {
    "f32": (torch.float32, np.float32), "f16": (torch.float16, np.float16),
    "bf16": (torch.bfloat16, None),
    "i64": (torch.int64, np.int64), "i32": (torch.int32, np.int32),
    "i8": (torch.int8, np.int8), "u8": (torch.uint8, np.uint8), "bool": (torch.bool, np.bool_),
}
NUMPY_NAMES = {np.dtype(n): k for k, (_, n) in DTYPES.items() if n is not None}


class InputSpec:
    """One argument: its name (for messages and dict batches), shape, dtype."""

    def __init__(self, name, shape, dtype):
        self.name = name
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype  # a key of DTYPES

    @property
    def torch_dtype(self):
        return DTYPES[self.dtype][0]

    @property
    def numpy_dtype(self):
        return DTYPES[self.dtype][1]

    def text(self):
        return "%s %s:%s" % (self.name, "x".join(str(d) for d in self.shape) or "scalar", self.dtype)


def parse(spec, name):
    m = re.fullmatch(r"(\d+(?:x\d+)*)(?::(\w+))?", spec.strip())
    if not m:
        raise UsageError("--input %r: expected SHAPE[:DTYPE] such as 1x3x224x224 or 1x16:i64" % spec)
    dtype = m.group(2) or "f32"
    if dtype not in DTYPES or DTYPES[dtype][1] is None:
        raise UsageError("--input %r: dtype %s is not one of %s" % (
            spec, dtype, ", ".join(k for k, v in DTYPES.items() if v[1] is not None)))
    shape = [int(d) for d in m.group(1).split("x")]
    if any(d == 0 for d in shape):
        raise UsageError("--input %r: a dimension of 0" % spec)
    return InputSpec(name, shape, dtype)


def dtype_name(np_dtype):
    return NUMPY_NAMES.get(np.dtype(np_dtype), str(np_dtype))
