"""Writes a large, highly compressible .npz or .npy of zeros for the limit
tests (test/calibrate/data-limits.test), with the Python standard library
only (zipfile, zlib, struct): no NumPy at test time.

    python3 make_big_npz.py OUT.npz NAME SHAPE [DESCR]
    python3 make_big_npz.py OUT.npy SHAPE [DESCR] [--short]

SHAPE is comma-separated ("1000000,1,3,8,8"); DESCR defaults to '<f4'.
The .npz entry NAME.npy is deflated (as numpy.savez_compressed) and written
in 1 MiB pieces, so a 600 MB array costs this script a few MB. A .npy gets
its whole payload, or with --short only 64 bytes of it: a file that
declares more than it holds, which the reader must notice before it
allocates.
"""
import struct
import sys
import zipfile

PIECE = 1 << 20


def header(shape, descr):
    """The .npy header numpy.save writes (format 1.0, padded to 64)."""
    text = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, "".join("%d," % d for d in shape) if len(shape) == 1
        else ", ".join(str(d) for d in shape))
    pad = 64 - (10 + len(text) + 1) % 64
    text += " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode()


def payload_bytes(shape, descr):
    n = int(descr[2:])
    for d in shape:
        n *= d
    return n


def write_npz(path, name, shape, descr):
    hdr = header(shape, descr)
    left = payload_bytes(shape, descr)
    zero = bytes(PIECE)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        with z.open(name + ".npy", "w", force_zip64=True) as f:
            f.write(hdr)
            while left > 0:
                k = min(left, PIECE)
                f.write(zero[:k])
                left -= k


def write_npy(path, shape, descr, short):
    left = 64 if short else payload_bytes(shape, descr)
    zero = bytes(PIECE)
    with open(path, "wb") as f:
        f.write(header(shape, descr))
        while left > 0:
            k = min(left, PIECE)
            f.write(zero[:k])
            left -= k


def main(argv):
    short = "--short" in argv
    argv = [a for a in argv if a != "--short"]
    out = argv[1]
    if out.endswith(".npz"):
        name, shape, rest = argv[2], argv[3], argv[4:]
    else:
        name, shape, rest = None, argv[2], argv[3:]
    shape = [int(d) for d in shape.split(",") if d]
    descr = rest[0] if rest else "<f4"
    if name is None:
        write_npy(out, shape, descr, short)
    else:
        write_npz(out, name, shape, descr)


if __name__ == "__main__":
    main(sys.argv)
