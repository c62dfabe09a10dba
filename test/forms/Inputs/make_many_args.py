"""Inputs of test/forms/many-args.test (Python's standard library only):
a function of N arguments (a JAX-lowered ResNet has 78) that sums them, its
arguments as one .npz (arg0 .. argN-1, as numpy.savez writes them), the
expected sum as .npy, and two bad archives: one without arg5, one whose
arg5 has the wrong shape.

usage: make_many_args.py N OUTDIR"""
import struct
import sys
import zipfile


def npy_bytes(shape, values):
    """A float32 .npy (format 1.0) of 'shape' holding 'values'."""
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    return (b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
            header.encode("latin1") + struct.pack("<%df" % len(values), *values))


def write_npz(path, arrays):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, data in arrays:
            z.writestr(name + ".npy", data)


if __name__ == "__main__":
    n, out = int(sys.argv[1]), sys.argv[2]
    args = ", ".join("%%a%d: tensor<2xf32>" % i for i in range(n))
    lines = ["func.func @forward(%s) -> tensor<2xf32> {" % args]
    acc = "%a0"
    for i in range(1, n):
        lines.append("  %%s%d = arith.addf %s, %%a%d : tensor<2xf32>" % (i, acc, i))
        acc = "%%s%d" % i
    lines += ["  return %s : tensor<2xf32>" % acc, "}"]
    with open(out + "/many.mlir", "w") as f:
        f.write("\n".join(lines) + "\n")
    good = [("arg%d" % i, npy_bytes((2,), [i, 2 * i])) for i in range(n)]
    write_npz(out + "/args.npz", good)
    total = sum(range(n))
    with open(out + "/expected.npy", "wb") as f:
        f.write(npy_bytes((2,), [total, 2 * total]))
    write_npz(out + "/missing.npz", [a for a in good if a[0] != "arg5"])
    write_npz(out + "/shape.npz", [a if a[0] != "arg5" else
                                   ("arg5", npy_bytes((3,), [0, 0, 0]))
                                   for a in good])
