"""Writes float32 arrays as .npy or .npz (numpy.save / numpy.savez format)
with Python's standard library only, for test/convert's end-to-end tests.

    python3 make_arrays.py OUT.npy SHAPE:SEED
    python3 make_arrays.py OUT.npz NAME=SHAPE:SEED[xB] ...

SHAPE is comma-separated ("4,16"). Values come from a fixed xorshift
stream of seed SEED, uniform in [-1, 1) (weights, biases, inputs alike).
"xB" repeats the same array B times along a new leading dim: a weight that
is a function argument gets the same values in every calibration batch,
while "NAME=B,4,16:SEED" gives B different batches.
"""
import struct
import sys
import zipfile


def values(n, seed):
    s, out = (seed * 0x9E3779B97F4A7C15 + 1) & (2**64 - 1), []
    for _ in range(n):
        s ^= (s << 13) & (2**64 - 1)
        s ^= s >> 7
        s ^= (s << 17) & (2**64 - 1)
        out.append((s >> 40) / float(1 << 23) - 1.0)
    return out


def npy(shape, data):
    text = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        "%d," % shape[0] if len(shape) == 1 else ", ".join(str(d) for d in shape))
    text += " " * (64 - (10 + len(text) + 1) % 64) + "\n"
    return (b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode() +
            struct.pack("<%df" % len(data), *data))


def array(spec):
    """SHAPE:SEED[xB] -> (shape, values)."""
    shape, rest = spec.split(":")
    seed, _, repeat = rest.partition("x")
    shape = [int(d) for d in shape.split(",")]
    n = 1
    for d in shape:
        n *= d
    data = values(n, int(seed))
    if repeat:
        shape, data = [int(repeat)] + shape, data * int(repeat)
    return shape, data


def main(argv):
    out = argv[1]
    if out.endswith(".npy"):
        with open(out, "wb") as f:
            f.write(npy(*array(argv[2])))
        return
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for item in argv[2:]:
            name, spec = item.split("=")
            z.writestr(name + ".npy", npy(*array(spec)))


if __name__ == "__main__":
    main(sys.argv)
