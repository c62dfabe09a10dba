"""Prints the qparams torchao's PerChannelMinMaxObserver (XNNPACK's weight
spec: int8 [-127, 127] per-channel symmetric, eps 2^-12) gives a weight of
make_arrays.py, in pt2e-report{format=qparams}'s line format, computed here
independently of pt2e-calibrate (Python's standard library only):

    python3 weight_qparams.py NAME SHAPE:SEED AXIS

scale_c = max(f32(max(-min(min_c, 0), max(max_c, 0)) / 127), 2^-12), each
step rounded to float32 (a float32 quotient computed in double and rounded
once is the float32 quotient), zero point 0.
"""
import struct
import sys

from make_arrays import array


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def main(argv):
    name, spec, axis = argv[1], argv[2], int(argv[3])
    shape, data = array(spec)
    inner = 1
    for d in shape[axis + 1:]:
        inner *= d
    scales = []
    for c in range(shape[axis]):
        vals = [f32(v) for i, v in enumerate(data) if (i // inner) % shape[axis] == c]
        a = max(-min(min(vals), 0.0), max(max(vals), 0.0))
        scales.append(max(f32(a / 127.0), 2.0 ** -12))
    hexes = ",".join("%08x" % struct.unpack("<I", struct.pack("<f", s))[0] for s in scales)
    print("%s scale=%s zero_point=%s" % (name, hexes, ",".join("0" for _ in scales)))


if __name__ == "__main__":
    main(sys.argv)
