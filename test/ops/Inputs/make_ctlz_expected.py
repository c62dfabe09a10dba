#!/usr/bin/env python3
"""Expected math.ctlz results for ctlz.mlir: the leading zero bits of each
value's two's-complement pattern, from int.bit_length (standard library)."""
import struct


def save(path, descr, fmt, width, vals):
    out = [width - (v & ((1 << width) - 1)).bit_length() for v in vals]
    h = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (descr, len(out))
    h += " " * (63 - (10 + len(h)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + struct.pack("<%d%s" % (len(out), fmt), *out))


save("ctlz_i8.npy", "|i1", "b", 8, [0, 1, 127, -1, 16])
save("ctlz_i32.npy", "<i4", "i", 32, [0, 1, 2, 255, 256, 2147483647, -1, -2147483648])
save("ctlz_i64.npy", "<i8", "q", 64, [0, 1, 1099511627776])
