"""Text form of the weight goldens, for lit tests that have no Python.

For each test/llm/Inputs/<model>.<config>.weights.npz that make_goldens.py
wrote, writes <model>.<config>.weights.txt: one line per quantized linear,
'qdata <HEX>' (torchao's int values as the bytes of int8, upper-case hex:
how MLIR prints an integer constant built from bytes, an i4 element in a
byte of its own) and 'scale <s, s, ...>' (float32, %.9g: how pt2e-report's
JSON writes one), each kind sorted, so a test compares multisets without
a map from torchao's module names to our observers. For int4 weight-only
(tinygemm: uint 0..15 and a float zero point per group) 'qdata' holds
q - 8 (pt2e-convert's i4) and 'zero <z, z, ...>' lines (%.9g) follow: the
float zero points pt2e-report writes as observer_params.zero_point_float.
PLAIN's (int4_plain.py) are q - 8 already.

Run: .venv/bin/python tools/oracle/llm/weights_text.py [DIR [NAME ...]]
(default test/llm/Inputs and the goldens test/llm/llama.test reads: the
tiny Llama's 8da4w groups 32 and 128, int8 weight-only, and int4
weight-only groups 32 and 128)
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "test/llm/Inputs")
    write(folder, sys.argv[2:] or ["llama.8da4w-g32", "llama.8da4w-g128", "llama.int8wo",
                                   "llama.int4wo-g32", "llama.int4wo-g128"])


def write(folder, names):
    for path in [os.path.join(folder, n + ".weights.npz") for n in names]:
        z = np.load(path)
        mods = sorted({k.rsplit(".", 1)[0] for k in z.files if k.endswith(".qdata")})
        base = os.path.basename(path)
        tinygemm = ".int4wo-" in base          # both int4 formulas have float zeros
        shift = 0 if ".int4wo-plain-" in base or not tinygemm else 8  # PLAIN stores q - 8
        qd = sorted("qdata " + (z[m + ".qdata"].astype(np.int16) - shift)
                    .astype(np.int8).tobytes().hex().upper() for m in mods)
        sc = sorted("scale " + ", ".join("%.9g" % v for v in
                                         z[m + ".scale"].astype(np.float32).ravel())
                    for m in mods)
        zp = sorted("zero " + ", ".join("%.9g" % v for v in
                                        z[m + ".zero_point"].astype(np.float32).ravel())
                    for m in mods) if tinygemm else []
        with open(path[:-len(".npz")] + ".txt", "w") as f:
            f.write("\n".join(qd + sc + zp) + "\n")


if __name__ == "__main__":
    main()
