"""Writes the tiny float32 .npy files of test/run/compare.test with the
Python standard library (struct), byte for byte as numpy.save would:

    python3 test/run/Inputs/make_compare_inputs.py
"""
import os
import struct

here = os.path.dirname(os.path.abspath(__file__))


def save(name, values):
    text = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % (
        len(values))
    text += " " * (21 - len(str(len(values))))  # numpy's growth room
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    with open(os.path.join(here, name), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)))
        f.write(text.encode())
        f.write(struct.pack("<%df" % len(values), *values))


inf, nan = float("inf"), float("nan")
save("zeros3.npy", [0.0, 0.0, 0.0])
save("ones3.npy", [1.0, 1.0, 2.0])
save("nan3.npy", [1.0, nan, 2.0])
save("inf3.npy", [inf, 1.0, 2.0])
